//! Exact odds: the distribution of any final quantity of a game over every chance node
//! still to come that the position does not pin. [`exact`] re-runs the game's pure
//! `advance` on every outcome of every unpinned node, memoised by state where the game
//! supplies a key; a game may supply a faster aggregated model instead, and every
//! [`Distribution`] says which [`Method`] produced it. Apart from [`super::chance`] (what
//! one node is) so that the game trait and the chance records do not import each other.

use std::collections::{BTreeMap, HashMap};

use num_traits::{One, Zero};
use serde::Serialize;

use super::chance::{odds_of, Odds};
use super::game::Game;

/// How a figure was computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Method {
    /// Every outcome of every unpinned chance node was played out with the game's own
    /// `advance`: `runs` steps run, `memo_hits` states answered from the memo.
    Enumerated { runs: usize, memo_hits: usize },
    /// A model of the game's own that aggregates outcomes (named).
    Aggregated { model: &'static str },
}

/// The exact distribution of a quantity.
///
/// Its JSON lists the values in order, each with its chance as an exact fraction in a
/// string, and names the method: `{"outcomes": [{"value": 3, "odds": "1/4"}, …],
/// "method": "enumerated", "runs": 12, "memo_hits": 2}`. (A map keyed by value would
/// fail at run time for any quantity that is not a string or a number, such as both
/// players' life, and `Odds`' own serde form is a pair of digit arrays.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution<Q: Ord> {
    /// Each value with its exact chance; the chances sum to 1.
    pub outcomes: BTreeMap<Q, Odds>,
    pub method: Method,
}

impl<Q: Ord + Serialize> Serialize for Distribution<Q> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Outcome<'a, Q> {
            value: &'a Q,
            odds: String,
        }
        #[derive(Serialize)]
        struct DistributionJson<'a, Q> {
            outcomes: Vec<Outcome<'a, Q>>,
            #[serde(flatten)]
            method: &'a Method,
        }
        DistributionJson {
            outcomes: self
                .outcomes
                .iter()
                .map(|(value, odds)| Outcome {
                    value,
                    odds: odds.to_string(),
                })
                .collect(),
            method: &self.method,
        }
        .serialize(s)
    }
}

impl<Q: Ord> Distribution<Q> {
    /// The chance of `value`.
    pub fn odds(&self, value: &Q) -> Odds {
        self.outcomes.get(value).cloned().unwrap_or_else(Odds::zero)
    }
}

/// Enumeration stopped: the chance still to come has more branches than the bound.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the exact odds need more than {limit} steps played out; pin some chance outcomes first")]
pub struct TooManyBranches {
    pub limit: usize,
}

/// The exact distribution of `quantity` of the final state when `start` is played to
/// the end, over every unpinned chance node, by re-running `G::advance` on each outcome
/// (memoised by [`Game::memo_key`]). At most `limit` steps are run.
pub fn exact<G: Game, Q: Ord + Clone>(
    start: &G::State,
    quantity: impl Fn(&G::State) -> Q,
    limit: usize,
) -> Result<Distribution<Q>, TooManyBranches> {
    let mut run = Enumeration::<G, Q> {
        quantity: &quantity,
        memo: HashMap::new(),
        runs: 0,
        memo_hits: 0,
        limit,
    };
    let outcomes = run.value(start)?;
    Ok(Distribution {
        outcomes,
        method: Method::Enumerated {
            runs: run.runs,
            memo_hits: run.memo_hits,
        },
    })
}

struct Enumeration<'q, G: Game, Q> {
    quantity: &'q dyn Fn(&G::State) -> Q,
    memo: HashMap<G::MemoKey, BTreeMap<Q, Odds>>,
    runs: usize,
    memo_hits: usize,
    limit: usize,
}

impl<G: Game, Q: Ord + Clone> Enumeration<'_, G, Q> {
    /// The distribution from `state` (between steps) to the end.
    fn value(&mut self, state: &G::State) -> Result<BTreeMap<Q, Odds>, TooManyBranches> {
        if G::is_over(state) {
            return Ok(BTreeMap::from([((self.quantity)(state), Odds::one())]));
        }
        let key = G::memo_key(state);
        if let Some(k) = &key {
            if let Some(known) = self.memo.get(k) {
                self.memo_hits += 1;
                return Ok(known.clone());
            }
        }
        let value = self.step(state.clone())?;
        if let Some(k) = key {
            self.memo.insert(k, value.clone());
        }
        Ok(value)
    }

    /// Runs the next step of `before`; at its first chance node left to draw, branches
    /// on every outcome (pinning it and running the step again).
    fn step(&mut self, before: G::State) -> Result<BTreeMap<Q, Odds>, TooManyBranches> {
        if self.runs >= self.limit {
            return Err(TooManyBranches { limit: self.limit });
        }
        self.runs += 1;
        let mut after = before.clone();
        let events = G::advance(&mut after);
        let open = events.iter().find_map(|e| {
            G::chance_in(&e.change).filter(|c| !c.forced).map(|c| {
                let n = c.candidates;
                (
                    c.ordinal,
                    n,
                    (0..n).map(|i| odds_of(c.weights, n, i)).collect::<Vec<_>>(),
                )
            })
        });
        let Some((ordinal, n, odds)) = open else {
            return self.value(&after);
        };
        let mut total: BTreeMap<Q, Odds> = BTreeMap::new();
        for (i, p) in odds.into_iter().enumerate().take(n) {
            if p.is_zero() {
                continue;
            }
            let mut pinned = before.clone();
            G::pin_chance(&mut pinned, ordinal, i, &events);
            for (q, w) in self.step(pinned)? {
                *total.entry(q).or_insert_with(Odds::zero) += w * &p;
            }
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn a_distribution_serializes_any_quantity_with_exact_odds_as_text() {
        let d = Distribution {
            outcomes: BTreeMap::from([
                ((0, 3), Odds::new(BigInt::from(1), BigInt::from(4))),
                ((2, 1), Odds::new(BigInt::from(3), BigInt::from(4))),
            ]),
            method: Method::Enumerated {
                runs: 5,
                memo_hits: 1,
            },
        };
        assert_eq!(
            serde_json::to_value(&d).unwrap(),
            serde_json::json!({
                "outcomes": [{"value": [0, 3], "odds": "1/4"}, {"value": [2, 1], "odds": "3/4"}],
                "method": "enumerated", "runs": 5, "memo_hits": 1,
            })
        );
        let aggregated = Distribution {
            outcomes: BTreeMap::from([("win", Odds::one())]),
            method: Method::Aggregated { model: "binomial" },
        };
        assert_eq!(
            serde_json::to_value(&aggregated).unwrap(),
            serde_json::json!({"outcomes": [{"value": "win", "odds": "1"}],
                               "method": "aggregated", "model": "binomial"})
        );
    }
}
