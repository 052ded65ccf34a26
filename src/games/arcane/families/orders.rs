//! Orders: a unit given an order (the judge's action, or a free order an effect gives),
//! its Special Order (one a turn), the statics that forbid it ("Enemy units in contact
//! with this unit cannot be given charge orders": a special ability beats the rules),
//! and the triggers it causes ("When this unit is given a charge order").

use super::super::ability::{Kind, Statement};
use super::super::cite::s;
use super::super::event::{emit, Change, Event};
use super::super::state::State;
use super::conditions::holds;
use super::figures::{collect, Happened, Queue};
use super::ready::{ready_since, usable};
use crate::rules::{Rejected, Rule};

/// The first ready static forbidding unit `u` an `order` order: `(unit, ability)`.
fn forbidden(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    order: &str,
) -> Option<Option<(usize, usize)>> {
    for o in 0..st.units.len() {
        if o == u || !st.enemies(u, o) || !st.in_contact(u, o) {
            continue;
        }
        for a in 0..st.units[o].abilities.len() {
            let ability = &st.units[o].abilities[a];
            let Statement::NoOrders { order: banned } = &ability.statement else {
                continue;
            };
            if ability.kind != Kind::Static || crate::text::fold(banned) != crate::text::fold(order)
            {
                continue;
            }
            let condition = ability.condition.clone();
            // Ready as the seed says, or as the ability's own text says (the Note).
            let usual = ready_since(st, o, a);
            if usable(st, out, o, a, usual)?.is_none() {
                continue;
            }
            if let Some(c) = condition {
                if !holds(st, out, o, &c)? {
                    continue;
                }
            }
            return Some(Some((o, a)));
        }
    }
    Some(None)
}

/// Gives unit `u` an `order` order. `action`: the position's action it is (`None` for a
/// free order an effect gives); `by`: the rule an order that is not a Special Order
/// rests on (the judge's entry, or the effect that gives it). Returns whether it was
/// given; `None` if adjudication stopped.
#[allow(clippy::too_many_arguments)]
pub fn give(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    action: Option<usize>,
    u: usize,
    order: &str,
    special: bool,
    by: Rule,
) -> Option<bool> {
    let free = action.is_none();
    let proposed = format!("give {} a {order} order", st.who(u));
    let refuse = |st: &mut State, out: &mut Vec<Event>, reason: String, cite: Rule| {
        let change = match action {
            Some(i) => Change::Rejected(Rejected {
                action: i,
                proposed: proposed.clone(),
                reason,
            }),
            None => Change::Note {
                what: format!(
                    "{} cannot be given the free {order} order: {reason}",
                    st.who(u)
                ),
            },
        };
        emit(st, out, change, cite);
    };
    if special && st.units[u].special_order {
        let reason = format!("{} has had its Special Order this turn.", st.who(u));
        refuse(st, out, reason, Rule::from(&s::A_ONE_A_TURN));
        return Some(false);
    }
    if let Some((o, a)) = forbidden(st, out, u, order)? {
        let ability = st.units[o].abilities[a].clone();
        let reason = format!(
            "{}'s {} says: \"{}\"; the special ability takes precedence over the rules.",
            st.who(o),
            ability.name,
            ability.text
        );
        refuse(st, out, reason, Rule::from(&s::PRECEDENCE));
        if let Some(r) = ability.reminder {
            let change = Change::Reminder {
                unit: st.units[o].id.clone(),
                ability: ability.name,
                text: r,
            };
            emit(st, out, change, &s::R_NONE);
        }
        return Some(false);
    }
    let change = Change::Order {
        unit: st.units[u].id.clone(),
        order: order.to_string(),
        special,
        free,
    };
    let cite = if special {
        Rule::from(&s::A_ONE_A_TURN)
    } else {
        by
    };
    emit(st, out, change, cite);
    collect(
        st,
        out,
        queue,
        Happened::Ordered {
            unit: u,
            order: order.to_string(),
        },
    )?;
    Some(true)
}
