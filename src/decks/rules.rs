//! The deck-building rules and the verdict.
//!
//! [`DeckValidator::new`] precomputes, once per catalogue and format, everything a check
//! needs (folded name → card, each card's category, side and classes, the format's
//! limits and card statuses); [`DeckValidator::validate`] then judges a [`Decklist`]
//! without touching the catalogue, reporting every violation at once. Reading the list
//! is `parse`'s job; rendering the verdict is the surfaces' job.

use super::parse::{shorten, Decklist, Section};
use super::{DeckError, GAME};
use crate::catalogue::{Catalogue, Format, LegalityStatus, Side};
use crate::text::{closest, fold};
use serde::Serialize;
use std::collections::HashMap;

/// Violations listed before the rest are summed up in one last message.
pub const MAX_VIOLATIONS: usize = 100;

/// How bad a violation is. Only errors make a deck illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One broken rule (or a reading problem, rule `decklist`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The rule number (`3.1`, `5.1.2`), `format:<name>` for a format's card list,
    /// `decklist` for a reading problem, `card` for an unknown card name, `faction` for
    /// a faction that is unknown or cannot be derived.
    pub rule: String,
    pub severity: Severity,
    pub message: String,
    /// The cards involved, by catalogue name.
    pub cards: Vec<String>,
    /// What the deck has (`103`), when the rule is a number.
    pub actual: Option<String>,
    /// What the rule allows (`100`, `at least 16`).
    pub allowed: Option<String>,
    /// The decklist lines involved (1-based), sorted.
    pub lines: Vec<usize>,
    pub suggestion: Option<String>,
    /// The decision of `docs/decks.md` the check relies on (`D1`).
    pub decision: Option<String>,
}

/// Cards per category.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CategoryCounts {
    pub heroes: u32,
    pub barrack: u32,
    pub treasury: u32,
    pub spellbook: u32,
    pub terrain: u32,
    /// Terrain cards that affect movement (rule 3.12).
    pub movement_terrain: u32,
    pub tokens: u32,
}

/// A card of the token pile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TokenLine {
    pub name: String,
    pub count: u32,
    pub value: i64,
}

/// A hero and the side it belongs to (`Allegiance`, `Shard`, `Neutral` or a faction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeroLine {
    pub name: String,
    pub side: String,
}

/// A known card of the deck, with its total count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardLine {
    pub name: String,
    pub count: u32,
    /// `hero`, `barrack`, `treasury`, `spellbook`, `terrain` or `token`.
    pub category: &'static str,
    #[serde(rename = "type")]
    pub card_type: String,
    pub value: i64,
}

/// The deck's numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub counts: CategoryCounts,
    /// Barrack + Treasury + Spellbook (rule 3.4).
    pub main_deck: u32,
    /// Every card's value times its count (D1).
    pub gold_total: i64,
    /// The gold of the token pile, included in `gold_total` (3.6).
    pub token_gold: i64,
    pub token_pile: Vec<TokenLine>,
    pub heroes: Vec<HeroLine>,
    /// Every known card, in the order first listed.
    pub cards: Vec<CardLine>,
}

/// The judgement of one decklist; the same struct serves the page, API, CLI and batch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub object: &'static str,
    /// True iff no violation is an error.
    pub legal: bool,
    pub game: &'static str,
    pub format: String,
    pub faction: Option<String>,
    /// The faction came from the cards, not a `Faction:` line (D4).
    pub faction_derived: bool,
    pub side: Option<Side>,
    pub player: Option<String>,
    pub title: Option<String>,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// Every violation: reading problems first (by line), then rules in rule order.
    pub violations: Vec<Violation>,
    pub summary: Summary,
}

/// A card's category (D5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Category {
    Hero,
    Barrack,
    Treasury,
    Spellbook,
    Terrain,
    Token,
}

