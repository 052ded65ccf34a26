//! Deck validation for Heroes of Karth (issue #4): a decklist in, a verdict out.
//!
//! This module owns the decklist text and JSON formats ([`parse_decklist`],
//! [`parse_decklists`], [`parse_json`]), the deck-building rules (the rulebook's section
//! 3, seed 001's 5.1, 5.1.2, 5.5 and 5.6.2, and each format's banned and restricted
//! cards), and the [`Verdict`] every surface shows: the page, the API, the CLI and the
//! tournament batch all call [`DeckValidator::validate`] and serialise the same struct.
//! It is pure: no I/O, no HTTP, no rendering. The limits come from the catalogue's
//! formats (`data/formats.csv`, `data/legality.csv`); the decisions the rulebook leaves
//! open are `D1`… in `docs/decks.md`, and every message cites its rule and decision.

mod batch;
pub mod fingerprint;
mod parse;
mod rules;

pub use batch::{
    batch_json, format_for, report_csv, report_name, Batch, Checked, ReportRow, Tally,
};
pub use parse::{
    parse_decklist, parse_decklists, parse_json, Decklist, Entry, JsonCard, JsonDeck, Section,
    MAX_BYTES,
};
pub use rules::{
    CardLine, CategoryCounts, DeckValidator, HeroLine, Severity, Summary, TokenLine, Verdict,
    Violation, MAX_VIOLATIONS,
};

use crate::catalogue::Catalogue;

/// The game whose decks this module validates.
pub const GAME: &str = "karth";
/// The format used when none is named.
pub const DEFAULT_FORMAT: &str = "standard";

/// Why a deck could not be judged at all (as opposed to being judged illegal).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// The format is not in the catalogue's `formats.csv`.
    #[error("unknown {game} format `{format}`{}; the formats are: {}",
        suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default(),
        known.join(", "))]
    UnknownFormat {
        game: String,
        format: String,
        suggestion: Option<String>,
        known: Vec<String>,
    },
    /// A JSON decklist that is not the documented shape.
    #[error("the JSON decklist is not valid: {0}; expected {{\"faction\"?, \"format\"?, \"player\"?, \"name\"?, \"cards\": [{{\"name\", \"count\"}}]}}")]
    Json(String),
}

/// Parses and validates one decklist text against `format` of the bundled game.
pub fn validate(cat: &Catalogue, text: &str, format: &str) -> Result<Verdict, DeckError> {
    let v = DeckValidator::new(cat, format)?;
    Ok(v.validate(&parse_decklist(text)))
}
