//! The catalogue names near a query's words: the closest keyword or card name a plain
//! search that found nothing is retried with (`break through` → Breakthrough,
//! [`Reader::correction`]), the nearest names a search that still finds nothing
//! offers ([`Reader::near_names`], as [`NearName`]s), and the names a plain query of
//! several names is made of (`parry evade`, [`Reader::names_in`]).
//!
//! Names are compared folded, by Jaro-Winkler similarity ([`similarity`]). How a query is
//! read as words is `query`'s; deciding when to correct or suggest is the parent module's.

use super::query::{bare, FILLER};
use crate::catalogue::{ArcStr, Catalogue};
use crate::text::{fold, fold_into, jaro_winkler};
use crate::web::links;
use serde::Serialize;

/// Names at least this similar (Jaro-Winkler on folded names) replace a query that found
/// nothing.
pub(super) const CORRECTION_SIMILARITY: f64 = 0.88;
/// Names at least this similar are offered as "did you mean".
const SUGGESTION_SIMILARITY: f64 = 0.75;
/// Queries longer than this (characters) get no name suggestions: nothing is that close.
pub(super) const MAX_SUGGEST_CHARS: usize = 80;
/// The most words of one name [`Reader::names_in`] looks for.
const MAX_NAME_WORDS: usize = 4;
/// The most words of a query [`Reader::names_in`] splits into names.
const MAX_NAMES_WORDS: usize = 8;

/// Jaro-Winkler similarity of two folded texts, also compared without their spaces (so
/// `break through` is as close to `breakthrough` as it looks).
fn similarity(a: &str, b: &str) -> f64 {
    let plain = jaro_winkler(a, b);
    if !(a.contains(' ') || b.contains(' ')) {
        return plain;
    }
    // Without spaces: on the stack for ASCII (every name is compared so, when the query
    // has a space), else in new strings.
    let (mut sa, mut sb) = ([0u8; 64], [0u8; 64]);
    let on_stack = |s: &str, buf: &mut [u8; 64]| -> Option<usize> {
        if !s.is_ascii() || s.len() > buf.len() {
            return None;
        }
        let mut n = 0;
        for b in s.bytes().filter(|&b| b != b' ') {
            buf[n] = b;
            n += 1;
        }
        Some(n)
    };
    let stacked = match (on_stack(a, &mut sa), on_stack(b, &mut sb)) {
        (Some(na), Some(nb)) => std::str::from_utf8(&sa[..na])
            .ok()
            .zip(std::str::from_utf8(&sb[..nb]).ok()),
        _ => None,
    };
    let squeezed = match stacked {
        Some((x, y)) => jaro_winkler(x, y),
        None => jaro_winkler(&a.replace(' ', ""), &b.replace(' ', "")),
    };
    plain.max(squeezed)
}

/// A folded query text, with what [`Wanted::may_reach`] needs of it.
struct Wanted {
    key: String,
    /// Its distinct bytes (ASCII, at most [`SLOTS`]): each byte's slot (`NO_SLOT` for a
    /// byte it lacks) and each slot's count; `None` when the key is not ASCII or has more
    /// distinct bytes (then every name is compared in full).
    slots: Option<([u8; 128], Vec<u8>)>,
    /// Spaces in the key.
    spaces: usize,
}

/// The most distinct bytes a key is bounded with.
const SLOTS: usize = 32;
const NO_SLOT: u8 = u8::MAX;

/// An upper bound of Jaro-Winkler for texts of `la` and `lb` characters sharing `common`:
/// Jaro's matching characters are at most those shared, its transposition term at most 1,
/// and Winkler's prefix adds at most 0.4 of what Jaro leaves.
fn jaro_winkler_at_most(common: usize, la: usize, lb: usize) -> f64 {
    if la == 0 || lb == 0 {
        return 1.0; // not bounded here: compared in full
    }
    let m = common.min(la).min(lb);
    if m == 0 {
        return 0.0;
    }
    let jaro = (m as f64 / la as f64 + m as f64 / lb as f64 + 1.0) / 3.0;
    0.6 * jaro + 0.4
}

