//! The verdict: what a judged decklist reports, the one shape that the page, the API, the
//! CLI and the batch serialise.
//!
//! This file owns the public output types ([`Verdict`], [`Violation`], [`Severity`],
//! [`Summary`] and its lines); they are plain data. Filling them in is the validator's
//! job (`mod.rs` and the rule files); rendering them is the surfaces' job.

use crate::catalogue::Side;
use serde::Serialize;

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

impl Violation {
    /// An error against `rule`, with nothing but its message filled in; the `with_*`
    /// methods add the rest.
    pub(super) fn error(rule: impl Into<String>, message: impl Into<String>) -> Violation {
        Violation {
            rule: rule.into(),
            severity: Severity::Error,
            message: message.into(),
            cards: Vec::new(),
            actual: None,
            allowed: None,
            lines: Vec::new(),
            suggestion: None,
            decision: None,
        }
    }

    /// The cards involved and their decklist lines.
    pub(super) fn with_cards(mut self, cards: Vec<String>, lines: Vec<usize>) -> Violation {
        self.cards = cards;
        self.lines = lines;
        self
    }

    /// The decklist lines involved.
    pub(super) fn with_lines(mut self, lines: Vec<usize>) -> Violation {
        self.lines = lines;
        self
    }

    /// What the deck has and what the rule allows.
    pub(super) fn with_counts(
        mut self,
        actual: impl Into<String>,
        allowed: impl Into<String>,
    ) -> Violation {
        self.actual = Some(actual.into());
        self.allowed = Some(allowed.into());
        self
    }

    /// How to fix it, if anything can be suggested.
    pub(super) fn with_suggestion(mut self, suggestion: impl Into<Option<String>>) -> Violation {
        self.suggestion = suggestion.into();
        self
    }

    /// The decision of `docs/decks.md` the check relies on.
    pub(super) fn with_decision(mut self, decision: &str) -> Violation {
        self.decision = Some(decision.into());
        self
    }
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
    /// A short hash of the list's canonical form (`decks::fingerprint`): the same for two
    /// spellings of one list, different for any change of a card or a count.
    pub fingerprint: String,
}
