//! The changes of an adjudication and the only [`apply`]: every event a step records is
//! a [`Change`] with the rule behind it; rule code decides and [`emit`]s, so replaying a
//! log's changes reproduces the final board. [`describe`] is the log's sentence.

use serde::Serialize;

use super::format::Phase;
use super::state::{Effect, Outcome, State};
use crate::rules::decision::BadPin;
use crate::rules::{Decision, Rejected, Rule};

/// One event.
pub type Event = crate::rules::Event<Change>;

/// A static ability a query weighed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Weighed {
    pub ability: String,
    pub value: String,
    /// When it was made ready (none for an effect).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ready_since: Option<u32>,
}

/// One extra-dice total of a query, by colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceCount {
    pub color: String,
    pub n: u32,
}

/// One structured change (or a finding that changes nothing).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// An ability is (or stops being) ready, and since when.
    Ready {
        unit: String,
        ability: String,
        ready: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        since: Option<u32>,
        figure: bool,
    },
    Rejected(Rejected),
    /// An activated ability is activated: its restriction met and every cost payable
    /// (logged only then; a refused activation is a `rejected` alone).
    Activate {
        unit: String,
        ability: String,
    },
    /// An activation restriction checked.
    Restriction {
        unit: String,
        ability: String,
        text: String,
        met: bool,
        /// Checked again on resolution.
        again: bool,
    },
    /// The unit is given its Special Order for the turn.
    SpecialOrder {
        unit: String,
    },
    /// Order points spent.
    SpendOp {
        player: String,
        amount: u32,
    },
    /// Figures downed (slots 1-based).
    Down {
        unit: String,
        slots: Vec<usize>,
        why: String,
    },
    /// Figures returned to empty slots (1-based).
    Return {
        unit: String,
        slots: Vec<usize>,
        why: String,
    },
    Damage {
        unit: String,
        amount: u32,
    },
    /// An order given.
    Order {
        unit: String,
        order: String,
        special: bool,
        free: bool,
    },
    /// Order and victory points gained (or lost).
    Points {
        player: String,
        op: i64,
        vp: i64,
    },
    GainEffect {
        unit: String,
        effect: Effect,
    },
    /// The unit is in contact with these units now.
    Contact {
        unit: String,
        with: Vec<String>,
    },
    Arrive {
        unit: String,
    },
    Phase {
        phase: Phase,
        player: String,
    },
    /// The turn ends: effects until end of turn end, Special Orders reset.
    EndTurn {
        turn: u32,
    },
    /// The damage tally of the turn cleared at its end (house rule A10).
    ClearDamage {
        unit: String,
        /// The tally before it was cleared.
        amount: u32,
    },
    /// The judge takes a unit off the battlefield (house rule A9).
    Leave {
        unit: String,
    },
    /// The judge enters what is now true of a unit: its facts, its traits (house rule A13).
    Facts {
        unit: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        facts: Option<Vec<String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        traits: Option<Vec<String>>,
    },
    /// An ability triggers: occurrence `occurrence` of `of` from one event.
    Trigger {
        unit: String,
        ability: String,
        occurrence: u32,
        of: u32,
        event: String,
        /// When it was made ready (its readiness at the event).
        ready_since: u32,
    },
    /// A triggered ability resolves; whether it is still ready does not matter.
    Resolve {
        unit: String,
        ability: String,
        ready_now: bool,
    },
    /// An ability's effect does not happen, and why.
    NoEffect {
        unit: String,
        ability: String,
        why: String,
    },
    /// A decision taken (pinned or by its default policy).
    Decided {
        about: String,
        decision: Decision<String>,
    },
    /// Text the engine does not read, put to the judge.
    Judge {
        resolution: u32,
        unit: String,
        ability: String,
        text: String,
        answered: bool,
    },
    /// A static value asked for, every candidate weighed.
    Query {
        unit: String,
        value: String,
        answer: String,
        weighed: Vec<Weighed>,
        /// Phantom dice: the face they are (`3` for 3s), none if no ability sets them.
        #[serde(skip_serializing_if = "Option::is_none")]
        face: Option<u8>,
        /// Extra dice: the totals by colour.
        #[serde(skip_serializing_if = "Option::is_none")]
        dice: Option<Vec<DiceCount>>,
        /// The ability whose value the answer takes (it took precedence, or was alone).
        #[serde(skip_serializing_if = "Option::is_none")]
        winner: Option<String>,
    },
    /// Reminder text met: no rules effect.
    Reminder {
        unit: String,
        ability: String,
        text: String,
    },
    /// Something that changes nothing, said.
    Note {
        what: String,
    },
    /// A pin names no option: adjudication stops.
    BadPin(BadPin),
    /// Every action played.
    Done,
}

