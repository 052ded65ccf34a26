//! Foresight and Forewarning (seed 002 §Ancient Seers): a unit that attacks (Foresight)
//! or has been attacked (Forewarning: the declared defender and every interceptor) may
//! predict the number of hits; a correct prediction gains the effect. Each prediction is
//! a decision met at the end of the attack POP, before the roll (the attacker's first,
//! house rule S2), its options no prediction and every number of hits the roll can make
//! (its dice and Fury's); pinned by `decisions.predict`; the default policy is to pass
//! (no prediction), since the keyword says "may" (house rule S11). The hits are checked
//! once counted, after every re-roll, Lucky and Fury's dice; a unit makes one prediction,
//! and each of its Foresight or Forewarning instances (layered) gains its own effect
//! (house rule S15). A correct prediction whose effect is `Gain N Force` adds to its
//! side's Force (house rule S19) when the hits are counted, or when the attack ends
//! under the `prediction_force` reading `attack_ends`.

use super::super::cite::{rules, seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::interpret::PredictionForce;
use super::super::state::{gain_force, Keyword, State};
use crate::rules::{Decision, Rule};

pub const FORESIGHT: Citation = seed(
    "Foresight",
    "Whenever this unit attacks, you may predict the number of hits that will be rolled for that attack.",
);
pub const FORESIGHT_GAIN: Citation = seed("Foresight", "If you're correct, gain the [effect].");
pub const FOREWARNING: Citation = seed(
    "Forewarning",
    "Whenever this unit is attacked, you may predict the number of hits that will be rolled for that attack.",
);

pub const FOREWARNING_GAIN: Citation = seed("Forewarning", "If you're correct, gain the [effect].");

pub const FORESIGHT_FORCE: Citation = seed(
    "Foresight",
    "For example, a unit with \"Foresight: Gain 2 Force\" will give you 2 force if you guess the number of hits rolled correctly.",
);
pub const FOREWARNING_FORCE: Citation = seed(
    "Forewarning",
    "For example, a unit with \"Forewarning: Gain 2 Force\" will give you 2 Force if you guess the number of hits rolled correctly.",
);

pub const ALL: &[Citation] = &[
    FORESIGHT,
    FORESIGHT_GAIN,
    FOREWARNING,
    FOREWARNING_GAIN,
    FORESIGHT_FORCE,
    FOREWARNING_FORCE,
];

/// The default policy's name.
pub const POLICY: &str = "pass: no prediction";

/// The units that may predict, in order (the attacker with Foresight, then every unit
/// attacked with Forewarning), each with its keyword.
fn predictors(st: &State) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    if st.attacker().has(Keyword::Foresight) {
        out.push((st.attacker, "Foresight"));
    }
    // A unit attacking itself is attacked too (house rule S17); it still makes one
    // prediction (S15).
    for &u in &st.attacked {
        let predicts = u != st.attacker || !st.attacker().has(Keyword::Foresight);
        if predicts && st.units[u].has(Keyword::Forewarning) {
            out.push((u, "Forewarning"));
        }
    }
    out
}

/// Before the roll: each prediction, a decision.
pub fn predict(st: &mut State, out: &mut Vec<Event>) {
    let most = super::roll::dice_count(st) + super::fury::x(st);
    for (u, keyword) in predictors(st) {
        let pin = st
            .pins
            .predict
            .iter()
            .find(|(p, _)| *p == u)
            .map(|(_, n)| *n);
        let top = pin.map_or(most, |n| n.max(most));
        let mut options: Vec<Option<u32>> = vec![None];
        options.extend((0..=top).map(Some));
        let chosen = pin.map_or(0, |n| n as usize + 1);
        let decision = Decision {
            ordinal: st.decisions + 1,
            who: st.units[u].id.clone(),
            question: "how many hits it predicts",
            options,
            policy: POLICY,
            chosen,
            pinned: pin.is_some(),
        };
        let cite = if keyword == "Foresight" {
            Rule::from(&FORESIGHT)
        } else if st.attacked.first() == Some(&u) {
            Rule::from(&FOREWARNING)
        } else {
            Rule::from(&FOREWARNING).house(&super::intercept::ATTACKED)
        };
        let change = Change::Predict {
            unit: st.units[u].id.clone(),
            keyword,
            decision,
        };
        emit(st, out, change, cite.also(&rules::DECISIONS));
    }
}

