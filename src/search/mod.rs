//! Search: a Tantivy index over every card, keyword and rule, and the query language.
//!
//! The surface is two functions and one type: [`build_index`] writes an index for a
//! catalogue; [`SearchIndex::open_or_build`] finds the index for a catalogue (building it
//! when missing or stale); [`SearchIndex::search`] runs a query. The index is derived data:
//! it lives beside the SQLite file in `<db>.index/<catalogue hash>/`, is built in a
//! temporary directory and renamed into place, and older builds are removed. The schema is
//! `schema.rs`; the syntax `query.rs`; field meanings `compile.rs` (a bare word's query
//! `word/`, what a typo is `typo.rs`); snippets `snippet.rs`.
//! It reads a [`Catalogue`] and knows nothing of HTTP or SQL.

mod compile;
pub mod query;
mod rulings;
mod schema;
mod snippet;
mod typo;
mod word;

pub use compile::{is_section, FIELDS};
pub use query::QueryWarning;
pub use schema::{Entry, EntryKind};
pub use snippet::Snippet;

use crate::catalogue::{Card, CardRef, Catalogue};
use crate::rulings::RulingSet;
use crate::text::fold;
use schema::Fields;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tantivy::collector::{Collector, SegmentCollector, TopDocs};
use tantivy::index::SegmentId;
use tantivy::{DocId, Index, IndexReader, ReloadPolicy, Score, SegmentReader};
use typo::{Vocabularies, Vocabulary};

/// Why a search or an index build failed.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// Nothing in the query could run; the warnings say why and where.
    #[error("nothing in the query can be searched for")]
    NothingToRun { warnings: Vec<QueryWarning> },
    #[error("the query is empty")]
    EmptyQuery,
    #[error("search index {path}: {source}")]
    Index {
        path: PathBuf,
        source: tantivy::TantivyError,
    },
    #[error("search index {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Which page of results.
#[derive(Debug, Clone, Copy)]
pub struct SearchOptions {
    /// 1-based.
    pub page: usize,
    pub per_page: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            page: 1,
            per_page: 20,
        }
    }
}

/// The most results per page a caller may ask for.
pub const MAX_PER_PAGE: usize = 100;

/// One result.
#[derive(Debug, Clone)]
pub struct Hit {
    pub entry: Entry,
    pub score: f32,
    /// The whole query names this entry exactly (name or alias).
    pub exact: bool,
    /// The text around the first match, matched words marked.
    pub snippet: Snippet,
}

/// Counts of all matches by a facet's values, most frequent first.
pub type FacetCounts = Vec<(String, usize)>;

/// A page of results.
#[derive(Debug, Clone)]
pub struct SearchResults {
    pub hits: Vec<Hit>,
    /// All matches, not just this page.
    pub total: usize,
    pub page: usize,
    pub per_page: usize,
    pub facets: BTreeMap<&'static str, FacetCounts>,
    pub warnings: Vec<QueryWarning>,
    /// The rulings searched with the catalogue ([`SearchIndex::search_with_rulings`]):
    /// an [`Entry::Ruling`] hit is a ruling of this set. Empty for [`SearchIndex::search`].
    pub rulings: Arc<RulingSet>,
}

impl SearchResults {
    pub fn has_more(&self) -> bool {
        self.page * self.per_page < self.total
    }
}

/// An open index, tied to the catalogue it was built from.
pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    catalogue: Arc<Catalogue>,
    facet_codes: FacetCodes,
    /// Per segment, each document's entry number (its `id`), read once when the index
    /// opens: an array lookup per match, where decoding the `id` fast field per match (and
    /// opening the column again for every hit) was a tenth of an uncached search.
    doc_entries: HashMap<SegmentId, Arc<[u32]>>,
    /// Per segment, each document's facet combination (see [`FacetCodes`]).
    doc_combos: HashMap<SegmentId, Arc<[u32]>>,
    /// Per segment, the terms of the bare-word fields a word's typos are found among
    /// (`typo.rs`), read once when the index opens.
    vocabularies: Arc<Vocabularies>,
    /// The in-memory index of the rulings last searched (`rulings.rs`).
    ruling_index: rulings::RulingCache,
}

