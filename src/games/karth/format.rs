//! The position format of a Heroes of Karth play-legality question (`"game": "karth"`,
//! documented in `docs/positions.md`): the battlefield's spaces, the units on it, each
//! player's gold and piles, the cards off to the side, this turn's counters, whose turn
//! it is, the proposed `actions`, the readings. Unknown fields are errors; reading is the
//! core's [`parse_json`] (every error at its JSON path). This file owns the shapes only;
//! `position.rs` checks names and numbers and builds the state.

use serde::{Deserialize, Serialize};

use super::interpret::Interpretations;
pub use crate::grammar::karth::CardType;
pub use crate::rules::position::{parse_json, PositionError};
use crate::rules::OnRejection;

/// Limits on a position, so that user input stays small.
pub mod caps {
    /// Rows and columns of the battlefield.
    pub const ROWS: usize = 12;
    pub const COLS: usize = 12;
    /// Units on the battlefield.
    pub const UNITS: usize = 60;
    /// Cards in one pile (hand, deck, discard, cemetery, tokens, side).
    pub const PILE: usize = 100;
    /// Inline card definitions.
    pub const CARDS: usize = 100;
    /// Proposed actions.
    pub const ACTIONS: usize = 200;
    /// Spaces in one path.
    pub const PATH: usize = 40;
    /// Items on one unit, traits, abilities, permits.
    pub const LIST: usize = 12;
    /// A unit's MV and range.
    pub const MV: u32 = 20;
    /// Gold, values, turn numbers.
    pub const NUMBER: u32 = 10_000;
    /// Characters in a name or id.
    pub const NAME: usize = 80;
    /// Characters in a card's text.
    pub const TEXT: usize = 500;
}

/// A space: `[row, column]`, both counted from 1, row 1 at the top.
pub type Cell = [u32; 2];

/// One question: a board, the players, and the actions to judge in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "karth")]
    pub game: String,
    /// The turn now, counted over both players (turn 1 is the first player's first).
    #[serde(default = "one")]
    pub turn: u32,
    /// Whose turn it is: a player's name.
    pub active: String,
    /// The two players, the first laid the top half of the rows.
    pub players: Vec<PlayerSpec>,
    pub board: BoardSpec,
    #[serde(default)]
    pub units: Vec<UnitSpec>,
    /// Cards defined inline, for names the catalogue does not have.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardSpec>,
    /// The proposed actions, judged in order.
    #[serde(default)]
    pub actions: Vec<Action>,
    /// How many actions were judged before these (a state written back mid-way), so the
    /// numbering goes on.
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    pub judged: usize,
    #[serde(default)]
    pub interpretations: Interpretations,
    #[serde(default, skip_serializing_if = "is_continue")]
    pub on_rejection: OnRejection,
}

fn karth() -> String {
    "karth".into()
}
fn one() -> u32 {
    1
}
fn is_zero(n: &u32) -> bool {
    *n == 0
}
fn is_zero_usize(n: &usize) -> bool {
    *n == 0
}
fn is_continue(o: &OnRejection) -> bool {
    *o == OnRejection::Continue
}
fn not(b: &bool) -> bool {
    !*b
}

impl Position {
    /// Reads a position; errors are located by JSON path, line and column.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        parse_json(text)
    }
}

/// A player: gold, piles, the cards off to the side, this turn's counters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    #[serde(default)]
    pub gold: u32,
    #[serde(default)]
    pub hand: Vec<String>,
    /// The deck, top card first (drawn by "Draw another card", searched by Scribe).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<String>,
    /// Units that died.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cemetery: Vec<String>,
    /// The token pile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<String>,
    /// Mercenaries and animals off to the side, each with the turn it was placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side: Vec<SideCard>,
    /// What this player has done this turn.
    #[serde(default, skip_serializing_if = "Counters::is_empty")]
    pub this_turn: Counters,
    /// Double Production is in effect for this player until their next turn.
    #[serde(default, skip_serializing_if = "not")]
    pub double_production: bool,
}

/// A card off to the side of the Battlefield.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideCard {
    pub card: String,
    /// The turn it was placed.
    pub placed: u32,
}

