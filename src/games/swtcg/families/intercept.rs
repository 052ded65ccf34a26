//! Intercept and Precision (seed 002 §Ancient Seers): in the attack POP the defending
//! player decides, one decision at a time, which unit intercepts next or none
//! (`decisions.intercept` pins them in order; default: none, house rule S11). A unit
//! intercepts if it may: one of the defender's controller's other units, not the attacker, in the
//! same arena, once for each instance of its Intercept, against an attacker without
//! Precision (or Elude, its former name). The defender changes; it is the same attack,
//! and every intercepting unit has been attacked. A unit that may not is a rejected
//! action; the defender stays. An Intercept with a Force cost its side cannot pay may
//! not intercept (house rule S19).

use super::super::cite::{base, rules, seed, Citation};
use super::super::event::{emit, side_name, Change, Event};
use super::super::state::{Keyword, State};
use super::force;
use crate::rules::{Decision, Rejected, Rule};

pub const MEANS: Citation = seed(
    "Intercept",
    "If one of your other units is being attacked in the same arena, the attacking unit now attacks this unit instead.",
);
pub const NOT_END: Citation = seed("Intercept", "Intercept doesn't end the attack.");
pub const ANY_NUMBER: Citation = seed(
    "Intercept",
    "Any number of units may intercept an attack once for each instance of the effect.",
);
pub const ATTACKED: Citation = seed("Intercept", "Each intercepting unit has been attacked.");
pub const SAME_ATTACK: Citation = seed("Intercept", "(It is the same attack.)");
pub const OWN_UNITS: Citation = seed(
    "Intercept",
    "Your unit may intercept an attack from one of your own units (but not from itself) as long as that unit can attack it.",
);
pub const PRECISION_MEANS: Citation = seed(
    "Precision",
    "An attacking unit with Precision cannot have the target of its attack changed by a unit with the Intercept ability.",
);
pub const ELUDE: Citation = seed(
    "Precision",
    "Treat any unit with Elude as if it has Precision instead.",
);

pub const CANT_ATTACK: Citation = seed(
    "Intercept",
    "If it can't attack the intercepting unit, you can pay its activation, but the defending unit won’t change.",
);
pub const FORMER_NAME: Citation =
    seed("Precision", "\"Elude\" is the former name of this keyword.");

pub const ALL: &[Citation] = &[
    CANT_ATTACK,
    FORMER_NAME,
    MEANS,
    NOT_END,
    ANY_NUMBER,
    ATTACKED,
    SAME_ATTACK,
    OWN_UNITS,
    PRECISION_MEANS,
    ELUDE,
];

/// The default policy's name.
pub const POLICY: &str = "pass: no unit intercepts";

/// Why unit `u` may not intercept now (`used`: the units that have intercepted, once
/// per instance), with the sentence that says so; `None` when it may.
fn refusal(st: &State, u: usize, used: &[usize]) -> Option<(String, Rule)> {
    let (a, d) = (st.attacker, st.defender);
    let unit = &st.units[u];
    let instances = unit.all_instances(Keyword::Intercept).len();
    let precision = st.units[a].all_instances(Keyword::Precision);
    if unit.discarded {
        Some((format!("{} is discarded", unit.id), Rule::from(&MEANS)))
    } else if instances == 0 {
        Some((format!("{} has no Intercept", unit.id), Rule::from(&MEANS)))
    } else if u == a {
        Some((
            format!(
                "{} is the attacker: a unit does not intercept its own attack",
                unit.id
            ),
            Rule::from(&OWN_UNITS),
        ))
    } else if u == d {
        Some((
            format!(
                "{} is already the defender: Intercept protects one of your other units",
                unit.id
            ),
            Rule::from(&MEANS),
        ))
    } else if unit.side != st.units[d].side {
        Some((
            format!("{} is not one of the defending player's units", unit.id),
            Rule::from(&MEANS),
        ))
    } else if unit.arena != st.units[d].arena {
        Some((
            format!(
                "{} is in the {} arena, the attack in the {} arena",
                unit.id, unit.arena, st.units[d].arena
            ),
            Rule::from(&MEANS).house(&rules::ARENA),
        ))
    } else if let Some(p) = precision.first() {
        let cite = if p.elude {
            Rule::from(&ELUDE).house(&FORMER_NAME)
        } else {
            Rule::from(&PRECISION_MEANS).house(&CANT_ATTACK)
        };
        Some((
            format!(
                "the attacker {} has {}",
                st.units[a].id,
                if p.elude { "Elude" } else { "Precision" }
            ),
            cite,
        ))
    } else if used.iter().filter(|&&v| v == u).count() >= instances {
        Some((
            format!(
                "{} has already intercepted this attack with each of its {instances} Intercept",
                unit.id
            ),
            Rule::from(&ANY_NUMBER),
        ))
    } else if let Err((c, f)) = force::can_pay(st, u, next_cost(st, u, used)) {
        Some((
            format!(
                "{}'s Intercept costs {c} Force and the {} has {f}",
                unit.id,
                side_name(unit.side)
            ),
            Rule::from(&rules::FORCE).house(&rules::PAYING),
        ))
    } else {
        None
    }
}

