//! The SQLite file: its schema, writing a [`DataSet`] into it, and reading one back.
//!
//! Only this module knows SQL. A catalogue file is written once, whole, by [`write_atomic`]
//! into a temporary file beside the target and renamed over it, so readers see the old
//! catalogue or the new one and never a half-written one.

use super::model::*;
use crate::grammar::AbilityParse;
use rusqlite::{params, Connection, OpenFlags};
use std::io;
use std::path::{Path, PathBuf};

/// Bumped whenever the schema changes; a catalogue of another version is refused by the
/// readers and may be replaced by `arbiter import`.
pub const SCHEMA_VERSION: i64 = 3;

/// The SQLite header's application id of every catalogue this crate writes ("ARBC"), so a
/// damaged catalogue is still known for ours and a stranger's SQLite file never is.
pub const APPLICATION_ID: i32 = 0x4152_4243;

const SCHEMA: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (ord INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    description TEXT NOT NULL, source TEXT NOT NULL);
CREATE TABLE factions (ord INTEGER PRIMARY KEY, game TEXT NOT NULL, faction TEXT NOT NULL, side TEXT);
CREATE TABLE keywords (id INTEGER PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL,
    aliases TEXT NOT NULL, takes_value INTEGER NOT NULL, kind TEXT NOT NULL, timing TEXT NOT NULL,
    section TEXT NOT NULL, text TEXT NOT NULL, normalised TEXT, source TEXT NOT NULL, parse TEXT);
CREATE TABLE rules (id INTEGER PRIMARY KEY, game TEXT NOT NULL, section TEXT NOT NULL,
    title TEXT NOT NULL, text TEXT NOT NULL, normalised TEXT, source TEXT NOT NULL);
CREATE TABLE attribute_columns (ord INTEGER PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL,
    numeric INTEGER NOT NULL);
CREATE TABLE cards (id INTEGER PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL,
    type TEXT NOT NULL, faction TEXT, value INTEGER, traits TEXT NOT NULL, text TEXT NOT NULL,
    attributes TEXT NOT NULL, text_abilities TEXT NOT NULL);
CREATE TABLE card_keywords (card_id INTEGER NOT NULL, ord INTEGER NOT NULL, keyword TEXT NOT NULL,
    value INTEGER, PRIMARY KEY (card_id, ord)) WITHOUT ROWID;
CREATE TABLE formats (ord INTEGER PRIMARY KEY, game TEXT NOT NULL, format TEXT NOT NULL,
    description TEXT NOT NULL, max_gold INTEGER NOT NULL, heroes INTEGER NOT NULL,
    min_barrack INTEGER NOT NULL, min_treasury INTEGER NOT NULL, min_spellbook INTEGER NOT NULL,
    main_deck INTEGER NOT NULL, max_copies INTEGER NOT NULL, min_terrain INTEGER NOT NULL,
    max_movement_terrain INTEGER NOT NULL, UNIQUE (game, format));
CREATE TABLE legality (ord INTEGER PRIMARY KEY, game TEXT NOT NULL, format TEXT NOT NULL,
    card TEXT NOT NULL, status TEXT NOT NULL);
";
/// Indexes are built after the bulk insert. The application reads the catalogue whole
/// (`Catalogue::open`), so only the small tables are indexed, for people querying the
/// file by hand; indexing the card tables would double the import time for no reader.
const INDEXES: &str = "
CREATE INDEX rules_by_section ON rules (game, section);
CREATE INDEX keywords_by_name ON keywords (game, name);
";

/// What can go wrong reading or writing the file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path}: SQLite: {source}")]
    Sqlite {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path}: not an Arbiter catalogue of schema version {SCHEMA_VERSION} (found {found})")]
    Version { path: PathBuf, found: String },
    #[error("{path}: corrupt catalogue: {message}")]
    Corrupt { path: PathBuf, message: String },
}

fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |source| StoreError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}

fn io_err(path: &Path) -> impl Fn(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("catalogue values serialise")
}

