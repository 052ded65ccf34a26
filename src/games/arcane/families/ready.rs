//! Readiness (seed 004 "Special Ability Types"): a unit special ability is ready while
//! its unit is on the battlefield, a figure special ability while a slot it sits next to
//! is occupied (house rule A4: and its unit is on the battlefield). Readiness is derived
//! from the state, never stored, with the moment it began: the later of the unit's
//! arrival and the earliest occupied slot's filling. The log lists every ability's
//! readiness at the start and each change after a step.
//!
//! Seed 004's Note ("Some special abilities, as described in their rules text, might have
//! different conditions for being ready, or may not even need to be ready at all.") is
//! honoured where an ability is used ([`usable`]): one whose text says it need not be
//! ready is used anyway, one with its own readiness condition is ready when that
//! condition holds (a condition the engine does not read is the judge's, house rule A5).
//! The first step names each such ability.

use super::super::ability::Readiness;
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, Event};
use super::super::state::State;
use super::conditions::{holds, words};
use crate::rules::Rule;

/// Since when ability `a` of unit `u` is ready, or `None` if it is not.
pub fn ready_since(st: &State, u: usize, a: usize) -> Option<u32> {
    let unit = st.units.get(u)?;
    let ability = unit.abilities.get(a)?;
    if !unit.on_battlefield {
        return None;
    }
    if ability.slots.is_empty() {
        return Some(unit.arrived);
    }
    ability
        .slots
        .iter()
        .filter_map(|&i| unit.slots.get(i))
        .filter(|slot| slot.occupied)
        .map(|slot| slot.since)
        .min()
        .map(|t| t.max(unit.arrived))
}

/// Every ability's readiness, unit by unit.
pub fn snapshot(st: &State) -> Vec<Vec<Option<u32>>> {
    (0..st.units.len())
        .map(|u| {
            (0..st.units[u].abilities.len())
                .map(|a| ready_since(st, u, a))
                .collect()
        })
        .collect()
}

/// The rule behind ability `a`'s readiness.
pub fn cite(st: &State, u: usize, a: usize) -> Rule {
    let unit = &st.units[u];
    if !unit.on_battlefield {
        return Rule::from(&s::ONLY_READY).house(&rules::OFF_THE_BATTLEFIELD);
    }
    if unit.abilities[a].is_figure() {
        Rule::from(&s::FIGURE_READY)
    } else {
        Rule::from(&s::UNIT_READY)
    }
}

fn event(st: &State, u: usize, a: usize, since: Option<u32>) -> Change {
    Change::Ready {
        unit: st.units[u].id.clone(),
        ability: st.units[u].abilities[a].name.clone(),
        ready: since.is_some(),
        since,
        figure: st.units[u].abilities[a].is_figure(),
    }
}

/// Lists every ability's readiness (the first step).
pub fn list(st: &mut State, out: &mut Vec<Event>) {
    for (u, row) in snapshot(st).into_iter().enumerate() {
        for (a, since) in row.into_iter().enumerate() {
            let change = event(st, u, a, since);
            let cite = cite(st, u, a);
            emit(st, out, change, cite);
        }
    }
}

/// Logs each ability whose readiness changed since `before`.
pub fn changes(st: &mut State, out: &mut Vec<Event>, before: &[Vec<Option<u32>>]) {
    for (u, row) in snapshot(st).into_iter().enumerate() {
        for (a, since) in row.into_iter().enumerate() {
            let was = before.get(u).and_then(|r| r.get(a)).copied().flatten();
            if was != since {
                let change = event(st, u, a, since);
                let cite = cite(st, u, a);
                emit(st, out, change, cite);
            }
        }
    }
}

/// Whether ability `a` of unit `u` may be used now, `usual` being its readiness by the
/// seed's rules (now, or at its trigger event): `Some(Some(since))` usable, `Some(None)`
/// not, `None` adjudication stopped. What the ability's own text says of its readiness
/// decides first, and the log says so.
pub fn usable(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    a: usize,
    usual: Option<u32>,
) -> Option<Option<u32>> {
    let ability = st.units[u].abilities[a].clone();
    match &ability.readiness {
        Readiness::Usual => Some(usual),
        Readiness::NotNeeded { .. } if usual.is_some() => Some(usual),
        Readiness::NotNeeded { text } => {
            let what = format!(
                "{}'s {} is not ready, but its text says \"{text}\": it is used anyway",
                st.who(u),
                ability.name
            );
            emit(st, out, Change::Note { what }, &s::NOTE_READY);
            Some(Some(st.clock))
        }
        Readiness::Own { text, condition } => {
            let met = holds(st, out, u, condition)?;
            let what = format!(
                "{}'s {} has its own readiness, \"{text}\": \"{}\" {}, so it is {}ready",
                st.who(u),
                ability.name,
                words(condition),
                if met { "holds" } else { "does not hold" },
                if met { "" } else { "not " }
            );
            emit(st, out, Change::Note { what }, &s::NOTE_READY);
            Some(met.then(|| usual.unwrap_or(st.clock)))
        }
    }
}

/// Names, at the first step, every ability whose own text speaks of its readiness.
pub fn list_own(st: &mut State, out: &mut Vec<Event>) {
    for u in 0..st.units.len() {
        for a in 0..st.units[u].abilities.len() {
            let ability = &st.units[u].abilities[a];
            let what = match &ability.readiness {
                Readiness::Usual => continue,
                Readiness::NotNeeded { text } => format!(
                    "{}'s {} says \"{text}\": it is used whether or not it is ready",
                    st.who(u),
                    ability.name
                ),
                Readiness::Own { text, .. } => format!(
                    "{}'s {} says \"{text}\": it is ready when that holds, checked where it is used, not as the seed's readiness",
                    st.who(u),
                    ability.name
                ),
            };
            emit(st, out, Change::Note { what }, &s::NOTE_READY);
        }
    }
}