/// The Force cost of the Intercept instance unit `u` plays next (house rule S20).
fn next_cost(st: &State, u: usize, used: &[usize]) -> Option<u32> {
    let n = used.iter().filter(|&&v| v == u).count();
    st.units[u]
        .all_instances(Keyword::Intercept)
        .get(n)
        .and_then(|a| a.cost())
}

/// The attack POP: the defending player's intercepts, one decision each. Each entry
/// of `decisions.intercept` pins one, in order (a unit that may not intercept is a
/// rejected action); once the entries run out, the next decision takes the default
/// policy, [`POLICY`], and ends the POP. A decision is met only while some unit may
/// intercept; with none, the POP passes.
pub fn attack_pop(st: &mut State, out: &mut Vec<Event>) {
    let names = st.pins.intercept.clone();
    let mut used: Vec<usize> = Vec::new();
    let mut slot = 0;
    loop {
        let candidates: Vec<usize> = (0..st.units.len())
            .filter(|&u| refusal(st, u, &used).is_none())
            .collect();
        let d = st.defender;
        let pinned = names.get(slot).copied();
        if let Some(u) = pinned {
            if let Some((reason, cite)) = refusal(st, u, &used) {
                let change = Change::Rejected(Rejected {
                    action: 0,
                    proposed: format!("{} intercepts", st.units[u].id),
                    reason: format!("{reason}; the defender stays {}", st.units[d].id),
                });
                emit(st, out, change, cite);
                slot += 1;
                continue;
            }
        }
        if candidates.is_empty() {
            if used.is_empty() && pinned.is_none() {
                let change = Change::Pass {
                    window: "Attack POP",
                    what: "no unit may intercept".into(),
                };
                emit(
                    st,
                    out,
                    change,
                    Rule::from(&base::POP).house(&rules::POP_ORDER),
                );
            }
            return;
        }
        let mut options: Vec<Option<String>> = vec![None];
        options.extend(candidates.iter().map(|&u| Some(st.units[u].id.clone())));
        let chosen = pinned
            .and_then(|u| candidates.iter().position(|&c| c == u))
            .map_or(0, |i| i + 1);
        let decision = Decision {
            ordinal: st.decisions + 1,
            who: format!("the {} player", side_name(st.units[d].side)),
            question: "which unit intercepts",
            options,
            policy: POLICY,
            chosen,
            pinned: pinned.is_some(),
        };
        let cite = Rule::from(&ANY_NUMBER)
            .house(&rules::POP_ORDER)
            .also(&rules::DECISIONS);
        emit(st, out, Change::InterceptChoice { slot, decision }, cite);
        let Some(u) = pinned else {
            return;
        };
        let cite = if used.is_empty() {
            Rule::from(&MEANS).house(&SAME_ATTACK)
        } else {
            Rule::from(&ANY_NUMBER).house(&NOT_END)
        };
        let cost = next_cost(st, u, &used);
        if cost.is_some() {
            force::pay(st, out, u, "Intercept".into(), cost, None);
        }
        used.push(u);
        let change = Change::Intercept {
            unit: st.units[u].id.clone(),
            from: st.units[d].id.clone(),
        };
        emit(st, out, change, cite);
        slot += 1;
    }
}
