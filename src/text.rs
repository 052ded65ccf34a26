//! Text folding shared by every lookup: how two spellings of a name are found equal.
//!
//! Names are compared after [`fold`]: lowercase, curly quotes and apostrophes made
//! straight, non-ASCII dashes made `-`, runs of white space made one space. The stored
//! text is never folded; only keys are. Closest-name suggestions ("did you mean") live
//! here too, so the importer, the deck validator and the engine suggest alike.

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
        .map(|c| (strsim::jaro_winkler(&key, &fold(c)), c))
        .filter(|(score, _)| *score >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(limit).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
