//! Content-addressed permalinks for the step-through: a position's canonical JSON stored
//! in SQLite under a hash of itself, so a link survives a server restart and the same
//! position always gets the same link.
//!
//! The store is its own SQLite file beside the catalogue (`<db>.permalinks.sqlite`):
//! importing a catalogue replaces the catalogue file, and must not lose the links judges
//! have shared. This module knows SQL and hashing; it knows nothing of HTTP or of the
//! engine beyond the JSON text it is given.
//!
//! The store is bounded ([`PermalinkLimits`], issues #12 and #27): total bytes of JSON, a
//! count, new permalinks a minute per client, and bytes per client. A client is a
//! [`ClientGroup`] (an IPv4 address, or an IPv6 /64). Each permalink records who created
//! it and whether anyone else has opened it. Opening a permalink records when
//! (`last_opened`, at most an hour stale); a new permalink that would pass the bound
//! prunes the least recently opened first: one not opened in the last `keep_days` days,
//! then, while shared permalinks hold more than seven eighths of the bound, a shared one
//! (so an eighth is always left to new links), then one only its creator ever opened;
//! when nothing can be pruned it is refused ([`PermalinkError::Full`]). A client past its byte budget is refused
//! ([`PermalinkError::OverBudget`]) while others still store. `docs/reliability.md` says
//! what a host can set and what a client sees.

mod client;
mod prune;
mod schema;

pub use client::ClientGroup;
use prune::Victims;

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

/// Hex digits in a permalink hash (64 bits).
pub const HASH_LEN: usize = 16;

/// Largest JSON text stored.
pub const MAX_BYTES: usize = 64 * 1024;

/// Seconds a day.
const DAY: i64 = 86_400;

/// How often (seconds) opening a permalink records the time it was opened: its
/// `last_opened` is at most this stale, so a busy link costs one write an hour.
const TOUCH_EVERY: i64 = 3_600;

/// The `Retry-After` of a full store (seconds): an hour.
const FULL_RETRY_AFTER: u64 = 3_600;

/// Rate-limit windows remembered before old ones are forgotten.
const RATE_CLIENTS: usize = 10_000;

/// The share of `max_bytes` one client may keep when the host sets no budget.
const DEFAULT_BUDGET_SHARE: u64 = 16;

/// The share of each bound reserved for new links: shared permalinks (opened by a
/// client other than their creator) may hold at most the rest, seven eighths of
/// `max_bytes` and of `max_count`; past that, a full store prunes them too.
const NEW_LINK_RESERVE: u64 = 8;

/// The bounds a host sets on the store. Defaults: [`PermalinkLimits::default`].
///
/// When a new permalink would pass `max_bytes` or `max_count`, the least recently opened
/// permalinks are pruned first: those not opened in the last `keep_days` days; then,
/// while shared permalinks (opened by a client other than their creator) hold more than
/// seven eighths of `max_bytes` or of `max_count`, shared ones; then those only their
/// creator ever opened (even within `keep_days`). When nothing can be pruned, new
/// permalinks are refused ([`PermalinkError::Full`]) and existing ones keep working. A client whose permalinks would pass `per_client_bytes` first loses its own
/// not opened in `keep_days`, and is otherwise refused ([`PermalinkError::OverBudget`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermalinkLimits {
    /// Total bytes of stored position JSON. Default: 256 MiB (the file is this plus
    /// SQLite's overhead, about 10%).
    pub max_bytes: u64,
    /// Permalinks stored. Default: 1,000,000.
    pub max_count: u64,
    /// A permalink opened or created this recently is pruned only if only its creator
    /// opened it, or if it is shared and shared ones hold more than seven eighths of a
    /// bound. Default: 30.
    pub keep_days: u32,
    /// New permalinks one client (peer IP address) may create a minute; 0: no limit.
    /// Default: 60.
    pub per_client_per_minute: u32,
    /// Bytes of stored position JSON one client may have created (counted while stored);
    /// `None`: a sixteenth of `max_bytes` (16 MiB of the default 256 MiB).
    pub per_client_bytes: Option<u64>,
}

