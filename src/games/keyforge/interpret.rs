//! Interpretations: the places where seed 003 and today's published rules disagree, or
//! where the seed is silent, each declared once with its question, the sentence behind
//! it, both readings and its default (the published rule). Rule code asks
//! [`Interpretations`] and cites the reading it took; both readings are tested.

pub use crate::rules::interpret::{InterpretationInfo, Reading, Readings};

const DOC: &str = super::cite::RULES_DOC;

crate::interpretation!(
    /// Whether the attacker's Fight: abilities resolve after a fight that stopped early.
    FightStoppedEarly: "fight_stopped_early" in DOC => {
        question: "Do the attacker's Fight: abilities resolve when the fight stopped before the damage exchange (Before Fight:, Assault or Hazardous destroyed a creature) and the attacker is still in play?",
        rule: "Fight",
        sentence: "If a card is used to attack and the attacker is not destroyed, all “Fight:” abilities on the attacking creature then resolve.",
        Refused => "refused": "No (the published rule): they resolve only when the fight reached the damage exchange.",
        Resolve => "resolve": "Yes (the seed's words): the attacker was not destroyed, so they resolve although the fight stopped early.",
    }
);
crate::interpretation!(
    /// Whether the attacker's Fight: abilities resolve once it left play undestroyed.
    FightAttackerGone: "fight_attacker_gone" in DOC => {
        question: "Do the attacker's Fight: abilities resolve when the attacker left play during the fight without being destroyed (returned to hand, archived)?",
        rule: "Fight",
        sentence: "If a card is used to attack and the attacker is not destroyed, all “Fight:” abilities on the attacking creature then resolve.",
        Refused => "refused": "No (the published rule): they resolve only if the attacker is still in play after the fight.",
        Resolve => "resolve": "Yes (the seed's words): the attacker was not destroyed, so they resolve from wherever it is.",
    }
);
crate::interpretation!(
    /// Whether a creature destroyed before the damage exchange was "destroyed fighting".
    DestroyedFighting: "destroyed_fighting" in DOC => {
        question: "Is a creature destroyed before the damage exchange (by Before Fight:, Assault or Hazardous) \"destroyed fighting\" the other creature, for a constant ability referencing the end of the fight?",
        rule: "Fight",
        sentence: "If either creature in a fight has a constant ability referencing the end of the fight (example: “after an enemy creature is destroyed fighting this creature…”), the creature must survive the fight to resolve the ability.",
        WholeFight => "whole_fight": "Yes (the published rule: Before Fight:, Assault and Hazardous are part of the fight): any creature destroyed from the fight's declaration to its end counts.",
        ExchangeOnly => "exchange_only": "No (the same end of the fight as `fight_stopped_early`'s default): only a creature destroyed by the damage exchange counts; a fight that stopped early destroyed nobody \"fighting\".",
    }
);
crate::interpretation!(
    /// Whether using an Omni: ability exhausts the card.
    OmniExhausts: "omni_exhausts" in DOC => {
        question: "Does using an Omni: ability exhaust the card (and so need it ready)?",
        rule: "Omni",
        sentence: "The active player may trigger any ”Omni:“ abilities under their control during any of their turns, even if the card with the ”Omni:“ ability does not belong to the active house.",
        Exhausts => "exhausts": "Yes (the published rule): using a card exhausts it, Omni: included; an exhausted card cannot use it.",
        Free => "free": "No (the seed is silent; unlike Action: it names no exhaust): the card stays as it is and may be exhausted already.",
    }
);
crate::interpretation!(
    /// Whether Action:, reap and fight are limited to the active house.
    ActiveHouse: "active_house" in DOC => {
        question: "May a card of another house than the active one be used to fight, to reap or for its Action: ability?",
        rule: "Omni",
        sentence: "The active player may trigger any ”Omni:“ abilities under their control during any of their turns, even if the card with the ”Omni:“ ability does not belong to the active house.",
        ActiveOnly => "active_only": "No (the published rule): only cards of the active house are used, except by an ability that says otherwise (Omni:, \"as if it belonged to the active house\").",
        AnyHouse => "any_house": "Yes (the seed limits them only by contrast with Omni, never in words): Action:, reap and fight take any house.",
    }
);
crate::interpretation!(
    /// Whether a card may be used when its ability would do nothing.
    FutileUse: "futile_use" in DOC => {
        question: "May a card be used for an Action: or Omni: ability that would change nothing (no creature to damage, no Æmber to take)?",
        rule: "Action",
        sentence: "To use an “Action:” ability during their turn, the active player must exhaust the card.",
        Allowed => "allowed": "Yes (the published rule): the card is used and exhausts; the ability resolves as far as it can, which is not at all.",
        Refused => "refused": "No: a use that can change nothing is rejected, and the card stays ready.",
    }
);

crate::interpretation_set!(
    /// The readings a position takes (`interpretations`); every field optional.
    Interpretations {
        fight_stopped_early: FightStoppedEarly,
        fight_attacker_gone: FightAttackerGone,
        destroyed_fighting: DestroyedFighting,
        omni_exhausts: OmniExhausts,
        active_house: ActiveHouse,
        futile_use: FutileUse,
    }
);

/// Every interpretation, for the docs and the rules page.
pub const INTERPRETATIONS: &[InterpretationInfo] = <Interpretations as Readings>::TABLE;