/// A document with no entry number (none is ever written so).
const NO_ENTRY: u32 = u32::MAX;

/// Each document's entry number in one segment, by document id.
fn read_doc_entries(segment: &SegmentReader) -> tantivy::Result<Arc<[u32]>> {
    let column = schema::ids(segment)?;
    Ok((0..segment.max_doc())
        .map(|doc| {
            column
                .first(doc)
                .and_then(|id| u32::try_from(id).ok())
                .unwrap_or(NO_ENTRY)
        })
        .collect())
}

/// Every entry's facet values as small numbers, made once per index, so counting the
/// facets of a result set is array increments rather than string comparisons (which were
/// a third of an uncached search's time at 100,000 cards).
///
/// An entry's three values are one number, its *combination* (an index into `combos`):
/// counting a match is then one lookup and one increment, where looking up the entry and
/// then its three codes was a tenth of an uncached search (issue #20, fifth round).
struct FacetCodes {
    /// Each distinct (game, kind, card type or `NO_TYPE`), indexes into the name tables;
    /// the last is `NO_FACETS`, for an entry the tables do not cover.
    combos: Vec<(u16, u8, u16)>,
    /// Per entry, its combination.
    entry_combos: Vec<u32>,
    games: Vec<String>,
    types: Vec<String>,
    /// The card types, folded: a bare word naming one also finds the cards of that type
    /// (`compile.rs`).
    folded_types: std::collections::HashSet<String>,
}

const NO_TYPE: u16 = u16::MAX;
/// The combination of an entry counted in the total only (none is ever made so).
const NO_FACETS: (u16, u8, u16) = (u16::MAX, u8::MAX, u16::MAX);
/// The combination of a document with no entry: not counted at all.
const NO_COMBO: u32 = u32::MAX;
const KINDS: [EntryKind; 4] = [
    EntryKind::Card,
    EntryKind::Keyword,
    EntryKind::Rule,
    EntryKind::Ruling,
];

impl FacetCodes {
    fn new(cat: &Catalogue, entries: &[Entry]) -> FacetCodes {
        let mut games: Vec<String> = Vec::new();
        let mut types: Vec<String> = Vec::new();
        let mut game_code: std::collections::HashMap<String, u16> = Default::default();
        let mut type_code: std::collections::HashMap<String, u16> = Default::default();
        let code_of = |table: &mut Vec<String>,
                       codes: &mut std::collections::HashMap<String, u16>,
                       value: &str| {
            *codes.entry(value.to_string()).or_insert_with(|| {
                table.push(value.to_string());
                // Facet values are a catalogue's games and card types: far below 65,535.
                (table.len() - 1).min(NO_TYPE as usize - 1) as u16
            })
        };
        let d = cat.data();
        let codes = entries
            .iter()
            .map(|&e| {
                let (game, card_type): (&str, Option<&str>) = match e {
                    Entry::Card(i) => (
                        cat.cards().game_of(i).unwrap_or_default(),
                        cat.cards().type_of(i),
                    ),
                    Entry::Keyword(i) => (&d.keywords[i].game, None),
                    Entry::Rule(i) => (&d.rules[i].game, None),
                    // Not a catalogue entry: never in the catalogue's index.
                    Entry::Ruling(_) => ("", None),
                };
                let g = code_of(&mut games, &mut game_code, game);
                let t = card_type.map_or(NO_TYPE, |t| code_of(&mut types, &mut type_code, t));
                let k = KINDS.iter().position(|&k| k == e.kind()).unwrap_or(0) as u8;
                (g, k, t)
            })
            .collect::<Vec<_>>();
        let mut combos: Vec<(u16, u8, u16)> = Vec::new();
        let mut combo_of: HashMap<(u16, u8, u16), u32> = HashMap::new();
        let entry_combos = codes
            .into_iter()
            .map(|code| {
                *combo_of.entry(code).or_insert_with(|| {
                    combos.push(code);
                    combos.len() as u32 - 1
                })
            })
            .collect();
        combos.push(NO_FACETS);
        let folded_types = types.iter().map(|t| fold(t)).collect();
        FacetCodes {
            combos,
            entry_combos,
            games,
            types,
            folded_types,
        }
    }

