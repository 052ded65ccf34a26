//! Content-addressed permalinks for the step-through: a position's canonical JSON stored
//! in SQLite under a hash of itself, so a link survives a server restart and the same
//! position always gets the same link.
//!
//! The store is its own SQLite file beside the catalogue (`<db>.permalinks.sqlite`):
//! importing a catalogue replaces the catalogue file, and must not lose the links judges
//! have shared. This module knows SQL and hashing; it knows nothing of HTTP or of the
//! engine beyond the JSON text it is given.
//!
//! The store is bounded ([`PermalinkLimits`], issue #12): total bytes of JSON, a count,
//! and new permalinks a minute per client address. Opening a permalink records when
//! (`last_opened`, at most an hour stale); a new permalink that would pass the bound
//! prunes the least recently opened first, never one opened in the last `keep_days`
//! days, and when nothing can be pruned it is refused ([`PermalinkError::Full`]).
//! `docs/reliability.md` says what a host can set and what a client sees.

use std::collections::HashMap;
use std::net::IpAddr;
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

/// The bounds a host sets on the store. Defaults: [`PermalinkLimits::default`].
///
/// When a new permalink would pass `max_bytes` or `max_count`, the least recently opened
/// permalinks are pruned first, but never one opened (or created) in the last
/// `keep_days` days; when nothing can be pruned, new permalinks are refused
/// ([`PermalinkError::Full`]) and existing ones keep working.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermalinkLimits {
    /// Total bytes of stored position JSON. Default: 256 MiB (the file is this plus
    /// SQLite's overhead, about 10%).
    pub max_bytes: u64,
    /// Permalinks stored. Default: 1,000,000.
    pub max_count: u64,
    /// A permalink opened or created this recently is never pruned. Default: 30.
    pub keep_days: u32,
    /// New permalinks one client (peer IP address) may create a minute; 0: no limit.
    /// Default: 60.
    pub per_client_per_minute: u32,
}

