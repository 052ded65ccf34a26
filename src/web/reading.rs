//! How the search page reads what a player typed, beyond the query language, so that no
//! search is a dead end:
//!
//! - a plain question (`how does armor work?`) is searched for its content words, without
//!   requiring the question's filler words to match ([`question_reading`]);
//! - a plain search that finds nothing is retried with the closest keyword or card name
//!   (`break through` → Breakthrough, [`Reader::correction`]), and one the index answered
//!   through a typo match says which name it took the query for ([`typo_reading`]);
//! - a search that still finds nothing offers the nearest names ([`Reader::near_names`]);
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

use super::error::Failure;
use super::links;
use super::search::ResultItem;
use crate::catalogue::{ArcStr, Card, CardMode, Catalogue};
use crate::search::query::{self, Node, Op, Term};
use crate::search::{Entry, EntryKind, SearchResults};
use crate::text::fold;
use serde::Serialize;

/// Words a plain question wraps around what it asks about; none of them is a keyword or
/// card name of the bundled games.
const FILLER: &[&str] = &[
    "a",
    "about",
    "an",
    "and",
    "are",
    "can",
    "could",
    "define",
    "definition",
    "describe",
    "did",
    "do",
    "does",
    "doing",
    "explain",
    "explained",
    "for",
    "happen",
    "happens",
    "how",
    "i",
    "if",
    "in",
    "is",
    "it",
    "its",
    "it's",
    "keyword",
    "mean",
    "meaning",
    "means",
    "me",
    "my",
    "of",
    "on",
    "please",
    "rule",
    "rules",
    "ruling",
    "should",
    "tell",
    "the",
    "to",
    "use",
    "used",
    "uses",
    "using",
    "what",
    "what's",
    "whats",
    "when",
    "which",
    "who",
    "why",
    "with",
    "work",
    "works",
    "working",
    "would",
    "you",
];

/// First words that make a query a question even when it has results as written.
const QUESTION_WORDS: &[&str] = &[
    "how", "what", "what's", "whats", "when", "why", "which", "who", "does", "do", "can", "is",
    "are", "should", "explain",
];

/// Names at least this similar (Jaro-Winkler on folded names) replace a query that found
/// nothing.
const CORRECTION_SIMILARITY: f64 = 0.88;
/// Names at least this similar are offered as "did you mean".
const SUGGESTION_SIMILARITY: f64 = 0.75;
/// Queries longer than this (characters) get no name suggestions: nothing is that close.
const MAX_SUGGEST_CHARS: usize = 80;