    /// Each document's combination in one segment, from its entry numbers.
    fn doc_combos(&self, doc_entries: &[u32]) -> Arc<[u32]> {
        let no_facets = self.combos.len() as u32 - 1;
        doc_entries
            .iter()
            .map(|&e| match e {
                NO_ENTRY => NO_COMBO,
                e => self
                    .entry_combos
                    .get(e as usize)
                    .copied()
                    .unwrap_or(no_facets),
            })
            .collect()
    }
}

fn tv(path: &Path) -> impl Fn(tantivy::TantivyError) -> SearchError + '_ {
    move |source| SearchError::Index {
        path: path.to_path_buf(),
        source,
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> SearchError + '_ {
    move |source| SearchError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The directory holding the index builds for the catalogue at `db_path`.
pub fn index_root(db_path: &Path) -> PathBuf {
    let mut name = db_path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".index");
    db_path.with_file_name(name)
}

/// Writes an index of `cat` into the new directory `dir`.
pub fn build_index(cat: &Catalogue, dir: &Path) -> Result<(), SearchError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let fields = Fields::for_catalogue(cat);
    let index = Index::create_in_dir(dir, fields.schema.clone()).map_err(tv(dir))?;
    schema::register_analyzers(&index);
    let mut writer: tantivy::IndexWriter = index
        .writer_with_num_threads(1, 100_000_000)
        .map_err(tv(dir))?;
    for (id, entry) in schema::entries(cat).into_iter().enumerate() {
        writer
            .add_document(fields.document(cat, id as u64, entry))
            .map_err(tv(dir))?;
    }
    writer.commit().map_err(tv(dir))?;
    writer.wait_merging_threads().map_err(tv(dir))?;
    std::fs::write(dir.join("BUILT_FROM"), cat.data_hash()).map_err(io(dir))?;
    Ok(())
}

