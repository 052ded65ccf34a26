//! The log's sentence for each [`Change`] ([`describe`]), naming units and dice as the
//! board and the dice tray name them. It reads the state and never changes it; what a
//! change does to the state is [`super::apply`]'s.

use super::{side_name, who, Change, Event, LuckyDie};
use crate::games::swtcg::state::{Pool, State};

fn dice_list(st: &State, dice: &[usize]) -> String {
    if dice.is_empty() {
        return "no dice".into();
    }
    let list: Vec<String> = dice
        .iter()
        .map(|&d| {
            let pool = st.dice.get(d).map_or(Pool::Attack, |x| x.pool);
            die_name(st, d, pool)
        })
        .collect();
    list.join(", ")
}

/// Die `die` (its index among the attack's dice) as the dice tray numbers it, from 1
/// within its pool: `attack die 1`, `Fury die 2`, `Retaliate die 1`.
fn die_name(st: &State, die: usize, pool: Pool) -> String {
    let word = match pool {
        Pool::Attack => "attack",
        Pool::Fury => "Fury",
        Pool::Retaliate => "Retaliate",
    };
    let n = st.dice.iter().take(die).filter(|d| d.pool == pool).count() + 1;
    format!("{word} die {n}")
}

/// The log's sentence for `event`, naming units as `st` names them.
pub fn describe(st: &State, event: &Event) -> String {
    match &event.change {
        Change::Declare { attacker, defender } => format!(
            "{} attacks {}; {} taps.",
            who(st, attacker),
            who(st, defender),
            who(st, attacker)
        ),
        Change::Pass { window, what } => format!("{window}: {what}."),
        Change::Intercept { unit, from } => format!(
            "{} intercepts: the attack on {} now attacks {} (the same attack).",
            who(st, unit),
            who(st, from),
            who(st, unit)
        ),
        Change::Rejected(r) => format!("Rejected: {}. {}", r.proposed, r.reason),
        Change::Dice {
            power,
            shields,
            dice,
        } => {
            if *shields > 0 {
                format!("Power {power}, Shields {shields}: {dice} attack dice.")
            } else {
                format!("Power {power}: {dice} attack dice.")
            }
        }
        Change::Die {
            chance,
            die,
            reroll,
            pool,
            ..
        } => {
            let what = if *reroll {
                format!("re-roll of {}", die_name(st, *die, *pool))
            } else {
                die_name(st, *die, *pool)
            };
            let face = chance.candidates.get(chance.picked).copied().unwrap_or(0);
            format!(
                "Chance {} ({what}): {face} ({}; each face 1/6).",
                chance.ordinal,
                if chance.forced {
                    "judge's pin"
                } else {
                    "rolled"
                }
            )
        }
        Change::Fury { unit, x, triggered } => {
            if *triggered {
                format!(
                    "{}'s Fury {x}: a natural 4 in the initial roll; {x} additional attack dice.",
                    who(st, unit)
                )
            } else {
                format!(
                    "{}'s Fury {x}: no natural 4 in the initial roll; no additional dice.",
                    who(st, unit)
                )
            }
        }
        Change::Lucky {
            side,
            unit,
            x,
            dice,
            decision,
        } => format!(
            "{} player's Lucky {x} ({}): re-rolls {}. {}",
            side_name(*side),
            who(st, unit),
            dice_list(st, dice),
            decision.describe(LuckyDie::label)
        ),
        Change::InterceptChoice { decision, .. } => {
            let name = |o: &Option<String>| match o {
                Some(id) => who(st, id),
                None => "none".to_string(),
            };
            let chosen = decision.options.get(decision.chosen).cloned().flatten();
            format!(
                "Attack POP: {}. {}",
                match &chosen {
                    Some(id) => format!("{} intercepts", who(st, id)),
                    None => "no unit intercepts".to_string(),
                },
                decision.describe(name)
            )
        }
        Change::Predict {
            unit,
            keyword,
            decision,
        } => {
            let name = |o: &Option<u32>| match o {
                Some(n) => n.to_string(),
                None => "no prediction".to_string(),
            };
            format!(
                "{}'s {keyword}: {}. {}",
                who(st, unit),
                match decision.options.get(decision.chosen).copied().flatten() {
                    Some(n) => format!("predicts {n} hit(s)"),
                    None => "no prediction".to_string(),
                },
                decision.describe(name)
            )
        }
        Change::TooLate { unit, ability } => format!(
            "{}'s {ability} was gained after the attack dice were rolled: too late to act.",
            who(st, unit)
        ),
        Change::Hits {
            hits,
            one,
            six,
            need,
        } => format!(
            "{hits} hit(s) (each die showing {need} or more{}){}{}.",
            if *need > 6 { ": none can" } else { "" },
            if *six { "; a natural 6" } else { "" },
            if *one { "; a natural 1" } else { "" }
        ),
        Change::Prediction {
            unit,
            keyword,
            predicted,
            hits,
            effect,
        } => {
            if predicted == hits {
                format!("{}'s {keyword}: predicted {predicted} hit(s), correct; gains the effect ({effect}).", who(st, unit))
            } else {
                format!(
                    "{}'s {keyword}: predicted {predicted} hit(s), {hits} rolled; no effect.",
                    who(st, unit)
                )
            }
        }
        Change::Pending { unit, amount } => {
            format!("{amount} damage pending to {}.", who(st, unit))
        }
        Change::CriticalHit { unit, x, applies } => {
            if *applies {
                format!(
                    "{}'s Critical Hit {x}: a natural 6 after re-rolls; {x} more damage.",
                    who(st, unit)
                )
            } else {
                format!(
                    "{}'s Critical Hit {x}: no natural 6 after re-rolls; no more damage.",
                    who(st, unit)
                )
            }
        }
        Change::Parry {
            unit,
            x,
            prevented,
            applies,
        } => {
            if *applies {
                format!(
                    "{}'s Parry {x}: a natural 1 after re-rolls; prevents {prevented} damage.",
                    who(st, unit)
                )
            } else {
                format!(
                    "{}'s Parry {x}: no natural 1 after re-rolls; prevents nothing.",
                    who(st, unit)
                )
            }
        }
        Change::Evade { unit, x, decision } => format!(
            "{}'s Evade {x} prevents {} damage. {}",
            who(st, unit),
            decision.options.get(decision.chosen).copied().unwrap_or(0),
            decision.describe(|n| n.to_string())
        ),
        Change::Deflect {
            unit,
            x,
            prevented,
            decision,
        } => {
            let chosen = decision.options.get(decision.chosen).map(String::as_str);
            let what = match chosen {
                Some(crate::games::swtcg::state::NOT_PLAYED) => {
                    "is not played".to_string()
                }
                Some(crate::games::swtcg::state::NO_DAMAGE) => {
                    format!("prevents {prevented} damage and does no damage")
                }
                Some(t) => format!(
                    "prevents {prevented} damage and does {prevented} damage to {}",
                    who(st, t)
                ),
                None => String::new(),
            };
            format!(
                "{}'s Deflect {x} {what}. {}",
                who(st, unit),
                decision.describe(|t| t.clone())
            )
        }
        Change::Damage {
            source,
            target,
            amount,
            ..
        } => format!(
            "{amount} damage from {} to {} is left after prevention.",
            who(st, source),
            who(st, target)
        ),
        Change::Place {
            source,
            target,
            amount,
            double,
        } => {
            if *double > 0 {
                format!(
                    "{} damage counter(s) on {} from {} ({amount}, and {double} for Double Damage).",
                    amount + double,
                    who(st, target),
                    who(st, source)
                )
            } else {
                format!(
                    "{amount} damage counter(s) on {} from {}.",
                    who(st, target),
                    who(st, source)
                )
            }
        }
        Change::Discard {
            unit,
            damage,
            health,
            removed,
        } => format!(
            "{} has {damage} damage, Health {health}: {}.",
            who(st, unit),
            if *removed {
                "removed from the game instead of discarded (Meditate played it)"
            } else {
                "discarded"
            }
        ),
        Change::Stacked {
            action,
            unit,
            card,
            repeat,
            judged,
        } => format!(
            "Action {action}: {card} stacked under {}{}{}.",
            who(st, unit),
            if *repeat {
                " (another copy of a non-unique card already there)"
            } else {
                ""
            },
            if *judged {
                " (not named by the list: the judge says it represents the same unit as a listed card or meets another criterion of the list)"
            } else {
                ""
            }
        ),
        Change::Equipped {
            action,
            unit,
            equipment,
            copy,
        } => format!(
            "Action {action}: {equipment}{} attached to {} in the build step.",
            if *copy > 1 {
                format!(" (copy {copy})")
            } else {
                String::new()
            },
            who(st, unit)
        ),
        Change::Meditated { action, unit } => format!(
            "Action {action}: {} played from the discard pile by Meditate, without its printed cost.",
            who(st, unit)
        ),
        Change::Layer { unit, layer, .. } => {
            let from = if layer.from == st.index_of(unit).map_or(String::new(), |i| st.units[i].name.clone()) {
                "its own card".to_string()
            } else {
                layer.from.clone()
            };
            if layer.works {
                format!(
                    "{} gets {} from {} on {from}; it remains an ability of its type.",
                    who(st, unit),
                    layer.ability.label(),
                    layer.by
                )
            } else {
                format!(
                    "{}'s Reserves ability {} works only in the build zone: not in the arena.",
                    who(st, unit),
                    layer.ability.label()
                )
            }
        }
        Change::Instead {
            unit,
            replaced,
            layer,
        } => format!(
            "{} gets {} from Enhance instead of its {}; it remains an ability of its type.",
            who(st, unit),
            layer.ability.label(),
            replaced.join(", ")
        ),
        Change::Enhance {
            unit,
            effect,
            decision,
            understood,
            unpaid,
        } => {
            let declared = decision.chosen == 1;
            let short = unpaid.map(|(c, f)| {
                format!("declared, but its additional cost is {c} Force and its side has {f}: it cannot be paid, so no effect")
            });
            format!(
                "{}'s Enhance ({effect}): {}. {}",
                who(st, unit),
                match (declared, understood, short) {
                    (true, _, Some(s)) => s,
                    (false, _, _) => "not declared, so no effect".into(),
                    (true, true, None) => "declared; its effect applies".into(),
                    (true, false, None) =>
                        "declared; the resolver does not read the effect (house rule S12), so the judge applies it".into(),
                },
                decision.describe(|o| o.to_string())
            )
        }
        Change::Retaliate {
            unit,
            target,
            x,
            need,
        } => format!(
            "{} retaliates as the attack ends: Retaliate {x}, {x} dice of damage at {} (each {need} or more hits).",
            who(st, unit),
            who(st, target)
        ),
        Change::NotForRetaliate { unit, ability } => format!(
            "{}'s {ability} does not act on Retaliate's dice (they are not attack dice).",
            who(st, unit)
        ),
        Change::RetaliateHits { unit, hits, need } => format!(
            "{}'s Retaliate: {hits} hit(s) (each die showing {need} or more).",
            who(st, unit)
        ),
        Change::Pay {
            unit,
            side,
            what,
            cost,
            before,
        } => match (cost, before) {
            (Some(c), Some(f)) => format!(
                "{} pays {c} Force for {what}: the {} has {} Force left of {f}.",
                who(st, unit),
                side_name(*side),
                f.saturating_sub(*c)
            ),
            (Some(c), None) => format!(
                "{}: {what}, {c} Force, is assumed paid: the {}'s Force is not given.",
                who(st, unit),
                side_name(*side)
            ),
            (None, _) => format!(
                "{}: {what} is not given, so it is assumed paid.",
                who(st, unit)
            ),
        },
        Change::Unpaid {
            unit,
            side,
            what,
            cost,
            force,
        } => format!(
            "{}'s {what} costs {cost} Force and the {} has {force}: it cannot be paid, so it is not played.",
            who(st, unit),
            side_name(*side)
        ),
        Change::Gain {
            unit,
            side,
            keyword,
            amount,
            before,
        } => match before {
            Some(f) => format!(
                "{}'s {keyword}: the {} gains {amount} Force ({f} to {}).",
                who(st, unit),
                side_name(*side),
                f.saturating_add(*amount)
            ),
            None => format!(
                "{}'s {keyword}: the {} gains {amount} Force (its Force is not given, so it stays unknown).",
                who(st, unit),
                side_name(*side)
            ),
        },
        Change::Odds(report) => report.describe(),
        Change::End => "The attack ends.".into(),
    }
}
