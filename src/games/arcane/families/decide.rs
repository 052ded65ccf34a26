//! Decisions: a player's or the judge's choice (core [`crate::rules::decision`]) with a
//! named default policy, pinned by the position's `decisions`; a pin naming no option
//! stops adjudication (`None` from here). Resolutions are `resolve.rs`'s.

use super::super::event::{emit, Change, Event};
use super::super::state::State;
use crate::rules::decision::decide;
use crate::rules::{Decision, Rule};

/// Takes a decision: the judge's pin, else `default` (the policy's pick). `None`: the
/// pin names no option, and adjudication stops.
#[allow(clippy::too_many_arguments)]
pub fn ask(
    st: &mut State,
    out: &mut Vec<Event>,
    who: String,
    question: &'static str,
    about: String,
    options: Vec<String>,
    default: usize,
    policy: &'static str,
    cite: impl Into<Rule>,
) -> Option<usize> {
    let ordinal = st.decisions + 1;
    let cite = cite.into();
    match decide(&st.position.decisions, ordinal, options.len(), default) {
        Ok((chosen, pinned)) => {
            let change = Change::Decided {
                about,
                decision: Decision {
                    ordinal,
                    who,
                    question,
                    options,
                    policy,
                    chosen,
                    pinned,
                },
            };
            emit(st, out, change, cite);
            Some(chosen)
        }
        Err(bad) => {
            emit(st, out, Change::BadPin(bad), cite);
            None
        }
    }
}

/// A yes/no decision whose default is `default_yes`.
#[allow(clippy::too_many_arguments)]
pub fn yes_no(
    st: &mut State,
    out: &mut Vec<Event>,
    who: String,
    question: &'static str,
    about: String,
    default_yes: bool,
    policy: &'static str,
    cite: impl Into<Rule>,
) -> Option<bool> {
    let options = vec!["yes".to_string(), "no".to_string()];
    ask(
        st,
        out,
        who,
        question,
        about,
        options,
        usize::from(!default_yes),
        policy,
        cite,
    )
    .map(|i| i == 0)
}
