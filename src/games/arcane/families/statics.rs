//! Static abilities answering a query (seed 004 "Static Abilities"): each static that
//! is ready and whose condition holds is in effect; when two are at odds, "the most
//! recent ability to be made ready is the one that takes precedence" (the moment its
//! readiness began, not its condition's: house rule A13), and two made ready at the same
//! moment are settled by `static_tie`. The answer is prose and data (`face`, `dice`,
//! `winner`). The log lists every static
//! weighed, when each was made ready, and which won and why. Extra dice add up: effects
//! until end of turn and statics that give dice. A static whose words the engine does
//! not read is never applied by it and never silently left out: the first step names
//! each one for the judge, and every query names those ready at the time, as not weighed
//! (house rule A5).

use super::super::ability::{Kind, Statement};
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, DiceCount, Event, Weighed};
use super::super::format::Value;
use super::super::interpret::StaticTie;
use super::super::state::State;
use super::conditions::{holds, words};
use super::decide::ask;
use super::ready::{ready_since, usable};
use crate::rules::Rule;

/// The statics of unit `u` in effect now whose statement `pick` reads, with their value
/// and readiness: `(ability, value, since)`.
fn in_effect<T>(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    pick: impl Fn(&Statement) -> Option<T>,
) -> Option<Vec<(usize, T, u32)>> {
    let mut found = Vec::new();
    for a in 0..st.units[u].abilities.len() {
        let ability = st.units[u].abilities[a].clone();
        if ability.kind != Kind::Static {
            continue;
        }
        let Some(v) = pick(&ability.statement) else {
            continue;
        };
        let usual = ready_since(st, u, a);
        let Some(since) = usable(st, out, u, a, usual)? else {
            let change = Change::Note {
                what: format!(
                    "{}'s {} is not ready, so it is not in effect",
                    st.who(u),
                    ability.name
                ),
            };
            emit(st, out, change, &s::S_INTRINSIC);
            continue;
        };
        if let Some(c) = &ability.condition {
            if !holds(st, out, u, c)? {
                let change = Change::Note {
                    what: format!(
                        "{}'s {} is ready but not in effect: \"{}\" does not hold",
                        st.who(u),
                        ability.name,
                        words(c)
                    ),
                };
                emit(st, out, change, &s::S_CONDITION);
                continue;
            }
        }
        found.push((a, v, since));
    }
    Some(found)
}

/// The statics of unit `u` whose words the engine does not read (`Statement::Other`).
fn unread(st: &State, u: usize) -> Vec<usize> {
    (0..st.units[u].abilities.len())
        .filter(|&a| {
            let ability = &st.units[u].abilities[a];
            ability.kind == Kind::Static && ability.statement == Statement::Other
        })
        .collect()
}

/// Names every static the engine does not apply, unit by unit, for the judge (the first
/// step): it is the judge's to apply wherever it bears, while it is ready.
pub fn list_unread(st: &mut State, out: &mut Vec<Event>) {
    for u in 0..st.units.len() {
        for a in unread(st, u) {
            let ability = &st.units[u].abilities[a];
            let change = Change::Note {
                what: format!(
                    "{}'s static {} (\"{}\") is not one the engine applies: while it is ready, the judge applies it wherever it bears; no answer of the engine weighs it",
                    st.who(u),
                    ability.name,
                    ability.text
                ),
            };
            emit(
                st,
                out,
                change,
                Rule::from(&s::S_ACTIVE).house(&rules::JUDGE_RESOLVES),
            );
        }
    }
}

/// Answers a query of `value` for unit `u` (`against`: the unit attacked).
pub fn query(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    value: Value,
    against: Option<usize>,
) -> Option<()> {
    // Each ready static the engine does not read is named as not weighed: the judge's.
    for a in unread(st, u) {
        if ready_since(st, u, a).is_some() {
            let change = Change::Note {
                what: format!(
                    "{}'s {} is ready but not weighed in this answer: its words are not ones the engine reads, so whether it bears is the judge's",
                    st.who(u),
                    st.units[u].abilities[a].name
                ),
            };
            emit(
                st,
                out,
                change,
                Rule::from(&s::S_ACTIVE).house(&rules::JUDGE_RESOLVES),
            );
        }
    }
    match value {
        Value::PhantomDice => phantom(st, out, u),
        Value::Dice => dice(st, out, u, against),
    }
}

