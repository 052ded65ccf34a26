//! The battle-line rules engine (seed 000): a pure state machine that plays a disputed
//! position out and explains every event by the rule that caused it.
//!
//! The surface is small: read a [`Position`], [`resolve`] it against a [`CardSource`]
//! into a [`State`], then [`step`] (pure: `step(&state) -> (state, events)`) or
//! [`adjudicate`] to the end. Every board change is an [`Event`] carrying a
//! [`Citation`] that quotes seed 000 or the written turn sequence
//! (`docs/rules/battleline.md`); ambiguities are [`Interpretations`], never silent
//! choices. The random generator lives in the state and every pick is an event.
//!
//! This module does no I/O and knows nothing of SQL, HTTP or the catalogue's types:
//! card names come through [`CardSource`]. The family files under `families/` hold the
//! abilities; `actions.rs` the one-verb actions they are built from; `turn.rs` the
//! sequence.

pub mod ability;
pub mod actions;
pub mod cite;
pub mod event;
pub mod families;
pub mod interpret;
pub mod position;
pub mod state;
pub mod turn;

use std::sync::Arc;

use serde::Serialize;

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, Position, PositionError};
pub use state::{Outcome, Phase, State};
pub use turn::{advance, run_to_end, step, MAX_STEPS};

/// One event as the log shows it: the sentence, the rule, and the structured change.
#[derive(Debug, Clone, Serialize)]
pub struct LoggedEvent {
    pub text: String,
    /// The cited sentence, and under `citations` every basis (seed, house rule,
    /// interpretation reading).
    pub rule: Rule,
    pub change: Change,
}

/// One step of an adjudication, with the position after it.
#[derive(Debug, Clone, Serialize)]
pub struct StepRecord {
    /// 1-based.
    pub n: u32,
    pub turn: u32,
    pub phase: Phase,
    pub events: Vec<LoggedEvent>,
    /// The position after this step (absent when not recorded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Position>,
}

/// A whole adjudication: the steps and the final position.
#[derive(Debug, Clone, Serialize)]
pub struct Adjudication {
    pub steps: Vec<StepRecord>,
    #[serde(rename = "final")]
    pub final_position: Position,
    pub outcome: Outcome,
    /// The first step recorded without its `state` because the states so far reached
    /// [`STATE_BUDGET_BYTES`] (absent when every step has one, or none was asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub states_omitted_from: Option<u32>,
}

/// The most bytes of per-step `state` JSON one adjudication records: about 16 MiB.
///
/// A 64 KiB position can run to the step bound with 24 creatures on the lines; a state
/// after every one of its 10,000 steps would be some 70 MB of JSON. Past the budget the
/// steps keep their events but not their states, and the answer says from which step
/// (`states_omitted_from`). Every game of a few turns stays far inside it.
pub const STATE_BUDGET_BYTES: usize = 16 << 20;

/// What [`adjudicate`] records.
#[derive(Debug, Clone, Copy)]
pub struct RecordConfig {
    /// Record the position after every step (the step-through needs it; a log alone
    /// does not).
    pub states: bool,
}

impl Default for RecordConfig {
    fn default() -> Self {
        RecordConfig { states: true }
    }
}

/// Resolves `position` and plays it to the end.
pub fn adjudicate(
    position: &Position,
    cards: &dyn CardSource,
    config: RecordConfig,
) -> Result<Adjudication, Vec<PositionError>> {
    let mut st = resolve(position, cards)?;
    Ok(play_out(&mut st, config))
}

/// The length of `value`'s compact JSON, counted without building it.
fn json_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail; a value that does not serialize counts as 0.
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}

/// Records a game as it is played, one step at a time: the one recorder behind
/// [`play_out`] (which collects the steps) and the API's streamed answer (which writes
/// each as it comes). Per-step states stop once they pass [`STATE_BUDGET_BYTES`].
pub struct Recorder {
    config: RecordConfig,
    names: [Arc<str>; 2],
    state_bytes: usize,
    states_omitted_from: Option<u32>,
}

impl Recorder {
    pub fn new(st: &State, config: RecordConfig) -> Recorder {
        Recorder {
            config,
            names: [st.players[0].name.clone(), st.players[1].name.clone()],
            state_bytes: 0,
            states_omitted_from: None,
        }
    }

    /// Plays the next step of `st` and records it; `None` once the game is over.
    pub fn step(&mut self, st: &mut State) -> Option<StepRecord> {
        if st.is_over() {
            return None;
        }
        let events = advance(st);
        let logged = events
            .into_iter()
            .map(|e| LoggedEvent {
                text: e.describe(&self.names),
                rule: e.cite,
                change: e.change,
            })
            .collect();
        let state = if self.config.states && self.states_omitted_from.is_none() {
            let position = to_position(st);
            self.state_bytes += json_len(&position);
            if self.state_bytes > STATE_BUDGET_BYTES {
                self.states_omitted_from = Some(st.steps);
                None
            } else {
                Some(position)
            }
        } else {
            None
        };
        Some(StepRecord {
            n: st.steps,
            turn: st.turn,
            phase: st.phase,
            events: logged,
            state,
        })
    }

    /// The step from which per-step states were left out (the budget ran out), if any.
    pub fn states_omitted_from(&self) -> Option<u32> {
        self.states_omitted_from
    }
}

/// Plays a resolved state to the end, recording each step.
pub fn play_out(st: &mut State, config: RecordConfig) -> Adjudication {
    let mut recorder = Recorder::new(st, config);
    let mut steps = Vec::new();
    while let Some(step) = recorder.step(st) {
        steps.push(step);
    }
    Adjudication {
        steps,
        final_position: to_position(st),
        outcome: st.outcome.clone().unwrap_or(Outcome::StepBound),
        states_omitted_from: recorder.states_omitted_from(),
    }
}
