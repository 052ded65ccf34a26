//! Interpretations: the places where seed 002's words allow two readings, each declared
//! once with its question, the sentence behind it, both readings and its default (the
//! core's [`crate::rules::interpret`] makes the table and the switch). Rule code asks
//! [`Interpretations`] and cites the reading it took; both readings are tested.

pub use crate::rules::interpret::{InterpretationInfo, Reading, Readings};

const DOC: &str = super::cite::RULES_DOC;

crate::interpretation!(
    /// Fury's additional dice: whether their natural 1s and 6s count for Parry and
    /// Critical Hit.
    FuryDiceNaturals: "fury_dice_naturals" in DOC => {
        question: "Do the additional dice Fury rolls count toward Critical Hit's natural 6 and Parry's natural 1?",
        rule: "Fury",
        sentence: "When you roll at least one natural four with this unit's attack dice before re-roll, roll X additional attack dice.",
        Count => "count": "Yes: Fury rolls \"additional attack dice\", so they are part of the attack roll and their naturals count.",
        InitialOnly => "initial_only": "No: only the dice rolled for the unit's Power count for naturals; Fury's dice only add hits.",
    }
);
crate::interpretation!(
    /// Evade against damage a Deflect created: a new instance of damage, or the same
    /// attack.
    EvadeDeflected: "evade_deflected" in DOC => {
        question: "May a unit that used Evade against the attack use the same Evade again against damage deflected onto it?",
        rule: "Evade",
        sentence: "You can play Evade only once for each instance of damage.",
        NewInstance => "new_instance": "Yes: \"Deflect creates new damage\", a new instance, and Evade may be played once for each instance.",
        OncePerAttack => "once_per_attack": "No: each Evade instance is played at most once in the attack.",
    }
);

crate::interpretation!(
    /// When the Force a correct prediction gains (`Foresight: Gain 2 Force`) arrives.
    PredictionForce: "prediction_force" in DOC => {
        question: "Does the Force a correct Foresight or Forewarning gains (\"Gain 2 Force\") arrive in time to pay for an activation later in the same attack, such as a Deflect?",
        rule: "Foresight",
        sentence: "If you're correct, gain the [effect].",
        WhenCounted => "when_counted": "Yes: the prediction is correct as soon as the hits are counted, and the effect is gained then, before the damage prevention POP.",
        AttackEnds => "attack_ends": "No: the prediction is about the hits \"rolled for that attack\", so its effect is gained when the attack ends, too late to pay for anything in it.",
    }
);

crate::interpretation_set!(
    /// The readings a position takes (`interpretations`); every field optional.
    Interpretations {
        fury_dice_naturals: FuryDiceNaturals,
        evade_deflected: EvadeDeflected,
        prediction_force: PredictionForce,
    }
);

/// Every interpretation, for the docs and the rules page.
pub const INTERPRETATIONS: &[InterpretationInfo] = <Interpretations as Readings>::TABLE;