/// Checks every prediction against the hits counted after every re-roll, Lucky and
/// Fury's dice; each Foresight or Forewarning instance (layered) gains its own effect
/// on the unit's one prediction (house rule S15).
pub fn check(st: &mut State, out: &mut Vec<Event>) {
    let hits = st.summary.map_or(0, |s| s.hits);
    let made = st.predicted.clone();
    for (u, predicted) in made {
        let unit = &st.units[u];
        let (keyword, cite, kw) = if u == st.attacker && unit.has(Keyword::Foresight) {
            let cite = if predicted == hits {
                Rule::from(&FORESIGHT).house(&FORESIGHT_GAIN)
            } else {
                Rule::from(&FORESIGHT)
            };
            ("Foresight", cite, Keyword::Foresight)
        } else if st.attacked.contains(&u) && unit.has(Keyword::Forewarning) {
            // The declared defender, or an interceptor, which "has been attacked".
            let cite = if predicted == hits {
                Rule::from(&FOREWARNING).house(&FOREWARNING_GAIN)
            } else if st.attacked.first() == Some(&u) {
                Rule::from(&FOREWARNING)
            } else {
                Rule::from(&FOREWARNING).house(&super::intercept::ATTACKED)
            };
            ("Forewarning", cite, Keyword::Forewarning)
        } else {
            continue;
        };
        let effects: Vec<String> = unit
            .instances(kw)
            .map(|a| a.param.clone().unwrap_or_else(|| "its effect".into()))
            .collect();
        let id = unit.id.clone();
        for effect in effects {
            let change = Change::Prediction {
                unit: id.clone(),
                keyword,
                predicted,
                hits,
                effect,
            };
            emit(st, out, change, cite.also(&rules::PREDICTIONS));
        }
    }
    if st.readings.prediction_force == PredictionForce::WhenCounted {
        gain(st, out);
    }
}

/// The Force each correct prediction gains, as `(unit, keyword, Force)`: one entry per
/// Foresight or Forewarning instance whose effect is `Gain N Force` (house rule S15).
fn gains(st: &State) -> Vec<(usize, &'static str, u32)> {
    let hits = st.summary.map_or(0, |s| s.hits);
    let mut out = Vec::new();
    for &(u, predicted) in &st.predicted {
        let unit = &st.units[u];
        let kw = if u == st.attacker && unit.has(Keyword::Foresight) {
            Keyword::Foresight
        } else if st.attacked.contains(&u) && unit.has(Keyword::Forewarning) {
            Keyword::Forewarning
        } else {
            continue;
        };
        if predicted != hits {
            continue;
        }
        let name = if kw == Keyword::Foresight {
            "Foresight"
        } else {
            "Forewarning"
        };
        for a in unit.instances(kw) {
            if let Some(n) = a.param.as_deref().and_then(gain_force) {
                out.push((u, name, n));
            }
        }
    }
    out
}

/// The Force correct predictions gain, added to their sides' Force: when the hits are
/// counted or when the attack ends, as the `prediction_force` reading says.
pub fn gain(st: &mut State, out: &mut Vec<Event>) {
    let reading = st.readings.prediction_force.reading();
    for (u, keyword, amount) in gains(st) {
        let change = Change::Gain {
            unit: st.units[u].id.clone(),
            side: st.units[u].side,
            keyword,
            amount,
            before: st.force_of(u),
        };
        let (said, example) = if keyword == "Foresight" {
            (&FORESIGHT_GAIN, &FORESIGHT_FORCE)
        } else {
            (&FOREWARNING_GAIN, &FOREWARNING_FORCE)
        };
        // The effect's sentence decides; the example says the effect is Force.
        let cite = Rule::from(said)
            .house(example)
            .also(&rules::FORCE)
            .reading(reading);
        emit(st, out, change, cite);
    }
}
