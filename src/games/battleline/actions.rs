//! The shared one-verb actions every ability is built from: damage a player, heal, move,
//! summon, set a status, note, pick at random, take a player's decision, end the game.
//!
//! Each action reads the state, decides, and emits events through
//! `event::emit`; none of them mutates the board directly. Ability files
//! decide *when* and *to whom*. Dealing a blow to a creature (prevention, the Endless
//! Serpent's redirection) is `damage.rs`; destroying creatures is `death.rs`. This file
//! imports nothing above the state, its events and citations, so both build on it.

use std::sync::Arc;

use crate::rules::chance::{self, Chance};
use crate::rules::decision::{self, Decision};

use super::ability::AbilityKind;
use super::cite::{turn, Rule};
use super::event::{emit, Actor, Change, Event};
use super::interpret::WallOfIce;
use super::state::{Creature, Outcome, Side, State, Status};

/// Deals `amount` to player `side`.
pub fn damage_player(
    st: &mut State,
    out: &mut Vec<Event>,
    source: Option<Actor>,
    side: Side,
    amount: i32,
    cite: impl Into<Rule>,
) {
    emit(
        st,
        out,
        Change::PlayerDamage {
            source,
            side,
            amount,
        },
        cite,
    );
}

/// Heals up to `amount` damage on `target`; records nothing if it has no damage.
pub fn heal(
    st: &mut State,
    out: &mut Vec<Event>,
    target: Actor,
    amount: i32,
    cite: impl Into<Rule>,
) {
    let damage = st.at(target.side, target.slot).map_or(0, |c| c.damage);
    let healed = amount.min(damage);
    if healed > 0 {
        emit(
            st,
            out,
            Change::Heal {
                target,
                amount: healed,
            },
            cite,
        );
    }
}

/// Player `side` gains `amount` life.
pub fn heal_player(
    st: &mut State,
    out: &mut Vec<Event>,
    side: Side,
    amount: i32,
    cite: impl Into<Rule>,
) {
    emit(st, out, Change::PlayerHeal { side, amount }, cite);
}

/// Gives or takes a status, recording it only if it changes.
pub fn set_status(
    st: &mut State,
    out: &mut Vec<Event>,
    who: Actor,
    status: Status,
    on: bool,
    cite: impl Into<Rule>,
) {
    if st
        .at(who.side, who.slot)
        .is_some_and(|c| c.status.has(status) != on)
    {
        emit(st, out, Change::Status { who, status, on }, cite);
    }
}

/// Records that a rule applied without changing the board.
pub fn note(
    st: &mut State,
    out: &mut Vec<Event>,
    who: Option<Actor>,
    text: &'static str,
    cite: impl Into<Rule>,
) {
    emit(st, out, Change::Note { who, text }, cite);
}

/// For the seed's "This ability is only used by `<card>`" sentences. They describe the
/// printed cards, not a restriction: a judge's hypothetical creature with the ability
/// uses it all the same. When `holder` is not `card`, the log says so, citing `cite`.
pub fn note_if_not_printed_holder(
    st: &mut State,
    out: &mut Vec<Event>,
    holder: &Actor,
    card: &str,
    text: &'static str,
    cite: impl Into<Rule>,
) {
    if !crate::text::same_name(&holder.name, card) {
        note(st, out, Some(holder.clone()), text, cite);
    }
}

/// Puts `creature` on `side`'s line at `slot`, shifting the rest down when `insert`.
pub fn summon(
    st: &mut State,
    out: &mut Vec<Event>,
    side: Side,
    slot: usize,
    insert: bool,
    creature: Creature,
    cite: impl Into<Rule>,
) {
    emit(
        st,
        out,
        Change::Enters {
            side,
            slot,
            insert,
            creature: Box::new(creature),
        },
        cite,
    );
}

/// Rearranges `side`'s line to `order` (creature ids), recording it if it changed.
pub fn rearrange(
    st: &mut State,
    out: &mut Vec<Event>,
    side: Side,
    order: Vec<Option<u32>>,
    moved: Option<Arc<str>>,
    cite: impl Into<Rule>,
) {
    let mut order = order;
    while matches!(order.last(), Some(None)) {
        order.pop();
    }
    let current: Vec<Option<u32>> = st.players[side]
        .line
        .iter()
        .map(|c| c.as_ref().map(|c| c.id))
        .collect();
    if current == order {
        return;
    }
    let named = order
        .iter()
        .map(|o| {
            o.and_then(|id| {
                st.players[side]
                    .line
                    .iter()
                    .flatten()
                    .find(|c| c.id == id)
                    .map(|c| (id, c.name.clone()))
            })
        })
        .collect();
    emit(
        st,
        out,
        Change::Rearranged {
            side,
            order: named,
            moved,
        },
        cite,
    );
}

