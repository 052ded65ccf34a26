//! Rejected actions: a proposed action the rules forbid is recorded as a [`Rejected`]
//! change citing the rule it breaks, and the state is left as it was. A position says
//! whether adjudication stops at the first rejection or goes on ([`OnRejection`]).

use serde::{Deserialize, Serialize};

/// A proposed action refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// The action's place in the position's `actions` (1-based in JSON and text).
    #[serde(serialize_with = "one_based")]
    pub action: usize,
    /// What the action was, in words.
    pub proposed: String,
    /// Why it is refused, in words (the cited rule quotes the sentence).
    pub reason: String,
}

fn one_based<S: serde::Serializer>(i: &usize, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(*i as u64 + 1)
}

impl Rejected {
    /// The log's sentence.
    pub fn describe(&self) -> String {
        format!(
            "Action {} rejected: {}. {}",
            self.action + 1,
            self.proposed,
            self.reason
        )
    }
}

/// What adjudication does after a rejected action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnRejection {
    /// Go on with the next action, from the unchanged state (the default: a judge sees
    /// every action's verdict at once).
    #[default]
    Continue,
    /// Stop at the first rejection.
    Stop,
}
