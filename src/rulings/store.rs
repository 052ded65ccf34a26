//! The judges' store: its own SQLite file beside the catalogue (`<db>.rulings.sqlite`),
//! so a re-import of the catalogue never loses it. It keeps the judges' accounts (a name
//! and an Argon2id hash of the password), their sessions (a random token, kept only as
//! its SHA-256, with an expiry and a CSRF token), the rulings they published, and the
//! audit record of who did what when (accounts added and removed, sign-ins and
//! sign-outs, publications and supersessions).
//!
//! It knows SQL, hashing and the ruling record; it leaves out HTTP (cookies, forms, rate
//! limits: `web::judge`), the command line, and checking a ruling against the
//! catalogue (the caller does, before [`JudgeStore::publish`]). Like the permalink store,
//! it refuses a file at its path that is not its own and leaves it untouched.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use argon2::Argon2;
use rand::RngCore;
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

use super::{is_id, Ruling, Tier};

/// The SQLite header's application id of a judges' store this crate made ("ARBR").
pub const APPLICATION_ID: i32 = 0x4152_4252;

/// The longest judge name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 10;
/// The longest password accepted, in bytes (hashing has a cost per byte).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// The store's file for the catalogue at `db`.
pub fn path_for(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".rulings.sqlite");
    PathBuf::from(name)
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Something that is not a judges' store is where the store should be; it was not
    /// touched.
    #[error(
        "{path} is not an Arbiter judges' store: it {why}; it was left as it is. Move it, \
         or name another --db (the store is `<db>.rulings.sqlite`)"
    )]
    NotAStore { path: String, why: String },
    #[error("judges' store {path}: {source}")]
    Sql {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "judge name {0:?}: expected 1 to {MAX_NAME_CHARS} letters, digits, spaces or `.-_'`, \
         not starting or ending with a space"
    )]
    BadName(String),
    #[error(
        "the password is {0} characters; a judge's password is at least {MIN_PASSWORD_CHARS} \
         characters and at most {MAX_PASSWORD_BYTES} bytes"
    )]
    BadPassword(usize),
    #[error("there is already a judge named {0:?}")]
    Exists(String),
    #[error("there is no judge named {0:?}")]
    NoSuchJudge(String),
    #[error("the password could not be hashed: {0}")]
    Hash(String),
    #[error("ruling {0:?} in the judges' store does not read back: {1}")]
    Damaged(String, String),
}

impl StoreError {
    /// Whether the user must fix something (a name, a password, the path).
    pub fn is_bad_input(&self) -> bool {
        !matches!(
            self,
            StoreError::Sql { .. } | StoreError::Hash(_) | StoreError::Damaged(..)
        )
    }
}

/// A judge's account, as `judge list` shows it (never the hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judge {
    pub name: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
}

/// A signed-in judge's session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The judge's name, as the account spells it.
    pub judge: String,
    /// The token every state-changing form carries.
    pub csrf: String,
    /// Seconds since the Unix epoch.
    pub expires: i64,
}

/// One entry of the audit record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// Seconds since the Unix epoch.
    pub at: i64,
    pub judge: String,
    /// `account_added`, `account_removed`, `sign_in`, `sign_out`, `publish`, `supersede`.
    pub action: String,
    /// The ruling published or superseded, if any.
    pub ruling: Option<String>,
}

/// A ruling a judge is about to publish: every field but those the store gives it (id,
/// tier `judge`, source the judge's name, the date).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub game: String,
    pub question: String,
    pub answer: String,
    pub keywords: Vec<String>,
    pub cards: Vec<String>,
    pub rules: Vec<String>,
    /// Canonical JSON (as [`super::ruling_position`] writes it) and its hash.
    pub position: String,
    pub hash: String,
    pub step: u32,
    pub supersedes: Option<String>,
}

/// The store.
pub struct JudgeStore {
    conn: Mutex<Connection>,
    path: String,
}

/// Now, in seconds since the Unix epoch.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// `secs` (since the Unix epoch) as a `YYYY-MM-DD` date, UTC.
pub fn date_of(secs: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `n` random bytes as hex (the thread's generator: ChaCha, seeded from the OS).
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The SHA-256 of a session token, as stored: a stolen file holds no usable token.
fn token_digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `name` is an acceptable judge name (it becomes a ruling's `source`).
pub fn is_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=MAX_NAME_CHARS).contains(&n)
        && !name.starts_with(' ')
        && !name.ends_with(' ')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_' | '\''))
}

