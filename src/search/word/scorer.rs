//! The word scorer: every source of a word's matches (scored postings, constant bitsets,
//! the exact-name bonus) merged window by window into bits and scores, read back one
//! document at a time (`DocSet`) or a window at a time (`drain`). It reads no index.

use super::postings::Bits;
use tantivy::query::Scorer;
use tantivy::{DocId, DocSet, Score, TERMINATED};

/// One field's documents holding the word, with their scores, in document order.
pub(super) struct Sorted {
    docs: Vec<(DocId, Score)>,
    pos: usize,
}

impl Sorted {
    /// `docs` (in document order), read from the first.
    pub(super) fn new(docs: Vec<(DocId, Score)>) -> Sorted {
        Sorted { docs, pos: 0 }
    }

    pub(super) fn doc(&self) -> DocId {
        self.docs.get(self.pos).map_or(TERMINATED, |d| d.0)
    }
}

/// Documents a window holds: 64 words of 64 bits.
pub(super) const WINDOW: u32 = 4096;
pub(super) const WORDS: usize = (WINDOW / 64) as usize;

/// The union of every source, scored: a window of 4,096 documents at a time is filled
/// from each source (a bit and a score added per document), then read bit by bit.
pub(super) struct WordScorer {
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
    pub(super) fn new(
        exact: Vec<Sorted>,
        constant: Vec<(Bits, Score)>,
        bonus: Sorted,
    ) -> WordScorer {
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
    pub(super) fn next_source_doc(&self, from: DocId) -> DocId {
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
    pub(super) fn fill_from(&mut self, target: DocId) -> DocId {
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
    pub(super) fn in_window(&self, from: DocId) -> Option<DocId> {
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
    pub(super) fn drain(&mut self, callback: &mut dyn FnMut(DocId, Score)) {
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

    pub(super) fn go_to(&mut self, target: DocId) -> DocId {
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
        let constant: u32 = self.constant.iter().map(|(b, _)| b.count()).sum();
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
