//! Turning a parsed query into a tantivy query: what each field means.
//!
//! Bare words match names, aliases and text; words of 4 letters or more also match with
//! typos (edit distance 1, or 2 from 8 letters) and every word of 2 letters or more matches
//! as a name prefix. A section number (`5.1.2`) also matches rules by number, and a word
//! that is a card type (`mercenary`, or its plural) the cards of that type. Field terms
//! become filters. A term that cannot run (unknown field, non-number for a numeric field)
//! is dropped with a warning naming its offset.

use super::query::{Node, Op, QueryWarning, Term};
use super::schema::Fields;
use super::typo::{typo_distance, Vocabularies};
use super::word::{AnyWordQuery, Typos, WordQuery};
use crate::catalogue::Catalogue;
use crate::text::fold;
use std::ops::Bound;
use std::sync::Arc;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, RangeQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::TextAnalyzer;

/// The fields a query can name, for messages and the help page.
pub const FIELDS: [&str; 11] = [
    "game", "kind", "type", "faction", "keyword", "name", "text", "section", "timing", "ability",
    "value",
];

/// The compiled query and what the snippet should highlight.
pub struct Compiled {
    pub query: Option<Box<dyn Query>>,
    pub warnings: Vec<QueryWarning>,
    /// Folded words to highlight.
    pub highlight: Vec<String>,
    /// The positive bare words joined, folded: an exact name match ranks first.
    pub bare_text: String,
}

/// How much an exact name (or alias) of the whole bare text adds: it ranks first.
const EXACT_NAME_BOOST: f32 = 40.0;

/// How much a card's type named by a bare word weighs: twice a name's weight, so that
/// `mercenary` ranks the Mercenary cards above the rules that mention mercenaries (at 4,
/// a name's weight, the four cards came after all nine rules), below an exact name.
const CARD_TYPE_BOOST: f32 = 8.0;

/// No card types (a compiler told none).
static NO_TYPES: std::sync::LazyLock<std::collections::HashSet<String>> =
    std::sync::LazyLock::new(Default::default);

pub struct Compiler<'a> {
    pub fields: &'a Fields,
    pub catalogue: &'a Catalogue,
    pub analyzer: TextAnalyzer,
    /// Each segment's terms a bare word's typos are looked up in (`typo.rs`).
    pub vocabularies: Arc<Vocabularies>,
    warnings: Vec<QueryWarning>,
    highlight: Vec<String>,
    /// How many exclusions (`-`) enclose the node being compiled, whatever their parity.
    excluded: usize,
    /// The catalogue's card types, folded ([`Compiler::with_card_types`]).
    card_types: &'a std::collections::HashSet<String>,
}

fn boxed(q: impl Query) -> Box<dyn Query> {
    Box::new(q)
}

fn boost(q: Box<dyn Query>, by: f32) -> Box<dyn Query> {
    Box::new(BoostQuery::new(q, by))
}

fn term_query(field: Field, value: &str) -> Box<dyn Query> {
    boxed(TermQuery::new(
        tantivy::Term::from_field_text(field, value),
        IndexRecordOption::WithFreqs,
    ))
}

fn should(clauses: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    boxed(BooleanQuery::new(
        clauses.into_iter().map(|q| (Occur::Should, q)).collect(),
    ))
}

impl<'a> Compiler<'a> {
    pub fn new(
        fields: &'a Fields,
        catalogue: &'a Catalogue,
        analyzer: TextAnalyzer,
        vocabularies: Arc<Vocabularies>,
    ) -> Self {
        Compiler {
            fields,
            catalogue,
            analyzer,
            vocabularies,
            warnings: Vec::new(),
            highlight: Vec::new(),
            excluded: 0,
            card_types: &NO_TYPES,
        }
    }

    /// The card types (folded) a bare word also finds the cards of: `mercenary` finds the
    /// cards whose type is Mercenary, not only the text that mentions it.
    pub fn with_card_types(mut self, types: &'a std::collections::HashSet<String>) -> Self {
        self.card_types = types;
        self
    }

    /// The card type a bare word names: the word folded, or a plural of it (`items`,
    /// `mercenaries`).
    fn card_type_of(&self, word: &str) -> Option<String> {
        if self.card_types.is_empty() {
            return None;
        }
        let w = fold(word);
        let singulars = [
            Some(w.clone()),
            w.strip_suffix("ies").map(|s| format!("{s}y")),
            w.strip_suffix("es").map(str::to_string),
            w.strip_suffix('s').map(str::to_string),
        ];
        singulars
            .into_iter()
            .flatten()
            .find(|t| self.card_types.contains(t))
    }

