//! Highlighted snippets, built from the query's words rather than from tantivy's snippet
//! generator, so typo-tolerant and prefix matches are highlighted too (tantivy's does not
//! highlight fuzzy matches). A word of the text is highlighted when its folded form equals
//! a query word, starts with one (3 letters or more), or is within the typo distance.
//! Output is escaped HTML with `<mark>` around matches; nothing else is markup.

use crate::text::fold;

/// The longest snippet, in characters, before an ellipsis.
const WINDOW: usize = 220;

fn matches(word: &str, query_words: &[String]) -> bool {
    let w = fold_ascii(&fold(word));
    let wn = w.chars().count();
    query_words.iter().any(|q| {
        let qn = q.chars().count();
        if w == *q || (qn >= 3 && w.starts_with(q.as_str())) {
            return true;
        }
        let d = match qn {
            0..=3 => return false,
            4..=7 => 1,
            _ => 2,
        };
        // Cheap rejection before the edit distance: lengths further apart than `d`.
        wn.abs_diff(qn) <= d && strsim::damerau_levenshtein(&w, q) <= d
    })
}

/// The index folds `Æ` to `ae` and accents away; do the same for comparison.
fn fold_ascii(s: &str) -> String {
    s.chars()
        .flat_map(|c| match c {
            'æ' => vec!['a', 'e'],
            'é' | 'è' | 'ê' | 'ë' => vec!['e'],
            'á' | 'à' | 'â' | 'ä' => vec!['a'],
            'ó' | 'ò' | 'ô' | 'ö' => vec!['o'],
            'í' | 'ì' | 'î' | 'ï' => vec!['i'],
            'ú' | 'ù' | 'û' | 'ü' => vec!['u'],
            c => vec![c],
        })
        .collect()
}

/// A snippet of `text` around the first highlighted word, as (escaped HTML, plain text).
pub fn snippet(text: &str, query_words: &[String]) -> (String, String) {
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
    let mut html = String::new();
    let mut plain = String::new();
    if from > 0 {
        html.push('…');
        plain.push('…');
    }
    for (i, (_, s, off)) in runs.iter().enumerate() {
        let len = s.chars().count();
        if off + len <= from || *off >= to {
            continue;
        }
        let a = from.saturating_sub(*off);
        let b = (to - off).min(len);
        let piece: String = s.chars().skip(a).take(b - a).collect();
        let escaped = html_escape::encode_text(&piece);
        let is_hit =
            runs[i].0 && first.is_some_and(|f| i == f || (i > f && matches(s, query_words)));
        if is_hit {
            html.push_str("<mark>");
            html.push_str(&escaped);
            html.push_str("</mark>");
        } else {
            html.push_str(&escaped);
        }
        plain.push_str(&piece);
    }
    if to < total {
        html.push('…');
        plain.push('…');
    }
    (html, plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(words: &[&str]) -> Vec<String> {
        words.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn highlights_exact_typo_and_prefix_matches() {
        let (html, _) = snippet(
            "A creature with Breakthrough attacks.",
            &w(&["brekthrough"]),
        );
        assert_eq!(html, "A creature with <mark>Breakthrough</mark> attacks.");
        let (html, _) = snippet("Gains Æmber now", &w(&["aember"]));
        assert!(html.contains("<mark>Æmber</mark>"), "{html}");
        let (html, _) = snippet("Creatures attack", &w(&["creat"]));
        assert!(html.contains("<mark>Creatures</mark>"), "{html}");
    }

    #[test]
    fn escapes_everything_else() {
        let (html, plain) = snippet("<script>alert(1)</script> fury & \"x\"", &w(&["fury"]));
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("<mark>fury</mark>"));
        assert!(plain.contains("<script>"));
    }

    #[test]
    fn long_text_is_windowed_around_the_first_match() {
        let text = format!("{} needle {}", "word ".repeat(100), "tail ".repeat(100));
        let (html, plain) = snippet(&text, &w(&["needle"]));
        assert!(html.starts_with('…') && html.ends_with('…'));
        assert!(html.contains("<mark>needle</mark>"));
        assert!(plain.chars().count() <= WINDOW + 2);
    }
}
