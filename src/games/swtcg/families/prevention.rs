//! Parry, Evade and Deflect (seed 002 §Ancient Seers): the damage prevention POP.
//! Parry (triggered, cumulative) prevents X of the attack's damage when a natural 1
//! counts; then each instance of damage meets the damaged unit's Evade instances (each
//! prevents up to X: the amount is a decision, by default as much as it can), then its
//! Deflect instances (each must prevent as much as it can up to X and may do that much
//! damage to a unit of its controller's choice in the arena, by default the unit whose
//! damage it deflects: the attacker, for the attack's damage; or do none, or not be
//! played: the options `no damage` and `not played`). Damage a Deflect creates
//! is a new instance, which may be deflected again, once per Deflect and source. The
//! damage left is placed only after all of it resolves (house rule S3 for the order).
//! An Evade or Deflect with a Force cost is paid when played, and one its side cannot
//! pay is not played (house rules S19, S20).

use super::super::cite::{rules, seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::interpret::EvadeDeflected;
use super::super::state::{Damage, DeflectPin, Keyword, State};
use super::force;
use crate::rules::decision::Decision;
use crate::rules::Rule;

pub const PARRY_MEANS: Citation = seed(
    "Parry",
    "If the attacking unit rolled at least one natural '1' against this unit, prevent X damage to this unit.",
);
pub const PARRY_ONE: Citation = seed(
    "Parry",
    "Only one natural \"1\" is counted from the attack roll after re-rolls.",
);
pub const PARRY_LATE: Citation = seed(
    "Parry",
    "If a unit gets the Parry ability after you roll attack dice, it's too late to affect the damage.",
);
pub const PARRY_ACCURACY: Citation = seed(
    "Parry",
    "Accuracy can't decrease the die roll to a natural \"1\".",
);
pub const PARRY_ITSELF: Citation = seed(
    "Parry",
    "Parry doesn't prevent damage from a parrying unit unless it attacks itself.",
);
pub const PARRY_ONLY_ATTACK: Citation = seed(
    "Parry",
    "Parry applies only to dice rolled for an attack, not to dice rolls for abilities like Retaliate.",
);
pub const EVADE_MEANS: Citation = seed("Evade", "Prevent up to X damage to this unit.");
pub const EVADE_ONCE: Citation = seed(
    "Evade",
    "You can play Evade only once for each instance of damage.",
);
pub const EVADE_CHOOSE: Citation = seed(
    "Evade",
    "You choose how much damage to Evade up to X, even if the full amount of damage or more is pending.",
);
pub const DEFLECT_MEANS: Citation = seed(
    "Deflect",
    "Prevent X damage to this unit, and this unit may do that much damage to a unit of your choice in the same arena.",
);
pub const DEFLECT_NEW: Citation = seed(
    "Deflect",
    "Deflect creates new damage that can be done to any unit in the arena (even itself).",
);
pub const DEFLECT_AGAIN: Citation =
    seed("Deflect", "Deflect may be deflected any number of times.");
pub const DEFLECT_APPLIED: Citation = seed(
    "Deflect",
    "Damage is applied after all prevention and deflects resolve.",
);
pub const DEFLECT_ONCE: Citation = seed(
    "Deflect",
    "You can play each Deflect effect only once for each source of damage.",
);
pub const DEFLECT_MAX: Citation = seed(
    "Deflect",
    "Deflect as much damage as you can up to the Deflect value.",
);
pub const DEFLECT_EQUALS: Citation = seed(
    "Deflect",
    "The damage that the unit does equals the damage it prevented.",
);

pub const PARRY_REROLL: Citation = seed(
    "Parry",
    "However, you or your opponent may use an effect to re-roll dice to affect the number of natural ones.",
);
pub const PARRY_ROLL_USED: Citation = seed(
    "Parry",
    "(You only count the 1, if any, from the roll used for the attack.)",
);
pub const EVADE_NOT_ALL: Citation = seed("Evade", "You don't have to use all of the Evade.");

pub const ALL: &[Citation] = &[
    PARRY_REROLL,
    PARRY_ROLL_USED,
    EVADE_NOT_ALL,
    PARRY_MEANS,
    PARRY_ONE,
    PARRY_LATE,
    PARRY_ACCURACY,
    EVADE_MEANS,
    EVADE_ONCE,
    EVADE_CHOOSE,
    DEFLECT_MEANS,
    DEFLECT_NEW,
    DEFLECT_AGAIN,
    DEFLECT_APPLIED,
    DEFLECT_ONCE,
    DEFLECT_MAX,
    DEFLECT_EQUALS,
    PARRY_ITSELF,
];

pub use super::super::state::{NOT_PLAYED, NO_DAMAGE};

/// Evade's default policy.
pub const EVADE_POLICY: &str = "prevent as much as it can";
/// Deflect's default policy.
pub const DEFLECT_POLICY: &str = "the unit whose damage it deflects";
/// Evade's default policy when it has a Force cost and its side's Force is given: the
/// decision is also whether to pay (house rule S20).
pub const EVADE_PAY_POLICY: &str =
    "prevent as much as it can, paying its cost as the attack meets it while the Force lasts";
/// Deflect's default policy when it has a Force cost and its side's Force is given.
pub const DEFLECT_PAY_POLICY: &str =
    "the unit whose damage it deflects, paying its cost as the attack meets it while the Force lasts";

/// The policy of a decision about an activation with `cost`: the plain one, or the one
/// that also pays, when the side's Force is given (house rule S20).
fn policy(
    st: &State,
    u: usize,
    cost: Option<u32>,
    plain: &'static str,
    paying: &'static str,
) -> &'static str {
    if cost.is_some_and(|c| c > 0) && st.force_of(u).is_some() {
        paying
    } else {
        plain
    }
}