/// What the final rename of [`write_atomic`] may replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// Whatever is at the target (the caller has checked what it is, under the lock).
    Existing,
    /// Nothing: the rename fails if a file appeared at the target meanwhile.
    Nothing,
}

/// Writes `data` to a fresh catalogue at `target`, atomically: a temporary file in the same
/// directory is filled, synced and renamed over `target`. On any error, or if the process
/// dies first, `target` is untouched. `data_hash` identifies the input it was built from.
pub fn write_atomic(
    data: &DataSet,
    data_hash: &str,
    target: &Path,
    replace: Replace,
    progress: &dyn Fn(u64),
) -> Result<(), StoreError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(io_err(&dir))?;
    let file_name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{file_name}."))
        .suffix(".importing")
        .tempfile_in(&dir)
        .map_err(io_err(&dir))?;
    let tmp_path = tmp.path().to_path_buf();
    {
        let mut conn = Connection::open(&tmp_path).map_err(sql(&tmp_path))?;
        // The file is private until the rename, so it needs no journal of its own.
        conn.execute_batch(
            "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;",
        )
        .map_err(sql(&tmp_path))?;
        write(&mut conn, data, data_hash, progress).map_err(sql(&tmp_path))?;
        conn.close().map_err(|(_, e)| e).map_err(sql(&tmp_path))?;
    }
    // tempfile creates the file private (0600); a catalogue is as readable as any data file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(target)
            .map(|m| m.permissions().mode())
            .unwrap_or(0o644);
        std::fs::set_permissions(&tmp_path, std::fs::Permissions::from_mode(mode & 0o777))
            .map_err(io_err(&tmp_path))?;
    }
    tmp.as_file().sync_all().map_err(io_err(&tmp_path))?;
    let persisted = match replace {
        Replace::Existing => tmp.persist(target),
        Replace::Nothing => tmp.persist_noclobber(target),
    };
    persisted.map_err(|e| StoreError::Io {
        path: target.to_path_buf(),
        source: e.error,
    })?;
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn write(
    conn: &mut Connection,
    data: &DataSet,
    data_hash: &str,
    progress: &dyn Fn(u64),
) -> rusqlite::Result<()> {
    conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    let tx = conn.transaction()?;
    tx.execute_batch(SCHEMA)?;
    {
        let mut meta = tx.prepare("INSERT INTO meta (key, value) VALUES (?1, ?2)")?;
        meta.execute(params!["schema_version", SCHEMA_VERSION.to_string()])?;
        meta.execute(params!["data_hash", data_hash])?;
        let mut st = tx.prepare("INSERT INTO games VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for (i, g) in data.games.iter().enumerate() {
            st.execute(params![i as i64, g.slug, g.name, g.description, g.source])?;
        }
        let mut st = tx.prepare("INSERT INTO factions VALUES (?1, ?2, ?3, ?4)")?;
        for (i, f) in data.factions.iter().enumerate() {
            st.execute(params![i as i64, f.game, f.name, f.side.map(Side::as_str)])?;
        }
        let mut st = tx.prepare(
            "INSERT INTO keywords VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        for (i, k) in data.keywords.iter().enumerate() {
            st.execute(params![
                i as i64,
                k.game,
                k.name,
                json(&k.aliases),
                k.takes_value,
                k.kind,
                k.timing,
                k.section,
                k.text,
                k.normalised,
                k.source,
                k.parse.as_ref().map(json)
            ])?;
        }
        let mut st = tx.prepare("INSERT INTO rules VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?;
        for r in &data.rules {
            st.execute(params![
                r.ordinal as i64,
                r.game,
                r.section,
                r.title,
                r.text,
                r.normalised,
                r.source
            ])?;
        }
        let mut st = tx.prepare("INSERT INTO attribute_columns VALUES (?1, ?2, ?3, ?4)")?;
        for (i, a) in data.attribute_columns.iter().enumerate() {
            st.execute(params![i as i64, a.game, a.name, a.numeric])?;
        }
        let mut card =
            tx.prepare("INSERT INTO cards VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?;
        let mut kw = tx.prepare("INSERT INTO card_keywords VALUES (?1, ?2, ?3, ?4)")?;
        for (i, c) in data.cards.iter().enumerate() {
            card.execute(params![
                i as i64,
                c.game.as_str(),
                c.name.as_str(),
                c.card_type.as_str(),
                c.faction.as_deref(),
                c.value,
                json(&c.traits),
                c.text.as_str(),
                json(&c.attributes),
                json(&c.text_abilities)
            ])?;
            for (j, a) in c.abilities.iter().enumerate() {
                kw.execute(params![i as i64, j as i64, a.keyword.as_str(), a.value])?;
            }
            progress(1);
        }
        let mut st = tx.prepare(
            "INSERT INTO formats VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        )?;
        for (i, f) in data.formats.iter().enumerate() {
            st.execute(params![
                i as i64,
                f.game,
                f.name,
                f.description,
                f.max_gold,
                f.heroes,
                f.min_barrack,
                f.min_treasury,
                f.min_spellbook,
                f.main_deck,
                f.max_copies,
                f.min_terrain,
                f.max_movement_terrain
            ])?;
        }
        let mut st = tx.prepare("INSERT INTO legality VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for (i, l) in data.legality.iter().enumerate() {
            st.execute(params![
                i as i64,
                l.game,
                l.format,
                l.card,
                l.status.as_str()
            ])?;
        }
    }
    tx.execute_batch(INDEXES)?;
    tx.commit()
}

/// What is at a catalogue path, found by [`inspect`] without writing anything there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Nothing at all: a catalogue may be created here.
    Nothing,
    /// A catalogue of this schema version.
    Current,
    /// An Arbiter catalogue this build cannot read (another schema version, or damaged):
    /// `arbiter import` may replace it; nothing else writes it.
    Ours { why: String },
    /// Anything else, which no command replaces unless told `--force`.
    Foreign { why: String },
}

/// Says what is at `path`, reading it only (see [`crate::sqlfile::probe`]).
pub fn inspect(path: &Path) -> Found {
    use crate::sqlfile::{probe, Probe};
    let foreign = |why: String| Found::Foreign { why };
    let (ours, tables, conn) = match probe(path) {
        Probe::Nothing => return Found::Nothing,
        Probe::Other { why } => return foreign(why),
        Probe::Sqlite {
            application_id,
            tables,
            conn,
        } => (application_id == APPLICATION_ID, tables, conn),
    };
    let (tables, conn) = match (tables, conn) {
        (Ok(t), Some(c)) => (t, c),
        (Err(e), _) if ours => {
            return Found::Ours {
                why: format!("is damaged: {e}"),
            }
        }
        (Err(e), _) => return foreign(format!("is a damaged SQLite file: {e}")),
        (Ok(_), None) => return foreign("is an SQLite file that cannot be opened".into()),
    };
    let has = |t: &str| tables.iter().any(|x| x == t);
    let ours = ours
        || ["meta", "games", "keywords", "rules", "cards"]
            .iter()
            .all(|t| has(t));
    if !ours {
        return foreign(if has("permalink") || has("permalinks") {
            "is an Arbiter permalink store, not a catalogue".into()
        } else if tables.is_empty() {
            "is an empty SQLite database, not an Arbiter catalogue".into()
        } else {
            format!(
                "is an SQLite database of another program (tables: {})",
                tables.join(", ")
            )
        });
    }
    let value = |key: &str| -> Result<String, rusqlite::Error> {
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
    };
    match value("schema_version") {
        Ok(v) if v == SCHEMA_VERSION.to_string() => match value("data_hash") {
            Ok(_) => Found::Current,
            Err(e) => Found::Ours {
                why: format!("is damaged: no data hash ({e})"),
            },
        },
        Ok(v) => Found::Ours {
            why: format!(
                "is an Arbiter catalogue of schema version {v}; this build reads version {SCHEMA_VERSION}"
            ),
        },
        Err(e) => Found::Ours {
            why: format!("is damaged: no schema version ({e})"),
        },
    }
}

/// One row being read by [`rows`]: its columns, with every error naming the file.
struct Row<'r, 's> {
    row: &'r rusqlite::Row<'s>,
    path: &'r Path,
}

impl Row<'_, '_> {
    /// Column `i`.
    fn get<T: rusqlite::types::FromSql>(&self, i: usize) -> Result<T, StoreError> {
        self.row.get(i).map_err(sql(self.path))
    }

    /// Column `i`, a JSON text (`what` names it in the error).
    fn json<T: serde::de::DeserializeOwned>(&self, i: usize, what: &str) -> Result<T, StoreError> {
        let text: String = self.get(i)?;
        serde_json::from_str(&text).map_err(|e| StoreError::Corrupt {
            path: self.path.to_path_buf(),
            message: format!("{what}: {e}"),
        })
    }

    /// Column `i`, a JSON text or NULL.
    fn json_opt<T: serde::de::DeserializeOwned>(
        &self,
        i: usize,
        what: &str,
    ) -> Result<Option<T>, StoreError> {
        match self.get::<Option<String>>(i)? {
            None => Ok(None),
            Some(_) => self.json(i, what).map(Some),
        }
    }
}

/// Runs `query` and reads each of its rows with `read`.
fn rows<T>(
    conn: &Connection,
    path: &Path,
    query: &str,
    read: impl FnMut(&Row) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    rows_with(conn, path, query, [], read)
}

/// [`rows`] with parameters.
fn rows_with<T>(
    conn: &Connection,
    path: &Path,
    query: &str,
    params: impl rusqlite::Params,
    mut read: impl FnMut(&Row) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    let e = sql(path);
    let mut st = conn.prepare_cached(query).map_err(&e)?;
    let mut found = st.query(params).map_err(&e)?;
    let mut out = Vec::new();
    while let Some(row) = found.next().map_err(&e)? {
        out.push(read(&Row { row, path })?);
    }
    Ok(out)
}

/// Opens a catalogue file for reading, checks its schema version and returns the
/// connection and the data hash.
fn open_read(path: &Path) -> Result<(Connection, String), StoreError> {
    if !path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            source: io::Error::new(io::ErrorKind::NotFound, "no catalogue here"),
        });
    }
    let conn =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql(path))?;
    let version: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| "none".into());
    if version != SCHEMA_VERSION.to_string() {
        return Err(StoreError::Version {
            path: path.to_path_buf(),
            found: version,
        });
    }
    let hash: String = conn
        .query_row("SELECT value FROM meta WHERE key = 'data_hash'", [], |r| {
            r.get(0)
        })
        .map_err(sql(path))?;
    Ok((conn, hash))
}

