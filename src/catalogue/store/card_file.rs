//! A catalogue file's cards, read on demand by id range ([`CardFile`], [`read_cards`]),
//! and the interning that shares the strings many cards repeat ([`Interner`]).
//!
//! It leaves out opening the file and checking its version, and the other tables
//! (`read.rs`), and the bounded cache in front of the cards (`crate::catalogue::cards`).

use super::read::rows_with;
use super::{sql, StoreError};
use crate::catalogue::model::*;
use crate::grammar::AbilityParse;
use rusqlite::{params, Connection, OpenFlags};
use std::path::{Path, PathBuf};

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
    /// The file at `path`, with `conn` (open on it, read-only) as its first pooled connection.
    pub(super) fn new(path: &Path, conn: Connection) -> CardFile {
        CardFile {
            path: path.to_path_buf(),
            pool: std::sync::Mutex::new(vec![conn]),
        }
    }

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
pub(super) fn read_cards(
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
pub(super) struct Interner(std::collections::HashSet<ArcStr>);

impl Interner {
    pub(super) fn get(&mut self, s: &str) -> ArcStr {
        if let Some(a) = self.0.get(s) {
            return a.clone();
        }
        let a = ArcStr::from(s);
        self.0.insert(a.clone());
        a
    }
}