/// What a player has done this turn, for the one-a-turn limits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Counters {
    /// Mercenaries played off to the side (5.3.2).
    #[serde(skip_serializing_if = "is_zero")]
    pub side_mercenaries: u32,
    /// Animals played off to the side (5.4.2).
    #[serde(skip_serializing_if = "is_zero")]
    pub side_animals: u32,
    /// Mercenaries played on the Battlefield (5.3.8).
    #[serde(skip_serializing_if = "is_zero")]
    pub field_mercenaries: u32,
    /// Animals played on the Battlefield (5.4.8).
    #[serde(skip_serializing_if = "is_zero")]
    pub field_animals: u32,
    /// Income cards played (5.9.1).
    #[serde(skip_serializing_if = "is_zero")]
    pub income: u32,
}

impl Counters {
    pub fn is_empty(&self) -> bool {
        *self == Counters::default()
    }
}

/// The battlefield: rows of spaces, the top row first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    pub rows: Vec<Vec<CellSpec>>,
}

/// One space: its terrain card, who laid it, a wall or a web on it. Written as the
/// terrain's name alone (`"Water"`) or as an object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellSpec {
    pub terrain: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(skip_serializing_if = "not")]
    pub wall: bool,
    #[serde(skip_serializing_if = "not")]
    pub web: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CellObject {
    terrain: String,
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    wall: bool,
    #[serde(default)]
    web: bool,
}

