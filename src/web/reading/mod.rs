//! How the search page reads what a player typed, beyond the query language, so that no
//! search is a dead end:
//!
//! - a plain question (`how does armor work?`) is searched for its content words, without
//!   requiring the question's filler words to match ([`question_reading`]);
//! - a plain search that finds nothing is retried with the closest keyword or card name
//!   (`break through` → Breakthrough, [`Reader::correction`]), and one the index answered
//!   through a typo match says which name it took the query for ([`typo_reading`]);
//! - a plain query of several names (`parry evade`) answers each of them
//!   ([`Reader::names_in`]);
//! - a search that still finds nothing offers the nearest names ([`Reader::near_names`]),
//!   keeping to the games and kinds its filters name ([`query::Scope`]);
//! - each card hit shows why it matched: the values its filters compared and its keywords,
//!   the ones the query named marked ([`why_matched`]);
//! - results grouped by game sit under their own game's heading ([`group_by_game`]).
//!
//! [`answer`] puts these together for the search page and its JSON twins, running the
//! searches through the closure `web::search` hands it.
//!
//! Only plain queries (bare, unquoted words, nothing else) are ever read differently; a
//! query with a field, a quote, an operator or a parenthesis runs exactly as written, and
//! a quoted query is how the page offers "search for the literal text" ([`literal_query`]).
//! Everything here works on the parsed query (`search::query`), the results and the
//! catalogue's names; the search itself is `search`'s, and rendering is `web::search`'s.
//!
//! This module keeps the page's answer ([`answer`], [`ReadAs`]) and the grouping of results
//! by game; how a query is read as words is `query`'s, the near-name suggestions are
//! `near`'s, and why a hit matched is `matched`'s.

mod matched;
mod near;
mod query;

pub use matched::{why_matched, Filtered, KeywordShown, ReadQuery};
pub use near::NearName;
pub use query::{content_words, searched_words};

use super::error::Failure;
use super::links;
use super::search::ResultItem;
use crate::catalogue::{ArcStr, Catalogue};
use crate::search::{Entry, EntryKind, SearchResults};
use near::Reader;
use query::{
    any_word_query, is_question, literal_query, plain_words, question_reading, typo_reading, Scope,
};
use serde::Serialize;

/// How the page read a query that it did not search as typed (or answered through a typo
/// match): what it searched for instead, why, and the search of the text as typed.
#[derive(Debug, Serialize)]
pub struct ReadAs {
    /// What was searched for (`armor`, `Breakthrough`).
    pub q: String,
    /// `question` (the question's filler words dropped), `correction` (the query found
    /// nothing; the closest name was searched), `typo` (the index matched the query to
    /// this name, allowing a typo) or `names` (the query is several names, `parry evade`:
    /// any of them was searched for).
    pub why: &'static str,
    /// The query as typed.
    pub typed: String,
    /// The search of the typed text, literally (as a quoted phrase; for `names`, every
    /// word, each quoted).
    pub literal_url: Option<String>,
}

/// The page's answer: the results, and how the query was read when not as typed.
pub struct Answer {
    pub results: SearchResults,
    /// The query the results are for.
    pub searched: String,
    pub read_as: Option<ReadAs>,
    pub suggestions: Vec<NearName>,
}