/// Instances of damage one prevention POP resolves at most (every Deflect acts once per
/// source, so a chain ends well before this).
const MAX_INSTANCES: usize = 4096;

/// The damage prevention POP: Parry, then Evade and Deflect on every instance of damage.
pub fn resolve(st: &mut State, out: &mut Vec<Event>) {
    let (a, d) = (st.attacker, st.defender);
    let mut amount = st.pending;
    if st.units[d].has_late(Keyword::Parry) {
        let change = Change::TooLate {
            unit: st.units[d].id.clone(),
            ability: "Parry".into(),
        };
        emit(st, out, change, &PARRY_LATE);
    }
    let parry = st.units[d].x(Keyword::Parry);
    if parry > 0 {
        let one = st.summary.is_some_and(|s| s.one);
        let prevented = if one { parry.min(amount) } else { 0 };
        amount -= prevented;
        let change = Change::Parry {
            unit: st.units[d].id.clone(),
            x: parry,
            prevented,
            applies: one,
        };
        let rerolled = st.dice.iter().any(|d| d.rerolls > 0);
        let cite = if rerolled {
            Rule::from(&PARRY_REROLL).house(&PARRY_ROLL_USED)
        } else if one {
            Rule::from(&PARRY_MEANS).house(&PARRY_ONE)
        } else if !st.units[a].all_instances(Keyword::Accuracy).is_empty() {
            Rule::from(&PARRY_MEANS).house(&PARRY_ACCURACY)
        } else {
            Rule::from(&PARRY_MEANS)
        };
        emit(st, out, change, cite);
    }
    let mut queue = std::collections::VecDeque::from([Damage {
        source: a,
        target: d,
        amount,
        attack: true,
        evaded: Vec::new(),
    }]);
    // Deflect instances played: (unit, instance, source).
    let mut deflected: Vec<(usize, usize, usize)> = Vec::new();
    // Evade instances played in this attack (for the `once_per_attack` reading).
    let mut evaded: Vec<(usize, usize)> = Vec::new();
    let mut met = 0;
    while let Some(mut dmg) = queue.pop_front() {
        met += 1;
        if met > MAX_INSTANCES {
            break;
        }
        let t = dmg.target;
        let evades: Vec<(u32, Option<u32>)> = st.units[t]
            .all_instances(Keyword::Evade)
            .iter()
            .map(|e| (e.x, e.cost()))
            .collect();
        for (k, (x, cost)) in evades.into_iter().enumerate() {
            if dmg.amount == 0 {
                break;
            }
            let once = st.readings.evade_deflected == EvadeDeflected::OncePerAttack;
            if dmg.evaded.contains(&k) || (once && evaded.contains(&(t, k))) {
                continue;
            }
            let most = x.min(dmg.amount);
            let options: Vec<u32> = (0..=most).collect();
            let pin = st.pins.evade.iter().find(|(u, _)| *u == t).map(|(_, n)| *n);
            let (chosen, pinned) = match pin {
                Some(n) => (n.min(most) as usize, true),
                None => (most as usize, false),
            };
            // An Evade of 0 is not played and costs nothing (house rule S20).
            if chosen > 0 {
                if let Err(short) = force::can_pay(st, t, cost) {
                    force::unpaid(st, out, t, format!("Evade {x}"), short);
                    continue;
                }
            }
            let decision = Decision {
                ordinal: st.decisions + 1,
                who: st.units[t].id.clone(),
                question: "how much Evade prevents",
                options,
                policy: policy(st, t, cost, EVADE_POLICY, EVADE_PAY_POLICY),
                chosen,
                pinned,
            };
            dmg.amount -= chosen as u32;
            dmg.evaded.push(k);
            evaded.push((t, k));
            let mut cite = if (chosen as u32) < most {
                Rule::from(&EVADE_NOT_ALL)
            } else if pinned {
                Rule::from(&EVADE_CHOOSE)
            } else {
                Rule::from(&EVADE_MEANS)
            };
            if !dmg.attack {
                cite = Rule::from(&EVADE_ONCE).reading(st.readings.evade_deflected.reading());
            }
            // The order is house rule S3's; the amount the default policy's (S11) or,
            // pinned, the judge's for every instance the unit meets (S16).
            let cite = cite.house(&rules::PREVENTION_ORDER).also(if pinned {
                &rules::INSTANCES
            } else {
                &rules::DECISIONS
            });
            let change = Change::Evade {
                unit: st.units[t].id.clone(),
                x,
                decision,
            };
            emit(st, out, change, cite);
            if chosen > 0 && cost.is_some() {
                force::pay(st, out, t, format!("Evade {x}"), cost, None);
            }
        }
        deflect_all(st, out, &mut dmg, &mut deflected, &mut queue);
        if dmg.amount > 0 {
            let change = Change::Damage {
                source: st.units[dmg.source].id.clone(),
                target: st.units[t].id.clone(),
                amount: dmg.amount,
                attack: dmg.attack,
            };
            let cite = if dmg.attack && deflected.is_empty() {
                Rule::from(&rules::PREVENTION_ORDER)
            } else if dmg.attack {
                Rule::from(&DEFLECT_APPLIED).house(&rules::PREVENTION_ORDER)
            } else {
                Rule::from(&DEFLECT_NEW).house(&DEFLECT_APPLIED)
            };
            emit(st, out, change, cite);
        }
    }
}

