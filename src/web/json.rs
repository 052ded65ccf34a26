//! The JSON twins' shared shapes: lists and item references, as every page family uses them.
//!
//! A list is `{object:"list", data, total, has_more, next_page, warnings}`; an item names
//! its `kind`, `game`, `name` and its page's `url`. Errors are in `error.rs`.

use serde::Serialize;

/// `{object:"list", …}`
#[derive(Debug, Serialize)]
pub struct List<T: Serialize> {
    pub object: &'static str,
    pub data: Vec<T>,
    pub total: usize,
    pub has_more: bool,
    /// URL of the next page's JSON, when there is one.
    pub next_page: Option<String>,
    pub warnings: Vec<Warning>,
}

impl<T: Serialize> List<T> {
    /// A complete (single-page) list.
    pub fn all(data: Vec<T>) -> Self {
        List {
            object: "list",
            total: data.len(),
            data,
            has_more: false,
            next_page: None,
            warnings: Vec::new(),
        }
    }
}

/// A problem that did not stop the request (an ignored query term).
#[derive(Debug, Clone, Serialize)]
pub struct Warning {
    pub code: &'static str,
    pub message: String,
    /// Character offset in the input, when the warning is about a part of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

/// A reference to a catalogue entry.
#[derive(Debug, Clone, Serialize)]
pub struct ItemRef {
    /// `card`, `keyword` or `rule`.
    pub kind: &'static str,
    pub game: String,
    pub name: String,
    /// The HTML page; its JSON twin is `links::json(url)`.
    pub url: String,
}

impl ItemRef {
    pub fn card(game: &str, name: &str) -> Self {
        ItemRef {
            kind: "card",
            game: game.into(),
            name: name.into(),
            url: super::links::card(game, name),
        }
    }
    pub fn keyword(game: &str, name: &str) -> Self {
        ItemRef {
            kind: "keyword",
            game: game.into(),
            name: name.into(),
            url: super::links::keyword(game, name),
        }
    }
    pub fn rule(game: &str, section: &str) -> Self {
        ItemRef {
            kind: "rule",
            game: game.into(),
            name: section.into(),
            url: super::links::rule(game, section),
        }
    }
}
