//! Text folding shared by every lookup: how two spellings of a name are found equal.
//!
//! Names are compared after [`fold`]: lowercase, curly quotes and apostrophes made
//! straight, non-ASCII dashes made `-`, runs of white space made one space. The stored
//! text is never folded; only keys are. Closest-name suggestions ("did you mean") live
//! here too, so the importer, the deck validator and the engine suggest alike.
//!
//! [`escape_controls`] is here too: the one escaping of control characters used wherever
//! text from an input reaches a terminal or a log (the request log, the command line's
//! output), so a decklist or a URL can neither colour a terminal nor forge a line.

/// Whether `s` (trimmed) is plain ASCII with single spaces, which folding only
/// lowercases.
fn is_plain(s: &str) -> bool {
    let mut space = false;
    s.bytes().all(|b| {
        let ok = b.is_ascii_graphic() || (b == b' ' && !space);
        space = b == b' ';
        ok
    })
}

/// The lookup key of a name.
pub fn fold(s: &str) -> String {
    let s = s.trim();
    // Fast path: plain ASCII with single spaces only needs lowercasing.
    if is_plain(s) {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.trim().chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '`' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201F}' | '\u{2033}' => '"',
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !space {
                out.push(' ');
            }
            space = true;
            continue;
        }
        space = false;
        out.extend(c.to_lowercase());
    }
    out
}

/// Folds `s` into `out` (emptied first) as [`fold`] does, without allocating when `s` is
/// plain ASCII and `out` has room: for walks over every name of a catalogue.
pub fn fold_into(s: &str, out: &mut String) {
    out.clear();
    let t = s.trim();
    if is_plain(t) {
        out.push_str(t);
        out.make_ascii_lowercase();
    } else {
        out.push_str(&fold(t));
    }
}

/// The longest words [`jaro_winkler`] compares on the stack.
const JARO_STACK: usize = 64;

/// Jaro-Winkler similarity, computed as `strsim::jaro_winkler` computes it (the same steps
/// and the same floating-point operations, so the same value), without allocating when
/// both texts are ASCII of at most 64 bytes: a "did you mean" compares the query with
/// every name of the catalogue.
pub fn jaro_winkler(a: &str, b: &str) -> f64 {
    if !(a.is_ascii() && b.is_ascii() && a.len() <= JARO_STACK && b.len() <= JARO_STACK) {
        return strsim::jaro_winkler(a, b);
    }
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let sim = jaro_ascii(a, b);
    if sim > 0.7 {
        let prefix = a.iter().take(4).zip(b).take_while(|(x, y)| x == y).count();
        sim + 0.1 * prefix as f64 * (1.0 - sim)
    } else {
        sim
    }
}

/// `strsim::generic_jaro` over bytes, for at most [`JARO_STACK`] of each.
fn jaro_ascii(a: &[u8], b: &[u8]) -> f64 {
    let (la, lb) = (a.len(), b.len());
    if la == 0 && lb == 0 {
        return 1.0;
    } else if la == 0 || lb == 0 {
        return 0.0;
    }
    let range = (la.max(lb) / 2).saturating_sub(1);
    let mut a_flags = [false; JARO_STACK];
    let mut b_flags = [false; JARO_STACK];
    let mut matches = 0usize;
    for (i, &x) in a.iter().enumerate() {
        let lo = i.saturating_sub(range);
        let hi = lb.min(i + range + 1);
        for j in lo..hi {
            if x == b[j] && !b_flags[j] {
                a_flags[i] = true;
                b_flags[j] = true;
                matches += 1;
                break;
            }
        }
    }
    if matches == 0 {
        return 0.0;
    }
    let mut transpositions = 0usize;
    let mut k = 0;
    for (i, &x) in a.iter().enumerate() {
        if a_flags[i] {
            while k < lb && !b_flags[k] {
                k += 1;
            }
            if k < lb && x != b[k] {
                transpositions += 1;
            }
            k += 1;
        }
    }
    transpositions /= 2;
    ((matches as f64 / la as f64)
        + (matches as f64 / lb as f64)
        + ((matches - transpositions) as f64 / matches as f64))
        / 3.0
}

/// Whether `a` and `b` fold to the same key ([`fold`]), without allocating when both
/// are plain ASCII (the engine asks this on its hot path).
pub fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    if a.eq_ignore_ascii_case(b) {
        // Equal but for ASCII case: folding keeps them equal.
        return true;
    }
    if is_plain(a) && is_plain(b) {
        return false;
    }
    fold(a) == fold(b)
}

