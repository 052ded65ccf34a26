//! The catalogue: every game's cards, keywords, rules and factions, imported from CSV
//! into one SQLite file and read back into memory.
//!
//! The public surface is small: [`import`] turns a data directory into a catalogue file
//! (validating everything first, writing atomically), and [`Catalogue::open`] loads one
//! for reading, with the lookups every other module needs. The import format is
//! `data/README.md`. This module does no HTTP and renders nothing; search indexing lives in
//! `search`, which reads a [`Catalogue`].

mod cards;
pub mod csvfile;
mod load;
mod lock;
mod model;
mod store;

pub use cards::{
    CardMode, CardRef, Cards, OpenConfig, Walk, DEFAULT_CARD_CACHE, DEFAULT_CARD_MEMORY,
};
pub use load::{counts, DATA_FILE_MAX_BYTES};
pub use lock::lock_path;
use lock::{ImportLock, LockWait};
pub use model::*;
pub use store::{Found, StoreError};

use crate::diag::Diagnostics;
use crate::text::fold;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Whether the import draws a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A bar on a terminal, nothing otherwise.
    Auto,
    Hidden,
}

/// What an import may replace at its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overwrite {
    /// Only an empty path (what `serve` and the other readers do on first run).
    Nothing,
    /// An empty path or an Arbiter catalogue, even of another schema version or damaged
    /// (`arbiter import`).
    Catalogue,
    /// Anything that is a file (`arbiter import --force`).
    Anything,
}

/// What to import and where.
#[derive(Debug, Clone)]
pub struct ImportConfig {
    pub data_dir: PathBuf,
    pub db_path: PathBuf,
    pub progress: Progress,
    pub overwrite: Overwrite,
}

impl ImportConfig {
    /// Import `data_dir` into `db_path`, replacing only nothing or an Arbiter catalogue,
    /// with no progress bar.
    pub fn new(data_dir: impl Into<PathBuf>, db_path: impl Into<PathBuf>) -> ImportConfig {
        ImportConfig {
            data_dir: data_dir.into(),
            db_path: db_path.into(),
            progress: Progress::Hidden,
            overwrite: Overwrite::Catalogue,
        }
    }
}

/// What an import did.
#[derive(Debug, Clone)]
pub struct ImportReport {
    /// Per game: (cards, keywords, rules).
    pub counts: BTreeMap<String, (usize, usize, usize)>,
    pub data_hash: String,
}

/// Why an import failed. In every case the previous catalogue is untouched.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The data is invalid; every problem found is listed.
    #[error("{0}\n{n} error(s); nothing was imported", n = .0.len())]
    Invalid(Diagnostics),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A data file that is not a regular file, or larger than [`DATA_FILE_MAX_BYTES`].
    #[error("{path}: {source}")]
    DataFile {
        path: PathBuf,
        source: crate::files::FileError,
    },
    /// Where `--db` points, neither its directory nor its lock file can be created (a
    /// path through a regular file, a read-only place): a catalogue cannot be opened or
    /// written there.
    #[error("{path}: {source}")]
    Unusable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The target holds something this import may not replace; it was not touched.
    #[error("{path} {why}; it was left as it is. {hint}", path = .path.display())]
    Refused {
        path: PathBuf,
        why: String,
        hint: String,
    },
    /// Another process is importing into the same catalogue.
    #[error(
        "{path} is busy: another import into it is running (it holds {lock}); try again when it has finished",
        path = .path.display(),
        lock = .lock.display()
    )]
    Busy { path: PathBuf, lock: PathBuf },
}

impl ImportError {
    /// Whether the user must fix something (exit code 2) rather than retry.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            ImportError::Invalid(_)
                | ImportError::DataFile { .. }
                | ImportError::Refused { .. }
                | ImportError::Unusable { .. }
                | ImportError::Store(_)
        )
    }
}

/// Removes what killed imports into `db` left behind: `.<name>.XXXXXX.importing` files
/// beside it. Called with the lock held, so no running import owns one.
fn remove_stale_temp_files(db: &Path) {
    let dir = match db.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = db.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stale = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".importing"))
            .is_some_and(|random| {
                random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric())
            });
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            match std::fs::remove_file(entry.path()) {
                Ok(()) => {
                    tracing::info!(file = %entry.path().display(), "removed the temporary file of an import that did not finish")
                }
                Err(e) => {
                    tracing::warn!(file = %entry.path().display(), error = %e, "could not remove a stale import file")
                }
            }
        }
    }
}

