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

/// The clients one rate and one byte budget cover: an IPv4 address, or an IPv6 /64 (a
/// host is routinely given a whole /64, so one address each would be no bound). An
/// IPv4-mapped IPv6 address is its IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientGroup(IpAddr);

impl ClientGroup {
    /// The group of `ip`.
    pub fn of(ip: IpAddr) -> ClientGroup {
        match ip {
            IpAddr::V4(v4) => ClientGroup(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientGroup(IpAddr::V4(v4)),
                None => {
                    let prefix = u128::from(v6) & !u128::from(u64::MAX);
                    ClientGroup(IpAddr::V6(Ipv6Addr::from(prefix)))
                }
            },
        }
    }
}

/// `203.0.113.7`, or `2001:db8:1:2::/64`: also how the store records a creator.
impl fmt::Display for ClientGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
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
        Self::migrate(&conn)?;
        let totals: [i64; 4] = conn.query_row(
            "SELECT COUNT(*), COALESCE(SUM(bytes), 0),
                 COALESCE(SUM(opened_by_other <> 0), 0),
                 COALESCE(SUM(CASE WHEN opened_by_other <> 0 THEN bytes ELSE 0 END), 0)
             FROM permalink",
            [],
            |r| Ok([r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?]),
        )?;
        let [count, bytes, shared_count, shared_bytes] = totals.map(|n| n.max(0) as u64);
        Ok(Permalinks {
            inner: Mutex::new(Inner {
                conn,
                count,
                bytes,
                shared_count,
                shared_bytes,
                rate: HashMap::new(),
            }),
            path,
            limits,
        })
    }

    /// Brings a store from before a column to today's schema in place, every row kept,
    /// in one transaction:
    /// - `last_opened` (issue #12) starts at `created`;
    /// - `bytes` (the JSON's length, so a client's total is read from an index) is
    ///   computed;
    /// - `creator` (the [`ClientGroup`] that stored it) is NULL for rows from before it,
    ///   and `opened_by_other` 0: a row with no creator is never pruned as "only its
    ///   creator opened it", so old links keep the protection they had.
    ///
    /// The columns are looked for inside the transaction (`BEGIN IMMEDIATE` holds the
    /// write lock): a second process opening the store at once waits for the first's
    /// migration and then finds nothing to add.
    fn migrate(conn: &Connection) -> Result<(), rusqlite::Error> {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        match Self::migrate_locked(conn) {
            Ok(()) => conn.execute_batch("COMMIT"),
            Err(e) => {
                // The error that matters is the migration's; a failed rollback leaves
                // nothing committed either.
                let _ = conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }

    /// [`Permalinks::migrate`]'s steps, in its transaction.
    fn migrate_locked(conn: &Connection) -> Result<(), rusqlite::Error> {
        let has = |column: &str| -> Result<bool, rusqlite::Error> {
            conn.query_row(
                "SELECT COUNT(*) > 0 FROM pragma_table_info('permalink') WHERE name = ?1",
                params![column],
                |r| r.get(0),
            )
        };
        let mut steps = String::new();
        if !has("last_opened")? {
            steps.push_str(
                "ALTER TABLE permalink ADD COLUMN last_opened INTEGER;
                 UPDATE permalink SET last_opened = created;",
            );
        }
        if !has("bytes")? {
            steps.push_str(
                "ALTER TABLE permalink ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
                 UPDATE permalink SET bytes = length(CAST(json AS BLOB));",
            );
        }
        if !has("creator")? {
            steps.push_str("ALTER TABLE permalink ADD COLUMN creator TEXT;");
        }
        if !has("opened_by_other")? {
            steps.push_str(
                "ALTER TABLE permalink ADD COLUMN opened_by_other INTEGER NOT NULL DEFAULT 0;",
            );
        }
        steps.push_str(
            "CREATE INDEX IF NOT EXISTS permalink_last_opened ON permalink (last_opened);
             CREATE INDEX IF NOT EXISTS permalink_creator
                 ON permalink (creator, last_opened, bytes) WHERE creator IS NOT NULL;
             CREATE INDEX IF NOT EXISTS permalink_unshared
                 ON permalink (last_opened) WHERE creator IS NOT NULL AND opened_by_other = 0;
             CREATE INDEX IF NOT EXISTS permalink_shared
                 ON permalink (last_opened) WHERE opened_by_other = 1;",
        );
        conn.execute_batch(&steps)
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
        let Err(refused) = self.check_client_rate_at(client, now) else {
            return Ok(());
        };
        let inner = self.lock();
        match self.find(&inner, &hash(json))? {
            Some(_) => Ok(()),
            None => Err(refused),
        }
    }

    /// Whether `client` has used up its minute's new permalinks, whatever it would store:
    /// for a caller that only knows the position after costly work (a pinned decision),
    /// and refuses before it.
    pub fn check_client_rate(&self, client: Option<IpAddr>) -> Result<(), PermalinkError> {
        self.check_client_rate_at(client, unix_now())
    }

    /// [`Permalinks::check_client_rate`] at the time `now`.
    pub fn check_client_rate_at(
        &self,
        client: Option<IpAddr>,
        now: i64,
    ) -> Result<(), PermalinkError> {
        match client.map(ClientGroup::of) {
            Some(client) => self.rate_refusal(&self.lock().rate, client, now),
            None => Ok(()),
        }
    }

    /// Refuses a new permalink from `client` whose minute is used up, counting nothing.
    fn rate_refusal(
        &self,
        rate: &HashMap<ClientGroup, (i64, u32)>,
        client: ClientGroup,
        now: i64,
    ) -> Result<(), PermalinkError> {
        let limit = self.limits.per_client_per_minute;
        match rate.get(&client) {
            Some(&(m, n)) if limit > 0 && m == now.div_euclid(60) && n >= limit => {
                Err(PermalinkError::RateLimited {
                    client,
                    limit,
                    retry_after: (60 - now.rem_euclid(60)).max(1) as u64,
                })
            }
            _ => Ok(()),
        }
    }

    /// Counts one new permalink, stored, against `client`'s minute.
    fn count_new(&self, inner: &mut Inner, client: ClientGroup, now: i64) {
        if self.limits.per_client_per_minute == 0 {
            return;
        }
        let minute = now.div_euclid(60);
        if inner.rate.len() >= RATE_CLIENTS {
            inner.rate.retain(|_, (m, _)| *m == minute);
        }
        let entry = inner.rate.entry(client).or_insert((minute, 0));
        if entry.0 != minute {
            *entry = (minute, 0);
        }
        entry.1 += 1;
    }

    /// Makes `len` more bytes fit in `client`'s budget by pruning its own permalinks not
    /// opened in `keep_days` (least recently opened first), or refuses, saying when the
    /// least recently opened of them ages out.
    fn within_budget(
        &self,
        inner: &mut Inner,
        client: ClientGroup,
        len: u64,
        now: i64,
    ) -> Result<(), PermalinkError> {
        let budget = self.limits.client_budget();
        let creator = client.to_string();
        let keep = i64::from(self.limits.keep_days) * DAY;
        loop {
            let (stored, oldest): (i64, Option<i64>) = inner
                .conn
                .prepare_cached(
                    "SELECT COALESCE(SUM(bytes), 0), MIN(last_opened) FROM permalink
                     WHERE creator = ?1",
                )
                .and_then(|mut s| s.query_row(params![creator], |r| Ok((r.get(0)?, r.get(1)?))))
                .map_err(|e| self.sql(e))?;
            let stored = stored.max(0) as u64;
            if stored.saturating_add(len) <= budget {
                return Ok(());
            }
            if !self.prune_one(inner, Victims::OwnStale(&creator, now - keep))? {
                let ages_out = oldest.map_or(FULL_RETRY_AFTER as i64, |t| t + keep - now);
                return Err(PermalinkError::OverBudget {
                    client,
                    stored,
                    len,
                    budget,
                    keep_days: self.limits.keep_days,
                    retry_after: ages_out.max(1) as u64,
                });
            }
        }
    }

    /// Prunes until `len` more bytes and one more permalink fit, the least recently
    /// opened first: those not opened in the last `keep_days` days; then, while shared
    /// permalinks hold more than their share ([`NEW_LINK_RESERVE`]), shared ones; then
    /// those only their creator ever opened; or refuses.
    fn make_room(&self, inner: &mut Inner, len: u64, now: i64) -> Result<(), PermalinkError> {
        let (max_count, max_bytes) = (self.limits.max_count, self.limits.max_bytes);
        let fits = |i: &Inner| i.count < max_count && i.bytes.saturating_add(len) <= max_bytes;
        let over_share = |i: &Inner| {
            i.shared_count > max_count - max_count / NEW_LINK_RESERVE
                || i.shared_bytes > max_bytes - max_bytes / NEW_LINK_RESERVE
        };
        let cutoff = now - i64::from(self.limits.keep_days) * DAY;
        while !fits(inner) {
            let pruned = self.prune_one(inner, Victims::Stale(cutoff))?
                || (over_share(inner) && self.prune_one(inner, Victims::Shared)?)
                || self.prune_one(inner, Victims::OnlyCreatorOpened)?;
            if !pruned {
                return Err(PermalinkError::Full {
                    count: inner.count,
                    bytes: inner.bytes,
                    max_count: self.limits.max_count,
                    max_bytes: self.limits.max_bytes,
                    keep_days: self.limits.keep_days,
                    retry_after: FULL_RETRY_AFTER,
                });
            }
        }
        Ok(())
    }

    /// Deletes the least recently opened of `victims`, keeping the totals; whether there
    /// was one.
    fn prune_one(&self, inner: &mut Inner, victims: Victims<'_>) -> Result<bool, PermalinkError> {
        let oldest = |filter: &str, args: &[&dyn rusqlite::ToSql]| {
            inner
                .conn
                .prepare_cached(&format!(
                    "SELECT hash, bytes, opened_by_other <> 0 FROM permalink WHERE {filter}
                     ORDER BY last_opened, hash LIMIT 1"
                ))?
                .query_row(args, |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?.max(0) as u64,
                        r.get::<_, bool>(2)?,
                    ))
                })
                .optional()
        };
        let found = match victims {
            Victims::Stale(cutoff) => oldest("last_opened < ?1", params![cutoff]),
            Victims::Shared => oldest("opened_by_other = 1", params![]),
            Victims::OnlyCreatorOpened => {
                oldest("creator IS NOT NULL AND opened_by_other = 0", params![])
            }
            Victims::OwnStale(creator, cutoff) => oldest(
                "creator = ?1 AND last_opened < ?2",
                params![creator, cutoff],
            ),
        }
        .map_err(|e| self.sql(e))?;
        let Some((victim, bytes, shared)) = found else {
            return Ok(false);
        };
        inner
            .conn
            .execute("DELETE FROM permalink WHERE hash = ?1", params![victim])
            .map_err(|e| self.sql(e))?;
        inner.count = inner.count.saturating_sub(1);
        inner.bytes = inner.bytes.saturating_sub(bytes);
        if shared {
            inner.shared_count = inner.shared_count.saturating_sub(1);
            inner.shared_bytes = inner.shared_bytes.saturating_sub(bytes);
        }
        Ok(true)
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

/// Which permalinks a prune may take.
#[derive(Clone, Copy)]
enum Victims<'a> {
    /// Not opened since the cutoff (the start of `keep_days`).
    Stale(i64),
    /// Opened by a client other than their creator.
    Shared,
    /// Only their creator ever opened (a creator is recorded, nobody else opened them).
    OnlyCreatorOpened,
    /// The creator's own, not opened since the cutoff.
    OwnStale(&'a str, i64),
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
