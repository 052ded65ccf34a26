//! Start-of-turn abilities, seed 000 §4.1 (Bolt, Curse, Soothsay, Templar's Wrath,
//! Plague Bearer's Pestilence) and §4.2 (Melt, Terrify).
//!
//! Melt and Pestilence are turn tasks; the others are [`trigger`]ed once per holder in
//! the order the `start_order` interpretation gives. "Strongest" is the
//! `strongest` interpretation; ties go to the creature closest to the start of the line,
//! as Soothsay states.

use crate::engine::ability::AbilityKind as K;
use crate::engine::actions::{self, deal, note, pick, set_status, Blow};
use crate::engine::cite::{seed, Citation};
use crate::engine::event::{emit, Actor, Change, Event, Fate};
use crate::engine::interpret::Strongest;
use crate::engine::state::{foe, Side, State, Status, Trait};

use super::{auras, death};

pub const BOLT: Citation = seed("Bolt", "4.1", "If a creature with Bolt is in play, at the beginning of each turn deal 2 damage to a random enemy creature.");
pub const CURSE: Citation = seed(
    "Curse",
    "4.1",
    "When a creature with Curse is in play it deals 2 damage to the strongest enemy each turn.",
);
pub const SOOTHSAY: Citation = seed(
    "Soothsay",
    "4.1",
    "Each turn the strongest enemy creature loses its next attack.",
);
pub const SOOTHSAY_TIE: Citation = seed("Soothsay", "4.1", "If there is more than one enemy creature with the same attack value, the one closest to the start of the Battle Line loses its attack.");
pub const TEMPLARS_WRATH: Citation = seed("Templar's Wrath", "4.1", "Each turn deal 1 damage to the enemy opposite the creature with Templar’s Wrath for each other Templar ally on the Battle Line.");
pub const MELT: Citation = seed("Melt", "4.2", "Before the combat phase of the next battle begins, remove the Wall of Ice from your opponent’s Battle Line, leaving an empty slot.");
pub const TERRIFY: Citation = seed("Terrify", "4.2", "When a creature with Terrify is in play, one random opponent creature loses its ability to attack at the beginning of each Battle round.");

/// The abilities that trigger at the start of a turn.
pub const TRIGGERS: [K; 5] = [K::Bolt, K::Terrify, K::Curse, K::Soothsay, K::TemplarsWrath];

/// Melt: every Wall of Ice leaves the line, leaving an empty slot.
pub fn melt(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        let walls: Vec<Actor> = st
            .creatures(side)
            .filter(|(_, c)| c.has(K::Melt))
            .map(|(i, c)| Actor::of(side, i, c))
            .collect();
        for w in walls {
            emit(
                st,
                out,
                Change::Leaves {
                    who: w,
                    fate: Fate::Removed,
                },
                &MELT,
            );
        }
    }
}

/// Pestilence destroys the creatures that carry it.
pub fn pestilence(st: &mut State, out: &mut Vec<Event>) {
    let mut doomed = Vec::new();
    for side in 0..2 {
        for (_, c) in st.creatures(side) {
            if c.status.has(Status::Pestilence) {
                doomed.push((side, c.id, &death::PESTILENCE));
            }
        }
    }
    if !doomed.is_empty() {
        actions::settle(st, out, doomed);
    }
}

/// The strongest enemy of `side`, ties to the front.
fn strongest(st: &State, side: Side) -> Option<Actor> {
    let f = foe(side);
    let mut best: Option<(i32, Actor)> = None;
    for (i, c) in st.creatures(f) {
        let score = match st.interpretations.strongest {
            Strongest::Attack => auras::attack(st, f, i),
            Strongest::RemainingLife => auras::life(st, f, i) - c.damage,
        };
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, Actor::of(f, i, c)));
        }
    }
    best.map(|(_, a)| a)
}

