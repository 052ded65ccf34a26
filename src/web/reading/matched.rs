//! Why a card hit matched: the values its filters compared (`value<=2` → `value 2`) and
//! its keywords, the ones the query named marked ([`why_matched`], for a query read once
//! per page as a [`ReadQuery`]).
//!
//! It works on the parsed query and the card; running the search is `search`'s, and
//! rendering the hit is `web::search`'s.

use super::query::{bare, positive_terms};
use crate::catalogue::{Card, Catalogue};
use crate::search::query::{self, Op, Term};
use crate::text::fold;
use crate::web::links;
use serde::Serialize;

/// A value a filter of the query compared, as shown on a hit (`value 2`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Filtered {
    pub field: String,
    pub value: String,
}

/// A keyword of a card hit, marked when the query named it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeywordShown {
    /// The keyword with its value, as printed (`Armor 2`).
    pub label: String,
    pub url: String,
    /// The query named this keyword (a `keyword:` filter or the bare words).
    pub matched: bool,
}

/// Fields of the query language that are not card columns compared by value.
const NOT_VALUES: &[&str] = &[
    "game", "kind", "type", "t", "faction", "f", "keyword", "kw", "name", "n", "text", "o",
    "section", "s", "timing", "ability",
];

/// A query read once for every hit of its page: its terms not under a negation, and
/// its bare words (what [`why_matched`] compares each hit with).
pub struct ReadQuery {
    terms: Vec<Term>,
    /// The bare terms as one folded text (`heal over time`).
    bare_text: String,
    /// Each bare term folded.
    bare_words: Vec<String>,
}

impl ReadQuery {
    /// Query `q` read for [`why_matched`].
    pub fn of(q: &str) -> ReadQuery {
        let node = query::parse(q).node;
        let mut terms = Vec::new();
        if let Some(node) = &node {
            positive_terms(node, &mut terms);
        }
        let terms: Vec<Term> = terms.into_iter().cloned().collect();
        let bare_text = fold(
            &terms
                .iter()
                .filter(|t| t.field.is_none())
                .map(|t| t.value.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        );
        let bare_words = terms
            .iter()
            .filter(|t| t.field.is_none())
            .map(|t| fold(bare(&t.value)))
            .collect();
        ReadQuery {
            terms,
            bare_text,
            bare_words,
        }
    }
}

/// Why a card hit matched the query `read`: the values its comparisons looked at
/// (`value<=2` → `value 2`, `attack>=3` → `attack 4`) and its keywords, those the query
/// named marked.
pub fn why_matched(
    cat: &Catalogue,
    card: &Card,
    read: &ReadQuery,
) -> (Vec<Filtered>, Vec<KeywordShown>) {
    let ReadQuery {
        terms,
        bare_text,
        bare_words,
    } = read;
    let mut filtered: Vec<Filtered> = Vec::new();
    for t in terms {
        let Some(field) = t.field.as_deref() else {
            continue;
        };
        if NOT_VALUES.contains(&field) {
            continue;
        }
        let numeric = !matches!(t.op, Op::Colon | Op::Eq);
        let value = if field == "value" {
            card.value.map(|v| v.to_string())
        } else {
            card.attribute(field).map(|a| a.value.to_string())
        };
        if let Some(value) = value {
            if (numeric || field == "value" || !value.is_empty())
                && !filtered.iter().any(|f| f.field == field)
            {
                filtered.push(Filtered {
                    field: field.to_string(),
                    value,
                });
            }
        }
    }
    let named: Vec<String> = terms
        .iter()
        .filter(|t| matches!(t.field.as_deref(), Some("keyword" | "kw")))
        .map(|t| {
            cat.keyword(&card.game, &t.value)
                .map_or_else(|| fold(&t.value), |k| fold(&k.name))
        })
        .collect();
    // What the query names, folded; a keyword is marked when its name is one of them or
    // one of them is its alias (names the same keyword of the card's game).
    let wanted: Vec<&str> = named
        .iter()
        .map(String::as_str)
        .chain(Some(bare_text.as_str()).filter(|t| !t.is_empty()))
        .chain(bare_words.iter().map(String::as_str))
        .collect();
    let wanted_keywords: Vec<usize> = wanted
        .iter()
        .filter_map(|w| cat.keyword_number(&card.game, w))
        .collect();
    let keywords = card
        .abilities
        .iter()
        .map(|a| {
            let matched = !wanted.is_empty() && {
                let key = fold(&a.keyword);
                wanted.contains(&key.as_str())
                    || cat
                        .keyword_number(&card.game, &key)
                        .is_some_and(|k| wanted_keywords.contains(&k))
            };
            KeywordShown {
                label: a.label(),
                url: links::keyword(&card.game, &a.keyword),
                matched,
            }
        })
        .collect();
    (filtered, keywords)
}
