//! How a Heroes of Karth card's type, class and classes are read: the one place both the
//! deck validator (`crate::decks`) and the play engine (`crate::games::karth`) read them,
//! so the two never disagree about what a card is or who may use it.
//!
//! A card's `type` column names its kind ([`CardType`]); each kind falls in one of the
//! rulebook's categories ([`Category`]: Barrack, Treasury, Spellbook, Token, Terrain,
//! Hero). A unit's, mercenary's or hero's `class` attribute is one class; an item's or
//! spell's `classes` attribute lists the classes that may use it, `;`-separated, empty
//! meaning any. Pure string-in, structure-out: nothing here knows the catalogue's types.

use serde::{Deserialize, Serialize};

/// A Karth card's kind, as the catalogue's `type` column writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    Hero,
    Unit,
    Mercenary,
    Animal,
    Token,
    Item,
    Income,
    Spell,
    Terrain,
}

impl CardType {
    /// Every kind, in the order the docs list them.
    pub const ALL: [CardType; 9] = [
        CardType::Hero,
        CardType::Unit,
        CardType::Mercenary,
        CardType::Animal,
        CardType::Token,
        CardType::Item,
        CardType::Income,
        CardType::Spell,
        CardType::Terrain,
    ];

    /// The kind `s` names (`hero`, `Mercenary`; case and surrounding space ignored).
    pub fn parse(s: &str) -> Option<CardType> {
        let s = s.trim();
        CardType::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(s))
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            CardType::Hero => "hero",
            CardType::Unit => "unit",
            CardType::Mercenary => "mercenary",
            CardType::Animal => "animal",
            CardType::Token => "token",
            CardType::Item => "item",
            CardType::Income => "income",
            CardType::Spell => "spell",
            CardType::Terrain => "terrain",
        }
    }

    /// The rulebook's category of this kind ("Game Contents": barrack, treasury, …).
    pub const fn category(self) -> Category {
        match self {
            CardType::Hero => Category::Hero,
            CardType::Unit | CardType::Mercenary | CardType::Animal => Category::Barrack,
            CardType::Item | CardType::Income => Category::Treasury,
            CardType::Spell => Category::Spellbook,
            CardType::Terrain => Category::Terrain,
            CardType::Token => Category::Token,
        }
    }

    /// Whether a card of this kind stands on the battlefield as a unit.
    pub const fn is_unit(self) -> bool {
        matches!(
            self,
            CardType::Hero
                | CardType::Unit
                | CardType::Mercenary
                | CardType::Animal
                | CardType::Token
        )
    }

    /// Whether this kind's `class` counts as a class a deck's items can serve (heroes,
    /// units and mercenaries carry one; animals and tokens do not).
    pub const fn has_class(self) -> bool {
        matches!(self, CardType::Hero | CardType::Unit | CardType::Mercenary)
    }
}

/// A card's category in the rulebook's "Game Contents".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Hero,
    Barrack,
    Treasury,
    Spellbook,
    Terrain,
    Token,
}

impl Category {
    /// The category of a card whose `type` column is `card_type`. The importer admits only
    /// the kinds of [`CardType`] for Karth; anything else reads as Barrack.
    pub fn of(card_type: &str) -> Category {
        CardType::parse(card_type).map_or(Category::Barrack, CardType::category)
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Hero => "hero",
            Category::Barrack => "barrack",
            Category::Treasury => "treasury",
            Category::Spellbook => "spellbook",
            Category::Terrain => "terrain",
            Category::Token => "token",
        }
    }
}

