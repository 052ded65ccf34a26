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

use super::typo::{Typo, Vocabularies, Vocabulary};
use std::fmt;
use std::sync::Arc;
use tantivy::postings::TermInfo;
use tantivy::query::{
    Bm25Weight, DfaWrapper, EnableScoring, Explanation, FuzzyTermQuery, Query, Scorer, Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{
    DocId, DocSet, InvertedIndexReader, Score, SegmentReader, TantivyError, Term, TERMINATED,
};

/// A Levenshtein automaton, shared by the fields it is walked over.
#[derive(Clone)]
struct Automaton(Arc<DfaWrapper>);

impl Automaton {
    /// The terms within `distance` edits of `word` (a transposition counts as one edit).
    fn typos(word: &str, distance: u8) -> tantivy::Result<Automaton> {
        let q = FuzzyTermQuery::new(any_term(word), distance, true);
        Ok(Automaton(Arc::new(q.automaton()?)))
    }
}

/// The automaton matches a term's text only: the field is irrelevant.
fn any_term(word: &str) -> Term {
    Term::from_field_text(Field::from_field_id(0), word)
}

/// How a word's typos are found: in the segment's [`Vocabulary`] where it can tell, else
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

/// A plain bitset over a segment's documents.
struct Bits(Vec<u64>);

impl Bits {
    fn new(max_doc: DocId) -> Bits {
        Bits(vec![0; (max_doc as usize).div_ceil(64)])
    }
    fn insert(&mut self, doc: DocId) {
        if let Some(w) = self.0.get_mut(doc as usize / 64) {
            *w |= 1 << (doc % 64);
        }
    }
    fn remove(&mut self, doc: DocId) {
        if let Some(w) = self.0.get_mut(doc as usize / 64) {
            *w &= !(1 << (doc % 64));
        }
    }
    fn word(&self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }
    /// The first document at or after `from`, or `TERMINATED`.
    fn next(&self, from: DocId) -> DocId {
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
fn add_postings(
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
fn automaton_docs(
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
fn prefix_docs(
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
enum TypoTerms<'a> {
    Listed(&'a Vocabulary, Vec<Typo<'a>>),
    Automaton,
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
            exact.push(Sorted {
                docs: scored,
                pos: 0,
            });
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
        Ok(WordScorer::new(
            exact,
            constant,
            Sorted {
                docs: bonus,
                pos: 0,
            },
        ))
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

/// One field's documents holding the word, with their scores, in document order.
struct Sorted {
    docs: Vec<(DocId, Score)>,
    pos: usize,
}

impl Sorted {
    fn doc(&self) -> DocId {
        self.docs.get(self.pos).map_or(TERMINATED, |d| d.0)
    }
}

/// Documents a window holds: 64 words of 64 bits.
const WINDOW: u32 = 4096;
const WORDS: usize = (WINDOW / 64) as usize;

/// The union of every source, scored: a window of 4,096 documents at a time is filled
/// from each source (a bit and a score added per document), then read bit by bit.
struct WordScorer {
    exact: Vec<Sorted>,
    constant: Vec<(Bits, Score)>,
    /// Added to documents the others match (the exact name), never a match by itself.
    bonus: Sorted,
    /// The window's first document (a multiple of 64).
    start: DocId,
    bits: [u64; WORDS],
    scores: Box<[Score; WINDOW as usize]>,
    doc: DocId,
}

impl WordScorer {
    fn new(exact: Vec<Sorted>, constant: Vec<(Bits, Score)>, bonus: Sorted) -> WordScorer {
        let mut s = WordScorer {
            exact,
            constant,
            bonus,
            start: 0,
            bits: [0; WORDS],
            scores: Box::new([0.0; WINDOW as usize]),
            doc: 0,
        };
        s.doc = s.fill_from(0);
        s
    }

    /// The first document of any source at or after `from`.
    fn next_source_doc(&self, from: DocId) -> DocId {
        let mut min = TERMINATED;
        for e in &self.exact {
            min = min.min(e.doc());
        }
        for (bits, _) in &self.constant {
            min = min.min(bits.next(from));
        }
        min
    }

    /// Moves every source to `target` or after, fills the window that holds the first
    /// document left, and returns that document (or `TERMINATED`).
    fn fill_from(&mut self, target: DocId) -> DocId {
        for e in self
            .exact
            .iter_mut()
            .chain(std::iter::once(&mut self.bonus))
        {
            if e.doc() < target {
                e.pos += e.docs[e.pos..].partition_point(|d| d.0 < target);
            }
        }
        let first = self.next_source_doc(target);
        if first == TERMINATED {
            return TERMINATED;
        }
        self.start = first - first % 64;
        let end = self.start.saturating_add(WINDOW);
        // A window's scores are written where its bits are first set and added to after,
        // so neither the 16 KiB of scores nor anything but the bits is cleared per window.
        self.bits = [0; WORDS];
        for e in &mut self.exact {
            while let Some(&(doc, score)) = e.docs.get(e.pos) {
                if doc >= end {
                    break;
                }
                let delta = (doc - self.start) as usize;
                let (word, bit) = (delta / 64, 1u64 << (delta % 64));
                if self.bits[word] & bit == 0 {
                    self.bits[word] |= bit;
                    self.scores[delta] = score;
                } else {
                    self.scores[delta] += score;
                }
                e.pos += 1;
            }
        }
        let base = self.start as usize / 64;
        for (bits, score) in &self.constant {
            for k in 0..WORDS {
                let mut w = bits.word(base + k);
                if k == 0 {
                    // Nothing before `first` (which is at or after `target`).
                    w &= u64::MAX << (first % 64);
                }
                if w == 0 {
                    continue;
                }
                let seen = self.bits[k];
                self.bits[k] |= w;
                while w != 0 {
                    let b = w.trailing_zeros() as usize;
                    let slot = &mut self.scores[k * 64 + b];
                    if seen & (1 << b) == 0 {
                        *slot = *score;
                    } else {
                        *slot += score;
                    }
                    w &= w - 1;
                }
            }
        }
        // Last, as a `Should` clause's score is added after the word's. Its documents
        // before `first` match nothing here (an exact name need not hold the word), and
        // the window may start after `target`: skip them, or `doc - start` underflows.
        let b = &mut self.bonus;
        b.pos += b.docs[b.pos..].partition_point(|d| d.0 < first);
        while let Some(&(doc, score)) = b.docs.get(b.pos) {
            if doc >= end {
                break;
            }
            let delta = (doc - self.start) as usize;
            if self.bits[delta / 64] & (1 << (delta % 64)) != 0 {
                self.scores[delta] += score;
            }
            b.pos += 1;
        }
        first
    }

    /// The first document of the window at or after `from`, if the window has one.
    fn in_window(&self, from: DocId) -> Option<DocId> {
        if from < self.start {
            return None;
        }
        let delta = from - self.start;
        if delta >= WINDOW {
            return None;
        }
        let mut k = (delta / 64) as usize;
        let mut w = self.bits[k] & (u64::MAX << (delta % 64));
        loop {
            if w != 0 {
                return Some(self.start + (k * 64) as DocId + w.trailing_zeros());
            }
            k += 1;
            if k >= WORDS {
                return None;
            }
            w = self.bits[k];
        }
    }

    /// Calls `callback` with every document from the current one on, and its score.
    fn drain(&mut self, callback: &mut dyn FnMut(DocId, Score)) {
        let mut from = self.doc;
        while from != TERMINATED {
            let delta = from - self.start;
            for k in (delta / 64) as usize..WORDS {
                let mut w = self.bits[k];
                if k == (delta / 64) as usize {
                    w &= u64::MAX << (delta % 64);
                }
                while w != 0 {
                    let at = k * 64 + w.trailing_zeros() as usize;
                    callback(self.start + at as DocId, self.scores[at]);
                    w &= w - 1;
                }
            }
            from = self.fill_from(self.start.saturating_add(WINDOW));
        }
        self.doc = TERMINATED;
    }

    fn go_to(&mut self, target: DocId) -> DocId {
        self.doc = match self.in_window(target) {
            Some(doc) => doc,
            None => {
                let after_window = target.max(self.start.saturating_add(WINDOW));
                self.fill_from(after_window)
            }
        };
        self.doc
    }
}

impl DocSet for WordScorer {
    fn advance(&mut self) -> DocId {
        if self.doc == TERMINATED {
            return TERMINATED;
        }
        self.go_to(self.doc + 1)
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        self.go_to(target)
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        let exact: usize = self.exact.iter().map(|e| e.docs.len() - e.pos).sum();
        let constant: u32 = self
            .constant
            .iter()
            .map(|(b, _)| b.0.iter().map(|w| w.count_ones()).sum::<u32>())
            .sum();
        (exact as u32).saturating_add(constant)
    }
}

impl Scorer for WordScorer {
    fn score(&mut self) -> Score {
        match self.doc.checked_sub(self.start) {
            Some(delta) if delta < WINDOW => self.scores[delta as usize],
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::collector::{Count, TopDocs};
    use tantivy::query::{BooleanQuery, BoostQuery, Occur, TermQuery};
    use tantivy::schema::{Schema, TEXT};
    use tantivy::{doc, DocAddress, Index, IndexWriter};

    struct Fixture {
        index: Index,
        fields: [Field; 3],
        /// The name as one untokenised term (as the index's `name_exact`).
        name_exact: Field,
        /// Each segment's vocabulary of the three fields.
        vocabularies: Arc<Vocabularies>,
    }

    /// Three text fields over enough documents to span several windows (4,096) and
    /// several postings blocks (128), with the word, its typos and its prefixes spread
    /// unevenly, in two segments.
    fn fixture() -> Fixture {
        let mut b = Schema::builder();
        let fields = [
            b.add_text_field("name", TEXT),
            b.add_text_field("aliases", TEXT),
            b.add_text_field("text", TEXT),
        ];
        let name_exact = b.add_text_field("name_exact", tantivy::schema::STRING);
        let index = Index::create_in_ram(b.build());
        let mut w: IndexWriter = index.writer_with_num_threads(1, 50_000_000).unwrap();
        let words = [
            "heal",
            "heals",
            "healer",
            "deal",
            "head",
            "hael",
            "hale",
            "undead",
            "zombie",
            "creature",
            "creatures",
            "craeture",
            "opposing",
            "oppose",
            "fury",
            "he4l",
            "heal5",
        ];
        for segment in 0..2 {
            for i in 0..9_000u32 {
                let pick = |k: u32| words[((i * k + segment * 7) % words.len() as u32) as usize];
                let name = if i % 5 == 0 { pick(3) } else { "plain" };
                let aliases = if i % 97 == 0 { pick(11) } else { "" };
                let text = match i % 7 {
                    0 => format!("{} {} {}", pick(1), pick(2), pick(5)),
                    1 | 2 => format!("{} the {} and {}", pick(13), pick(1), pick(1)),
                    3 => "nothing to see".to_string(),
                    _ => pick(17).to_string(),
                };
                w.add_document(doc!(
                    fields[0] => name,
                    fields[1] => aliases,
                    fields[2] => text,
                    name_exact => name,
                ))
                .unwrap();
            }
            w.commit().unwrap();
        }
        let searcher = index.reader().unwrap().searcher();
        let vocabularies = searcher
            .segment_readers()
            .iter()
            .map(|s| (s.segment_id(), Vocabulary::read(s, &fields).unwrap()))
            .collect();
        Fixture {
            index,
            fields,
            name_exact,
            vocabularies: Arc::new(vocabularies),
        }
    }

    /// The stock queries `WordQuery` replaces, as `compile.rs` built them before.
    fn stock(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (i, &field) in f.fields.iter().enumerate() {
            let weight = if i < 2 { 4.0 } else { 1.0 };
            let term = Term::from_field_text(field, word);
            let exact = TermQuery::new(term.clone(), IndexRecordOption::WithFreqs);
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(Box::new(exact), weight)),
            ));
            if distance > 0 {
                let fuzzy = FuzzyTermQuery::new(term, distance, true);
                clauses.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(fuzzy), weight * 0.3)),
                ));
            }
        }
        let prefix = FuzzyTermQuery::new_prefix(Term::from_field_text(f.fields[0], word), 0, false);
        clauses.push((
            Occur::Should,
            Box::new(BoostQuery::new(Box::new(prefix), 0.5)),
        ));
        Box::new(BooleanQuery::new(clauses))
    }

    /// Ours, typos from the vocabularies.
    fn ours(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
        with_vocabularies(f, word, distance, f.vocabularies.clone())
    }

    /// Ours, typos from the automaton (no vocabulary for any segment).
    fn ours_by_automaton(f: &Fixture, word: &str, distance: u8) -> Box<dyn Query> {
        with_vocabularies(f, word, distance, Arc::default())
    }

    fn with_vocabularies(
        f: &Fixture,
        word: &str,
        distance: u8,
        vocabularies: Arc<Vocabularies>,
    ) -> Box<dyn Query> {
        Box::new(WordQuery {
            word: word.to_string(),
            fields: f
                .fields
                .iter()
                .enumerate()
                .map(|(i, &field)| (field, if i < 2 { 4.0 } else { 1.0 }))
                .collect(),
            typos: (distance > 0).then_some(Typos {
                distance,
                factor: 0.3,
                vocabularies,
            }),
            prefix: Some((f.fields[0], 0.5)),
            exact_name: None,
        })
    }

    /// Every match with its score, in document order, and the count.
    fn run(f: &Fixture, q: &dyn Query) -> (Vec<(DocAddress, Score)>, usize) {
        let searcher = f.index.reader().unwrap().searcher();
        let (mut top, count) = searcher
            .search(q, &(TopDocs::with_limit(100_000).order_by_score(), Count))
            .unwrap();
        top.sort_by_key(|(_, d)| *d);
        (top.into_iter().map(|(s, d)| (d, s)).collect(), count)
    }

    fn assert_same(f: &Fixture, a: &dyn Query, b: &dyn Query, what: &str) {
        let (x, nx) = run(f, a);
        let (y, ny) = run(f, b);
        assert_eq!(nx, ny, "{what}: count");
        assert_eq!(x.len(), y.len(), "{what}: matches");
        for ((da, sa), (db, sb)) in x.iter().zip(&y) {
            assert_eq!(da, db, "{what}: documents");
            assert!(
                (sa - sb).abs() <= 1e-5 * sa.abs().max(1.0),
                "{what}: {da:?} {sa} {sb}"
            );
        }
    }

    #[test]
    fn scores_and_matches_equal_the_stock_union() {
        let f = fixture();
        for (word, d) in [
            ("heal", 1),
            ("undead", 1),
            ("creature", 2),
            ("craeture", 2),
            ("he", 0),
            ("fury", 1),
            ("absent", 1),
            ("opposing", 2),
            ("hea", 0),
            // A word with a digit: its typos are left to the automaton.
            ("he4l", 1),
            ("heal5", 1),
            ("heal", 2),
        ] {
            let stock = stock(&f, word, d);
            assert_same(&f, &*ours(&f, word, d), &*stock, word);
            assert_same(&f, &*ours_by_automaton(&f, word, d), &*stock, word);
        }
    }

    /// The stock exact-name clause `compile.rs` built before: `TermQuery(name_exact)^40`.
    fn exact_in(f: &Fixture, word: &str) -> Box<dyn Query> {
        let term = Term::from_field_text(f.name_exact, word);
        Box::new(BoostQuery::new(
            Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
            40.0,
        ))
    }

    /// The exact name inside the word's query scores as the `Should` clause beside the
    /// word that `compile.rs` built before: alone (tantivy calls our `for_each`), and in
    /// an intersection (our scorer, seeked).
    #[test]
    fn the_exact_name_adds_as_a_should_clause_would() {
        let f = fixture();
        let exact = |word: &str| exact_in(&f, word);
        for (word, d) in [
            ("heal", 1),
            ("creature", 2),
            ("plain", 1),
            ("he4l", 1),
            ("absent", 1),
        ] {
            let want = BooleanQuery::new(vec![
                (Occur::Must, stock(&f, word, d)),
                (Occur::Should, exact(word)),
            ]);
            let mut ours = WordQuery::clone(
                ours(&f, word, d)
                    .downcast_ref::<WordQuery>()
                    .expect("a word query"),
            );
            ours.exact_name = Some((Term::from_field_text(f.name_exact, word), 40.0));
            assert_same(&f, &ours, &want, word);
            let and = |q: Box<dyn Query>| {
                BooleanQuery::new(vec![(Occur::Must, q), (Occur::Must, stock(&f, "heal", 1))])
            };
            assert_same(
                &f,
                &and(Box::new(ours.clone())),
                &and(Box::new(want)),
                &format!("{word} and heal"),
            );
        }
        // An exact name on a document the word does not match, 64 documents or more before
        // the word's first match (the window starts after it): it adds nothing, and the
        // scorer does not trip over it (this panicked, as `doc - start`).
        let mut b = Schema::builder();
        let fields = [
            b.add_text_field("name", TEXT),
            b.add_text_field("aliases", TEXT),
            b.add_text_field("text", TEXT),
        ];
        let name_exact = b.add_text_field("name_exact", tantivy::schema::STRING);
        let index = Index::create_in_ram(b.build());
        let mut w: IndexWriter = index.writer_with_num_threads(1, 20_000_000).unwrap();
        for i in 0..300u32 {
            let (name, text) = match i {
                0 | 150 => ("heal", "nothing here"),
                100 | 200 => ("plain", "fury"),
                _ => ("plain", "plain"),
            };
            w.add_document(doc!(fields[0] => name, fields[2] => text, name_exact => name))
                .unwrap();
        }
        w.commit().unwrap();
        let searcher = index.reader().unwrap().searcher();
        let vocabularies = searcher
            .segment_readers()
            .iter()
            .map(|s| (s.segment_id(), Vocabulary::read(s, &fields).unwrap()))
            .collect();
        let g = Fixture {
            index,
            fields,
            name_exact,
            vocabularies: Arc::new(vocabularies),
        };
        let mut fury = WordQuery::clone(ours(&g, "fury", 1).downcast_ref().unwrap());
        fury.exact_name = Some((Term::from_field_text(name_exact, "heal"), 40.0));
        let want = BooleanQuery::new(vec![
            (Occur::Must, stock(&g, "fury", 1)),
            (Occur::Should, exact_in(&g, "heal")),
        ]);
        assert_same(&g, &fury, &want, "an exact name before the window");
        assert_eq!(run(&g, &fury).1, 2);

        // The name alone matches nothing: it only adds to the word's matches.
        let mut only_name = WordQuery::clone(ours(&f, "absent", 0).downcast_ref().unwrap());
        only_name.exact_name = Some((Term::from_field_text(f.name_exact, "heal"), 40.0));
        assert_eq!(run(&f, &only_name).1, 0);
    }

    /// Any of several words matches and scores as the union of the stock queries (alone,
    /// and seeked in an intersection), words sharing documents included.
    #[test]
    fn any_of_several_words_is_the_stock_union_of_them() {
        let f = fixture();
        let word = |q: Box<dyn Query>| q.downcast_ref::<WordQuery>().unwrap().clone();
        for words in [
            &[("heal", 1), ("creature", 2)][..],
            &[("heal", 1), ("deal", 1)],
            &[("he4l", 1), ("fury", 1), ("absent", 1)],
            &[("opposing", 2), ("oppose", 1)],
        ] {
            let any = AnyWordQuery {
                words: words.iter().map(|&(w, d)| word(ours(&f, w, d))).collect(),
            };
            let union = || {
                BooleanQuery::new(
                    words
                        .iter()
                        .map(|&(w, d)| (Occur::Should, stock(&f, w, d)))
                        .collect(),
                )
            };
            let what = format!("{words:?}");
            assert_same(&f, &any, &union(), &what);
            let and = |q: Box<dyn Query>| {
                BooleanQuery::new(vec![(Occur::Must, stock(&f, "plain", 0)), (Occur::Must, q)])
            };
            assert_same(
                &f,
                &and(Box::new(any.clone())),
                &and(Box::new(union())),
                &what,
            );
        }
    }

    #[test]
    fn seeks_in_intersections_and_exclusions_as_the_stock_union() {
        let f = fixture();
        let both = |q: &dyn Fn(&Fixture, &str, u8) -> Box<dyn Query>, occur: Occur| {
            BooleanQuery::new(vec![
                (Occur::Must, q(&f, "creature", 2)),
                (occur, q(&f, "heal", 1)),
            ])
        };
        for occur in [Occur::Must, Occur::MustNot, Occur::Should] {
            assert_same(
                &f,
                &both(&ours, occur),
                &both(&stock, occur),
                &format!("{occur:?}"),
            );
        }
        // A rare word intersected with a common one: seeks past whole windows.
        let rare = |q: &dyn Fn(&Fixture, &str, u8) -> Box<dyn Query>| {
            BooleanQuery::new(vec![
                (Occur::Must, q(&f, "hael", 0)),
                (Occur::Must, q(&f, "heal", 1)),
            ])
        };
        assert_same(&f, &rare(&ours), &rare(&stock), "rare and common");
    }
}
