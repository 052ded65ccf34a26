//! The battle-line rules engine (seed 000): a pure state machine that plays a disputed
//! position out and explains every event by the rule that caused it, on the shared
//! adjudication core ([`crate::rules`]).
//!
//! The surface is small: read a [`Position`], [`resolve`] it against a [`CardSource`]
//! into a [`State`], then [`step`] (pure: `step(&state) -> (state, events)`) or
//! [`adjudicate`] to the end; [`Battleline`] is the game as the core sees it. Every board
//! change is an [`Event`] carrying a citation that quotes seed 000 or the written turn
//! sequence (`docs/rules/battleline.md`); ambiguities are [`Interpretations`], never
//! silent choices. The random generator lives in the state and every pick is an event.
//!
//! This module does no I/O and knows nothing of SQL, HTTP or the catalogue's types:
//! card names come through [`CardSource`]. The family files under `families/` hold the
//! abilities; `actions.rs` the one-verb actions they are built from; `damage.rs` and
//! `death.rs` the core battle-line rules of damage and destruction; `turn.rs` the
//! sequence.

pub mod ability;
pub mod actions;
pub mod cite;
pub mod damage;
pub mod death;
pub mod event;
pub mod families;
pub mod form;
pub mod interpret;
pub mod position;
pub mod state;
pub mod turn;
pub mod view;

use std::sync::Arc;

use crate::rules::chance::ChanceInfo;
use crate::rules::{self, Game};

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, Position, PositionError};
pub use state::{Outcome, Phase, State};
pub use turn::{advance, run_to_end, step, MAX_STEPS};

pub use crate::rules::{RecordConfig, STATE_BUDGET_BYTES};

/// The battle-line game (seed 000) as the core sees it.
pub struct Battleline;

/// One event as the log shows it.
pub type LoggedEvent = rules::LoggedEvent<Change>;
/// One step of an adjudication, with the position after it.
pub type StepRecord = rules::StepRecord<Battleline>;
/// A whole adjudication: the steps and the final position.
pub type Adjudication = rules::Adjudication<Battleline>;
/// The recorder behind [`play_out`] and the API's streamed answer.
pub type Recorder = rules::Recorder<Battleline>;

impl Game for Battleline {
    const ID: &'static str = cite::GAME;
    const NAME: &'static str = "Battle-line card game";
    const SEED: &'static str = cite::SEED;
    const RULES_DOC: &'static str = cite::RULES_DOC;

    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = dyn CardSource + 'a;
    type Phase = Phase;
    type Outcome = Outcome;
    type Readings = Interpretations;
    type MemoKey = ();

