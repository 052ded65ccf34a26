//! Sign-in rate limits: wrong passwords remembered for a minute per client (an IPv4
//! address or an IPv6 /64) and per account name (folded), whether or not the account
//! exists. Past the limit, an attempt is refused with how long to wait before its
//! password is checked. Bounded: at most [`TRACKED`] clients and names are remembered.
//!
//! A name's limit is [`NAME_FACTOR`] times a client's: a name refused to everyone could
//! otherwise be kept refused by one client alone (its own 20 a minute filling the name's
//! 20), locking a judge out for as long as it liked. One client now fills a fifth of it.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;

use crate::permalinks::ClientGroup;

/// The window, in seconds.
const WINDOW: i64 = 60;

/// Clients and names remembered each; past it, the forgotten are those with no failure
/// in the window, and then new ones are not tracked (the other key still limits them).
const TRACKED: usize = 10_000;

/// How many clients' worth of wrong passwords a name takes in a minute before it is
/// refused to everyone.
pub(super) const NAME_FACTOR: u32 = 5;

/// The longest name kept as a key (in characters).
const NAME_KEY_CHARS: usize = 64;

pub(super) struct SignInLimits {
    per_minute: u32,
    per_name: u32,
    clients: HashMap<Option<ClientGroup>, VecDeque<i64>>,
    names: HashMap<String, VecDeque<i64>>,
}

fn name_key(name: &str) -> String {
    crate::text::fold(name)
        .chars()
        .take(NAME_KEY_CHARS)
        .collect()
}

/// Seconds until the oldest failure of `q` leaves the window, when `q` is full.
fn wait(q: Option<&VecDeque<i64>>, per_minute: u32, now: i64) -> Option<u64> {
    let q = q?;
    let recent = q.iter().filter(|&&t| t > now - WINDOW).count();
    if recent < per_minute as usize {
        return None;
    }
    let oldest = q.iter().copied().find(|&t| t > now - WINDOW)?;
    Some((oldest + WINDOW - now).max(1) as u64)
}

fn note<K: std::hash::Hash + Eq>(
    map: &mut HashMap<K, VecDeque<i64>>,
    key: K,
    per_minute: u32,
    now: i64,
) {
    if map.len() >= TRACKED && !map.contains_key(&key) {
        map.retain(|_, q| q.back().is_some_and(|&t| t > now - WINDOW));
        if map.len() >= TRACKED {
            return;
        }
    }
    let q = map.entry(key).or_default();
    while q.front().is_some_and(|&t| t <= now - WINDOW) || q.len() >= per_minute.max(1) as usize {
        q.pop_front();
    }
    q.push_back(now);
}

impl SignInLimits {
    pub(super) fn new(per_minute: u32) -> SignInLimits {
        SignInLimits {
            per_minute,
            per_name: per_minute.saturating_mul(NAME_FACTOR),
            clients: HashMap::new(),
            names: HashMap::new(),
        }
    }

    /// The seconds `client` must wait before trying `name` again, if either has had its
    /// minute's wrong passwords.
    pub(super) fn refusal(&self, client: Option<IpAddr>, name: &str, now: i64) -> Option<u64> {
        let by_client = wait(
            self.clients.get(&client.map(ClientGroup::of)),
            self.per_minute,
            now,
        );
        let by_name = wait(self.names.get(&name_key(name)), self.per_name, now);
        by_client.max(by_name)
    }

    /// Remembers a wrong password from `client` for `name`.
    pub(super) fn failed(&mut self, client: Option<IpAddr>, name: &str, now: i64) {
        let (per_minute, per_name) = (self.per_minute, self.per_name);
        note(
            &mut self.clients,
            client.map(ClientGroup::of),
            per_minute,
            now,
        );
        note(&mut self.names, name_key(name), per_name, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_per_client_and_per_name_and_lasts_a_minute() {
        let mut l = SignInLimits::new(3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for t in 0..3 {
            assert_eq!(l.refusal(Some(a), "ada", 100 + t), None);
            l.failed(Some(a), "ada", 100 + t);
        }
        assert_eq!(l.refusal(Some(a), "bob", 103), Some(57), "per client");
        assert_eq!(
            l.refusal(Some(b), "ADA", 103),
            None,
            "one client alone cannot lock a name out"
        );
        // Five clients' worth of wrong passwords for the name refuse it to everyone.
        for n in 1..NAME_FACTOR {
            let c: IpAddr = format!("10.0.{n}.9").parse().unwrap();
            for t in 0..3 {
                l.failed(Some(c), "ada", 100 + t);
            }
        }
        assert_eq!(l.refusal(Some(b), "ADA", 103), Some(57), "per name, folded");
        assert_eq!(l.refusal(Some(b), "bob", 103), None);
        assert_eq!(l.refusal(Some(a), "ada", 160), None, "a minute later");
    }
}
