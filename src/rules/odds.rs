//! Exact odds: the distribution of any final quantity of a game over every chance node
//! still to come that the position does not pin. [`exact`] re-runs the game's pure
//! `advance` on every outcome of every unpinned node, memoised by state where the game
//! supplies a key; a game may supply a faster aggregated model instead ([`Game::odds`];
//! [`from_state`] takes it when there is one), and every [`Distribution`] says which
//! [`Method`] produced it (both are [`super::chance`]'s, so the game trait can name them
//! without importing this file). Apart from [`super::chance`] (what one node is) so that
//! the game trait and the chance records do not import each other.

use std::collections::{BTreeMap, HashMap};

use num_traits::{One, Zero};

use super::chance::{odds_of, Odds};
use super::game::Game;
use super::view::GameOdds;

pub use super::chance::{Distribution, Method};

/// Steps the generic enumeration may play out for one step page: some 10 ms of
/// battle-line.
pub const PAGE_RUNS: usize = 20_000;

/// The odds a step page shows from `state`: the game's own model when it has one
/// ([`Game::odds`]), else the generic enumeration of every chance outcome still to come
/// (at most [`PAGE_RUNS`] steps), each result named by the game's outcome sentence.
pub fn from_state<G: Game>(state: &G::State) -> Result<GameOdds, String> {
    if let Some(own) = G::odds(state) {
        return own;
    }
    let result = |st: &G::State| G::outcome_sentence(st, &G::outcome(st));
    exact::<G, String>(state, result, PAGE_RUNS)
        .map(|results| GameOdds {
            results,
            charts: Vec::new(),
        })
        .map_err(|e| e.to_string())
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
        // A budget run out (`super::budget`) stops here too; its setter discards the error.
        if self.runs >= self.limit || super::budget::exhausted() {
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