impl SearchIndex {
    /// The index of `cat` beside `db_path`: opened if a build for this catalogue's hash
    /// exists, else built (into a temporary directory, then renamed into place).
    pub fn open_or_build(db_path: &Path, cat: Arc<Catalogue>) -> Result<SearchIndex, SearchError> {
        let root = index_root(db_path);
        let dir = root.join(cat.data_hash());
        if !dir.join("BUILT_FROM").exists() {
            std::fs::create_dir_all(&root).map_err(io(&root))?;
            let tmp = tempfile::Builder::new()
                .prefix(".build-")
                .tempdir_in(&root)
                .map_err(io(&root))?;
            build_index(&cat, tmp.path())?;
            let built = tmp.keep();
            match std::fs::rename(&built, &dir) {
                Ok(()) => {}
                // Another process finished the same build first: use theirs.
                Err(_) if dir.join("BUILT_FROM").exists() => {
                    let _ = std::fs::remove_dir_all(&built);
                }
                Err(e) => return Err(io(&dir)(e)),
            }
            tracing::info!(dir = %dir.display(), "built the search index");
        }
        // Remove builds of other catalogues: only directories this module built (they hold
        // its `BUILT_FROM` marker), never anything else someone put in the folder.
        if let Ok(read) = std::fs::read_dir(&root) {
            for e in read.filter_map(|e| e.ok()) {
                let name = e.file_name().to_string_lossy().into_owned();
                let ours = e.file_type().is_ok_and(|t| t.is_dir())
                    && e.path().join("BUILT_FROM").is_file();
                if ours && name != cat.data_hash() && !name.starts_with('.') {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        Self::open(&dir, cat)
    }

    /// Opens the index in `dir`, which must have been built from `cat`.
    pub fn open(dir: &Path, cat: Arc<Catalogue>) -> Result<SearchIndex, SearchError> {
        let index = Index::open_in_dir(dir).map_err(tv(dir))?;
        schema::register_analyzers(&index);
        let fields = Fields::from_schema(index.schema()).map_err(tv(dir))?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(tv(dir))?;
        let facet_codes = FacetCodes::new(&cat, &schema::entries(&cat));
        let mut doc_entries = HashMap::new();
        let mut doc_combos = HashMap::new();
        let mut vocabularies = Vocabularies::new();
        let bare_word_fields = [fields.name, fields.aliases, fields.text];
        for segment in reader.searcher().segment_readers() {
            let entries = read_doc_entries(segment).map_err(tv(dir))?;
            doc_combos.insert(segment.segment_id(), facet_codes.doc_combos(&entries));
            doc_entries.insert(segment.segment_id(), entries);
            vocabularies.insert(
                segment.segment_id(),
                Vocabulary::read(segment, &bare_word_fields).map_err(tv(dir))?,
            );
        }
        Ok(SearchIndex {
            index,
            reader,
            fields,
            catalogue: cat,
            facet_codes,
            doc_entries,
            doc_combos,
            vocabularies: Arc::new(vocabularies),
            ruling_index: rulings::RulingCache::default(),
        })
    }

    pub fn catalogue(&self) -> &Arc<Catalogue> {
        &self.catalogue
    }

    /// Every (game, card type) of the catalogue's cards, in the order first met; known
    /// when the index opens, so a lookup costs no walk over the cards.
    pub fn card_types(&self) -> Vec<(&str, &str)> {
        let f = &self.facet_codes;
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for &(g, _, t) in &f.combos {
            let (Some(game), Some(card_type)) =
                (f.games.get(usize::from(g)), f.types.get(usize::from(t)))
            else {
                continue; // no type (NO_TYPE, NO_FACETS)
            };
            if !pairs.contains(&(game.as_str(), card_type.as_str())) {
                pairs.push((game.as_str(), card_type.as_str()));
            }
        }
        pairs
    }

    /// Runs `query` over the catalogue. Terms that cannot run are dropped with a warning;
    /// only when nothing can run is it an error.
    pub fn search(&self, query: &str, opts: &SearchOptions) -> Result<SearchResults, SearchError> {
        self.search_with_rulings(query, opts, &Arc::new(RulingSet::default()))
    }

    /// Runs `query` over the catalogue and `rulings` (searched in their own small index,
    /// `rulings.rs`, rebuilt when the set is replaced), merged by score: a ruling's score
    /// is weighed down and never above a keyword hit it is about, so it ranks below it.
    pub fn search_with_rulings(
        &self,
        query: &str,
        opts: &SearchOptions,
        rulings: &Arc<RulingSet>,
    ) -> Result<SearchResults, SearchError> {
        let parsed = query::parse(query);
        let Some(node) = parsed.node else {
            if parsed.warnings.is_empty() {
                return Err(SearchError::EmptyQuery);
            }
            return Err(SearchError::NothingToRun {
                warnings: parsed.warnings,
            });
        };
        let analyzer =
            self.index
                .tokenizers()
                .get(schema::FOLD)
                .ok_or_else(|| SearchError::Index {
                    path: PathBuf::new(),
                    source: tantivy::TantivyError::SchemaError(
                        "the fold analyser is missing".into(),
                    ),
                })?;
        let compiled = compile::Compiler::new(
            &self.fields,
            &self.catalogue,
            analyzer,
            self.vocabularies.clone(),
        )
        .with_card_types(&self.facet_codes.folded_types)
        .compile(&node);
        let mut warnings = parsed.warnings;
        warnings.extend(compiled.warnings);
        warnings.sort_by_key(|w| w.offset);
        let Some(q) = compiled.query else {
            return Err(SearchError::NothingToRun { warnings });
        };
        let index_error = |source| SearchError::Index {
            path: PathBuf::new(),
            source,
        };
        let ruling_matches = if rulings.all().is_empty() {
            Vec::new()
        } else {
            self.ruling_index
                .index(&self.fields, rulings)
                .and_then(|i| i.matches(q.as_ref()))
                .map_err(index_error)?
        };
        let per_page = opts.per_page.clamp(1, MAX_PER_PAGE);
        let page = opts.page.max(1);
        let offset = (page - 1).saturating_mul(per_page);
        let searcher = self.reader.searcher();
        // With rulings to merge, the catalogue's hits from the first: tantivy keeps the
        // best `offset + limit` either way, so this costs the catalogue search nothing.
        let top = if ruling_matches.is_empty() {
            TopDocs::with_limit(per_page).and_offset(offset)
        } else {
            TopDocs::with_limit(offset.saturating_add(per_page))
        }
        .order_by_score();
        let counter = CountCollector {
            doc_combos: &self.doc_combos,
            facet_codes: &self.facet_codes,
        };
        let (top, per_combo) = searcher.search(&q, &(top, counter)).map_err(index_error)?;
        let counts = Counts::of_combos(&self.facet_codes, &per_combo);
        let mut found = Vec::with_capacity(top.len());
        for (score, addr) in top {
            let segment = searcher.segment_reader(addr.segment_ord);
            let id = match self.doc_entries.get(&segment.segment_id()) {
                Some(ids) => ids.get(addr.doc_id as usize).copied(),
                None => read_doc_entries(segment)
                    .map_err(index_error)?
                    .get(addr.doc_id as usize)
                    .copied(),
            };
            if let Some(entry) = id.and_then(|id| schema::entry(&self.catalogue, id as usize)) {
                found.push((score, entry));
            }
        }
        let window = if ruling_matches.is_empty() {
            found
        } else {
            self.merge(found, &ruling_matches, rulings)
                .into_iter()
                .skip(offset)
                .take(per_page)
                .collect()
        };
        let mut hits = Vec::with_capacity(window.len());
        for (score, entry) in window {
            let (names, text) = match entry {
                Entry::Ruling(i) => match rulings.all().get(i) {
                    Some(r) => (
                        Vec::new(),
                        Cow::Owned(format!("{} {}", r.question, r.answer)),
                    ),
                    None => continue,
                },
                _ => self.describe(entry),
            };
            let exact = !compiled.bare_text.is_empty()
                && names.iter().any(|n| fold(n) == compiled.bare_text);
            hits.push(Hit {
                entry,
                score,
                exact,
                snippet: snippet::snippet(&text, &compiled.highlight),
            });
        }
        // A name shared by several games: the exact matches, grouped by game (catalogue order).
        let game_order = |e: Entry| {
            let g = self.game_of(e);
            self.catalogue
                .games()
                .iter()
                .position(|x| x.slug == g)
                .unwrap_or(usize::MAX)
        };
        let exact_count = hits.iter().take_while(|h| h.exact).count();
        hits[..exact_count]
            .sort_by_key(|h| (h.entry.kind() != EntryKind::Keyword, game_order(h.entry)));
        let mut facets = self.facets(&counts);
        add_ruling_facets(&mut facets, &ruling_matches, rulings);
        Ok(SearchResults {
            total: counts.total + ruling_matches.len(),
            hits,
            page,
            per_page,
            facets,
            warnings,
            rulings: rulings.clone(),
        })
    }

    /// The catalogue's hits (best first) and the rulings' merged by score, a ruling placed
    /// by [`rulings::ruling_score`] and after a catalogue hit of the same score.
    fn merge(
        &self,
        catalogue: Vec<(Score, Entry)>,
        ruling_matches: &[(Score, usize)],
        set: &RulingSet,
    ) -> Vec<(Score, Entry)> {
        let d = self.catalogue.data();
        let mut keywords: HashMap<(&str, String), Score> = HashMap::new();
        for &(score, e) in &catalogue {
            if let Entry::Keyword(i) = e {
                let k = &d.keywords[i];
                keywords
                    .entry((k.game.as_str(), fold(&k.name)))
                    .or_insert(score);
            }
        }
        let mut placed: Vec<(Score, Entry)> = ruling_matches
            .iter()
            .filter_map(|&(raw, i)| {
                let r = set.all().get(i)?;
                Some((rulings::ruling_score(raw, r, &keywords), Entry::Ruling(i)))
            })
            .collect();
        placed.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut merged = Vec::with_capacity(catalogue.len() + placed.len());
        let mut placed = placed.into_iter().peekable();
        for hit in catalogue {
            while let Some(r) = placed.next_if(|r| r.0 > hit.0) {
                merged.push(r);
            }
            merged.push(hit);
        }
        merged.extend(placed);
        merged
    }

    /// The names (name and aliases) and the snippet text of an entry (owned only for a
    /// card read from the file: cards on disk, issue #20).
    fn describe(&self, e: Entry) -> (Vec<Cow<'_, str>>, Cow<'_, str>) {
        let d = self.catalogue.data();
        let card = |c: &Card| {
            let text = if c.text.is_empty() {
                c.abilities
                    .iter()
                    .map(|a| a.label())
                    .collect::<Vec<_>>()
                    .join("; ")
            } else {
                c.text.to_string()
            };
            (vec![Cow::Owned(c.name.to_string())], Cow::Owned(text))
        };
        match e {
            Entry::Card(i) => match self.catalogue.cards().get(i) {
                Some(CardRef::Borrowed(c)) => {
                    let text = if c.text.is_empty() {
                        Cow::Owned(
                            c.abilities
                                .iter()
                                .map(|a| a.label())
                                .collect::<Vec<_>>()
                                .join("; "),
                        )
                    } else {
                        Cow::Borrowed(c.text.as_str())
                    };
                    (vec![Cow::Borrowed(c.name.as_str())], text)
                }
                Some(CardRef::Shared(c)) => card(&c),
                None => (Vec::new(), Cow::Borrowed("")),
            },
            Entry::Keyword(i) => {
                let k = &d.keywords[i];
                (
                    std::iter::once(Cow::Borrowed(k.name.as_str()))
                        .chain(k.aliases.iter().map(|a| Cow::Borrowed(a.as_str())))
                        .collect(),
                    Cow::Borrowed(k.text.as_str()),
                )
            }
            Entry::Ruling(_) => (Vec::new(), Cow::Borrowed("")),
            Entry::Rule(i) => {
                let r = &d.rules[i];
                (
                    vec![Cow::Borrowed(r.section.as_str())],
                    Cow::Borrowed(if r.text.is_empty() {
                        r.title.as_str()
                    } else {
                        r.text.as_str()
                    }),
                )
            }
        }
    }

    fn game_of(&self, e: Entry) -> &str {
        let d = self.catalogue.data();
        match e {
            Entry::Card(i) => self.catalogue.cards().game_of(i).unwrap_or_default(),
            Entry::Keyword(i) => &d.keywords[i].game,
            Entry::Rule(i) => &d.rules[i].game,
            Entry::Ruling(_) => "",
        }
    }

    fn facets(&self, counts: &Counts) -> BTreeMap<&'static str, FacetCounts> {
        let f = &self.facet_codes;
        let (game, kind, card_type) = (&counts.game, &counts.kind, &counts.card_type);
        // Values that occur, most frequent first, then by name.
        let sorted = |counts: &[usize], name: &dyn Fn(usize) -> String| {
            let mut v: Vec<(String, usize)> = counts
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(i, &n)| (name(i), n))
                .collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            v
        };
        BTreeMap::from([
            ("game", sorted(game, &|i| f.games[i].clone())),
            ("kind", sorted(kind, &|i| KINDS[i].as_str().to_string())),
            ("type", sorted(card_type, &|i| f.types[i].clone())),
        ])
    }
}

/// Adds the rulings matched to the `game` and `kind` facets, each kept most frequent
/// first, then by name.
fn add_ruling_facets(
    facets: &mut BTreeMap<&'static str, FacetCounts>,
    matches: &[(Score, usize)],
    set: &RulingSet,
) {
    if matches.is_empty() {
        return;
    }
    let mut add = |facet: &'static str, value: &str| {
        let counts = facets.entry(facet).or_default();
        match counts.iter_mut().find(|(v, _)| v == value) {
            Some((_, n)) => *n += 1,
            None => counts.push((value.to_string(), 1)),
        }
    };
    for r in matches.iter().filter_map(|&(_, i)| set.all().get(i)) {
        add("game", &r.game);
        add("kind", EntryKind::Ruling.as_str());
    }
    for counts in facets.values_mut() {
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    }
}

