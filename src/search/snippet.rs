//! Highlighted snippets, built from the query's words rather than from tantivy's snippet
//! generator, so typo-tolerant and prefix matches are highlighted too (tantivy's does not
//! highlight fuzzy matches). A word of the text is highlighted when its folded form equals
//! a query word, starts with one (3 letters or more), or is within the typo distance.
//! Output is the snippet's text in pieces, each marked or not; `web` renders the marks
//! (as HTML `<mark>`), the CLI prints the plain text.

use crate::text::fold;

/// The longest snippet, in characters, before an ellipsis.
const WINDOW: usize = 220;

use super::typo::{ascii_within, letters, typo_distance, SHORT};

fn matches(word: &str, query_words: &[String]) -> bool {
    if word.is_ascii() && word.len() <= SHORT {
        // Nearly every word: lowercased into a buffer on the stack.
        let mut buf = [0u8; SHORT];
        let w = &mut buf[..word.len()];
        for (to, &b) in w.iter_mut().zip(word.as_bytes()) {
            *to = b.to_ascii_lowercase();
        }
        let w_letters = letters(w);
        return query_words
            .iter()
            .any(|q| matches_one(w, w_letters, q.as_bytes(), q.len(), q.is_ascii()));
    }
    let folded = fold(word);
    let w = fold_ascii(&folded);
    let wn = w.chars().count();
    query_words.iter().any(|q| {
        let qn = q.chars().count();
        if *w == **q || (qn >= 3 && w.starts_with(q.as_str())) {
            return true;
        }
        let d = typo_distance(qn);
        d > 0 && wn.abs_diff(qn) <= d && strsim::osa_distance(&w, q) <= d
    })
}

/// Whether the lowercase ASCII word `w` (its [`letters`] `w_letters`) matches the query
/// word `q` of `qn` characters.
fn matches_one(w: &[u8], w_letters: u64, q: &[u8], qn: usize, q_ascii: bool) -> bool {
    if w == q || (qn >= 3 && w.starts_with(q)) {
        return true;
    }
    let d = typo_distance(qn);
    // A non-ASCII query word is never within reach of an ASCII word by bytes; it is left
    // to the general path's character comparison, which an ASCII word does not need:
    // the index folds both to ASCII.
    d > 0 && q_ascii && ascii_within(w, w_letters, q, letters(q), d)
}