/// Refuses a target that `overwrite` does not allow replacing.
fn check_target(db: &Path, overwrite: Overwrite) -> Result<Found, ImportError> {
    let found = store::inspect(db);
    let refuse = |why: &str, hint: &str| ImportError::Refused {
        path: db.to_path_buf(),
        why: why.to_string(),
        hint: hint.to_string(),
    };
    match (&found, overwrite) {
        (Found::Nothing, _) | (Found::Current, Overwrite::Catalogue | Overwrite::Anything) => {}
        (Found::Ours { .. }, Overwrite::Catalogue | Overwrite::Anything) => {}
        (Found::Foreign { .. }, Overwrite::Anything) => {}
        (Found::Foreign { why }, Overwrite::Catalogue) => {
            return Err(refuse(
                &format!("is not an Arbiter catalogue: it {why}"),
                "Name another --db, or pass --force to replace it.",
            ))
        }
        (Found::Current | Found::Ours { .. } | Found::Foreign { .. }, Overwrite::Nothing) => {
            return Err(refuse("already exists", "Name another --db."))
        }
    }
    Ok(found)
}

/// Validates `cfg.data_dir` and, only if it is entirely valid, replaces the catalogue at
/// `cfg.db_path` with it, atomically. The target must be what `cfg.overwrite` allows
/// replacing; a second import into the same catalogue at the same time is refused as busy.
pub fn import(cfg: &ImportConfig) -> Result<ImportReport, ImportError> {
    // A target this import may not replace is refused before anything (a lock file, a
    // directory) is created beside it; then looked at again under the lock.
    check_target(&cfg.db_path, cfg.overwrite)?;
    let _lock = ImportLock::take(&cfg.db_path, LockWait::GiveUp)?;
    let found = check_target(&cfg.db_path, cfg.overwrite)?;
    if let Found::Foreign { why } = &found {
        tracing::warn!(db = %cfg.db_path.display(), what = %why, "--force: replacing a file that is not a catalogue");
    }
    let replace = match found {
        Found::Nothing => store::Replace::Nothing,
        _ => store::Replace::Existing,
    };
    import_locked(cfg, replace)
}

/// Opens the catalogue at `db`, first importing `data_dir` into it when nothing at all is
/// there (what `serve`, `search`, `check` and `adjudicate` do on first run). Anything else
/// at `db` that is not a readable catalogue of this version is refused and left untouched.
/// Returns the catalogue and whether it was created now.
pub fn open_or_create(
    db: &Path,
    data_dir: &Path,
    progress: Progress,
) -> Result<(Catalogue, bool), ImportError> {
    open_or_create_with(db, data_dir, progress, &OpenConfig::default())
}

/// [`open_or_create`], holding the cards as `cfg` says.
pub fn open_or_create_with(
    db: &Path,
    data_dir: &Path,
    progress: Progress,
    cfg: &OpenConfig,
) -> Result<(Catalogue, bool), ImportError> {
    let mut created = false;
    if store::inspect(db) == Found::Nothing {
        // Another process may be creating it: wait for it, then look again.
        let _lock = ImportLock::take(db, LockWait::Wait)?;
        if store::inspect(db) == Found::Nothing {
            tracing::info!(db = %db.display(), data = %data_dir.display(), "no catalogue yet: importing the bundled data");
            let cfg = ImportConfig {
                data_dir: data_dir.to_path_buf(),
                db_path: db.to_path_buf(),
                progress,
                overwrite: Overwrite::Nothing,
            };
            import_locked(&cfg, store::Replace::Nothing)?;
            created = true;
        }
    }
    let refuse = |why: String, hint: &str| ImportError::Refused {
        path: db.to_path_buf(),
        why,
        hint: hint.to_string(),
    };
    let reimport = format!(
        "Re-import it with `arbiter import --db {}` (add --data DIR for your own data).",
        db.display()
    );
    match store::inspect(db) {
        Found::Current => {}
        Found::Nothing => return Err(refuse("vanished while it was being opened".into(), "")),
        Found::Ours { why } => return Err(refuse(why, &reimport)),
        Found::Foreign { why } => {
            return Err(refuse(
                format!("is not an Arbiter catalogue: it {why}"),
                "Name another --db, or a path where nothing exists yet to get the bundled data.",
            ))
        }
    }
    match Catalogue::open_with(db, cfg) {
        Ok(cat) => Ok((cat, created)),
        Err(e) => Err(refuse(format!("cannot be read: {e}"), &reimport)),
    }
}

