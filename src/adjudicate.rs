//! The catalogue adapter: the one place a game meets the catalogue ([`CatalogueGame`];
//! for battle-line, the catalogue as its [`CardSource`]), and reading what a judge opens
//! (a position, a step-through's saved state, a test fixture) the same way in the CLI
//! and on the web, for any game.
//!
//! The games and the core know nothing of the catalogue; the web layer and the CLI
//! adjudicate through this module, so they adjudicate the same way.

use crate::catalogue::Catalogue;
use crate::games::arcane::{self, Arcane};
use crate::games::battleline::{Battleline, CardDef, CardSource};
use crate::games::karth::{self, Karth};
use crate::games::keyforge::{self, Keyforge};
use crate::games::swtcg::{self, Swtcg};
use crate::rules::form::Source;
use crate::rules::position::PositionError;
use crate::rules::Game;

/// A game whose names the catalogue answers: the adapter between the two.
pub trait CatalogueGame: Game {
    /// Runs `f` with the catalogue seen as the game's card source.
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R;

    /// Runs `f` with no catalogue when `position` looks no card up in it, so that a
    /// caller need not open one (opening it is most of the CLI's time on a small
    /// position); `None` when the position names a card, or the game cannot tell.
    fn without_catalogue<R>(
        _position: &Self::Position,
        _f: impl FnOnce(&Self::Cards<'_>) -> R,
    ) -> Option<R> {
        None
    }

    /// Whether a card of type `card_type` belongs to the builder's card list of `kind`
    /// ([`Source::Cards`]); by default, a kind is a card type (`unit`).
    fn kind_holds(kind: &str, card_type: &str) -> bool {
        kind == card_type
    }

    /// The names of a builder form's list `source`, sorted: the catalogue's cards of
    /// this game of a kind, its keywords, or the game's own values.
    fn names(catalogue: &Catalogue, source: &Source) -> Vec<String> {
        let data = catalogue.data();
        let mut names: Vec<String> = match source {
            Source::Cards { kind } => catalogue
                .cards()
                .iter()
                .filter(|c| c.game == Self::ID && Self::kind_holds(kind, &c.card_type))
                .map(|c| c.name.to_string())
                .collect(),
            Source::Keywords => data
                .keywords
                .iter()
                .filter(|k| k.game == Self::ID)
                .map(|k| k.name.clone())
                .collect(),
            Source::Factions => catalogue
                .factions(Self::ID)
                .map(|f| f.name.clone())
                .collect(),
            Source::Values { values } => return values.clone(),
        };
        names.sort();
        names.dedup();
        names
    }
}

impl CatalogueGame for Battleline {
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R {
        f(&CatalogueCards(catalogue))
    }

    /// `creature`: anything that stands on a line (every card but artifacts, summoned
    /// ones too); `artifact`; `playable`: what a play can name (creatures not summoned
    /// by a rule, such as Wall of Ice, and artifacts).
    fn kind_holds(kind: &str, card_type: &str) -> bool {
        match kind {
            "creature" => card_type != "artifact",
            "artifact" => card_type == "artifact",
            "playable" => card_type != "summon",
            _ => false,
        }
    }
}

impl CatalogueGame for Swtcg {
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R {
        f(&SwtcgCards(catalogue))
    }

    /// A position whose units are all inline (no `card`, nothing stacked) and which takes
    /// no action (an action's card is looked up) names no card.
    fn without_catalogue<R>(
        position: &swtcg::Position,
        f: impl FnOnce(&Self::Cards<'_>) -> R,
    ) -> Option<R> {
        let inline = position.actions.is_empty()
            && position
                .units
                .iter()
                .all(|u| u.card.is_none() && u.stack.is_empty());
        inline.then(|| f(&swtcg::NoCards))
    }
}

impl CatalogueGame for Keyforge {
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R {
        f(&KeyforgeCards(catalogue))
    }

