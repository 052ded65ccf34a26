//! The adjudication as steps, one [`advance`] per step (house rule A2): the first step
//! lists every ability's readiness (and names the statics the engine does not apply,
//! the units without figures, A9, and how `em_dash` read a printed em dash); then one
//! step per action, in order, each followed by the triggers it caused and by the
//! readiness that changed; then the end. Pure: the same state gives the same step. The
//! rules of each action are in `families/`; the judge's own entries (`leave`, `facts`,
//! an order's OP and phase, A9–A11, A13, and `trigger` only for conditions the engine
//! does not read, A7) are checked here.

use super::cite::{rules, s};
use super::event::{emit, Change, Event};
use super::families::activate::{activate, Activation};
use super::families::figures::{self, collect, Happened, Queue};
use super::families::{orders, ready, statics, triggers};
use super::format::{Action, Phase};
use super::interpret::{Adjacent, EmDash};
use super::state::State;
use crate::rules::{OnRejection, Rejected, Rule};

/// Names, at the first step, every ability whose text has an em dash and how
/// `em_dash` read it.
fn em_dashes(st: &mut State, out: &mut Vec<Event>) {
    let reading = st.readings.em_dash;
    for u in 0..st.units.len() {
        for a in 0..st.units[u].abilities.len() {
            let ability = &st.units[u].abilities[a];
            if !ability.text.contains('\u{2014}') {
                continue;
            }
            let kind = format!("{:?}", ability.kind).to_lowercase();
            let what = match reading {
                EmDash::Dash => format!(
                    "{}'s {}: its em dash is read as the seed's \"--\", so it is a{} {kind} ability",
                    st.who(u),
                    ability.name,
                    if kind == "activated" { "n" } else { "" }
                ),
                EmDash::NotADash => format!(
                    "{}'s {}: its em dash is not the seed's \"--\", so it is read as a {kind} ability",
                    st.who(u),
                    ability.name
                ),
            };
            emit(st, out, Change::Note { what }, reading.decides(&s::A_DASH));
        }
    }
}

/// Plays the next step.
pub fn advance(st: &mut State) -> Vec<Event> {
    let mut out = Vec::new();
    if st.is_over() {
        return out;
    }
    st.steps += 1;
    if !st.started {
        st.started = true;
        ready::list(st, &mut out);
        ready::list_own(st, &mut out);
        triggers::list_unread(st, &mut out);
        statics::list_unread(st, &mut out);
        figures::list_without_figures(st, &mut out);
        em_dashes(st, &mut out);
        if st.units.iter().all(|u| u.abilities.is_empty()) {
            let change = Change::Note {
                what: "No unit has a special ability".into(),
            };
            emit(st, &mut out, change, &s::THREE_TYPES);
        }
        return out;
    }
    let stop = st.position.on_rejection == OnRejection::Stop && !st.rejected.is_empty();
    let Some(action) = st.actions().get(st.next).cloned().filter(|_| !stop) else {
        emit(st, &mut out, Change::Done, &rules::ACTIONS_IN_ORDER);
        return out;
    };
    let i = st.next;
    st.next += 1;
    st.clock += 1;
    let before = ready::snapshot(st);
    let mut queue: Queue = Vec::new();
    if play(st, &mut out, &mut queue, i, &action).is_some()
        && triggers::resolve_all(st, &mut out, &mut queue).is_some()
    {
        ready::changes(st, &mut out, &before);
    }
    out
}

fn unit(st: &State, id: &str) -> usize {
    // `resolve` checked every id an action names.
    st.index_of(id).unwrap_or(0)
}

