//! The game systems Arbiter adjudicates, one folder each, every one built on the shared
//! adjudication core ([`crate::rules`]).
//!
//! Only a game's own folder knows its types. A game imports the core, [`crate::grammar`]
//! and [`crate::text`], never another game; the core imports no game.

pub mod battleline;