/// Picks one of `candidates` at random, or as the judge's choices say, and records the
/// pick with every candidate. Returns `None` when there are no candidates or the
/// judge's choice is not among them (which ends adjudication).
pub fn pick(
    st: &mut State,
    out: &mut Vec<Event>,
    purpose: &'static str,
    candidates: Vec<Actor>,
    cite: impl Into<Rule>,
) -> Option<Actor> {
    if candidates.is_empty() {
        return None;
    }
    st.chances += 1;
    let ordinal = st.chances;
    // The core always draws, even when the judge fixes the pick, so fixing one chance
    // step does not reshuffle the ones after it.
    let forced = st.choices.iter().find(|c| c.chance == ordinal).copied();
    let pin = match forced {
        None => None,
        Some(choice) => match candidates.iter().position(|c| c.slot + 1 == choice.slot) {
            Some(i) => Some(i),
            None => {
                // The generator still draws for this node, as it would for a good pin.
                let _ = chance::take(&mut st.rng, candidates.len(), &[], None);
                let outcome = Outcome::BadChoice {
                    chance: ordinal,
                    slot: choice.slot,
                    candidates: candidates.iter().map(|c| c.slot + 1).collect(),
                };
                end(st, out, outcome, &turn::CHOICE);
                return None;
            }
        },
    };
    let taken = chance::take(&mut st.rng, candidates.len(), &[], pin)?;
    let actor = candidates.get(taken.index)?.clone();
    emit(
        st,
        out,
        Change::Chance(Chance {
            ordinal,
            purpose,
            candidates,
            weights: Vec::new(),
            picked: taken.index,
            forced: taken.forced,
        }),
        if forced.is_some() {
            Rule::from(&turn::CHOICE)
        } else {
            cite.into()
        },
    );
    Some(actor)
}

/// A decision's default policy: its name in the log and the option it takes.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    pub name: &'static str,
    pub pick: fn(&[Actor]) -> usize,
}

impl Policy {
    /// The first option in line order (house rule T16).
    pub const FIRST_IN_LINE: Policy = Policy {
        name: "the first in line order",
        pick: |_| 0,
    };
}

/// A player's decision among `options`: the judge's pin from `decisions` if there is one,
/// else `policy`'s pick (house rule T16); recorded with every option. Returns `None` when
/// there are no options, or the pin names an option the decision does not have (which
/// ends adjudication).
pub fn decide(
    st: &mut State,
    out: &mut Vec<Event>,
    who: Side,
    question: &'static str,
    options: Vec<Actor>,
    policy: Policy,
    cite: impl Into<Rule>,
) -> Option<Actor> {
    if options.is_empty() {
        return None;
    }
    st.decisions += 1;
    let ordinal = st.decisions;
    let default = (policy.pick)(&options);
    let (chosen, pinned) =
        match decision::decide(&st.decision_pins, ordinal, options.len(), default) {
            Ok(taken) => taken,
            Err(bad) => {
                let outcome = Outcome::BadDecision {
                    decision: bad.decision,
                    option: bad.option,
                    options: bad.options,
                };
                end(st, out, outcome, &turn::DECISION);
                return None;
            }
        };
    let actor = options.get(chosen)?.clone();
    let cite: Rule = cite.into();
    emit(
        st,
        out,
        Change::Decision(Decision {
            ordinal,
            who: st.players[who].name.to_string(),
            question,
            options,
            policy: policy.name,
            chosen,
            pinned,
        }),
        if pinned {
            cite
        } else {
            cite.house(&turn::DECISION)
        },
    );
    Some(actor)
}

/// Ends adjudication.
pub fn end(st: &mut State, out: &mut Vec<Event>, outcome: Outcome, cite: impl Into<Rule>) {
    if st.outcome.is_none() {
        st.outcome = Some(outcome.clone());
        st.phase = super::state::Phase::GameOver;
        emit(st, out, Change::Ends { outcome }, cite);
    }
}

/// The enemy creatures of `side` as actors, front first.
pub fn enemies(st: &State, side: Side) -> Vec<Actor> {
    let foe = super::state::foe(side);
    st.creatures(foe)
        .map(|(i, c)| Actor::of(foe, i, c))
        .collect()
}

/// Whether `c` can be picked as an enemy creature by Bolt, Curse, Soothsay, Terrify,
/// Storm, Ambush, Burst and Cleansing Fire: a Wall of Ice is not, under reading
/// `wall_of_ice: not_a_creature`.
pub fn targetable(st: &State, c: &Creature) -> bool {
    st.interpretations.wall_of_ice == WallOfIce::Creature || !c.has(AbilityKind::Melt)
}

/// [`enemies`] that can be picked as targets ([`targetable`]).
pub fn targets(st: &State, side: Side) -> Vec<Actor> {
    let foe = super::state::foe(side);
    st.creatures(foe)
        .filter(|(_, c)| targetable(st, c))
        .map(|(i, c)| Actor::of(foe, i, c))
        .collect()
}

/// `cite`, resting also on reading `wall_of_ice` when a Wall of Ice stands on the line
/// of `side`'s enemy (the reading decides whether it could be picked).
pub fn with_wall_reading(st: &State, side: Side, cite: impl Into<Rule>) -> Rule {
    let cite = cite.into();
    let foe = super::state::foe(side);
    if st.creatures(foe).any(|(_, c)| c.has(AbilityKind::Melt)) {
        cite.reading(st.interpretations.wall_of_ice.reading())
    } else {
        cite
    }
}

/// The allies of creature `id` on `side` (not itself), front first.
pub fn allies(st: &State, side: Side, id: u32) -> Vec<Actor> {
    st.creatures(side)
        .filter(|(_, c)| c.id != id)
        .map(|(i, c)| Actor::of(side, i, c))
        .collect()
}

/// Whether the creature `id` on `side` is still on the line; its actor if so.
pub fn still_there(st: &State, side: Side, id: u32) -> Option<Actor> {
    st.slot_of(side, id)
        .and_then(|slot| st.at(side, slot).map(|c| Actor::of(side, slot, c)))
}

/// The creature's ability value, if it is on the line and has it.
pub fn value_of(st: &State, who: &Actor, kind: AbilityKind) -> Option<i32> {
    st.at(who.side, who.slot).and_then(|c| c.ability(kind))
}
