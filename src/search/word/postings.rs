//! Reading one segment's postings for a word: its typo terms (from the vocabulary, or an
//! automaton walked over a field's dictionary), its prefix terms (a term range), each
//! term's documents into a plain bitset. It knows nothing of scores.

use super::super::typo::{Typo, Vocabulary};
use std::sync::Arc;
use tantivy::postings::TermInfo;
use tantivy::query::{DfaWrapper, FuzzyTermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, InvertedIndexReader, SegmentReader, Term, TERMINATED};

/// A Levenshtein automaton, shared by the fields it is walked over.
#[derive(Clone)]
pub(super) struct Automaton(Arc<DfaWrapper>);

impl Automaton {
    /// The terms within `distance` edits of `word` (a transposition counts as one edit).
    pub(super) fn typos(word: &str, distance: u8) -> tantivy::Result<Automaton> {
        let q = FuzzyTermQuery::new(any_term(word), distance, true);
        Ok(Automaton(Arc::new(q.automaton()?)))
    }
}

/// The automaton matches a term's text only: the field is irrelevant.
pub(super) fn any_term(word: &str) -> Term {
    Term::from_field_text(Field::from_field_id(0), word)
}

/// How a word's typos are found: in the segment's [`Vocabulary`] where it can tell, else
/// A plain bitset over a segment's documents.
pub(super) struct Bits(Vec<u64>);

impl Bits {
    pub(super) fn new(max_doc: DocId) -> Bits {
        Bits(vec![0; (max_doc as usize).div_ceil(64)])
    }
    pub(super) fn insert(&mut self, doc: DocId) {
        if let Some(w) = self.0.get_mut(doc as usize / 64) {
            *w |= 1 << (doc % 64);
        }
    }
    pub(super) fn remove(&mut self, doc: DocId) {
        if let Some(w) = self.0.get_mut(doc as usize / 64) {
            *w &= !(1 << (doc % 64));
        }
    }
    /// How many documents it holds.
    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    pub(super) fn word(&self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }
    /// The first document at or after `from`, or `TERMINATED`.
    pub(super) fn next(&self, from: DocId) -> DocId {
        let mut i = from as usize / 64;
        let mut w = self.word(i) & (u64::MAX << (from % 64));
        loop {
            if w != 0 {
                return (i * 64) as DocId + w.trailing_zeros();
            }
            i += 1;
            if i >= self.0.len() {
                return TERMINATED;
            }
            w = self.0[i];
        }
    }
}

/// Adds the documents of one term (its `TermInfo`) to `docs`.
pub(super) fn add_postings(
    docs: &mut Option<Bits>,
    reader: &SegmentReader,
    index: &InvertedIndexReader,
    info: &TermInfo,
) -> tantivy::Result<()> {
    let bits = docs.get_or_insert_with(|| Bits::new(reader.max_doc()));
    let mut postings = index.read_block_postings_from_terminfo(info, IndexRecordOption::Basic)?;
    loop {
        let block = postings.docs();
        if block.is_empty() {
            break;
        }
        for &doc in block {
            bits.insert(doc);
        }
        postings.advance();
    }
    Ok(())
}

/// Every document of one segment holding a term `automaton` matches in `field`, but for
/// the term `skip`; `None` when there is none.
pub(super) fn automaton_docs(
    reader: &SegmentReader,
    field: Field,
    automaton: &Automaton,
    skip: &[u8],
) -> tantivy::Result<Option<Bits>> {
    let index = reader.inverted_index(field)?;
    let mut stream = index.terms().search(&*automaton.0).into_stream()?;
    let mut docs: Option<Bits> = None;
    while stream.advance() {
        if stream.key() != skip {
            add_postings(&mut docs, reader, &index, stream.value())?;
        }
    }
    Ok(docs)
}

/// Every document of one segment with a term of `field` starting with `prefix`.
pub(super) fn prefix_docs(
    reader: &SegmentReader,
    field: Field,
    prefix: &str,
) -> tantivy::Result<Option<Bits>> {
    let index = reader.inverted_index(field)?;
    let mut stream = index.terms().range().ge(prefix.as_bytes()).into_stream()?;
    let mut docs: Option<Bits> = None;
    while stream.advance() && stream.key().starts_with(prefix.as_bytes()) {
        add_postings(&mut docs, reader, &index, stream.value())?;
    }
    Ok(docs)
}

/// A word's typos in one segment: listed by the vocabulary, or left to the automaton.
pub(super) enum TypoTerms<'a> {
    Listed(&'a Vocabulary, Vec<Typo<'a>>),
    Automaton,
}