/// Reads a whole catalogue back. Returns the data and its data hash.
pub fn read(path: &Path) -> Result<(DataSet, String), StoreError> {
    let (conn, hash) = open_read(path)?;
    let mut data = read_tables(&conn, path)?;
    let mut names = Interner::default();
    data.cards = read_cards(&conn, path, 0..u32::MAX, &mut |s| names.get(s))?;
    data.cards.shrink_to_fit();
    Ok((data, hash))
}

/// A catalogue opened for reading with its cards left in the file: everything but the
/// cards, read whole; the cards' sizes; and the file, to read cards from on demand.
pub struct Opened {
    pub tables: DataSet,
    pub hash: String,
    /// How many cards there are (their ids are `0..count`).
    pub count: u32,
    /// What reading every card into memory would take, estimated from the stored text
    /// (see [`CARD_OVERHEAD`]).
    pub estimate: u64,
    pub file: CardFile,
}

/// Bytes a card held in memory takes beyond its stored text: its record, its allocations'
/// headers, its abilities and its share of the lookups. At 100,000 cards of
/// `examples/gen_cards` (304 bytes of stored text each) the server's RSS grows by
/// ~0.67 KB a card (BENCHMARKS.md, issue #20, fourth round), so this is ~0.4 KB.
pub const CARD_OVERHEAD: u64 = 400;

