//! Retaliate (published rules: "Retaliate X"; seed 002 names it under Armor, Critical
//! Hit, Fury and Parry): when the attack ends, each unit the attack attacked that still
//! has Retaliate rolls X dice of damage at the attacker (house rule S9). Each die is a
//! chance node pinned by `dice.retaliate`. They are dice of damage, not attack dice:
//! Armor works against them (seed 002 Armor), Critical Hit, Fury and Parry do not
//! (seed 002), and neither do Accuracy or Lucky (which speak of attack dice).

use super::super::cite::{base, rules, seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::state::{Keyword, Pool, State};
use super::prevention::PARRY_ONLY_ATTACK;
use super::roll::roll_die;
use crate::rules::Rule;

pub const ARMOR_DAMAGE_DICE: Citation = seed(
    "Armor",
    "Armor works against dice of damage and attack dice.",
);
pub const CRITICAL_ONLY_ATTACK: Citation = seed(
    "Critical Hit",
    "Critical Hit applies only to dice rolled for an attack, not to dice rolls for abilities like Retaliate.",
);
pub const FURY_ONLY_ATTACK: Citation = seed(
    "Fury",
    "Fury applies only to dice rolled for an attack, not to dice rolls for abilities like Retaliate.",
);

pub const ALL: &[Citation] = &[
    ARMOR_DAMAGE_DICE,
    CRITICAL_ONLY_ATTACK,
    FURY_ONLY_ATTACK,
    PARRY_ONLY_ATTACK,
];

/// The lowest face of a Retaliate die that hits `target`: 4, or 5 against Armor
/// (isolated: one instance counts). Accuracy adds to attack dice only.
pub fn need_against(st: &State, target: usize) -> u8 {
    if st.units[target].all_instances(Keyword::Armor).is_empty() {
        4
    } else {
        5
    }
}

/// Every unit that retaliates rolls its dice, and the hits are damage counters on the
/// attacker; the attacker is discarded at its Health.
pub fn resolve(st: &mut State, out: &mut Vec<Event>) {
    let a = st.attacker;
    let mut next = 0usize;
    for (u, x) in st.retaliators() {
        let need = need_against(st, a);
        let change = Change::Retaliate {
            unit: st.units[u].id.clone(),
            target: st.units[a].id.clone(),
            x,
            need,
        };
        emit(
            st,
            out,
            change,
            Rule::from(&base::RETALIATE).house(&rules::RETALIATE),
        );
        // The keywords that do not act on these dice, each with the sentence saying so.
        let unaffected: [(usize, Keyword, &'static Citation); 3] = [
            (u, Keyword::CriticalHit, &CRITICAL_ONLY_ATTACK),
            (u, Keyword::Fury, &FURY_ONLY_ATTACK),
            (a, Keyword::Parry, &PARRY_ONLY_ATTACK),
        ];
        for (holder, k, cite) in unaffected {
            if !st.units[holder].all_instances(k).is_empty() {
                let change = Change::NotForRetaliate {
                    unit: st.units[holder].id.clone(),
                    ability: k.name(),
                };
                emit(st, out, change, cite);
            }
        }
        let first = next;
        for i in 0..x as usize {
            let pin = st.pins.retaliate.get(first + i).copied().flatten();
            let change = roll_die(st, Pool::Retaliate, first + i, false, pin);
            emit(st, out, change, &base::RETALIATE);
        }
        next += x as usize;
        let rolled = st.dice.len();
        let hits = st.dice[rolled - x as usize..]
            .iter()
            .filter(|d| d.face >= need)
            .count() as u32;
        let change = Change::RetaliateHits {
            unit: st.units[u].id.clone(),
            hits,
            need,
        };
        let cite = if need > 4 {
            Rule::from(&ARMOR_DAMAGE_DICE).house(&rules::RETALIATE)
        } else {
            Rule::from(&base::RETALIATE).house(&rules::RETALIATE)
        };
        emit(st, out, change, cite);
        if hits > 0 {
            let change = Change::Place {
                source: st.units[u].id.clone(),
                target: st.units[a].id.clone(),
                amount: hits,
                double: 0,
            };
            emit(
                st,
                out,
                change,
                Rule::from(&base::RETALIATE).house(&rules::RETALIATE),
            );
        }
    }
    let at = &st.units[a];
    if !at.discarded && at.damage >= at.health {
        let change = Change::Discard {
            unit: at.id.clone(),
            damage: at.damage,
            health: at.health,
            removed: at.meditated,
        };
        emit(st, out, change, &base::DISCARD);
    }
}
