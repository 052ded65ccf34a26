//! The index schema: every field, how it is analysed, and how a catalogue entry becomes a
//! document. This is the one place that knows the index layout; the query compiler asks it
//! which field a query field maps to.
//!
//! Text fields use the `fold` analyser (words, lowercase, ASCII folding, so `Æmber` is
//! `aember` and `Rider’s` is `rider` `s`). Filter fields are untokenised and hold
//! `text::fold`ed values. Each numeric card attribute (and `value`) gets its own indexed
//! fast `f64` field, `n_<name>`; each text attribute a filter field, `a_<name>`.

use crate::catalogue::{Card, Catalogue, Keyword, Rule};
use crate::grammar::AbilityParse;
use crate::text::fold;
use std::collections::BTreeMap;
use tantivy::schema::{
    Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, FAST, STRING,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
};
use tantivy::{Index, TantivyDocument};

/// Name of the analyser of every text field.
pub const FOLD: &str = "fold";

/// The fast field holding each document's entry number (its index in [`entries`]).
const ID: &str = "id";

/// The entry numbers of the documents of one segment, by document id.
pub fn ids(segment: &tantivy::SegmentReader) -> tantivy::Result<tantivy::columnar::Column<u64>> {
    segment.fast_fields().u64(ID)
}

/// What kind of catalogue entry a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Card,
    Keyword,
    Rule,
    /// A ruling: not in the catalogue's index but in the rulings' own (`rulings.rs`).
    Ruling,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Card => "card",
            EntryKind::Keyword => "keyword",
            EntryKind::Rule => "rule",
            EntryKind::Ruling => "ruling",
        }
    }
}

/// A catalogue entry by position: `Card(i)` is `catalogue.cards().get(i)`; `Ruling(i)` is
/// the `i`th of the ruling set a search was run with (`SearchResults::rulings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    Card(usize),
    Keyword(usize),
    Rule(usize),
    Ruling(usize),
}

impl Entry {
    pub fn kind(self) -> EntryKind {
        match self {
            Entry::Card(_) => EntryKind::Card,
            Entry::Keyword(_) => EntryKind::Keyword,
            Entry::Rule(_) => EntryKind::Rule,
            Entry::Ruling(_) => EntryKind::Ruling,
        }
    }
}

/// Every entry of a catalogue in index order; a document's `id` is its position here (and
/// [`entry`] is the inverse).
pub fn entries(cat: &Catalogue) -> Vec<Entry> {
    let d = cat.data();
    (0..d.keywords.len())
        .map(Entry::Keyword)
        .chain((0..cat.cards().len()).map(Entry::Card))
        .chain((0..d.rules.len()).map(Entry::Rule))
        .collect()
}

/// The entry of the document numbered `id` (its position in [`entries`]), worked out from
/// the catalogue's counts rather than kept in a list (16 bytes a card).
pub fn entry(cat: &Catalogue, id: usize) -> Option<Entry> {
    let d = cat.data();
    let (keywords, cards) = (d.keywords.len(), cat.cards().len());
    if id < keywords {
        Some(Entry::Keyword(id))
    } else if id < keywords + cards {
        Some(Entry::Card(id - keywords))
    } else if id - keywords - cards < d.rules.len() {
        Some(Entry::Rule(id - keywords - cards))
    } else {
        None
    }
}

/// The fields.
#[derive(Debug, Clone)]
pub struct Fields {
    pub schema: Schema,
    pub id: Field,
    pub kind: Field,
    pub game: Field,
    pub name: Field,
    /// The whole folded name and every folded alias: exact-name ranking.
    pub name_exact: Field,
    pub aliases: Field,
    pub text: Field,
    pub card_type: Field,
    pub faction: Field,
    /// Cards: the canonical names of their keywords.
    pub keyword: Field,
    /// Every prefix of a dotted section number (`5`, `5.8`, `5.8.7`).
    pub section: Field,
    pub timing: Field,
    /// Ability structure: kinds, stacking, KeyForge types, Arcane kinds.
    pub ability: Field,
    /// `n_<attribute>` numeric fields.
    pub numeric: BTreeMap<String, Field>,
    /// `a_<attribute>` text attribute fields.
    pub attributes: BTreeMap<String, Field>,
}