    fn builder_form(values: &rules::FormFields) -> Option<rules::Form> {
        Some(form::layout(values))
    }
    fn form_values(position: Option<&Position>) -> (rules::FormFields, Vec<String>) {
        match position {
            Some(p) => form::from_position(p),
            None => (form::defaults(), Vec::new()),
        }
    }
    fn from_form(values: &rules::FormFields) -> Result<Position, Vec<rules::FieldError>> {
        form::to_position(values)
    }
    fn from_form_partial(values: &rules::FormFields) -> (Option<Position>, Vec<rules::FieldError>) {
        let (position, errors) = form::partial(values);
        (Some(position), errors)
    }
    fn form_error(values: &rules::FormFields, error: &PositionError) -> rules::FieldError {
        form::locate(values, error)
    }
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
    fn readings(position: &Position) -> &Interpretations {
        &position.interpretations
    }
    fn with_readings(position: &Position, readings: Interpretations) -> Position {
        Position {
            interpretations: readings,
            ..position.clone()
        }
    }
    fn advance(state: &mut State) -> Vec<Event> {
        advance(state)
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
    fn outcome(state: &State) -> Outcome {
        state.outcome.clone().unwrap_or(Outcome::StepBound)
    }
    fn clock(state: &State) -> (u32, u32, Phase) {
        // Before the first step the state is at the end of the turn before the first
        // one to play; its clock names the turn about to begin.
        let turn = if state.steps == 0 {
            state.turn + 1
        } else {
            state.turn
        };
        (state.steps, turn, state.phase)
    }
    fn phase_label(phase: Phase) -> &'static str {
        phase.label()
    }
    fn describe(state: &State, event: &Event) -> String {
        event.describe(&[state.players[0].name.clone(), state.players[1].name.clone()])
    }
    fn summary(final_position: &Position, outcome: &Outcome) -> String {
        let f = final_position;
        let mut out = String::new();
        out.push_str(&format!(
            "result: {}\n",
            match outcome {
                Outcome::Win { winner, .. } => format!("{} wins", f.players[*winner].name),
                Outcome::Draw => "draw".to_string(),
                Outcome::TurnsPlayed => "the turns ran out".to_string(),
                Outcome::StepBound => "step bound reached".to_string(),
                Outcome::BadDecision {
                    decision, option, ..
                } => format!(
                    "stopped: the pin for decision {decision} (option {option}) is not an option"
                ),
                Outcome::BadChoice { chance, slot, .. } => format!(
                    "stopped: the choice for chance {chance} (slot {slot}) is not a candidate"
                ),
            }
        ));
        for p in &f.players {
            let line: Vec<String> = p
                .line
                .iter()
                .enumerate()
                .map(|(i, c)| match c {
                    None => format!("{}: empty", i + 1),
                    Some(c) => format!(
                        "{}: {} {}/{}{}",
                        i + 1,
                        c.card.as_deref().or(c.name.as_deref()).unwrap_or("?"),
                        c.attack.unwrap_or(0),
                        c.life.unwrap_or(0),
                        if c.damage > 0 {
                            format!(" ({} damage)", c.damage)
                        } else {
                            String::new()
                        }
                    ),
                })
                .collect();
            out.push_str(&format!(
                "{}: life {}; line: {}\n",
                p.name,
                p.life,
                if line.is_empty() {
                    "empty".to_string()
                } else {
                    line.join(", ")
                }
            ));
        }
        out
    }
    fn configure(position: &mut Position, play: &rules::PlayConfig) {
        if let Some(t) = play.turns {
            position.turns = t;
        }
        if let Some(s) = play.seed {
            position.seed = s;
        }
    }
    fn pins_any(position: &Position) -> bool {
        !position.choices.is_empty() || !position.decisions.is_empty()
    }
    fn stopped_by_input(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::BadChoice { .. } => Some("choices"),
            Outcome::BadDecision { .. } => Some("decisions"),
            _ => None,
        }
    }
    fn board(state: &State) -> rules::view::Board {
        view::board(state)
    }
    fn chance_panel(state: &State, change: &Change) -> Option<rules::view::ChancePanel> {
        view::chance_panel(state, change)
    }
    fn pin_in_position(position: &Position, chance: u32, pin: &str) -> Result<Position, String> {
        view::pin_in_position(position, chance, pin)
    }
    fn decision_panel(state: &State, change: &Change) -> Option<rules::view::DecisionPanel> {
        view::decision_panel(state, change)
    }
    fn pin_decision_in_position(
        position: &Position,
        decision: u32,
        option: usize,
    ) -> Result<Position, String> {
        view::pin_decision_in_position(position, decision, option)
    }
    fn outcome_sentence(state: &State, outcome: &Outcome) -> String {
        view::outcome_sentence(state, outcome)
    }
    fn citations() -> Vec<&'static Citation> {
        let mut all = families::seed_citations();
        all.extend(cite::turn::ALL.iter());
        all
    }
    fn chance_in(change: &Change) -> Option<ChanceInfo<'_>> {
        match change {
            Change::Chance(c) => Some(c.info()),
            _ => None,
        }
    }
    fn pin_chance(state: &mut State, ordinal: u32, index: usize, events: &[Event]) {
        let slot = events.iter().find_map(|e| match &e.change {
            Change::Chance(c) if c.ordinal == ordinal => {
                c.candidates.get(index).map(|a| a.slot + 1)
            }
            _ => None,
        });
        if let Some(slot) = slot {
            let mut choices: Vec<state::Choice> = state
                .choices
                .iter()
                .filter(|c| c.chance != ordinal)
                .copied()
                .collect();
            choices.push(state::Choice {
                chance: ordinal,
                slot,
            });
            state.choices = Arc::from(choices);
        }
    }
}

/// Resolves `position` and plays it to the end.
pub fn adjudicate(
    position: &Position,
    cards: &dyn CardSource,
    config: RecordConfig,
) -> Result<Adjudication, Vec<PositionError>> {
    rules::adjudicate::<Battleline>(position, cards, config)
}

/// Plays a resolved state to the end, recording each step.
pub fn play_out(st: &mut State, config: RecordConfig) -> Adjudication {
    rules::play_out::<Battleline>(st, config)
}
