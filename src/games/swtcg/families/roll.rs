//! Accuracy, Armor and Shields (seed 002 §Ancient Seers: Armor, Shields; Accuracy from
//! the published rules): how many attack dice are rolled and which faces hit. Also the
//! roll itself: every die a chance node with six equal faces, pinned by `dice.attack`.

use super::super::cite::{base, rules, seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::interpret::FuryDiceNaturals;
use super::super::state::{Keyword, Pool, State, Summary};
use crate::rules::chance::{take, Chance};
use crate::rules::Rule;

pub const ARMOR_MEANS: Citation =
    seed("Armor", "This unit can only be hit on a roll of 5 or more.");
pub const ARMOR_REDEFINES: Citation = seed(
    "Armor",
    "It redefines what die roll is required to hit a unit.",
);
pub const ARMOR_ACCURACY: Citation = seed(
    "Armor",
    "A unit with Accuracy 1 attacking a unit with Armor hits with 4's, 5's, and 6's.",
);
pub const SHIELDS_MEANS: Citation = seed(
    "Shields",
    "The attacking unit gets –X power against this unit.",
);
pub const SHIELDS_ROLL: Citation = seed(
    "Shields",
    "Shields only matters when attack dice are rolled.",
);
pub const SHIELDS_LATE: Citation = seed(
    "Shields",
    "If you give a unit Shields after your opponent has rolled for damage, it doesn't affect the roll.",
);

pub const ALL: &[Citation] = &[
    ARMOR_MEANS,
    ARMOR_REDEFINES,
    ARMOR_ACCURACY,
    SHIELDS_MEANS,
    SHIELDS_ROLL,
    SHIELDS_LATE,
];

/// The lowest face that hits the defender: 4, or 5 against Armor (isolated: one
/// instance counts), less the attacker's Accuracy (its X values add), never below 1.
pub fn need(st: &State) -> u8 {
    let base: i64 = if st.defender().all_instances(Keyword::Armor).is_empty() {
        4
    } else {
        5
    };
    let accuracy: i64 = st
        .attacker()
        .all_instances(Keyword::Accuracy)
        .iter()
        .map(|a| a.x as i64)
        .sum();
    (base - accuracy).clamp(1, 7) as u8
}

/// The defender's Shields that count against the roll (gained before it).
pub fn shields(st: &State) -> u32 {
    st.defender().x(Keyword::Shields)
}

/// The number of attack dice: the attacker's Power less the defender's Shields, at
/// least 0.
pub fn dice_count(st: &State) -> u32 {
    (st.attacker().power - shields(st) as i32).max(0) as u32
}

/// Rolls one die (a chance node), pinned by `pin`; the change records it.
pub fn roll_die(st: &mut State, pool: Pool, die: usize, reroll: bool, pin: Option<u8>) -> Change {
    let nth = if reroll {
        st.dice.get(die).map_or(0, |d| d.rerolls)
    } else {
        0
    };
    let taken = take(
        &mut st.rng,
        6,
        &[],
        pin.map(|f| usize::from(f.clamp(1, 6)) - 1),
    );
    let (picked, forced) = taken.map_or((0, false), |t| (t.index, t.forced));
    Change::Die {
        chance: Chance {
            ordinal: st.chances + 1,
            purpose: if reroll {
                "re-roll"
            } else if pool == Pool::Fury {
                "Fury die"
            } else if pool == Pool::Retaliate {
                "Retaliate die"
            } else {
                "attack die"
            },
            candidates: vec![1, 2, 3, 4, 5, 6],
            weights: Vec::new(),
            picked,
            forced,
        },
        pool,
        die,
        reroll,
        nth,
    }
}

/// The initial roll: the number of dice (Power less Shields), then each die.
pub fn initial_roll(st: &mut State, out: &mut Vec<Event>) {
    let (a, d) = (st.attacker, st.defender);
    if st.units[d].has_late(Keyword::Shields) {
        let change = Change::TooLate {
            unit: st.units[d].id.clone(),
            ability: "Shields".into(),
        };
        emit(st, out, change, &SHIELDS_LATE);
    }
    let s = shields(st);
    let n = dice_count(st);
    let change = Change::Dice {
        power: st.units[a].power,
        shields: s,
        dice: n,
    };
    let cite: Rule = if n == 0 {
        Rule::from(&base::DICE).house(&rules::NO_DICE)
    } else if s > 0 {
        Rule::from(&SHIELDS_MEANS).house(&SHIELDS_ROLL)
    } else {
        Rule::from(&base::DICE)
    };
    emit(st, out, change, cite);
    for i in 0..n as usize {
        let pin = st.pins.attack.get(i).copied().flatten();
        let change = roll_die(st, Pool::Attack, i, false, pin);
        emit(st, out, change, &base::DICE);
    }
}

/// What the roll used for the attack comes to: the hits (each die at or above
/// [`need`]), and whether a natural 1 and a natural 6 count (Fury's dice too, unless
/// the reading says only the Power dice count).
pub fn summarise(st: &State) -> Summary {
    let need = need(st);
    let counts = |pool: Pool| match st.readings.fury_dice_naturals {
        FuryDiceNaturals::Count => true,
        FuryDiceNaturals::InitialOnly => pool == Pool::Attack,
    };
    Summary {
        hits: st.dice.iter().filter(|d| d.face >= need).count() as u32,
        one: st.dice.iter().any(|d| d.face == 1 && counts(d.pool)),
        six: st.dice.iter().any(|d| d.face == 6 && counts(d.pool)),
    }
}

/// Counts the hits.
pub fn count_hits(st: &mut State, out: &mut Vec<Event>) {
    let s = summarise(st);
    let need = need(st);
    let change = Change::Hits {
        hits: s.hits,
        one: s.one,
        six: s.six,
        need,
    };
    let armor = !st.defender().all_instances(Keyword::Armor).is_empty();
    let accuracy = !st.attacker().all_instances(Keyword::Accuracy).is_empty();
    let mut cite = match (armor, accuracy) {
        (true, true) => Rule::from(&ARMOR_ACCURACY).house(&base::ACCURACY),
        (true, false) => Rule::from(&ARMOR_MEANS).house(&ARMOR_REDEFINES),
        (false, true) => Rule::from(&base::ACCURACY),
        (false, false) => Rule::from(&base::DICE),
    };
    let fury_dice = st.dice.iter().any(|d| d.pool == Pool::Fury);
    if fury_dice {
        cite = cite.reading(st.readings.fury_dice_naturals.reading());
    }
    emit(st, out, change, cite);
}
