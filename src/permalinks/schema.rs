//! The store's table: created on a new file, and an older store's columns and indexes
//! added in place, in one transaction, without losing a row.

use super::*;

impl Permalinks {
    pub(super) fn init(
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
    pub(super) fn migrate(conn: &Connection) -> Result<(), rusqlite::Error> {
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
    pub(super) fn migrate_locked(conn: &Connection) -> Result<(), rusqlite::Error> {
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
}