/// Opens `path` for reading without reading its cards (see [`Opened`]).
pub fn open_tables(path: &Path) -> Result<Opened, StoreError> {
    let (conn, hash) = open_read(path)?;
    let tables = read_tables(&conn, path)?;
    let (count, bytes): (i64, i64) = conn
        .query_row(
            "SELECT COUNT(*), COALESCE(SUM(LENGTH(name) + LENGTH(text) + LENGTH(traits) + LENGTH(attributes) + LENGTH(text_abilities)), 0) FROM cards",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map_err(sql(path))?;
    let max_id: Option<i64> = conn
        .query_row("SELECT MAX(id) FROM cards", [], |r| r.get(0))
        .map_err(sql(path))?;
    let count = u32::try_from(count).map_err(|_| StoreError::Corrupt {
        path: path.to_path_buf(),
        message: format!("{count} cards"),
    })?;
    // Cards are numbered 0.. in file order by the import; a file where they are not was
    // not written by it.
    if max_id.map_or(0, |m| m + 1) != i64::from(count) {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            message: format!("{count} cards but the last is numbered {max_id:?}"),
        });
    }
    Ok(Opened {
        tables,
        hash,
        count,
        estimate: (bytes.max(0) as u64).saturating_add(u64::from(count) * CARD_OVERHEAD),
        file: CardFile {
            path: path.to_path_buf(),
            pool: std::sync::Mutex::new(vec![conn]),
        },
    })
}