/// Plays action `i`; `None` if adjudication stopped.
fn play(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    i: usize,
    action: &Action,
) -> Option<()> {
    match action {
        Action::Activate {
            unit: id,
            ability,
            down,
            targets,
        } => {
            let u = unit(st, id);
            let a = st.units[u].ability(ability).unwrap_or(0);
            let targets = targets.iter().filter_map(|t| st.index_of(t)).collect();
            activate(
                st,
                out,
                queue,
                Activation {
                    action: i,
                    unit: u,
                    ability: a,
                    down,
                    targets,
                },
            )?;
        }
        Action::Order {
            unit: id,
            order,
            special,
            op,
        } => {
            let u = unit(st, id);
            if let Some((reason, cite)) = order_refused(st, u, *special, *op) {
                let proposed = format!("give {} a {order} order", st.who(u));
                reject(st, out, i, proposed, reason, cite);
                return Some(());
            }
            let by = Rule::from(&rules::JUDGE_ENTERS);
            if orders::give(st, out, queue, Some(i), u, order, *special, by)? && *op > 0 {
                let player = st.players[st.units[u].owner].name.clone();
                let change = Change::SpendOp {
                    player,
                    amount: *op,
                };
                emit(st, out, change, &rules::JUDGE_ENTERS);
            }
        }
        Action::Down {
            unit: id,
            count,
            slots,
        } => {
            let u = unit(st, id);
            let owner = st.units[u].owner;
            let cite = Rule::from(&rules::JUDGE_ENTERS);
            let bad = bad_slots(st, u, slots, true).or_else(|| {
                (!slots.is_empty() && slots.len() != *count as usize).then(|| {
                    format!(
                        "`slots` names {} slot(s) for {count} figure(s).",
                        slots.len()
                    )
                })
            });
            if let Some(bad) = bad {
                reject(
                    st,
                    out,
                    i,
                    format!("down {count} figure(s) of {}", st.who(u)),
                    bad,
                    Rule::from(&rules::JUDGE_ENTERS),
                );
                return Some(());
            }
            figures::down(
                st,
                out,
                queue,
                u,
                *count,
                slots,
                owner,
                "the judge's event",
                cite,
            )?;
        }
        Action::Damage {
            unit: id,
            amount,
            downs,
            slots,
        } => {
            let u = unit(st, id);
            let owner = st.units[u].owner;
            if let Some(bad) = bad_slots(st, u, slots, true) {
                reject(
                    st,
                    out,
                    i,
                    format!("deal {amount} damage to {}", st.who(u)),
                    bad,
                    Rule::from(&rules::JUDGE_ENTERS),
                );
                return Some(());
            }
            // The damage triggers with readiness as it is before the damage downs anything.
            figures::damage(st, out, queue, u, *amount, Rule::from(&rules::JUDGE_ENTERS))?;
            if *downs > 0 || !slots.is_empty() {
                let n = if slots.is_empty() {
                    *downs
                } else {
                    slots.len() as u32
                };
                let cite = Rule::from(&rules::JUDGE_ENTERS);
                figures::down(
                    st,
                    out,
                    queue,
                    u,
                    n,
                    slots,
                    owner,
                    "downed by the damage",
                    cite,
                )?;
            }
        }
        Action::Return {
            unit: id,
            count,
            slots,
        } => {
            let u = unit(st, id);
            let owner = st.units[u].owner;
            let bad = bad_slots(st, u, slots, false).or_else(|| {
                (!slots.is_empty() && slots.len() != *count as usize).then(|| {
                    format!(
                        "`slots` names {} slot(s) for {count} figure(s).",
                        slots.len()
                    )
                })
            });
            if let Some(bad) = bad {
                reject(
                    st,
                    out,
                    i,
                    format!("return {count} figure(s) to {}", st.who(u)),
                    bad,
                    Rule::from(&rules::JUDGE_ENTERS),
                );
                return Some(());
            }
            figures::give_back(
                st,
                out,
                u,
                *count,
                false,
                slots,
                owner,
                "the judge's event",
                Rule::from(&s::FIGURE_READY),
            )?;
        }
        Action::EndMove { unit: id, adjacent } => {
            let u = unit(st, id);
            let change = Change::Contact {
                unit: st.units[u].id.clone(),
                with: adjacent.clone(),
            };
            emit(st, out, change, &rules::JUDGE_ENTERS);
            let by_enemy = adjacent
                .iter()
                .filter_map(|a| st.index_of(a))
                .any(|o| st.enemies(u, o));
            if by_enemy {
                collect(st, out, queue, Happened::MovedByEnemy { unit: u })?;
            }
        }
        Action::Arrive { unit: id } => {
            let u = unit(st, id);
            let change = Change::Arrive {
                unit: st.units[u].id.clone(),
            };
            emit(st, out, change, &s::UNIT_READY);
        }
        Action::Leave { unit: id } => leave(st, out, unit(st, id)),
        Action::Facts {
            unit: id,
            facts,
            traits,
        } => {
            let change = Change::Facts {
                unit: id.clone(),
                facts: facts.clone(),
                traits: traits.clone(),
            };
            emit(st, out, change, &rules::RECENCY_IS_READINESS);
        }
        Action::Phase { phase, player } => {
            let p = player
                .as_deref()
                .and_then(|n| st.player_of(n))
                .unwrap_or(st.active);
            let change = Change::Phase {
                phase: *phase,
                player: st.players[p].name.clone(),
            };
            emit(st, out, change, &rules::ACTIONS_IN_ORDER);
            if *phase == Phase::Order {
                collect(st, out, queue, Happened::OrderPhase { player: p })?;
            }
        }
        Action::EndTurn => end_turn(st, out),
        Action::Trigger {
            unit: id,
            ability,
            occurrences,
            targets,
        } => {
            let u = unit(st, id);
            let a = st.units[u].ability(ability).unwrap_or(0);
            let name = st.units[u].abilities[a].name.clone();
            if st.units[u].abilities[a].trigger.is_none() {
                reject(
                    st,
                    out,
                    i,
                    format!("trigger {}'s {name}", st.who(u)),
                    format!("{name} is not a triggered ability."),
                    Rule::from(&s::T_BEGIN),
                );
                return Some(());
            }
            if let Some(reason) = trigger_read(st, u, a) {
                let proposed = format!("trigger {}'s {name}", st.who(u));
                reject(
                    st,
                    out,
                    i,
                    proposed,
                    reason,
                    Rule::from(&rules::UNREAD_TRIGGER),
                );
                return Some(());
            }
            let usual = ready::ready_since(st, u, a);
            let Some(since) = ready::usable(st, out, u, a, usual)? else {
                let change = Change::Note {
                    what: format!(
                        "{}'s {name} is not ready when its event occurs, so it does not trigger",
                        st.who(u)
                    ),
                };
                emit(st, out, change, &s::ONLY_READY);
                return Some(());
            };
            let targets: Vec<usize> = targets.iter().filter_map(|t| st.index_of(t)).collect();
            let mut batch = Vec::new();
            for k in 1..=*occurrences {
                let cite = if *occurrences == 1 {
                    Rule::from(&s::T_ONCE).house(&rules::UNREAD_TRIGGER)
                } else {
                    Rule::from(&s::T_MULTIPLE).house(&rules::UNREAD_TRIGGER)
                };
                let change = Change::Trigger {
                    unit: st.units[u].id.clone(),
                    ability: name.clone(),
                    occurrence: k,
                    of: *occurrences,
                    event: "its event, as the judge entered it".into(),
                    ready_since: since,
                };
                emit(st, out, change, cite);
                batch.push(figures::Pending {
                    unit: u,
                    ability: a,
                    targets: targets.clone(),
                    by_damage: false,
                });
            }
            queue.push(batch);
        }
        Action::Query {
            unit: id,
            value,
            against,
        } => {
            let u = unit(st, id);
            let against = against.as_deref().and_then(|t| st.index_of(t));
            statics::query(st, out, u, *value, against)?;
        }
    }
    Some(())
}