fn text_options(positions: bool) -> TextOptions {
    let record = if positions {
        IndexRecordOption::WithFreqsAndPositions
    } else {
        IndexRecordOption::WithFreqs
    };
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(FOLD)
            .set_index_option(record),
    )
}

/// Attribute names that become fields: every numeric and text attribute column, plus `value`.
fn attribute_names(cat: &Catalogue) -> (Vec<String>, Vec<String>) {
    let mut numeric = vec!["value".to_string()];
    let mut text = Vec::new();
    for col in &cat.data().attribute_columns {
        let list = if col.numeric { &mut numeric } else { &mut text };
        if !list.contains(&col.name) {
            list.push(col.name.clone());
        }
    }
    // A column numeric in one game and text in another is searched as text.
    numeric.retain(|n| !text.contains(n));
    (numeric, text)
}

impl Fields {
    /// The schema for `cat`'s attribute columns.
    pub fn for_catalogue(cat: &Catalogue) -> Fields {
        let mut b = Schema::builder();
        let id = b.add_u64_field(ID, FAST);
        let kind = b.add_text_field("kind", STRING);
        let game = b.add_text_field("game", STRING);
        let name = b.add_text_field("name", text_options(true));
        let name_exact = b.add_text_field("name_exact", STRING);
        let aliases = b.add_text_field("aliases", text_options(true));
        let text = b.add_text_field("text", text_options(true));
        let card_type = b.add_text_field("type", STRING);
        let faction = b.add_text_field("faction", STRING);
        let keyword = b.add_text_field("keyword", STRING);
        let section = b.add_text_field("section", STRING);
        let timing = b.add_text_field("timing", STRING);
        let ability = b.add_text_field("ability", STRING);
        let (numeric_names, text_names) = attribute_names(cat);
        let numeric = numeric_names
            .into_iter()
            .map(|n| {
                let f = b.add_f64_field(
                    &format!("n_{n}"),
                    NumericOptions::default().set_indexed().set_fast(),
                );
                (n, f)
            })
            .collect();
        let attributes = text_names
            .into_iter()
            .map(|n| (n.clone(), b.add_text_field(&format!("a_{n}"), STRING)))
            .collect();
        Fields {
            schema: b.build(),
            id,
            kind,
            game,
            name,
            name_exact,
            aliases,
            text,
            card_type,
            faction,
            keyword,
            section,
            timing,
            ability,
            numeric,
            attributes,
        }
    }

    /// Reads the fields back from an opened index's schema.
    pub fn from_schema(schema: Schema) -> tantivy::Result<Fields> {
        let get = |n: &str| schema.get_field(n);
        let mut numeric = BTreeMap::new();
        let mut attributes = BTreeMap::new();
        for (field, entry) in schema.fields() {
            if let Some(n) = entry.name().strip_prefix("n_") {
                numeric.insert(n.to_string(), field);
            } else if let Some(n) = entry.name().strip_prefix("a_") {
                attributes.insert(n.to_string(), field);
            }
        }
        Ok(Fields {
            id: get(ID)?,
            kind: get("kind")?,
            game: get("game")?,
            name: get("name")?,
            name_exact: get("name_exact")?,
            aliases: get("aliases")?,
            text: get("text")?,
            card_type: get("type")?,
            faction: get("faction")?,
            keyword: get("keyword")?,
            section: get("section")?,
            timing: get("timing")?,
            ability: get("ability")?,
            numeric,
            attributes,
            schema,
        })
    }

