//! Chance: nodes whose outcomes have exact rational weights, drawn from the generator in
//! the state or pinned by the judge, and the exact distribution of any final quantity
//! over the chance still to come.
//!
//! A game records every chance node it meets as a [`Chance`] (its outcomes, their
//! integer weights, which was taken and whether the judge pinned it) inside one of its
//! changes. [`take`] always draws from the generator, pinned or not, so pinning one node
//! does not reshuffle the ones after it. The exact distribution of a final quantity over
//! the chance still to come is [`super::odds`]'s.

use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rand::Rng;
use serde::Serialize;

/// An exact probability.
pub type Odds = BigRational;

/// One chance node as the log records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chance<T> {
    /// 1-based count of the chance nodes met so far in this adjudication.
    pub ordinal: u32,
    /// What is being decided by chance (`Bolt's target`).
    pub purpose: &'static str,
    /// Every outcome that could have been taken.
    pub candidates: Vec<T>,
    /// The outcomes' integer weights (each outcome's chance is its weight over their
    /// sum); empty when all are equally likely.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<u64>,
    /// The index in `candidates` taken.
    pub picked: usize,
    /// Whether the judge pinned the outcome.
    pub forced: bool,
}

impl<T> Chance<T> {
    /// The exact chance of outcome `i`.
    pub fn odds(&self, i: usize) -> Odds {
        odds_of(&self.weights, self.candidates.len(), i)
    }

    /// The log's sentence, naming each outcome with `name`:
    /// `Chance 2 (Bolt's target): X picked (random) from X, Y.`
    pub fn describe(&self, name: impl Fn(&T) -> String) -> String {
        let list: Vec<String> = self
            .candidates
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if self.weights.is_empty() {
                    name(c)
                } else {
                    format!("{} ({})", name(c), self.odds(i))
                }
            })
            .collect();
        let how = if self.forced {
            "judge's choice"
        } else {
            "random"
        };
        format!(
            "Chance {} ({}): {} picked ({how}) from {}.",
            self.ordinal,
            self.purpose,
            self.candidates
                .get(self.picked)
                .map(&name)
                .unwrap_or_default(),
            list.join(", ")
        )
    }
}

/// The exact chance of outcome `i` of `n` with integer `weights` (equal when empty).
pub fn odds_of(weights: &[u64], n: usize, i: usize) -> Odds {
    if weights.is_empty() {
        if n == 0 || i >= n {
            return Odds::zero();
        }
        return Odds::new(BigInt::one(), BigInt::from(n));
    }
    let total: u128 = weights.iter().map(|w| *w as u128).sum();
    match (weights.get(i), total) {
        (Some(w), t) if t > 0 => Odds::new(BigInt::from(*w), BigInt::from(t)),
        _ => Odds::zero(),
    }
}

/// A chance outcome as taken: its index and whether the judge pinned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub index: usize,
    pub forced: bool,
}

/// Takes an outcome of a node with `n` outcomes and integer `weights` (equal when
/// empty): always draws from `rng`, then takes `pin` if there is one. `None` when there
/// are no outcomes or every weight is 0. A pin out of range is the caller's to refuse.
pub fn take(rng: &mut impl Rng, n: usize, weights: &[u64], pin: Option<usize>) -> Option<Taken> {
    if n == 0 {
        return None;
    }
    let drawn = if weights.is_empty() {
        rng.random_range(0..n)
    } else {
        let total: u64 = weights.iter().take(n).sum();
        if total == 0 {
            return None;
        }
        let mut roll = rng.random_range(0..total);
        let mut index = 0;
        for (i, w) in weights.iter().enumerate().take(n) {
            if roll < *w {
                index = i;
                break;
            }
            roll -= w;
        }
        index
    };
    Some(match pin {
        Some(index) => Taken {
            index,
            forced: true,
        },
        None => Taken {
            index: drawn,
            forced: false,
        },
    })
}

/// What the core reads of a recorded chance node, whatever its outcome type.
#[derive(Clone, Copy, Debug)]
pub struct ChanceInfo<'a> {
    pub ordinal: u32,
    pub candidates: usize,
    pub weights: &'a [u64],
    pub forced: bool,
}

impl<T> Chance<T> {
    /// The node as the core reads it.
    pub fn info(&self) -> ChanceInfo<'_> {
        ChanceInfo {
            ordinal: self.ordinal,
            candidates: self.candidates.len(),
            weights: &self.weights,
            forced: self.forced,
        }
    }
}

/// The multinomial weight of rolling exactly `counts[i]` dice showing class `i`, when
/// one die shows class `i` with weight `per_die[i]`: `n! / Π counts[i]! · Π per_die[i]^counts[i]`.
/// A dice pool summarised as outcome classes (hits and misses, say) rather than 6^n faces.
pub fn multinomial(counts: &[u32], per_die: &[u64]) -> BigInt {
    let n: u32 = counts.iter().sum();
    let mut w = factorial(n);
    for (c, p) in counts.iter().zip(per_die) {
        w /= factorial(*c);
        w *= BigInt::from(*p).pow(*c);
    }
    w
}

fn factorial(n: u32) -> BigInt {
    (1..=n).fold(BigInt::one(), |acc, k| acc * BigInt::from(k))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn uniform_odds_and_weighted_odds_are_exact() {
        assert_eq!(odds_of(&[], 3, 1).to_string(), "1/3");
        assert_eq!(odds_of(&[1, 2, 3], 3, 2).to_string(), "1/2");
        assert_eq!(odds_of(&[1, 2, 3], 3, 5), Odds::zero());
    }

    #[test]
    fn take_always_draws_so_a_pin_does_not_reshuffle_later_draws() {
        let mut a = rand_pcg::Pcg32::seed_from_u64(9);
        let mut b = a.clone();
        take(&mut a, 4, &[], Some(0)).unwrap();
        take(&mut b, 4, &[], None).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_zero_weight_outcome_is_never_drawn() {
        let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
        for _ in 0..500 {
            assert_ne!(take(&mut rng, 3, &[2, 0, 5], None).unwrap().index, 1);
        }
    }

    #[test]
    fn multinomial_counts_dice_classes() {
        // Three dice, hit on 4–6 (weight 3 of 6), miss on 1–3 (3): two hits and a miss
        // is 3 arrangements · 3·3·3 = 81 of 216 faces.
        assert_eq!(multinomial(&[2, 1], &[3, 3]), BigInt::from(81));
        let all: BigInt = (0..=3).map(|h| multinomial(&[h, 3 - h], &[3, 3])).sum();
        assert_eq!(all, BigInt::from(216));
    }
}