impl PermalinkLimits {
    /// The bytes one client may keep: `per_client_bytes`, or its default.
    pub fn client_budget(&self) -> u64 {
        self.per_client_bytes
            .unwrap_or(self.max_bytes / DEFAULT_BUDGET_SHARE)
    }
}

impl Default for PermalinkLimits {
    fn default() -> Self {
        PermalinkLimits {
            max_bytes: 256 << 20,
            max_count: 1_000_000,
            keep_days: 30,
            per_client_per_minute: 60,
            per_client_bytes: None,
        }
    }
}

/// The SQLite header's application id of a permalink store this crate made ("ARBP").
pub const APPLICATION_ID: i32 = 0x4152_4250;

#[derive(Debug, thiserror::Error)]
pub enum PermalinkError {
    /// Something that is not a permalink store is where the store should be; it was not
    /// touched.
    #[error(
        "{path} is not an Arbiter permalink store: it {why}; it was left as it is. Move it, \
         or name another --db (the store is `<db>.permalinks.sqlite`)"
    )]
    NotAStore { path: String, why: String },
    #[error("permalink store {path}: {source}")]
    Sql {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error("the position is {0} bytes; a permalink holds at most {MAX_BYTES}")]
    TooLarge(usize),
    #[error(
        "too many new permalinks from {client}: at most {limit} a minute; try again in \
         {retry_after} seconds"
    )]
    RateLimited {
        client: ClientGroup,
        limit: u32,
        retry_after: u64,
    },
    #[error(
        "the permalinks created from {client} hold {stored} bytes, all opened in the last \
         {keep_days} days, and one client may keep at most {budget} bytes: this one \
         ({len} bytes) would pass that budget, so it is refused; try again in {retry_after} \
         seconds, when the least recently opened of them ages out; existing permalinks \
         still open"
    )]
    OverBudget {
        client: ClientGroup,
        stored: u64,
        len: u64,
        budget: u64,
        keep_days: u32,
        retry_after: u64,
    },
    #[error(
        "the permalink store is full ({count} permalinks, {bytes} bytes; the bound is \
         {max_count} permalinks and {max_bytes} bytes) and every permalink in it was opened \
         in the last {keep_days} days and is either opened by a client other than its \
         creator (such shared permalinks may hold seven eighths of the bound) or of an \
         unknown creator, so none can be pruned: no new permalinks until one ages out; \
         existing permalinks still open"
    )]
    Full {
        count: u64,
        bytes: u64,
        max_count: u64,
        max_bytes: u64,
        keep_days: u32,
        retry_after: u64,
    },
}

/// The store.
pub struct Permalinks {
    inner: Mutex<Inner>,
    path: String,
    limits: PermalinkLimits,
}

/// What the lock guards: the connection and the running totals.
struct Inner {
    conn: Connection,
    /// Permalinks stored.
    count: u64,
    /// Bytes of JSON stored.
    bytes: u64,
    /// Of those, the permalinks (and their bytes) opened by a client other than their
    /// creator: what [`NEW_LINK_RESERVE`] bounds.
    shared_count: u64,
    shared_bytes: u64,
    /// Per client: the minute (unix time / 60) and permalinks created in it.
    rate: HashMap<ClientGroup, (i64, u32)>,
}

/// How many permalinks and bytes of JSON a store holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    pub count: u64,
    pub bytes: u64,
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

