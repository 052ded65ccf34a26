//! Resolutions (house rule A5): effect text the engine does not read is put to the judge
//! as a numbered resolution; the judge's answer in `resolutions` is applied as explicit
//! changes (downing and damage through `figures`, so they trigger as any other);
//! without an answer nothing changes.

use super::super::cite::rules;
use super::super::event::{emit, Change, Event};
use super::super::format::JudgeChange;
use super::super::state::{Effect, State};
use super::figures::{self, Queue};
use crate::rules::Rule;

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
                    )?;
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
                    figures::damage(st, out, queue, t, amount, cite)?;
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
