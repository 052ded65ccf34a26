//! One bare word over its fields as a single tantivy query, scored as the union it
//! replaces: for each field (weight `w`), `TermQuery(word)^w` (BM25) plus
//! `FuzzyTermQuery(word, typos)^(w × typo_factor)` (a constant where any term within the
//! typo distance occurs, the word itself included), plus a constant where a name term
//! starts with the word (`FuzzyTermQuery::new_prefix(word, 0)^prefix_boost`), plus, when
//! the word is the whole query, the `Should` clause of its exact name (`TermQuery^40`).
//! [`AnyWordQuery`] is several such words, any of which matches (`heal OR regen`).
//!
//! As seven stock queries that cost three Levenshtein automata per word (one per fuzzy
//! query), the word's postings decoded twice per field (the fuzzy query's automaton
//! matches the word itself), and a union walking seven scorers through dynamic calls per
//! document: together most of an uncached search (BENCHMARKS.md, issue #20, fourth round).
//! Here a word's typos are found once for every field (in the segment's vocabulary,
//! `typo.rs`; an automaton only for a word with a digit), the word's postings are scored
//! once per field into a sorted list, the typo and prefix terms' documents go into plain
//! bitsets, the exact name is added where the word matched, and the scorer merges them
//! window by window (4,096 documents, as tantivy's own union does) with no dynamic call
//! per document. Alone at the top of a query it hands tantivy its matches window by
//! window (`Weight::for_each`), not one `advance` and `score` call each (fifth round).
//!
//! Scores are the same sums as before, up to the order in which floats are added.
//! It knows tantivy's postings and scoring; nothing of the query language or catalogue.

mod postings;
mod scorer;
#[cfg(test)]
mod tests;

use super::typo::Vocabularies;
use postings::{add_postings, automaton_docs, prefix_docs, Automaton, Bits, TypoTerms};
use scorer::{Sorted, WordScorer};
use std::fmt;
use std::sync::Arc;
use tantivy::query::{Bm25Weight, EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, DocSet, Score, SegmentReader, TantivyError, Term};

/// by an automaton (built only then).
#[derive(Clone)]
pub struct Typos {
    /// Edits allowed (1 or 2).
    pub distance: u8,
    /// The share of a field's weight a typo (or the word) adds.
    pub factor: Score,
    pub vocabularies: Arc<Vocabularies>,
}

/// A bare word over `fields`; see the module documentation for its score.
#[derive(Clone)]
pub struct WordQuery {
    pub word: String,
    /// Each field and its weight.
    pub fields: Vec<(Field, Score)>,
    pub typos: Option<Typos>,
    /// Name terms starting with the word: the field and its boost.
    pub prefix: Option<(Field, Score)>,
    /// The whole query as an exact name, and its boost: a matched document holding this
    /// term also scores its BM25 × boost, as a `Should` clause beside the word would add,
    /// without a scorer around the word's per document (issue #20, fifth round).
    pub exact_name: Option<(Term, Score)>,
}

impl fmt::Debug for WordQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WordQuery")
            .field("word", &self.word)
            .field("fields", &self.fields)
            .field(
                "typos",
                &self.typos.as_ref().map(|t| (t.distance, t.factor)),
            )
            .field("prefix", &self.prefix)
            .field("exact_name", &self.exact_name)
            .finish()
    }
}

impl WordQuery {
    fn one_word(&self, scoring: EnableScoring<'_>) -> tantivy::Result<OneWord> {
        // As `TermQuery` weighs a term: BM25 from the whole index's statistics.
        let weigh = |term: Term, weight: Score| -> tantivy::Result<FieldWeight> {
            let bm25 = match scoring {
                EnableScoring::Enabled {
                    statistics_provider,
                    ..
                } => Some(Bm25Weight::for_terms(
                    statistics_provider,
                    std::slice::from_ref(&term),
                )?),
                EnableScoring::Disabled { .. } => None,
            };
            Ok(FieldWeight { term, weight, bm25 })
        };
        let mut fields = Vec::with_capacity(self.fields.len());
        for &(field, weight) in &self.fields {
            fields.push(weigh(Term::from_field_text(field, &self.word), weight)?);
        }
        let exact_name = match &self.exact_name {
            Some((term, boost)) => Some(weigh(term.clone(), *boost)?),
            None => None,
        };
        Ok(OneWord {
            word: self.word.clone(),
            fields,
            typos: self.typos.clone(),
            prefix: self.prefix,
            exact_name,
        })
    }
}