/// [`import`] with the lock held and the target checked.
fn import_locked(cfg: &ImportConfig, replace: store::Replace) -> Result<ImportReport, ImportError> {
    remove_stale_temp_files(&cfg.db_path);
    let bar = match cfg.progress {
        Progress::Auto if std::io::stderr().is_terminal() => indicatif::ProgressBar::new_spinner(),
        _ => indicatif::ProgressBar::hidden(),
    };
    bar.set_message("reading");
    let started = std::time::Instant::now();
    // Validated first, so that a file that is not a regular one or is too large gets its
    // located diagnostic; the hash reads under the same cap.
    let data = load::read_dir(&cfg.data_dir, &|n| bar.inc(n)).map_err(ImportError::Invalid)?;
    tracing::debug!(elapsed = ?started.elapsed(), "read and validated");
    let data_hash = with_rulings(&data_hash(&cfg.data_dir)?, &data.rulings);
    tracing::debug!(elapsed = ?started.elapsed(), "hashed the data files");
    bar.set_length(data.cards.len() as u64);
    bar.set_position(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} cards") {
        bar.set_style(style);
    }
    bar.set_message("writing");
    store::write_atomic(&data, &data_hash, &cfg.db_path, replace, &|n| bar.inc(n))?;
    tracing::debug!(elapsed = ?started.elapsed(), "written");
    bar.finish_and_clear();
    Ok(ImportReport {
        counts: load::counts(&data),
        data_hash,
    })
}

/// Validates a data directory without writing anything.
pub fn validate(data_dir: &Path) -> Result<DataSet, Diagnostics> {
    load::read_dir(data_dir, &|_| {})
}

/// A hash of every file an import of `dir` reads, their names included.
pub fn data_hash(dir: &Path) -> Result<String, ImportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ImportError::Io { path, source }
    };
    let mut h = Sha256::new();
    for file in load::data_files(dir).map_err(io(dir))? {
        let rel = file
            .strip_prefix(dir)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = crate::files::read_capped(&file, DATA_FILE_MAX_BYTES).map_err(|source| {
            ImportError::DataFile {
                path: file.clone(),
                source,
            }
        })?;
        h.update((rel.len() as u64).to_le_bytes());
        h.update(rel.as_bytes());
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(hex::encode(h.finalize()))
}

/// `files_hash` (of the data files, [`data_hash`]) joined with the rulings' positions as
/// read from their files or cells, so that a changed position file changes the hash; the
/// same as `files_hash` when there are no rulings.
fn with_rulings(files_hash: &str, rulings: &[crate::rulings::Ruling]) -> String {
    if rulings.is_empty() {
        return files_hash.to_string();
    }
    let mut h = Sha256::new();
    h.update(files_hash.as_bytes());
    for r in rulings {
        for part in [&r.id, &r.hash] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
    }
    hex::encode(h.finalize())
}

/// What is at `db_path`, found without writing anything (see [`Found`]).
pub fn inspect(db_path: &Path) -> Found {
    store::inspect(db_path)
}

/// A catalogue loaded for reading, with its lookups. Its cards are in memory or left in
/// the file ([`OpenConfig`], [`Cards`]); the lookups below work alike in both.
#[derive(Debug)]
pub struct Catalogue {
    data: Tables,
    cards: Cards,
    data_hash: String,
    cards_by_name: NameIndex,
    /// Per game, each keyword's folded name and aliases: its number.
    keywords_by_name: HashMap<String, HashMap<String, usize>>,
    rules_by_section: HashMap<(String, String), Vec<usize>>,
    cards_by_keyword: HashMap<(String, String), Vec<u32>>,
    /// Cards per game.
    card_counts: HashMap<String, usize>,
}

/// The cards by game and folded name, in 16 bytes a card: the hash of the pair and the
/// card's position, sorted by hash. A lookup checks each candidate against the card
/// itself, so a collision costs a comparison, never a wrong card. (A map keyed by owned
/// `(game, folded name)` strings took ~150 bytes a card.) Kept in memory in both modes.
#[derive(Debug, Default)]
struct NameIndex(Vec<(u64, u32)>);

