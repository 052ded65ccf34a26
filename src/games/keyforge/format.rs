//! The position format of a KeyForge turn (`"game": "keyforge"`, documented in
//! `docs/positions.md`): the two players and their zones, the active player and house,
//! the actions to take in order, the judge's pinned decisions and rulings, and the
//! readings. Unknown fields are errors; reading is the core's [`parse_json`] (every error
//! at its JSON path). This file owns the shapes and their caps only; `position.rs` checks
//! names and numbers and builds the state.

use serde::{Deserialize, Serialize};

use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
pub use crate::rules::position::{parse_json, PositionError};
use crate::rules::reject::OnRejection;

/// Limits on a position, so that user input stays small.
pub mod caps {
    /// Cards in one zone (a battleline, a hand, a deck…).
    pub const ZONE: usize = 40;
    /// Upgrades on one creature.
    pub const UPGRADES: usize = 6;
    /// Actions in one position.
    pub const ACTIONS: usize = 60;
    /// Targets named by one action.
    pub const TARGETS: usize = 12;
    /// A card's power, armor, damage and captured Æmber.
    pub const STAT: i32 = 99;
    /// A player's Æmber and keys.
    pub const AMBER: i32 = 999;
    /// Characters in an id, a name, a house, a trait.
    pub const NAME: usize = 80;
    /// Characters of a card's text.
    pub const TEXT: usize = 1000;
    /// Pinned decisions and rulings, and the changes in one ruling.
    pub const PINS: usize = 64;
    /// Bonus icons on one card (printed cards have a few).
    pub const ICONS: usize = 12;
}

/// One turn of the active player to adjudicate, from the position as it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    /// The two players, the first to act first listed.
    pub players: Vec<PlayerSpec>,
    /// The active player's name (default: the first player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<String>,
    /// The house the active player chose this turn.
    pub house: String,
    /// What the active player does, in order.
    #[serde(default)]
    pub actions: Vec<ActionSpec>,
    /// Pinned decisions: decision N takes option M (1-based), as the log numbers them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<DecisionPin>,
    /// The judge's rulings on effects outside the effect language, by decision number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<RulingSpec>,
    #[serde(default)]
    pub interpretations: Interpretations,
    /// Whether a rejected action stops adjudication (default: go on).
    #[serde(default, skip_serializing_if = "is_continue")]
    pub on_rejection: OnRejection,
}

fn is_continue(o: &OnRejection) -> bool {
    *o == OnRejection::Continue
}
fn is_zero(n: &i32) -> bool {
    *n == 0
}
fn no(b: &bool) -> bool {
    !*b
}

/// A player and every zone, each listed as the table shows it (a battleline left to
/// right; a deck top first).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    #[serde(default)]
    pub amber: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub keys: i32,
    #[serde(default)]
    pub hand: Vec<CardSpec>,
    #[serde(default)]
    pub discard: Vec<CardSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub archives: Vec<CardSpec>,
    /// Top card first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<CardSpec>,
    /// Left flank first.
    #[serde(default)]
    pub battleline: Vec<CardSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<CardSpec>,
}

/// A card's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Creature,
    Artifact,
    Action,
    Upgrade,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Creature => "creature",
            Kind::Artifact => "artifact",
            Kind::Action => "action",
            Kind::Upgrade => "upgrade",
        }
    }
    pub fn parse(s: &str) -> Option<Kind> {
        match s.trim().to_ascii_lowercase().as_str() {
            "creature" => Some(Kind::Creature),
            "artifact" => Some(Kind::Artifact),
            "action" => Some(Kind::Action),
            "upgrade" => Some(Kind::Upgrade),
            _ => None,
        }
    }
}

/// A card: a catalogue `card` (whose fields any inline field overrides) or inline.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    /// Unique in the position; actions name cards by it.
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traits: Option<Vec<String>>,
    /// The card's text, one ability per line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Bonus icons, top to bottom, resolved when the card is played (the catalogue
    /// records none: a position gives them, inline or over a catalogue card). Read as a
    /// list of icon names or, the older form, a number of Æmber icons; written as a list.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "bonus_icons"
    )]
    pub bonus: Vec<Icon>,
    /// The owner's name, when not the player whose zone holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Always written back, as `exhausted` is: the answer's `final` lists both for every
    /// card.
    #[serde(default)]
    pub damage: i32,
    /// Armor already used this turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub armor_used: i32,
    #[serde(default)]
    pub exhausted: bool,
    #[serde(default, skip_serializing_if = "no")]
    pub stunned: bool,
    /// Elusive already used this turn.
    #[serde(default, skip_serializing_if = "no")]
    pub elusive_used: bool,
    /// Æmber captured on it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub amber: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<CardSpec>,
}

/// A bonus icon printed on a card (published rule "Bonus icons"): resolved one at a
/// time, top to bottom, when the card is played, before its Play: abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    /// Gain 1 Æmber.
    Amber,
    /// A friendly creature captures 1 Æmber from the opponent.
    Capture,
    /// Deal 1 damage to a creature.
    Damage,
    /// Draw a card.
    Draw,
}

