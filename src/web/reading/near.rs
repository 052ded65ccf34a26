//! The catalogue names near a query's words: the closest keyword or card name a plain
//! search that found nothing is retried with (`break through` → Breakthrough,
//! [`Reader::correction`]), and the nearest names a search that still finds nothing
//! offers ([`Reader::near_names`], as [`NearName`]s).
//!
//! Names are compared folded, by Jaro-Winkler similarity ([`similarity`]). How a query is
//! read as words is `query`'s; deciding when to correct or suggest is the parent module's.

use super::query::{bare, FILLER};
use crate::catalogue::{ArcStr, CardMode, Catalogue};
use crate::text::fold;
use crate::web::links;
use serde::Serialize;

/// Names at least this similar (Jaro-Winkler on folded names) replace a query that found
/// nothing.
pub(super) const CORRECTION_SIMILARITY: f64 = 0.88;
/// Names at least this similar are offered as "did you mean".
const SUGGESTION_SIMILARITY: f64 = 0.75;
/// Queries longer than this (characters) get no name suggestions: nothing is that close.
pub(super) const MAX_SUGGEST_CHARS: usize = 80;

/// Jaro-Winkler similarity of two folded texts, also compared without their spaces (so
/// `break through` is as close to `breakthrough` as it looks).
fn similarity(a: &str, b: &str) -> f64 {
    let plain = strsim::jaro_winkler(a, b);
    if a.contains(' ') || b.contains(' ') {
        let squeeze = |s: &str| s.replace(' ', "");
        plain.max(strsim::jaro_winkler(&squeeze(a), &squeeze(b)))
    } else {
        plain
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

/// The catalogue's keyword and card names, for corrections and suggestions; the names
/// are folded once per reader, on first use (only a search that found nothing needs them).
pub struct Reader<'c> {
    cat: &'c Catalogue,
    /// Owned names (shared strings), since cards may be read from the file.
    folded: std::cell::OnceCell<Vec<(String, ArcStr)>>,
}

impl<'c> Reader<'c> {
    pub fn new(cat: &'c Catalogue) -> Reader<'c> {
        Reader {
            cat,
            folded: std::cell::OnceCell::new(),
        }
    }

    /// [`Reader::names`], each with its folded form.
    fn all(&self) -> &[(String, ArcStr)] {
        self.folded
            .get_or_init(|| self.names().map(|n| (fold(&n), n)).collect())
    }

    /// [`nearest`] over [`Reader::names`]. With the cards in memory, the folded names are
    /// made once per reader; with the cards in the file (which may not fit in memory),
    /// each call walks them and keeps only the names close enough.
    fn nearest(&self, wanted: &str, limit: usize, min: f64) -> Vec<(f64, String)> {
        let owned = |v: Vec<(f64, &str)>| v.into_iter().map(|(s, n)| (s, n.to_string())).collect();
        if self.cat.cards().mode() == CardMode::Memory {
            return owned(nearest(wanted, self.all(), limit, min));
        }
        let key = fold(wanted);
        let close: Vec<(String, ArcStr)> = self
            .names()
            .map(|n| (fold(&n), n))
            .filter(|(folded, _)| similarity(&key, folded) >= min)
            .collect();
        owned(nearest(wanted, &close, limit, min))
    }

    /// Every keyword name and alias, then every card name.
    fn names(&self) -> impl Iterator<Item = ArcStr> + 'c {
        let cat = self.cat;
        cat.data()
            .keywords
            .iter()
            .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases))
            .map(|n| ArcStr::from(n.as_str()))
            .chain(cat.cards().iter().map(|c| c.name.clone()))
    }

    /// The name a plain query that found nothing most likely meant (`break through` →
    /// `Breakthrough`), when one is close enough to search for instead.
    pub fn correction(&self, text: &str) -> Option<String> {
        if text.chars().count() > MAX_SUGGEST_CHARS {
            return None;
        }
        let wanted = fold(text);
        self.nearest(text, 1, CORRECTION_SIMILARITY)
            .into_iter()
            .map(|(_, n)| n)
            .find(|n| fold(n) != wanted)
    }

    /// The keywords and cards whose names are nearest to `text` or to one of its words
    /// (at most `limit`, keywords first, each once per game).
    pub fn near_names(&self, text: &str, limit: usize) -> Vec<NearName> {
        if text.chars().count() > MAX_SUGGEST_CHARS || text.trim().is_empty() {
            return Vec::new();
        }
        let mut wanted = vec![text.to_string()];
        for w in text.split_whitespace().map(bare) {
            if w.chars().count() >= 4 && !FILLER.contains(&fold(w).as_str()) {
                wanted.push(w.to_string());
            }
        }
        wanted.dedup();
        wanted.truncate(5);
        let mut names: Vec<(f64, String)> = Vec::new();
        for w in &wanted {
            names.extend(self.nearest(w, limit, SUGGESTION_SIMILARITY));
        }
        names.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut out: Vec<NearName> = Vec::new();
        for (_, name) in names {
            for found in self.named(&name) {
                if out.len() < limit && !out.iter().any(|o| o.url == found.url) {
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
        let game_name = |slug: &str| cat.game(slug).map(|g| g.name.clone()).unwrap_or_default();
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
        let cards = cat
            .cards()
            .iter()
            .filter(|c| fold(&c.name) == key)
            .map(|c| NearName {
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

    #[test]
    fn similarity_ignores_spaces() {
        assert!(similarity("break through", "breakthrough") > 0.95);
        assert!(similarity("zzzz", "breakthrough") < SUGGESTION_SIMILARITY);
    }
}
