//! Heroes of Karth play legality (seed 001 §5.1–5.10) on the shared adjudication core
//! ([`crate::rules`]): a judge enters a battlefield, the players' cards and a sequence
//! of proposed actions (hire, to the side, bring in, call pet, move, teleport, equip,
//! unequip, use an item, a unit dies, snatch, income, cast, summon a token, scribe,
//! attack, end the turn); each is accepted (and applied) or rejected with the rule it
//! breaks, every event citing a seed 001 sentence (with its occurrence where the number
//! repeats), a published rule of the rulebook's section 4, a house rule of
//! `docs/rules/karth.md` or a named interpretation. There is no chance in §5.
//!
//! `actions/` owns the rules (one file per family of §5), `event.rs` the changes and the
//! only `apply`, `cite.rs` the sentences, `interpret.rs` the readings, `format.rs` and
//! `position.rs` the input and its checks, `view.rs` the board. A card's type, class
//! and classes are read by [`crate::grammar::karth`], which the deck validator shares.
//! It does no I/O and imports only the core, `grammar` and `text`. Left out: combat's
//! damage (an attack is judged for legality only, house rule K9) and card effects
//! beyond what §5 names (house rule K12).

pub mod actions;
pub mod cite;
pub mod event;
pub mod form;
pub mod format;
pub mod interpret;
pub mod position;
pub mod state;
pub mod view;

use serde::Serialize;

use crate::rules::chance::ChanceInfo;
use crate::rules::{self, Game, OnRejection, Rejected};

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use format::{Action, Position, Verb};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, NoCards, PositionError};
pub use state::State;

/// Heroes of Karth play legality as the core sees it.
pub struct Karth;

/// A whole adjudication.
pub type Adjudication = rules::Adjudication<Karth>;

/// How judging ended: every action judged, or stopped at a rejection.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    /// `judged`, `stopped_at_rejection` or `unfinished`.
    pub result: &'static str,
    pub accepted: u32,
    pub rejected: u32,
}

impl Game for Karth {
    const ID: &'static str = cite::GAME;
    const NAME: &'static str = "Heroes of Karth";
    const SEED: &'static str = cite::SEED;
    const RULES_DOC: &'static str = cite::RULES_DOC;
    const HAS_CHANCE: bool = false;

    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = dyn CardSource + 'a;
    type Phase = Verb;
    type Outcome = Outcome;
    type Readings = Interpretations;
    type MemoKey = ();

