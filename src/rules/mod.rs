//! The adjudication core every game system plugs into: citations that say which kind of
//! source they quote, named interpretations, decisions, chance with exact odds, rejected
//! actions, the step log and the replayer, and the budget (a deadline and a cancel flag)
//! its loops check.
//!
//! A game implements [`Game`] in `src/games/<game>/`; the core does everything else the
//! same way for every game (the CLI's log, the API, the step-through pages, permalinks,
//! comparing two readings). The core imports no game and does no I/O.

pub mod budget;
pub mod chance;
pub mod cite;
pub mod decision;
pub mod form;
pub mod game;
pub mod interpret;
pub mod odds;
pub mod position;
pub mod reject;
pub mod shapes;
pub mod view;

pub use chance::{Chance, ChanceInfo, Odds};
pub use cite::{Basis, Citation, Reading, Rule, Source};
pub use decision::{AnswerError, Decision, DecisionPin, Selection};
pub use form::{FieldError, Form, FormFields};
pub use game::{
    adjudicate, input_error, log_text, play_out, Adjudication, Event, Game, LoggedEvent,
    PlayConfig, RecordConfig, Recorder, Replay, StepRecord, STATE_BUDGET_BYTES,
};
pub use interpret::{InterpretationInfo, Readings};
pub use odds::{Distribution, Method};
pub use position::PositionError;
pub use reject::{OnRejection, Rejected};