impl<'de> Deserialize<'de> for CellSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CellSpec, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CellSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a terrain name (\"Water\") or an object {\"terrain\", \"owner\", \"wall\", \"web\"}")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<CellSpec, E> {
                Ok(CellSpec {
                    terrain: s.to_string(),
                    owner: None,
                    wall: false,
                    web: false,
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<CellSpec, A::Error> {
                let o = CellObject::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(CellSpec {
                    terrain: o.terrain,
                    owner: o.owner,
                    wall: o.wall,
                    web: o.web,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// A card defined inline (a name the catalogue lacks, or a judge's own card).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: CardType,
    #[serde(default)]
    pub value: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// For items and spells: the classes that may use it (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(default, skip_serializing_if = "not")]
    pub dual_wield: bool,
    /// A hero's or ally card's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Allegiance>,
}

/// The two sides of Karth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allegiance {
    Allegiance,
    Shard,
}

/// A unit on the battlefield: a catalogue or inline `card`, whose fields any field here
/// overrides.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: String,
    /// The player it belongs to.
    pub owner: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Its kind: hero, unit, mercenary, animal or token.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<CardType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Traits and keywords that matter to movement (Flying, Leaping, Undead, Druid…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traits: Option<Vec<String>>,
    /// Abilities by name (Snatch, Summon Pet, Call Pet, Scribe, Bless).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<String>>,
    /// Spaces it may move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mv: Option<u32>,
    /// How far it attacks (1: adjacent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dual_wield: Option<bool>,
    pub at: Cell,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: u32,
    #[serde(default, skip_serializing_if = "not")]
    pub hidden: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ItemSpec>,
    /// The turn it was hired or entered the Battlefield (newly hired in that turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hired_turn: Option<u32>,
    /// It has moved this turn.
    #[serde(default, skip_serializing_if = "not")]
    pub moved: bool,
    /// It has travelled between teleporters this turn.
    #[serde(default, skip_serializing_if = "not")]
    pub teleported: bool,
    /// It has attacked this turn.
    #[serde(default, skip_serializing_if = "not")]
    pub attacked: bool,
    /// Items it has used this turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub items_used: u32,
    /// It ended its movement on a Mana Pool this turn and has not yet used the one
    /// ability that costs it no SE (5.10.7, house rule K19).
    #[serde(default, skip_serializing_if = "not")]
    pub se_free: bool,
    /// What its card lets its player do: `move_when_hired` (or `move_when_hired:Ranger`
    /// for one class), `direct_mercenary`, `direct_animal`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub permits: Vec<String>,
    /// The tokens its card says it requires (5.5.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summons: Vec<String>,
}

/// An item equipped to a unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemSpec {
    pub card: String,
    /// The player whose item it was before it was snatched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snatched_from: Option<String>,
}

/// One proposed action. `player` is the player acting (the active player when absent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Hire a unit (or place a hero) from the hand onto a spawner.
    Hire {
        card: String,
        at: Cell,
        /// Its MV (the catalogue does not print it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mv: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Play a mercenary or animal from the hand off to the side.
    ToSide {
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Bring a mercenary in from the side (or, a card permitting, a mercenary or animal
    /// straight from the hand: `from: "hand"`, `by` the permitting unit).
    BringIn {
        card: String,
        at: Cell,
        /// Its MV (the catalogue does not print it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mv: Option<u32>,
        #[serde(default)]
        from: Origin,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// A unit uses Summon Pet or Call Pet to bring an animal in from the side.
    CallPet {
        card: String,
        by: String,
        at: Cell,
        /// Its MV (the catalogue does not print it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mv: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Move a unit along `path` (the spaces entered, in order).
    Move {
        unit: String,
        path: Vec<Cell>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// A unit on a teleporter travels to another.
    Teleport {
        unit: String,
        to: Cell,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    Equip {
        unit: String,
        item: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    Unequip {
        unit: String,
        item: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    UseItem {
        unit: String,
        item: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// A unit dies; `pay` names the items its owner pays to take back to hand.
    Dies {
        unit: String,
        #[serde(default)]
        pay: Vec<String>,
    },
    /// A unit with Snatch takes an item from another unit.
    Snatch {
        unit: String,
        from: String,
        item: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    PlayIncome {
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Cast a spell from the hand, by `caster` when it needs one.
    Cast {
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caster: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Summon a token from the token pile, required by unit `by`: onto `at`, or as a
    /// spell when `at` is absent.
    SummonToken {
        card: String,
        by: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Cell>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mv: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// A caster uses Scribe to take a spell from the deck into the hand.
    Scribe {
        unit: String,
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Whether `unit` may attack `target` (legality only: house rule K9).
    Attack {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    EndTurn {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
}

/// Where a card brought in comes from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    #[default]
    Side,
    Hand,
}

/// An action's verb, the phase of the step that judges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verb {
    Hire,
    ToSide,
    BringIn,
    CallPet,
    Move,
    Teleport,
    Equip,
    Unequip,
    UseItem,
    Dies,
    Snatch,
    PlayIncome,
    Cast,
    SummonToken,
    Scribe,
    Attack,
    EndTurn,
}

impl Verb {
    pub fn label(self) -> &'static str {
        match self {
            Verb::Hire => "hire",
            Verb::ToSide => "to the side",
            Verb::BringIn => "bring in",
            Verb::CallPet => "call pet",
            Verb::Move => "move",
            Verb::Teleport => "teleport",
            Verb::Equip => "equip",
            Verb::Unequip => "unequip",
            Verb::UseItem => "use item",
            Verb::Dies => "dies",
            Verb::Snatch => "snatch",
            Verb::PlayIncome => "income",
            Verb::Cast => "cast",
            Verb::SummonToken => "summon token",
            Verb::Scribe => "scribe",
            Verb::Attack => "attack",
            Verb::EndTurn => "end turn",
        }
    }
}

impl Action {
    pub fn verb(&self) -> Verb {
        match self {
            Action::Hire { .. } => Verb::Hire,
            Action::ToSide { .. } => Verb::ToSide,
            Action::BringIn { .. } => Verb::BringIn,
            Action::CallPet { .. } => Verb::CallPet,
            Action::Move { .. } => Verb::Move,
            Action::Teleport { .. } => Verb::Teleport,
            Action::Equip { .. } => Verb::Equip,
            Action::Unequip { .. } => Verb::Unequip,
            Action::UseItem { .. } => Verb::UseItem,
            Action::Dies { .. } => Verb::Dies,
            Action::Snatch { .. } => Verb::Snatch,
            Action::PlayIncome { .. } => Verb::PlayIncome,
            Action::Cast { .. } => Verb::Cast,
            Action::SummonToken { .. } => Verb::SummonToken,
            Action::Scribe { .. } => Verb::Scribe,
            Action::Attack { .. } => Verb::Attack,
            Action::EndTurn { .. } => Verb::EndTurn,
        }
    }

    /// The player named as acting, if any.
    pub fn player(&self) -> Option<&str> {
        match self {
            Action::Hire { player, .. }
            | Action::ToSide { player, .. }
            | Action::BringIn { player, .. }
            | Action::CallPet { player, .. }
            | Action::Move { player, .. }
            | Action::Teleport { player, .. }
            | Action::Equip { player, .. }
            | Action::Unequip { player, .. }
            | Action::UseItem { player, .. }
            | Action::Snatch { player, .. }
            | Action::PlayIncome { player, .. }
            | Action::Cast { player, .. }
            | Action::SummonToken { player, .. }
            | Action::Scribe { player, .. }
            | Action::Attack { player, .. }
            | Action::EndTurn { player } => player.as_deref(),
            Action::Dies { .. } => None,
        }
    }
}
