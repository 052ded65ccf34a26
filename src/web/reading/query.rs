//! How a plain query is read as words: its bare words ([`plain_words`]), whether it is a
//! question and what it asks about ([`question_reading`]), the literal search of its text
//! ([`literal_query`]), the name the index's typo allowance took it for ([`typo_reading`]),
//! the words it looked for, for "did you mean" ([`searched_words`], [`any_word_query`]),
//! and the games and kinds of entry its filters keep to, which the suggestions keep to too
//! ([`Scope`]).
//!
//! Only plain queries (bare, unquoted words, nothing else) are ever read differently; a
//! query with a field, a quote, an operator or a parenthesis runs exactly as written.
//! Which names are near a query is `near`'s; why a hit matched is `matched`'s; putting the
//! readings together for the page is the parent module's.

use super::near::{folded, nearest, CORRECTION_SIMILARITY, MAX_SUGGEST_CHARS};
use crate::search::query::{self, Node, Op, Term};
use crate::text::fold;

/// Words a plain question wraps around what it asks about; none of them is a keyword or
/// card name of the bundled games.
pub(super) const FILLER: &[&str] = &[
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
pub(super) fn bare(word: &str) -> &str {
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

/// The games and kinds of entry a query keeps to: its top-level `game:` and `kind:`
/// filters and `-game:` exclusions (`game:arcane type:creature` keeps to Arcane Legions).
/// What a search that found nothing suggests keeps to them too.
#[derive(Debug, Default, PartialEq)]
pub struct Scope {
    /// The filters as written (`game:arcane`, `-game:battleline`, `kind:card`).
    terms: Vec<String>,
    games: Vec<String>,
    not_games: Vec<String>,
    kinds: Vec<String>,
}

impl Scope {
    pub fn of(q: &str) -> Scope {
        let mut scope = Scope::default();
        let Some(node) = query::parse(q).node else {
            return scope;
        };
        let top: &[Node] = match &node {
            Node::And(children) => children,
            other => std::slice::from_ref(other),
        };
        for n in top {
            let (t, negated) = match n {
                Node::Term(t) => (t, false),
                Node::Not(inner) => match inner.as_ref() {
                    Node::Term(t) => (t, true),
                    _ => continue,
                },
                _ => continue,
            };
            if !matches!(t.op, Op::Colon | Op::Eq) {
                continue;
            }
            let value = t.value.to_lowercase();
            let (list, value) = match (t.field.as_deref(), negated) {
                (Some("game"), false) => (&mut scope.games, value),
                (Some("game"), true) => (&mut scope.not_games, value),
                // `kind:cards` is `kind:card`, as the compiler reads it.
                (Some("kind"), false) => (&mut scope.kinds, value.trim_end_matches('s').into()),
                _ => continue,
            };
            list.push(value);
            scope
                .terms
                .push(format!("{}{}", if negated { "-" } else { "" }, t.source));
        }
        scope
    }

    /// Whether an entry of `game` and `kind` (`card`, `keyword`, …) is within the scope.
    pub fn admits(&self, game: &str, kind: &str) -> bool {
        (self.games.is_empty() || self.games.iter().any(|g| g == game))
            && !self.not_games.iter().any(|g| g == game)
            && (self.kinds.is_empty() || self.kinds.iter().any(|k| k == kind))
    }

    /// `query` kept to the scope: `(query) game:arcane`.
    pub fn restrict(&self, query: &str) -> String {
        if self.terms.is_empty() {
            return query.to_string();
        }
        format!("({query}) {}", self.terms.join(" "))
    }
}

/// The top-level positive `type:` filters of `q` (`game:arcane type:creature` →
/// `creature`), each with the term as written.
pub fn type_filters(q: &str) -> Vec<(String, String)> {
    let Some(node) = query::parse(q).node else {
        return Vec::new();
    };
    let top: &[Node] = match &node {
        Node::And(children) => children,
        other => std::slice::from_ref(other),
    };
    top.iter()
        .filter_map(|n| match n {
            Node::Term(t)
                if matches!(t.field.as_deref(), Some("type" | "t"))
                    && matches!(t.op, Op::Colon | Op::Eq) =>
            {
                Some((t.value.clone(), t.source.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The terms of `node` that are not under a negation.
pub(super) fn positive_terms<'n>(node: &'n Node, out: &mut Vec<&'n Term>) {
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
    fn a_scope_is_the_game_and_kind_filters() {
        let s = Scope::of("game:arcane type:creature");
        assert!(s.admits("arcane", "card"));
        assert!(!s.admits("keyforge", "card"));
        assert_eq!(s.restrict("creature"), "(creature) game:arcane");
        let s = Scope::of("-game:battleline kind:keywords fury");
        assert!(s.admits("swtcg", "keyword"));
        assert!(!s.admits("battleline", "keyword"));
        assert!(!s.admits("swtcg", "card"));
        assert_eq!(s.restrict("fury"), "(fury) -game:battleline kind:keywords");
        let s = Scope::of("armor");
        assert!(s.admits("karth", "rule"));
        assert_eq!(s.restrict("armor"), "armor");
        // Under an OR, a filter does not scope the whole query.
        assert!(Scope::of("game:arcane OR fury").admits("swtcg", "card"));
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
}