/// Everything but the cards.
fn read_tables(conn: &Connection, path: &Path) -> Result<DataSet, StoreError> {
    Ok(DataSet {
        games: rows(
            conn,
            path,
            "SELECT slug, name, description, source FROM games ORDER BY ord",
            |r| {
                Ok(Game {
                    slug: r.get(0)?,
                    name: r.get(1)?,
                    description: r.get(2)?,
                    source: r.get(3)?,
                })
            },
        )?,
        factions: rows(
            conn,
            path,
            "SELECT game, faction, side FROM factions ORDER BY ord",
            |r| {
                let side: Option<String> = r.get(2)?;
                Ok(Faction {
                    game: r.get(0)?,
                    name: r.get(1)?,
                    side: side.as_deref().and_then(Side::parse),
                })
            },
        )?,
        keywords: rows(
            conn,
            path,
            "SELECT game, name, aliases, takes_value, kind, timing, section, text, normalised, source, parse FROM keywords ORDER BY id",
            |r| {
                Ok(Keyword {
                    game: r.get(0)?,
                    name: r.get(1)?,
                    aliases: r.json(2, "keyword aliases")?,
                    takes_value: r.get(3)?,
                    kind: r.get(4)?,
                    timing: r.get(5)?,
                    section: r.get(6)?,
                    text: r.get(7)?,
                    normalised: r.get(8)?,
                    source: r.get(9)?,
                    parse: r.json_opt::<AbilityParse>(10, "keyword parse")?,
                })
            },
        )?,
        rules: rows(
            conn,
            path,
            "SELECT id, game, section, title, text, normalised, source FROM rules ORDER BY id",
            |r| {
                Ok(Rule {
                    ordinal: r.get::<i64>(0)? as usize,
                    game: r.get(1)?,
                    section: r.get(2)?,
                    title: r.get(3)?,
                    text: r.get(4)?,
                    normalised: r.get(5)?,
                    source: r.get(6)?,
                })
            },
        )?,
        attribute_columns: rows(
            conn,
            path,
            "SELECT game, name, numeric FROM attribute_columns ORDER BY ord",
            |r| {
                Ok(AttributeColumn {
                    game: r.get(0)?,
                    name: r.get(1)?,
                    numeric: r.get(2)?,
                })
            },
        )?,
        cards: Vec::new(),
        formats: rows(
            conn,
            path,
            "SELECT game, format, description, max_gold, heroes, min_barrack, min_treasury, min_spellbook, main_deck, max_copies, min_terrain, max_movement_terrain FROM formats ORDER BY ord",
            |r| {
                Ok(Format {
                    game: r.get(0)?,
                    name: r.get(1)?,
                    description: r.get(2)?,
                    max_gold: r.get(3)?,
                    heroes: r.get(4)?,
                    min_barrack: r.get(5)?,
                    min_treasury: r.get(6)?,
                    min_spellbook: r.get(7)?,
                    main_deck: r.get(8)?,
                    max_copies: r.get(9)?,
                    min_terrain: r.get(10)?,
                    max_movement_terrain: r.get(11)?,
                })
            },
        )?,
        legality: rows(
            conn,
            path,
            "SELECT game, format, card, status FROM legality ORDER BY ord",
            |r| {
                let status: String = r.get(3)?;
                Ok(Legality {
                    game: r.get(0)?,
                    format: r.get(1)?,
                    card: r.get(2)?,
                    status: LegalityStatus::parse(&status).ok_or_else(|| StoreError::Corrupt {
                        path: path.to_path_buf(),
                        message: format!("legality status `{status}`"),
                    })?,
                })
            },
        )?,
    })
}

