//! The position format of Arcane Legions special abilities (`"game": "arcane"`,
//! documented in `docs/positions.md`): players with order and victory points, units with
//! their figure slots and abilities, the contacts the judge enters, the phase, and the
//! actions to play. Unknown fields are errors; reading is the core's [`parse_json`]
//! (every error at its JSON path). This file owns the shapes and caps only;
//! `position.rs` checks names and numbers and builds the state.

use serde::{Deserialize, Serialize};

use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
pub use crate::rules::position::{parse_json, PositionError};
use crate::rules::reject::OnRejection;

/// Limits on a position, so that user input stays small.
pub mod caps {
    pub const PLAYERS: usize = 4;
    pub const UNITS: usize = 16;
    /// Figure slots on one unit.
    pub const SLOTS: usize = 12;
    /// Abilities on one unit.
    pub const ABILITIES: usize = 8;
    /// Characters in an ability's text.
    pub const TEXT: usize = 400;
    /// Characters in an id, a name, a card, a trait, a fact.
    pub const NAME: usize = 80;
    pub const ACTIONS: usize = 200;
    /// Order points, victory points, amounts and counts.
    pub const POINTS: u32 = 999;
    /// Effects, traits and facts on one unit; changes in one resolution.
    pub const LIST: usize = 16;
    /// Triggers one step resolves before it stops (a loop between abilities).
    pub const TRIGGERS: usize = 64;
}

/// The phase of the turn a position is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The order phase: activated abilities may be activated.
    #[default]
    Order,
    Movement,
    Combat,
    End,
}

impl Phase {
    pub fn label(self) -> &'static str {
        match self {
            Phase::Order => "order phase",
            Phase::Movement => "movement phase",
            Phase::Combat => "combat phase",
            Phase::End => "end of turn",
        }
    }
}

/// One adjudication of special abilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "arcane")]
    pub game: String,
    #[serde(default = "one")]
    pub turn: u32,
    #[serde(default)]
    pub phase: Phase,
    /// The active player's name (default: the first player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<String>,
    pub players: Vec<PlayerSpec>,
    pub units: Vec<UnitSpec>,
    /// Pairs of unit ids in contact (the judge's; geometry is out of scope).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contact: Vec<[String; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Action>,
    /// The judge's pins of decisions, by number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<DecisionPin>,
    /// The judge's answers to effects the engine does not read, by number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resolutions: Vec<Resolution>,
    #[serde(default)]
    pub interpretations: Interpretations,
    #[serde(default)]
    pub on_rejection: OnRejection,
}

fn arcane() -> String {
    "arcane".into()
}
fn one() -> u32 {
    1
}
fn yes() -> bool {
    true
}
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    /// Order points.
    #[serde(default)]
    pub op: u32,
    /// Victory points.
    #[serde(default)]
    pub vp: u32,
}

/// A unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: String,
    /// The owning player's name.
    pub owner: String,
    /// A catalogue unit (`data/cards/arcane.csv`): its abilities, traits and figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Inline abilities, one `Name: rules text` each (replacing the card's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<String>>,
    /// Traits (replacing the card's): `Undead`, `Infantry`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traits: Option<Vec<String>>,
    /// What else is true of the unit, as the judge enters it (`in woods`, `attacking`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<String>,
    /// The figure slots, in order (default: the card's figures, every slot occupied).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slots: Option<Vec<SlotSpec>>,
    #[serde(default = "yes")]
    pub on_battlefield: bool,
    /// When the unit came onto the battlefield (a moment: 0 is the start).
    #[serde(default)]
    pub ready_since: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<EffectSpec>,
    /// Whether the unit has had its Special Order this turn.
    #[serde(default)]
    pub special_order: bool,
    /// Damage dealt to it this turn.
    #[serde(default)]
    pub damage: u32,
}

/// One figure slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotSpec {
    #[serde(default = "yes")]
    pub occupied: bool,
    /// The figure special abilities next to this slot, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// When its figure was put in the slot (a moment: 0 is the start).
    #[serde(default)]
    pub since: u32,
}

/// An effect on a unit (`gains 2 blue dice until end of turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectSpec {
    pub text: String,
    #[serde(default = "yes")]
    pub until_end_of_turn: bool,
    /// Dice it gives, with their colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

/// A static value a query asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Value {
    /// What the unit's phantom dice are.
    PhantomDice,
    /// The extra dice the unit rolls (effects and statics), by colour.
    Dice,
}

/// One action or event, played in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Activate an activated ability (a Special Order).
    Activate {
        unit: String,
        ability: String,
        /// Slots (1-based) downed to pay a "down … figure" cost.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        down: Vec<usize>,
        /// Units the effect targets, where its text says "one enemy unit" or "that unit".
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<String>,
    },
    /// Give a unit an order (`charge`, `move`, `ranged combat`); `op`: the order points
    /// it costs its owner (the base rules', entered by the judge), charged when given.
    Order {
        unit: String,
        order: String,
        #[serde(default)]
        special: bool,
        #[serde(default, skip_serializing_if = "is_zero")]
        op: u32,
    },
    /// Down figures on a unit; which ones the owner chooses unless `slots` pins them.
    Down {
        unit: String,
        count: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slots: Vec<usize>,
    },
    /// Deal damage to a unit; `downs` figures are downed by it (the judge's count).
    Damage {
        unit: String,
        amount: u32,
        #[serde(default)]
        downs: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slots: Vec<usize>,
    },
    /// Return figures to empty slots of a unit.
    Return {
        unit: String,
        count: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slots: Vec<usize>,
    },
    /// A unit ends its movement in contact with these units.
    EndMove { unit: String, adjacent: Vec<String> },
    /// A unit comes onto the battlefield.
    Arrive { unit: String },
    /// The judge takes a unit off the battlefield (house rule A9).
    Leave { unit: String },
    /// What is true of a unit from now on, as the judge enters it: its `facts` and/or
    /// its `traits`, each replacing the list (house rule A13).
    Facts {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facts: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        traits: Option<Vec<String>>,
    },
    /// A phase starts (the order phase of `player`: "At the start of your order phase").
    Phase {
        phase: Phase,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// The turn ends.
    EndTurn,
    /// The event of a trigger the engine cannot see occurred (house rule A7).
    Trigger {
        unit: String,
        ability: String,
        #[serde(default = "one")]
        occurrences: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<String>,
    },
    /// Ask for a static value.
    Query {
        unit: String,
        value: Value,
        /// The unit attacked, for statics that read it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        against: Option<String>,
    },
}

/// The judge's answer to effect text the engine does not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    /// Which "judge resolves" node (1-based, in the order met).
    pub resolution: u32,
    pub changes: Vec<JudgeChange>,
}

/// One explicit change a judge's answer makes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum JudgeChange {
    Down { unit: String, slots: Vec<usize> },
    Return { unit: String, slots: Vec<usize> },
    Damage { unit: String, amount: u32 },
    Op { player: String, gain: i64 },
    Vp { player: String, gain: i64 },
    Effect { unit: String, effect: EffectSpec },
    Nothing,
}

impl Position {
    /// Reads a position: JSON within the byte cap, errors located.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        parse_json(text)
    }
}
