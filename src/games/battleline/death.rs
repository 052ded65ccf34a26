//! Destruction and what it triggers, seed 000 §4.1: Vengeance, Cross Over, Soul Drain,
//! Reanimate (the first half: being destroyed), Heal's "dies during combat" clause and
//! Swarm's lost bonus; §4.2 for the Endless Serpent set aside and the Omega Rabbit
//! discarded.
//!
//! [`settle`] is the only place creatures are destroyed, and [`is_lethal`] the only
//! judge of lethal damage (a serpent section dies only with the body). Creatures
//! destroyed together are destroyed at the same time (house rule T4): Vengeance sees
//! which are "also being discarded", then all leave, then the triggers of their deaths resolve, then the loop
//! looks again, since those triggers may destroy more. Each round removes at least one
//! creature, so the loop ends.
//!
//! Which abilities deal the blows, and what else dooms a creature (Pestilence), is the
//! families'; they call [`settle`] once their blows have landed (`damage.rs`).

use super::ability::AbilityKind as K;
use super::actions::{heal, note};
use super::cite::{seed, turn, Citation, Rule};
use super::damage::{self, deal, Blow};
use super::event::{emit, Actor, Change, Event, Fate};
use super::interpret::CrossOverTarget;
use super::state::{foe, Side, State, Status};
use crate::text::same_name;

use super::families::auras;

pub const VENGEANCE: Citation = seed("Vengeance", "4.1", "When a creature with Vengeance is killed it deals its Vengeance value in damage to the opposing creature before it is discarded.");
pub const VENGEANCE_BOTH: Citation = seed(
    "Vengeance",
    "4.1",
    "If the opposing creature is also being discarded, Vengeance has no effect.",
);
pub const VENGEANCE_NONE: Citation = seed(
    "Vengeance",
    "4.1",
    "If there are no creatures opposing the creature with Vengeance, Vengeance has no effect.",
);
pub const CROSS_OVER: Citation = seed("Cross Over", "4.1", "When an allied creature is destroyed a creature with Cross Over deals 3 damage to the enemy that is opposite to it.");
pub const SOUL_DRAIN: Citation = seed("Soul Drain", "4.1", "When a creature bearing Soul Drain is in play it heals its Soul Drain value whenever another enemy or ally is destroyed.");
pub const SOUL_DRAIN_NOW: Citation = seed(
    "Soul Drain",
    "4.1",
    "This effect occurs immediately when the enemy or ally is destroyed.",
);
pub const REANIMATE: Citation = seed("Reanimate", "4.1", "When a creature with Reanimate is destroyed the first time after being played, it returns to the end of its controller’s Battle Line at the end of the turn.");
pub const HEAL_DIES: Citation = seed("Heal", "4.1", "If the creature bearing the Heal ability dies during combat it is immediately discarded and no healing takes place");
pub const SERPENT_SET_ASIDE: Citation = seed("The Endless Serpent", "4.2", "When the Endless Serpent’s life reaches zero, it is not shuffled into the Discard pile, but is instead set aside in case of another summoning.");
pub const OMEGA_DESTROYED: Citation = seed("The Omega Rabbit", "4.2", "If the Omega Rabbit is destroyed, it is shuffled into the Discard pile with the Carrot of Power and may be re-summoned as the Omega Rabbit should it be drawn in subsequent rounds.");

