//! Force and its costs (house rules S19 and S20): each side's Force, when the position
//! gives it, pays the costs written on Deflect, Evade, Intercept, Meditate, Enhance and
//! an Equipment's Equip, each when the ability is played; an activation whose cost is
//! more than the Force left is not played, and where a side's Force is not given the
//! cost is assumed paid and the log says so. Callers ask [`can_pay`] and, when it
//! answers no, refuse with the sentence that decides; then [`pay`] records the payment.

use super::super::cite::{rules, Citation};
use super::super::event::{emit, Change, Event};
use super::super::state::State;
use crate::rules::Rule;

/// Whether unit `u`'s side can pay `cost`: `Err((cost, force))` when its Force is given
/// and less than the cost.
pub fn can_pay(st: &State, u: usize, cost: Option<u32>) -> Result<(), (u32, u32)> {
    match (cost, st.force_of(u)) {
        (Some(c), Some(f)) if c > f => Err((c, f)),
        _ => Ok(()),
    }
}

/// Records unit `u`'s payment of `cost` for `what` (which it can pay: [`can_pay`]),
/// citing `basis` (the seed's sentence about the cost, if any) and house rules S19 and
/// S20. `cost: None` is a cost not given, assumed paid and said: callers pass it only
/// for Equip, Enhance and Meditate, which always have a cost (S20); a cost of 0 records
/// nothing.
pub fn pay(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    what: String,
    cost: Option<u32>,
    basis: Option<&'static Citation>,
) {
    if cost == Some(0) {
        return;
    }
    let change = Change::Pay {
        unit: st.units[u].id.clone(),
        side: st.units[u].side,
        what,
        cost,
        before: st.force_of(u),
    };
    let cite = match basis {
        Some(b) => Rule::from(b).house(&rules::FORCE).also(&rules::PAYING),
        None => Rule::from(&rules::FORCE).house(&rules::PAYING),
    };
    emit(st, out, change, cite);
}

/// Records that unit `u` cannot pay `cost` with `force` for `what`, so it is not played.
pub fn unpaid(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    what: String,
    (cost, force): (u32, u32),
) {
    let change = Change::Unpaid {
        unit: st.units[u].id.clone(),
        side: st.units[u].side,
        what,
        cost,
        force,
    };
    emit(
        st,
        out,
        change,
        Rule::from(&rules::FORCE).house(&rules::PAYING),
    );
}
