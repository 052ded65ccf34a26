//! What counts as a typo of a query word, and finding a word's typos among the index's
//! terms: one place for the rule the index (`word/`) and the snippets (`snippet.rs`)
//! share.
//!
//! A typo is the optimal string alignment distance (insertions, deletions, substitutions
//! and swaps of neighbours, each one edit): the distance tantivy's Levenshtein automaton
//! with transpositions accepts. One edit is allowed from 4 letters, two from 8.
//!
//! Finding a word's typos in the index was an automaton built per word (up to 23 µs for a
//! long word) and walked over each field's term dictionary (7–23 µs a field): a tenth of
//! an uncached search at 100,000 cards (BENCHMARKS.md, issue #20, fifth round). A
//! [`Vocabulary`], made once per segment when the index opens, holds the terms of the
//! bare-word fields that a digit-free word can reach (terms with at most two digits: each
//! digit of a term costs a digit-free word one edit), grouped by length, so a word's typos
//! are a scan of the few hundred terms of a near length. A word with a digit, or a field
//! the vocabulary does not hold, still takes the automaton. This module knows nothing of
//! scoring or of the query language.

use std::collections::HashMap;
use tantivy::index::SegmentId;
use tantivy::schema::Field;
use tantivy::SegmentReader;

/// Typos allowed in a query word of `len` characters: none up to 3, one from 4, two from 8.
pub fn typo_distance(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// The longest word compared byte by byte on the stack (longer words take the general,
/// character path).
pub const SHORT: usize = 64;

/// The bit of a byte in a word's set of letters (64 bins: two bytes may share one).
fn letter_bit(b: u8) -> u64 {
    1 << (b & 63)
}

/// The set of a word's bytes, for [`ascii_within`].
pub fn letters(word: &[u8]) -> u64 {
    word.iter().fold(0, |m, &b| m | letter_bit(b))
}

/// Whether the ASCII words `w` and `q` (their [`letters`] given) are within `d` edits, for
/// words of at most [`SHORT`] bytes.
///
/// Each edit brings in at most one letter the other word lacks and takes out at most one:
/// so the letters of either word missing from the other are a lower bound of the distance,
/// and most pairs are ruled out by it without the table.
pub fn ascii_within(w: &[u8], w_letters: u64, q: &[u8], q_letters: u64, d: usize) -> bool {
    if w.len().abs_diff(q.len()) > d || w.len() > SHORT || q.len() > SHORT {
        return false;
    }
    let missing = (w_letters & !q_letters)
        .count_ones()
        .max((q_letters & !w_letters).count_ones());
    missing as usize <= d && osa(w, q, d) <= d
}

/// The optimal string alignment distance of two words of at most [`SHORT`] bytes, without
/// allocating; anything above `limit` is reported as `limit + 1`, as soon as two rows of
/// the table are above it (every later cell is built from the two rows before it).
pub fn osa(a: &[u8], b: &[u8], limit: usize) -> usize {
    // Distances fit a byte: neither word is longer than SHORT (64).
    let m = b.len().min(SHORT);
    let limit = limit.min(SHORT) as u8;
    let mut before = [u8::MAX; SHORT + 1];
    let mut prev = [0u8; SHORT + 1];
    let mut cur = [0u8; SHORT + 1];
    for (j, p) in prev.iter_mut().enumerate().take(m + 1) {
        *p = j as u8;
    }
    for (i, &ai) in a.iter().enumerate().take(SHORT) {
        cur[0] = i as u8 + 1;
        for j in 1..=m {
            let cost = u8::from(ai != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 0 && j > 1 && ai == b[j - 2] && a[i - 1] == b[j - 1] {
                v = v.min(before[j - 2].saturating_add(1));
            }
            cur[j] = v;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
        let above = |row: &[u8]| row[..=m].iter().all(|&x| x > limit);
        if above(&prev) && above(&before) {
            return usize::from(limit) + 1;
        }
    }
    usize::from(prev[m].min(limit + 1))
}

/// Whether two words (any script) are within `d` edits, by characters.
fn within(w: &str, q: &str, d: usize) -> bool {
    if w.is_ascii() && q.is_ascii() && w.len() <= SHORT && q.len() <= SHORT {
        let (w, q) = (w.as_bytes(), q.as_bytes());
        return ascii_within(w, letters(w), q, letters(q), d);
    }
    w.chars().count().abs_diff(q.chars().count()) <= d && strsim::osa_distance(w, q) <= d
}

/// The most digits a term may hold and still be within reach of a digit-free word.
const MOST_DIGITS: usize = 2;

/// One term of a [`Vocabulary`].
struct VocabTerm {
    text: Box<str>,
    letters: u64,
    /// Which of the vocabulary's fields hold it, by bit.
    fields: u8,
}

/// The terms of a few text fields of one segment that a digit-free word can reach with
/// typos, by length (see the module documentation).
pub struct Vocabulary {
    fields: Vec<Field>,
    /// Ordered by length in characters.
    terms: Vec<VocabTerm>,
    /// `starts[n]`: the first term of `n` characters or more.
    starts: Vec<usize>,
}

/// Each segment's vocabulary, made when the index opens.
pub type Vocabularies = HashMap<SegmentId, Vocabulary>;

/// A term a word's typos found: its text and which of the vocabulary's fields hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Typo<'a> {
    pub text: &'a str,
    fields: u8,
}

impl Vocabulary {
    /// The vocabulary of `fields` (at most 8) in one segment.
    pub fn read(segment: &SegmentReader, fields: &[Field]) -> tantivy::Result<Vocabulary> {
        let fields = &fields[..fields.len().min(8)];
        let mut found: HashMap<Box<str>, u8> = HashMap::new();
        for (bit, &field) in fields.iter().enumerate() {
            let index = segment.inverted_index(field)?;
            let mut stream = index.terms().stream()?;
            while stream.advance() {
                let key = stream.key();
                if key.iter().filter(|b| b.is_ascii_digit()).count() > MOST_DIGITS {
                    continue;
                }
                // Terms are the analyser's UTF-8; anything else is never a word's typo
                // by the automaton either (it walks characters).
                let Ok(text) = std::str::from_utf8(key) else {
                    continue;
                };
                *found.entry(text.into()).or_default() |= 1 << bit;
            }
        }
        let mut terms: Vec<(usize, VocabTerm)> = found
            .into_iter()
            .map(|(text, fields)| {
                let letters = letters(text.as_bytes());
                (
                    text.chars().count(),
                    VocabTerm {
                        text,
                        letters,
                        fields,
                    },
                )
            })
            .collect();
        terms.sort_by(|a, b| (a.0, &a.1.text).cmp(&(b.0, &b.1.text)));
        let longest = terms.last().map_or(0, |t| t.0);
        let starts = (0..=longest + 1)
            .map(|n| terms.partition_point(|t| t.0 < n))
            .collect();
        Ok(Vocabulary {
            fields: fields.to_vec(),
            terms: terms.into_iter().map(|t| t.1).collect(),
            starts,
        })
    }

    /// The bit of `field`, if the vocabulary holds it.
    pub fn field_bit(&self, field: Field) -> Option<u8> {
        self.fields.iter().position(|&f| f == field).map(|i| 1 << i)
    }

    /// The terms within `d` edits of `word` (not `word` itself), or `None` when the
    /// vocabulary cannot tell: `word` has a digit (its typos may be any number).
    pub fn typos(&self, word: &str, d: usize) -> Option<Vec<Typo<'_>>> {
        if word.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = word.chars().count();
        let at = |len: usize| self.starts.get(len).copied().unwrap_or(self.terms.len());
        let range = at(n.saturating_sub(d))..at(n + d + 1);
        let ascii = word.is_ascii() && word.len() <= SHORT;
        let (q, q_letters) = (word.as_bytes(), letters(word.as_bytes()));
        Some(
            self.terms[range]
                .iter()
                .filter(|t| *t.text != *word)
                .filter(|t| {
                    if ascii && t.text.is_ascii() && t.text.len() <= SHORT {
                        ascii_within(t.text.as_bytes(), t.letters, q, q_letters, d)
                    } else {
                        within(&t.text, word, d)
                    }
                })
                .map(|t| Typo {
                    text: &t.text,
                    fields: t.fields,
                })
                .collect(),
        )
    }
}

impl Typo<'_> {
    /// Whether the field of bit `bit` (see [`Vocabulary::field_bit`]) holds this term.
    pub fn in_field(&self, bit: u8) -> bool {
        self.fields & bit != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::query::FuzzyTermQuery;
    use tantivy::schema::{Schema, TEXT};
    use tantivy::{doc, Index, IndexWriter, Term};

    #[test]
    fn distance_counts_edits_and_neighbour_swaps() {
        assert_eq!(osa(b"breakthrough", b"brekthrough", 2), 1);
        assert_eq!(osa(b"armor", b"amror", 2), 1);
        assert_eq!(osa(b"heal", b"heal", 1), 0);
        assert_eq!(osa(b"", b"abc", 5), 3);
        assert_eq!(osa(b"kitten", b"sitting", 5), 3);
        // Past the limit: limit + 1, however far.
        assert_eq!(osa(b"kitten", b"sitting", 1), 2);
        assert_eq!(osa(b"abcdef", b"uvwxyz", 2), 3);
        // Against the full table, on every pair of a small vocabulary.
        let words = [
            "heal", "deal", "head", "hale", "heals", "ehal", "hela", "he", "undead",
        ];
        for a in words {
            for b in words {
                let full = strsim::osa_distance(a, b);
                for limit in 0..4 {
                    assert_eq!(
                        osa(a.as_bytes(), b.as_bytes(), limit),
                        full.min(limit + 1),
                        "{a} {b} {limit}"
                    );
                }
            }
        }
    }

    /// An index of one text field and one more, holding words, their typos, words with
    /// digits and accented words.
    fn index(words: &[&str]) -> (Index, [Field; 2]) {
        let mut b = Schema::builder();
        let fields = [b.add_text_field("a", TEXT), b.add_text_field("b", TEXT)];
        let index = Index::create_in_ram(b.build());
        let mut w: IndexWriter = index.writer_with_num_threads(1, 20_000_000).unwrap();
        for (i, word) in words.iter().enumerate() {
            let field = fields[i % 2];
            w.add_document(doc!(field => *word)).unwrap();
        }
        w.commit().unwrap();
        (index, fields)
    }

    /// The vocabulary finds, for every word and distance, exactly the terms the automaton
    /// tantivy walks finds (but the word itself), field by field, including swaps of
    /// neighbours at distance 2 (`ca`/`abc`, where the unrestricted distance differs),
    /// terms with one, two and three digits, and accented terms.
    #[test]
    fn the_vocabulary_finds_what_the_automaton_finds() {
        let words = [
            "heal",
            "heals",
            "deal",
            "head",
            "hale",
            "ehal",
            "hela",
            "he",
            "healer",
            "abc",
            "ca",
            "cab",
            "bca",
            "acb",
            "creature",
            "craeture",
            "creatures",
            "crea7ure",
            "cr3at7re",
            "c3e4t5re",
            "opposing",
            "oppose",
            "h3al",
            "he4l",
            "1heal",
            "éclair",
            "eclair",
            "éclairs",
            "aember",
            "æmber",
            "x",
            "xy",
            "brekthrough",
            "breakthrough",
            "12",
            "123",
            "heal12",
            "ab",
            "ba",
            "bac",
        ];
        let (index, fields) = index(&words);
        let reader = index.reader().unwrap();
        let searcher = reader.searcher();
        let segment = &searcher.segment_readers()[0];
        let vocab = Vocabulary::read(segment, &fields).unwrap();
        let mut queries: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        queries.extend(["cra", "ac", "hael", "opossing", "eclaire", "ambre"].map(String::from));
        let mut compared = 0;
        for q in &queries {
            for d in [1u8, 2] {
                let Some(typos) = vocab.typos(q, d as usize) else {
                    assert!(q.bytes().any(|b| b.is_ascii_digit()), "{q}");
                    continue;
                };
                let dfa = FuzzyTermQuery::new(Term::from_field_text(fields[0], q), d, true)
                    .automaton()
                    .unwrap();
                for &field in &fields {
                    let bit = vocab.field_bit(field).unwrap();
                    let ours: Vec<&str> = typos
                        .iter()
                        .filter(|t| t.in_field(bit))
                        .map(|t| t.text)
                        .collect();
                    let inverted = segment.inverted_index(field).unwrap();
                    let mut stream = inverted.terms().search(&dfa).into_stream().unwrap();
                    let mut theirs = Vec::new();
                    while stream.advance() {
                        let t = std::str::from_utf8(stream.key()).unwrap().to_string();
                        if t != *q {
                            theirs.push(t);
                        }
                    }
                    let mut ours: Vec<String> = ours.into_iter().map(String::from).collect();
                    ours.sort();
                    theirs.sort();
                    assert_eq!(ours, theirs, "{q} d={d} field {field:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 80, "{compared}");
        // A word with a digit is left to the automaton.
        assert!(vocab.typos("he4l", 1).is_none());
        // Terms of three digits or more are not held: no digit-free word reaches them.
        assert!(!vocab.terms.iter().any(|t| &*t.text == "c3e4t5re"));
    }
}