/// The index folds `Æ` to `ae` and accents away; do the same for comparison. ASCII (nearly
/// every word) is returned as it is, without a copy.
fn fold_ascii(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 1);
    for c in s.chars() {
        match c {
            'æ' => out.push_str("ae"),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'á' | 'à' | 'â' | 'ä' => out.push('a'),
            'ó' | 'ò' | 'ô' | 'ö' => out.push('o'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'ú' | 'ù' | 'û' | 'ü' => out.push('u'),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A snippet: the text around the first match, in pieces, each a highlighted match or
/// not. An ellipsis (`…`) where text was cut is a piece of its own, never highlighted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snippet {
    /// (text, highlighted), in order: each highlight, the plain text between two, and each
    /// ellipsis is one piece.
    pub pieces: Vec<(String, bool)>,
}

impl Snippet {
    /// The snippet as plain text.
    pub fn plain(&self) -> String {
        self.pieces.iter().map(|(s, _)| s.as_str()).collect()
    }

    /// The highlighted pieces, in order.
    pub fn marked(&self) -> impl Iterator<Item = &str> {
        self.pieces
            .iter()
            .filter(|(_, hit)| *hit)
            .map(|(s, _)| s.as_str())
    }
}

/// The alternating runs of word (alphanumeric) and other characters of a text.
struct Runs<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Runs<'a> {
    type Item = (bool, &'a str);

    fn next(&mut self) -> Option<(bool, &'a str)> {
        let rest = self.text.get(self.pos..)?;
        let word = rest.chars().next()?.is_alphanumeric();
        // ASCII bytes (nearly all) classified as bytes, anything else as a character.
        let bytes = rest.as_bytes();
        let mut len = 0;
        while let Some(&b) = bytes.get(len) {
            if b.is_ascii() {
                if b.is_ascii_alphanumeric() != word {
                    break;
                }
                len += 1;
            } else {
                let Some(c) = rest.get(len..).and_then(|r| r.chars().next()) else {
                    break;
                };
                if c.is_alphanumeric() != word {
                    break;
                }
                len += c.len_utf8();
            }
        }
        self.pos += len;
        Some((word, &rest[..len]))
    }
}

/// A snippet of `text` around the first highlighted word: from 60 characters before it
/// (or the start), at most [`WINDOW`] characters, each later matching word highlighted too.
///
/// Two passes and no list of the text's runs: the first finds the first match (reading
/// only that far), the second reads the window alone, from where it starts. (Keeping every
/// run of the text until the match, then cutting, was a fifth of an uncached search at
/// 100,000 cards; a keyword's or rule's text runs to thousands of characters.)
pub fn snippet(text: &str, query_words: &[String]) -> Snippet {
    // Pass 1: the first highlighted word's byte and character offsets.
    let mut first = None;
    if !query_words.is_empty() {
        let mut chars = 0;
        let mut runs = Runs { text, pos: 0 };
        while let Some((is_word, s)) = runs.next() {
            if is_word && matches(s, query_words) {
                first = Some((runs.pos - s.len(), chars));
                break;
            }
            chars += char_count(s);
        }
    }
    // The window starts 60 characters before it (or at the start).
    let (from_byte, from) = match first {
        Some((byte, chars)) => {
            let from = chars.saturating_sub(60);
            let back = chars - from;
            let from_byte = if back == 0 {
                byte
            } else {
                text[..byte]
                    .char_indices()
                    .rev()
                    .nth(back - 1)
                    .map_or(0, |(i, _)| i)
            };
            (from_byte, from)
        }
        None => (0, 0),
    };
    let first_byte = first.map(|(byte, _)| byte);
    // Pass 2: the window, text between highlights one piece (a piece per word was most of
    // a query's allocations); an ellipsis stays a piece of its own. Every piece is a
    // stretch of the text, so the stretches are found first and each copied once.
    let mut spans: Vec<(usize, usize, bool)> = Vec::new();
    let mut left = WINDOW;
    let mut cut_after = false;
    let mut runs = Runs {
        text,
        pos: from_byte,
    };
    while let Some((is_word, s)) = runs.next() {
        if left == 0 {
            cut_after = true;
            break;
        }
        let at = runs.pos - s.len();
        // Only the first match and matching words after it are highlighted.
        let is_hit =
            is_word && first_byte.is_some_and(|f| at == f || (at > f && matches(s, query_words)));
        let len = char_count(s);
        let take = len.min(left);
        left -= take;
        let end = if take == len {
            runs.pos
        } else {
            cut_after = true;
            at + s.char_indices().nth(take).map_or(s.len(), |(i, _)| i)
        };
        match spans.last_mut() {
            Some((_, e, false)) if !is_hit => *e = end,
            _ => spans.push((at, end, is_hit)),
        }
        if cut_after {
            break;
        }
    }
    let mut pieces: Vec<(String, bool)> = Vec::with_capacity(spans.len() + 2);
    if from > 0 {
        pieces.push(("…".to_string(), false));
    }
    pieces.extend(
        spans
            .into_iter()
            .map(|(a, b, hit)| (text[a..b].to_string(), hit)),
    );
    if cut_after {
        pieces.push(("…".to_string(), false));
    }
    Snippet { pieces }
}

fn char_count(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The snippet as it was made before the two-pass reading (kept as the reference).
    fn reference(text: &str, query_words: &[String]) -> Snippet {
        // Alternating runs of word and non-word characters, with char offsets, read only as
        // far as the window's end once its start is known (a rule's or keyword's text can be
        // thousands of characters; the window is 220).
        let mut runs: Vec<(bool, &str, usize)> = Vec::new();
        let mut first = None;
        // With nothing to highlight, the window is the start of the text.
        let mut stop_at = query_words.is_empty().then_some(WINDOW);
        let mut more = false;
        let mut chars = 0;
        for (is_word, s) in (Runs { text, pos: 0 }) {
            if stop_at.is_some_and(|end| chars >= end) {
                more = true;
                break;
            }
            if first.is_none() && is_word && matches(s, query_words) {
                first = Some(runs.len());
                stop_at = Some(chars.saturating_sub(60) + WINDOW);
            }
            runs.push((is_word, s, chars));
            chars += s.chars().count();
        }
        let from = match first {
            Some(i) => runs[i].2.saturating_sub(60),
            None => 0,
        };
        // Reading stopped early only at or past the window's end, with text left after it.
        let to = if more {
            from + WINDOW
        } else {
            (from + WINDOW).min(chars)
        };
        let cut_after = more || to < chars;
        let mut pieces: Vec<(String, bool)> = Vec::new();
        if from > 0 {
            pieces.push(("…".to_string(), false));
        }
        // Text between highlights is one piece (a piece per word was most of a query's
        // allocations); an ellipsis stays a piece of its own.
        let mut open_plain = false;
        for (i, (_, s, off)) in runs.iter().enumerate() {
            let len = s.chars().count();
            if off + len <= from || *off >= to {
                continue;
            }
            let a = from.saturating_sub(*off);
            let b = (to - off).min(len);
            let is_hit =
                runs[i].0 && first.is_some_and(|f| i == f || (i > f && matches(s, query_words)));
            let cut = |piece: &mut String| {
                if a == 0 && b == len {
                    piece.push_str(s);
                } else {
                    piece.extend(s.chars().skip(a).take(b - a));
                }
            };
            match pieces.last_mut() {
                Some((piece, false)) if open_plain && !is_hit => cut(piece),
                _ => {
                    let mut piece = String::new();
                    cut(&mut piece);
                    pieces.push((piece, is_hit));
                }
            }
            open_plain = !is_hit;
        }
        if cut_after {
            pieces.push(("…".to_string(), false));
        }
        Snippet { pieces }
    }

    fn w(words: &[&str]) -> Vec<String> {
        words.iter().map(|s| s.to_string()).collect()
    }

    fn marked(text: &str, words: &[&str]) -> Vec<String> {
        snippet(text, &w(words))
            .marked()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn highlights_exact_typo_and_prefix_matches() {
        let s = snippet(
            "A creature with Breakthrough attacks.",
            &w(&["brekthrough"]),
        );
        assert_eq!(
            s.pieces,
            vec![
                ("A creature with ".to_string(), false),
                ("Breakthrough".to_string(), true),
                (" attacks.".to_string(), false),
            ]
        );
        assert_eq!(marked("Gains Æmber now", &["aember"]), ["Æmber"]);
        assert_eq!(marked("Creatures attack", &["creat"]), ["Creatures"]);
    }

    #[test]
    fn the_ascii_path_and_the_general_path_agree() {
        // The ASCII fast path and the general path agree.
        for (w, q) in [
            ("Heal", "heal"),
            ("HEALS", "heal"),
            ("Deal", "heal"),
            ("Dead", "heal"),
        ] {
            let general = {
                let w = fold(w);
                let (wn, qn) = (w.chars().count(), q.chars().count());
                w == q
                    || (qn >= 3 && w.starts_with(q))
                    || (wn.abs_diff(qn) <= 1 && strsim::osa_distance(&w, q) <= 1)
            };
            assert_eq!(matches(w, &[q.to_string()]), general, "{w} {q}");
        }
        assert!(matches("Æmber", &["aember".to_string()]));
    }

    #[test]
    fn with_nothing_to_highlight_the_window_is_the_start() {
        let text = "word ".repeat(100);
        let s = snippet(&text, &[]);
        assert_eq!(s.pieces.len(), 2);
        assert_eq!(s.pieces[0].0.chars().count(), WINDOW);
        assert_eq!(s.pieces[1], ("…".to_string(), false));
        let short = snippet("Fury.", &[]);
        assert_eq!(short.pieces, vec![("Fury.".to_string(), false)]);
        // A window that ends exactly where the text does needs no ellipsis.
        let exact = "x".repeat(WINDOW);
        assert_eq!(snippet(&exact, &[]).plain(), exact);
    }

    #[test]
    fn the_text_is_kept_verbatim() {
        let s = snippet("<script>alert(1)</script> fury & \"x\"", &w(&["fury"]));
        assert_eq!(s.plain(), "<script>alert(1)</script> fury & \"x\"");
        assert_eq!(s.marked().collect::<Vec<_>>(), ["fury"]);
    }

    #[test]
    fn long_text_is_windowed_around_the_first_match() {
        let text = format!("{} needle {}", "word ".repeat(100), "tail ".repeat(100));
        let s = snippet(&text, &w(&["needle"]));
        let plain = s.plain();
        assert!(plain.starts_with('…') && plain.ends_with('…'));
        assert_eq!(s.pieces.first().map(|p| p.0.as_str()), Some("…"));
        assert_eq!(s.pieces.last().map(|p| p.0.as_str()), Some("…"));
        assert_eq!(s.pieces.len(), 5, "…, text, needle, text, …");
        assert_eq!(s.marked().collect::<Vec<_>>(), ["needle"]);
        assert!(plain.chars().count() <= WINDOW + 2);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The two-pass snippet is the one the single pass made, piece for piece, on texts
        /// of any length (around the window and the 60 characters before a match), with
        /// accents, punctuation and matches anywhere.
        #[test]
        fn the_two_passes_make_the_same_snippet_as_before(
            words in proptest::collection::vec(
                proptest::sample::select(vec![
                    "heal", "Heals", "deal", "healer", "Æmber", "aember", "éclair", "x", "",
                    "creature", "craeture", "the", "of", "Undead", "5.1.2", "—", "«word»",
                ]),
                0..120,
            ),
            seps in proptest::collection::vec(
                proptest::sample::select(vec![" ", ", ", ". ", "; ", " – ", "\n", "'"]),
                120,
            ),
            query in proptest::collection::vec(
                proptest::sample::select(vec!["heal", "aember", "creature", "eclair", "he", "zzz"]),
                0..3,
            ),
        ) {
            let text: String = words
                .iter()
                .zip(&seps)
                .flat_map(|(w, s)| [*w, *s])
                .collect();
            let query: Vec<String> = query.iter().map(|q| q.to_string()).collect();
            proptest::prop_assert_eq!(snippet(&text, &query), reference(&text, &query));
        }

        /// The fast path (letter sets, then the bounded table) decides as the full
        /// optimal-string-alignment distance does, on words of a small alphabet (so that
        /// most pairs are near each other) and any case.
        #[test]
        fn the_fast_match_agrees_with_the_full_distance(
            w in "[a-fA-F0-9]{0,11}",
            q in "[a-f0-9]{1,10}",
        ) {
            let lower = w.to_lowercase();
            let (wn, qn) = (lower.len(), q.len());
            let d = typo_distance(qn);
            let full = lower == q
                || (qn >= 3 && lower.starts_with(&q))
                || (d > 0 && wn.abs_diff(qn) <= d && strsim::osa_distance(&lower, &q) <= d);
            proptest::prop_assert_eq!(matches(&w, std::slice::from_ref(&q)), full, "{} {}", w, q);
        }
    }
}