/// Each Deflect instance of the damaged unit on instance `dmg`: prevent as much as it can
/// up to X and do that much damage to the unit chosen, or prevent and do none ("may"),
/// or not be played; a decision each (house rules S3, S11, S16).
fn deflect_all(
    st: &mut State,
    out: &mut Vec<Event>,
    dmg: &mut Damage,
    deflected: &mut Vec<(usize, usize, usize)>,
    queue: &mut std::collections::VecDeque<Damage>,
) {
    let t = dmg.target;
    let deflects: Vec<(u32, Option<u32>)> = st.units[t]
        .all_instances(Keyword::Deflect)
        .iter()
        .map(|e| (e.x, e.cost()))
        .collect();
    for (k, (x, cost)) in deflects.into_iter().enumerate() {
        if dmg.amount == 0 {
            break;
        }
        if deflected.contains(&(t, k, dmg.source)) {
            continue;
        }
        let arena = st.units[t].arena.clone();
        let targets: Vec<usize> = (0..st.units.len())
            .filter(|&i| st.units[i].arena == arena && !st.units[i].discarded)
            .collect();
        let mut options: Vec<String> = targets.iter().map(|&i| st.units[i].id.clone()).collect();
        options.push(NO_DAMAGE.into());
        options.push(NOT_PLAYED.into());
        let pin = st
            .pins
            .deflect
            .iter()
            .find(|(u, _)| *u == t)
            .map(|(_, v)| *v);
        let default = targets.iter().position(|&i| i == dmg.source).unwrap_or(0);
        let picked = match pin {
            Some(DeflectPin::Unit(p)) => targets.iter().position(|&i| i == p),
            Some(DeflectPin::NoDamage) => Some(targets.len()),
            Some(DeflectPin::NotPlayed) => Some(targets.len() + 1),
            None => None,
        };
        let (chosen, pinned) = picked.map_or((default, false), |c| (c, true));
        let played = chosen <= targets.len();
        if played {
            if let Err(short) = force::can_pay(st, t, cost) {
                force::unpaid(st, out, t, format!("Deflect {x}"), short);
                continue;
            }
        }
        let prevented = if played { x.min(dmg.amount) } else { 0 };
        if played {
            deflected.push((t, k, dmg.source));
            dmg.amount -= prevented;
        }
        let decision = Decision {
            ordinal: st.decisions + 1,
            who: st.units[t].id.clone(),
            question: "the unit Deflect damages",
            options,
            policy: policy(st, t, cost, DEFLECT_POLICY, DEFLECT_PAY_POLICY),
            chosen,
            pinned,
        };
        let cite = if chosen >= targets.len() {
            Rule::from(&DEFLECT_MEANS).house(&rules::PREVENTION_ORDER)
        } else if dmg.attack {
            Rule::from(&DEFLECT_MAX).house(&rules::PREVENTION_ORDER)
        } else {
            Rule::from(&DEFLECT_AGAIN).house(&DEFLECT_ONCE)
        };
        let cite = cite.also(if pinned {
            &rules::INSTANCES
        } else {
            &rules::DECISIONS
        });
        let change = Change::Deflect {
            unit: st.units[t].id.clone(),
            x,
            prevented,
            decision,
        };
        emit(st, out, change, cite);
        if played && cost.is_some() {
            force::pay(st, out, t, format!("Deflect {x}"), cost, None);
        }
        if let Some(&to) = targets.get(chosen) {
            queue.push_back(Damage {
                source: t,
                target: to,
                amount: prevented,
                attack: false,
                evaded: Vec::new(),
            });
        }
    }
}
