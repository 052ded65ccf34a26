//! The deck-building rules and the verdict.
//!
//! [`DeckValidator::new`] precomputes, once per catalogue and format, everything a check
//! needs (folded name → card, each card's category, side and classes, the format's
//! limits and card statuses); [`DeckValidator::validate`] then judges a [`Decklist`]
//! without touching the catalogue, reporting every violation at once. Reading the list
//! is `parse`'s job; rendering the verdict is the surfaces' job.
//!
//! This file owns the validator, its precomputed card table and the driver that runs the
//! steps in order and caps the violations at [`MAX_VIOLATIONS`]. The steps live beside
//! it: `resolve` (names, sections, duplicate lines), `counts` (the summary and the
//! format's numeric limits), `faction` (the deck's faction and sides), `cards` (items'
//! classes, banned and restricted cards); the output types are in `verdict`.

mod cards;
mod counts;
mod faction;
mod resolve;
mod verdict;

pub use verdict::{
    CardLine, CategoryCounts, HeroLine, Severity, Summary, TokenLine, Verdict, Violation,
};

use super::parse::{shorten, Decklist, Section};
use super::{DeckError, GAME};
use crate::catalogue::{Catalogue, Format, LegalityStatus, Side};
use crate::date::Date;
use crate::text::{closest, fold};
use std::collections::HashMap;

/// Violations listed before the rest are summed up in one last message.
pub const MAX_VIOLATIONS: usize = 100;

/// A card's category (D5), read by the one reading of Karth cards both the deck
/// validator and the play engine use ([`crate::grammar::karth`]).
use crate::grammar::karth::{self as card_text, Category};

/// The decklist section a category belongs under.
fn section(c: Category) -> Section {
    match c {
        Category::Hero => Section::Heroes,
        Category::Barrack => Section::Barrack,
        Category::Treasury => Section::Treasury,
        Category::Spellbook => Section::Spellbook,
        Category::Terrain => Section::Terrain,
        Category::Token => Section::Tokens,
    }
}

/// Where a card's printed faction puts it (D6).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Belongs {
    /// A faction of `factions.csv` (index into `DeckValidator::factions`).
    Faction(usize),
    /// An ally card of one side (`Allegiance` or `Shard`).
    Ally(Side),
    Neutral,
}

#[derive(Debug, Clone)]
struct CardInfo {
    name: String,
    card_type: String,
    category: Category,
    belongs: Belongs,
    value: i64,
    /// Units, mercenaries, heroes: the `class` attribute.
    class: Option<String>,
    /// Items: the classes that may use it (empty: any).
    classes: Vec<String>,
    movement: bool,
    /// The format's status of the card on the day judged (none: legal).
    status: Option<LegalityStatus>,
    /// Its status on the registration day, when one is given and it differs (D12).
    was: Option<Option<LegalityStatus>>,
}

/// One card of the resolved deck: its index in `DeckValidator::cards`, its total count,
/// and the list lines it was written on (duplicate lines merged, D11).
type DeckEntry = (usize, u32, Vec<usize>);

/// The rules of one format, precomputed against one catalogue.
#[derive(Debug, Clone)]
pub struct DeckValidator {
    format: Format,
    cards: Vec<CardInfo>,
    by_name: HashMap<String, usize>,
    /// Each card's folded name, for "did you mean" (same index as `cards`).
    folded: Vec<String>,
    /// (name, side) of each faction of the game.
    factions: Vec<(String, Option<Side>)>,
    faction_by_name: HashMap<String, usize>,
    /// The day judged and the registration day (D12).
    on: Date,
    registered: Option<Date>,
}

/// The status a card's rows give it on `day`: the latest row dated on or before it (an
/// undated row counts from the start); `legal` lifts an earlier status.
fn status_on(rows: &[(Option<Date>, LegalityStatus)], day: Date) -> Option<LegalityStatus> {
    rows.iter()
        .filter(|(from, _)| from.is_none_or(|d| d <= day))
        .max_by_key(|(from, _)| *from)
        .map(|(_, s)| *s)
        .filter(|s| *s != LegalityStatus::Legal)
}

impl DeckValidator {
    /// The validator for `format` (a slug of `formats.csv`) of Heroes of Karth, as of
    /// today.
    pub fn new(cat: &Catalogue, format: &str) -> Result<DeckValidator, DeckError> {
        DeckValidator::dated(cat, format, Date::today(), None)
    }