impl Query for WordQuery {
    fn weight(&self, scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(WordWeight {
            words: vec![self.one_word(scoring)?],
        }))
    }

    fn query_terms<'a>(&'a self, _visitor: &mut dyn FnMut(&'a Term, bool)) {}
}

/// Any of several bare words (`heal OR regen`): one scorer over every word's sources,
/// where tantivy's union would call each word's scorer per document (issue #20, fifth
/// round). A document's score is the sum of its words' scores, added source by source:
/// equal to the union's up to the order in which floats are added.
#[derive(Clone, Debug)]
pub struct AnyWordQuery {
    pub words: Vec<WordQuery>,
}

impl Query for AnyWordQuery {
    fn weight(&self, scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let words = self
            .words
            .iter()
            .map(|w| w.one_word(scoring))
            .collect::<tantivy::Result<_>>()?;
        Ok(Box::new(WordWeight { words }))
    }

    fn query_terms<'a>(&'a self, _visitor: &mut dyn FnMut(&'a Term, bool)) {}
}

struct FieldWeight {
    term: Term,
    weight: Score,
    /// `None` when scoring is disabled.
    bm25: Option<Bm25Weight>,
}

impl FieldWeight {
    /// The documents of one segment holding the term, in order, each with its BM25 (×
    /// `boost` × the field's weight; 0 when scoring is disabled) plus `add`; `each` sees
    /// every document.
    fn scored_docs(
        &self,
        reader: &SegmentReader,
        boost: Score,
        add: Score,
        mut each: impl FnMut(DocId),
    ) -> tantivy::Result<Vec<(DocId, Score)>> {
        let field = self.term.field();
        let index = reader.inverted_index(field)?;
        let mut scored: Vec<(DocId, Score)> = Vec::new();
        let Some(info) = index.get_term_info(&self.term)? else {
            return Ok(scored);
        };
        let record = if self.bm25.is_some() {
            IndexRecordOption::WithFreqs
        } else {
            IndexRecordOption::Basic
        };
        let bm25 = self.bm25.as_ref().map(|w| w.boost_by(boost * self.weight));
        let norms = match bm25 {
            Some(_) => reader.fieldnorms_readers().get_field(field)?,
            None => None,
        };
        let mut postings = index.read_block_postings_from_terminfo(&info, record)?;
        scored.reserve(info.doc_freq as usize);
        loop {
            let docs = postings.docs();
            if docs.is_empty() {
                break;
            }
            let freqs = postings.freqs();
            for (i, &doc) in docs.iter().enumerate() {
                let score = match &bm25 {
                    Some(w) => {
                        // As `TermScorer`: a field without norms counts as one token.
                        let norm = norms.as_ref().map_or(1, |n| n.fieldnorm_id(doc));
                        w.score(norm, freqs.get(i).copied().unwrap_or(1))
                    }
                    None => 0.0,
                };
                scored.push((doc, score + add));
                each(doc);
            }
            postings.advance();
        }
        Ok(scored)
    }
}

/// The weight of one or more words (any of them matches).
struct WordWeight {
    words: Vec<OneWord>,
}

/// One word, weighed.
struct OneWord {
    word: String,
    fields: Vec<FieldWeight>,
    typos: Option<Typos>,
    prefix: Option<(Field, Score)>,
    exact_name: Option<FieldWeight>,
}

impl OneWord {
    /// The documents of `field` with a typo of the word (not the word), `None` if none.
    fn typo_docs(
        &self,
        reader: &SegmentReader,
        field: Field,
        terms: &TypoTerms<'_>,
        automaton: &mut Option<Automaton>,
        distance: u8,
    ) -> tantivy::Result<Option<Bits>> {
        if let TypoTerms::Listed(vocabulary, typos) = terms {
            if let Some(bit) = vocabulary.field_bit(field) {
                let index = reader.inverted_index(field)?;
                let mut docs = None;
                for typo in typos.iter().filter(|t| t.in_field(bit)) {
                    let term = Term::from_field_text(field, typo.text);
                    if let Some(info) = index.get_term_info(&term)? {
                        add_postings(&mut docs, reader, &index, &info)?;
                    }
                }
                return Ok(docs);
            }
        }
        let automaton = match automaton {
            Some(a) => a,
            None => automaton.insert(Automaton::typos(&self.word, distance)?),
        };
        automaton_docs(reader, field, automaton, self.word.as_bytes())
    }