/// Applies `change` to `st`: the only place the state changes for a change.
pub fn apply(st: &mut State, change: &Change) {
    let unit = |st: &State, id: &str| st.index_of(id);
    match change {
        Change::SpecialOrder { unit: id } => {
            if let Some(u) = unit(st, id) {
                st.units[u].special_order = true;
            }
        }
        Change::SpendOp { player, amount } => {
            if let Some(p) = st.player_of(player) {
                st.players[p].op = st.players[p].op.saturating_sub(*amount);
            }
        }
        Change::Down {
            unit: id, slots, ..
        } => {
            if let Some(u) = unit(st, id) {
                for &s in slots {
                    if let Some(slot) = st.units[u].slots.get_mut(s.wrapping_sub(1)) {
                        slot.occupied = false;
                    }
                }
            }
        }
        Change::Return {
            unit: id, slots, ..
        } => {
            if let Some(u) = unit(st, id) {
                let now = st.clock;
                for &s in slots {
                    if let Some(slot) = st.units[u].slots.get_mut(s.wrapping_sub(1)) {
                        slot.occupied = true;
                        slot.since = now;
                    }
                }
            }
        }
        Change::Damage { unit: id, amount } => {
            if let Some(u) = unit(st, id) {
                st.units[u].damage = st.units[u].damage.saturating_add(*amount);
            }
        }
        Change::Order {
            unit: id, special, ..
        } => {
            if let Some(u) = unit(st, id) {
                if *special {
                    st.units[u].special_order = true;
                }
            }
        }
        Change::Points { player, op, vp } => {
            if let Some(p) = st.player_of(player) {
                let add = |v: u32, d: i64| (i64::from(v) + d).clamp(0, i64::from(u32::MAX)) as u32;
                st.players[p].op = add(st.players[p].op, *op);
                st.players[p].vp = add(st.players[p].vp, *vp);
            }
        }
        Change::GainEffect { unit: id, effect } => {
            if let Some(u) = unit(st, id) {
                st.units[u].effects.push(effect.clone());
            }
        }
        Change::Contact { unit: id, with } => {
            if let Some(u) = unit(st, id) {
                for w in with {
                    if let Some(o) = st.index_of(w) {
                        if o != u {
                            st.contact.insert((u.min(o), u.max(o)));
                        }
                    }
                }
            }
        }
        Change::Arrive { unit: id } => {
            if let Some(u) = unit(st, id) {
                st.units[u].on_battlefield = true;
                st.units[u].arrived = st.clock;
            }
        }
        Change::Phase { phase, player } => {
            st.phase = *phase;
            if let Some(p) = st.player_of(player) {
                st.active = p;
            }
        }
        Change::EndTurn { .. } => {
            for u in st.units.iter_mut() {
                u.effects.retain(|e| !e.until_end_of_turn);
                u.special_order = false;
            }
            st.turn += 1;
            st.phase = Phase::End;
        }
        Change::ClearDamage { unit: id, .. } => {
            if let Some(u) = unit(st, id) {
                st.units[u].damage = 0;
            }
        }
        Change::Leave { unit: id } => {
            if let Some(u) = unit(st, id) {
                st.units[u].on_battlefield = false;
            }
        }
        Change::Facts {
            unit: id,
            facts,
            traits,
        } => {
            if let Some(u) = unit(st, id) {
                if let Some(f) = facts {
                    st.units[u].facts = f.clone();
                }
                if let Some(t) = traits {
                    st.units[u].traits = t.clone();
                    st.units[u].traits_entered = true;
                }
            }
        }
        Change::Decided { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::Judge { resolution, .. } => st.resolutions = st.resolutions.max(*resolution),
        Change::BadPin(_) => {
            st.outcome = Some(Outcome {
                result: "bad_pin",
                rejected: st.rejected.clone(),
            })
        }
        Change::Rejected(r) => st.rejected.push(r.action + 1),
        Change::Done => {
            st.outcome = Some(Outcome {
                result: if st.position.on_rejection == crate::rules::OnRejection::Stop
                    && !st.rejected.is_empty()
                {
                    "stopped_at_rejection"
                } else {
                    "actions_done"
                },
                rejected: st.rejected.clone(),
            })
        }
        Change::Ready { .. }
        | Change::Activate { .. }
        | Change::Restriction { .. }
        | Change::Trigger { .. }
        | Change::Resolve { .. }
        | Change::NoEffect { .. }
        | Change::Query { .. }
        | Change::Reminder { .. }
        | Change::Note { .. } => {}
    }
}

/// Applies `change` and records it with the rule behind it.
pub fn emit(st: &mut State, out: &mut Vec<Event>, change: Change, cite: impl Into<Rule>) {
    apply(st, &change);
    out.push(Event {
        change,
        cite: cite.into(),
    });
}

fn slots(list: &[usize]) -> String {
    let s: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    match s.len() {
        0 => "no slot".into(),
        1 => format!("slot {}", s[0]),
        _ => format!("slots {}", s.join(", ")),
    }
}

/// The log's sentence for `event`, naming units as `st` names them.
pub fn describe(st: &State, event: &Event) -> String {
    let who = |id: &str| st.index_of(id).map_or(id.to_string(), |u| st.who(u));
    match &event.change {
        Change::Ready {
            unit,
            ability,
            ready,
            since,
            figure,
        } => {
            let kind = if *figure { "figure" } else { "unit" };
            match (ready, since) {
                (true, Some(t)) => format!("{}'s {kind} ability {ability} is ready (since moment {t}).", who(unit)),
                _ => format!("{}'s {kind} ability {ability} is not ready.", who(unit)),
            }
        }
        Change::Rejected(r) => r.describe(),
        Change::Activate { unit, ability } => format!(
            "{} activates {ability}: its restriction is met and every cost is payable, so it is paid.",
            who(unit)
        ),
        Change::Restriction {
            unit,
            ability,
            text,
            met,
            again,
        } => format!(
            "{}'s {ability}: the activation restriction \"{text}\" is {}{}.",
            who(unit),
            if *met { "met" } else { "not met" },
            if *again { " (checked again on resolution)" } else { "" }
        ),
        Change::SpecialOrder { unit } => format!("{} is given its Special Order for this turn.", who(unit)),
        Change::SpendOp { player, amount } => format!("{player} spends {amount} OP."),
        Change::Down { unit, slots: s, why } => format!(
            "{}: the {} in {} {} downed ({why}).",
            who(unit),
            if s.len() == 1 { "figure" } else { "figures" },
            slots(s),
            if s.len() == 1 { "is" } else { "are" }
        ),
        Change::Return { unit, slots: s, why } => format!(
            "{}: {} to {} ({why}).",
            who(unit),
            if s.len() == 1 { "a figure returns" } else { "figures return" },
            slots(s)
        ),
        Change::Damage { unit, amount } => format!("{} is dealt {amount} damage.", who(unit)),
        Change::Order {
            unit,
            order,
            special,
            free,
        } => format!(
            "{} is given a {}{order} order{}.",
            who(unit),
            if *free { "free " } else { "" },
            if *special { " (its Special Order)" } else { "" }
        ),
        Change::Points { player, op, vp } => {
            let mut parts = Vec::new();
            if *op != 0 {
                parts.push(format!("{op:+} OP"));
            }
            if *vp != 0 {
                parts.push(format!("{vp:+} VP"));
            }
            format!("{player}: {}.", if parts.is_empty() { "no change".into() } else { parts.join(", ") })
        }
        Change::GainEffect { unit, effect } => format!(
            "{} gains: {}{}.",
            who(unit),
            effect.text,
            if effect.until_end_of_turn && !effect.text.contains("end of turn") { " (until end of turn)" } else { "" }
        ),
        Change::Contact { unit, with } => format!(
            "{} ends its movement in contact with {}.",
            who(unit),
            with.iter().map(|w| who(w)).collect::<Vec<_>>().join(", ")
        ),
        Change::Arrive { unit } => format!("{} comes onto the battlefield.", who(unit)),
        Change::Phase { phase, player } => format!("{player}'s {} starts.", phase.label()),
        Change::EndTurn { turn } => format!(
            "Turn {turn} ends: effects until end of turn end; every unit may be given a Special Order again."
        ),
        Change::ClearDamage { unit, amount } => format!(
            "{}'s damage this turn ({amount}) is cleared to 0.",
            who(unit)
        ),
        Change::Leave { unit } => format!("{} is taken off the battlefield.", who(unit)),
        Change::Facts {
            unit,
            facts,
            traits,
        } => {
            let list = |l: &[String]| if l.is_empty() { "none".to_string() } else { l.join(", ") };
            let mut parts = Vec::new();
            if let Some(f) = facts {
                parts.push(format!("its facts are now {}", list(f)));
            }
            if let Some(t) = traits {
                parts.push(format!("its traits are now {}", list(t)));
            }
            format!("{}: {}.", who(unit), parts.join("; "))
        }
        Change::Trigger {
            unit,
            ability,
            occurrence,
            of,
            event,
            ready_since,
        } => format!(
            "{}'s {ability} triggers ({event}; occurrence {occurrence} of {of}; ready at the event, since moment {ready_since}).",
            who(unit)
        ),
        Change::Resolve {
            unit,
            ability,
            ready_now,
        } => format!(
            "{}'s {ability} resolves{}.",
            who(unit),
            if *ready_now { "" } else { " although it is no longer ready" }
        ),
        Change::NoEffect { unit, ability, why } => format!("{}'s {ability} has no effect: {why}.", who(unit)),
        Change::Decided { about, decision } => format!("{about}: {}", decision.describe(|s| s.clone())),
        Change::Judge {
            resolution,
            unit,
            ability,
            text,
            answered,
        } => format!(
            "Resolution {resolution}: the engine does not read \"{text}\" ({}'s {ability}); {}.",
            who(unit),
            if *answered {
                "the judge's answer applies"
            } else {
                "no answer in `resolutions`, so nothing changes"
            }
        ),
        Change::Query {
            unit,
            value,
            answer,
            weighed,
            ..
        } => {
            let list: Vec<String> = weighed
                .iter()
                .map(|w| match w.ready_since {
                    Some(t) => format!("{} says {} (ready since moment {t})", w.ability, w.value),
                    None => format!("{} says {}", w.ability, w.value),
                })
                .collect();
            format!(
                "{}'s {value}: {answer}{}.",
                who(unit),
                if list.is_empty() { String::new() } else { format!("; weighed: {}", list.join("; ")) }
            )
        }
        Change::Reminder { unit, ability, text } => format!(
            "{}'s {ability}: the reminder text \"({text})\" has no rules effect.",
            who(unit)
        ),
        Change::Note { what } => format!("{what}."),
        Change::BadPin(b) => format!("Adjudication stops: {b}."),
        Change::Done => "Every action is played.".into(),
    }
}