impl NameIndex {
    fn key(game: &str, folded: &str) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        game.hash(&mut h);
        folded.hash(&mut h);
        h.finish()
    }

    /// From (hash, position) pairs in position order.
    fn new(mut v: Vec<(u64, u32)>) -> NameIndex {
        // Stable: of two cards with one name, the later wins, as the import's checks
        // leave it.
        v.sort_by_key(|&(h, _)| h);
        v.shrink_to_fit();
        NameIndex(v)
    }

    /// The card `name` (folded) of `game`.
    fn get<'c>(&self, cards: &'c Cards, game: &str, name: &str) -> Option<CardRef<'c>> {
        self.get_at(cards, game, &fold(name)).map(|(_, c)| c)
    }

    /// The card named `folded` of `game`, with its position.
    fn get_at<'c>(&self, cards: &'c Cards, game: &str, folded: &str) -> Option<(u32, CardRef<'c>)> {
        let key = Self::key(game, folded);
        let start = self.0.partition_point(|&(h, _)| h < key);
        self.0[start..]
            .iter()
            .take_while(|&&(h, _)| h == key)
            .filter_map(|&(_, i)| Some((i, cards.get(i as usize)?)))
            .filter(|(_, c)| c.game == game && fold(&c.name) == folded)
            .last()
    }
}

/// A card's keywords, listed once per card, by (game, keyword).
fn add_keyword(map: &mut HashMap<(String, String), Vec<u32>>, game: &str, keyword: &str, i: u32) {
    let list = map
        .entry((game.to_string(), keyword.to_string()))
        .or_default();
    if list.last() != Some(&i) {
        list.push(i);
    }
}

impl Catalogue {
    /// Loads the catalogue file at `path`, with the default [`OpenConfig`].
    pub fn open(path: &Path) -> Result<Catalogue, StoreError> {
        Catalogue::open_with(path, &OpenConfig::default())
    }

    /// Loads the catalogue file at `path`: everything but the cards into memory, and the
    /// cards too when they fit `cfg.card_memory`; otherwise the cards stay in the file and
    /// only their lookups (name, keyword, game and type: ~25 bytes a card) are kept.
    pub fn open_with(path: &Path, cfg: &OpenConfig) -> Result<Catalogue, StoreError> {
        let opened = store::open_tables(path)?;
        if opened.estimate <= cfg.card_memory {
            tracing::info!(
                cards = opened.count,
                estimate = opened.estimate,
                "cards held in memory"
            );
            let (data, hash) = store::read(path)?;
            return Ok(Catalogue::from_data(data, hash));
        }
        tracing::info!(
            cards = opened.count,
            estimate = opened.estimate,
            budget = cfg.card_memory,
            "cards left on disk: they would take more memory than the budget (--card-memory)"
        );
        let file = opened.file;
        let count = opened.count as usize;
        let mut names: Vec<ArcStr> = Vec::new();
        let mut codes: Vec<(u16, u16)> = Vec::with_capacity(count);
        let mut by_name: Vec<(u64, u32)> = Vec::with_capacity(count);
        let mut card_counts: HashMap<String, usize> = HashMap::new();
        let mut code_of = |s: &str| -> Result<u16, StoreError> {
            match names.iter().position(|n| n == s) {
                Some(p) => Ok(p as u16),
                None if names.len() < usize::from(u16::MAX) => {
                    names.push(ArcStr::from(s));
                    Ok((names.len() - 1) as u16)
                }
                None => Err(StoreError::Corrupt {
                    path: path.to_path_buf(),
                    message: "more than 65,535 distinct games and card types".into(),
                }),
            }
        };
        file.keys(|id, game, name, card_type| {
            if id as usize != codes.len() {
                return Err(StoreError::Corrupt {
                    path: path.to_path_buf(),
                    message: format!("card {id} out of order"),
                });
            }
            codes.push((code_of(game)?, code_of(card_type)?));
            by_name.push((NameIndex::key(game, &fold(name)), id));
            match card_counts.get_mut(game) {
                Some(n) => *n += 1,
                None => {
                    card_counts.insert(game.to_string(), 1);
                }
            }
            Ok(())
        })?;
        let mut cards_by_keyword: HashMap<(String, String), Vec<u32>> = HashMap::new();
        file.keywords(|id, keyword| {
            let game = codes
                .get(id as usize)
                .and_then(|&(g, _)| names.get(usize::from(g)))
                .ok_or_else(|| StoreError::Corrupt {
                    path: path.to_path_buf(),
                    message: format!("a keyword of card {id}, which does not exist"),
                })?;
            add_keyword(&mut cards_by_keyword, game, keyword, id);
            Ok(())
        })?;
        let cards = Cards::disk(
            file,
            opened.count,
            cfg.card_cache,
            codes.into_boxed_slice(),
            names,
        );
        Ok(Catalogue::assemble(
            opened.tables.split().0,
            cards,
            opened.hash,
            NameIndex::new(by_name),
            cards_by_keyword,
            card_counts,
        ))
    }