    /// Adds the word's sources in one segment to `exact`, `constant` and `bonus`.
    fn sources(
        &self,
        reader: &SegmentReader,
        boost: Score,
        exact: &mut Vec<Sorted>,
        constant: &mut Vec<(Bits, Score)>,
        bonus: &mut Vec<(DocId, Score)>,
    ) -> tantivy::Result<()> {
        let typo_terms = self.typos.as_ref().map(|t| {
            let listed = t
                .vocabularies
                .get(&reader.segment_id())
                .and_then(|v| Some((v, v.typos(&self.word, t.distance as usize)?)));
            match listed {
                Some((v, typos)) => TypoTerms::Listed(v, typos),
                None => TypoTerms::Automaton,
            }
        });
        let mut automaton = None;
        for f in &self.fields {
            let field = f.term.field();
            // The documents with a typo of the word (not the word) in this field; the
            // word's own documents get the typo constant with their BM25 below.
            let (mut others, typo_score) = match (&self.typos, &typo_terms) {
                (Some(t), Some(terms)) => (
                    self.typo_docs(reader, field, terms, &mut automaton, t.distance)?,
                    boost * f.weight * t.factor,
                ),
                _ => (None, 0.0),
            };
            let scored = f.scored_docs(reader, boost, typo_score, |doc| {
                if let Some(o) = &mut others {
                    o.remove(doc);
                }
            })?;
            exact.push(Sorted::new(scored));
            if let Some(o) = others {
                constant.push((o, typo_score));
            }
        }
        if let Some((field, prefix_boost)) = &self.prefix {
            if let Some(bits) = prefix_docs(reader, *field, &self.word)? {
                constant.push((bits, boost * prefix_boost));
            }
        }
        if let Some(f) = &self.exact_name {
            bonus.extend(f.scored_docs(reader, boost, 0.0, |_| {})?);
        }
        Ok(())
    }
}

impl WordWeight {
    fn word_scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<WordScorer> {
        let mut exact = Vec::new();
        let mut constant = Vec::new();
        let mut bonus = Vec::new();
        for w in &self.words {
            w.sources(reader, boost, &mut exact, &mut constant, &mut bonus)?;
        }
        // Several words' exact names (never built so): one list in document order.
        bonus.sort_by_key(|&(doc, _)| doc);
        Ok(WordScorer::new(exact, constant, Sorted::new(bonus)))
    }
}

impl Weight for WordWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        Ok(Box::new(self.word_scorer(reader, boost)?))
    }

    /// Every match and its score, read window by window from the bits, where tantivy's
    /// default goes through `advance` and `score` per document.
    fn for_each(
        &self,
        reader: &SegmentReader,
        callback: &mut dyn FnMut(DocId, Score),
    ) -> tantivy::Result<()> {
        self.word_scorer(reader, 1.0)?.drain(callback);
        Ok(())
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.word_scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(TantivyError::InvalidArgument(format!(
                "document {doc} does not match"
            )));
        }
        Ok(Explanation::new(
            "word: BM25 of the word, typo and prefix constants",
            scorer.score(),
        ))
    }
}