/// The Argon2id PHC string of `password` (the crate's defaults: Argon2id v19, 19 MiB,
/// two passes, one lane; a random 16-byte salt).
pub fn hash_password(password: &str) -> Result<String, StoreError> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| StoreError::Hash(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| StoreError::Hash(e.to_string()))
}

/// Whether `password` matches the PHC string `phc` (false for a string that does not
/// parse), compared in constant time.
///
/// The check reuses one buffer of Argon2 memory blocks per thread rather than letting the
/// crate allocate 19 MiB each time: the crate's 64-byte-aligned allocation was not given
/// back to the allocator's pool for the next check, so every check grew the server's RSS
/// by 19 MiB (218 MiB after eleven sign-ins, docs/reliability.md). Checks run on the
/// server's few password threads (`web::judge::hashing`), so this is their memory.
fn verify(phc: &str, password: &str) -> bool {
    use argon2::{Algorithm, Block, Params, Version};
    use std::cell::RefCell;
    thread_local! {
        static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(hash.algorithm) else {
        return false;
    };
    let Ok(version) = hash
        .version
        .map_or(Ok(Version::default()), Version::try_from)
    else {
        return false;
    };
    let Ok(params) = Params::try_from(&hash) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    let blocks = params.block_count();
    let computed = BLOCKS.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.resize(blocks, Block::default());
        Argon2::new(algorithm, version, params).hash_password_into_with_memory(
            password.as_bytes(),
            salt,
            &mut out,
            &mut buffer[..],
        )
    });
    computed.is_ok() && argon2::password_hash::Output::new(&out).is_ok_and(|o| o == expected)
}

/// A hash of a password nobody knows, checked for a name with no account so that a
/// failed sign-in takes as long whether or not the account exists.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&random_hex(16)).unwrap_or_default())
}

impl JudgeStore {
    /// Opens (creating if needed) the store at `path`; a file there that is not a
    /// judges' store is refused and left as it is.
    pub fn open(path: &Path) -> Result<JudgeStore, StoreError> {
        let shown = path.display().to_string();
        Self::check_own(path)?;
        let sql = |source| StoreError::Sql {
            path: shown.clone(),
            source,
        };
        let conn = Connection::open(path).map_err(sql)?;
        Self::init(conn, shown.clone()).map_err(sql)
    }

    /// A store that lasts as long as the process (tests, and `AppState::new`).
    pub fn in_memory() -> JudgeStore {
        let conn = Connection::open_in_memory().expect("an in-memory SQLite database opens");
        Self::init(conn, ":memory:".into()).expect("the judges' tables are created")
    }