/// The bare words of `q` when the query is nothing else: no field, no quote, no operator,
/// no parenthesis, no repair warning.
pub fn plain_words(q: &str) -> Option<Vec<String>> {
    let parsed = query::parse(q);
    if !parsed.warnings.is_empty() {
        return None;
    }
    let terms: Vec<&Term> = match parsed.node.as_ref()? {
        Node::Term(t) => vec![t],
        Node::And(children) => children
            .iter()
            .map(|n| match n {
                Node::Term(t) => Some(t),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?,
        _ => return None,
    };
    if terms.iter().any(|t| t.field.is_some() || t.quoted) {
        return None;
    }
    Some(terms.iter().map(|t| t.value.clone()).collect())
}

/// A word without the punctuation around it (`work?` → `work`).
fn bare(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Whether `q` is phrased as a question: a plain query ending in `?` or starting with a
/// question word.
pub fn is_question(q: &str) -> bool {
    let Some(words) = plain_words(q) else {
        return false;
    };
    q.trim_end().ends_with('?')
        || words
            .first()
            .is_some_and(|w| QUESTION_WORDS.contains(&fold(bare(w)).as_str()))
}

/// The content words of a plain question: `how does armor work?` → `armor`. `None` when
/// the query is not plain, has nothing to drop, or is nothing but filler.
pub fn question_reading(q: &str) -> Option<String> {
    let words = plain_words(q)?;
    let kept: Vec<&str> = words
        .iter()
        .map(|w| bare(w))
        .filter(|w| !w.is_empty() && !FILLER.contains(&fold(w).as_str()))
        .collect();
    let reading = kept.join(" ");
    (!reading.is_empty() && reading != words.join(" ")).then_some(reading)
}

/// The query that searches `q`'s words literally: the whole text as one quoted phrase (a
/// quoted word matches exactly, without the typo allowance). `None` for a query that is
/// not plain, which runs literally already.
pub fn literal_query(q: &str) -> Option<String> {
    let words = plain_words(q)?;
    Some(format!("\"{}\"", words.join(" ")))
}

/// How a plain query that was answered through the index's typo allowance was taken: the
/// name among `hit_names` (the names and aliases of the page's hits) closest to the query,
/// when it is not what was typed, nor a name the query is the start of (autocompletion).
pub fn typo_reading<'a>(q: &str, hit_names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let words = plain_words(q)?;
    let wanted = fold(&words.join(" "));
    if wanted.chars().count() > MAX_SUGGEST_CHARS {
        return None;
    }
    let mut names: Vec<&str> = hit_names.into_iter().collect();
    // A hit whose name contains every word as typed needs no correction.
    let typed_words: Vec<String> = words.iter().map(|w| fold(bare(w))).collect();
    if names.iter().any(|n| {
        let n = fold(n);
        typed_words
            .iter()
            .all(|w| n.split(|c: char| !c.is_alphanumeric()).any(|p| p == w))
    }) {
        return None;
    }
    names.retain(|n| {
        let n = fold(n);
        n != wanted && !n.starts_with(&wanted)
    });
    nearest(&wanted, &folded(names), 1, CORRECTION_SIMILARITY)
        .into_iter()
        .next()
        .map(|(_, name)| name.to_string())
}

/// The words a query looked for, for "did you mean": its plain question's content words,
/// or its bare words and the values of its `:` and `=` filters (not `game:` or `kind:`),
/// outside negations.
pub fn searched_words(q: &str) -> String {
    if let Some(words) = plain_words(q) {
        return question_reading(q).unwrap_or_else(|| words.join(" "));
    }
    let node = query::parse(q).node;
    let mut terms = Vec::new();
    if let Some(node) = &node {
        positive_terms(node, &mut terms);
    }
    terms
        .iter()
        .filter(|t| matches!(t.op, Op::Colon | Op::Eq))
        .filter(|t| !matches!(t.field.as_deref(), Some("game" | "kind")))
        .map(|t| t.value.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A query for entries that have any of `words`' content words (`first OR strike`): words
/// of three letters or more, letters and digits only, at most five; `None` when none is
/// left.
pub fn any_word_query(words: &str) -> Option<String> {
    let kept = content_words(words);
    (!kept.is_empty()).then(|| kept.join(" OR "))
}

/// The content words of `words` that [`any_word_query`] looks for.
pub fn content_words(words: &str) -> Vec<&str> {
    words
        .split_whitespace()
        .map(bare)
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphanumeric))
        .filter(|w| !matches!(*w, "OR" | "AND") && !FILLER.contains(&fold(w).as_str()))
        .take(5)
        .collect()
}

/// Jaro-Winkler similarity of two folded texts, also compared without their spaces (so
/// `break through` is as close to `breakthrough` as it looks).
fn similarity(a: &str, b: &str) -> f64 {
    let plain = strsim::jaro_winkler(a, b);
    if a.contains(' ') || b.contains(' ') {
        let squeeze = |s: &str| s.replace(' ', "");
        plain.max(strsim::jaro_winkler(&squeeze(a), &squeeze(b)))
    } else {
        plain
    }
}

/// The candidates (each folded, and as written) at least `min` similar to `wanted`,
/// best first, without repeats, at most `limit`, each with its score.
fn nearest<'b, S: AsRef<str> + 'b>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'b (String, S)>,
    limit: usize,
    min: f64,
) -> Vec<(f64, &'b str)> {
    let key = fold(wanted);
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|(folded, c)| (similarity(&key, folded), c.as_ref()))
        .filter(|(s, _)| *s >= min)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut seen = std::collections::HashSet::new();
    scored.retain(|(_, c)| seen.insert(fold(c)));
    scored.truncate(limit);
    scored
}

/// `names`, each with its folded form.
fn folded<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(String, &'a str)> {
    names.into_iter().map(|n| (fold(n), n)).collect()
}

/// A keyword or card the page offers when a search found nothing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NearName {
    pub name: String,
    /// `keyword` or `card` (or `rule`).
    pub kind: &'static str,
    pub game: String,
    pub game_name: String,
    pub url: String,
    /// `name` (its name is close to the words: "did you mean") or `text` (its text has
    /// one of the words).
    pub matched_by: &'static str,
}

impl NearName {
    /// Offered for its name ("did you mean"), not its text.
    pub fn by_name(&self) -> bool {
        self.matched_by == "name"
    }
}

/// The catalogue's keyword and card names, for corrections and suggestions; the names
/// are folded once per reader, on first use (only a search that found nothing needs them).
pub struct Reader<'c> {
    cat: &'c Catalogue,
    /// Owned names (shared strings), since cards may be read from the file.
    folded: std::cell::OnceCell<Vec<(String, ArcStr)>>,
}

