//! Triggered abilities once triggered (`figures::collect` triggers them at the event):
//! several from one event in an order (`trigger_order`: the active player's decision,
//! or as listed; up to 4 triggers one decision among every order, beyond that a
//! decision per place, which resolves next), each resolving whether or not it is still ready ("need not be ready
//! when the trigger actually resolves"), an optional one ("may" before the effect) a
//! decision whose decline means "no part of that ability happens", a "may" in a later
//! clause read by `may_scope`, and a cost left of a dash (`dash_and_trigger`) paid or
//! declined. At most [`caps::TRIGGERS`] resolve in one step (a loop between abilities
//! stops there, said in the log). The first step names every trigger condition the
//! engine does not read (`list_unread`).

use super::super::ability::{Cost, Kind, Trigger};
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, Event};
use super::super::format::caps;
use super::super::interpret::{DashAndTrigger, MayScope, TriggerOrder};
use super::super::state::State;
use super::decide::{ask, yes_no};
use super::effects::{self, Ctx};
use super::figures::{self, Pending, Queue};
use super::ready::ready_since;
use crate::rules::Rule;

fn name(st: &State, p: &Pending) -> String {
    format!(
        "{} ({})",
        st.units[p.unit].abilities[p.ability].name, st.units[p.unit].id
    )
}

/// Every order of `items` (at most 4 items: 24 orders), the listed order first.
fn orders(n: usize) -> Vec<Vec<usize>> {
    fn go(rest: &mut Vec<usize>, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            cur.push(x);
            go(rest, cur, out);
            cur.pop();
            rest.insert(i, x);
        }
    }
    let mut out = Vec::new();
    go(&mut (0..n).collect(), &mut Vec::new(), &mut out);
    out
}

/// Puts a batch of triggers from one event in order.
fn order(st: &mut State, out: &mut Vec<Event>, batch: Vec<Pending>) -> Option<Vec<Pending>> {
    // Occurrences of one ability alike are one order.
    if batch.len() < 2 || batch.iter().all(|p| *p == batch[0]) {
        return Some(batch);
    }
    match st.readings.trigger_order {
        TriggerOrder::Listed => {
            let list: Vec<String> = batch.iter().map(|p| name(st, p)).collect();
            let change = Change::Note {
                what: format!(
                    "Several triggers from one event resolve as listed: {}",
                    list.join(" → ")
                ),
            };
            emit(st, out, change, TriggerOrder::Listed.decides(&s::T_ONCE));
            Some(batch)
        }
        TriggerOrder::ActivePlayerOrders if batch.len() > 4 => {
            // Beyond 4 triggers (24 orders and more), the same choice one place at a
            // time: a decision per place, which of the triggers left resolves next.
            let who = st.players[st.active].name.clone();
            let total = batch.len();
            let mut rest = batch;
            let mut done = Vec::new();
            loop {
                let mut labels: Vec<String> = Vec::new();
                let mut firsts = Vec::new();
                for (k, p) in rest.iter().enumerate() {
                    let label = name(st, p);
                    if !labels.contains(&label) {
                        labels.push(label);
                        firsts.push(k);
                    }
                }
                // Occurrences of one ability alike are one order.
                if labels.len() < 2 {
                    break;
                }
                let i = ask(
                    st,
                    out,
                    who.clone(),
                    "the next trigger from one event",
                    format!(
                        "which trigger from one event resolves next (place {} of {total})",
                        done.len() + 1
                    ),
                    labels,
                    0,
                    "as listed: unit by unit, ability by ability, occurrences in sequence",
                    TriggerOrder::ActivePlayerOrders.decides(&s::T_ONCE),
                )?;
                done.push(rest.remove(firsts[i]));
            }
            done.extend(rest);
            Some(done)
        }
        TriggerOrder::ActivePlayerOrders => {
            let every = orders(batch.len());
            // Orders that differ only between alike occurrences are one option.
            let mut all: Vec<Vec<usize>> = Vec::new();
            let mut labels: Vec<String> = Vec::new();
            for o in every {
                let label = o
                    .iter()
                    .map(|&i| name(st, &batch[i]))
                    .collect::<Vec<_>>()
                    .join(" → ");
                if !labels.contains(&label) {
                    labels.push(label);
                    all.push(o);
                }
            }
            let who = st.players[st.active].name.clone();
            let i = ask(
                st,
                out,
                who,
                "the order of triggers from one event",
                "the order several triggers from one event resolve in".into(),
                labels,
                0,
                "as listed: unit by unit, ability by ability, occurrences in sequence",
                TriggerOrder::ActivePlayerOrders.decides(&s::T_ONCE),
            )?;
            Some(all[i].iter().map(|&k| batch[k].clone()).collect())
        }
    }
}

/// Names, at the first step, every triggered ability whose trigger condition the engine
/// does not read: it never triggers unseen; when an event could match it the judge is
/// asked whether it did, and the judge may enter its event (`trigger`, house rule A7).
pub fn list_unread(st: &mut State, out: &mut Vec<Event>) {
    for u in 0..st.units.len() {
        for a in 0..st.units[u].abilities.len() {
            let ability = &st.units[u].abilities[a];
            let (Kind::Triggered, Some(Trigger::Other { text })) = (ability.kind, &ability.trigger)
            else {
                continue;
            };
            let what = format!(
                "{}'s triggered ability {} (\"{text}\") has a trigger condition the engine does not read: when an event could match it the judge is asked whether it did, and the judge may enter its event",
                st.who(u),
                ability.name
            );
            emit(
                st,
                out,
                Change::Note { what },
                Rule::from(&s::T_BEGIN).house(&rules::UNREAD_TRIGGER),
            );
        }
    }
}