/// Now, in seconds since the Unix epoch.
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Permalinks {
    /// Opens (creating if needed) the store at `path`, with the default limits.
    pub fn open(path: &Path) -> Result<Permalinks, PermalinkError> {
        Self::open_with(path, PermalinkLimits::default())
    }

    /// Opens (creating if needed) the store at `path`, bounded by `limits`.
    pub fn open_with(path: &Path, limits: PermalinkLimits) -> Result<Permalinks, PermalinkError> {
        let shown = path.display().to_string();
        let sql = |source| PermalinkError::Sql {
            path: shown.clone(),
            source,
        };
        Self::check_own(path)?;
        let conn = Connection::open(path).map_err(sql)?;
        Self::init(conn, shown.clone(), limits).map_err(sql)
    }

    /// Refuses a file at `path` that is not a permalink store (nothing there is fine):
    /// opening would otherwise add a table to another program's database, or fail on a
    /// text file only after SQLite had looked at it.
    fn check_own(path: &Path) -> Result<(), PermalinkError> {
        use crate::sqlfile::{probe, Probe};
        let refuse = |why: String| PermalinkError::NotAStore {
            path: path.display().to_string(),
            why,
        };
        match probe(path) {
            Probe::Nothing => Ok(()),
            Probe::Other { why } => Err(refuse(why)),
            Probe::Sqlite {
                application_id,
                tables,
                ..
            } => match tables {
                Ok(t) if application_id == APPLICATION_ID || t.iter().any(|n| n == "permalink") => {
                    Ok(())
                }
                Ok(t) if t.is_empty() => Err(refuse("is an empty SQLite database".into())),
                Ok(t) => Err(refuse(crate::sqlfile::another_programs(&t))),
                Err(e) => Err(refuse(format!("is a damaged SQLite file: {e}"))),
            },
        }
    }

    /// A store that lasts as long as the process (tests, and `AppState::new`).
    pub fn in_memory() -> Permalinks {
        Self::in_memory_with(PermalinkLimits::default())
    }

    /// An in-memory store bounded by `limits`.
    pub fn in_memory_with(limits: PermalinkLimits) -> Permalinks {
        let conn = Connection::open_in_memory().expect("an in-memory SQLite database opens");
        Self::init(conn, ":memory:".into(), limits).expect("the permalink table is created")
    }

    fn sql(&self, source: rusqlite::Error) -> PermalinkError {
        PermalinkError::Sql {
            path: self.path.clone(),
            source,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The limits in force.
    pub fn limits(&self) -> PermalinkLimits {
        self.limits
    }

    /// How much the store holds.
    pub fn usage(&self) -> Usage {
        let inner = self.lock();
        Usage {
            count: inner.count,
            bytes: inner.bytes,
        }
    }

    /// Stores `json` (already canonical) and returns its hash, with no client (never
    /// rate-limited, no budget, and never pruned as "only its creator opened it").
    pub fn put(&self, json: &str) -> Result<String, PermalinkError> {
        self.put_at(json, None, unix_now())
    }

    /// Stores `json` for `client` (rate-limited and budgeted per [`ClientGroup`]) and
    /// returns its hash.
    pub fn put_from(&self, json: &str, client: Option<IpAddr>) -> Result<String, PermalinkError> {
        self.put_at(json, client, unix_now())
    }

    /// [`Permalinks::put_from`] at the time `now` (seconds since the Unix epoch): a
    /// position already stored costs nothing (stored again by another client, it counts
    /// as opened by another); a new one counts against `client`'s rate and budget, and
    /// prunes while the store would pass its bound ([`PermalinkLimits`]). A refused one
    /// costs nothing either: it uses none of the client's minute, and what its pruning
    /// deleted is rolled back.
    pub fn put_at(
        &self,
        json: &str,
        client: Option<IpAddr>,
        now: i64,
    ) -> Result<String, PermalinkError> {
        if json.len() > MAX_BYTES {
            return Err(PermalinkError::TooLarge(json.len()));
        }
        let client = client.map(ClientGroup::of);
        let h = hash(json);
        let mut inner = self.lock();
        if let Some(row) = self.find(&inner, &h)? {
            self.opened(&mut inner, &h, &row, client, now)?;
            return Ok(h);
        }
        if let Some(client) = client {
            self.rate_refusal(&inner.rate, client, now)?;
        }
        self.in_transaction(&mut inner, |inner| {
            self.insert_new(inner, &h, json, client, now)
        })?;
        if let Some(client) = client {
            self.count_new(&mut inner, client, now);
        }
        Ok(h)
    }

    /// Stores the new permalink `hash` of `json` for `client`, pruning to make room
    /// within the client's budget and the store's bound, or refuses.
    fn insert_new(
        &self,
        inner: &mut Inner,
        hash: &str,
        json: &str,
        client: Option<ClientGroup>,
        now: i64,
    ) -> Result<(), PermalinkError> {
        let len = json.len() as u64;
        if let Some(client) = client {
            self.within_budget(inner, client, len, now)?;
        }
        self.make_room(inner, len, now)?;
        inner
            .conn
            .execute(
                "INSERT INTO permalink (hash, json, created, last_opened, bytes, creator)
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
                params![hash, json, now, len as i64, client.map(|c| c.to_string())],
            )
            .map_err(|e| self.sql(e))?;
        inner.count += 1;
        inner.bytes += len;
        Ok(())
    }

    /// Runs `work` in one write transaction: committed if it succeeds; if it fails,
    /// rolled back with the running totals restored, so a refused permalink deletes
    /// nothing.
    fn in_transaction(
        &self,
        inner: &mut Inner,
        work: impl FnOnce(&mut Inner) -> Result<(), PermalinkError>,
    ) -> Result<(), PermalinkError> {
        inner
            .conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| self.sql(e))?;
        let totals = |i: &Inner| (i.count, i.bytes, i.shared_count, i.shared_bytes);
        let saved = totals(inner);
        let done =
            work(inner).and_then(|()| inner.conn.execute_batch("COMMIT").map_err(|e| self.sql(e)));
        if done.is_err() {
            // The refusal is the error that matters; a failed rollback (none open after
            // a failed commit) leaves nothing committed either.
            let _ = inner.conn.execute_batch("ROLLBACK");
            (
                inner.count,
                inner.bytes,
                inner.shared_count,
                inner.shared_bytes,
            ) = saved;
        }
        done
    }

    /// The creator (if recorded), whether another client opened it, and `last_opened`
    /// of permalink `hash`, if it is stored.
    fn find(&self, inner: &Inner, hash: &str) -> Result<Option<Opened>, PermalinkError> {
        inner
            .conn
            .query_row(
                "SELECT creator, opened_by_other, last_opened, bytes, NULL FROM permalink
                 WHERE hash = ?1",
                params![hash],
                Opened::read,
            )
            .optional()
            .map_err(|e| self.sql(e))
    }

    /// Records that `client` opened (or stored again) permalink `hash` at `now`: the
    /// time, at most once an hour, and at once the first time a client other than its
    /// creator does (an unknown client is not "other"), which makes it shared.
    fn opened(
        &self,
        inner: &mut Inner,
        hash: &str,
        row: &Opened,
        client: Option<ClientGroup>,
        now: i64,
    ) -> Result<(), PermalinkError> {
        let other = match (&row.creator, client) {
            (Some(creator), Some(client)) => !row.by_other && *creator != client.to_string(),
            _ => false,
        };
        let stale = row.last_opened.is_none_or(|t| t <= now - TOUCH_EVERY);
        if other || stale {
            inner
                .conn
                .execute(
                    "UPDATE permalink SET last_opened = ?2,
                         opened_by_other = opened_by_other OR ?3 WHERE hash = ?1",
                    params![hash, now, other],
                )
                .map_err(|e| self.sql(e))?;
        }
        if other {
            inner.shared_count += 1;
            inner.shared_bytes += row.bytes.max(0) as u64;
        }
        Ok(())
    }

    /// The JSON stored under `hash`; opening it records the time (so it is pruned last).
    /// An anonymous open: it never counts as opened by another client.
    pub fn get(&self, hash: &str) -> Result<Option<String>, PermalinkError> {
        self.get_from_at(hash, None, unix_now())
    }

    /// [`Permalinks::get`] at the time `now` (seconds since the Unix epoch).
    pub fn get_at(&self, hash: &str, now: i64) -> Result<Option<String>, PermalinkError> {
        self.get_from_at(hash, None, now)
    }

    /// The JSON stored under `hash`, opened by `client`: a client other than its creator
    /// makes it a shared link, which a full store no longer prunes within `keep_days`.
    pub fn get_from(
        &self,
        hash: &str,
        client: Option<IpAddr>,
    ) -> Result<Option<String>, PermalinkError> {
        self.get_from_at(hash, client, unix_now())
    }

    /// [`Permalinks::get_from`] at the time `now`.
    pub fn get_from_at(
        &self,
        hash: &str,
        client: Option<IpAddr>,
        now: i64,
    ) -> Result<Option<String>, PermalinkError> {
        let mut inner = self.lock();
        let found = inner
            .conn
            .query_row(
                "SELECT creator, opened_by_other, last_opened, bytes, json FROM permalink
                 WHERE hash = ?1",
                params![hash],
                Opened::read,
            )
            .optional()
            .map_err(|e| self.sql(e))?;
        let Some(mut row) = found else {
            return Ok(None);
        };
        self.opened(&mut inner, hash, &row, client.map(ClientGroup::of), now)?;
        Ok(row.json.take())
    }
}

/// What the store reads of a stored permalink to record an open.
struct Opened {
    /// The [`ClientGroup`] that created it, as text; `None`: unknown.
    creator: Option<String>,
    by_other: bool,
    last_opened: Option<i64>,
    bytes: i64,
    /// Its JSON, when the query asked for it.
    json: Option<String>,
}

impl Opened {
    /// A row of `creator, opened_by_other, last_opened, bytes, json`.
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Opened> {
        Ok(Opened {
            creator: r.get(0)?,
            by_other: r.get(1)?,
            last_opened: r.get(2)?,
            bytes: r.get(3)?,
            json: r.get(4)?,
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

    /// Two processes opening an old store at once: the second used to look for the
    /// columns before waiting for the first's migration, then add them again ("duplicate
    /// column"). Here the other process has added them in a transaction not yet committed
    /// when this one starts; it commits as soon as this one waits for it.
    #[test]
    fn a_migration_looks_at_the_columns_after_waiting_for_another() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.sqlite");
        let other = Connection::open(&path).unwrap();
        other
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 CREATE TABLE permalink (hash TEXT PRIMARY KEY, json TEXT NOT NULL,
                     created INTEGER NOT NULL DEFAULT (unixepoch()));
                 INSERT INTO permalink (hash, json) VALUES ('0123456789abcdef', '{}');
                 BEGIN IMMEDIATE;
                 ALTER TABLE permalink ADD COLUMN last_opened INTEGER;
                 ALTER TABLE permalink ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
                 ALTER TABLE permalink ADD COLUMN creator TEXT;
                 ALTER TABLE permalink ADD COLUMN opened_by_other INTEGER NOT NULL DEFAULT 0;",
            )
            .unwrap();
        let (waiting, waited) = std::sync::mpsc::channel();
        let mut conn = Connection::open(&path).unwrap();
        conn.busy_handler(Some(move |tries: i32| {
            let _ = waiting.send(());
            std::thread::sleep(std::time::Duration::from_millis(5));
            tries < 2_000
        }))
        .unwrap();
        let migrating = std::thread::spawn(move || Permalinks::migrate(&conn));
        waited
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the migration waits for the other's transaction");
        other.execute_batch("COMMIT").unwrap();
        migrating
            .join()
            .unwrap()
            .expect("the columns the other added are not added again");
    }
}
