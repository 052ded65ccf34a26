//! The attack as a sequence of steps, one [`advance`] per step, in the published order
//! (declare → attack POP → initial roll → re-rolls → hits → pending damage POP → damage
//! prevention POP → damage placement → discard → the attack ends). Pure: the same state
//! gives the same step. Each step's rules are in `families/`; this file owns the order.

use super::cite::{base, rules};
use super::event::{emit, Change, Event};
use super::families::{
    build, critical, double, fury, intercept, lucky, predict, prevention, retaliate, roll,
};
use super::interpret::PredictionForce;
use super::state::{Phase, Pool, State};
use crate::rules::Rule;

/// Plays the next step of the attack.
pub fn advance(st: &mut State) -> Vec<Event> {
    let mut out = Vec::new();
    let Some(phase) = st.next_phase() else {
        return out;
    };
    st.steps += 1;
    st.phase = Some(phase);
    match phase {
        Phase::Build => build::build_step(st, &mut out),
        Phase::Declare => declare(st, &mut out),
        Phase::AttackPop => {
            build::attack_pop(st, &mut out);
            intercept::attack_pop(st, &mut out);
            predict::predict(st, &mut out);
        }
        Phase::Roll => {
            roll::initial_roll(st, &mut out);
            fury::after_initial_roll(st, &mut out);
        }
        Phase::Rerolls => lucky::rerolls(st, &mut out),
        Phase::Hits => {
            roll::count_hits(st, &mut out);
            predict::check(st, &mut out);
        }
        Phase::PendingDamage => pending(st, &mut out),
        Phase::DamagePrevention => prevention::resolve(st, &mut out),
        Phase::DamagePlacement => place(st, &mut out),
        Phase::Discard => discard(st, &mut out),
        Phase::Retaliate => retaliate::resolve(st, &mut out),
        Phase::End => end(st, &mut out),
    }
    out
}

fn declare(st: &mut State, out: &mut Vec<Event>) {
    let change = Change::Declare {
        attacker: st.attacker().id.clone(),
        defender: st.defender().id.clone(),
    };
    if st.attacker == st.defender {
        // A unit attacking itself: seed 002's Parry and Deflect speak of it.
        let cite = Rule::from(&prevention::PARRY_ITSELF).house(&rules::WHO_ATTACKS);
        emit(st, out, change, cite);
    } else {
        emit(st, out, change, &base::ORDER);
    }
}

/// The pins the attack never met, when it ends (house rule S18): a face for a die never
/// rolled, a re-roll never made.
fn unused_pins(st: &State) -> Vec<String> {
    let mut out = Vec::new();
    let rolled = |pool| st.dice.iter().filter(|d| d.pool == pool).count();
    let (pins, sets) = (
        &st.pins,
        [
            ("dice.attack", &st.pins.attack, rolled(Pool::Attack)),
            ("dice.fury", &st.pins.fury, rolled(Pool::Fury)),
            (
                "dice.retaliate",
                &st.pins.retaliate,
                rolled(Pool::Retaliate),
            ),
        ],
    );
    for (name, list, n) in sets {
        for (i, f) in list.iter().enumerate().skip(n) {
            if f.is_some() {
                out.push(format!("{name}[{i}]"));
            }
        }
    }
    let mut seen: Vec<usize> = Vec::new();
    for (i, (die, _)) in pins.rerolls.iter().enumerate() {
        let nth = seen.iter().filter(|&&d| d == *die).count();
        seen.push(*die);
        if st
            .dice
            .get(*die)
            .is_none_or(|d| usize::from(d.rerolls) <= nth)
        {
            out.push(format!("dice.rerolls[{i}]"));
        }
    }
    out
}

fn end(st: &mut State, out: &mut Vec<Event>) {
    if st.readings.prediction_force == PredictionForce::AttackEnds {
        predict::gain(st, out);
    }
    let unused = unused_pins(st);
    if !unused.is_empty() {
        let change = Change::Pass {
            window: "The attack ends",
            what: format!(
                "the judge's pins {} apply to nothing: the attack never rolled those dice or made those re-rolls",
                unused.join(", ")
            ),
        };
        emit(st, out, change, &rules::UNUSED_PINS);
    }
    emit(
        st,
        out,
        Change::End,
        Rule::from(&base::ORDER).house(&rules::ONE_ATTACK),
    );
}

fn pending(st: &mut State, out: &mut Vec<Event>) {
    let hits = st.summary.map_or(0, |s| s.hits);
    let change = Change::Pending {
        unit: st.defender().id.clone(),
        amount: hits,
    };
    emit(st, out, change, &base::DICE);
    critical::pending(st, out);
}

fn place(st: &mut State, out: &mut Vec<Event>) {
    let placed = st.placed.clone();
    if placed.is_empty() {
        let change = Change::Pass {
            window: "Damage placement POP",
            what: "no damage is left to place".into(),
        };
        emit(st, out, change, &base::ORDER);
    }
    for d in placed {
        let double = double::extra(st, &d);
        let change = Change::Place {
            source: st.units[d.source].id.clone(),
            target: st.units[d.target].id.clone(),
            amount: d.amount,
            double,
        };
        let cite = if double > 0 {
            Rule::from(&double::MEANS).house(&double::ADDITION)
        } else if !d.attack {
            // Deflected damage: a new instance, which Double Damage does not double.
            Rule::from(&prevention::DEFLECT_EQUALS).house(&rules::INSTANCES)
        } else {
            Rule::from(&base::DICE)
        };
        emit(st, out, change, cite);
    }
}

fn discard(st: &mut State, out: &mut Vec<Event>) {
    let gone: Vec<usize> = (0..st.units.len())
        .filter(|&i| !st.units[i].discarded && st.units[i].damage >= st.units[i].health)
        .collect();
    if gone.is_empty() {
        let change = Change::Pass {
            window: "Discard",
            what: "no unit has damage equal to or above its Health".into(),
        };
        emit(st, out, change, &base::DISCARD);
    }
    for i in gone {
        let removed = st.units[i].meditated;
        let change = Change::Discard {
            unit: st.units[i].id.clone(),
            damage: st.units[i].damage,
            health: st.units[i].health,
            removed,
        };
        if removed {
            emit(
                st,
                out,
                change,
                Rule::from(&base::DISCARD).house(&build::MEDITATE_REMOVED),
            );
        } else {
            emit(st, out, change, &base::DISCARD);
        }
    }
}
