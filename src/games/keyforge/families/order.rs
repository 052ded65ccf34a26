//! The order of simultaneous abilities (published rule "Choices": the active player
//! "orders simultaneous abilities"): when two or more abilities resolve at the same
//! moment — a card's Fight:, Reap: or Play: abilities and its upgrades'; the attacker's
//! Fight: abilities and the "after an enemy creature is destroyed fighting" constants;
//! Before Fight:, Assault and Hazardous — the active player picks the next one to
//! resolve, one decision at a time, until one is left. Each pick is a decision a judge
//! can pin; its default policy is the written order (house rule K4's first option).

use super::super::cite::{base, rules, Rule};
use super::super::event::{emit, Change, Event};
use super::super::state::State;
use crate::rules::decision::decide;
use crate::rules::Decision;

/// What the log asks at each pick.
const QUESTION: &str = "the simultaneous ability to resolve next";

/// `items` (each with its label for the log) in the order the active player takes
/// them: a decision for each pick while two or more are left, defaulting to the first
/// (`policy` names the written order in the log). On a bad pin the adjudication stops
/// (the `BadPin` event) and nothing is returned.
pub fn order<T>(
    st: &mut State,
    out: &mut Vec<Event>,
    items: Vec<(String, T)>,
    policy: &'static str,
) -> Vec<T> {
    let mut left = items;
    let mut taken = Vec::with_capacity(left.len());
    while left.len() > 1 {
        let ordinal = st.decisions + 1;
        let options: Vec<String> = left.iter().map(|(l, _)| l.clone()).collect();
        match decide(&st.decision_pins, ordinal, options.len(), 0) {
            Ok((i, pinned)) => {
                let decision = Decision {
                    ordinal,
                    who: st.players[st.active].name.clone(),
                    question: QUESTION,
                    options,
                    policy,
                    chosen: i,
                    pinned,
                };
                let rule = if pinned {
                    Rule::from(&base::CHOICES)
                } else {
                    Rule::from(&base::CHOICES).house(&rules::DEFAULT_CHOICE)
                };
                emit(
                    st,
                    out,
                    Change::Choice {
                        purpose: QUESTION,
                        decision,
                    },
                    rule,
                );
                taken.push(left.remove(i).1);
            }
            Err(bad) => {
                emit(st, out, Change::BadPin(bad), &base::CHOICES);
                return Vec::new();
            }
        }
    }
    taken.extend(left.into_iter().map(|(_, t)| t));
    taken
}

/// The written order of one card's abilities: the card's, top to bottom, then its
/// upgrades', in the order they were attached.
pub const TEXT_ORDER: &str =
    "the written order (the card's abilities top to bottom, then its upgrades')";