    /// Wraps data already in memory (tests, benchmarks); the cards are held in memory.
    pub fn from_data(data: DataSet, data_hash: String) -> Catalogue {
        let (tables, cards) = data.split();
        let by_name = cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                Some((
                    NameIndex::key(&c.game, &fold(&c.name)),
                    u32::try_from(i).ok()?,
                ))
            })
            .collect();
        let mut cards_by_keyword: HashMap<(String, String), Vec<u32>> = HashMap::new();
        let mut card_counts: HashMap<String, usize> = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            *card_counts.entry(c.game.to_string()).or_default() += 1;
            let Ok(i) = u32::try_from(i) else { continue };
            for a in &c.abilities {
                add_keyword(&mut cards_by_keyword, &c.game, &a.keyword, i);
            }
        }
        Catalogue::assemble(
            tables,
            Cards::memory(cards),
            data_hash,
            NameIndex::new(by_name),
            cards_by_keyword,
            card_counts,
        )
    }

    /// The data back from a catalogue made by [`Catalogue::from_data`] (the import checks
    /// its rulings' positions against the catalogue it is about to write, then writes it).
    fn into_data(self) -> Option<DataSet> {
        let Tables {
            games,
            keywords,
            rules,
            factions,
            attribute_columns,
            formats,
            legality,
            rulings,
        } = self.data;
        Some(DataSet {
            cards: self.cards.into_memory()?,
            games,
            keywords,
            rules,
            factions,
            attribute_columns,
            formats,
            legality,
            rulings,
        })
    }

    fn assemble(
        data: Tables,
        cards: Cards,
        data_hash: String,
        cards_by_name: NameIndex,
        mut cards_by_keyword: HashMap<(String, String), Vec<u32>>,
        card_counts: HashMap<String, usize>,
    ) -> Catalogue {
        for list in cards_by_keyword.values_mut() {
            list.shrink_to_fit();
        }
        let mut keywords_by_name: HashMap<String, HashMap<String, usize>> = HashMap::new();
        for (i, k) in data.keywords.iter().enumerate() {
            let names = keywords_by_name.entry(k.game.clone()).or_default();
            for n in std::iter::once(&k.name).chain(&k.aliases) {
                names.insert(fold(n), i);
            }
        }
        let mut rules_by_section: HashMap<(String, String), Vec<usize>> = HashMap::new();
        for (i, r) in data.rules.iter().enumerate() {
            rules_by_section
                .entry((r.game.clone(), r.section.clone()))
                .or_default()
                .push(i);
        }
        Catalogue {
            data,
            cards,
            data_hash,
            cards_by_name,
            keywords_by_name,
            rules_by_section,
            cards_by_keyword,
            card_counts,
        }
    }

    /// Everything but the cards.
    pub fn data(&self) -> &Tables {
        &self.data
    }
    /// The rulings of `rulings.csv`, in file order, positions canonical.
    pub fn rulings(&self) -> &[crate::rulings::Ruling] {
        &self.data.rulings
    }
    /// The cards, in memory or in the file.
    pub fn cards(&self) -> &Cards {
        &self.cards
    }
    /// The hash of the data files this catalogue was imported from.
    pub fn data_hash(&self) -> &str {
        &self.data_hash
    }
    pub fn games(&self) -> &[Game] {
        &self.data.games
    }
    pub fn game(&self, slug: &str) -> Option<&Game> {
        self.data.games.iter().find(|g| g.slug == slug)
    }
    /// A card by name, case- and quote-insensitively.
    pub fn card(&self, game: &str, name: &str) -> Option<CardRef<'_>> {
        self.cards_by_name.get(&self.cards, game, name)
    }
    /// Every game's card called `name` (case- and quote-insensitively), in catalogue
    /// order: a lookup per game, not a walk over the cards.
    pub fn cards_named(&self, name: &str) -> Vec<CardRef<'_>> {
        let folded = fold(name);
        let mut found: Vec<(u32, CardRef<'_>)> = self
            .data
            .games
            .iter()
            .filter_map(|g| self.cards_by_name.get_at(&self.cards, &g.slug, &folded))
            .collect();
        found.sort_by_key(|(i, _)| *i);
        found.into_iter().map(|(_, c)| c).collect()
    }
    /// A keyword by name or alias, case- and quote-insensitively.
    pub fn keyword(&self, game: &str, name: &str) -> Option<&Keyword> {
        self.keyword_number(game, &fold(name))
            .map(|i| &self.data.keywords[i])
    }
    /// The number of the keyword named (or aliased) `folded` ([`fold`]ed already) in a
    /// game: two names are the same keyword when their numbers are equal.
    pub fn keyword_number(&self, game: &str, folded: &str) -> Option<usize> {
        self.keywords_by_name.get(game)?.get(folded).copied()
    }
    /// Every game's keyword of this name or alias, in game order.
    pub fn keywords_named(&self, name: &str) -> Vec<&Keyword> {
        self.data
            .games
            .iter()
            .filter_map(|g| self.keyword(&g.slug, name))
            .collect()
    }
    /// The rules numbered `section`, in source order (several where the source repeats it).
    pub fn rules(&self, game: &str, section: &str) -> Vec<&Rule> {
        self.rules_by_section
            .get(&(game.to_string(), section.to_string()))
            .map(|ids| ids.iter().map(|&i| &self.data.rules[i]).collect())
            .unwrap_or_default()
    }
    /// The cards that carry `keyword` (its canonical name), in catalogue order.
    pub fn cards_with_keyword(&self, game: &str, keyword: &str) -> Vec<CardRef<'_>> {
        self.cards_by_keyword
            .get(&(game.to_string(), keyword.to_string()))
            .map(|ids| {
                ids.iter()
                    .filter_map(|&i| self.cards.get(i as usize))
                    .collect()
            })
            .unwrap_or_default()
    }
    /// The positions of the cards that carry `keyword` (its canonical name), ascending,
    /// without reading the cards.
    pub fn card_ids_with_keyword(&self, game: &str, keyword: &str) -> &[u32] {
        self.cards_by_keyword
            .get(&(game.to_string(), keyword.to_string()))
            .map_or(&[], Vec::as_slice)
    }
    /// The deck-building formats of one game, in file order.
    pub fn formats<'a>(&'a self, game: &'a str) -> impl Iterator<Item = &'a Format> + 'a {
        self.data.formats.iter().filter(move |f| f.game == game)
    }
    /// One format of a game by its slug.
    pub fn format(&self, game: &str, name: &str) -> Option<&Format> {
        self.data
            .formats
            .iter()
            .find(|f| f.game == game && f.name == name)
    }
    /// The card statuses (`legality.csv`) of one format.
    pub fn legality<'a>(
        &'a self,
        game: &'a str,
        format: &'a str,
    ) -> impl Iterator<Item = &'a Legality> + 'a {
        self.data
            .legality
            .iter()
            .filter(move |l| l.game == game && l.format == format)
    }
    /// A faction of a game by name, case- and quote-insensitively.
    pub fn faction(&self, game: &str, name: &str) -> Option<&Faction> {
        let key = fold(name);
        self.data
            .factions
            .iter()
            .find(|f| f.game == game && fold(&f.name) == key)
    }
    pub fn factions<'a>(&'a self, game: &'a str) -> impl Iterator<Item = &'a Faction> + 'a {
        self.data.factions.iter().filter(move |f| f.game == game)
    }
    /// (cards, keywords, rules) of one game.
    pub fn counts(&self, game: &str) -> (usize, usize, usize) {
        let d = &self.data;
        (
            self.card_counts.get(game).copied().unwrap_or(0),
            d.keywords.iter().filter(|k| k.game == game).count(),
            d.rules.iter().filter(|r| r.game == game).count(),
        )
    }
}
