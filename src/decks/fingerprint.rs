//! A list's fingerprint (issue #32, "Lists that cannot change"): a short hash of its
//! canonical form, printed on every verdict and registration sheet, and the deck-check
//! compare of a presented list against the registered one.
//!
//! The canonical form is the list's cards only: each name folded (case, curly quotes,
//! inner spacing: [`crate::text::fold`]), the counts of lines naming the same card summed,
//! sorted by folded name, one `count name` line each. Headers (`Player:`, `Faction:`),
//! section headers, comments, blank lines and the order of lines do not enter it, so two
//! spellings of one list agree and a change of one card or one count does not. A name
//! the catalogue does not know enters as written (folded): a misspelt card is a
//! different list until it is corrected. Pure: no catalogue is read.

use super::Decklist;
use crate::text::fold;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The folded name of each card of `list` with its summed count and the name as first
/// written, in folded-name order.
pub fn canonical(list: &Decklist) -> BTreeMap<String, (String, u64)> {
    let mut out: BTreeMap<String, (String, u64)> = BTreeMap::new();
    for e in &list.entries {
        let entry = out
            .entry(fold(&e.name))
            .or_insert_with(|| (e.name.trim().to_string(), 0));
        entry.1 += u64::from(e.count);
    }
    out
}

/// The fingerprint of `list`: the first 48 bits of the SHA-256 of its canonical form, as
/// twelve lowercase hex digits in three groups (`3f2a-91bc-04de`).
pub fn fingerprint(list: &Decklist) -> String {
    let mut h = Sha256::new();
    for (name, (_, count)) in canonical(list) {
        h.update(format!("{count} {name}\n").as_bytes());
    }
    let hex = hex::encode(&h.finalize()[..6]);
    format!("{}-{}-{}", &hex[..4], &hex[4..8], &hex[8..])
}

/// `s` as a fingerprint is compared: lowercase, without spaces or dashes.
fn plain(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// One card whose count differs between the registered and the presented list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The card as written (the registered spelling when both have it).
    pub card: String,
    pub registered: u64,
    pub presented: u64,
}

/// A deck check's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Comparison {
    pub object: &'static str,
    /// The presented list's fingerprint.
    pub presented: String,
    /// The fingerprint on the sheet, as given (when given).
    pub sheet: Option<String>,
    /// The registered list's fingerprint (when the registered list was given).
    pub registered: Option<String>,
    /// True iff the presented list is the registered one (by the sheet's fingerprint, or
    /// by the registered list when the sheet's is not given).
    pub same: bool,
    /// The registered list was given but its fingerprint is not the sheet's.
    pub registered_mismatch: bool,
    /// Each card and count that differs, when the registered list was given.
    pub differences: Vec<Difference>,
}

/// Compares the list a player presents with the sheet's fingerprint and, when given, the
/// registered list (whose cards and counts the differences are read against).
pub fn compare(
    presented: &Decklist,
    sheet: Option<&str>,
    registered: Option<&Decklist>,
) -> Comparison {
    let fp = fingerprint(presented);
    let sheet = sheet.map(str::trim).filter(|s| !s.is_empty());
    let reg_fp = registered.map(fingerprint);
    let same = match (sheet, &reg_fp) {
        (Some(s), _) => plain(s) == plain(&fp),
        (None, Some(r)) => *r == fp,
        (None, None) => false,
    };
    let registered_mismatch =
        matches!((sheet, &reg_fp), (Some(s), Some(r)) if plain(s) != plain(r));
    let differences = registered
        .map(|r| differences(r, presented))
        .unwrap_or_default();
    Comparison {
        object: "deck_check",
        presented: fp,
        sheet: sheet.map(str::to_string),
        registered: reg_fp,
        same,
        registered_mismatch,
        differences,
    }
}

/// Every card whose summed count differs between the two lists, in folded-name order.
pub fn differences(registered: &Decklist, presented: &Decklist) -> Vec<Difference> {
    let a = canonical(registered);
    let b = canonical(presented);
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|k| {
            let (ra, ca) = a.get(k).map(|(n, c)| (Some(n), *c)).unwrap_or((None, 0));
            let (rb, cb) = b.get(k).map(|(n, c)| (Some(n), *c)).unwrap_or((None, 0));
            (ca != cb).then(|| Difference {
                card: ra.or(rb).cloned().unwrap_or_default(),
                registered: ca,
                presented: cb,
            })
        })
        .collect()
}