impl<'c> Reader<'c> {
    pub fn new(cat: &'c Catalogue) -> Reader<'c> {
        Reader {
            cat,
            folded: std::cell::OnceCell::new(),
        }
    }

    /// [`Reader::names`], each with its folded form.
    fn all(&self) -> &[(String, ArcStr)] {
        self.folded
            .get_or_init(|| self.names().map(|n| (fold(&n), n)).collect())
    }

    /// [`nearest`] over [`Reader::names`]. With the cards in memory, the folded names are
    /// made once per reader; with the cards in the file (which may not fit in memory),
    /// each call walks them and keeps only the names close enough.
    fn nearest(&self, wanted: &str, limit: usize, min: f64) -> Vec<(f64, String)> {
        let owned = |v: Vec<(f64, &str)>| v.into_iter().map(|(s, n)| (s, n.to_string())).collect();
        if self.cat.cards().mode() == CardMode::Memory {
            return owned(nearest(wanted, self.all(), limit, min));
        }
        let key = fold(wanted);
        let close: Vec<(String, ArcStr)> = self
            .names()
            .map(|n| (fold(&n), n))
            .filter(|(folded, _)| similarity(&key, folded) >= min)
            .collect();
        owned(nearest(wanted, &close, limit, min))
    }

    /// Every keyword name and alias, then every card name.
    fn names(&self) -> impl Iterator<Item = ArcStr> + 'c {
        let cat = self.cat;
        cat.data()
            .keywords
            .iter()
            .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases))
            .map(|n| ArcStr::from(n.as_str()))
            .chain(cat.cards().iter().map(|c| c.name.clone()))
    }

    /// The name a plain query that found nothing most likely meant (`break through` →
    /// `Breakthrough`), when one is close enough to search for instead.
    pub fn correction(&self, text: &str) -> Option<String> {
        if text.chars().count() > MAX_SUGGEST_CHARS {
            return None;
        }
        let wanted = fold(text);
        self.nearest(text, 1, CORRECTION_SIMILARITY)
            .into_iter()
            .map(|(_, n)| n)
            .find(|n| fold(n) != wanted)
    }

    /// The keywords and cards whose names are nearest to `text` or to one of its words
    /// (at most `limit`, keywords first, each once per game).
    pub fn near_names(&self, text: &str, limit: usize) -> Vec<NearName> {
        if text.chars().count() > MAX_SUGGEST_CHARS || text.trim().is_empty() {
            return Vec::new();
        }
        let mut wanted = vec![text.to_string()];
        for w in text.split_whitespace().map(bare) {
            if w.chars().count() >= 4 && !FILLER.contains(&fold(w).as_str()) {
                wanted.push(w.to_string());
            }
        }
        wanted.dedup();
        wanted.truncate(5);
        let mut names: Vec<(f64, String)> = Vec::new();
        for w in &wanted {
            names.extend(self.nearest(w, limit, SUGGESTION_SIMILARITY));
        }
        names.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut out: Vec<NearName> = Vec::new();
        for (_, name) in names {
            for found in self.named(&name) {
                if out.len() < limit && !out.iter().any(|o| o.url == found.url) {
                    out.push(found);
                }
            }
        }
        out.sort_by_key(|n| n.kind != "keyword");
        out
    }

    /// The keywords (by name or alias) and cards called `name`, in every game.
    fn named(&self, name: &str) -> Vec<NearName> {
        let cat = self.cat;
        let game_name = |slug: &str| cat.game(slug).map(|g| g.name.clone()).unwrap_or_default();
        let key = fold(name);
        let d = cat.data();
        let keywords = d
            .keywords
            .iter()
            .filter(|k| fold(&k.name) == key || k.aliases.iter().any(|a| fold(a) == key))
            .map(|k| NearName {
                name: k.name.clone(),
                kind: "keyword",
                game: k.game.clone(),
                game_name: game_name(&k.game),
                url: links::keyword(&k.game, &k.name),
                matched_by: "name",
            });
        let cards = cat
            .cards()
            .iter()
            .filter(|c| fold(&c.name) == key)
            .map(|c| NearName {
                name: c.name.to_string(),
                kind: "card",
                game: c.game.to_string(),
                game_name: game_name(&c.game),
                url: links::card(&c.game, &c.name),
                matched_by: "name",
            });
        keywords.chain(cards).collect()
    }
}

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
    let keywords = card
        .abilities
        .iter()
        .map(|a| {
            let key = fold(&a.keyword);
            let aliases: Vec<String> = cat
                .keyword(&card.game, &a.keyword)
                .map(|k| k.aliases.iter().map(|x| fold(x)).collect())
                .unwrap_or_default();
            let is = |s: &str| s == key || aliases.iter().any(|x| x == s);
            KeywordShown {
                label: a.label(),
                url: links::keyword(&card.game, &a.keyword),
                matched: named.iter().any(|n| is(n))
                    || (!bare_text.is_empty() && is(bare_text))
                    || bare_words.iter().any(|w| is(w)),
            }
        })
        .collect();
    (filtered, keywords)
}

