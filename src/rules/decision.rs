//! Decisions: a player's choice (a target, how much to prevent, which dice to reroll,
//! whether to use a "may" ability, the order of simultaneous triggers, whether to pay),
//! kept apart from chance.
//!
//! A decision node lists its legal options and a named default policy; a judge pins an
//! option in the position (`decisions`, parallel to chance's `choices`). The node is
//! recorded as a [`Decision`] in one of the game's changes, which says whether the
//! judge's pin or the default policy took the option.

use serde::{Deserialize, Serialize};

/// One decision as the log records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decision<T> {
    /// 1-based count of the decisions met so far in this adjudication.
    pub ordinal: u32,
    /// Whose decision, as the game names them.
    pub who: String,
    /// What is decided (`Sabotage's target`, `prevent how much`).
    pub question: &'static str,
    /// Every legal option.
    pub options: Vec<T>,
    /// The default policy's name (`first in line order`, `prevent all`).
    pub policy: &'static str,
    /// The index in `options` taken.
    pub chosen: usize,
    /// Whether the judge pinned it (otherwise the policy took it).
    pub pinned: bool,
}

impl<T> Decision<T> {
    /// The log's sentence, naming each option with `name`.
    pub fn describe(&self, name: impl Fn(&T) -> String) -> String {
        let list: Vec<String> = self.options.iter().map(&name).collect();
        let how = if self.pinned {
            "the judge's pin".to_string()
        } else {
            format!("the default policy, {}", self.policy)
        };
        format!(
            "Decision {} ({}'s: {}): {}, by {how}; options: {}.",
            self.ordinal,
            self.who,
            self.question,
            self.options.get(self.chosen).map(&name).unwrap_or_default(),
            list.join(", ")
        )
    }
}

/// One decision that picks a set rather than one option: up to `most` of `items` (which
/// dice a Lucky re-rolls). The options would be every subset, too many to list, so a
/// judge pins the set itself, item by item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Selection<T> {
    /// 1-based count of the decisions met so far (shared with [`Decision`]'s).
    pub ordinal: u32,
    /// Whose decision, as the game names them.
    pub who: String,
    /// What is decided (`which dice Lucky re-rolls`).
    pub question: &'static str,
    /// Every item that may be picked.
    pub items: Vec<T>,
    /// The most items that may be picked (none is always allowed).
    pub most: usize,
    /// The default policy's name.
    pub policy: &'static str,
    /// The indices in `items` picked, in the order they act.
    pub chosen: Vec<usize>,
    /// Whether the judge pinned it (otherwise the policy took it).
    pub pinned: bool,
}

impl<T> Selection<T> {
    /// The log's sentence, naming each item with `name`.
    pub fn describe(&self, name: impl Fn(&T) -> String) -> String {
        let list: Vec<String> = self.items.iter().map(&name).collect();
        let picked: Vec<String> = self
            .chosen
            .iter()
            .filter_map(|&i| self.items.get(i))
            .map(&name)
            .collect();
        let how = if self.pinned {
            "the judge's pin".to_string()
        } else {
            format!("the default policy, {}", self.policy)
        };
        format!(
            "Decision {} ({}'s: {}, up to {}): {}, by {how}; to pick from: {}.",
            self.ordinal,
            self.who,
            self.question,
            self.most,
            if picked.is_empty() {
                "none".to_string()
            } else {
                picked.join(", ")
            },
            list.join(", ")
        )
    }
}

/// A judge's pin: decision `decision` (1-based) takes option `option` (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionPin {
    pub decision: u32,
    pub option: usize,
}

/// A pin that names an option the decision does not have.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error, Serialize)]
#[error("the pin for decision {decision} names option {option}; it has options 1 to {options}")]
pub struct BadPin {
    pub decision: u32,
    pub option: usize,
    pub options: usize,
}

/// Takes decision `ordinal` among `options` options: the judge's pin if `pins` has one,
/// else `default` (the policy's pick, 0-based). Returns the 0-based index and whether
/// it was pinned.
pub fn decide(
    pins: &[DecisionPin],
    ordinal: u32,
    options: usize,
    default: usize,
) -> Result<(usize, bool), BadPin> {
    match pins.iter().find(|p| p.decision == ordinal) {
        Some(p) if (1..=options).contains(&p.option) => Ok((p.option - 1, true)),
        Some(p) => Err(BadPin {
            decision: ordinal,
            option: p.option,
            options,
        }),
        None => Ok((default.min(options.saturating_sub(1)), false)),
    }
}

/// Every problem with a position's `decisions` at once: a decision number of 0, an
/// option of 0, a decision pinned twice. Paths are `decisions[i].…`.
pub fn check_pins(pins: &[DecisionPin]) -> Vec<super::position::PositionError> {
    use super::position::PositionError;
    let mut errors = Vec::new();
    for (i, p) in pins.iter().enumerate() {
        if p.decision == 0 {
            errors.push(PositionError::at(
                format!("decisions[{i}].decision"),
                "decisions are numbered from 1",
            ));
        }
        if p.option == 0 {
            errors.push(PositionError::at(
                format!("decisions[{i}].option"),
                "options are numbered from 1",
            ));
        }
        if pins[..i].iter().any(|o| o.decision == p.decision) {
            errors.push(PositionError::at(
                format!("decisions[{i}].decision"),
                format!("decision {} is pinned twice", p.decision),
            ));
        }
    }
    errors
}

/// A problem with a judge's written answer to a decision (a ruling's explicit changes,
/// typed in the step page's box): where in the text, as a 1-based column counted in
/// characters (`None`: the answer as a whole), and what was expected there. The game
/// reads the text ([`super::Game::pin_answer_with_cards`]); the core only carries this.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error, Serialize)]
#[error("{}{message}", column.map(|c| format!("at column {c}: ")).unwrap_or_default())]
pub struct AnswerError {
    /// 1-based, in characters of the text as written.
    pub column: Option<usize>,
    pub message: String,
}

impl AnswerError {
    /// A problem at column `column` (1-based).
    pub fn at(column: usize, message: impl Into<String>) -> AnswerError {
        AnswerError {
            column: Some(column),
            message: message.into(),
        }
    }

    /// A problem with the answer as a whole (or with the decision it answers).
    pub fn whole(message: impl Into<String>) -> AnswerError {
        AnswerError {
            column: None,
            message: message.into(),
        }
    }
}
