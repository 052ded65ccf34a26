//! The position format of one attack: the serde types a judge writes and the resolver
//! writes back (`docs/positions.md`), their caps, and [`Side`]. Unknown fields are
//! errors; reading is the core's [`parse_json`] (every error at its JSON path). This
//! file owns the shapes only; `position.rs` checks names and numbers and builds the
//! state.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::interpret::Interpretations;
pub use crate::rules::position::{parse_json, PositionError};

/// Limits on a position, so that user input stays small.
pub mod caps {
    /// Units in a position.
    pub const UNITS: usize = 12;
    /// Abilities on one unit (and abilities gained after the roll).
    pub const ABILITIES: usize = 12;
    /// A unit's Power, and so the attack dice of one roll.
    pub const POWER: i32 = 40;
    /// A unit's Health and damage.
    pub const HEALTH: i32 = 99;
    /// An ability's X.
    pub const X: u32 = 10;
    /// Characters in an id, a name, an arena, a card.
    pub const NAME: usize = 80;
    /// A predicted number of hits (above any roll's: Power 40 and Fury's dice).
    pub const PREDICT: u32 = 200;
    /// Pinned dice in each list.
    pub const DICE: usize = 64;
    /// Actions before the attack (`actions`).
    pub const ACTIONS: usize = 16;
    /// Units listed to intercept.
    pub const INTERCEPTS: usize = 12;
    /// A side's Force, and a cost in Force.
    pub const FORCE: u32 = 99;
}

/// A unit's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Dark,
    Light,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Dark => "dark",
            Side::Light => "light",
        }
    }
}

/// One attack to adjudicate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "swtcg")]
    pub game: String,
    /// The arena the attack is in (`Ground`, `Space`, `Character`).
    #[serde(default = "ground")]
    pub arena: String,
    #[serde(default)]
    pub seed: u64,
    pub units: Vec<UnitSpec>,
    pub attack: AttackSpec,
    /// Stack, Equip and Meditate actions taken before the attack or in its attack POP,
    /// in order; each accepted or rejected with the seed sentence that decides it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionSpec>,
    #[serde(default, skip_serializing_if = "DiceSpec::is_empty")]
    pub dice: DiceSpec,
    #[serde(default, skip_serializing_if = "DecisionsSpec::is_empty")]
    pub decisions: DecisionsSpec,
    /// Each side's Force before the attack (house rule S19); a side left out is
    /// unknown, and its costs are assumed paid.
    #[serde(default, skip_serializing_if = "ForceSpec::is_empty")]
    pub force: ForceSpec,
    #[serde(default)]
    pub interpretations: Interpretations,
    /// Report the exact odds of the attack's results.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub odds: bool,
}

fn swtcg() -> String {
    "swtcg".into()
}
fn ground() -> String {
    "Ground".into()
}

/// A unit: inline (`power`, `health`, `abilities`) or a catalogue `card`, whose fields
/// any inline field overrides.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: String,
    pub side: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its arena, when not the position's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<String>>,
    /// Always written (0 too), so an adjudication's `final` lists every unit's damage.
    #[serde(default)]
    pub damage: i32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tapped: bool,
    /// Cards stacked under it, by name (carried; see house rule S8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<String>,
    /// Equipment attached, by name (carried; see house rule S8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equipment: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// Abilities it gained after the attack dice were rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub granted_after_roll: Vec<String>,
    /// Always written (`false` too), so `final` says of every unit whether it is
    /// discarded.
    #[serde(default)]
    pub discarded: bool,
    /// Removed from the game (Meditate's "remove it from the game instead"): neither
    /// in play nor in the discard pile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub removed_from_game: bool,
}