impl Wanted {
    fn new(text: &str) -> Wanted {
        let key = fold(text);
        let mut slot_of = [NO_SLOT; 128];
        let mut counts: Vec<u8> = Vec::new();
        let mut ok = key.is_ascii() && key.len() <= 255;
        for b in key.bytes().filter(|_| ok) {
            let slot = &mut slot_of[usize::from(b & 127)];
            if *slot == NO_SLOT {
                if counts.len() == SLOTS {
                    ok = false;
                    break;
                }
                *slot = counts.len() as u8;
                counts.push(0);
            }
            counts[usize::from(*slot)] += 1;
        }
        let spaces = key.bytes().filter(|&b| b == b' ').count();
        Wanted {
            key,
            slots: ok.then_some((slot_of, counts)),
            spaces,
        }
    }

    /// Whether the folded `name` may be `min` similar: false only when no alignment of
    /// their letters could make it so (then [`similarity`] is below `min`, and the name is
    /// passed over without the full comparison, which was nearly all of a search that
    /// found nothing: 0.1–0.4 s at 100,000 cards).
    fn may_reach(&self, name: &str, min: f64) -> bool {
        let Some((slot_of, counts)) = &self.slots else {
            return true;
        };
        if !name.is_ascii() {
            return true;
        }
        // How many of each of the key's bytes the name holds, and its spaces.
        let mut held = [0u8; SLOTS];
        let mut name_spaces = 0usize;
        for b in name.bytes() {
            name_spaces += usize::from(b == b' ');
            let slot = slot_of[usize::from(b & 127)];
            if let Some(n) = held.get_mut(usize::from(slot)) {
                *n = n.saturating_add(1);
            }
        }
        // The characters the two share (as multisets), and of those, spaces.
        let common: usize = counts
            .iter()
            .zip(&held)
            .map(|(&k, &n)| usize::from(k.min(n)))
            .sum();
        let key_spaces = self.spaces;
        let common_spaces = key_spaces.min(name_spaces);
        let (la, lb) = (self.key.len(), name.len());
        let mut bound = jaro_winkler_at_most(common, la, lb);
        if key_spaces > 0 || name_spaces > 0 {
            let squeezed =
                jaro_winkler_at_most(common - common_spaces, la - key_spaces, lb - name_spaces);
            bound = bound.max(squeezed);
        }
        // A margin for rounding: never pass over a name the full comparison would keep.
        bound + 1e-9 >= min
    }
}

/// The candidates (each folded, and as written) at least `min` similar to `wanted`,
/// best first, without repeats, at most `limit`, each with its score.
pub(super) fn nearest<'b, S: AsRef<str> + 'b>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'b (String, S)>,
    limit: usize,
    min: f64,
) -> Vec<(f64, &'b str)> {
    let key = fold(wanted);
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|(folded, c)| (similarity(&key, folded), c.as_ref()))
        .filter(|(s, _)| *s >= min)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut seen = std::collections::HashSet::new();
    scored.retain(|(_, c)| seen.insert(fold(c)));
    scored.truncate(limit);
    scored
}

/// `names`, each with its folded form.
pub(super) fn folded<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(String, &'a str)> {
    names.into_iter().map(|n| (fold(n), n)).collect()
}

/// A keyword or card the page offers when a search found nothing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NearName {
    pub name: String,
    /// `keyword` or `card` (or `rule`).
    pub kind: &'static str,
    pub game: String,
    pub game_name: String,
    pub url: String,
    /// `name` (its name is close to the words: "did you mean") or `text` (its text has
    /// one of the words).
    pub matched_by: &'static str,
}

impl NearName {
    /// Offered for its name ("did you mean"), not its text.
    pub fn by_name(&self) -> bool {
        self.matched_by == "name"
    }
}

/// The catalogue's keyword and card names, for corrections and suggestions. The names are
/// walked once per reader and text (folding each into one buffer), whether the cards are
/// in memory or in the file, keeping only those close enough to a word of the text; the
/// correction and the suggestions both read what that walk kept.
pub struct Reader<'c> {
    cat: &'c Catalogue,
    /// The text last walked for, and per word of it ([`wanted_words`]), the names at least
    /// [`SUGGESTION_SIMILARITY`] similar (folded, and as written).
    close: std::cell::OnceCell<(String, CloseNames)>,
}

