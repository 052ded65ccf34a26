//! Writing a catalogue file, atomically: the schema, its indexes, and every table of a
//! [`DataSet`] filled in one transaction in a temporary file renamed over the target.
//!
//! It leaves out reading the file back (`read.rs`, `card_file.rs`) and deciding whether a
//! file may be replaced (`inspect.rs`, and the caller under its lock).

use super::{io_err, json, sql, StoreError, APPLICATION_ID, SCHEMA_VERSION};
use crate::catalogue::model::*;
use rusqlite::{params, Connection};
use std::path::{Path, PathBuf};

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
    max_movement_terrain INTEGER NOT NULL, effective TEXT, UNIQUE (game, format));
CREATE TABLE legality (ord INTEGER PRIMARY KEY, game TEXT NOT NULL, format TEXT NOT NULL,
    card TEXT NOT NULL, status TEXT NOT NULL, effective TEXT);
CREATE TABLE rulings (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
    question TEXT NOT NULL, answer TEXT NOT NULL, keywords TEXT NOT NULL, cards TEXT NOT NULL,
    rules TEXT NOT NULL, position TEXT NOT NULL, hash TEXT NOT NULL, step INTEGER NOT NULL,
    tier TEXT NOT NULL, source TEXT NOT NULL, published TEXT NOT NULL, supersedes TEXT);
";
/// Indexes are built after the bulk insert. The application reads the catalogue whole
/// (`Catalogue::open`), so only the small tables are indexed, for people querying the
/// file by hand; indexing the card tables would double the import time for no reader.
const INDEXES: &str = "
CREATE INDEX rules_by_section ON rules (game, section);
CREATE INDEX keywords_by_name ON keywords (game, name);
";

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
            "INSERT INTO formats VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
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
                f.max_movement_terrain,
                f.effective
            ])?;
        }
        let mut st = tx.prepare("INSERT INTO legality VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
        for (i, l) in data.legality.iter().enumerate() {
            st.execute(params![
                i as i64,
                l.game,
                l.format,
                l.card,
                l.status.as_str(),
                l.effective
            ])?;
        }
        let mut st = tx.prepare(
            "INSERT INTO rulings VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        )?;
        for (i, r) in data.rulings.iter().enumerate() {
            st.execute(params![
                i as i64,
                r.id,
                r.game,
                r.question,
                r.answer,
                json(&r.keywords),
                json(&r.cards),
                json(&r.rules),
                r.position,
                r.hash,
                i64::from(r.step),
                r.tier.as_str(),
                r.source,
                r.published,
                r.supersedes
            ])?;
        }
    }
    tx.execute_batch(INDEXES)?;
    tx.commit()
}
