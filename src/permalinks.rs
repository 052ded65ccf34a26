//! Content-addressed permalinks for the step-through: a position's canonical JSON stored
//! in SQLite under a hash of itself, so a link survives a server restart and the same
//! position always gets the same link.
//!
//! The store is its own SQLite file beside the catalogue (`<db>.permalinks.sqlite`):
//! importing a catalogue replaces the catalogue file, and must not lose the links judges
//! have shared. This module knows SQL and hashing; it knows nothing of HTTP or of the
//! engine beyond the JSON text it is given.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

/// Hex digits in a permalink hash (64 bits).
pub const HASH_LEN: usize = 16;

/// Largest JSON text stored.
pub const MAX_BYTES: usize = 64 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum PermalinkError {
    #[error("permalink store {path}: {source}")]
    Sql {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error("the position is {0} bytes; a permalink holds at most {MAX_BYTES}")]
    TooLarge(usize),
}

/// The store.
pub struct Permalinks {
    conn: Mutex<Connection>,
    path: String,
}

/// The store's file for the catalogue at `db`.
pub fn path_for(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".permalinks.sqlite");
    PathBuf::from(name)
}

/// The hash of `text`: the first [`HASH_LEN`] hex digits of its SHA-256.
pub fn hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    hex::encode(digest)[..HASH_LEN].to_string()
}

/// Whether `s` has the shape of a permalink hash.
pub fn is_hash(s: &str) -> bool {
    s.len() == HASH_LEN
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Permalinks {
    /// Opens (creating if needed) the store at `path`.
    pub fn open(path: &Path) -> Result<Permalinks, PermalinkError> {
        let shown = path.display().to_string();
        let sql = |source| PermalinkError::Sql {
            path: shown.clone(),
            source,
        };
        let conn = Connection::open(path).map_err(sql)?;
        Self::init(conn, shown.clone()).map_err(sql)
    }

    /// A store that lasts as long as the process (tests, and `AppState::new`).
    pub fn in_memory() -> Permalinks {
        let conn = Connection::open_in_memory().expect("an in-memory SQLite database opens");
        Self::init(conn, ":memory:".into()).expect("the permalink table is created")
    }

    fn init(conn: Connection, path: String) -> Result<Permalinks, rusqlite::Error> {
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE IF NOT EXISTS permalink (
                 hash TEXT PRIMARY KEY,
                 json TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (unixepoch())
             );",
        )?;
        Ok(Permalinks {
            conn: Mutex::new(conn),
            path,
        })
    }

    /// Stores `json` (already canonical) and returns its hash.
    pub fn put(&self, json: &str) -> Result<String, PermalinkError> {
        if json.len() > MAX_BYTES {
            return Err(PermalinkError::TooLarge(json.len()));
        }
        let h = hash(json);
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        conn.execute(
            "INSERT OR IGNORE INTO permalink (hash, json) VALUES (?1, ?2)",
            params![h, json],
        )
        .map_err(|source| PermalinkError::Sql {
            path: self.path.clone(),
            source,
        })?;
        Ok(h)
    }

    /// The JSON stored under `hash`.
    pub fn get(&self, hash: &str) -> Result<Option<String>, PermalinkError> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        conn.query_row(
            "SELECT json FROM permalink WHERE hash = ?1",
            params![hash],
            |r| r.get(0),
        )
        .optional()
        .map_err(|source| PermalinkError::Sql {
            path: self.path.clone(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_same_hash_and_survives_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.sqlite");
        let h = {
            let store = Permalinks::open(&path).unwrap();
            let h = store.put("{\"a\":1}").unwrap();
            assert_eq!(store.put("{\"a\":1}").unwrap(), h);
            assert_ne!(store.put("{\"a\":2}").unwrap(), h);
            h
        };
        assert!(is_hash(&h));
        let store = Permalinks::open(&path).unwrap();
        assert_eq!(store.get(&h).unwrap().as_deref(), Some("{\"a\":1}"));
        assert_eq!(store.get("0000000000000000").unwrap(), None);
        assert!(!is_hash("../etc/passwd"));
        assert!(matches!(
            store.put(&"x".repeat(MAX_BYTES + 1)),
            Err(PermalinkError::TooLarge(_))
        ));
    }
}