    pub fn compile(mut self, node: &Node) -> Compiled {
        let bare_text = bare_words(node).join(" ");
        let main = self.node(node, false);
        let query = main.map(|main| {
            if bare_text.is_empty() {
                return main;
            }
            // Exact name (or alias) of the whole bare text: ranks first.
            let name = tantivy::Term::from_field_text(self.fields.name_exact, &fold(&bare_text));
            match main.downcast::<WordQuery>() {
                // One word: the word's own query adds it (`word/` says why).
                Ok(mut word) => {
                    word.exact_name = Some((name, EXACT_NAME_BOOST));
                    word
                }
                Err(main) => {
                    let exact = boxed(TermQuery::new(name, IndexRecordOption::WithFreqs));
                    boxed(BooleanQuery::new(vec![
                        (Occur::Must, main),
                        (Occur::Should, boost(exact, EXACT_NAME_BOOST)),
                    ]))
                }
            }
        });
        self.highlight.sort();
        self.highlight.dedup();
        Compiled {
            query,
            warnings: self.warnings,
            highlight: self.highlight,
            bare_text: fold(&bare_text),
        }
    }

    fn warn(&mut self, t: &Term, message: String) {
        self.warnings.push(QueryWarning {
            offset: t.offset,
            message: format!("`{}` ignored: {message}", t.source),
        });
    }

    fn node(&mut self, node: &Node, negated: bool) -> Option<Box<dyn Query>> {
        match node {
            Node::Term(t) => self.term(t, negated),
            Node::Not(inner) => {
                self.excluded += 1;
                let q = self.node(inner, !negated);
                self.excluded -= 1;
                let q = q?;
                Some(boxed(BooleanQuery::new(vec![
                    (Occur::Must, boxed(AllQuery)),
                    (Occur::MustNot, q),
                ])))
            }
            Node::Or(children) => {
                let qs: Vec<_> = children
                    .iter()
                    .filter_map(|c| self.node(c, negated))
                    .collect();
                match qs.len() {
                    0 => None,
                    1 => qs.into_iter().next(),
                    _ if qs.iter().all(|q| q.downcast_ref::<WordQuery>().is_some()) => {
                        // Only bare words: one query over all of them (`word/` says why).
                        let words = qs
                            .iter()
                            .filter_map(|q| q.downcast_ref::<WordQuery>().cloned())
                            .collect();
                        Some(boxed(AnyWordQuery { words }))
                    }
                    _ => Some(should(qs)),
                }
            }
            Node::And(children) => {
                let mut clauses = Vec::new();
                let mut positive = false;
                for c in children {
                    // `-x` inside an AND is a MustNot clause, cheaper than AllQuery minus x.
                    if let Node::Not(inner) = c {
                        self.excluded += 1;
                        let q = self.node(inner, !negated);
                        self.excluded -= 1;
                        if let Some(q) = q {
                            clauses.push((Occur::MustNot, q));
                        }
                    } else if let Some(q) = self.node(c, negated) {
                        clauses.push((Occur::Must, q));
                        positive = true;
                    }
                }
                if clauses.is_empty() {
                    return None;
                }
                if !positive {
                    clauses.push((Occur::Must, boxed(AllQuery)));
                }
                if clauses.len() == 1 && clauses[0].0 == Occur::Must {
                    return clauses.pop().map(|(_, q)| q);
                }
                Some(boxed(BooleanQuery::new(clauses)))
            }
        }
    }

    /// The analysed tokens of `s`.
    fn tokens(&mut self, s: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut stream = self.analyzer.token_stream(s);
        while let Some(tok) = stream.next() {
            out.push(tok.text.clone());
        }
        out
    }