/// Resolves every queued trigger, batch by batch in the order the events happened.
pub fn resolve_all(st: &mut State, out: &mut Vec<Event>, queue: &mut Queue) -> Option<()> {
    if st.is_over() {
        return None;
    }
    let mut resolved = 0;
    while !queue.is_empty() {
        let batch = queue.remove(0);
        for p in order(st, out, batch)? {
            if resolved >= caps::TRIGGERS {
                let change = Change::Note {
                    what: format!(
                        "{} triggers resolved in this step; the rest do not (a loop)",
                        caps::TRIGGERS
                    ),
                };
                emit(st, out, change, &rules::ACTIONS_IN_ORDER);
                queue.clear();
                return Some(());
            }
            resolved += 1;
            resolve(st, out, queue, &p)?;
        }
    }
    Some(())
}

/// Resolves one trigger.
fn resolve(st: &mut State, out: &mut Vec<Event>, queue: &mut Queue, p: &Pending) -> Option<()> {
    let ability = st.units[p.unit].abilities[p.ability].clone();
    let id = st.units[p.unit].id.clone();
    let owner = st.units[p.unit].owner;
    let ready_now = ready_since(st, p.unit, p.ability).is_some();
    // It resolves because it triggered; readiness now does not matter. The seed's damage
    // example is the sentence when damage downed the figure that made it ready.
    let cite = if !ready_now && p.by_damage && ability.is_figure() {
        Rule::from(&s::T_DAMAGE_EXAMPLE).also(&s::T_READY_AT_EVENT)
    } else {
        Rule::from(&s::T_READY_AT_EVENT)
    };
    let change = Change::Resolve {
        unit: id.clone(),
        ability: ability.name.clone(),
        ready_now,
    };
    emit(st, out, change, cite);
    let no_effect = |st: &mut State, out: &mut Vec<Event>, why: String, cite: Rule| {
        let change = Change::NoEffect {
            unit: id.clone(),
            ability: ability.name.clone(),
            why,
        };
        emit(st, out, change, cite);
    };
    let player = st.players[owner].name.clone();
    // A cost left of a dash (read as triggered): pay or decline.
    if !ability.costs.is_empty() {
        let cite = DashAndTrigger::TriggeredWithCost.decides(&s::T_COST);
        let op: u32 = ability
            .costs
            .iter()
            .map(|c| if let Cost::Op { n } = c { *n } else { 0 })
            .sum();
        let down: u32 = ability
            .costs
            .iter()
            .map(|c| if let Cost::Down { n } = c { *n } else { 0 })
            .sum();
        let unread = ability
            .costs
            .iter()
            .any(|c| matches!(c, Cost::Other { .. }));
        let payable = !unread && st.players[owner].op >= op && st.units[p.unit].figures() >= down;
        let pay = yes_no(
            st,
            out,
            player.clone(),
            "pay the trigger's cost",
            format!("does {player} pay the cost of {}", name(st, p)),
            payable,
            "pay whenever every cost is payable",
            cite,
        )?;
        if !pay || !payable {
            let why = if payable {
                "its cost is declined".to_string()
            } else {
                "its cost cannot be paid".to_string()
            };
            no_effect(
                st,
                out,
                why,
                DashAndTrigger::TriggeredWithCost.decides(&s::T_COST_PAID),
            );
            return Some(());
        }
        if op > 0 {
            emit(
                st,
                out,
                Change::SpendOp {
                    player: player.clone(),
                    amount: op,
                },
                cite,
            );
        }
        if down > 0 {
            let why = format!("the cost of {}'s {}", id, ability.name);
            figures::down(st, out, queue, p.unit, down, &[], owner, &why, cite)?;
        }
    }
    // "may": before the effect, the whole ability is optional; in a later clause,
    // `may_scope` says what declining skips.
    let first_optional = ability.clauses.first().is_some_and(|c| c.optional);
    let later_optional = ability.clauses.iter().skip(1).any(|c| c.optional);
    let whole =
        first_optional || (later_optional && st.readings.may_scope == MayScope::WholeAbility);
    let mut decided = 0;
    if whole {
        let cite = if first_optional {
            Rule::from(&s::T_MAY)
        } else {
            MayScope::WholeAbility.decides(&s::T_NO_PART)
        };
        let used = yes_no(
            st,
            out,
            player.clone(),
            "use the optional triggered ability",
            format!("does {player} use {}", name(st, p)),
            true,
            "use every optional ability",
            cite,
        )?;
        if !used {
            let no_part = if first_optional {
                Rule::from(&s::T_NO_PART)
            } else {
                cite
            };
            no_effect(
                st,
                out,
                "it is declined, so no part of it happens".into(),
                no_part,
            );
            return Some(());
        }
        decided = if st.readings.may_scope == MayScope::WholeAbility {
            ability.clauses.len()
        } else {
            1
        };
    }
    // What the ability's words say happens, happens: "the special ability takes
    // precedence" over the rules.
    let ctx = Ctx {
        unit: p.unit,
        ability: p.ability,
        targets: p.targets.clone(),
        cite: Rule::from(&s::PRECEDENCE),
    };
    effects::run(st, out, queue, &ctx, &ability.clauses, decided)?;
    if let Some(r) = ability.reminder {
        emit(
            st,
            out,
            Change::Reminder {
                unit: id.clone(),
                ability: ability.name.clone(),
                text: r,
            },
            &s::R_NONE,
        );
    }
    Some(())
}
