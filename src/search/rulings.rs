//! Rulings in search: a small in-memory Tantivy index over the rulings the server shows
//! now (the catalogue's and the judges'), rebuilt when that set is replaced, searched
//! with the same compiled query as the catalogue's index and merged into its results.
//!
//! The catalogue's index on disk is left as it is (its build, its documents, its speed):
//! a judge's ruling is searchable from the first search after it is published, without
//! rebuilding anything but this index of a few hundred documents. A ruling's document has
//! the catalogue schema's fields: `kind` `ruling`, its `game`, its question and answer as
//! `text`, its keywords (folded) as `keyword` and its rule sections as `section`.
//!
//! This file owns that index ([`RulingIndex`]), its cache ([`RulingCache`]) and how a
//! ruling's score is placed among the catalogue's ([`RULING_WEIGHT`], [`ruling_score`]).

use super::schema::{self, Fields};
use crate::rulings::{Ruling, RulingSet};
use crate::text::fold;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tantivy::collector::TopDocs;
use tantivy::query::Query;
use tantivy::{Index, IndexReader, ReloadPolicy, Score, TantivyDocument};

/// A ruling's BM25 score is weighed by this before it is placed among the catalogue's
/// hits: a ruling's question and answer are longer than a keyword's name, and a player
/// who names a keyword wants the keyword first.
pub const RULING_WEIGHT: Score = 0.5;

/// The index of one set of rulings.
pub struct RulingIndex {
    set: Arc<RulingSet>,
    reader: IndexReader,
}

/// The index of the set last searched, rebuilt when the set is another
/// ([`RulingSet::serial`]).
#[derive(Default)]
pub struct RulingCache(Mutex<Option<Arc<RulingIndex>>>);

impl RulingCache {
    /// The index of `set`: the cached one, or one built now.
    pub fn index(
        &self,
        fields: &Fields,
        set: &Arc<RulingSet>,
    ) -> tantivy::Result<Arc<RulingIndex>> {
        let mut cached = match self.0.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(index) = cached.as_ref().filter(|i| i.set.serial() == set.serial()) {
            return Ok(index.clone());
        }
        let built = Arc::new(RulingIndex::build(fields, set.clone())?);
        *cached = Some(built.clone());
        Ok(built)
    }
}

impl RulingIndex {
    /// Indexes every ruling of `set` in memory, with the catalogue index's schema.
    pub fn build(fields: &Fields, set: Arc<RulingSet>) -> tantivy::Result<RulingIndex> {
        let index = Index::create_in_ram(fields.schema.clone());
        schema::register_analyzers(&index);
        // Tantivy's smallest writer budget; a few hundred rulings take far less.
        let mut writer: tantivy::IndexWriter = index.writer_with_num_threads(1, 15_000_000)?;
        for (i, r) in set.all().iter().enumerate() {
            writer.add_document(document(fields, i as u64, r))?;
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(RulingIndex { set, reader })
    }

    /// Every ruling `query` matches: (BM25 score, its number in [`RulingSet::all`]),
    /// best first.
    pub fn matches(&self, query: &dyn Query) -> tantivy::Result<Vec<(Score, usize)>> {
        let searcher = self.reader.searcher();
        let all = self.set.all().len();
        if all == 0 {
            return Ok(Vec::new());
        }
        let top = searcher.search(query, &TopDocs::with_limit(all).order_by_score())?;
        // Each segment's id column opened once, not once a match.
        let columns = searcher
            .segment_readers()
            .iter()
            .map(schema::ids)
            .collect::<tantivy::Result<Vec<_>>>()?;
        Ok(top
            .into_iter()
            .filter_map(|(score, addr)| {
                let id = columns.get(addr.segment_ord as usize)?.first(addr.doc_id)?;
                Some((score, id as usize))
            })
            .collect())
    }
}

/// A ruling's document.
fn document(fields: &Fields, id: u64, r: &Ruling) -> TantivyDocument {
    let mut doc = TantivyDocument::default();
    doc.add_u64(fields.id, id);
    doc.add_text(fields.kind, schema::EntryKind::Ruling.as_str());
    doc.add_text(fields.game, &r.game);
    doc.add_text(fields.text, &r.question);
    doc.add_text(fields.text, &r.answer);
    for k in &r.keywords {
        doc.add_text(fields.keyword, fold(k));
    }
    for section in &r.rules {
        fields.sections(&mut doc, section);
    }
    doc
}

/// A ruling's place among the catalogue's hits: its score weighed by [`RULING_WEIGHT`],
/// and never above the score of a keyword it is about (`keywords`: the catalogue's
/// keyword hits by (game, folded name)), so that it ranks below that keyword.
pub fn ruling_score(raw: Score, r: &Ruling, keywords: &HashMap<(&str, String), Score>) -> Score {
    r.keywords
        .iter()
        .filter_map(|k| keywords.get(&(r.game.as_str(), fold(k))))
        .fold(raw * RULING_WEIGHT, |s, &k| s.min(k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::Tier;

    fn ruling(game: &str, keywords: &[&str]) -> Ruling {
        Ruling {
            id: "r".into(),
            game: game.into(),
            question: "q".into(),
            answer: "a".into(),
            keywords: keywords.iter().map(|k| k.to_string()).collect(),
            cards: vec![],
            rules: vec![],
            position: "{}".into(),
            hash: "0".into(),
            step: 0,
            tier: Tier::Seed,
            source: "s".into(),
            published: "2026-01-01".into(),
            supersedes: None,
        }
    }

    #[test]
    fn a_ruling_never_scores_above_a_keyword_hit_it_is_about() {
        let keywords = HashMap::from([(("battleline", "armor".to_string()), 3.0)]);
        let about = ruling("battleline", &["Armor"]);
        assert_eq!(ruling_score(100.0, &about, &keywords), 3.0, "capped");
        assert_eq!(ruling_score(2.0, &about, &keywords), 2.0 * RULING_WEIGHT);
        let other_game = ruling("swtcg", &["Armor"]);
        assert_eq!(
            ruling_score(100.0, &other_game, &keywords),
            100.0 * RULING_WEIGHT,
            "another game's keyword is not its own"
        );
    }
}