/// A catalogue file's cards, read on demand (cards held on disk, issue #20). Read-only
/// connections are kept in a small pool so concurrent readers do not wait on one another.
pub struct CardFile {
    path: PathBuf,
    pool: std::sync::Mutex<Vec<Connection>>,
}

impl std::fmt::Debug for CardFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardFile")
            .field("path", &self.path)
            .finish()
    }
}

/// Connections a [`CardFile`] keeps open between reads (one per worker is plenty).
const POOL: usize = 8;

impl CardFile {
    /// The catalogue file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The cards numbered `ids` (in order; the names many cards repeat are not shared,
    /// since a bounded cache holds few cards at a time).
    pub fn read(&self, ids: std::ops::Range<u32>) -> Result<Vec<Card>, StoreError> {
        let conn = self.pool.lock().ok().and_then(|mut p| p.pop());
        let conn = match conn {
            Some(c) => c,
            None => Connection::open_with_flags(&self.path, OpenFlags::SQLITE_OPEN_READ_ONLY)
                .map_err(sql(&self.path))?,
        };
        let cards = read_cards(&conn, &self.path, ids, &mut |s| ArcStr::from(s));
        if let Ok(mut pool) = self.pool.lock() {
            if pool.len() < POOL {
                pool.push(conn);
            }
        }
        cards
    }

