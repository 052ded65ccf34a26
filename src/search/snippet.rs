//! Highlighted snippets, built from the query's words rather than from tantivy's snippet
//! generator, so typo-tolerant and prefix matches are highlighted too (tantivy's does not
//! highlight fuzzy matches). A word of the text is highlighted when its folded form equals
//! a query word, starts with one (3 letters or more), or is within the typo distance.
//! Output is the snippet's text in pieces, each marked or not; `web` renders the marks
//! (as HTML `<mark>`), the CLI prints the plain text.

use crate::text::fold;

/// The longest snippet, in characters, before an ellipsis.
const WINDOW: usize = 220;

fn matches(word: &str, query_words: &[String]) -> bool {
    let folded = fold(word);
    let w = fold_ascii(&folded);
    let w = w.as_ref();
    let wn = w.chars().count();
    query_words.iter().any(|q| {
        let qn = q.chars().count();
        if w == q || (qn >= 3 && w.starts_with(q.as_str())) {
            return true;
        }
        let d = match qn {
            0..=3 => return false,
            4..=7 => 1,
            _ => 2,
        };
        // Cheap rejection before the edit distance: lengths further apart than `d`.
        wn.abs_diff(qn) <= d && strsim::damerau_levenshtein(w, q) <= d
    })
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
    /// (text, highlighted), in order.
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

/// A snippet of `text` around the first highlighted word.
pub fn snippet(text: &str, query_words: &[String]) -> Snippet {
    // Split into alternating runs of word and non-word characters, with char offsets.
    let mut runs: Vec<(bool, &str, usize)> = Vec::new();
    let mut start = 0;
    let mut chars_before = 0;
    let mut in_word = None;
    for (i, c) in text.char_indices() {
        let w = c.is_alphanumeric();
        if in_word != Some(w) {
            if let Some(prev) = in_word {
                let s = &text[start..i];
                runs.push((prev, s, chars_before));
                chars_before += s.chars().count();
            }
            start = i;
            in_word = Some(w);
        }
    }
    if let Some(prev) = in_word {
        runs.push((prev, &text[start..], chars_before));
    }
    // Find the first matching word; words after it are judged only inside the window.
    let first = runs
        .iter()
        .position(|(w, s, _)| *w && matches(s, query_words));
    let total: usize = text.chars().count();
    let from = match first {
        Some(i) => runs[i].2.saturating_sub(60),
        None => 0,
    };
    let to = (from + WINDOW).min(total);
    let mut pieces = Vec::new();
    if from > 0 {
        pieces.push(("…".to_string(), false));
    }
    for (i, (_, s, off)) in runs.iter().enumerate() {
        let len = s.chars().count();
        if off + len <= from || *off >= to {
            continue;
        }
        let a = from.saturating_sub(*off);
        let b = (to - off).min(len);
        let piece: String = s.chars().skip(a).take(b - a).collect();
        let is_hit =
            runs[i].0 && first.is_some_and(|f| i == f || (i > f && matches(s, query_words)));
        pieces.push((piece, is_hit));
    }
    if to < total {
        pieces.push(("…".to_string(), false));
    }
    Snippet { pieces }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                ("A".to_string(), false),
                (" ".to_string(), false),
                ("creature".to_string(), false),
                (" ".to_string(), false),
                ("with".to_string(), false),
                (" ".to_string(), false),
                ("Breakthrough".to_string(), true),
                (" ".to_string(), false),
                ("attacks".to_string(), false),
                (".".to_string(), false),
            ]
        );
        assert_eq!(marked("Gains Æmber now", &["aember"]), ["Æmber"]);
        assert_eq!(marked("Creatures attack", &["creat"]), ["Creatures"]);
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
        assert_eq!(s.marked().collect::<Vec<_>>(), ["needle"]);
        assert!(plain.chars().count() <= WINDOW + 2);
    }
}