    /// The document for one entry.
    pub fn document(&self, cat: &Catalogue, id: u64, entry: Entry) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_u64(self.id, id);
        doc.add_text(self.kind, entry.kind().as_str());
        let d = cat.data();
        match entry {
            Entry::Card(i) => {
                if let Some(c) = cat.cards().get(i) {
                    self.card(&mut doc, &c)
                }
            }
            Entry::Keyword(i) => self.keyword(&mut doc, &d.keywords[i]),
            Entry::Rule(i) => self.rule(&mut doc, &d.rules[i]),
            // A ruling's document is made by `rulings.rs`, never from the catalogue.
            Entry::Ruling(_) => {}
        }
        doc
    }

    fn card(&self, doc: &mut TantivyDocument, c: &Card) {
        doc.add_text(self.game, &c.game);
        doc.add_text(self.name, &c.name);
        doc.add_text(self.name_exact, fold(&c.name));
        doc.add_text(self.text, &c.text);
        doc.add_text(self.card_type, fold(&c.card_type));
        if let Some(f) = &c.faction {
            doc.add_text(self.faction, fold(f));
        }
        for t in &c.traits {
            doc.add_text(self.text, t);
        }
        for a in &c.abilities {
            doc.add_text(self.keyword, fold(&a.keyword));
            // The keyword's name is part of what the card says.
            doc.add_text(self.text, a.label());
        }
        if let (Some(v), Some(f)) = (c.value, self.numeric.get("value")) {
            doc.add_f64(*f, v as f64);
        }
        for a in &c.attributes {
            if let (Some(n), Some(f)) = (a.number, self.numeric.get(a.name.as_str())) {
                doc.add_f64(*f, n);
            } else if let Some(f) = self.attributes.get(a.name.as_str()) {
                for v in a.value.split(';').map(str::trim).filter(|v| !v.is_empty()) {
                    doc.add_text(*f, fold(v));
                }
            }
        }
        for p in &c.text_abilities {
            self.ability_facets(doc, p);
        }
    }

    fn keyword(&self, doc: &mut TantivyDocument, k: &Keyword) {
        doc.add_text(self.game, &k.game);
        doc.add_text(self.name, &k.name);
        doc.add_text(self.name_exact, fold(&k.name));
        for a in &k.aliases {
            doc.add_text(self.aliases, a);
            doc.add_text(self.name_exact, fold(a));
        }
        doc.add_text(self.text, &k.text);
        self.sections(doc, &k.section);
        if !k.timing.is_empty() {
            doc.add_text(self.timing, fold(&k.timing));
        }
        if !k.kind.is_empty() {
            doc.add_text(self.ability, fold(&k.kind));
        }
        if let Some(p) = &k.parse {
            self.ability_facets(doc, p);
        }
    }

    fn rule(&self, doc: &mut TantivyDocument, r: &Rule) {
        doc.add_text(self.game, &r.game);
        let name = if r.title.is_empty() {
            r.section.clone()
        } else {
            format!("{} {}", r.section, r.title)
        };
        doc.add_text(self.name, &name);
        doc.add_text(self.name_exact, fold(&r.section));
        doc.add_text(self.text, &r.text);
        self.sections(doc, &r.section);
    }

    /// Adds every prefix of the dotted section number `section` to `doc`.
    pub(super) fn sections(&self, doc: &mut TantivyDocument, section: &str) {
        let mut prefix = String::new();
        for part in section.split('.').filter(|p| !p.is_empty()) {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            doc.add_text(self.section, &prefix);
        }
    }

    fn ability_facets(&self, doc: &mut TantivyDocument, p: &AbilityParse) {
        match p {
            AbilityParse::Swtcg(d) => {
                for v in [&d.kind, &d.stacking].into_iter().flatten() {
                    doc.add_text(self.ability, fold(v));
                }
            }
            AbilityParse::Keyforge(k) => {
                for t in &k.types {
                    doc.add_text(self.ability, fold(t.as_str()));
                }
            }
            AbilityParse::Arcane(a) => {
                doc.add_text(self.ability, a.kind.as_str());
                if a.reminder.is_some() {
                    doc.add_text(self.ability, "reminder");
                }
            }
        }
    }
}

/// Registers the `fold` analyser on an index.
pub fn register_analyzers(index: &Index) {
    let fold = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build();
    index.tokenizers().register(FOLD, fold);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_inverts_the_index_order() {
        let data = crate::catalogue::validate(&crate::config::default_data_dir())
            .expect("the bundled data is valid");
        let cat = Catalogue::from_data(data, "test".into());
        let all = entries(&cat);
        assert!(!all.is_empty());
        for (id, e) in all.iter().enumerate() {
            assert_eq!(entry(&cat, id), Some(*e), "document {id}");
        }
        assert_eq!(entry(&cat, all.len()), None);
        assert_eq!(entry(&cat, usize::MAX), None);
    }
}