    /// Each card's game, name and type, in id order (for the lookups kept in memory).
    pub fn keys(
        &self,
        mut each: impl FnMut(u32, &str, &str, &str) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let conn = Connection::open_with_flags(&self.path, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(sql(&self.path))?;
        let e = sql(&self.path);
        let mut st = conn
            .prepare("SELECT id, game, name, type FROM cards ORDER BY id")
            .map_err(&e)?;
        let mut found = st.query([]).map_err(&e)?;
        while let Some(row) = found.next().map_err(&e)? {
            let id: i64 = row.get(0).map_err(&e)?;
            let (game, name, card_type) = (
                row.get_ref(1).and_then(|v| v.as_str().map_err(Into::into)),
                row.get_ref(2).and_then(|v| v.as_str().map_err(Into::into)),
                row.get_ref(3).and_then(|v| v.as_str().map_err(Into::into)),
            );
            each(
                id as u32,
                game.map_err(&e)?,
                name.map_err(&e)?,
                card_type.map_err(&e)?,
            )?;
        }
        Ok(())
    }

    /// Each card's keywords: (card id, keyword), in id order.
    pub fn keywords(
        &self,
        mut each: impl FnMut(u32, &str) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let conn = Connection::open_with_flags(&self.path, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(sql(&self.path))?;
        let e = sql(&self.path);
        let mut st = conn
            .prepare("SELECT card_id, keyword FROM card_keywords ORDER BY card_id, ord")
            .map_err(&e)?;
        let mut found = st.query([]).map_err(&e)?;
        while let Some(row) = found.next().map_err(&e)? {
            let id: i64 = row.get(0).map_err(&e)?;
            let keyword = row
                .get_ref(1)
                .and_then(|v| v.as_str().map_err(Into::into))
                .map_err(&e)?;
            each(id as u32, keyword)?;
        }
        Ok(())
    }
}

/// The cards numbered `ids`, each with its abilities (the `card_keywords` rows of its id,
/// in order). `names` makes the strings many cards repeat (interning them where the cards
/// are all kept: one allocation each, shared; issue #20).
fn read_cards(
    conn: &Connection,
    path: &Path,
    ids: std::ops::Range<u32>,
    names: &mut dyn FnMut(&str) -> ArcStr,
) -> Result<Vec<Card>, StoreError> {
    let (from, to) = (i64::from(ids.start), i64::from(ids.end));
    let mut abilities: Vec<Vec<CardAbility>> = Vec::new();
    rows_with(
        conn,
        path,
        "SELECT card_id, keyword, value FROM card_keywords WHERE card_id >= ?1 AND card_id < ?2 ORDER BY card_id, ord",
        params![from, to],
        |r| {
            let at = (r.get::<i64>(0)? - from) as usize;
            if abilities.len() <= at {
                abilities.resize_with(at + 1, Vec::new);
            }
            let keyword: String = r.get(1)?;
            abilities[at].push(CardAbility {
                keyword: names(&keyword),
                value: r.get(2)?,
            });
            Ok(())
        },
    )?;
    // Lists are boxed slices, exactly their length: read through `push`, a one-element
    // list keeps room for four, which at 100,000 cards was a third of the catalogue's memory.
    rows_with(
        conn,
        path,
        "SELECT id, game, name, type, faction, value, traits, text, attributes, text_abilities FROM cards WHERE id >= ?1 AND id < ?2 ORDER BY id",
        params![from, to],
        |r| {
            let at = (r.get::<i64>(0)? - from) as usize;
            let traits: Vec<String> = r.json(6, "card traits")?;
            let attributes: Vec<StoredAttribute> = r.json(8, "card attributes")?;
            Ok(Card {
                game: names(&r.get::<String>(1)?),
                name: ArcStr::from(r.get::<String>(2)?),
                card_type: names(&r.get::<String>(3)?),
                faction: r.get::<Option<String>>(4)?.map(|f| names(&f)),
                value: r.get(5)?,
                abilities: abilities
                    .get_mut(at)
                    .map(std::mem::take)
                    .unwrap_or_default()
                    .into_boxed_slice(),
                traits: traits.iter().map(|t| names(t)).collect(),
                text: ArcStr::from(r.get::<String>(7)?),
                attributes: attributes
                    .into_iter()
                    .map(|a| Attribute {
                        name: names(&a.name),
                        value: names(&a.value),
                        number: a.number,
                    })
                    .collect(),
                text_abilities: r
                    .json::<Vec<AbilityParse>>(9, "card text abilities")?
                    .into_boxed_slice(),
            })
        },
    )
}

/// An [`Attribute`] as the `attributes` column stores it, before its strings are interned.
#[derive(serde::Deserialize)]
struct StoredAttribute {
    name: String,
    value: String,
    number: Option<f64>,
}

/// One shared [`ArcStr`] per distinct string.
#[derive(Default)]
struct Interner(std::collections::HashSet<ArcStr>);

impl Interner {
    fn get(&mut self, s: &str) -> ArcStr {
        if let Some(a) = self.0.get(s) {
            return a.clone();
        }
        let a = ArcStr::from(s);
        self.0.insert(a.clone());
        a
    }
}
