//! Arcane Legions special abilities (seed 004) on the shared adjudication core
//! ([`crate::rules`]): when a unit or figure special ability is ready (and since when),
//! how an activated ability is paid for (restriction, every cost payable, the one
//! Special Order a turn), how often a triggered ability triggers and with what
//! readiness, optional and costed triggers, and which of two statics at odds takes
//! precedence. Every event cites a seed 004 sentence, a house rule of
//! `docs/rules/arcane.md` (A1–A13) or a named interpretation; every player choice is a
//! decision with a default policy; effect words the engine does not read go to the judge.
//!
//! The surface: read a [`Position`], [`resolve`] it against a [`CardSource`] into a
//! [`State`], then [`Arcane`]'s `advance` one step (one action) at a time. `ability.rs`
//! reads the words, `turn.rs` owns the order of actions, `families/` the rules (one
//! family per file), `event.rs` the changes and the only `apply`, `cite.rs` the
//! sentences, `interpret.rs` the readings, `view.rs` the board, `form.rs` the builder form. Left out: the base
//! combat rules (not in the seed, and not found published in readable form): the judge
//! enters dice results, contacts and which figures damage downs; the engine rolls
//! nothing. It imports only the core, `grammar` and `text`.

pub mod ability;
pub mod cite;
pub mod event;
pub mod families;
pub mod form;
pub mod format;
pub mod interpret;
pub mod position;
pub mod state;
pub mod turn;
pub mod view;

use crate::rules::chance::ChanceInfo;
use crate::rules::{self, Game};

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use format::{Phase, Position};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, NoCards, PositionError};
pub use state::{Outcome, State};

/// Arcane Legions special abilities as the core sees them.
pub struct Arcane;

/// A whole adjudication.
pub type Adjudication = rules::Adjudication<Arcane>;

impl Game for Arcane {
    const ID: &'static str = cite::GAME;
    const NAME: &'static str = "Arcane Legions";
    const SEED: &'static str = cite::SEED;
    const RULES_DOC: &'static str = cite::RULES_DOC;
    /// No chance node: the engine plays no dice and draws no cards at random.
    const HAS_CHANCE: bool = false;

    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = dyn CardSource + 'a;
    type Phase = Phase;
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
        turn::advance(state)
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
    fn outcome(state: &State) -> Outcome {
        state.outcome.clone().unwrap_or(Outcome {
            result: "unfinished",
            rejected: state.rejected.clone(),
        })
    }
    fn clock(state: &State) -> (u32, u32, Phase) {
        (state.steps, state.turn, state.phase)
    }
    fn phase_label(phase: Phase) -> &'static str {
        phase.label()
    }
    fn describe(state: &State, event: &Event) -> String {
        event::describe(state, event)
    }
    fn summary(final_position: &Position, outcome: &Outcome) -> String {
        let mut out = format!("result: {}", outcome.result);
        if !outcome.rejected.is_empty() {
            let list: Vec<String> = outcome.rejected.iter().map(|n| n.to_string()).collect();
            out.push_str(&format!("; rejected actions: {}", list.join(", ")));
        }
        out.push('\n');
        for p in &final_position.players {
            out.push_str(&format!("{}: {} OP, {} VP\n", p.name, p.op, p.vp));
        }
        for u in &final_position.units {
            let slots = u.slots.clone().unwrap_or_default();
            let occupied: Vec<String> = slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.occupied)
                .map(|(k, _)| (k + 1).to_string())
                .collect();
            let effects: Vec<&str> = u.effects.iter().map(|e| e.text.as_str()).collect();
            out.push_str(&format!(
                "{}: slots occupied {} of {}{}{}{}{}\n",
                u.id,
                if occupied.is_empty() {
                    "none".to_string()
                } else {
                    occupied.join(", ")
                },
                slots.len(),
                if u.damage > 0 {
                    format!("; damage {}", u.damage)
                } else {
                    String::new()
                },
                if effects.is_empty() {
                    String::new()
                } else {
                    format!("; effects: {}", effects.join("; "))
                },
                if u.special_order {
                    "; Special Order given"
                } else {
                    ""
                },
                if u.on_battlefield {
                    ""
                } else {
                    "; off the battlefield"
                }
            ));
        }
        out
    }
    fn configure(_position: &mut Position, _play: &rules::PlayConfig) {}
    fn pins_any(position: &Position) -> bool {
        !position.decisions.is_empty()
    }
    fn stopped_by_input(outcome: &Outcome) -> Option<&'static str> {
        (outcome.result == "bad_pin").then_some("decisions")
    }
    fn board(state: &State) -> rules::view::Board {
        view::board(state)
    }
    fn chance_panel(_state: &State, _change: &Change) -> Option<rules::view::ChancePanel> {
        None
    }
    fn pin_in_position(_position: &Position, chance: u32, _pin: &str) -> Result<Position, String> {
        Err(format!(
            "Arcane Legions has no chance nodes to pin (chance {chance}): the judge enters dice results"
        ))
    }
    fn builder_form(values: &rules::FormFields) -> Option<rules::Form> {
        Some(form::layout(values))
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
    fn decision_panel(_state: &State, change: &Change) -> Option<rules::view::DecisionPanel> {
        view::decision_panel(change)
    }
    fn pin_decision_in_position(
        position: &Position,
        decision: u32,
        option: usize,
    ) -> Result<Position, String> {
        view::pin_decision(position, decision, option)
    }
    fn outcome_sentence(state: &State, outcome: &Outcome) -> String {
        let points: Vec<String> = state
            .players
            .iter()
            .map(|p| format!("{} {} OP, {} VP", p.name, p.op, p.vp))
            .collect();
        let mut s = format!("{}.", points.join("; "));
        if !outcome.rejected.is_empty() {
            s.push_str(&format!(" {} action(s) rejected.", outcome.rejected.len()));
        }
        s
    }
    fn citations() -> Vec<&'static Citation> {
        let mut all = families::seed_citations();
        all.extend(cite::rules::ALL.iter());
        all.extend(interpret::citations());
        all
    }
    fn chance_in(_change: &Change) -> Option<ChanceInfo<'_>> {
        None
    }
    fn pin_chance(_state: &mut State, _ordinal: u32, _index: usize, _events: &[Event]) {}
}

/// Resolves `position` and plays it to the end.
pub fn adjudicate(
    position: &Position,
    cards: &dyn CardSource,
    config: rules::RecordConfig,
) -> Result<Adjudication, Vec<PositionError>> {
    rules::adjudicate::<Arcane>(position, cards, config)
}