    fn term(&mut self, t: &Term, negated: bool) -> Option<Box<dyn Query>> {
        let Some(field) = t.field.as_deref() else {
            return self.words(
                t,
                negated,
                &[self.fields.name, self.fields.aliases, self.fields.text],
                true,
            );
        };
        if t.value.is_empty() {
            self.warn(t, format!("`{field}{}` needs a value", t.op.as_str()));
            return None;
        }
        let f = self.fields;
        let filter = |this: &mut Self, field_of: Field, value: String| -> Option<Box<dyn Query>> {
            match t.op {
                Op::Colon | Op::Eq => Some(term_query(field_of, &value)),
                Op::Ne => Some(boxed(BooleanQuery::new(vec![
                    (Occur::Must, boxed(AllQuery)),
                    (Occur::MustNot, term_query(field_of, &value)),
                ]))),
                _ => {
                    this.warn(
                        t,
                        format!(
                            "`{}` compares numbers; use `:` for this field",
                            t.op.as_str()
                        ),
                    );
                    None
                }
            }
        };
        match field {
            "game" => {
                let v = t.value.to_lowercase();
                if self.catalogue.game(&v).is_none() {
                    let games: Vec<&str> = self
                        .catalogue
                        .games()
                        .iter()
                        .map(|g| g.slug.as_str())
                        .collect();
                    self.warnings.push(QueryWarning {
                        offset: t.offset,
                        message: format!(
                            "no game `{}`; the games are: {}",
                            t.value,
                            games.join(", ")
                        ),
                    });
                }
                filter(self, f.game, v)
            }
            "kind" => {
                let v = t.value.to_lowercase();
                let v = v.trim_end_matches('s');
                if !["card", "keyword", "rule", "ruling"].contains(&v) {
                    self.warn(t, "`kind` is card, keyword, rule or ruling".into());
                    return None;
                }
                filter(self, f.kind, v.to_string())
            }
            "type" | "t" => filter(self, f.card_type, fold(&t.value)),
            "faction" | "f" => filter(self, f.faction, fold(&t.value)),
            "keyword" | "kw" => {
                // Resolve aliases in any game: keyword:elude finds cards with Precision.
                let mut names: Vec<String> = self
                    .catalogue
                    .keywords_named(&t.value)
                    .iter()
                    .map(|k| fold(&k.name))
                    .collect();
                names.dedup();
                if names.is_empty() {
                    names.push(fold(&t.value));
                }
                let qs: Vec<_> = names
                    .into_iter()
                    .filter_map(|n| filter(self, f.keyword, n))
                    .collect();
                if qs.len() == 1 {
                    qs.into_iter().next()
                } else {
                    Some(should(qs))
                }
            }
            "section" | "s" => filter(self, f.section, t.value.trim_end_matches('.').to_string()),
            "timing" => filter(self, f.timing, fold(&t.value)),
            "ability" => filter(self, f.ability, fold(&t.value)),
            "name" | "n" => self.field_words(t, negated, f.name, f.aliases),
            "text" | "o" => self.field_words(t, negated, f.text, f.text),
            other => {
                if let Some(&nf) = f.numeric.get(other) {
                    return self.numeric(t, nf);
                }
                if let Some(&af) = f.attributes.get(other) {
                    return filter(self, af, fold(&t.value));
                }
                let mut known: Vec<&str> = FIELDS.to_vec();
                known.extend(f.numeric.keys().map(String::as_str));
                known.extend(f.attributes.keys().map(String::as_str));
                let hint = match crate::text::closest(other, known.iter().copied(), 1).first() {
                    Some(best) => format!("unknown field `{other}`; did you mean `{best}`?"),
                    None => format!("unknown field `{other}`; see /help/search"),
                };
                self.warn(t, hint);
                None
            }
        }
    }

    fn field_words(
        &mut self,
        t: &Term,
        negated: bool,
        a: Field,
        b: Field,
    ) -> Option<Box<dyn Query>> {
        if t.op != Op::Colon && t.op != Op::Eq {
            self.warn(
                t,
                format!(
                    "`{}` compares numbers; use `:` for this field",
                    t.op.as_str()
                ),
            );
            return None;
        }
        self.words(t, negated, &[a, b], false)
    }

    fn numeric(&mut self, t: &Term, field: Field) -> Option<Box<dyn Query>> {
        let Ok(v) = t.value.parse::<f64>() else {
            self.warn(t, format!("`{}` is not a number", t.value));
            return None;
        };
        if !v.is_finite() {
            self.warn(t, format!("`{}` is not a finite number", t.value));
            return None;
        }
        let term = |x: f64| tantivy::Term::from_field_f64(field, x);
        let range =
            |lo: Bound<tantivy::Term>, hi: Bound<tantivy::Term>| boxed(RangeQuery::new(lo, hi));
        Some(match t.op {
            Op::Colon | Op::Eq => range(Bound::Included(term(v)), Bound::Included(term(v))),
            Op::Ne => boxed(BooleanQuery::new(vec![
                (Occur::Must, boxed(AllQuery)),
                (
                    Occur::MustNot,
                    range(Bound::Included(term(v)), Bound::Included(term(v))),
                ),
            ])),
            Op::Lt => range(Bound::Unbounded, Bound::Excluded(term(v))),
            Op::Le => range(Bound::Unbounded, Bound::Included(term(v))),
            Op::Gt => range(Bound::Excluded(term(v)), Bound::Unbounded),
            Op::Ge => range(Bound::Included(term(v)), Bound::Unbounded),
        })
    }