/// Searches `typed` as this module reads it, with `run` (the search page's search, at
/// its page and page size): a question for its content words; as typed; when that finds
/// nothing, the question's content words or the closest name; and with still nothing, the
/// nearest names as suggestions. Only the search of the query as typed may fail the
/// request; a reading that cannot run is skipped.
pub fn answer(
    cat: &Catalogue,
    typed: &str,
    run: &dyn Fn(&str) -> Result<SearchResults, Failure>,
) -> Result<Answer, Failure> {
    let read = |q: String, why: &'static str, results: SearchResults| Answer {
        results,
        read_as: Some(ReadAs {
            q: q.clone(),
            why,
            typed: typed.to_string(),
            literal_url: literal_query(typed).map(|l| links::search(&l, 1)),
        }),
        searched: q,
        suggestions: Vec::new(),
    };
    let found = |q: &str| run(q).ok().filter(|r| r.total > 0);
    let question = question_reading(typed);
    if is_question(typed) {
        if let Some(r) = question.as_deref().and_then(found) {
            return Ok(read(question.unwrap_or_default(), "question", r));
        }
    }
    let reader = Reader::new(cat);
    if let Some(a) = names_answer(&reader, typed, &found, &read) {
        return Ok(a);
    }
    let results = run(typed)?;
    if results.total > 0 {
        let typo = if results.hits.iter().any(|h| h.exact) {
            None
        } else {
            let names: Vec<ArcStr> = results
                .hits
                .iter()
                .flat_map(|h| entry_names(cat, h.entry))
                .collect();
            typo_reading(typed, names.iter().map(|n| n.as_str()))
        };
        return Ok(match typo {
            Some(name) => read(name, "typo", results),
            None => Answer {
                results,
                searched: typed.to_string(),
                read_as: None,
                suggestions: Vec::new(),
            },
        });
    }
    let words = searched_words(typed);
    if plain_words(typed).is_some() {
        if let Some(r) = question.as_deref().and_then(found) {
            return Ok(read(question.unwrap_or_default(), "question", r));
        }
        if let Some(name) = reader.correction(&words) {
            if let Some(r) = found(&name) {
                return Ok(read(name, "correction", r));
            }
        }
    }
    // The nearest names ("did you mean"), then entries whose text has any of the words,
    // both within the games and kinds the query's filters keep to.
    let scope = Scope::of(typed);
    let mut suggestions = reader.near_names(&words, 6, &|n| scope.admits(&n.game, n.kind));
    let mentions: Vec<NearName> = any_word_query(&words)
        .and_then(|q| found(&scope.restrict(&q)))
        .map(|r| {
            r.hits
                .iter()
                .filter(|h| matches!(h.entry.kind(), EntryKind::Card | EntryKind::Keyword))
                .take(4)
                .map(|h| near_name(cat, h.entry))
                .collect()
        })
        .unwrap_or_default();
    for n in mentions {
        if !suggestions.iter().any(|s| s.url == n.url) {
            suggestions.push(n);
        }
    }
    Ok(Answer {
        results,
        searched: typed.to_string(),
        read_as: None,
        suggestions,
    })
}

/// For a search that found nothing: when its `type:` filter names no card type of the
/// games it keeps to (`game:arcane type:creature`), those games' types, nearest first
/// (at most 4), each offered as the query with that type instead. `card_types` is every
/// (game, card type) of the catalogue (`SearchIndex::card_types`).
pub fn type_suggestions(
    cat: &Catalogue,
    typed: &str,
    card_types: &[(&str, &str)],
) -> Vec<NearName> {
    let scope = Scope::of(typed);
    let in_scope: Vec<(&str, &str)> = card_types
        .iter()
        .copied()
        .filter(|(game, _)| scope.admits(game, "card"))
        .collect();
    let mut out: Vec<(f64, NearName)> = Vec::new();
    for (wanted, source) in query::type_filters(typed) {
        let key = crate::text::fold(&wanted);
        if in_scope.iter().any(|(_, t)| crate::text::fold(t) == key) {
            continue; // the type exists: something else found nothing
        }
        for &(game, card_type) in &in_scope {
            let term = if card_type.contains(' ') {
                format!("type:\"{card_type}\"")
            } else {
                format!("type:{card_type}")
            };
            let score = crate::text::jaro_winkler(&key, &crate::text::fold(card_type));
            out.push((
                score,
                NearName {
                    name: term.clone(),
                    kind: "type",
                    game: game.to_string(),
                    game_name: super::search::game_name(cat, game),
                    url: links::search(&typed.replacen(&source, &term, 1), 1),
                    matched_by: "name",
                },
            ));
        }
    }
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    out.into_iter().map(|(_, n)| n).take(4).collect()
}