/// The judge takes unit `u` off the battlefield (house rule A9).
fn leave(st: &mut State, out: &mut Vec<Event>, u: usize) {
    let change = if st.units[u].on_battlefield {
        Change::Leave {
            unit: st.units[u].id.clone(),
        }
    } else {
        Change::Note {
            what: format!("{} is not on the battlefield: nothing changes", st.who(u)),
        }
    };
    emit(st, out, change, &rules::NO_FIGURES);
}

/// The turn ends (house rule A6), and each unit's damage tally is cleared, a line each
/// (house rule A10).
fn end_turn(st: &mut State, out: &mut Vec<Event>) {
    let change = Change::EndTurn { turn: st.turn };
    emit(st, out, change, &rules::END_OF_TURN);
    for u in 0..st.units.len() {
        if st.units[u].damage > 0 {
            let change = Change::ClearDamage {
                unit: st.units[u].id.clone(),
                amount: st.units[u].damage,
            };
            emit(st, out, change, &rules::DAMAGE_TALLY);
        }
    }
}

/// Why an `order` action is refused before it is given: not the active player's unit
/// (A8), a Special Order outside the order phase (A11), order points short.
fn order_refused(st: &State, u: usize, special: bool, op: u32) -> Option<(String, Rule)> {
    if st.units[u].owner != st.active {
        let reason = format!("{} is not the active player's unit.", st.who(u));
        return Some((reason, Rule::from(&rules::ACTIVE_PLAYER)));
    }
    if special && st.phase != Phase::Order {
        let reason = format!(
            "It is the {}: a Special Order is given only in the order phase.",
            st.phase.label()
        );
        let cite = Rule::from(&rules::SPECIAL_IN_ORDER_PHASE).also(&s::A_ORDER_PHASE);
        return Some((reason, cite));
    }
    let owner = &st.players[st.units[u].owner];
    if owner.op < op {
        let reason = format!(
            "{} has {} OP, not the {op} the order costs.",
            owner.name, owner.op
        );
        return Some((reason, Rule::from(&rules::JUDGE_ENTERS)));
    }
    None
}

