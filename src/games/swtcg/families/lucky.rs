//! Lucky (seed 002 §Ancient Seers: Lucky): after any triggered re-rolls, once each,
//! the attacking player's Lucky re-rolls up to X of its attacker's dice and the
//! defending player's Lucky has the attacker re-roll up to X dice against the defender
//! (house rule S2: the attacking player first). X values add (cumulative). The dice are
//! each player's decision (a set of up to X of the dice rolled, the core's `Selection`),
//! pinned by `decisions.lucky`; the default policies (house rule S11):
//! - the attacker's Lucky re-rolls the dice that miss, natural 1s first, up to X;
//! - the defender's Lucky re-rolls the dice that hit, natural 6s first, then the other
//!   hits, natural 1s that hit last, up to X;
//!
//! ties by the lower die index. A re-rolled die's face is pinned by `dice.rerolls`.

use super::super::cite::{rules, seed, Citation};
use super::super::event::{emit, side_name, Change, Event, LuckyDie};
use super::super::state::{Keyword, Side, State};
use super::roll::{need, roll_die};
use crate::rules::{Rejected, Rule, Selection};

pub const MEANS: Citation = seed(
    "Lucky",
    "Each time this unit attacks or is attacked, you may re-roll up to X of this unit's attack dice or have your opponent re-roll up to X attack dice against this unit.",
);
pub const POP: Citation = seed(
    "Lucky",
    "Both players can use Lucky effects according to the rules for POP chances.",
);
pub const ONCE: Citation = seed(
    "Lucky",
    "Lucky is used only once after all triggered re-roll effects resolve.",
);
pub const NO_MORE: Citation = seed(
    "Lucky",
    "You can't re-roll more dice than are rolled for the attack.",
);
pub const ANY_NUMBER: Citation = seed(
    "Lucky",
    "You may choose to roll any number of dice up to the Lucky value.",
);

pub const ALL: &[Citation] = &[MEANS, POP, ONCE, NO_MORE, ANY_NUMBER];

/// The attacker's policy's name.
pub const ATTACKER_POLICY: &str = "re-roll the dice that miss, natural 1s first, up to X";
/// The defender's policy's name.
pub const DEFENDER_POLICY: &str =
    "re-roll the dice that hit, natural 6s first, natural 1s last, up to X";

/// The dice the attacker's Lucky re-rolls by default: misses, natural 1s first.
pub fn attacker_policy(faces: &[u8], need: u8, x: u32) -> Vec<usize> {
    let mut misses: Vec<(u8, usize)> = faces
        .iter()
        .enumerate()
        .filter(|(_, f)| **f < need)
        .map(|(i, f)| (u8::from(*f != 1), i))
        .collect();
    misses.sort();
    misses
        .into_iter()
        .take(x as usize)
        .map(|(_, i)| i)
        .collect()
}

/// The dice the defender's Lucky has re-rolled by default: hits, natural 6s first,
/// natural 1s last.
pub fn defender_policy(faces: &[u8], need: u8, x: u32) -> Vec<usize> {
    let mut hits: Vec<(u8, usize)> = faces
        .iter()
        .enumerate()
        .filter(|(_, f)| **f >= need)
        .map(|(i, f)| {
            let rank = match f {
                6 => 0,
                1 => 2,
                _ => 1,
            };
            (rank, i)
        })
        .collect();
    hits.sort();
    hits.into_iter().take(x as usize).map(|(_, i)| i).collect()
}

/// The Lucky re-rolls of both players, the attacking player first.
pub fn rerolls(st: &mut State, out: &mut Vec<Event>) {
    let uses = [(st.attacker, true), (st.defender, false)];
    let mut any = false;
    for (unit, attacking) in uses {
        let x: u32 = st.units[unit]
            .all_instances(Keyword::Lucky)
            .iter()
            .map(|a| a.x)
            .sum();
        if x == 0 {
            continue;
        }
        any = true;
        let side = st.units[unit].side;
        let need = need(st);
        let faces: Vec<u8> = st.dice.iter().map(|d| d.face).collect();
        let pin = st.pins.lucky[usize::from(side == Side::Light)].clone();
        let policy = if attacking {
            ATTACKER_POLICY
        } else {
            DEFENDER_POLICY
        };
        let pinned = pin.is_some();
        let dice = match pin {
            Some(dice) => dice,
            None if attacking => attacker_policy(&faces, need, x),
            None => defender_policy(&faces, need, x),
        };
        let bad = if dice.len() > x as usize {
            Some((
                format!("Lucky {x} re-rolls at most {x} dice, not {}", dice.len()),
                &ANY_NUMBER,
            ))
        } else if let Some(d) = dice.iter().find(|d| **d >= faces.len()) {
            Some((
                format!(
                    "die {d} was not rolled: the attack rolled {} dice (0 to {})",
                    faces.len(),
                    faces.len().saturating_sub(1)
                ),
                &NO_MORE,
            ))
        } else if dice.iter().enumerate().any(|(i, d)| dice[..i].contains(d)) {
            Some(("a die is named twice".to_string(), &NO_MORE))
        } else {
            None
        };
        if let Some((reason, cite)) = bad {
            let change = Change::Rejected(Rejected {
                action: 0,
                proposed: format!(
                    "the {} player's Lucky re-rolls dice {:?}",
                    side.name(),
                    dice
                ),
                reason: format!("{reason}; the Lucky is not used."),
            });
            emit(st, out, change, cite);
            continue;
        }
        let decision = Selection {
            ordinal: st.decisions + 1,
            who: format!("the {} player", side_name(side)),
            question: "which dice Lucky re-rolls",
            items: st
                .dice
                .iter()
                .enumerate()
                .map(|(i, d)| LuckyDie {
                    die: i,
                    pool: d.pool,
                    n: st.dice[..i].iter().filter(|e| e.pool == d.pool).count() + 1,
                    face: d.face,
                    hit: d.face >= need,
                })
                .collect(),
            most: x as usize,
            policy,
            chosen: dice.clone(),
            pinned,
        };
        let change = Change::Lucky {
            side,
            unit: st.units[unit].id.clone(),
            x,
            dice: dice.clone(),
            decision,
        };
        let cite = if attacking {
            Rule::from(&MEANS).house(&rules::POP_ORDER)
        } else {
            Rule::from(&POP).house(&rules::POP_ORDER)
        }
        .also(&rules::DECISIONS);
        emit(st, out, change, cite);
        for d in dice {
            let nth = st.dice.get(d).map_or(0, |die| die.rerolls as usize);
            let pin = st
                .pins
                .rerolls
                .iter()
                .filter(|(die, _)| *die == d)
                .nth(nth)
                .map(|(_, f)| *f);
            let pool = st.dice[d].pool;
            let change = roll_die(st, pool, d, true, pin);
            let four = matches!(&change, Change::Die { chance, .. } if chance.candidates.get(chance.picked) == Some(&4));
            let cite = if four && st.attacker().has(Keyword::Fury) {
                Rule::from(&ONCE).house(&super::fury::AFTER_REROLL)
            } else {
                Rule::from(&ONCE)
            };
            emit(st, out, change, cite);
        }
    }
    if !any {
        let change = Change::Pass {
            window: "Re-rolls",
            what: "no triggered re-roll and no Lucky; the roll stands".into(),
        };
        emit(st, out, change, &super::super::cite::base::ORDER);
    }
}