/// A plain query of several names (`parry evade`) answered with each of them: the search
/// for any of the names, read as `names`, its literal search that of every word exactly.
/// `None` when the query is not such, or that search finds nothing.
fn names_answer(
    reader: &Reader,
    typed: &str,
    found: &dyn Fn(&str) -> Option<SearchResults>,
    read: &dyn Fn(String, &'static str, SearchResults) -> Answer,
) -> Option<Answer> {
    let words: Vec<String> = plain_words(typed)?
        .iter()
        .map(|w| query::bare(w).to_string())
        .collect();
    let names = reader.names_in(&words)?;
    let quoted = |n: &String| {
        if n.contains(' ') {
            format!("\"{n}\"")
        } else {
            n.clone()
        }
    };
    let q = names.iter().map(quoted).collect::<Vec<_>>().join(" OR ");
    let mut answer = read(q.clone(), "names", found(&q)?);
    if let Some(r) = &mut answer.read_as {
        let every: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
        r.literal_url = Some(links::search(&every.join(" "), 1));
    }
    Some(answer)
}

/// A keyword or card hit as a suggestion.
fn near_name(cat: &Catalogue, e: Entry) -> NearName {
    let d = cat.data();
    let card = match e {
        Entry::Card(i) => cat.cards().get(i),
        _ => None,
    };
    let (kind, game, name, url): (&str, &str, &str, String) = match e {
        Entry::Card(_) => match &card {
            Some(c) => ("card", &c.game, &c.name, links::card(&c.game, &c.name)),
            None => ("card", "", "", String::new()),
        },
        Entry::Keyword(i) => {
            let k = &d.keywords[i];
            (
                "keyword",
                &k.game,
                &k.name,
                links::keyword(&k.game, &k.name),
            )
        }
        Entry::Rule(i) => {
            let r = &d.rules[i];
            (
                "rule",
                &r.game,
                &r.section,
                links::rule(&r.game, &r.section),
            )
        }
        // Not offered as a suggestion (`answer` keeps keywords and cards only).
        Entry::Ruling(_) => ("ruling", "", "", String::new()),
    };
    NearName {
        name: name.to_string(),
        kind,
        game: game.to_string(),
        game_name: super::search::game_name(cat, game),
        url,
        matched_by: "text",
    }
}

/// The names (and aliases) an entry is found by.
fn entry_names(cat: &Catalogue, e: Entry) -> Vec<ArcStr> {
    let d = cat.data();
    match e {
        Entry::Card(i) => cat
            .cards()
            .get(i)
            .map(|c| c.name.clone())
            .into_iter()
            .collect(),
        Entry::Keyword(i) => std::iter::once(&d.keywords[i].name)
            .chain(&d.keywords[i].aliases)
            .map(|n| ArcStr::from(n.as_str()))
            .collect(),
        Entry::Rule(_) | Entry::Ruling(_) => Vec::new(),
    }
}

/// Groups a page of results by game when exact matches come from more than one game
/// (`fury`): every result moves under its own game's heading, games in the order their
/// first result appears (so the exact matches' games come first), each game's results in
/// their ranked order. Answers whether it grouped.
///
/// Only exact matches used to be grouped: a later result of another game then sat under
/// the last exact match's heading (a battle-line card under "Star Wars Trading Card
/// Game").
pub fn group_by_game(results: &mut [ResultItem]) -> bool {
    let exact_games: std::collections::BTreeSet<&str> = results
        .iter()
        .filter(|i| i.exact)
        .map(|i| i.game.as_str())
        .collect();
    if exact_games.len() < 2 {
        return false;
    }
    let mut order: Vec<String> = Vec::new();
    for r in results.iter() {
        if !order.contains(&r.game) {
            order.push(r.game.clone());
        }
    }
    results.sort_by_key(|r| order.iter().position(|g| *g == r.game));
    let mut last: Option<String> = None;
    for r in results.iter_mut() {
        if last.as_deref() != Some(r.game.as_str()) {
            last = Some(r.game.clone());
            r.heading = Some(r.game_name.clone());
        }
    }
    true
}