/// Why the judge may not enter the event of ability `a`'s trigger (house rule A7 is for
/// conditions the engine does not read): the engine reads it, so its event is entered as
/// that event (`damage`, `down`, `order`, `phase`, `end_move`). "adjacent to" under
/// `adjacent: not_contact` is the judge's.
fn trigger_read(st: &State, u: usize, a: usize) -> Option<String> {
    use super::ability::Trigger;
    let ability = &st.units[u].abilities[a];
    let how = match ability.trigger.as_ref()? {
        Trigger::Other { .. } => return None,
        Trigger::EndsMoveByEnemy
            if st.readings.adjacent == Adjacent::NotContact
                && crate::text::fold(&ability.text).contains("adjacent to") =>
        {
            return None
        }
        Trigger::FigureDowned | Trigger::FiguresDowned => {
            "`down` (or `damage` with the figures it downs)"
        }
        Trigger::DealtDamage => "`damage`",
        Trigger::GivenOrder { .. } => "`order`",
        Trigger::StartOfOrderPhase => "`phase`",
        Trigger::EndsMoveByEnemy => "`end_move`",
    };
    Some(format!(
        "The engine reads {}'s trigger condition, so it triggers on its event: enter that event with {how}, not `trigger`.",
        ability.name
    ))
}

/// Why `slots` (1-based) cannot be pinned for unit `u`: out of range, or not `occupied`
/// (downing) / not empty (returning), or named twice.
fn bad_slots(st: &State, u: usize, slots: &[usize], occupied: bool) -> Option<String> {
    for (k, &s) in slots.iter().enumerate() {
        match st.units[u].slots.get(s.wrapping_sub(1)) {
            None => {
                return Some(format!(
                    "{} has slots 1 to {}, not {s}.",
                    st.who(u),
                    st.units[u].slots.len()
                ))
            }
            Some(x) if x.occupied != occupied => {
                return Some(format!(
                    "slot {s} of {} is {}.",
                    st.who(u),
                    if occupied { "empty" } else { "occupied" }
                ))
            }
            _ => {}
        }
        if slots[..k].contains(&s) {
            return Some(format!("slot {s} is named twice."));
        }
    }
    None
}

fn reject(
    st: &mut State,
    out: &mut Vec<Event>,
    action: usize,
    proposed: String,
    reason: String,
    cite: Rule,
) {
    let change = Change::Rejected(Rejected {
        action,
        proposed,
        reason,
    });
    emit(st, out, change, cite);
}
