//! The catalogue's records, as the rest of the crate sees them.
//!
//! These are plain values: the importer builds them from CSV, the store writes and reads
//! them, and search, deck validation and the engine read them. No I/O happens here.

use crate::grammar::AbilityParse;
use crate::rulings::Ruling;
pub use arcstr::ArcStr;
use serde::{Deserialize, Serialize};

/// The columns of `cards/<game>.csv` that are not attributes, in the order they are
/// written (any other column of a card file is an attribute of its game).
pub const CARD_COLUMNS: [&str; 7] = [
    "name",
    "type",
    "faction",
    "value",
    "abilities",
    "traits",
    "text",
];

/// One game system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub slug: String,
    pub name: String,
    pub description: String,
    pub source: String,
}

/// A keyword, ability, ability type or special rule of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Keyword {
    pub game: String,
    pub name: String,
    pub aliases: Vec<String>,
    /// The keyword takes a value (`Armor 2`): its `parameter` column is `X`.
    pub takes_value: bool,
    pub kind: String,
    pub timing: String,
    pub section: String,
    /// The source text, verbatim.
    pub text: String,
    /// A corrected form of `text`, when the data gives one.
    pub normalised: Option<String>,
    pub source: String,
    /// The text read by its game's grammar, where the game has one for definitions.
    pub parse: Option<AbilityParse>,
}

/// One numbered rule (or section heading). `(game, section)` repeats where the source does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    pub game: String,
    pub section: String,
    pub title: String,
    pub text: String,
    pub normalised: Option<String>,
    pub source: String,
    /// Position in `rules.csv` (0-based), which keeps repeated numbers in source order.
    pub ordinal: usize,
}

/// Heroes of Karth's two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Allegiance,
    Shard,
}

impl Side {
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "Allegiance" => Some(Side::Allegiance),
            "Shard" => Some(Side::Shard),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Allegiance => "Allegiance",
            Side::Shard => "Shard",
        }
    }
}

/// A faction of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Faction {
    pub game: String,
    pub name: String,
    pub side: Option<Side>,
}

/// A keyword on a card, resolved to the keyword's canonical name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAbility {
    /// Shared by every card with this keyword (one allocation per name).
    pub keyword: ArcStr,
    pub value: Option<i64>,
}

impl CardAbility {
    /// `Armor 2`, `Fury`.
    pub fn label(&self) -> String {
        match self.value {
            Some(v) => format!("{} {v}", self.keyword),
            None => self.keyword.to_string(),
        }
    }
}

/// A game-specific column of a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attribute {
    /// The header name, lowercased; shared by every card of its game.
    pub name: ArcStr,
    /// Shared by every card with the same value in any column.
    pub value: ArcStr,
    /// Set when the column is numeric (every non-empty value in it is a number).
    pub number: Option<f64>,
}

/// One card.
///
/// Compact, since a catalogue may hold every card in memory (issue #20): every string is
/// an [`ArcStr`] (one pointer inline); the ones many cards repeat (game, type, faction,
/// traits, keyword and attribute names, attribute values) are one shared allocation each
/// when read from a catalogue file; lists that are fixed after load are boxed slices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub game: ArcStr,
    pub name: ArcStr,
    pub card_type: ArcStr,
    pub faction: Option<ArcStr>,
    pub value: Option<i64>,
    pub abilities: Box<[CardAbility]>,
    pub traits: Box<[ArcStr]>,
    pub text: ArcStr,
    pub attributes: Box<[Attribute]>,
    /// The card's text read by its game's grammar (KeyForge and Arcane Legions).
    pub text_abilities: Box<[AbilityParse]>,
}

impl Card {
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.name == name)
    }
    /// The first value of the keyword `keyword` on this card (`Armor 2` → `Some(Some(2))`).
    pub fn ability(&self, keyword: &str) -> Option<Option<i64>> {
        self.abilities
            .iter()
            .find(|a| a.keyword == keyword)
            .map(|a| a.value)
    }
}