/// One action a player takes before the attack (or in its attack POP).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// `stack`, `equip` or `meditate`.
    #[serde(rename = "do")]
    pub verb: Verb,
    /// The unit stacked on, equipped, or played from the discard pile (its id).
    pub unit: String,
    /// The card stacked under the unit, or the Equipment attached (by name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// The card stacked is a unique unit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unique: bool,
    /// Put the stacked card on top of the stack (the Stack ability forbids it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub top: bool,
    /// When it is taken: the build step (the default), the attack POP, or another
    /// time that is neither.
    #[serde(default)]
    pub window: Window,
    /// Which copy of the Equipment card this is (`2` for a second copy of the same
    /// Equipment; 1 when absent; house rule S14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<u32>,
    /// The judge's word that the card stacked represents the same unit as a card the
    /// Stack list names, or meets another criterion of the list (house rule S13).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub same_unit: bool,
    /// Abilities the Equipment gives the unit (`Critical Hit 1`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<String>,
    /// The Equip cost in Force (the Equipment's `Equip: Pay N Force`), when the
    /// catalogue's card does not give it (house rule S19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
}

/// Each side's Force (house rule S19): `None` is unknown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<u32>,
}

impl ForceSpec {
    pub fn is_empty(&self) -> bool {
        self.dark.is_none() && self.light.is_none()
    }
}

/// What an action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verb {
    Stack,
    Equip,
    Meditate,
}

impl Verb {
    pub fn name(self) -> &'static str {
        match self {
            Verb::Stack => "stack",
            Verb::Equip => "equip",
            Verb::Meditate => "meditate",
        }
    }
}

/// When an action is taken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// The player's build step, before the attack.
    #[default]
    Build,
    /// The attack POP (a POP chance).
    Pop,
    /// A time that is neither a POP nor the build step.
    Other,
}

impl Window {
    pub fn name(self) -> &'static str {
        match self {
            Window::Build => "the build step",
            Window::Pop => "the attack POP",
            Window::Other => "a time that is neither a POP nor the build step",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    pub attacker: String,
    pub defender: String,
}

/// Faces a judge fixes (1–6); `null` in a list leaves that die to the generator.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSpec {
    /// The attack dice, by index (0-based).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack: Vec<Option<u8>>,
    /// Fury's additional dice, by index.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fury: Vec<Option<u8>>,
    /// Re-rolls: die `die` (0-based over the attack dice then Fury's) re-rolled shows
    /// `face`; a die re-rolled twice takes its entries in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolls: Vec<RerollSpec>,
    /// Retaliate's dice of damage, by index over every retaliating unit's dice in turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retaliate: Vec<Option<u8>>,
}

impl DiceSpec {
    fn is_empty(&self) -> bool {
        self.attack.is_empty()
            && self.fury.is_empty()
            && self.rerolls.is_empty()
            && self.retaliate.is_empty()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RerollSpec {
    pub die: usize,
    pub face: u8,
}

/// The players' decisions a judge pins; each absent one takes its default policy.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionsSpec {
    /// Units that intercept, in order (default: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intercept: Vec<String>,
    /// How much each Evade instance of a unit prevents (default: as much as it can).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub evade: BTreeMap<String, u32>,
    /// The unit a unit's Deflect damages (default: the unit whose damage it deflects).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deflect: BTreeMap<String, String>,
    /// The dice each side's Lucky re-rolls, by index (default: see docs/rules/swtcg.md).
    #[serde(default, skip_serializing_if = "LuckySpec::is_empty")]
    pub lucky: LuckySpec,
    /// The number of hits a unit with Foresight or Forewarning predicts (default: no
    /// prediction).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub predict: BTreeMap<String, u32>,
    /// Whether a unit's Enhance effect is declared (default: not declared; "You must
    /// declare it to get its effect").
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enhance: BTreeMap<String, bool>,
}

impl DecisionsSpec {
    fn is_empty(&self) -> bool {
        self.intercept.is_empty()
            && self.evade.is_empty()
            && self.deflect.is_empty()
            && self.lucky.is_empty()
            && self.predict.is_empty()
            && self.enhance.is_empty()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LuckySpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Vec<usize>>,
}

impl LuckySpec {
    fn is_empty(&self) -> bool {
        self.dark.is_none() && self.light.is_none()
    }
}

impl Position {
    /// Reads position JSON within the core's byte cap; errors give path, line, column.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        parse_json(text)
    }
}