/// Per word, the names close to it: (word, [(folded name, name)]).
type CloseNames = Vec<(String, Vec<(String, ArcStr)>)>;

/// The words names are looked for near: the text itself, then its words of 4 letters or
/// more that are not filler, at most 5 in all.
fn wanted_words(text: &str) -> Vec<String> {
    let mut wanted = vec![text.to_string()];
    for w in text.split_whitespace().map(bare) {
        if w.chars().count() >= 4 && !FILLER.contains(&fold(w).as_str()) {
            wanted.push(w.to_string());
        }
    }
    wanted.dedup();
    wanted.truncate(5);
    wanted
}

impl<'c> Reader<'c> {
    pub fn new(cat: &'c Catalogue) -> Reader<'c> {
        Reader {
            cat,
            close: std::cell::OnceCell::new(),
        }
    }

    /// Calls `f` with the names close to each word of `text` ([`Reader::close`]): walked
    /// for the first text asked, kept for it; another text is walked again.
    fn with_close<R>(&self, text: &str, f: impl FnOnce(&CloseNames) -> R) -> R {
        match self.close.get() {
            Some((walked, close)) if walked == text => f(close),
            Some(_) => f(&self.walk(text)),
            None => f(&self
                .close
                .get_or_init(|| (text.to_string(), self.walk(text)))
                .1),
        }
    }

    /// One walk over every keyword name and alias and every card name, for every word of
    /// `text`.
    fn walk(&self, text: &str) -> CloseNames {
        let words = wanted_words(text);
        let keys: Vec<Wanted> = words.iter().map(|w| Wanted::new(w)).collect();
        let mut close: Vec<Vec<(String, ArcStr)>> = vec![Vec::new(); keys.len()];
        let mut folded = String::new();
        let min = SUGGESTION_SIMILARITY;
        let mut visit = |name: &str| {
            fold_into(name, &mut folded);
            for (k, kept) in keys.iter().zip(&mut close) {
                if k.may_reach(&folded, min) && similarity(&k.key, &folded) >= min {
                    kept.push((folded.clone(), ArcStr::from(name)));
                }
            }
        };
        // Every keyword name and alias, then every card name.
        let cat = self.cat;
        for k in &cat.data().keywords {
            std::iter::once(&k.name)
                .chain(&k.aliases)
                .for_each(|n| visit(n));
        }
        cat.cards().each_name(&mut visit);
        words.into_iter().zip(close).collect()
    }

    /// The name a plain query that found nothing most likely meant (`break through` →
    /// `Breakthrough`), when one is close enough to search for instead.
    pub fn correction(&self, text: &str) -> Option<String> {
        if text.chars().count() > MAX_SUGGEST_CHARS {
            return None;
        }
        let wanted = fold(text);
        // The text is the walk's first word; its names at least 0.75 similar hold those
        // at least 0.88 similar.
        self.with_close(text, |close| {
            let (_, kept) = close.first()?;
            nearest(text, kept, 1, CORRECTION_SIMILARITY)
                .into_iter()
                .map(|(_, n)| n.to_string())
                .find(|n| fold(n) != wanted)
        })
    }

    /// The names `words` are, in order, when they are two or more keyword or card names
    /// (each of one to [`MAX_NAME_WORDS`] words) and nothing else, and not one name
    /// together: `parry evade` is Parry and Evade, `critical hit evade` Critical Hit and
    /// Evade; `first strike` (one name) and `fury damage` (not a name) are not.
    pub fn names_in(&self, words: &[String]) -> Option<Vec<String>> {
        if words.len() < 2 || words.len() > MAX_NAMES_WORDS || self.is_name(&words.join(" ")) {
            return None;
        }
        // ends[i]: the start of the last name of a split of words[..i] into names.
        let mut ends: Vec<Option<usize>> = vec![None; words.len() + 1];
        ends[0] = Some(0);
        for end in 1..=words.len() {
            ends[end] = (end.saturating_sub(MAX_NAME_WORDS)..end)
                .rev()
                .find(|&start| ends[start].is_some() && self.is_name(&words[start..end].join(" ")));
        }
        let mut names = Vec::new();
        let mut end = words.len();
        while end > 0 {
            let start = ends[end]?;
            names.push(words[start..end].join(" "));
            end = start;
        }
        names.reverse();
        Some(names)
    }

    /// Whether `text` is a keyword's name or alias or a card's name, in any game.
    fn is_name(&self, text: &str) -> bool {
        !self.cat.keywords_named(text).is_empty() || !self.cat.cards_named(text).is_empty()
    }

    /// The keywords and cards whose names are nearest to `text` or to one of its words
    /// (at most `limit` of those `admits`, keywords first, each once per game).
    pub fn near_names(
        &self,
        text: &str,
        limit: usize,
        admits: &dyn Fn(&NearName) -> bool,
    ) -> Vec<NearName> {
        if text.chars().count() > MAX_SUGGEST_CHARS || text.trim().is_empty() {
            return Vec::new();
        }
        let mut names: Vec<(f64, String)> = self.with_close(text, |close| {
            close
                .iter()
                .flat_map(|(word, kept)| nearest(word, kept, limit, SUGGESTION_SIMILARITY))
                .map(|(score, n)| (score, n.to_string()))
                .collect()
        });
        names.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut out: Vec<NearName> = Vec::new();
        for (_, name) in names {
            for found in self.named(&name) {
                if out.len() < limit && admits(&found) && !out.iter().any(|o| o.url == found.url) {
                    out.push(found);
                }
            }
        }
        out.sort_by_key(|n| n.kind != "keyword");
        out
    }

    /// The keywords (by name or alias) and cards called `name`, in every game.
    fn named(&self, name: &str) -> Vec<NearName> {
        let cat = self.cat;
        let game_name = |slug: &str| crate::web::search::game_name(cat, slug);
        let key = fold(name);
        let d = cat.data();
        let keywords = d
            .keywords
            .iter()
            .filter(|k| fold(&k.name) == key || k.aliases.iter().any(|a| fold(a) == key))
            .map(|k| NearName {
                name: k.name.clone(),
                kind: "keyword",
                game: k.game.clone(),
                game_name: game_name(&k.game),
                url: links::keyword(&k.game, &k.name),
                matched_by: "name",
            });
        let cards = cat.cards_named(name).into_iter().map(|c| NearName {
            name: c.name.to_string(),
            kind: "card",
            game: c.game.to_string(),
            game_name: game_name(&c.game),
            url: links::card(&c.game, &c.name),
            matched_by: "name",
        });
        keywords.chain(cards).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The letters bound never passes over a name the full comparison keeps: on texts
        /// of a small alphabet with spaces (so that most pairs are near), at both
        /// thresholds, and on the squeezed comparison.
        #[test]
        fn the_letters_bound_never_drops_a_near_name(
            q in "[a-f ]{1,14}",
            n in "[a-g ]{1,24}",
        ) {
            let (q, n) = (fold(&q), fold(&n));
            proptest::prop_assume!(!q.is_empty() && !n.is_empty());
            let wanted = Wanted::new(&q);
            for min in [SUGGESTION_SIMILARITY, CORRECTION_SIMILARITY, 0.5] {
                if !wanted.may_reach(&n, min) {
                    proptest::prop_assert!(similarity(&q, &n) < min, "{:?} {:?} {}", q, n, min);
                }
            }
        }
    }

    /// The bound does pass over most names of a catalogue for an unlike query.
    #[test]
    fn the_letters_bound_passes_over_unlike_names() {
        let wanted = Wanted::new("qqxxzzv");
        for n in ["heal payable 023065", "drift pilot korrin vale", "fury"] {
            assert!(!wanted.may_reach(n, SUGGESTION_SIMILARITY));
        }
        let wanted = Wanted::new("korin vael");
        let n = "drift pilot korrin vale";
        assert!(wanted.may_reach(n, SUGGESTION_SIMILARITY));
    }

    #[test]
    fn similarity_ignores_spaces() {
        assert!(similarity("break through", "breakthrough") > 0.95);
        assert!(similarity("zzzz", "breakthrough") < SUGGESTION_SIMILARITY);
    }
}