    /// A bare word or phrase (or a `name:`/`text:` value) over `fields`.
    fn words(
        &mut self,
        t: &Term,
        negated: bool,
        fields: &[Field],
        bare: bool,
    ) -> Option<Box<dyn Query>> {
        let tokens = self.tokens(&t.value);
        let section_like = bare && !t.quoted && is_section(&t.value);
        if tokens.is_empty() && !section_like {
            // The analyser drops words of 40 bytes or more (`schema::register_analyzers`).
            let why = if t.value.chars().any(char::is_alphanumeric) {
                "its words are too long to search for (a word is under 40 bytes)"
            } else {
                "it has no letters or digits to search for"
            };
            self.warn(t, why.into());
            return None;
        }
        if !negated {
            self.highlight.extend(tokens.iter().cloned());
        }
        let mut alternatives: Vec<Box<dyn Query>> = Vec::new();
        if section_like {
            alternatives.push(boost(term_query(self.fields.section, &t.value), 10.0));
        }
        if t.quoted || tokens.len() > 1 {
            for &field in fields {
                let terms: Vec<tantivy::Term> = tokens
                    .iter()
                    .map(|w| tantivy::Term::from_field_text(field, w))
                    .collect();
                if terms.len() == 1 {
                    alternatives.push(term_query(field, &tokens[0]));
                } else if self.excluded > 0 {
                    // tantivy 0.27's PhraseScorer panics (debug) when an exclusion seeks it
                    // backwards (upstream issue #2811), so a phrase anywhere under a `-`
                    // (even `--x`) becomes the entries that contain all of its words,
                    // adjacent or not.
                    let all = terms
                        .into_iter()
                        .map(|term| {
                            (
                                Occur::Must,
                                boxed(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                            )
                        })
                        .collect();
                    alternatives.push(boxed(BooleanQuery::new(all)));
                } else if !terms.is_empty() {
                    alternatives.push(boxed(PhraseQuery::new(terms)));
                }
            }
        } else if let Some(word) = tokens.first() {
            let len = word.chars().count();
            let weights = fields.iter().enumerate().map(|(i, &field)| {
                let weight = if i + 1 < fields.len() || fields.len() == 1 {
                    4.0
                } else {
                    1.0
                };
                (field, weight)
            });
            // Per field: the word (BM25 × weight) and any term within the typo distance
            // (weight × 0.3); and names starting with the word (0.5). One query for
            // every field (`word/` says why); typos found once (typo.rs).
            let d = typo_distance(len) as u8;
            let typos = (d > 0).then(|| Typos {
                distance: d,
                factor: 0.3,
                vocabularies: self.vocabularies.clone(),
            });
            let prefix = (len >= 2).then(|| (fields[0], 0.5));
            alternatives.push(boxed(WordQuery {
                word: word.clone(),
                fields: weights.collect(),
                typos,
                prefix,
                exact_name: None,
            }));
        }
        if bare && !t.quoted && tokens.len() == 1 {
            if let Some(card_type) = self.card_type_of(&t.value) {
                let q = term_query(self.fields.card_type, &card_type);
                alternatives.push(boost(q, CARD_TYPE_BOOST));
            }
        }
        if alternatives.len() == 1 {
            // One alternative scores the same without a union around it.
            return alternatives.pop();
        }
        Some(should(alternatives))
    }
}

/// `5.1.2`, `4.2`: digits separated by dots, at least one dot.
pub fn is_section(s: &str) -> bool {
    let mut parts = s.split('.');
    let first = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !rest.is_empty()
        && std::iter::once(first)
            .chain(rest.iter().copied())
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The positive, top-level bare words (not under OR or negation), in order.
fn bare_words(node: &Node) -> Vec<String> {
    match node {
        Node::Term(t) if t.field.is_none() => vec![t.value.clone()],
        Node::And(children) => children
            .iter()
            .flat_map(|c| match c {
                Node::Term(t) if t.field.is_none() => vec![t.value.clone()],
                _ => Vec::new(),
            })
            .collect(),
        _ => Vec::new(),
    }
}