    /// `any`: every KeyForge card (a row's zone says where it is).
    fn kind_holds(kind: &str, card_type: &str) -> bool {
        kind == "any" || kind == card_type
    }
}

/// The catalogue's KeyForge cards, seen by the engine: the faction is the house, the
/// text is read by the game's effect language.
pub struct KeyforgeCards<'a>(pub &'a Catalogue);

impl keyforge::CardSource for KeyforgeCards<'_> {
    fn card(&self, name: &str) -> Option<keyforge::CardDef> {
        let card = self.0.card(keyforge::cite::GAME, name)?;
        let number = |col: &str| {
            card.attribute(col)
                .and_then(|a| a.number)
                .map(|n| n as i32)
                .unwrap_or(0)
        };
        Some(keyforge::CardDef {
            name: card.name.to_string(),
            card_type: card.card_type.to_string(),
            house: card.faction.as_deref().unwrap_or_default().to_string(),
            power: number("power"),
            armor: number("armor"),
            traits: card.traits.iter().map(ToString::to_string).collect(),
            text: card.text.to_string(),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        closest_card(self.0, keyforge::cite::GAME, name)
    }
}

impl CatalogueGame for Arcane {
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R {
        f(&ArcaneCards(catalogue))
    }
}

/// The catalogue's Arcane Legions units, seen by the special-ability engine: each
/// ability line of the card's text, its traits, its `figures` and whether its keywords
/// name unit or figure special abilities.
pub struct ArcaneCards<'a>(pub &'a Catalogue);

impl arcane::CardSource for ArcaneCards<'_> {
    fn card(&self, name: &str) -> Option<arcane::CardDef> {
        let card = self.0.card(arcane::cite::GAME, name)?;
        let has = |k: &str| {
            card.abilities
                .iter()
                .any(|a| a.keyword.eq_ignore_ascii_case(k))
        };
        Some(arcane::CardDef {
            name: card.name.to_string(),
            card_type: card.card_type.to_string(),
            abilities: card
                .text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            traits: card.traits.iter().map(ToString::to_string).collect(),
            figures: card
                .attribute("figures")
                .and_then(|a| a.number)
                .filter(|n| *n >= 0.0 && *n <= 99.0)
                .map(|n| n as u32),
            unit_abilities: has("Unit Special Ability"),
            figure_abilities: has("Figure Special Ability"),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        closest_card(self.0, arcane::cite::GAME, name)
    }
}

impl CatalogueGame for Karth {
    fn with_cards<R>(catalogue: &Catalogue, f: impl FnOnce(&Self::Cards<'_>) -> R) -> R {
        f(&KarthCards(catalogue))
    }

    /// `piece`: what stands on the battlefield (heroes, units, mercenaries, animals,
    /// tokens); `item`; `card`: anything a hand or pile holds (every card but terrain).
    fn kind_holds(kind: &str, card_type: &str) -> bool {
        match kind {
            "piece" => matches!(
                card_type,
                "hero" | "unit" | "mercenary" | "animal" | "token"
            ),
            "item" => card_type == "item",
            "card" => card_type != "terrain",
            _ => false,
        }
    }
}

/// The catalogue's Heroes of Karth cards, seen by the play engine: type, class and
/// classes read by the same functions the deck validator uses (`grammar::karth`).
pub struct KarthCards<'a>(pub &'a Catalogue);

impl karth::CardSource for KarthCards<'_> {
    fn card(&self, name: &str) -> Option<karth::CardDef> {
        use crate::grammar::karth as read;
        let card = self.0.card(karth::cite::GAME, name)?;
        let attr = |n: &str| card.attribute(n).map(|a| a.value.as_str());
        // A card's side: an ally card's own (`Allegiance`, `Shard`), or its faction's.
        let side = card.faction.as_deref().and_then(|f| {
            crate::catalogue::Side::parse(f).or_else(|| {
                self.0
                    .factions(karth::cite::GAME)
                    .find(|x| x.name == f)
                    .and_then(|x| x.side)
            })
        });
        Some(karth::CardDef {
            name: card.name.to_string(),
            kind: read::CardType::parse(&card.card_type)?,
            value: card.value.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32,
            class: read::class(attr("class")),
            classes: read::classes(attr("classes")),
            traits: card.traits.iter().map(ToString::to_string).collect(),
            abilities: card.abilities.iter().map(|a| a.label()).collect(),
            text: card.text.to_string(),
            dual_wield: read::yes(attr("dual_wield")),
            side: side.map(|s| match s {
                crate::catalogue::Side::Allegiance => karth::format::Allegiance::Allegiance,
                crate::catalogue::Side::Shard => karth::format::Allegiance::Shard,
            }),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        closest_card(self.0, karth::cite::GAME, name)
    }
}

/// The catalogue's Star Wars TCG cards, seen by the attack resolver.
pub struct SwtcgCards<'a>(pub &'a Catalogue);

impl swtcg::CardSource for SwtcgCards<'_> {
    fn card(&self, name: &str) -> Option<swtcg::CardDef> {
        let card = self.0.card(swtcg::cite::GAME, name)?;
        let number = |col: &str| {
            card.attribute(col)
                .and_then(|a| a.number)
                .map(|n| n as i32)
                .unwrap_or(0)
        };
        Some(swtcg::CardDef {
            name: card.name.to_string(),
            card_type: card.card_type.to_string(),
            power: number("power"),
            health: number("health"),
            abilities: card.abilities.iter().map(|a| a.label()).collect(),
            unique: card.traits.iter().any(|t| t.eq_ignore_ascii_case("unique")),
            text: card.text.to_string(),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        closest_card(self.0, swtcg::cite::GAME, name)
    }
}

/// The game slug of seed 000.
pub const GAME: &str = "battleline";

/// The catalogue's battle-line cards, seen by the engine.
pub struct CatalogueCards<'a>(pub &'a Catalogue);

impl CardSource for CatalogueCards<'_> {
    fn card(&self, name: &str) -> Option<CardDef> {
        let card = self.0.card(GAME, name)?;
        let number = |col: &str| {
            card.attribute(col)
                .and_then(|a| a.number)
                .map(|n| n as i32)
                .unwrap_or(0)
        };
        Some(CardDef {
            name: card.name.to_string(),
            card_type: card.card_type.to_string(),
            attack: number("attack"),
            life: number("life"),
            abilities: card.abilities.iter().map(|a| a.label()).collect(),
            traits: card.traits.iter().map(ToString::to_string).collect(),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        closest_card(self.0, GAME, name)
    }
}

pub use crate::rules::position::{read_opened, SavedState, SAVED_STATE_OBJECT};

/// Every position error, one per line.
pub fn errors_text(file: &str, errors: &[PositionError]) -> String {
    errors.iter().map(|e| format!("{file}: {e}\n")).collect()
}

/// The adjudication as a readable log (the core's, for any game).
pub fn log_text<G: crate::rules::Game>(adj: &crate::rules::Adjudication<G>) -> String {
    crate::rules::log_text(adj)
}

/// The card of `game` whose name is closest to `name` ("did you mean"), over every card
/// of the game (walked from the file when the cards are on disk).
fn closest_card(catalogue: &Catalogue, game: &str, name: &str) -> Option<String> {
    let names: Vec<crate::catalogue::ArcStr> = catalogue
        .cards()
        .iter()
        .filter(|c| c.game == game)
        .map(|c| c.name.clone())
        .collect();
    crate::text::closest(name, names.iter().map(|n| n.as_str()), 1)
        .first()
        .map(|s| s.to_string())
}