/// A game-specific card column and whether it is numeric.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttributeColumn {
    pub game: String,
    pub name: String,
    pub numeric: bool,
}

/// Everything one import holds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DataSet {
    pub games: Vec<Game>,
    pub keywords: Vec<Keyword>,
    pub rules: Vec<Rule>,
    pub factions: Vec<Faction>,
    pub cards: Vec<Card>,
    pub attribute_columns: Vec<AttributeColumn>,
    /// Deck-building formats (`formats.csv`), in file order.
    #[serde(default)]
    pub formats: Vec<Format>,
    /// Per-format card statuses (`legality.csv`), in file order.
    #[serde(default)]
    pub legality: Vec<Legality>,
    /// The rulings of `rulings.csv`, in file order, positions canonical.
    #[serde(skip)]
    pub rulings: Vec<Ruling>,
}

/// Everything of a catalogue but its cards, which a catalogue reaches through
/// `Catalogue::cards` (in memory or in the file: issue #20).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tables {
    pub games: Vec<Game>,
    pub keywords: Vec<Keyword>,
    pub rules: Vec<Rule>,
    pub factions: Vec<Faction>,
    pub attribute_columns: Vec<AttributeColumn>,
    pub formats: Vec<Format>,
    pub legality: Vec<Legality>,
    pub rulings: Vec<Ruling>,
}

impl DataSet {
    /// The tables and the cards, apart.
    pub fn split(self) -> (Tables, Vec<Card>) {
        let DataSet {
            games,
            keywords,
            rules,
            factions,
            cards,
            attribute_columns,
            formats,
            legality,
            rulings,
        } = self;
        (
            Tables {
                games,
                keywords,
                rules,
                factions,
                attribute_columns,
                formats,
                legality,
                rulings,
            },
            cards,
        )
    }
}

/// A deck-building format of one game: the numeric limits a deck validator checks.
/// `standard` for Heroes of Karth follows the rulebook's section 3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Format {
    pub game: String,
    /// The format's slug, unique per game (`standard`, `highlander`).
    pub name: String,
    pub description: String,
    /// Rule 3.1: the most gold a deck may total.
    pub max_gold: i64,
    /// Rule 3.2: exactly this many hero cards.
    pub heroes: i64,
    /// Rule 3.3: at least this many Barrack, Treasury and Spellbook cards.
    pub min_barrack: i64,
    pub min_treasury: i64,
    pub min_spellbook: i64,
    /// Rule 3.4: Barrack + Treasury + Spellbook cards, exactly.
    pub main_deck: i64,
    /// Rule 3.7: the most copies of one card.
    pub max_copies: i64,
    /// Rule 3.11: at least this many terrain cards.
    pub min_terrain: i64,
    /// Rule 3.12: at most this many terrain cards that affect movement.
    pub max_movement_terrain: i64,
    /// The date (`YYYY-MM-DD`) from which the format applies; none: always.
    #[serde(default)]
    pub effective: Option<String>,
}

/// A card's status in one format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LegalityStatus {
    /// Not allowed at all.
    Banned,
    /// At most 1 copy.
    Restricted,
    /// An earlier status lifted: from its date the card is legal again.
    Legal,
}

impl LegalityStatus {
    pub fn parse(s: &str) -> Option<LegalityStatus> {
        match s.trim().to_ascii_lowercase().as_str() {
            "banned" => Some(LegalityStatus::Banned),
            "restricted" => Some(LegalityStatus::Restricted),
            "legal" => Some(LegalityStatus::Legal),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            LegalityStatus::Banned => "banned",
            LegalityStatus::Restricted => "restricted",
            LegalityStatus::Legal => "legal",
        }
    }
}

/// One row of `legality.csv`: a card's status in a format. `card` is the card's
/// catalogue name (canonical spelling).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legality {
    pub game: String,
    pub format: String,
    pub card: String,
    pub status: LegalityStatus,
    /// The date (`YYYY-MM-DD`) the status takes effect; none: always. A card may have
    /// several rows of one format, one per date: the latest on or before a day applies.
    #[serde(default)]
    pub effective: Option<String>,
}