/// The terms of `node` that are not under a negation.
fn positive_terms<'n>(node: &'n Node, out: &mut Vec<&'n Term>) {
    match node {
        Node::Term(t) => out.push(t),
        Node::And(children) | Node::Or(children) => {
            for c in children {
                positive_terms(c, out);
            }
        }
        Node::Not(_) => {}
    }
}

/// How the page read a query that it did not search as typed (or answered through a typo
/// match): what it searched for instead, why, and the search of the text as typed.
#[derive(Debug, Serialize)]
pub struct ReadAs {
    /// What was searched for (`armor`, `Breakthrough`).
    pub q: String,
    /// `question` (the question's filler words dropped), `correction` (the query found
    /// nothing; the closest name was searched) or `typo` (the index matched the query to
    /// this name, allowing a typo).
    pub why: &'static str,
    /// The query as typed.
    pub typed: String,
    /// The search of the typed text, literally (as a quoted phrase).
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
    let reader = Reader::new(cat);
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
    // The nearest names ("did you mean"), then entries whose text has any of the words.
    let mut suggestions = reader.near_names(&words, 6);
    let mentions: Vec<NearName> = any_word_query(&words)
        .and_then(|q| found(&q))
        .map(|r| {
            r.hits
                .iter()
                .filter(|h| h.entry.kind() != EntryKind::Rule)
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
    };
    NearName {
        name: name.to_string(),
        kind,
        game: game.to_string(),
        game_name: cat.game(game).map(|g| g.name.clone()).unwrap_or_default(),
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
        Entry::Rule(_) => Vec::new(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_questions_keep_their_content_words() {
        assert_eq!(
            question_reading("how does armor work").as_deref(),
            Some("armor")
        );
        assert_eq!(question_reading("What is Fury?").as_deref(), Some("Fury"));
        assert_eq!(
            question_reading("how does the omega rabbit work").as_deref(),
            Some("omega rabbit")
        );
        assert_eq!(question_reading("armor"), None);
        assert_eq!(question_reading("how does"), None);
        assert_eq!(question_reading("game:karth how"), None);
        assert_eq!(question_reading("\"how does armor work\""), None);
        assert!(is_question("how does armor work"));
        assert!(is_question("armor?"));
        assert!(!is_question("armor"));
        assert!(!is_question("type:item value<=2"));
    }

    #[test]
    fn literal_queries_quote_plain_text_only() {
        assert_eq!(
            literal_query("brekthrough").as_deref(),
            Some("\"brekthrough\"")
        );
        assert_eq!(
            literal_query("break through").as_deref(),
            Some("\"break through\"")
        );
        assert_eq!(literal_query("value<=2"), None);
        assert_eq!(literal_query("\"x\""), None);
    }

    #[test]
    fn typo_readings_name_the_hit_taken() {
        assert_eq!(
            typo_reading("brekthrough", ["Breakthrough", "Armor"]).as_deref(),
            Some("Breakthrough")
        );
        // What was typed, a prefix of a name, or a word of the name: no correction.
        assert_eq!(typo_reading("fury", ["Fury"]), None);
        assert_eq!(typo_reading("breakth", ["Breakthrough"]), None);
        assert_eq!(typo_reading("rabbit", ["The Omega Rabbit"]), None);
        assert_eq!(typo_reading("type:item", ["Item"]), None);
    }

    #[test]
    fn any_word_queries_take_content_words_only() {
        assert_eq!(
            any_word_query("first strike").as_deref(),
            Some("first OR strike")
        );
        assert_eq!(any_word_query("the OR a x"), None);
        assert_eq!(any_word_query("armor? (x)").as_deref(), Some("armor"));
    }

    #[test]
    fn similarity_ignores_spaces() {
        assert!(similarity("break through", "breakthrough") > 0.95);
        assert!(similarity("zzzz", "breakthrough") < SUGGESTION_SIMILARITY);
    }
}