    fn check_own(path: &Path) -> Result<(), StoreError> {
        use crate::sqlfile::{probe, Probe};
        let refuse = |why: String| StoreError::NotAStore {
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
                Ok(_) if application_id == APPLICATION_ID => Ok(()),
                Ok(t) if t.is_empty() => Err(refuse("is an empty SQLite database".into())),
                Ok(t) => Err(refuse(crate::sqlfile::another_programs(&t))),
                Err(e) => Err(refuse(format!("is a damaged SQLite file: {e}"))),
            },
        }
    }

    fn init(conn: Connection, path: String) -> Result<JudgeStore, rusqlite::Error> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA foreign_keys = ON;
             CREATE TABLE IF NOT EXISTS judge (
                 name TEXT PRIMARY KEY COLLATE NOCASE,
                 hash TEXT NOT NULL,
                 created INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS session (
                 token_sha256 TEXT PRIMARY KEY,
                 judge TEXT NOT NULL REFERENCES judge (name) ON DELETE CASCADE,
                 csrf TEXT NOT NULL,
                 created INTEGER NOT NULL,
                 expires INTEGER NOT NULL
             );
             CREATE INDEX IF NOT EXISTS session_expires ON session (expires);
             CREATE TABLE IF NOT EXISTS ruling (
                 seq INTEGER PRIMARY KEY,
                 id TEXT NOT NULL UNIQUE,
                 game TEXT NOT NULL,
                 question TEXT NOT NULL,
                 answer TEXT NOT NULL,
                 keywords TEXT NOT NULL,
                 cards TEXT NOT NULL,
                 rules TEXT NOT NULL,
                 position TEXT NOT NULL,
                 hash TEXT NOT NULL,
                 step INTEGER NOT NULL,
                 judge TEXT NOT NULL,
                 published TEXT NOT NULL,
                 supersedes TEXT,
                 created INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS audit (
                 seq INTEGER PRIMARY KEY,
                 at INTEGER NOT NULL,
                 judge TEXT NOT NULL,
                 action TEXT NOT NULL,
                 ruling TEXT
             );",
        )?;
        Ok(JudgeStore {
            conn: Mutex::new(conn),
            path,
        })
    }

    fn sql(&self, source: rusqlite::Error) -> StoreError {
        StoreError::Sql {
            path: self.path.clone(),
            source,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn record(
        &self,
        conn: &Connection,
        at: i64,
        judge: &str,
        action: &str,
        ruling: Option<&str>,
    ) -> Result<(), StoreError> {
        conn.execute(
            "INSERT INTO audit (at, judge, action, ruling) VALUES (?1, ?2, ?3, ?4)",
            params![at, judge, action, ruling],
        )
        .map(|_| ())
        .map_err(|e| self.sql(e))
    }

    /// Adds the judge `name` with `password` (hashed with Argon2id; never stored).
    pub fn add_judge(&self, name: &str, password: &str) -> Result<(), StoreError> {
        if !is_name(name) {
            return Err(StoreError::BadName(name.to_string()));
        }
        let chars = password.chars().count();
        if chars < MIN_PASSWORD_CHARS || password.len() > MAX_PASSWORD_BYTES {
            return Err(StoreError::BadPassword(chars));
        }
        let hash = hash_password(password)?;
        let now = unix_now();
        let conn = self.lock();
        let added = conn
            .execute(
                "INSERT INTO judge (name, hash, created) VALUES (?1, ?2, ?3)
                 ON CONFLICT (name) DO NOTHING",
                params![name, hash, now],
            )
            .map_err(|e| self.sql(e))?;
        if added == 0 {
            return Err(StoreError::Exists(name.to_string()));
        }
        self.record(&conn, now, name, "account_added", None)
    }

    /// Removes the judge `name` (any case) and their sessions; their rulings stay,
    /// published under their name.
    pub fn remove_judge(&self, name: &str) -> Result<(), StoreError> {
        let conn = self.lock();
        let found: Option<String> = conn
            .query_row(
                "SELECT name FROM judge WHERE name = ?1",
                params![name],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.sql(e))?;
        let Some(found) = found else {
            return Err(StoreError::NoSuchJudge(name.to_string()));
        };
        conn.execute("DELETE FROM session WHERE judge = ?1", params![found])
            .map_err(|e| self.sql(e))?;
        conn.execute("DELETE FROM judge WHERE name = ?1", params![found])
            .map_err(|e| self.sql(e))?;
        self.record(&conn, unix_now(), &found, "account_removed", None)
    }

    /// Every judge, by name.
    pub fn judges(&self) -> Result<Vec<Judge>, StoreError> {
        let conn = self.lock();
        let mut st = conn
            .prepare("SELECT name, created FROM judge ORDER BY name")
            .map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([], |r| {
                Ok(Judge {
                    name: r.get(0)?,
                    created: r.get(1)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.sql(e));
        rows
    }

    /// The judge's name as the account spells it when `password` is theirs; `None`
    /// otherwise. A name with no account is checked against a hash of an unknown
    /// password, so both failures take as long. Slow on purpose (Argon2id): call it off
    /// the server's event loop.
    pub fn check_password(&self, name: &str, password: &str) -> Result<Option<String>, StoreError> {
        let found: Option<(String, String)> = {
            let conn = self.lock();
            conn.query_row(
                "SELECT name, hash FROM judge WHERE name = ?1",
                params![name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| self.sql(e))?
        };
        Ok(match found {
            Some((name, phc)) => verify(&phc, password).then_some(name),
            None => {
                verify(dummy_hash(), password);
                None
            }
        })
    }

    /// Opens a session for `judge` at `now` lasting `lifetime` seconds: returns the token
    /// (for the cookie; only its SHA-256 is kept) and the session. Expired sessions are
    /// deleted on the way.
    pub fn open_session(
        &self,
        judge: &str,
        now: i64,
        lifetime: i64,
    ) -> Result<(String, Session), StoreError> {
        let token = random_hex(32);
        let session = Session {
            judge: judge.to_string(),
            csrf: random_hex(32),
            expires: now + lifetime,
        };
        let conn = self.lock();
        conn.execute("DELETE FROM session WHERE expires <= ?1", params![now])
            .map_err(|e| self.sql(e))?;
        conn.execute(
            "INSERT INTO session (token_sha256, judge, csrf, created, expires)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                token_digest(&token),
                judge,
                session.csrf,
                now,
                session.expires
            ],
        )
        .map_err(|e| self.sql(e))?;
        self.record(&conn, now, judge, "sign_in", None)?;
        Ok((token, session))
    }

    /// The session of `token` at `now`, if it exists and has not expired.
    pub fn session(&self, token: &str, now: i64) -> Result<Option<Session>, StoreError> {
        let conn = self.lock();
        conn.query_row(
            "SELECT judge, csrf, expires FROM session WHERE token_sha256 = ?1 AND expires > ?2",
            params![token_digest(token), now],
            |r| {
                Ok(Session {
                    judge: r.get(0)?,
                    csrf: r.get(1)?,
                    expires: r.get(2)?,
                })
            },
        )
        .optional()
        .map_err(|e| self.sql(e))
    }

    /// Ends the session of `token` (nothing when there is none).
    pub fn close_session(&self, token: &str) -> Result<(), StoreError> {
        let conn = self.lock();
        let judge: Option<String> = conn
            .query_row(
                "DELETE FROM session WHERE token_sha256 = ?1 RETURNING judge",
                params![token_digest(token)],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.sql(e))?;
        match judge {
            Some(judge) => self.record(&conn, unix_now(), &judge, "sign_out", None),
            None => Ok(()),
        }
    }

    /// Publishes `draft` as `judge`'s ruling at `now`: the next free id `j-N` (`taken`
    /// says which ids other rulings already have), tier `judge`, source the judge's name,
    /// today's date; recorded in the audit as `publish`, or `supersede` when it
    /// supersedes another. The caller has checked it against the catalogue and the
    /// rulings shown.
    pub fn publish(
        &self,
        draft: &Draft,
        judge: &str,
        now: i64,
        taken: &dyn Fn(&str) -> bool,
    ) -> Result<Ruling, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.sql(e))?;
        let last: i64 = tx
            .query_row("SELECT COALESCE(MAX(seq), 0) FROM ruling", [], |r| r.get(0))
            .map_err(|e| self.sql(e))?;
        let mut seq = last + 1;
        while taken(&format!("j-{seq}")) {
            seq += 1;
        }
        let ruling = Ruling {
            id: format!("j-{seq}"),
            game: draft.game.clone(),
            question: draft.question.clone(),
            answer: draft.answer.clone(),
            keywords: draft.keywords.clone(),
            cards: draft.cards.clone(),
            rules: draft.rules.clone(),
            position: draft.position.clone(),
            hash: draft.hash.clone(),
            step: draft.step,
            tier: Tier::Judge,
            source: judge.to_string(),
            published: date_of(now),
            supersedes: draft.supersedes.clone(),
        };
        let list = |v: &Vec<String>| serde_json::to_string(v).unwrap_or_else(|_| "[]".into());
        tx.execute(
            "INSERT INTO ruling (seq, id, game, question, answer, keywords, cards, rules,
                 position, hash, step, judge, published, supersedes, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            params![
                seq,
                ruling.id,
                ruling.game,
                ruling.question,
                ruling.answer,
                list(&ruling.keywords),
                list(&ruling.cards),
                list(&ruling.rules),
                ruling.position,
                ruling.hash,
                ruling.step,
                judge,
                ruling.published,
                ruling.supersedes,
                now
            ],
        )
        .map_err(|e| self.sql(e))?;
        let action = if ruling.supersedes.is_some() {
            "supersede"
        } else {
            "publish"
        };
        self.record(&tx, now, judge, action, Some(&ruling.id))?;
        tx.commit().map_err(|e| self.sql(e))?;
        Ok(ruling)
    }

    /// Every ruling the judges published, in the order they were.
    pub fn rulings(&self) -> Result<Vec<Ruling>, StoreError> {
        let conn = self.lock();
        let mut st = conn
            .prepare(
                "SELECT id, game, question, answer, keywords, cards, rules, position, hash,
                     step, judge, published, supersedes
                 FROM ruling ORDER BY seq",
            )
            .map_err(|e| self.sql(e))?;
        type Row = (
            String,
            String,
            String,
            String,
            [String; 3],
            String,
            String,
            u32,
            String,
            String,
            Option<String>,
        );
        let rows: Vec<Row> = st
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    [r.get(4)?, r.get(5)?, r.get(6)?],
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                    r.get(11)?,
                    r.get(12)?,
                ))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.sql(e))?;
        rows.into_iter()
            .map(
                |(id, game, question, answer, lists, position, hash, step, judge, date, sup)| {
                    let damaged = |why: String| StoreError::Damaged(id.clone(), why);
                    if !is_id(&id) {
                        return Err(damaged("its id is not a ruling id".into()));
                    }
                    let [keywords, cards, rules] = lists.map(|l| {
                        serde_json::from_str::<Vec<String>>(&l).map_err(|e| e.to_string())
                    });
                    Ok(Ruling {
                        keywords: keywords.map_err(&damaged)?,
                        cards: cards.map_err(&damaged)?,
                        rules: rules.map_err(&damaged)?,
                        id,
                        game,
                        question,
                        answer,
                        position,
                        hash,
                        step,
                        tier: Tier::Judge,
                        source: judge,
                        published: date,
                        supersedes: sup,
                    })
                },
            )
            .collect()
    }

    /// The audit record, oldest first.
    pub fn audit(&self) -> Result<Vec<AuditEntry>, StoreError> {
        let conn = self.lock();
        let mut st = conn
            .prepare("SELECT at, judge, action, ruling FROM audit ORDER BY seq")
            .map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([], |r| {
                Ok(AuditEntry {
                    at: r.get(0)?,
                    judge: r.get(1)?,
                    action: r.get(2)?,
                    ruling: r.get(3)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.sql(e));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_agrees_with_the_crate_for_any_parameters_and_reuses_its_blocks() {
        use argon2::password_hash::PasswordVerifier;
        use argon2::{Algorithm, Params, Version};
        let ours = hash_password("correct horse").unwrap();
        // Other parameters, as a PHC string written elsewhere might carry.
        let small = Params::new(64, 1, 1, None).unwrap();
        let salt = SaltString::encode_b64(b"sixteen byte slt").unwrap();
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, small)
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        for phc in [&ours, &theirs] {
            for password in ["correct horse", "correct horsf", ""] {
                let crate_says = Argon2::default()
                    .verify_password(password.as_bytes(), &PasswordHash::new(phc).unwrap())
                    .is_ok();
                assert_eq!(verify(phc, password), crate_says, "{phc} {password:?}");
            }
        }
        assert!(verify(&ours, "correct horse"));
        assert!(!verify("not a phc string", "correct horse"));
        assert!(!verify(
            &theirs.replace("argon2id", "argon2x"),
            "correct horse"
        ));
    }

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400), "2000-02-29");
        assert_eq!(date_of(1_767_225_599), "2025-12-31");
    }

    #[test]
    fn names_are_short_and_plain() {
        assert!(is_name("Ada Lovelace"));
        assert!(is_name("o'brien-2"));
        assert!(!is_name(""));
        assert!(!is_name(" ada"));
        assert!(!is_name("a,b"));
        assert!(!is_name("a\nb"));
        assert!(!is_name(&"a".repeat(41)));
    }

    #[test]
    fn a_session_expires_and_a_signed_out_token_is_gone() {
        let store = JudgeStore::in_memory();
        store.add_judge("ada", "correct horse battery").unwrap();
        let (token, s) = store.open_session("ada", 1_000, 60).unwrap();
        assert_eq!(store.session(&token, 1_059).unwrap(), Some(s));
        assert_eq!(store.session(&token, 1_060).unwrap(), None);
        let (token, _) = store.open_session("ada", 2_000, 60).unwrap();
        store.close_session(&token).unwrap();
        assert_eq!(store.session(&token, 2_001).unwrap(), None);
        let actions: Vec<_> = store
            .audit()
            .unwrap()
            .into_iter()
            .map(|a| a.action)
            .collect();
        assert_eq!(actions, ["account_added", "sign_in", "sign_in", "sign_out"]);
    }
}