/// How many documents match, by facet value.
#[derive(Debug, Default)]
struct Counts {
    total: usize,
    game: Vec<usize>,
    kind: [usize; KINDS.len()],
    card_type: Vec<usize>,
}

impl Counts {
    /// The counts of `combos` (see [`FacetCodes`]) from how many matches each has.
    fn of_combos(codes: &FacetCodes, per_combo: &[u32]) -> Counts {
        let mut c = Counts {
            total: 0,
            game: vec![0; codes.games.len()],
            kind: [0; KINDS.len()],
            card_type: vec![0; codes.types.len()],
        };
        for (&(g, k, t), &n) in codes.combos.iter().zip(per_combo) {
            let n = n as usize;
            c.total += n;
            if let Some(x) = c.game.get_mut(g as usize) {
                *x += n;
            }
            if let Some(x) = c.kind.get_mut(k as usize) {
                *x += n;
            }
            if let Some(x) = c.card_type.get_mut(t as usize) {
                *x += n;
            }
        }
        c
    }
}

/// Counts the matches and their facets, counted while tantivy walks the matches: per
/// match, its combination's count goes up by one (see [`FacetCodes`]).
struct CountCollector<'a> {
    doc_combos: &'a HashMap<SegmentId, Arc<[u32]>>,
    facet_codes: &'a FacetCodes,
}

