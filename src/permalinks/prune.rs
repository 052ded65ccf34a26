//! Making room in a full store: which permalinks a new one may push out, least recently
//! opened first (stale, then shared past their share, then those only their creator
//! opened), or the refusal when none may go. What the bounds are is the parent's.

use super::*;

impl Permalinks {
    /// Prunes until `len` more bytes and one more permalink fit, the least recently
    /// opened first: those not opened in the last `keep_days` days; then, while shared
    /// permalinks hold more than their share ([`NEW_LINK_RESERVE`]), shared ones; then
    /// those only their creator ever opened; or refuses.
    pub(super) fn make_room(
        &self,
        inner: &mut Inner,
        len: u64,
        now: i64,
    ) -> Result<(), PermalinkError> {
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
    pub(super) fn prune_one(
        &self,
        inner: &mut Inner,
        victims: Victims<'_>,
    ) -> Result<bool, PermalinkError> {
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
}

/// Which permalinks a prune may take.
#[derive(Clone, Copy)]
pub(super) enum Victims<'a> {
    /// Not opened since the cutoff (the start of `keep_days`).
    Stale(i64),
    /// Opened by a client other than their creator.
    Shared,
    /// Only their creator ever opened (a creator is recorded, nobody else opened them).
    OnlyCreatorOpened,
    /// The creator's own, not opened since the cutoff.
    OwnStale(&'a str, i64),
}
