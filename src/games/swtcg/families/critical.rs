//! Critical Hit (seed 002 §Ancient Seers: Critical Hit): in the pending damage POP, one
//! natural 6 in the roll used for the attack (after re-rolls) adds X damage; its X
//! values add (cumulative); gained after the roll it is too late.

use super::super::cite::{seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::state::{Keyword, State};
use crate::rules::Rule;

pub const MEANS: Citation = seed(
    "Critical Hit",
    "If you rolled at least one natural six with this unit's attack dice, this unit does X more damage for this attack.",
);
pub const ONE_SIX: Citation = seed(
    "Critical Hit",
    "Only one natural \"6\" counts in the attack roll after re-rolls.",
);
pub const LATE: Citation = seed(
    "Critical Hit",
    "If a unit gets the Critical Hit ability after you roll attack dice, it's too late to affect the damage.",
);
pub const ACCURACY: Citation = seed(
    "Critical Hit",
    "Accuracy can't increase the die roll to a natural \"6\".",
);
pub const ROLL_USED: Citation = seed(
    "Critical Hit",
    "(You only count the six, if any, from the roll used for the attack.)",
);

pub const REROLL: Citation = seed(
    "Critical Hit",
    "However, you or your opponent may use an effect to re-roll dice to affect the number of natural sixes.",
);

pub const ALL: &[Citation] = &[MEANS, ONE_SIX, LATE, ACCURACY, ROLL_USED, REROLL];

/// Critical Hit in the pending damage POP.
pub fn pending(st: &mut State, out: &mut Vec<Event>) {
    let a = st.attacker;
    if st.units[a].has_late(Keyword::CriticalHit) {
        let change = Change::TooLate {
            unit: st.units[a].id.clone(),
            ability: "Critical Hit".into(),
        };
        emit(st, out, change, &LATE);
    }
    let x = st.units[a].x(Keyword::CriticalHit);
    if x == 0 {
        return;
    }
    let six = st.summary.is_some_and(|s| s.six);
    let rerolled = st.dice.iter().any(|d| d.rerolls > 0);
    let change = Change::CriticalHit {
        unit: st.units[a].id.clone(),
        x,
        applies: six,
    };
    let cite = if rerolled {
        Rule::from(&REROLL).house(&ROLL_USED)
    } else if six {
        Rule::from(&MEANS).house(&ONE_SIX)
    } else if !st.units[a].all_instances(Keyword::Accuracy).is_empty() {
        Rule::from(&MEANS).house(&ACCURACY)
    } else {
        Rule::from(&MEANS)
    };
    // Critical Hit's X joins the hits' one instance of damage (house rule S16).
    let cite = if six {
        cite.also(&super::super::cite::rules::INSTANCES)
    } else {
        cite
    };
    emit(st, out, change, cite);
}
