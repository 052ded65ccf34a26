//! Opening a catalogue file for reading and reading its tables back: the version check,
//! every table but the cards, and the whole catalogue ([`read`]) or everything but the
//! cards with the file kept to read them from ([`open_tables`]). [`Row`], [`rows`] and
//! [`rows_with`] read query results with every error naming the file.
//!
//! It leaves out reading the cards themselves and interning their strings (`card_file.rs`).

use super::card_file::{read_cards, CardFile, Interner};
use super::{sql, StoreError, SCHEMA_VERSION};
use crate::catalogue::model::*;
use crate::grammar::AbilityParse;
use crate::rulings::{Ruling, Tier};
use rusqlite::{Connection, OpenFlags};
use std::io;
use std::path::Path;

/// One row being read by [`rows`]: its columns, with every error naming the file.
pub(super) struct Row<'r, 's> {
    row: &'r rusqlite::Row<'s>,
    path: &'r Path,
}

impl Row<'_, '_> {
    /// Column `i`.
    pub(super) fn get<T: rusqlite::types::FromSql>(&self, i: usize) -> Result<T, StoreError> {
        self.row.get(i).map_err(sql(self.path))
    }

    /// Column `i`, a JSON text (`what` names it in the error).
    pub(super) fn json<T: serde::de::DeserializeOwned>(
        &self,
        i: usize,
        what: &str,
    ) -> Result<T, StoreError> {
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
pub(super) fn rows_with<T>(
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
        file: CardFile::new(path, conn),
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
            "SELECT game, format, description, max_gold, heroes, min_barrack, min_treasury, min_spellbook, main_deck, max_copies, min_terrain, max_movement_terrain, effective FROM formats ORDER BY ord",
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
                    effective: r.get(12)?,
                })
            },
        )?,
        legality: rows(
            conn,
            path,
            "SELECT game, format, card, status, effective FROM legality ORDER BY ord",
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
                    effective: r.get(4)?,
                })
            },
        )?,
        rulings: rows(
            conn,
            path,
            "SELECT id, game, question, answer, keywords, cards, rules, position, hash, step, tier, source, published, supersedes FROM rulings ORDER BY ord",
            |r| {
                let tier: String = r.get(10)?;
                Ok(Ruling {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    question: r.get(2)?,
                    answer: r.get(3)?,
                    keywords: r.json(4, "ruling keywords")?,
                    cards: r.json(5, "ruling cards")?,
                    rules: r.json(6, "ruling rules")?,
                    position: r.get(7)?,
                    hash: r.get(8)?,
                    step: r.get(9)?,
                    tier: Tier::parse(&tier).ok_or_else(|| StoreError::Corrupt {
                        path: path.to_path_buf(),
                        message: format!("ruling tier `{tier}`"),
                    })?,
                    source: r.get(11)?,
                    published: r.get(12)?,
                    supersedes: r.get(13)?,
                })
            },
        )?,
    })
}