/// Destroys `doomed` and every creature with lethal damage, with everything it
/// triggers, until nothing more is destroyed.
pub fn settle(st: &mut State, out: &mut Vec<Event>, doomed: Vec<(Side, u32, &'static Citation)>) {
    let mut dying = doomed;
    // Each round destroys at least one creature; the lines hold finitely many.
    loop {
        for side in 0..2 {
            for (i, c) in st.creatures(side) {
                // Undamaged, unequipped and with Life left: not lethal, cheaply.
                let may_die = c.damage > 0 || c.life <= 0 || !c.artifacts.is_empty();
                if may_die && is_lethal(st, side, i) && !dying.iter().any(|(_, d, _)| *d == c.id) {
                    dying.push((side, c.id, &turn::DEATH));
                }
            }
        }
        // The rest of a dying serpent goes with its body.
        let mut extra = Vec::new();
        for (side, id, _) in &dying {
            if let Some(slot) = st.slot_of(*side, *id) {
                for s in sections_with(st, *side, slot) {
                    if !dying.iter().any(|(_, d, _)| *d == s) {
                        extra.push((*side, s, &damage::SERPENT_DAMAGE));
                    }
                }
            }
        }
        dying.extend(extra);
        dying.retain(|(side, id, _)| st.slot_of(*side, *id).is_some());
        if dying.is_empty() {
            return;
        }
        dying.sort_by_key(|(side, id, _)| (*side, st.slot_of(*side, *id)));
        vengeance(st, out, &dying);
        let fallen = leave(st, out, &dying);
        dying.clear();
        // The Endless Serpent is one creature in three slots: "When the Endless
        // Serpent's life reaches zero" it is destroyed once, so what its death triggers
        // (Soul Drain, Cross Over, Swarm's loss) resolves once, for the body.
        let mut serpent: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut serpent_body: [Option<Actor>; 2] = [None, None];
        for f in fallen {
            if f.serpent {
                serpent[f.side].push(f.slot);
                if !f.extra_section || serpent_body[f.side].is_none() {
                    serpent_body[f.side] = Some(f.who);
                }
            } else {
                after_death(st, out, f.side, &[f.slot], &f.who);
            }
        }
        for side in 0..2 {
            if let Some(body) = serpent_body[side].take() {
                if serpent[side].len() > 1 {
                    note(
                        st,
                        out,
                        Some(body.clone()),
                        "the Endless Serpent is one creature: its death triggers what a death triggers once",
                        &SERPENT_SET_ASIDE,
                    );
                }
                let slots = std::mem::take(&mut serpent[side]);
                after_death(st, out, side, &slots, &body);
            }
        }
    }
}

/// Whether the creature at `slot` is destroyed by its damage now. A serpent section
/// other than the body is never destroyed on its own while the body is on the line.
pub fn is_lethal(st: &State, side: Side, slot: usize) -> bool {
    let Some(c) = st.at(side, slot) else {
        return false;
    };
    if c.has(K::EndlessSerpent) {
        if let Some(body) = damage::body_slot(st, side) {
            if body != slot {
                return false;
            }
        }
    }
    c.damage >= auras::life(st, side, slot)
}

/// The other sections that go with a dying body.
pub fn sections_with(st: &State, side: Side, slot: usize) -> Vec<u32> {
    if damage::body_slot(st, side) != Some(slot) {
        return Vec::new();
    }
    st.creatures(side)
        .filter(|(i, c)| *i != slot && c.has(K::EndlessSerpent))
        .map(|(_, c)| c.id)
        .collect()
}

/// One creature that left the line in [`settle`].
struct Fallen {
    side: Side,
    slot: usize,
    who: Actor,
    /// A section of the Endless Serpent.
    serpent: bool,
    /// A section that went only because the body did.
    extra_section: bool,
}

/// Vengeance strikes before its holder is discarded.
fn vengeance(st: &mut State, out: &mut Vec<Event>, dying: &[(Side, u32, &'static Citation)]) {
    for (side, id, _) in dying {
        let Some(slot) = st.slot_of(*side, *id) else {
            continue;
        };
        let Some(v) = st.at(*side, slot).and_then(|c| c.ability(K::Vengeance)) else {
            continue;
        };
        let me = st.at(*side, slot).map(|c| Actor::of(*side, slot, c));
        match st.at(foe(*side), slot) {
            None => note(
                st,
                out,
                me,
                "Vengeance has no effect: no creature opposes it",
                &VENGEANCE_NONE,
            ),
            Some(o) if dying.iter().any(|(_, d, _)| *d == o.id) => note(
                st,
                out,
                me,
                "Vengeance has no effect: the opposing creature is also being discarded",
                &VENGEANCE_BOTH,
            ),
            Some(o) => {
                let target = Actor::of(foe(*side), slot, o);
                let blow = Blow::new(st, Some((*side, slot)), target, v, &VENGEANCE);
                deal(st, out, &blow);
            }
        }
    }
}

/// Removes the dying from the line; returns who fell, from where.
fn leave(
    st: &mut State,
    out: &mut Vec<Event>,
    dying: &[(Side, u32, &'static Citation)],
) -> Vec<Fallen> {
    let mut fallen = Vec::new();
    for (side, id, cite) in dying {
        let Some(slot) = st.slot_of(*side, *id) else {
            continue;
        };
        let Some(c) = st.at(*side, slot) else {
            continue;
        };
        let who = Actor::of(*side, slot, c);
        let (fate, fate_cite): (Fate, &'static Citation) = if c.has(K::EndlessSerpent) {
            (Fate::SetAside, &SERPENT_SET_ASIDE)
        } else if c.has(K::Reanimate) && !c.status.has(Status::Reanimated) {
            (Fate::Returning, &REANIMATE)
        } else {
            (Fate::Destroyed, *cite)
        };
        let omega = same_name(&c.name, "The Omega Rabbit");
        let serpent = c.has(K::EndlessSerpent);
        let extra_section = **cite == damage::SERPENT_DAMAGE;
        let healer = c.has(K::Heal);
        if fate != Fate::Destroyed && !std::ptr::eq(*cite, &turn::DEATH) {
            // Why it was destroyed, before what its own rule does with it.
            note(st, out, Some(who.clone()), "is destroyed", *cite);
        }
        // Set aside or returning: the seed's sentence says where it goes; that it is
        // destroyed at once, with whatever dies with it, is house rule T4.
        let leaves = if fate == Fate::Destroyed {
            Rule::from(fate_cite)
        } else {
            Rule::from(fate_cite).house(&turn::DEATH)
        };
        emit(
            st,
            out,
            Change::Leaves {
                who: who.clone(),
                fate,
            },
            leaves,
        );
        if omega {
            note(
                st,
                out,
                Some(who.clone()),
                "goes to the Discard pile with the Carrot of Power",
                &OMEGA_DESTROYED,
            );
        }
        if healer
            && matches!(
                st.phase,
                crate::games::battleline::state::Phase::Battle
                    | crate::games::battleline::state::Phase::Fury
            )
        {
            note(
                st,
                out,
                Some(who.clone()),
                "is discarded; no healing takes place",
                &HEAL_DIES,
            );
        }
        fallen.push(Fallen {
            side: *side,
            slot,
            who,
            serpent,
            extra_section,
        });
    }
    fallen
}

/// What a death triggers: Swarm's lost bonus, Soul Drain, Cross Over. `slots` are the
/// slots the fallen creature held (three for the Endless Serpent).
fn after_death(st: &mut State, out: &mut Vec<Event>, side: Side, slots: &[usize], fallen: &Actor) {
    let mut neighbours: Vec<usize> = slots
        .iter()
        .flat_map(|s| [s.checked_sub(1), Some(s + 1)])
        .flatten()
        .filter(|n| !slots.contains(n))
        .collect();
    neighbours.sort_unstable();
    neighbours.dedup();
    for s in neighbours {
        if let Some(c) = st.at(side, s) {
            if c.has(K::Swarm) {
                let who = Actor::of(side, s, c);
                note(
                    st,
                    out,
                    Some(who),
                    "loses the Swarm bonus the fallen ally gave",
                    &auras::SWARM_LOSS,
                );
            }
        }
    }
    for s in 0..2 {
        let drainers: Vec<(Actor, i32)> = st
            .creatures(s)
            .filter_map(|(i, c)| c.ability(K::SoulDrain).map(|v| (Actor::of(s, i, c), v)))
            .collect();
        for (who, v) in drainers {
            let damaged = st.at(who.side, who.slot).is_some_and(|c| c.damage > 0);
            if damaged {
                heal(st, out, who, v, &SOUL_DRAIN_NOW);
            } else {
                note(
                    st,
                    out,
                    Some(who),
                    "has no damage for Soul Drain to heal",
                    &SOUL_DRAIN,
                );
            }
        }
    }
    let crossers: Vec<Actor> = st
        .creatures(side)
        .filter(|(_, c)| c.has(K::CrossOver))
        .map(|(i, c)| Actor::of(side, i, c))
        .collect();
    let cross = Rule::from(&CROSS_OVER).reading(st.interpretations.cross_over_target.reading());
    for holder in crossers {
        let at = match st.interpretations.cross_over_target {
            CrossOverTarget::OppositeHolder => holder.slot,
            CrossOverTarget::OppositeFallen => fallen.slot,
        };
        match st.at(foe(side), at) {
            Some(o) => {
                let target = Actor::of(foe(side), at, o);
                let blow = Blow::new(st, Some((side, holder.slot)), target, 3, cross);
                deal(st, out, &blow);
            }
            None => note(
                st,
                out,
                Some(holder),
                "Cross Over has no effect: no enemy is opposite",
                cross,
            ),
        }
    }
}