struct CountSegment {
    doc_combos: Arc<[u32]>,
    /// Matches per combination.
    per_combo: Vec<u32>,
}

impl Collector for CountCollector<'_> {
    type Fruit = Vec<u32>;
    type Child = CountSegment;

    fn for_segment(&self, _ord: u32, reader: &SegmentReader) -> tantivy::Result<CountSegment> {
        let doc_combos = match self.doc_combos.get(&reader.segment_id()) {
            Some(c) => c.clone(),
            None => self.facet_codes.doc_combos(&read_doc_entries(reader)?),
        };
        Ok(CountSegment {
            doc_combos,
            per_combo: vec![0; self.facet_codes.combos.len()],
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<u32>>) -> tantivy::Result<Vec<u32>> {
        let mut all = vec![0u32; self.facet_codes.combos.len()];
        for f in &fruits {
            for (a, b) in all.iter_mut().zip(f) {
                *a += b;
            }
        }
        Ok(all)
    }
}

impl SegmentCollector for CountSegment {
    type Fruit = Vec<u32>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        if let Some(&combo) = self.doc_combos.get(doc as usize) {
            // `NO_COMBO` (no entry) is past the end: not counted.
            if let Some(n) = self.per_combo.get_mut(combo as usize) {
                *n += 1;
            }
        }
    }

    fn harvest(self) -> Vec<u32> {
        self.per_combo
    }
}