impl Icon {
    pub const ALL: [Icon; 4] = [Icon::Amber, Icon::Capture, Icon::Damage, Icon::Draw];

    pub fn name(self) -> &'static str {
        match self {
            Icon::Amber => "amber",
            Icon::Capture => "capture",
            Icon::Damage => "damage",
            Icon::Draw => "draw",
        }
    }

    /// The icon named `s` (folded; `æmber` too).
    pub fn parse(s: &str) -> Option<Icon> {
        let s = s.trim().to_lowercase();
        if s == "æmber" {
            return Some(Icon::Amber);
        }
        Icon::ALL.into_iter().find(|i| i.name() == s)
    }
}

/// A card's `bonus`: a list of icon names, top to bottom, or a number of Æmber icons
/// (the older form); at most [`caps::ICONS`].
fn bonus_icons<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Icon>, D::Error> {
    use serde::de::{Error, SeqAccess, Visitor};
    struct Icons;
    impl<'de> Visitor<'de> for Icons {
        type Value = Vec<Icon>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(
                "a list of bonus icons, top to bottom (\"amber\", \"capture\", \"damage\", \"draw\"), or a number of Æmber bonus icons",
            )
        }
        fn visit_u64<E: Error>(self, n: u64) -> Result<Vec<Icon>, E> {
            if n > caps::ICONS as u64 {
                return Err(E::custom(format!("at most {} bonus icons", caps::ICONS)));
            }
            Ok(vec![Icon::Amber; n as usize])
        }
        fn visit_i64<E: Error>(self, n: i64) -> Result<Vec<Icon>, E> {
            match u64::try_from(n) {
                Ok(n) => self.visit_u64(n),
                Err(_) => Err(E::custom("a number of Æmber bonus icons is 0 or more")),
            }
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Icon>, A::Error> {
            let mut icons = Vec::new();
            while let Some(icon) = seq.next_element::<Icon>()? {
                if icons.len() == caps::ICONS {
                    return Err(A::Error::custom(format!(
                        "at most {} bonus icons",
                        caps::ICONS
                    )));
                }
                icons.push(icon);
            }
            Ok(icons)
        }
    }
    d.deserialize_any(Icons)
}

/// What an action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verb {
    /// Play a card from hand.
    Play,
    Reap,
    Fight,
    /// Use a card's Action: ability.
    Action,
    /// Use a card's Omni: ability.
    Omni,
    /// An ability puts a card into play (no Play: abilities).
    PutIntoPlay,
    /// An ability plays a card from a zone other than hand.
    PlayFrom,
}

impl Verb {
    pub fn name(self) -> &'static str {
        match self {
            Verb::Play => "play",
            Verb::Reap => "reap",
            Verb::Fight => "fight",
            Verb::Action => "action",
            Verb::Omni => "omni",
            Verb::PutIntoPlay => "put_into_play",
            Verb::PlayFrom => "play_from",
        }
    }
}

/// A battleline's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flank {
    Left,
    #[default]
    Right,
}

/// A zone a card is played or put into play from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Hand,
    Discard,
    Archives,
    Deck,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Hand => "hand",
            Zone::Discard => "discard",
            Zone::Archives => "archives",
            Zone::Deck => "deck",
        }
    }
}

/// One action of the active player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    #[serde(rename = "do")]
    pub verb: Verb,
    /// The card used, played or put into play, by id.
    pub card: String,
    /// The creature fought (`fight`) or upgraded (an upgrade played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The battleline's end a creature enters on (default: right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flank: Option<Flank>,
    /// Where `play_from` and `put_into_play` take the card from (default: hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    /// `play_from` / `put_into_play` take the card from the opponent's `zone` (a card
    /// that says "from your opponent's discard pile"); the card enters under the active
    /// player's control, its owner unchanged.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_opponent: bool,
    /// The cards the abilities choose, in the order they choose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

/// The judge's ruling on an effect outside the effect language: the changes it makes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingSpec {
    /// The decision's number in the log ("the judge resolves this effect").
    pub decision: u32,
    pub changes: Vec<RulingChange>,
}

/// One explicit change of a ruling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RulingChange {
    /// A player's Æmber goes up (or down, negative) by `by`.
    Amber {
        player: String,
        by: i32,
    },
    /// Damage placed on a creature (no armor: the ruling says what lands).
    Damage {
        card: String,
        amount: i32,
    },
    Heal {
        card: String,
        amount: i32,
    },
    Destroy {
        card: String,
    },
    Exhaust {
        card: String,
    },
    Ready {
        card: String,
    },
    Stun {
        card: String,
    },
    /// A card moves to its owner's zone.
    Move {
        card: String,
        to: Zone,
    },
}

impl Position {
    /// Reads position JSON within the core's byte cap; errors give path, line, column.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        parse_json(text)
    }
}
