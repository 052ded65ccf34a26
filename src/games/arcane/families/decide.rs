//! Decisions and resolutions. A decision (core [`crate::rules::decision`]) is a player's
//! or the judge's choice with a named default policy, pinned by the position's
//! `decisions`; a pin naming no option stops adjudication (`None` from here). A
//! resolution is effect text the engine does not read (house rule A5): the judge's
//! answer in `resolutions` is applied as explicit changes; without one nothing changes.

use super::super::cite::rules;
use super::super::event::{emit, Change, Event};
use super::super::format::JudgeChange;
use super::super::state::{Effect, State};
use super::figures::{self, Queue};
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

/// Puts `text` (of unit `u`'s ability `ability`) to the judge and applies the answer.
pub fn judge(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    u: usize,
    ability: &str,
    text: &str,
) -> Option<()> {
    let n = st.resolutions + 1;
    let answer = st
        .position
        .resolutions
        .iter()
        .find(|r| r.resolution == n)
        .map(|r| r.changes.clone());
    let change = Change::Judge {
        resolution: n,
        unit: st.units[u].id.clone(),
        ability: ability.to_string(),
        text: text.to_string(),
        answered: answer.is_some(),
    };
    emit(st, out, change, &rules::JUDGE_RESOLVES);
    for c in answer.unwrap_or_default() {
        let cite = Rule::from(&rules::JUDGE_RESOLVES);
        match c {
            JudgeChange::Down { unit, slots } => {
                if let Some(t) = st.index_of(&unit) {
                    let slots: Vec<usize> = slots
                        .into_iter()
                        .filter(|s| {
                            st.units[t]
                                .slots
                                .get(s.wrapping_sub(1))
                                .is_some_and(|x| x.occupied)
                        })
                        .collect();
                    let k = slots.len() as u32;
                    figures::down_slots(
                        st,
                        out,
                        queue,
                        t,
                        slots,
                        k,
                        "the judge's resolution",
                        cite,
                    );
                }
            }
            JudgeChange::Return { unit, slots } => {
                if let Some(t) = st.index_of(&unit) {
                    let slots: Vec<usize> = slots
                        .into_iter()
                        .filter(|s| {
                            st.units[t]
                                .slots
                                .get(s.wrapping_sub(1))
                                .is_some_and(|x| !x.occupied)
                        })
                        .collect();
                    let change = Change::Return {
                        unit,
                        slots,
                        why: "the judge's resolution".into(),
                    };
                    emit(st, out, change, cite);
                }
            }
            JudgeChange::Damage { unit, amount } => {
                if let Some(t) = st.index_of(&unit) {
                    figures::damage(st, out, queue, t, amount, cite);
                }
            }
            JudgeChange::Op { player, gain } => emit(
                st,
                out,
                Change::Points {
                    player,
                    op: gain,
                    vp: 0,
                },
                cite,
            ),
            JudgeChange::Vp { player, gain } => emit(
                st,
                out,
                Change::Points {
                    player,
                    op: 0,
                    vp: gain,
                },
                cite,
            ),
            JudgeChange::Effect { unit, effect } => {
                let effect = Effect {
                    text: effect.text,
                    until_end_of_turn: effect.until_end_of_turn,
                    dice: effect.dice,
                    color: effect.color,
                };
                emit(st, out, Change::GainEffect { unit, effect }, cite)
            }
            JudgeChange::Nothing => emit(
                st,
                out,
                Change::Note {
                    what: "The judge's resolution: nothing changes".into(),
                },
                cite,
            ),
        }
    }
    Some(())
}