    fn read_position(text: &str) -> Result<Position, PositionError> {
        Position::from_json(text)
    }
    fn read_position_all(text: &str) -> Result<Position, Vec<PositionError>> {
        crate::rules::position::parse_json_all(text)
    }
    fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
        resolve(position, cards)
    }
    fn to_position(state: &State) -> Position {
        to_position(state)
    }
    fn builder_form(values: &rules::FormFields) -> Option<rules::Form> {
        Some(form::mark_action_fields(form::layout(values)))
    }
    fn form_values(position: Option<&Position>) -> (rules::FormFields, Vec<String>) {
        position.map_or_else(|| (form::defaults(), Vec::new()), form::from_position)
    }
    fn from_form(values: &rules::FormFields) -> Result<Position, Vec<rules::FieldError>> {
        form::to_position(values)
    }
    fn form_error(values: &rules::FormFields, error: &PositionError) -> rules::FieldError {
        form::locate(values, error)
    }
    fn readings(position: &Position) -> &Interpretations {
        &position.interpretations
    }
    fn with_readings(position: &Position, readings: Interpretations) -> Position {
        Position {
            interpretations: readings,
            ..position.clone()
        }
    }
    fn advance(st: &mut State) -> Vec<Event> {
        let mut events = Vec::new();
        let Some(action) = st.position.actions.get(st.next).cloned() else {
            return events;
        };
        let n = st.number(st.next);
        st.steps += 1;
        st.last_verb = Some(action.verb());
        st.last_rejected = None;
        st.last_note = None;
        st.last_path.clear();
        let proposed = actions::proposed(st, &action);
        // The path a move proposes, from where the unit stands, for the board.
        let path: Vec<format::Cell> = match &action {
            Action::Move { unit, path, .. } => st
                .unit(unit)
                .map(|u| u.at)
                .into_iter()
                .chain(path.iter().copied())
                .collect(),
            Action::Teleport { unit, to, .. } => st
                .unit(unit)
                .map(|u| u.at)
                .into_iter()
                .chain([*to])
                .collect(),
            _ => Vec::new(),
        };
        match actions::judge(st, &action) {
            Ok(acc) => {
                // A move stopped short: the board draws the part of the path taken.
                let refused = acc.changes.iter().find_map(|(c, _)| match c {
                    Change::Stopped { refused, .. } => Some(refused.len()),
                    _ => None,
                });
                let path = match refused {
                    Some(n) => path[..path.len().saturating_sub(n)].to_vec(),
                    None => path,
                };
                event::emit(
                    st,
                    &mut events,
                    Change::Accepted {
                        action: n + 1,
                        proposed,
                    },
                    acc.rule,
                );
                for (change, rule) in acc.changes {
                    event::emit(st, &mut events, change, rule);
                }
                st.last_path = path;
            }
            Err(rej) => {
                let cells = if rej.cells.is_empty() {
                    actions::cells(st, &action)
                } else {
                    rej.cells
                };
                let mut reason = rej.reason;
                if let Some(first) = reason.get(..1) {
                    reason = first.to_uppercase() + &reason[1..];
                }
                st.last_note = Some(format!(
                    "Action {} rejected under {} {}: {reason}",
                    n + 1,
                    rej.rule.place(),
                    rej.rule.rule
                ));
                event::emit(
                    st,
                    &mut events,
                    Change::Rejected(Rejected {
                        action: n,
                        proposed,
                        reason,
                    }),
                    rej.rule,
                );
                st.last_rejected = Some((n, cells));
                st.last_path = path;
                if st.position.on_rejection == OnRejection::Stop {
                    st.stopped = true;
                }
            }
        }
        st.next += 1;
        events
    }
    fn is_over(st: &State) -> bool {
        st.stopped || st.next >= st.position.actions.len()
    }
    fn outcome(st: &State) -> Outcome {
        Outcome {
            result: if st.stopped {
                "stopped_at_rejection"
            } else if st.next >= st.position.actions.len() {
                "judged"
            } else {
                "unfinished"
            },
            accepted: st.accepted,
            rejected: st.rejected,
        }
    }
    fn clock(st: &State) -> (u32, u32, Verb) {
        (st.steps, st.turn(), st.last_verb.unwrap_or(Verb::EndTurn))
    }
    fn phase_label(phase: Verb) -> &'static str {
        phase.label()
    }
    fn describe(st: &State, event: &Event) -> String {
        event::describe(st, event)
    }
    fn summary(p: &Position, outcome: &Outcome) -> String {
        let mut out = format!(
            "result: {} action(s) accepted, {} rejected{}\n",
            outcome.accepted,
            outcome.rejected,
            if outcome.result == "stopped_at_rejection" {
                "; stopped at the first rejection"
            } else {
                ""
            }
        );
        out.push_str(&format!("turn {}, {} to play\n", p.turn, p.active));
        for pl in &p.players {
            out.push_str(&format!(
                "{}: {} gold; hand {}; side {}\n",
                pl.name,
                pl.gold,
                if pl.hand.is_empty() {
                    "empty".to_string()
                } else {
                    pl.hand.join(", ")
                },
                if pl.side.is_empty() {
                    "empty".to_string()
                } else {
                    pl.side
                        .iter()
                        .map(|s| format!("{} (turn {})", s.card, s.placed))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
        }
        for u in &p.units {
            out.push_str(&format!(
                "{} ({}) at {}{}\n",
                u.id,
                u.owner,
                state::at(u.at),
                if u.items.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", items: {}",
                        u.items
                            .iter()
                            .map(|i| i.card.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ));
        }
        out
    }
    fn configure(_position: &mut Position, _play: &rules::PlayConfig) {}
    fn pins_any(_position: &Position) -> bool {
        false
    }
    fn stopped_by_input(_outcome: &Outcome) -> Option<&'static str> {
        None
    }
    fn board(st: &State) -> rules::view::Board {
        view::board(st)
    }
    fn grid(st: &State) -> Option<rules::view::Grid> {
        view::grid(st)
    }
    fn chance_panel(_st: &State, _change: &Change) -> Option<rules::view::ChancePanel> {
        None
    }
    fn pin_in_position(_position: &Position, chance: u32, _pin: &str) -> Result<Position, String> {
        Err(format!(
            "Heroes of Karth play legality has no chance to pin (chance {chance})"
        ))
    }
    fn outcome_sentence(_st: &State, outcome: &Outcome) -> String {
        format!(
            "{} action(s) accepted, {} rejected.",
            outcome.accepted, outcome.rejected
        )
    }
    fn citations() -> Vec<&'static Citation> {
        let mut all: Vec<&'static Citation> = cite::s5::ALL.iter().collect();
        all.extend(cite::base::ALL.iter());
        all.extend(cite::rules::ALL.iter());
        all
    }
    fn chance_in(_change: &Change) -> Option<ChanceInfo<'_>> {
        None
    }
    fn pin_chance(_st: &mut State, _ordinal: u32, _index: usize, _events: &[Event]) {}
}

/// Resolves `position` and judges every action.
pub fn adjudicate(
    position: &Position,
    cards: &dyn CardSource,
    config: rules::RecordConfig,
) -> Result<Adjudication, Vec<PositionError>> {
    rules::adjudicate::<Karth>(position, cards, config)
}
