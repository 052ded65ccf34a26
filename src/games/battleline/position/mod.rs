//! The position format: the judge's input, the test fixtures, and the engine's output,
//! all one JSON shape (documented in `docs/positions.md`).
//!
//! [`Position::from_json`] reads and bounds the text; [`resolve`] checks every name
//! against a [`CardSource`] and builds a [`State`](crate::games::battleline::State), reporting every
//! problem with its JSON path (`players[1].line[2].abilities[0]`); [`to_position`] writes
//! a state back, so a final position can be fed in again. The engine never opens the
//! catalogue: the caller passes a [`CardSource`].
//!
//! This file owns the format (serde types, [`caps`], reading and its errors);
//! `resolve.rs` turns a position into a state and `write.rs` a state into a position.

use serde::{Deserialize, Serialize};

use super::interpret::Interpretations;
pub use crate::rules::decision::DecisionPin;
pub use crate::rules::position::{parse_json, PositionError};

mod resolve;
mod write;

pub use resolve::resolve;
pub use write::{creature_out, to_position};

/// Limits on a position, so that user input stays small. Documented in `docs/positions.md`.
pub mod caps {
    /// Bytes of position JSON.
    pub const JSON_BYTES: usize = crate::rules::position::JSON_BYTES;
    /// Slots on one battle line, including those cards are played into.
    pub const SLOTS: usize = 12;
    /// Abilities on one creature.
    pub const ABILITIES: usize = 12;
    /// Traits on one creature, artifacts on one creature.
    pub const TRAITS: usize = 8;
    pub const ARTIFACTS: usize = 8;
    /// Turns in one adjudication.
    pub const TURNS: u32 = 50;
    /// The number of the first turn (a continued game's `turn`).
    pub const MAX_FIRST_TURN: u32 = 10_000;
    /// Cards played across all turns.
    pub const ACTIONS: usize = 64;
    /// Judge's choices.
    pub const CHOICES: usize = 256;
    /// Attack, Life and artifact stats.
    pub const STAT: i32 = 99;
    /// A player's life and a creature's damage.
    pub const LIFE: i32 = 999;
    /// Characters in a name.
    pub const NAME: usize = 80;
}

/// A card as the engine needs it from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDef {
    pub name: String,
    /// `creature`, `warlord`, `artifact` or `summon`.
    pub card_type: String,
    pub attack: i32,
    pub life: i32,
    /// Ability labels: `Armor 2`.
    pub abilities: Vec<String>,
    pub traits: Vec<String>,
}

/// Where card names are looked up. The catalogue implements it outside the engine.
pub trait CardSource {
    /// The battle-line card named `name` (folded lookup).
    fn card(&self, name: &str) -> Option<CardDef>;
    /// A close battle-line card name, for "did you mean".
    fn suggest(&self, name: &str) -> Option<String>;
}

/// A position: players, lines, what is played, choices and interpretations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "battleline")]
    pub game: String,
    #[serde(default)]
    pub seed: u64,
    /// Turns to play.
    #[serde(default = "one")]
    pub turns: u32,
    /// The number of the first turn to play (1 unless continuing a game).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub turn: u32,
    pub players: [PlayerSpec; 2],
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<ChoiceSpec>,
    /// A judge's pins of player decisions (Sabotage's target): decision `n` takes option
    /// `k` (both 1-based).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<DecisionPin>,
    #[serde(default)]
    pub interpretations: Interpretations,
}

fn battleline() -> String {
    "battleline".into()
}
fn one() -> u32 {
    1
}
fn is_one(n: &u32) -> bool {
    *n == 1
}
fn twenty() -> i32 {
    20
}
fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    #[serde(default)]
    pub name: String,
    #[serde(default = "twenty")]
    pub life: i32,
    #[serde(default)]
    pub line: Vec<Option<CreatureSpec>>,
}

/// A creature: a catalogue `card` (any field overridable) or an inline `name` with
/// its own stats.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traits: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<ArtifactSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warlord: Option<bool>,
}

/// An artifact: a catalogue name, or an inline one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ArtifactSpec {
    Card(String),
    Inline {
        name: String,
        #[serde(default)]
        attack: i32,
        #[serde(default)]
        life: i32,
    },
}

/// A card played: `play` (a catalogue creature or artifact) or an inline `creature`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// 0 or 1.
    pub player: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<CreatureSpec>,
    /// 1-based slot; a creature goes to the first empty slot, an artifact to the first
    /// creature, when it is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<usize>,
    /// The turn it is played in; the first turn when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
}

/// A judge's fixed outcome: chance step `chance` (1-based) picks the candidate in `slot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceSpec {
    pub chance: u32,
    pub slot: usize,
}

impl Position {
    /// Reads position JSON, bounded by [`caps::JSON_BYTES`]. Shape errors name the line,
    /// column and path.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        parse_json(text)
    }

    /// The position as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
