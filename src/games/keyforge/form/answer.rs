//! A judge's ruling written on the step page ([`pin_ruling`]): the text read by the
//! form's own change syntax ([`super::syntax::changes`]), pinned as the position's
//! `rulings` entry for that decision, and checked by replaying the position with its
//! cards: the decision must be a ruling the adjudication meets, and every name in the
//! changes must resolve. Every problem comes back at its column. The page itself is the
//! web's; the panel it fills is [`ruling_panel`].

use super::super::event::Change;
use super::super::format::{Position, RulingChange, RulingSpec};
use super::super::position::{resolve, CardSource};
use super::super::state::State;
use super::super::turn;
use super::syntax::{changes, ruling_text, EXAMPLE, SYNTAX};
use crate::rules::decision::AnswerError;
use crate::rules::form::split_path;
use crate::rules::view::{DecisionPanel, WrittenAnswer};

/// The question a ruling's panel asks.
pub const QUESTION: &str = "the judge resolves this effect";

/// The step page's panel for ruling `ordinal` on `card`'s `text`, showing the changes
/// pinned now (`None`: not ruled).
pub fn ruling_panel(
    st: &State,
    ordinal: u32,
    card: &str,
    text: &str,
    changes: Option<&[RulingChange]>,
) -> DecisionPanel {
    DecisionPanel {
        ordinal,
        who: "the judge".into(),
        question: QUESTION,
        policy: "nothing changes until the judge rules",
        pinned: changes.is_some(),
        options: Vec::new(),
        answer: Some(WrittenAnswer {
            about: format!("{}: \"{text}\"", st.who(card)),
            syntax: SYNTAX,
            example: EXAMPLE,
            value: changes.map(ruling_text).unwrap_or_default(),
            errors: Vec::new(),
        }),
        picks: None,
    }
}

/// `position` with decision `decision` ruled by `text`, or every problem at its column
/// (a problem of the decision itself at none).
pub fn pin_ruling(
    position: &Position,
    cards: &dyn CardSource,
    decision: u32,
    text: &str,
) -> Result<Position, Vec<AnswerError>> {
    if decision == 0 {
        return Err(vec![AnswerError::whole("decisions are numbered from 1")]);
    }
    let located = changes(text, 0)?;
    let mut pinned = position.clone();
    pinned.rulings.retain(|r| r.decision != decision);
    pinned.rulings.push(RulingSpec {
        decision,
        changes: located.iter().map(|l| l.change.clone()).collect(),
    });
    pinned.rulings.sort_by_key(|r| r.decision);
    let index = pinned
        .rulings
        .iter()
        .position(|r| r.decision == decision)
        .unwrap_or_default();
    let mut st = resolve(&pinned, cards).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| {
                // `rulings[index].changes[j].card`: change j, at its column.
                let (head, i, rest) = split_path(&e.path);
                let (field, j, _) = split_path(rest);
                match (head, i, field, j) {
                    ("rulings", Some(i), "changes", Some(j)) if i == index => {
                        match located.get(j) {
                            Some(l) => AnswerError::at(
                                l.column,
                                format!("change {}: {}", j + 1, e.message),
                            ),
                            None => AnswerError::whole(e.message),
                        }
                    }
                    _ => AnswerError::whole(format!(
                        "the position does not resolve: {}: {}",
                        e.path, e.message
                    )),
                }
            })
            .collect::<Vec<_>>()
    })?;
    // A budget run out (`rules::budget`) stops the search; its setter discards the answer.
    while !st.is_over() && !crate::rules::budget::exhausted() {
        for e in turn::advance(&mut st) {
            match &e.change {
                Change::Ruling { ordinal, .. } if *ordinal == decision => return Ok(pinned),
                Change::Choice { decision: d, .. } if d.ordinal == decision => {
                    return Err(vec![AnswerError::whole(format!(
                        "decision {decision} is a choice among options ({}), not a ruling; pin one of its options",
                        d.question
                    ))])
                }
                _ => {}
            }
        }
    }
    Err(vec![AnswerError::whole(format!(
        "this adjudication meets no decision {decision} for the judge to rule on"
    ))])
}