fn phantom(st: &mut State, out: &mut Vec<Event>, u: usize) -> Option<()> {
    let found = in_effect(st, out, u, |s| match s {
        Statement::PhantomDice { face } => Some(*face),
        _ => None,
    })?;
    let weighed: Vec<Weighed> = found
        .iter()
        .map(|(a, v, t)| Weighed {
            ability: st.units[u].abilities[*a].name.clone(),
            value: format!("{v}s"),
            ready_since: Some(*t),
        })
        .collect();
    let name = |st: &State, a: usize| st.units[u].abilities[a].name.clone();
    let (answer, cite, won) = if found.is_empty() {
        (
            "no ability in effect sets them".to_string(),
            Rule::from(&s::S_ACTIVE),
            None,
        )
    } else if found.iter().all(|(_, v, _)| *v == found[0].1) {
        let (a, v, _) = found[0];
        (
            format!("{v}s ({})", name(st, a)),
            Rule::from(&s::S_ACTIVE),
            Some((a, v)),
        )
    } else {
        let list: Vec<String> = weighed
            .iter()
            .map(|w| format!("{} ({})", w.ability, w.value))
            .collect();
        let change = Change::Note {
            what: format!(
                "{}'s statics in effect are at odds: {}",
                st.who(u),
                list.join(", ")
            ),
        };
        emit(st, out, change, &s::S_AT_ODDS);
        let latest = found.iter().map(|(_, _, t)| *t).max().unwrap_or(0);
        let tied: Vec<(usize, u8, u32)> = found
            .iter()
            .copied()
            .filter(|(_, _, t)| *t == latest)
            .collect();
        if tied.iter().all(|(_, v, _)| *v == tied[0].1) {
            let (a, v, t) = tied[0];
            (
                format!(
                    "{v}s: {} was made ready most recently (moment {t}) and takes precedence",
                    name(st, a)
                ),
                Rule::from(&s::S_RECENT).house(&rules::RECENCY_IS_READINESS),
                Some((a, v)),
            )
        } else {
            match st.readings.static_tie {
                StaticTie::ListedLast => {
                    let (a, v, t) = tied[tied.len() - 1];
                    (
                        format!(
                            "{v}s: the statics at odds were made ready at the same moment ({t}); {} is listed last and takes precedence",
                            name(st, a)
                        ),
                        StaticTie::ListedLast.decides(&s::S_RECENT),
                        Some((a, v)),
                    )
                }
                StaticTie::OwnerChooses => {
                    let labels = tied
                        .iter()
                        .map(|(a, v, _)| format!("{} ({v}s)", name(st, *a)))
                        .collect();
                    let owner = st.players[st.units[u].owner].name.clone();
                    let cite = StaticTie::OwnerChooses.decides(&s::S_RECENT);
                    let i = ask(
                        st,
                        out,
                        owner,
                        "which static takes precedence",
                        format!(
                            "which of {}'s statics made ready at the same moment takes precedence",
                            st.who(u)
                        ),
                        labels,
                        0,
                        "the one listed first on the unit",
                        cite,
                    )?;
                    let (a, v, t) = tied[i];
                    (
                        format!(
                            "{v}s: the statics at odds were made ready at the same moment ({t}); the owner's choice, {}, takes precedence",
                            name(st, a)
                        ),
                        cite,
                        Some((a, v)),
                    )
                }
            }
        }
    };
    let change = Change::Query {
        unit: st.units[u].id.clone(),
        value: "phantom dice".into(),
        answer,
        weighed,
        face: won.map(|(_, v)| v),
        dice: None,
        winner: won.map(|(a, _)| name(st, a)),
    };
    emit(st, out, change, cite);
    Some(())
}

fn dice(st: &mut State, out: &mut Vec<Event>, u: usize, against: Option<usize>) -> Option<()> {
    let mut by_color: Vec<(String, u32)> = Vec::new();
    let mut add = |color: &str, n: u32| match by_color.iter_mut().find(|(c, _)| c == color) {
        Some(e) => e.1 += n,
        None => by_color.push((color.to_string(), n)),
    };
    let mut weighed = Vec::new();
    for e in &st.units[u].effects {
        if let Some(n) = e.dice {
            let color = e.color.clone().unwrap_or_else(|| "any".into());
            add(&color, n);
            weighed.push(Weighed {
                ability: format!("effect \"{}\"", e.text),
                value: format!("+{n} {color}"),
                ready_since: None,
            });
        }
    }
    let found = in_effect(st, out, u, |s| match s {
        Statement::ExtraDice {
            n,
            color,
            against_at_least,
        } => Some((*n, color.clone(), *against_at_least)),
        _ => None,
    })?;
    let mut cite = Rule::from(&s::S_ACTIVE);
    for (a, (n, color, at_least), since) in found {
        let name = st.units[u].abilities[a].name.clone();
        let applies = against.is_some_and(|t| st.units[t].figures() >= at_least);
        if applies {
            add(&color, n);
            cite = Rule::from(&s::S_CONDITION);
            weighed.push(Weighed {
                ability: name,
                value: format!("+{n} {color}"),
                ready_since: Some(since),
            });
        } else {
            let what = match against {
                Some(t) => format!(
                    "{}'s {name} does not apply: {} has {} figure(s), not {at_least} or more",
                    st.who(u),
                    st.who(t),
                    st.units[t].figures()
                ),
                None => format!(
                    "{}'s {name} does not apply: no unit attacked is named (`against`)",
                    st.who(u)
                ),
            };
            emit(st, out, Change::Note { what }, &s::S_CONDITION);
        }
    }
    let answer = if by_color.is_empty() {
        "no extra dice".to_string()
    } else {
        by_color
            .iter()
            .map(|(c, n)| format!("+{n} {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let change = Change::Query {
        unit: st.units[u].id.clone(),
        value: "extra dice".into(),
        answer,
        weighed,
        face: None,
        dice: Some(
            by_color
                .into_iter()
                .map(|(color, n)| DiceCount { color, n })
                .collect(),
        ),
        winner: None,
    };
    emit(st, out, change, cite);
    Some(())
}
