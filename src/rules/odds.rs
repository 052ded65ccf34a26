//! Exact odds: the distribution of any final quantity of a game over every chance node
//! still to come that the position does not pin. [`exact`] re-runs the game's pure
//! `advance` on every outcome of every unpinned node, memoised by state where the game
//! supplies a key, depth-first over an explicit work list rather than the call stack (a
//! game may run to its 10,000-step bound, far deeper than a 2 MiB thread's stack could
//! recurse); a game may supply a faster aggregated model instead ([`Game::odds`];
//! [`from_state`] takes it when there is one), and every [`Distribution`] says which
//! [`Method`] produced it (both are [`super::chance`]'s, so the game trait can name them
//! without importing this file). Apart from [`super::chance`] (what one node is) so that
//! the game trait and the chance records do not import each other.

use std::collections::{BTreeMap, HashMap};

use num_traits::{One, Zero};

use super::chance::{odds_of, Odds};
use super::game::{Event, Game};
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
///
/// Depth-first over an explicit work list, not the call stack: a game can run to its
/// step bound (10,000 steps) from any state, and a frame per step would overflow a
/// 2 MiB blocking-pool thread after about a thousand.
pub fn exact<G: Game, Q: Ord + Clone>(
    start: &G::State,
    quantity: impl Fn(&G::State) -> Q,
    limit: usize,
) -> Result<Distribution<Q>, TooManyBranches> {
    let mut run = Enumeration::<G, Q> {
        quantity: &quantity,
        memo: HashMap::new(),
        waiting: Vec::new(),
        runs: 0,
        memo_hits: 0,
        limit,
    };
    let outcomes = run.value_of(start.clone())?;
    Ok(Distribution {
        outcomes,
        method: Method::Enumerated {
            runs: run.runs,
            memo_hits: run.memo_hits,
        },
    })
}

/// A distribution of final quantities.
type Dist<Q> = BTreeMap<Q, Odds>;

struct Enumeration<'q, G: Game, Q> {
    quantity: &'q dyn Fn(&G::State) -> Q,
    memo: HashMap<G::MemoKey, Dist<Q>>,
    /// What waits for the distribution being computed, innermost last.
    waiting: Vec<Waiting<G, Q>>,
    runs: usize,
    memo_hits: usize,
    limit: usize,
}

/// What the work loop does next.
enum Next<S, Q> {
    /// The distribution from this state, between steps, to the end.
    Value(S),
    /// Play the next step of this state.
    Step(S),
    /// A distribution finished: hand it to what waits for it.
    Done(Dist<Q>),
}

/// A computation suspended until the distribution below it is done.
enum Waiting<G: Game, Q> {
    /// A state's value, to memoise under its key once known.
    Memoise(G::MemoKey),
    /// A chance node's outcomes, summed as each one's distribution comes back.
    Branch(Branch<G, Q>),
}

/// The step of `before` met an unpinned chance node: each outcome is played again
/// with the node pinned, in order, and weighted by its odds.
struct Branch<G: Game, Q> {
    before: G::State,
    events: Vec<Event<G::Change>>,
    ordinal: u32,
    /// Each outcome's odds.
    odds: Vec<Odds>,
    /// The outcome being played out.
    at: usize,
    total: Dist<Q>,
}

impl<G: Game, Q: Ord + Clone> Enumeration<'_, G, Q> {
    /// The distribution from `state` (between steps) to the end: the one work loop.
    fn value_of(&mut self, state: G::State) -> Result<Dist<Q>, TooManyBranches> {
        let mut next = Next::Value(state);
        loop {
            next = match next {
                Next::Value(state) => self.value(state),
                Next::Step(before) => self.step(before)?,
                Next::Done(dist) => match self.waiting.pop() {
                    None => return Ok(dist),
                    Some(waiting) => self.resume(waiting, dist),
                },
            };
        }
    }

    /// The value of `state`: at once when the game is over or the memo knows it, else
    /// its next step, its key waiting to memoise the result.
    fn value(&mut self, state: G::State) -> Next<G::State, Q> {
        if G::is_over(&state) {
            return Next::Done(BTreeMap::from([((self.quantity)(&state), Odds::one())]));
        }
        let key = G::memo_key(&state);
        if let Some(k) = key {
            if let Some(known) = self.memo.get(&k) {
                self.memo_hits += 1;
                return Next::Done(known.clone());
            }
            self.waiting.push(Waiting::Memoise(k));
        }
        Next::Step(state)
    }

    /// Runs the next step of `before` (the one place a step is counted against the
    /// limit); at its first chance node left to draw, branches on every outcome.
    fn step(&mut self, before: G::State) -> Result<Next<G::State, Q>, TooManyBranches> {
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
                    (0..n).map(|i| odds_of(c.weights, n, i)).collect(),
                )
            })
        });
        let Some((ordinal, odds)) = open else {
            return Ok(Next::Value(after));
        };
        Ok(self.next_outcome(Branch {
            before,
            events,
            ordinal,
            odds,
            at: 0,
            total: BTreeMap::new(),
        }))
    }

    /// Hands `dist` to `waiting`: memoised, or weighted into its branch's total.
    fn resume(&mut self, waiting: Waiting<G, Q>, dist: Dist<Q>) -> Next<G::State, Q> {
        match waiting {
            Waiting::Memoise(key) => {
                self.memo.insert(key, dist.clone());
                Next::Done(dist)
            }
            Waiting::Branch(mut branch) => {
                let p = &branch.odds[branch.at];
                for (q, w) in dist {
                    *branch.total.entry(q).or_insert_with(Odds::zero) += w * p;
                }
                branch.at += 1;
                self.next_outcome(branch)
            }
        }
    }

    /// The next outcome of `branch` with odds above zero, pinned and stepped again (the
    /// branch waiting for it), or the branch's total once none is left.
    fn next_outcome(&mut self, mut branch: Branch<G, Q>) -> Next<G::State, Q> {
        while branch.odds.get(branch.at).is_some_and(Odds::is_zero) {
            branch.at += 1;
        }
        if branch.at == branch.odds.len() {
            return Next::Done(branch.total);
        }
        let mut pinned = branch.before.clone();
        G::pin_chance(&mut pinned, branch.ordinal, branch.at, &branch.events);
        self.waiting.push(Waiting::Branch(branch));
        Next::Step(pinned)
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
