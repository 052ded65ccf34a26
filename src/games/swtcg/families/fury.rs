//! Fury (seed 002 §Ancient Seers: Fury): the first natural 4 of the initial roll, before
//! any re-roll, rolls X additional attack dice, once; Fury gained after the roll is too
//! late. Fury's dice are pinned by `dice.fury`.

use super::super::cite::{seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::state::{Keyword, Pool, State};
use super::roll::roll_die;
use crate::rules::Rule;

pub const MEANS: Citation = seed(
    "Fury",
    "When you roll at least one natural four with this unit's attack dice before re-roll, roll X additional attack dice.",
);
pub const FIRST: Citation = seed("Fury", "Only the first natural \"4\" counts.");
pub const AFTER_REROLL: Citation = seed("Fury", "A four rolled after re-roll doesn't matter.");
pub const LATE: Citation = seed(
    "Fury",
    "If your unit gets the Fury ability after you roll attack dice, it's too late to roll additional attack dice.",
);
pub const ACCURACY: Citation = seed(
    "Fury",
    "Accuracy can't increase the die roll to a natural \"4.\"",
);

pub const ALL: &[Citation] = &[MEANS, FIRST, AFTER_REROLL, LATE, ACCURACY];

/// Fury's X: its instances' values add (cumulative), counting only those gained before
/// the roll.
pub fn x(st: &State) -> u32 {
    st.attacker().x(Keyword::Fury)
}

/// Whether the initial roll holds a natural 4 (Accuracy never makes one).
pub fn triggered(st: &State) -> bool {
    st.dice
        .iter()
        .any(|d| d.pool == Pool::Attack && d.face == 4)
}

/// After the initial roll: Fury's additional dice, once.
pub fn after_initial_roll(st: &mut State, out: &mut Vec<Event>) {
    let a = st.attacker;
    if st.units[a].has_late(Keyword::Fury) {
        let change = Change::TooLate {
            unit: st.units[a].id.clone(),
            ability: "Fury".into(),
        };
        emit(st, out, change, &LATE);
    }
    let x = x(st);
    if x == 0 {
        return;
    }
    let fired = triggered(st);
    let change = Change::Fury {
        unit: st.units[a].id.clone(),
        x,
        triggered: fired,
    };
    let accuracy = !st.units[a].all_instances(Keyword::Accuracy).is_empty();
    let cite = if fired {
        Rule::from(&MEANS).house(&FIRST)
    } else if accuracy {
        Rule::from(&MEANS).house(&ACCURACY)
    } else {
        Rule::from(&MEANS)
    };
    emit(st, out, change, cite);
    if !fired {
        return;
    }
    let first = st.dice.len();
    for i in 0..x as usize {
        let pin = st.pins.fury.get(i).copied().flatten();
        let change = roll_die(st, Pool::Fury, first + i, false, pin);
        emit(st, out, change, &MEANS);
    }
}