impl Category {
    fn of(card_type: &str) -> Category {
        match card_type {
            "hero" => Category::Hero,
            "unit" | "mercenary" | "animal" => Category::Barrack,
            "item" | "income" => Category::Treasury,
            "spell" => Category::Spellbook,
            "terrain" => Category::Terrain,
            "token" => Category::Token,
            // The importer allows only the types above for karth.
            _ => Category::Barrack,
        }
    }
    fn as_str(self) -> &'static str {
        match self {
            Category::Hero => "hero",
            Category::Barrack => "barrack",
            Category::Treasury => "treasury",
            Category::Spellbook => "spellbook",
            Category::Terrain => "terrain",
            Category::Token => "token",
        }
    }
    fn section(self) -> Section {
        match self {
            Category::Hero => Section::Heroes,
            Category::Barrack => Section::Barrack,
            Category::Treasury => Section::Treasury,
            Category::Spellbook => Section::Spellbook,
            Category::Terrain => Section::Terrain,
            Category::Token => Section::Tokens,
        }
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
    status: Option<LegalityStatus>,
}

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
}

impl DeckValidator {
    /// The validator for `format` (a slug of `formats.csv`) of Heroes of Karth.
    pub fn new(cat: &Catalogue, format: &str) -> Result<DeckValidator, DeckError> {
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
        let status: HashMap<String, LegalityStatus> = cat
            .legality(GAME, &fmt.name)
            .map(|l| (fold(&l.card), l.status))
            .collect();
        let mut cards = Vec::new();
        let mut by_name = HashMap::new();
        for c in cat.data().cards.iter().filter(|c| c.game == GAME) {
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
            cards.push(CardInfo {
                name: c.name.clone(),
                card_type: c.card_type.clone(),
                category: Category::of(&c.card_type),
                belongs,
                value: c.value.unwrap_or(0),
                class: attr("class").filter(|s| !s.is_empty()),
                classes: attr("classes")
                    .map(|s| {
                        s.split(';')
                            .map(|x| x.trim().to_string())
                            .filter(|x| !x.is_empty())
                            .collect()
                    })
                    .unwrap_or_default(),
                movement: attr("movement").is_some_and(|m| m.eq_ignore_ascii_case("yes")),
                status: status.get(&key).copied(),
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
        })
    }

    /// The (at most 3) card names closest to `wanted`, as [`crate::text::closest`] ranks
    /// them, over the names folded once in [`DeckValidator::new`].
    fn closest_cards(&self, wanted: &str) -> Vec<&str> {
        if wanted.chars().count() > 100 {
            return Vec::new();
        }
        let key = fold(wanted);
        let mut scored: Vec<(f64, &str)> = self
            .folded
            .iter()
            .zip(&self.cards)
            .map(|(f, c)| (strsim::jaro_winkler(&key, f), c.name.as_str()))
            .filter(|(score, _)| *score >= 0.7)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        scored.into_iter().take(3).map(|(_, n)| n).collect()
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
        let fmt = &self.format;
        let rule_fmt = format!("format:{}", fmt.name);
        if list.refused {
            return self.verdict(list, out, None, false, Summary::default());
        }

        // Resolve names; merge duplicate lines (D11).
        let mut deck: Vec<(usize, u32, Vec<usize>)> = Vec::with_capacity(list.entries.len());
        let mut unknown = 0usize;
        let mut key = String::new();
        for e in &list.entries {
            let Some(&idx) = self.by_name.get(fold_into(&e.name, &mut key)) else {
                unknown += 1;
                if out.len() >= MAX_VIOLATIONS {
                    dropped += 1;
                    continue;
                }
                let suggestions = self.closest_cards(&e.name);
                let suggestion = match suggestions.as_slice() {
                    [] => None,
                    list => Some(format!(
                        "did you mean {}?",
                        list.iter()
                            .map(|s| format!("`{s}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                };
                out.push(Violation {
                    rule: "card".into(),
                    severity: Severity::Error,
                    message: format!("no Heroes of Karth card is named `{}`", shorten(&e.name)),
                    cards: Vec::new(),
                    actual: None,
                    allowed: None,
                    lines: vec![e.line],
                    suggestion,
                    decision: None,
                });
                continue;
            };
            let card = &self.cards[idx];
            if let Some(s) = e.section {
                let right = card.category.section();
                if s != right && out.len() < MAX_VIOLATIONS {
                    if card.category == Category::Token
                        && matches!(s, Section::Barrack | Section::Treasury | Section::Spellbook)
                    {
                        // rule 3.5: tokens are not among the 45.
                        out.push(Violation {
                            rule: "3.5".into(),
                            severity: Severity::Warning,
                            message: format!(
                                "{} is a token, listed under {}: tokens are not among the {} main-deck cards; it is counted in the token pile",
                                card.name, s.as_str(), fmt.main_deck
                            ),
                            cards: vec![card.name.clone()],
                            actual: None,
                            allowed: None,
                            lines: vec![e.line],
                            suggestion: Some("move it under Tokens".to_string()),
                            decision: Some("D8".into()),
                        });
                    } else {
                        out.push(Violation {
                            rule: "decklist".into(),
                            severity: Severity::Warning,
                            message: format!(
                                "{} is a {} ({}) but is listed under {}; it is counted as {}",
                                card.name,
                                card.card_type,
                                right.as_str(),
                                s.as_str(),
                                right.as_str()
                            ),
                            cards: vec![card.name.clone()],
                            actual: None,
                            allowed: None,
                            lines: vec![e.line],
                            suggestion: Some(format!("move it under {}", right.as_str())),
                            decision: Some("D5".into()),
                        });
                    }
                } else if s != right {
                    dropped += 1;
                }
            }
            match deck.iter_mut().find(|d| d.0 == idx) {
                Some(d) => {
                    d.1 = d.1.saturating_add(e.count);
                    d.2.push(e.line);
                }
                None => deck.push((idx, e.count, vec![e.line])),
            }
        }
        for (idx, count, lines) in &deck {
            if lines.len() > 1 && out.len() < MAX_VIOLATIONS {
                let card = &self.cards[*idx];
                out.push(Violation {
                    rule: "decklist".into(),
                    severity: Severity::Note,
                    message: format!(
                        "{} is listed on {} lines ({}); the copies add up to {count}",
                        card.name,
                        lines.len(),
                        join_lines(lines)
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: None,
                    lines: lines.clone(),
                    suggestion: Some(format!("write it once: `{count} {}`", card.name)),
                    decision: Some("D11".into()),
                });
            }
        }
        if unknown > 0 && deck.is_empty() && list.entries.len() >= 3 {
            out.insert(
                0,
                Violation {
                    rule: "decklist".into(),
                    severity: Severity::Error,
                    message: format!(
                        "this does not look like a Heroes of Karth decklist: none of its {} card lines names a card",
                        list.entries.len()
                    ),
                    cards: Vec::new(),
                    actual: None,
                    allowed: None,
                    lines: Vec::new(),
                    suggestion: Some(
                        "write one card per line, such as `3 Spark`; see docs/decks.md".into(),
                    ),
                    decision: None,
                },
            );
        }

        // Summary.
        let mut summary = Summary::default();
        for (idx, count, _) in &deck {
            let card = &self.cards[*idx];
            let n = *count;
            let c = &mut summary.counts;
            match card.category {
                Category::Hero => c.heroes += n,
                Category::Barrack => c.barrack += n,
                Category::Treasury => c.treasury += n,
                Category::Spellbook => c.spellbook += n,
                Category::Terrain => {
                    c.terrain += n;
                    if card.movement {
                        c.movement_terrain += n;
                    }
                }
                Category::Token => {
                    c.tokens += n;
                    summary.token_gold += card.value * i64::from(n);
                    summary.token_pile.push(TokenLine {
                        name: card.name.clone(),
                        count: n,
                        value: card.value,
                    });
                }
            }
            if card.category == Category::Hero {
                for _ in 0..n.min(10) {
                    summary.heroes.push(HeroLine {
                        name: card.name.clone(),
                        side: match &card.belongs {
                            Belongs::Ally(s) => s.as_str().to_string(),
                            Belongs::Neutral => "Neutral".into(),
                            Belongs::Faction(i) => self.factions[*i].0.clone(),
                        },
                    });
                }
            }
            summary.gold_total += card.value * i64::from(n);
            summary.cards.push(CardLine {
                name: card.name.clone(),
                count: n,
                category: card.category.as_str(),
                card_type: card.card_type.clone(),
                value: card.value,
            });
        }
        let c = summary.counts.clone();
        summary.main_deck = c.barrack + c.treasury + c.spellbook;

        let mut rules: Vec<Violation> = Vec::new();
        let lines_of = |pred: &dyn Fn(&CardInfo) -> bool| -> (Vec<String>, Vec<usize>) {
            let mut names = Vec::new();
            let mut lines = Vec::new();
            for (idx, _, l) in &deck {
                if pred(&self.cards[*idx]) {
                    names.push(self.cards[*idx].name.clone());
                    lines.extend(l);
                }
            }
            lines.sort_unstable();
            (names, lines)
        };

        // 3.1 / 3.6: gold (D1, D8).
        let max_gold = fmt.max_gold;
        if summary.gold_total > max_gold {
            let without_tokens = summary.gold_total - summary.token_gold;
            let by_tokens = without_tokens <= max_gold;
            let (cards, lines) = if by_tokens {
                lines_of(&|c| c.category == Category::Token && c.value > 0)
            } else {
                (Vec::new(), Vec::new())
            };
            let over = summary.gold_total - max_gold;
            rules.push(Violation {
                rule: if by_tokens { "3.6" } else { "3.1" }.into(),
                severity: Severity::Error,
                message: if by_tokens {
                    format!(
                        "{} / {max_gold} gold: the token pile's {} gold counts toward the {max_gold} (3.6, 5.5.3); without it the deck is {without_tokens}",
                        summary.gold_total, summary.token_gold
                    )
                } else {
                    format!(
                        "{} / {max_gold} gold: the deck's total gold value is {over} over the limit (heroes and terrain count, D1)",
                        summary.gold_total
                    )
                },
                cards,
                actual: Some(summary.gold_total.to_string()),
                allowed: Some(max_gold.to_string()),
                lines,
                suggestion: Some(format!("remove {over} gold of cards")),
                decision: Some(if by_tokens { "D8" } else { "D1" }.into()),
            });
        }

        // 3.2: the number of heroes.
        if i64::from(c.heroes) != fmt.heroes {
            let (cards, lines) = lines_of(&|x| x.category == Category::Hero);
            rules.push(Violation {
                rule: "3.2".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} heroes: a deck has exactly {} hero cards",
                    c.heroes, fmt.heroes, fmt.heroes
                ),
                cards,
                actual: Some(c.heroes.to_string()),
                allowed: Some(fmt.heroes.to_string()),
                lines,
                suggestion: Some(if i64::from(c.heroes) < fmt.heroes {
                    format!("add {} hero(es)", fmt.heroes - i64::from(c.heroes))
                } else {
                    format!("remove {} hero(es)", i64::from(c.heroes) - fmt.heroes)
                }),
                decision: None,
            });
        }

        // 3.3: the 10/10/10 rule.
        for (label, have, min, cat) in [
            ("Barrack", c.barrack, fmt.min_barrack, Category::Barrack),
            ("Treasury", c.treasury, fmt.min_treasury, Category::Treasury),
            (
                "Spellbook",
                c.spellbook,
                fmt.min_spellbook,
                Category::Spellbook,
            ),
        ] {
            if i64::from(have) < min {
                let (cards, lines) = lines_of(&|x| x.category == cat);
                rules.push(Violation {
                    rule: "3.3".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{have} / at least {min} {label} cards ({}/{}/{} rule)",
                        fmt.min_barrack, fmt.min_treasury, fmt.min_spellbook
                    ),
                    cards,
                    actual: Some(have.to_string()),
                    allowed: Some(format!("at least {min}")),
                    lines,
                    suggestion: Some(format!("add {} {label} card(s)", min - i64::from(have))),
                    decision: Some("D5".into()),
                });
            }
        }

        // 3.4: exactly 45 main-deck cards.
        if i64::from(summary.main_deck) != fmt.main_deck {
            let m = i64::from(summary.main_deck);
            rules.push(Violation {
                rule: "3.4".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} cards: Barrack ({}), Treasury ({}) and Spellbook ({}) together make exactly {} (heroes, terrain and tokens are not counted)",
                    summary.main_deck, fmt.main_deck, c.barrack, c.treasury, c.spellbook, fmt.main_deck
                ),
                cards: Vec::new(),
                actual: Some(summary.main_deck.to_string()),
                allowed: Some(fmt.main_deck.to_string()),
                lines: Vec::new(),
                suggestion: Some(if m < fmt.main_deck {
                    format!("add {} Barrack, Treasury or Spellbook card(s)", fmt.main_deck - m)
                } else {
                    format!("remove {} Barrack, Treasury or Spellbook card(s)", m - fmt.main_deck)
                }),
                decision: Some("D5".into()),
            });
        }

        // 3.7: copies (not heroes D2, not terrain, not zero-value tokens D9).
        for (idx, count, lines) in &deck {
            let card = &self.cards[*idx];
            let exempt = card.category == Category::Hero
                || card.category == Category::Terrain
                || (card.category == Category::Token && card.value == 0);
            if !exempt && i64::from(*count) > fmt.max_copies {
                rules.push(Violation {
                    rule: "3.7".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} / {} copies of {}: at most {} {} of any one card",
                        fmt.max_copies,
                        card.name,
                        fmt.max_copies,
                        if fmt.max_copies == 1 {
                            "copy"
                        } else {
                            "copies"
                        }
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some(fmt.max_copies.to_string()),
                    lines: lines.clone(),
                    suggestion: Some(format!(
                        "remove {} {}",
                        i64::from(*count) - fmt.max_copies,
                        card.name
                    )),
                    decision: Some(
                        if card.category == Category::Token {
                            "D9"
                        } else {
                            "D2"
                        }
                        .into(),
                    ),
                });
            }
        }

        // The deck's faction (D3, D4), then 3.8, 3.9 and 5.1.
        let mut faction: Option<usize> = None;
        let mut derived = false;
        match &list.faction {
            Some((name, line)) => match self.faction_by_name.get(&fold(name)) {
                Some(&i) => faction = Some(i),
                None => {
                    let names = self.factions.iter().map(|(n, _)| n.as_str());
                    let found = if name.chars().count() > 100 {
                        Vec::new()
                    } else {
                        closest(name, names, 1)
                    };
                    rules.push(Violation {
                        rule: "faction".into(),
                        severity: Severity::Error,
                        message: format!(
                            "no Heroes of Karth faction is named `{}`; the factions are: {}",
                            shorten(name),
                            self.factions
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        cards: Vec::new(),
                        actual: None,
                        allowed: None,
                        lines: if *line > 0 { vec![*line] } else { Vec::new() },
                        suggestion: found.first().map(|b| format!("did you mean `{b}`?")),
                        decision: Some("D4".into()),
                    });
                }
            },
            None => {
                let mut seen: Vec<usize> = Vec::new();
                for (idx, _, _) in &deck {
                    if let Belongs::Faction(f) = self.cards[*idx].belongs {
                        if !seen.contains(&f) {
                            seen.push(f);
                        }
                    }
                }
                match seen.as_slice() {
                    [one] => {
                        faction = Some(*one);
                        derived = true;
                    }
                    [] if !deck.is_empty() => rules.push(Violation {
                        rule: "faction".into(),
                        severity: Severity::Error,
                        message:
                            "the deck's faction cannot be derived: no card belongs to a faction"
                                .into(),
                        cards: Vec::new(),
                        actual: None,
                        allowed: None,
                        lines: Vec::new(),
                        suggestion: Some(format!(
                            "add a `Faction:` line naming one of: {}",
                            self.factions
                                .iter()
                                .map(|(n, _)| n.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                        decision: Some("D4".into()),
                    }),
                    [] => {}
                    many => {
                        let (cards, lines) =
                            lines_of(&|x| matches!(x.belongs, Belongs::Faction(_)));
                        let names: Vec<&str> =
                            many.iter().map(|&i| self.factions[i].0.as_str()).collect();
                        rules.push(Violation {
                            rule: "3.8".into(),
                            severity: Severity::Error,
                            message: format!(
                                "cards of {} factions are mixed ({}): cards of different factions cannot be mixed in one deck",
                                many.len(),
                                names.join(", ")
                            ),
                            cards,
                            actual: Some(many.len().to_string()),
                            allowed: Some("1".into()),
                            lines,
                            suggestion: Some(
                                "keep the cards of one faction, and add a `Faction:` line naming it".into(),
                            ),
                            decision: Some("D4".into()),
                        });
                    }
                }
            }
        }
        let side = faction.and_then(|f| self.factions[f].1);
        if let Some(f) = faction {
            let fname = &self.factions[f].0;
            let (cards, lines) = lines_of(&|x| matches!(x.belongs, Belongs::Faction(g) if g != f));
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "3.8".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} card(s) of another faction in the {fname} deck: cards of different factions cannot be mixed",
                        cards.len()
                    ),
                    actual: Some(cards.len().to_string()),
                    allowed: Some("0".into()),
                    suggestion: Some(format!("replace them with {fname} or Neutral cards")),
                    cards,
                    lines,
                    decision: Some("D4".into()),
                });
            }
        }
        if let Some(side) = side {
            let fname = faction.map(|f| self.factions[f].0.as_str()).unwrap_or("");
            let wrong = |x: &CardInfo| matches!(x.belongs, Belongs::Ally(s) if s != side);
            let (cards, lines) = lines_of(&|x| x.category != Category::Hero && wrong(x));
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "3.9".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} ally card(s) of the {} in a deck of {fname}, which is allied to the {}: ally cards can be mixed only when their factions are allied (mercenaries are allied with one side, 3.10)",
                        cards.len(),
                        other(side).as_str(),
                        side.as_str()
                    ),
                    actual: Some(other(side).as_str().into()),
                    allowed: Some(format!("{} or Neutral", side.as_str())),
                    suggestion: Some(format!(
                        "replace them with {} or Neutral cards",
                        side.as_str()
                    )),
                    cards,
                    lines,
                    decision: Some("D6".into()),
                });
            }
            let (cards, lines) = lines_of(&|x| x.category == Category::Hero && wrong(x));
            if !cards.is_empty() {
                rules.push(Violation {
                    rule: "5.1".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{} {} hero(es) in a deck of {fname}, which is allied to the {}: {} {} hero can only be added to factions allied to the {}",
                        cards.len(),
                        other(side).as_str(),
                        side.as_str(),
                        article(other(side)),
                        other(side).as_str(),
                        other(side).as_str()
                    ),
                    actual: Some(other(side).as_str().into()),
                    allowed: Some(format!("{} or Neutral", side.as_str())),
                    suggestion: Some(format!(
                        "choose {} or Neutral heroes",
                        side.as_str()
                    )),
                    cards,
                    lines,
                    decision: Some("D6".into()),
                });
            }
        }

        // 5.1.2: the heroes are different cards (D2).
        for (idx, count, lines) in &deck {
            let card = &self.cards[*idx];
            if card.category == Category::Hero && *count > 1 {
                rules.push(Violation {
                    rule: "5.1.2".into(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} copies of the hero {}: the heroes must be different cards",
                        card.name
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("1".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("keep one {} and choose another hero", card.name)),
                    decision: Some("D2".into()),
                });
            }
        }

        // 3.11 and 3.12: terrain.
        if i64::from(c.terrain) < fmt.min_terrain {
            let (cards, lines) = lines_of(&|x| x.category == Category::Terrain);
            rules.push(Violation {
                rule: "3.11".into(),
                severity: Severity::Error,
                message: format!("{} / at least {} terrain cards", c.terrain, fmt.min_terrain),
                cards,
                actual: Some(c.terrain.to_string()),
                allowed: Some(format!("at least {}", fmt.min_terrain)),
                lines,
                suggestion: Some(format!(
                    "add {} terrain card(s); Grassland and Spawner cost 0 gold",
                    fmt.min_terrain - i64::from(c.terrain)
                )),
                decision: None,
            });
        }
        if i64::from(c.movement_terrain) > fmt.max_movement_terrain {
            let (cards, lines) = lines_of(&|x| x.category == Category::Terrain && x.movement);
            rules.push(Violation {
                rule: "3.12".into(),
                severity: Severity::Error,
                message: format!(
                    "{} / {} terrain cards that affect movement ({})",
                    c.movement_terrain,
                    fmt.max_movement_terrain,
                    cards.join(", ")
                ),
                cards,
                actual: Some(c.movement_terrain.to_string()),
                allowed: Some(fmt.max_movement_terrain.to_string()),
                lines,
                suggestion: Some(format!(
                    "replace {} of them with Grassland or Spawner",
                    i64::from(c.movement_terrain) - fmt.max_movement_terrain
                )),
                decision: None,
            });
        }

        // 5.6.2 (warning): items no one in the deck can use (D7).
        let mut classes: Vec<&str> = Vec::new();
        for (idx, _, _) in &deck {
            let card = &self.cards[*idx];
            if matches!(card.card_type.as_str(), "hero" | "unit" | "mercenary") {
                if let Some(cl) = &card.class {
                    classes.push(cl.as_str());
                }
            }
        }
        for (idx, _, lines) in &deck {
            let card = &self.cards[*idx];
            if card.card_type == "item"
                && !card.classes.is_empty()
                && !card
                    .classes
                    .iter()
                    .any(|k| classes.iter().any(|c| c.eq_ignore_ascii_case(k)))
            {
                rules.push(Violation {
                    rule: "5.6.2".into(),
                    severity: Severity::Warning,
                    message: format!(
                        "{} can be used only by {}, and no unit or hero in the deck is one",
                        card.name,
                        card.classes.join(" or ")
                    ),
                    cards: vec![card.name.clone()],
                    actual: None,
                    allowed: Some(card.classes.join("; ")),
                    lines: lines.clone(),
                    suggestion: Some(format!(
                        "add a {} or replace the item",
                        card.classes.join(" or ")
                    )),
                    decision: Some("D7".into()),
                });
            }
        }

        // The format's banned and restricted cards (D10).
        for (idx, count, lines) in &deck {
            let card = &self.cards[*idx];
            match card.status {
                Some(LegalityStatus::Banned) => rules.push(Violation {
                    rule: rule_fmt.clone(),
                    severity: Severity::Error,
                    message: format!("{} is banned in the {} format", card.name, fmt.name),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("0".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("remove {}", card.name)),
                    decision: Some("D10".into()),
                }),
                Some(LegalityStatus::Restricted) if *count > 1 => rules.push(Violation {
                    rule: rule_fmt.clone(),
                    severity: Severity::Error,
                    message: format!(
                        "{count} / 1 copies of {}: it is restricted to 1 copy in the {} format",
                        card.name, fmt.name
                    ),
                    cards: vec![card.name.clone()],
                    actual: Some(count.to_string()),
                    allowed: Some("1".into()),
                    lines: lines.clone(),
                    suggestion: Some(format!("remove {} {}", count - 1, card.name)),
                    decision: Some("D10".into()),
                }),
                _ => {}
            }
        }

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
        }
    }
}

/// [`fold`] into a reused buffer: plain ASCII names (the common case) need no allocation.
fn fold_into<'b>(name: &str, buf: &'b mut String) -> &'b str {
    let s = name.trim();
    if s.bytes().all(|b| b.is_ascii_graphic() || b == b' ') && !s.contains("  ") {
        buf.clear();
        buf.extend(s.chars().map(|c| c.to_ascii_lowercase()));
    } else {
        *buf = fold(s);
    }
    buf.as_str()
}

fn article(side: Side) -> &'static str {
    match side {
        Side::Allegiance => "an",
        Side::Shard => "a",
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Allegiance => Side::Shard,
        Side::Shard => Side::Allegiance,
    }
}

fn join_lines(lines: &[usize]) -> String {
    let s: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    match s.as_slice() {
        [] => String::new(),
        [one] => format!("line {one}"),
        [init @ .., last] => format!("lines {} and {last}", init.join(", ")),
    }
}