/// Whether more than one enemy shares the strongest score (for the tie citation).
fn tied(st: &State, side: Side) -> bool {
    let f = foe(side);
    let scores: Vec<i32> = st
        .creatures(f)
        .map(|(i, c)| match st.interpretations.strongest {
            Strongest::Attack => auras::attack(st, f, i),
            Strongest::RemainingLife => auras::life(st, f, i) - c.damage,
        })
        .collect();
    let max = scores.iter().max().copied();
    scores.iter().filter(|s| Some(**s) == max).count() > 1
}

/// Runs one start-of-turn ability of `holder`.
pub fn trigger(st: &mut State, out: &mut Vec<Event>, holder: Actor, kind: K) {
    let side = holder.side;
    match kind {
        K::Bolt => {
            let Some(target) = pick(st, out, "Bolt's target", actions::enemies(st, side), &BOLT)
            else {
                if st.outcome.is_none() {
                    note(
                        st,
                        out,
                        Some(holder),
                        "Bolt has no effect: there is no enemy creature",
                        &BOLT,
                    );
                }
                return;
            };
            let blow = Blow::new(st, Some((side, holder.slot)), target, 2, &BOLT);
            deal(st, out, &blow);
            actions::settle(st, out, Vec::new());
        }
        K::Terrify => {
            let Some(target) = pick(
                st,
                out,
                "Terrify's victim",
                actions::enemies(st, side),
                &TERRIFY,
            ) else {
                if st.outcome.is_none() {
                    note(
                        st,
                        out,
                        Some(holder),
                        "Terrify has no effect: there is no opponent creature",
                        &TERRIFY,
                    );
                }
                return;
            };
            set_status(st, out, target, Status::Terrified, true, &TERRIFY);
        }
        K::Curse => match strongest(st, side) {
            Some(target) => {
                if tied(st, side) {
                    note(
                        st,
                        out,
                        Some(target.clone()),
                        "is the strongest enemy closest to the start of the line",
                        &SOOTHSAY_TIE,
                    );
                }
                let blow = Blow::new(st, Some((side, holder.slot)), target, 2, &CURSE);
                deal(st, out, &blow);
                actions::settle(st, out, Vec::new());
            }
            None => note(
                st,
                out,
                Some(holder),
                "Curse has no effect: there is no enemy creature",
                &CURSE,
            ),
        },
        K::Soothsay => match strongest(st, side) {
            Some(target) => {
                let cite = if tied(st, side) {
                    &SOOTHSAY_TIE
                } else {
                    &SOOTHSAY
                };
                if st
                    .at(target.side, target.slot)
                    .is_some_and(|c| c.status.has(Status::LosesNextAttack))
                {
                    note(st, out, Some(target), "already loses its next attack", cite);
                } else {
                    set_status(st, out, target, Status::LosesNextAttack, true, cite);
                }
            }
            None => note(
                st,
                out,
                Some(holder),
                "Soothsay has no effect: there is no enemy creature",
                &SOOTHSAY,
            ),
        },
        K::TemplarsWrath => {
            let templars = st
                .creatures(side)
                .filter(|(i, c)| *i != holder.slot && c.is(Trait::Templar))
                .count() as i32;
            let opposite = st
                .at(foe(side), holder.slot)
                .map(|c| Actor::of(foe(side), holder.slot, c));
            match (templars, opposite) {
                (0, _) => note(
                    st,
                    out,
                    Some(holder),
                    "Templar's Wrath has no effect: no other Templar ally",
                    &TEMPLARS_WRATH,
                ),
                (_, None) => note(
                    st,
                    out,
                    Some(holder),
                    "Templar's Wrath has no effect: no enemy opposite",
                    &TEMPLARS_WRATH,
                ),
                (n, Some(target)) => {
                    let blow = Blow::new(st, Some((side, holder.slot)), target, n, &TEMPLARS_WRATH);
                    deal(st, out, &blow);
                    actions::settle(st, out, Vec::new());
                }
            }
        }
        _ => {}
    }
}