/// A card's one class, from its `class` attribute (`Warrior`); `None` when empty.
pub fn class(attribute: Option<&str>) -> Option<String> {
    attribute
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// The classes that may use an item or spell, from its `classes` attribute
/// (`Warrior; Rogue`); empty when the card has no limit.
pub fn classes(attribute: Option<&str>) -> Vec<String> {
    attribute
        .map(|s| {
            s.split(';')
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a card limited to `classes` (empty: no limit) may be used by a `class` card.
/// Class names compare without regard to case.
pub fn class_allows(classes: &[String], class: Option<&str>) -> bool {
    classes.is_empty() || class.is_some_and(|c| classes.iter().any(|k| k.eq_ignore_ascii_case(c)))
}

/// A yes/no attribute (`dual_wield`, `movement`): `yes` is true, anything else false.
pub fn yes(attribute: Option<&str>) -> bool {
    attribute.is_some_and(|m| m.trim().eq_ignore_ascii_case("yes"))
}

/// The gold an income card's text says it gives: `Gain N gold.` → `Fixed(N)`,
/// `Gain N gold for each Gold terrain you hold.` → `PerGoldTerrain(N)`; `None` when the
/// text says neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IncomeText {
    Fixed(u32),
    PerGoldTerrain(u32),
}

pub fn income(text: &str) -> Option<IncomeText> {
    let t = text.trim();
    let rest = t.strip_prefix("Gain ")?;
    let (n, rest) = rest.split_once(' ')?;
    let n: u32 = n.parse().ok()?;
    let rest = rest.strip_prefix("gold")?.trim_end_matches('.').trim();
    match rest {
        "" => Some(IncomeText::Fixed(n)),
        "for each Gold terrain you hold" => Some(IncomeText::PerGoldTerrain(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_classes_and_income_read_as_the_catalogue_writes_them() {
        assert_eq!(CardType::parse(" Mercenary "), Some(CardType::Mercenary));
        assert_eq!(CardType::parse("relic"), None);
        assert_eq!(Category::of("animal"), Category::Barrack);
        assert_eq!(Category::of("income"), Category::Treasury);
        assert_eq!(Category::of("relic"), Category::Barrack);
        assert_eq!(class(Some("  ")), None);
        assert_eq!(classes(Some("Warrior; Rogue;")), vec!["Warrior", "Rogue"]);
        assert!(class_allows(
            &classes(Some("Warrior; Rogue")),
            Some("rogue")
        ));
        assert!(!class_allows(&classes(Some("Warrior")), Some("Caster")));
        assert!(!class_allows(&classes(Some("Warrior")), None));
        assert!(class_allows(&[], None));
        assert!(yes(Some("Yes")) && !yes(Some("no")) && !yes(None));
        assert_eq!(income("Gain 3 gold."), Some(IncomeText::Fixed(3)));
        assert_eq!(
            income("Gain 1 gold for each Gold terrain you hold."),
            Some(IncomeText::PerGoldTerrain(1))
        );
        assert_eq!(income("Gain gold."), None);
    }
}

/// The class a card's text lets move on the turn it is hired: `Rangers you hire may
/// move on the turn they are hired.` → `Ranger` (5.2.2's "a card that specifies
/// otherwise"); `None` for any other text.
pub fn hired_may_move(text: &str) -> Option<String> {
    let rest = text
        .trim()
        .strip_suffix(" you hire may move on the turn they are hired.")?;
    let class = rest.strip_suffix('s').unwrap_or(rest).trim();
    (!class.is_empty() && !class.contains(' ')).then(|| class.to_string())
}

#[cfg(test)]
mod permits {
    #[test]
    fn a_hero_that_lets_rangers_move_when_hired_is_read() {
        assert_eq!(
            super::hired_may_move("Rangers you hire may move on the turn they are hired."),
            Some("Ranger".into())
        );
        assert_eq!(super::hired_may_move("Rangers may move."), None);
    }
}

/// What a unit card's text says about its movement and attack, clause by clause
/// (clauses end at `.` or `;`): `Moves N spaces` (its MV), `Cannot move` (an MV of 0),
/// `Attacks at range N` (its range), `Ignores the Water movement penalty` (the
/// terrain's penalty it is immune to). Any other clause says nothing here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveText {
    pub mv: Option<u32>,
    pub range: Option<u32>,
    /// Terrain names whose movement penalty it ignores, as written.
    pub ignores: Vec<String>,
}

pub fn move_text(text: &str) -> MoveText {
    let mut out = MoveText::default();
    for clause in text.split(['.', ';']).map(str::trim) {
        let lower = clause.to_lowercase();
        if let Some(n) = lower
            .strip_prefix("moves ")
            .and_then(|r| {
                r.strip_suffix(" spaces")
                    .or_else(|| r.strip_suffix(" space"))
            })
            .and_then(|n| n.trim().parse().ok())
        {
            out.mv = Some(n);
        } else if lower == "cannot move" {
            out.mv = Some(0);
        } else if let Some(n) = lower
            .strip_prefix("attacks at range ")
            .and_then(|n| n.trim().parse().ok())
        {
            out.range = Some(n);
        } else if let Some(rest) = lower.strip_prefix("ignores the ") {
            if let Some((terrain, _)) = rest.split_once(" movement penalty") {
                out.ignores.push(terrain.trim().to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod move_texts {
    use super::{move_text, MoveText};

    #[test]
    fn moves_range_and_ignored_penalties_are_read_from_the_catalogues_words() {
        assert_eq!(move_text("Moves 3 spaces. Draw another card.").mv, Some(3));
        assert_eq!(
            move_text("Token unit. Moves 2 spaces; cannot attack.").mv,
            Some(2)
        );
        assert_eq!(
            move_text("Token unit with 2 attack and 4 health. Cannot move.").mv,
            Some(0)
        );
        assert_eq!(move_text("Attacks at range 3.").range, Some(3));
        assert_eq!(
            move_text("Ignores the Water movement penalty.").ignores,
            vec!["water".to_string()]
        );
        assert_eq!(
            move_text(
                "Ignores the Forest movement penalty and can see hidden units within 2 spaces."
            )
            .ignores,
            vec!["forest".to_string()]
        );
        assert_eq!(
            move_text("+2 attack. The wielder moves 1 less space."),
            MoveText::default()
        );
        assert_eq!(
            move_text("A steady spear in the front line."),
            MoveText::default()
        );
    }
}
