//! Tournament day (issue #32): an event's registrations read in one go, every list
//! judged as of the event's date, one report, the judges' worklist and the deck-check
//! draw.
//!
//! An organiser hands over [`Upload`]s: a registration CSV (one row per player: player,
//! optional team and id, the decklist in a cell or the name of a file uploaded beside it
//! or inside a zip), zips of decklist files, and decklist files. [`import`] turns them
//! into [`Registration`]s, each keeping its player and its file's name, and records every
//! problem of the upload located (`file:line`) without dropping the rest; `report`
//! judges them ([`check`]) and `draw` picks deck checks. Pure like `decks`: the callers
//! (the CLI's `check --event`, the web's `/events`) read the bytes and render; nothing is
//! stored.

mod report;
mod upload;
mod zipped;

pub use report::{check, draw, EventDeck, EventOptions, EventReport, Tally, WorklistRow};
pub use upload::{import, Registration, Registrations, Upload, MAX_REGISTRATIONS};
pub use zipped::{MAX_ENTRIES, MAX_EXPANDED, MAX_ZIP_BYTES};

/// The most an event's uploads may weigh together, in bytes (32 MiB): a thousand
/// decklists are about two megabytes.
pub const MAX_UPLOAD_BYTES: usize = 32 << 20;
