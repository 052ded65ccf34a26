//! KeyForge's ability types (seed 003) on the shared adjudication core
//! ([`crate::rules`]): part of one turn of the active player — play, reap, fight,
//! Action:, Omni:, plays and puts-into-play by an ability — each action a step, every
//! event citing a seed 003 sentence, a published rule, a house rule of
//! `docs/rules/keyforge.md` or a named interpretation; refused actions are `rejected`
//! steps citing their rule; choices are decisions a judge can pin; text outside the
//! effect language is the judge's to resolve.
//!
//! The surface: read a [`Position`], [`resolve`] it against a [`CardSource`] into a
//! [`State`], then [`Keyforge`]'s `advance` one step at a time. `effect.rs` owns the
//! effect language (reading card text), `turn.rs` the actions and their checks,
//! `families/` the rules (one family per file), `event.rs` the changes and the only
//! `apply`, `cite.rs` the sentences, `interpret.rs` the readings, `view.rs` the board, `form.rs` the builder form.
//! A played card's bonus icons (Æmber, capture, damage, draw) resolve before its Play:
//! abilities (`families/bonus.rs`); a judge's ruling can be written on the step page
//! (`form/answer.rs`, read by the form's own syntax).
//! It does no I/O and knows nothing of the catalogue's types, SQL or HTTP. Left out:
//! forging keys, drawing up, the end of the turn, the later sets' discard and house
//! icons, and most keywords past Elusive, Skirmish, Taunt, Poison, Assault and Hazardous.

pub mod cite;
pub mod effect;
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
use crate::rules::decision::DecisionPin;
use crate::rules::{self, Game};

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, NoCards, Position, PositionError};
pub use state::{Outcome, Phase, State};

/// KeyForge as the core sees it.
pub struct Keyforge;

/// A whole adjudication.
pub type Adjudication = rules::Adjudication<Keyforge>;

impl Game for Keyforge {
    const ID: &'static str = cite::GAME;
    const NAME: &'static str = "KeyForge";
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
        (state.steps, 1, state.phase)
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
            out.push_str(&format!("{}: {}Æ\n", p.name, p.amber));
            for c in &p.battleline {
                out.push_str(&format!(
                    "  battleline {}: damage {}{}{}\n",
                    c.id,
                    c.damage,
                    if c.exhausted { ", exhausted" } else { "" },
                    if c.stunned { ", stunned" } else { "" }
                ));
            }
            for (zone, list) in [
                ("artifacts", &p.artifacts),
                ("hand", &p.hand),
                ("discard", &p.discard),
                ("archives", &p.archives),
            ] {
                if !list.is_empty() {
                    let ids: Vec<&str> = list.iter().map(|c| c.id.as_str()).collect();
                    out.push_str(&format!("  {zone}: {}\n", ids.join(", ")));
                }
            }
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
    fn card_lines(state: &State) -> Vec<rules::view::CardLine> {
        view::card_lines(state)
    }
    fn chance_panel(_state: &State, _change: &Change) -> Option<rules::view::ChancePanel> {
        None
    }
    fn pin_in_position(_position: &Position, chance: u32, _pin: &str) -> Result<Position, String> {
        Err(format!(
            "KeyForge has no chance nodes to pin (chance {chance})"
        ))
    }
    fn decision_panel(state: &State, change: &Change) -> Option<rules::view::DecisionPanel> {
        match change {
            Change::Choice { decision, .. } => {
                Some(rules::view::DecisionPanel::of(decision, |id| state.who(id)))
            }
            Change::Ruling {
                ordinal,
                card,
                text,
                changes,
            } => Some(form::ruling_panel(
                state,
                *ordinal,
                card,
                text,
                changes.as_deref(),
            )),
            _ => None,
        }
    }
    fn pin_decision_in_position(
        position: &Position,
        decision: u32,
        option: usize,
    ) -> Result<Position, String> {
        if decision == 0 || option == 0 {
            return Err("decisions and options are numbered from 1".into());
        }
        let mut p = position.clone();
        p.decisions.retain(|d| d.decision != decision);
        p.decisions.push(DecisionPin { decision, option });
        p.decisions.sort_by_key(|d| d.decision);
        Ok(p)
    }
    fn pin_answer_with_cards(
        position: &Position,
        cards: &dyn CardSource,
        decision: u32,
        text: &str,
    ) -> Result<Position, Vec<rules::AnswerError>> {
        form::pin_ruling(position, cards, decision, text)
    }
    fn outcome_sentence(state: &State, outcome: &Outcome) -> String {
        let amber: Vec<String> = state
            .players
            .iter()
            .map(|p| format!("{} {}Æ", p.name, p.amber))
            .collect();
        let mut s = format!("{}.", amber.join(", "));
        if !outcome.rejected.is_empty() {
            s.push_str(&format!(" {} action(s) rejected.", outcome.rejected.len()));
        }
        s
    }
    fn citations() -> Vec<&'static Citation> {
        let mut all = families::seed_citations();
        all.extend(cite::base::ALL.iter());
        all.extend(cite::rules::ALL.iter());
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
    rules::adjudicate::<Keyforge>(position, cards, config)
}