    /// The validator for `format` as of `on` (the event's date), flagging each card whose
    /// status differs on `registered` (the registration date), D12.
    pub fn dated(
        cat: &Catalogue,
        format: &str,
        on: Date,
        registered: Option<Date>,
    ) -> Result<DeckValidator, DeckError> {
        let format = format.trim();
        let Some(fmt) = cat.format(GAME, format) else {
            let known: Vec<String> = cat.formats(GAME).map(|f| f.name.clone()).collect();
            let suggestion = if format.chars().count() > 100 {
                None
            } else {
                closest(format, known.iter().map(String::as_str), 1)
                    .first()
                    .map(|s| s.to_string())
            };
            return Err(DeckError::UnknownFormat {
                game: GAME.into(),
                format: shorten(format),
                suggestion,
                known,
            });
        };
        let factions: Vec<(String, Option<Side>)> = cat
            .factions(GAME)
            .map(|f| (f.name.clone(), f.side))
            .collect();
        let faction_by_name: HashMap<String, usize> = factions
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (fold(n), i))
            .collect();
        let mut rows: HashMap<String, Vec<(Option<Date>, LegalityStatus)>> = HashMap::new();
        for l in cat.legality(GAME, &fmt.name) {
            let from = l.effective.as_deref().and_then(|d| Date::parse(d).ok());
            rows.entry(fold(&l.card))
                .or_default()
                .push((from, l.status));
        }
        let mut cards = Vec::new();
        let mut by_name = HashMap::new();
        for c in cat.cards().iter().filter(|c| c.game == GAME) {
            let belongs = match c.faction.as_deref() {
                None | Some("Neutral") => Belongs::Neutral,
                Some(f) => match Side::parse(f) {
                    Some(side) => Belongs::Ally(side),
                    None => match faction_by_name.get(&fold(f)) {
                        Some(&i) => Belongs::Faction(i),
                        None => Belongs::Neutral,
                    },
                },
            };
            let attr = |n: &str| c.attribute(n).map(|a| a.value.trim().to_string());
            let key = fold(&c.name);
            by_name.insert(key.clone(), cards.len());
            let history = rows.get(&key).map(Vec::as_slice).unwrap_or(&[]);
            let status = status_on(history, on);
            let was = registered
                .map(|r| status_on(history, r))
                .filter(|w| *w != status);
            cards.push(CardInfo {
                name: c.name.to_string(),
                card_type: c.card_type.to_string(),
                category: Category::of(&c.card_type),
                belongs,
                value: c.value.unwrap_or(0),
                class: card_text::class(attr("class").as_deref()),
                classes: card_text::classes(attr("classes").as_deref()),
                movement: card_text::yes(attr("movement").as_deref()),
                status,
                was,
            });
        }
        let folded = cards.iter().map(|c| fold(&c.name)).collect();
        Ok(DeckValidator {
            format: fmt.clone(),
            cards,
            by_name,
            folded,
            factions,
            faction_by_name,
            on,
            registered,
        })
    }

    /// The format this validator applies.
    pub fn format(&self) -> &Format {
        &self.format
    }

    /// Judges one decklist: every violation, and the summary.
    pub fn validate(&self, list: &Decklist) -> Verdict {
        let mut out = Vec::new();
        let mut dropped = list.problems_dropped;
        out.extend(list.problems.iter().cloned());
        if list.refused {
            return self.verdict(list, out, None, false, Summary::default());
        }

        let deck = self.resolve(list, &mut out, &mut dropped);
        let summary = self.summarise(&deck);

        let mut rules: Vec<Violation> = Vec::new();
        self.check_counts(&deck, &summary, &mut rules);
        let (faction, derived) = self.check_faction(list, &deck, &mut rules);
        self.check_hero_copies(&deck, &mut rules);
        self.check_terrain(&deck, &summary.counts, &mut rules);
        self.check_items(&deck, &mut rules);
        self.check_statuses(&deck, &mut rules);
        self.check_in_effect(&mut rules);

        for v in rules {
            if out.len() < MAX_VIOLATIONS {
                out.push(v);
            } else {
                dropped += 1;
            }
        }
        if dropped > 0 {
            out.push(Violation {
                rule: "decklist".into(),
                severity: Severity::Error,
                message: format!(
                    "{dropped} more problem(s) not listed: only the first {MAX_VIOLATIONS} are shown"
                ),
                cards: Vec::new(),
                actual: Some((out.len() + dropped).to_string()),
                allowed: None,
                lines: Vec::new(),
                suggestion: Some("fix the problems above and check again".into()),
                decision: None,
            });
        }
        self.verdict(list, out, faction, derived, summary)
    }

    fn verdict(
        &self,
        list: &Decklist,
        out: Vec<Violation>,
        faction: Option<usize>,
        derived: bool,
        summary: Summary,
    ) -> Verdict {
        let count = |s: Severity| out.iter().filter(|v| v.severity == s).count();
        let errors = count(Severity::Error);
        Verdict {
            object: "deck_verdict",
            legal: errors == 0,
            game: GAME,
            format: self.format.name.clone(),
            faction: faction.map(|f| self.factions[f].0.clone()),
            faction_derived: derived,
            side: faction.and_then(|f| self.factions[f].1),
            player: list.player.clone(),
            title: list.title.clone(),
            errors,
            warnings: count(Severity::Warning),
            notes: count(Severity::Note),
            violations: out,
            summary,
            fingerprint: super::fingerprint::fingerprint(list),
        }
    }

    /// The names and (sorted) list lines of the deck's cards that match `pred`.
    fn lines_of(
        &self,
        deck: &[DeckEntry],
        pred: &dyn Fn(&CardInfo) -> bool,
    ) -> (Vec<String>, Vec<usize>) {
        let mut names = Vec::new();
        let mut lines = Vec::new();
        for (idx, _, l) in deck {
            if pred(&self.cards[*idx]) {
                names.push(self.cards[*idx].name.clone());
                lines.extend(l);
            }
        }
        lines.sort_unstable();
        (names, lines)
    }
}
