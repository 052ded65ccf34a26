//! The catalogue: every game's cards, keywords, rules and factions, imported from CSV
//! into one SQLite file and read back into memory.
//!
//! The public surface is small: [`import`] turns a data directory into a catalogue file
//! (validating everything first, writing atomically), and [`Catalogue::open`] loads one
//! for reading, with the lookups every other module needs. The import format is
//! `data/README.md`. This module does no HTTP and renders nothing; search indexing lives in
//! `search`, which reads a [`Catalogue`].

pub mod csvfile;
mod load;
mod model;
mod store;

pub use load::counts;
pub use model::*;
pub use store::StoreError;

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

/// What to import and where.
#[derive(Debug, Clone)]
pub struct ImportConfig {
    pub data_dir: PathBuf,
    pub db_path: PathBuf,
    pub progress: Progress,
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
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Validates `cfg.data_dir` and, only if it is entirely valid, replaces the catalogue at
/// `cfg.db_path` with it, atomically.
pub fn import(cfg: &ImportConfig) -> Result<ImportReport, ImportError> {
    let bar = match cfg.progress {
        Progress::Auto if std::io::stderr().is_terminal() => indicatif::ProgressBar::new_spinner(),
        _ => indicatif::ProgressBar::hidden(),
    };
    bar.set_message("reading");
    let started = std::time::Instant::now();
    let data_hash = data_hash(&cfg.data_dir)?;
    tracing::debug!(elapsed = ?started.elapsed(), "hashed the data files");
    let data = load::read_dir(&cfg.data_dir, &|n| bar.inc(n)).map_err(ImportError::Invalid)?;
    tracing::debug!(elapsed = ?started.elapsed(), "read and validated");
    bar.set_length(data.cards.len() as u64);
    bar.set_position(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} cards") {
        bar.set_style(style);
    }
    bar.set_message("writing");
    store::write_atomic(&data, &data_hash, &cfg.db_path, &|n| bar.inc(n))?;
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
        let bytes = std::fs::read(&file).map_err(io(&file))?;
        h.update((rel.len() as u64).to_le_bytes());
        h.update(rel.as_bytes());
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(hex::encode(h.finalize()))
}

/// True when `db_path` holds a catalogue this build can read.
pub fn is_current(db_path: &Path) -> bool {
    store::data_hash(db_path).is_some()
}

/// A catalogue loaded for reading, with its lookups.
#[derive(Debug)]
pub struct Catalogue {
    data: DataSet,
    data_hash: String,
    cards_by_name: HashMap<(String, String), usize>,
    keywords_by_name: HashMap<(String, String), usize>,
    rules_by_section: HashMap<(String, String), Vec<usize>>,
    cards_by_keyword: HashMap<(String, String), Vec<usize>>,
}

impl Catalogue {
    /// Loads the catalogue file at `path`.
    pub fn open(path: &Path) -> Result<Catalogue, StoreError> {
        let (data, hash) = store::read(path)?;
        Ok(Catalogue::from_data(data, hash))
    }

    /// Wraps data already in memory (tests, benchmarks).
    pub fn from_data(data: DataSet, data_hash: String) -> Catalogue {
        let mut cards_by_name = HashMap::new();
        let mut cards_by_keyword: HashMap<(String, String), Vec<usize>> = HashMap::new();
        for (i, c) in data.cards.iter().enumerate() {
            cards_by_name.insert((c.game.clone(), fold(&c.name)), i);
            for a in &c.abilities {
                let list = cards_by_keyword
                    .entry((c.game.clone(), a.keyword.clone()))
                    .or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let mut keywords_by_name = HashMap::new();
        for (i, k) in data.keywords.iter().enumerate() {
            for n in std::iter::once(&k.name).chain(&k.aliases) {
                keywords_by_name.insert((k.game.clone(), fold(n)), i);
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
            data_hash,
            cards_by_name,
            keywords_by_name,
            rules_by_section,
            cards_by_keyword,
        }
    }

    pub fn data(&self) -> &DataSet {
        &self.data
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
    pub fn card(&self, game: &str, name: &str) -> Option<&Card> {
        self.cards_by_name
            .get(&(game.to_string(), fold(name)))
            .map(|&i| &self.data.cards[i])
    }
    /// A keyword by name or alias, case- and quote-insensitively.
    pub fn keyword(&self, game: &str, name: &str) -> Option<&Keyword> {
        self.keywords_by_name
            .get(&(game.to_string(), fold(name)))
            .map(|&i| &self.data.keywords[i])
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
    pub fn cards_with_keyword(&self, game: &str, keyword: &str) -> Vec<&Card> {
        self.cards_by_keyword
            .get(&(game.to_string(), keyword.to_string()))
            .map(|ids| ids.iter().map(|&i| &self.data.cards[i]).collect())
            .unwrap_or_default()
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
            d.cards.iter().filter(|c| c.game == game).count(),
            d.keywords.iter().filter(|k| k.game == game).count(),
            d.rules.iter().filter(|r| r.game == game).count(),
        )
    }
}
