//! Who a permalink's client is and what it may store: a [`ClientGroup`] (an IPv4
//! address or an IPv6 /64), its rate of new permalinks a minute and its byte budget.
//! The store's SQL and its pruning are the parent's and `prune`'s.

use super::*;

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

impl Permalinks {
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
    pub(super) fn rate_refusal(
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
    pub(super) fn count_new(&self, inner: &mut Inner, client: ClientGroup, now: i64) {
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
    pub(super) fn within_budget(
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
}