impl Default for PermalinkLimits {
    fn default() -> Self {
        PermalinkLimits {
            max_bytes: 256 << 20,
            max_count: 1_000_000,
            keep_days: 30,
            per_client_per_minute: 60,
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
        client: IpAddr,
        limit: u32,
        retry_after: u64,
    },
    #[error(
        "the permalink store is full ({count} permalinks, {bytes} bytes; the bound is \
         {max_count} permalinks and {max_bytes} bytes) and every permalink in it was opened \
         in the last {keep_days} days, so none can be pruned: no new permalinks until one \
         ages out; existing permalinks still open"
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
    /// Per client: the minute (unix time / 60) and permalinks created in it.
    rate: HashMap<IpAddr, (i64, u32)>,
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

    fn init(
        conn: Connection,
        path: String,
        limits: PermalinkLimits,
    ) -> Result<Permalinks, rusqlite::Error> {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE IF NOT EXISTS permalink (
                 hash TEXT PRIMARY KEY,
                 json TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (unixepoch())
             );",
        )?;
        // Stores from before the bound have no `last_opened`: it starts at `created`.
        let has_last_opened: bool = conn.query_row(
            "SELECT COUNT(*) > 0 FROM pragma_table_info('permalink') WHERE name = 'last_opened'",
            [],
            |r| r.get(0),
        )?;
        if !has_last_opened {
            conn.execute_batch(
                "ALTER TABLE permalink ADD COLUMN last_opened INTEGER;
                 UPDATE permalink SET last_opened = created;",
            )?;
        }
        conn.execute_batch(
            "CREATE INDEX IF NOT EXISTS permalink_last_opened ON permalink (last_opened);",
        )?;
        let (count, bytes): (i64, i64) = conn.query_row(
            "SELECT COUNT(*), COALESCE(SUM(length(CAST(json AS BLOB))), 0) FROM permalink",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(Permalinks {
            inner: Mutex::new(Inner {
                conn,
                count: count.max(0) as u64,
                bytes: bytes.max(0) as u64,
                rate: HashMap::new(),
            }),
            path,
            limits,
        })
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
    /// rate-limited).
    pub fn put(&self, json: &str) -> Result<String, PermalinkError> {
        self.put_at(json, None, unix_now())
    }

    /// Stores `json` for `client` (rate-limited per client) and returns its hash.
    pub fn put_from(&self, json: &str, client: Option<IpAddr>) -> Result<String, PermalinkError> {
        self.put_at(json, client, unix_now())
    }

    /// [`Permalinks::put_from`] at the time `now` (seconds since the Unix epoch): a
    /// position already stored costs nothing; a new one counts against `client`'s rate,
    /// and prunes the least recently opened permalinks (not opened in the last
    /// `keep_days` days) while the store would pass its bound.
    pub fn put_at(
        &self,
        json: &str,
        client: Option<IpAddr>,
        now: i64,
    ) -> Result<String, PermalinkError> {
        if json.len() > MAX_BYTES {
            return Err(PermalinkError::TooLarge(json.len()));
        }
        let h = hash(json);
        let mut inner = self.lock();
        let exists = inner
            .conn
            .query_row(
                "SELECT 1 FROM permalink WHERE hash = ?1",
                params![h],
                |_| Ok(()),
            )
            .optional()
            .map_err(|e| self.sql(e))?
            .is_some();
        if exists {
            return Ok(h);
        }
        if let Some(client) = client {
            self.charge(&mut inner, client, now)?;
        }
        let len = json.len() as u64;
        self.make_room(&mut inner, len, now)?;
        inner
            .conn
            .execute(
                "INSERT INTO permalink (hash, json, created, last_opened) VALUES (?1, ?2, ?3, ?3)",
                params![h, json, now],
            )
            .map_err(|e| self.sql(e))?;
        inner.count += 1;
        inner.bytes += len;
        Ok(h)
    }

    /// Whether [`Permalinks::put_from`] of `json` for `client` would be refused for the
    /// client's rate, without counting it: so a caller can refuse before costly work.
    pub fn check_rate(&self, json: &str, client: Option<IpAddr>) -> Result<(), PermalinkError> {
        self.check_rate_at(json, client, unix_now())
    }

    /// [`Permalinks::check_rate`] at the time `now`.
    pub fn check_rate_at(
        &self,
        json: &str,
        client: Option<IpAddr>,
        now: i64,
    ) -> Result<(), PermalinkError> {
        let (Some(client), limit) = (client, self.limits.per_client_per_minute) else {
            return Ok(());
        };
        let inner = self.lock();
        let minute = now.div_euclid(60);
        match inner.rate.get(&client) {
            Some(&(m, n)) if limit > 0 && m == minute && n >= limit => {}
            _ => return Ok(()),
        }
        let exists = inner
            .conn
            .query_row(
                "SELECT 1 FROM permalink WHERE hash = ?1",
                params![hash(json)],
                |_| Ok(()),
            )
            .optional()
            .map_err(|e| self.sql(e))?
            .is_some();
        if exists {
            return Ok(());
        }
        Err(PermalinkError::RateLimited {
            client,
            limit,
            retry_after: (60 - now.rem_euclid(60)).max(1) as u64,
        })
    }

    /// Counts one new permalink against `client`'s minute, or refuses it.
    fn charge(&self, inner: &mut Inner, client: IpAddr, now: i64) -> Result<(), PermalinkError> {
        let limit = self.limits.per_client_per_minute;
        if limit == 0 {
            return Ok(());
        }
        let minute = now.div_euclid(60);
        if inner.rate.len() >= RATE_CLIENTS {
            inner.rate.retain(|_, (m, _)| *m == minute);
        }
        let entry = inner.rate.entry(client).or_insert((minute, 0));
        if entry.0 != minute {
            *entry = (minute, 0);
        }
        if entry.1 >= limit {
            return Err(PermalinkError::RateLimited {
                client,
                limit,
                retry_after: (60 - now.rem_euclid(60)).max(1) as u64,
            });
        }
        entry.1 += 1;
        Ok(())
    }

    /// Prunes the least recently opened permalinks not opened in the last `keep_days`
    /// days until `len` more bytes and one more permalink fit, or refuses.
    fn make_room(&self, inner: &mut Inner, len: u64, now: i64) -> Result<(), PermalinkError> {
        let fits = |i: &Inner| {
            i.count < self.limits.max_count && i.bytes.saturating_add(len) <= self.limits.max_bytes
        };
        let cutoff = now - i64::from(self.limits.keep_days) * DAY;
        while !fits(inner) {
            let victims: Vec<(String, i64)> = {
                let mut stmt = inner
                    .conn
                    .prepare_cached(
                        "SELECT hash, length(CAST(json AS BLOB)) FROM permalink
                         WHERE last_opened < ?1 ORDER BY last_opened, hash LIMIT 64",
                    )
                    .map_err(|e| self.sql(e))?;
                let rows = stmt
                    .query_map(params![cutoff], |r| Ok((r.get(0)?, r.get(1)?)))
                    .map_err(|e| self.sql(e))?;
                rows.collect::<Result<_, _>>().map_err(|e| self.sql(e))?
            };
            if victims.is_empty() {
                return Err(PermalinkError::Full {
                    count: inner.count,
                    bytes: inner.bytes,
                    max_count: self.limits.max_count,
                    max_bytes: self.limits.max_bytes,
                    keep_days: self.limits.keep_days,
                    retry_after: FULL_RETRY_AFTER,
                });
            }
            for (victim, bytes) in victims {
                if fits(inner) {
                    break;
                }
                inner
                    .conn
                    .execute("DELETE FROM permalink WHERE hash = ?1", params![victim])
                    .map_err(|e| self.sql(e))?;
                inner.count = inner.count.saturating_sub(1);
                inner.bytes = inner.bytes.saturating_sub(bytes.max(0) as u64);
            }
        }
        Ok(())
    }

    /// The JSON stored under `hash`; opening it records the time (so it is pruned last).
    pub fn get(&self, hash: &str) -> Result<Option<String>, PermalinkError> {
        self.get_at(hash, unix_now())
    }

    /// [`Permalinks::get`] at the time `now` (seconds since the Unix epoch).
    pub fn get_at(&self, hash: &str, now: i64) -> Result<Option<String>, PermalinkError> {
        let inner = self.lock();
        let found: Option<(String, Option<i64>)> = inner
            .conn
            .query_row(
                "SELECT json, last_opened FROM permalink WHERE hash = ?1",
                params![hash],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| self.sql(e))?;
        let Some((json, last_opened)) = found else {
            return Ok(None);
        };
        if last_opened.is_none_or(|t| t <= now - TOUCH_EVERY) {
            inner
                .conn
                .execute(
                    "UPDATE permalink SET last_opened = ?2 WHERE hash = ?1",
                    params![hash, now],
                )
                .map_err(|e| self.sql(e))?;
        }
        Ok(Some(json))
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
