//! The exact odds of an attack as the log and the JSON show them ([`OddsReport`]):
//! plain data, every probability an exact fraction as text with its decimal beside it.
//! `odds.rs` computes it; the state, the changes and the outcome carry it.

use std::collections::BTreeMap;

use serde::Serialize;

/// The odds as the log and the JSON show them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsReport {
    /// Damage counters the attack places, per unit: `{"D": {"0": "139/432", …}}`.
    pub damage: BTreeMap<String, BTreeMap<u32, String>>,
    /// The chance the attack discards each unit.
    pub discarded: BTreeMap<String, String>,
    /// The chance the attack removes from the game each unit Meditate played back
    /// (seed 002 Meditate: removed "instead" of discarded).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub removed: BTreeMap<String, String>,
    pub expected_damage: BTreeMap<String, String>,
    /// The number of hits (for predictions).
    pub hits: BTreeMap<u32, String>,
    /// The same figures as decimals.
    pub decimal: Decimals,
    /// `exact`.
    pub method: &'static str,
    /// How they were computed.
    pub model: &'static str,
    /// Why there are none, when the model could not compute them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct Decimals {
    pub damage: BTreeMap<String, BTreeMap<u32, f64>>,
    pub discarded: BTreeMap<String, f64>,
    pub expected_damage: BTreeMap<String, f64>,
    pub hits: BTreeMap<u32, f64>,
}

impl OddsReport {
    /// The log's sentence.
    pub fn describe(&self) -> String {
        if let Some(e) = &self.error {
            return format!("Odds: not computed: {e}.");
        }
        let mut parts = Vec::new();
        for (u, p) in &self.discarded {
            let e = self.expected_damage.get(u).cloned().unwrap_or_default();
            parts.push(format!("{u} discarded {p}, expected damage {e}"));
        }
        for (u, p) in &self.removed {
            parts.push(format!("{u} removed from the game {p}"));
        }
        let hits: Vec<String> = self.hits.iter().map(|(h, p)| format!("{h}: {p}")).collect();
        format!(
            "Odds (exact, before the roll, given every pin): {}; hits {}.",
            parts.join("; "),
            hits.join(", ")
        )
    }
}