/// The candidates closest to `wanted` (by folded Jaro-Winkler similarity), best first,
/// at most `limit`, and only those similar enough to be worth suggesting.
pub fn closest<'a, I>(wanted: &str, candidates: I, limit: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let key = fold(wanted);
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (jaro_winkler(&key, &fold(c)), c))
        .filter(|(score, _)| *score >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(limit).map(|(_, c)| c).collect()
}

/// `text` with every control character (C0, DEL, C1), every Unicode direction override and
/// the backslash written as an escape (`\n`, `\u{1b}`, `\\`), so it stays one inert line.
/// Text without any is borrowed unchanged.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    fn needs(c: char) -> bool {
        c.is_control() || c == '\\' || is_bidi(c)
    }
    if !text.chars().any(needs) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\\' => out.push_str("\\\\"),
            c if needs(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// [`escape_controls`] line by line: the line breaks of `text` stay line breaks (for a
/// message of several lines, such as a diagnostic and its hint); everything else is escaped.
pub fn escape_controls_by_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\n') {
        return escape_controls(text);
    }
    let lines: Vec<std::borrow::Cow<'_, str>> = text.split('\n').map(escape_controls).collect();
    if lines
        .iter()
        .all(|l| matches!(l, std::borrow::Cow::Borrowed(_)))
    {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(lines.join("\n"))
}

/// The Unicode characters that reorder the text displayed around them.
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `92170` as `92,170`: a count or a limit in a message.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The same value as strsim's, bit for bit, on ASCII (the stack path: short words
        /// of a small alphabet, so most pairs share letters) and on anything else (strsim's
        /// own path), and folding into a buffer is folding.
        #[test]
        fn jaro_winkler_is_strsims(
            a in "[a-e ]{0,12}",
            b in "[a-e ]{0,12}",
            c in "\\PC{0,70}",
            d in "[a-z]{60,70}",
        ) {
            for (x, y) in [(&a, &b), (&a, &c), (&c, &b), (&d, &a), (&d, &d)] {
                proptest::prop_assert_eq!(
                    jaro_winkler(x, y).to_bits(),
                    strsim::jaro_winkler(x, y).to_bits(),
                    "{:?} {:?}", x, y
                );
            }
            let mut out = String::from("left over");
            for x in [&a, &c, &d] {
                fold_into(x, &mut out);
                proptest::prop_assert_eq!(&out, &fold(x));
            }
        }
    }

    #[test]
    fn same_name_agrees_with_fold() {
        for (a, b) in [
            ("The Omega Rabbit", " the omega rabbit "),
            ("The  Omega Rabbit", "the omega rabbit"),
            ("Warrior\u{2019}s Oath", "warrior's oath"),
            ("Omega Rabbit", "The Omega Rabbit"),
            ("Æther", "æther"),
            ("a\tb", "a b"),
            ("", " "),
        ] {
            assert_eq!(same_name(a, b), fold(a) == fold(b), "{a:?} vs {b:?}");
        }
        assert!(same_name("The  Omega\tRabbit", "the omega rabbit"));
        assert!(!same_name("The Omega Rabbits", "the omega rabbit"));
    }

    #[test]
    fn fold_makes_spellings_equal() {
        assert_eq!(fold("Rider’s Might"), fold("rider's  MIGHT"));
        assert_eq!(fold("  Æmber "), "æmber");
        assert_eq!(fold("a\u{2013}b"), "a-b");
    }

    #[test]
    fn closest_suggests_typos_not_noise() {
        let names = ["Armor", "Ambush", "Fury", "Breakthrough"];
        assert_eq!(closest("Armour", names, 1), vec!["Armor"]);
        assert_eq!(closest("brekthrough", names, 1), vec!["Breakthrough"]);
        assert!(closest("zzzzzz", names, 3).is_empty());
    }

    #[test]
    fn escaping_by_line_keeps_the_line_breaks_only() {
        assert_eq!(
            escape_controls_by_line("a.txt:1:1: \u{1b}]0;title\u{7}\n  hint: x\0"),
            "a.txt:1:1: \\u{1b}]0;title\\u{7}\n  hint: x\\u{0}"
        );
        assert!(matches!(
            escape_controls_by_line("plain\ntwo"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
