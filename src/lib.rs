//! Arbiter: a card database and rules adjudicator.
//!
//! Data flows one way: CSV (`data/`) is validated and imported into SQLite by
//! [`catalogue`], loaded into memory as a [`catalogue::Catalogue`], and served by [`web`].
//! [`grammar`] reads ability text; [`diag`] formats every input error; [`text`] folds
//! names for lookup. See `ARCHITECTURE.md` for the map and its invariants.

pub mod adjudicate;
pub mod catalogue;
pub mod config;
pub mod date;
pub mod decks;
pub mod diag;
pub mod events;
pub mod files;
pub mod games;
pub mod grammar;
pub mod permalinks;
pub mod rules;
pub mod rulings;
pub mod search;
pub mod sqlfile;
pub mod synth;
pub mod text;
pub mod web;
