//! Activated abilities (seed 004 "Activated Abilities"): in its owner's order phase
//! (house rule A8: the active player's), a ready activated ability of a unit that has
//! not had its Special Order this turn is activated: its restriction first ("In order
//! for the costs to be paid in the first place the activation restriction must be
//! met"), then every cost payable ("All costs must be payable to get the effect"), then
//! the Special Order and the payment, then the effect. Each refusal is a rejected action
//! citing its sentence, and the state is left as it was; the activation itself is logged
//! only once it goes ahead. A `down` pin naming the wrong slots is the judge's input
//! (house rule A3), not an unpayable cost.

use super::super::ability::{Condition, Cost, Kind, Readiness, Target, Verb};
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, Event};
use super::super::format::Phase;
use super::super::interpret::{
    CostDownsSource, CostlessActivation, DashAndTrigger, RestrictionOnResolution,
};
use super::super::state::State;
use super::conditions::{holds, words};
use super::decide::yes_no;
use super::effects::{self, Ctx};
use super::figures::{self, Queue};
use super::ready::{ready_since, usable};
use crate::rules::{Rejected, Rule};

/// What a judge entered with the activation.
pub struct Activation<'a> {
    pub action: usize,
    pub unit: usize,
    pub ability: usize,
    /// Slots (1-based) downed to pay.
    pub down: &'a [usize],
    pub targets: Vec<usize>,
}

/// Plays an activation; `None` if adjudication stopped.
pub fn activate(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    act: Activation,
) -> Option<()> {
    let u = act.unit;
    let ability = st.units[u].abilities[act.ability].clone();
    let owner = st.units[u].owner;
    let proposed = format!("{} activates {}", st.who(u), ability.name);
    let reject = |st: &mut State, out: &mut Vec<Event>, reason: String, cite: Rule| {
        let change = Change::Rejected(Rejected {
            action: act.action,
            proposed: proposed.clone(),
            reason,
        });
        emit(st, out, change, cite);
    };
    if ability.kind != Kind::Activated {
        let what = if ability.kind == Kind::Triggered {
            "a triggered"
        } else {
            "a static"
        };
        let cite = if ability.dash_and_trigger {
            DashAndTrigger::TriggeredWithCost.decides(&s::A_DASH)
        } else {
            Rule::from(&s::THREE_TYPES)
        };
        reject(
            st,
            out,
            format!("{} is {what} ability, not an activated one.", ability.name),
            cite,
        );
        return Some(());
    }
    if st.phase != Phase::Order || owner != st.active {
        let reason = format!(
            "It is the {} with {} active, not {}'s order phase.",
            st.phase.label(),
            st.players[st.active].name,
            st.players[owner].name
        );
        reject(
            st,
            out,
            reason,
            Rule::from(&s::A_ORDER_PHASE).house(&rules::ACTIVE_PLAYER),
        );
        return Some(());
    }
    let usual = ready_since(st, u, act.ability);
    if usable(st, out, u, act.ability, usual)?.is_none() {
        let reason = if ability.readiness != Readiness::Usual {
            format!("{} is not ready by its own text.", ability.name)
        } else if !st.units[u].on_battlefield {
            format!(
                "{} is not on the battlefield, so {} is not ready.",
                st.who(u),
                ability.name
            )
        } else if ability.is_figure() {
            format!(
                "No slot {} sits next to is occupied, so it is not ready.",
                ability.name
            )
        } else {
            format!("{} is not ready.", ability.name)
        };
        let cite = if ability.readiness != Readiness::Usual {
            Rule::from(&s::NOTE_READY)
        } else if st.units[u].on_battlefield {
            Rule::from(&s::ONLY_READY)
        } else {
            Rule::from(&s::ONLY_READY).house(&rules::OFF_THE_BATTLEFIELD)
        };
        reject(st, out, reason, cite);
        return Some(());
    }
    if st.units[u].special_order {
        let reason = format!("{} has had its Special Order this turn.", st.who(u));
        reject(st, out, reason, Rule::from(&s::A_ONE_A_TURN));
        return Some(());
    }
    // Targets the judge entered for "one enemy unit" must be enemy units.
    let wants_enemy = ability.clauses.iter().any(|c| {
        matches!(
            &c.verb,
            Verb::Damage {
                target: Target::OneEnemy,
                ..
            } | Verb::Down {
                target: Target::OneEnemy,
                ..
            }
        )
    });
    if let Some(&t) = act
        .targets
        .iter()
        .find(|&&t| wants_enemy && !st.enemies(u, t))
    {
        let reason = format!(
            "{} targets an enemy unit, and {} is not one.",
            ability.name,
            st.who(t)
        );
        reject(st, out, reason, Rule::from(&rules::JUDGE_ENTERS));
        return Some(());
    }
    if let Some(reason) = bad_down_pin(st, u, &ability.costs, act.down) {
        // The judge's pin of which figures pay, not the cost, is wrong (house rule A3).
        reject(st, out, reason, Rule::from(&rules::OWNER_CHOOSES));
        return Some(());
    }
    if ability.dash_and_trigger {
        let what = format!(
            "{} has a dash and a leading When, At or Whenever: it is read as activated, its When clause its activation restriction",
            ability.name
        );
        let cite = DashAndTrigger::Activated.decides(&s::A_DASH);
        emit(st, out, Change::Note { what }, cite);
    }
    if ability.costs.is_empty() && !costless(st, out, &ability.name, act.action, &proposed) {
        return Some(());
    }
    // The restriction, before any cost.
    if let Some(r) = &ability.restriction {
        let met = holds(st, out, u, r)?;
        let cite = match r {
            Condition::Is { what, .. } if crate::text::fold(what) == "undead" => {
                Rule::from(&s::A_UNDEAD)
            }
            _ => Rule::from(&s::A_RESTRICTION),
        };
        if !met {
            reject(
                st,
                out,
                format!(
                    "The activation restriction \"{}\" is not met, so no cost is paid.",
                    words(r)
                ),
                cite,
            );
            return Some(());
        }
        let change = Change::Restriction {
            unit: st.units[u].id.clone(),
            ability: ability.name.clone(),
            text: words(r),
            met,
            again: false,
        };
        let cite = if cite.cite == &s::A_UNDEAD {
            cite
        } else {
            Rule::from(&s::A_SOME_RESTRICTION)
        };
        emit(st, out, change, cite);
    }
    // Every cost payable.
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
    let mut short = Vec::new();
    if st.players[owner].op < op {
        short.push(format!(
            "{} has {} OP, not {op}",
            st.players[owner].name, st.players[owner].op
        ));
    }
    if st.units[u].figures() < down {
        short.push(format!(
            "{} has {} figure(s) to down, not {down}",
            st.who(u),
            st.units[u].figures()
        ));
    }
    for c in &ability.costs {
        if let Cost::Other { text } = c {
            let owner_name = st.players[owner].name.clone();
            let paid = yes_no(
                st,
                out,
                "the judge".into(),
                "is the cost payable",
                format!("can {owner_name} pay \"{text}\" for {}", ability.name),
                false,
                "a cost the engine does not read is payable only when the judge pins it",
                &rules::JUDGE_RESOLVES,
            )?;
            if !paid {
                short.push(format!("\"{text}\" is not payable"));
            }
        }
    }
    if !short.is_empty() {
        let mut reason = short.join("; ");
        if let Some(c) = reason.get(..1) {
            reason = c.to_uppercase() + &reason[1..];
        }
        reject(
            st,
            out,
            format!("{reason}; every cost must be payable, so nothing is paid."),
            Rule::from(&s::A_ALL_COSTS),
        );
        return Some(());
    }
    // Activated only now: a refused activation is its rejection alone.
    emit(
        st,
        out,
        Change::Activate {
            unit: st.units[u].id.clone(),
            ability: ability.name.clone(),
        },
        &s::A_SYNTAX,
    );
    // Pay.
    emit(
        st,
        out,
        Change::SpecialOrder {
            unit: st.units[u].id.clone(),
        },
        &s::A_SPECIAL_ORDER,
    );
    if op > 0 {
        let player = st.players[owner].name.clone();
        emit(st, out, Change::SpendOp { player, amount: op }, &s::A_COST);
    }
    if down > 0 {
        let why = format!("the cost of {}", ability.name);
        figures::down(
            st,
            out,
            queue,
            u,
            down,
            act.down,
            owner,
            &why,
            Rule::from(&s::A_USUAL),
        )?;
    }
    // Still ready? (a cost that downs the figure making it ready)
    if ability.readiness == Readiness::Usual && ready_since(st, u, act.ability).is_none() {
        let reading = st.readings.cost_downs_source;
        match reading {
            CostDownsSource::Resolves => {
                let change = Change::Note {
                    what: format!(
                        "{} is no longer ready after its cost is paid; its effect happens",
                        ability.name
                    ),
                };
                emit(st, out, change, reading.decides(&s::A_PAID));
            }
            CostDownsSource::Fizzles => {
                let change = Change::NoEffect {
                    unit: st.units[u].id.clone(),
                    ability: ability.name.clone(),
                    why: "its cost downed the figure that made it ready, and special abilities are only active while they are ready".into(),
                };
                emit(st, out, change, reading.decides(&s::ONLY_READY));
                return Some(());
            }
        }
    }
    // The restriction again, if the reading says so.
    if let (Some(r), RestrictionOnResolution::Again) =
        (&ability.restriction, st.readings.restriction_on_resolution)
    {
        let met = holds(st, out, u, r)?;
        let cite = RestrictionOnResolution::Again.decides(&s::A_RESTRICTION);
        let change = Change::Restriction {
            unit: st.units[u].id.clone(),
            ability: ability.name.clone(),
            text: words(r),
            met,
            again: true,
        };
        emit(st, out, change, cite);
        if !met {
            let change = Change::NoEffect {
                unit: st.units[u].id.clone(),
                ability: ability.name.clone(),
                why: "its restriction no longer holds on resolution; the costs stay paid".into(),
            };
            emit(st, out, change, cite);
            return Some(());
        }
    } else if ability.restriction.is_some()
        && ability.costs.iter().any(|c| matches!(c, Cost::Down { .. }))
    {
        // Say which reading let the effect through when paying could have changed it.
        let r = ability.restriction.clone().unwrap_or(Condition::Other {
            text: String::new(),
        });
        let now = matches!(r, Condition::Figures { .. }).then(|| st.units[u].figures());
        if let (Condition::Figures { at_least }, Some(n)) = (&r, now) {
            if n < *at_least {
                let change = Change::Note {
                    what: format!(
                        "\"{}\" no longer holds, but it is checked only before paying",
                        words(&r)
                    ),
                };
                emit(
                    st,
                    out,
                    change,
                    RestrictionOnResolution::BeforePaying.decides(&s::A_RESTRICTION),
                );
            }
        }
    }
    let ctx = Ctx {
        unit: u,
        ability: act.ability,
        targets: act.targets,
        cite: Rule::from(&s::A_PAID),
    };
    effects::run(st, out, queue, &ctx, &ability.clauses, 0)?;
    if let Some(r) = ability.reminder {
        emit(
            st,
            out,
            Change::Reminder {
                unit: st.units[u].id.clone(),
                ability: ability.name.clone(),
                text: r,
            },
            &s::R_NONE,
        );
    }
    Some(())
}

/// An activated ability with no cost left of its dash: said in the log, and played as
/// `costless_activation` reads it. Whether the activation goes on.
fn costless(
    st: &mut State,
    out: &mut Vec<Event>,
    name: &str,
    action: usize,
    proposed: &str,
) -> bool {
    let reading = st.readings.costless_activation;
    let cite = reading.decides(&s::A_COST);
    match reading {
        CostlessActivation::SpecialOrderIsTheCost => {
            let what = format!(
                "{name} has no cost left of its dash: the Special Order it gives the unit is what it pays"
            );
            emit(st, out, Change::Note { what }, cite);
            true
        }
        CostlessActivation::Refused => {
            let change = Change::Rejected(Rejected {
                action,
                proposed: proposed.to_string(),
                reason: format!(
                    "{name} has no cost left of its dash, and an activated ability requires a cost to be paid for its effect."
                ),
            });
            emit(st, out, change, cite);
            false
        }
    }
}

/// Why the slots the judge pinned in `down` cannot pay the "down … figure" costs: their
/// number is not the cost's, or one holds no figure.
fn bad_down_pin(st: &State, u: usize, costs: &[Cost], pinned: &[usize]) -> Option<String> {
    if pinned.is_empty() {
        return None;
    }
    let down: u32 = costs
        .iter()
        .map(|c| if let Cost::Down { n } = c { *n } else { 0 })
        .sum();
    if pinned.len() as u32 != down {
        return Some(format!(
            "`down` names {} slot(s); the cost downs {down}.",
            pinned.len()
        ));
    }
    if let Some((k, &twice)) = pinned
        .iter()
        .enumerate()
        .find(|(k, s)| pinned[..*k].contains(s))
    {
        return Some(format!(
            "`down` names slot {twice} twice (its entry {}); each figure is downed once.",
            k + 1
        ));
    }
    let bad: Vec<String> = pinned
        .iter()
        .filter(|&&i| {
            !st.units[u]
                .slots
                .get(i.wrapping_sub(1))
                .is_some_and(|x| x.occupied)
        })
        .map(|i| i.to_string())
        .collect();
    (!bad.is_empty()).then(|| format!("Slot(s) {} named in `down` hold no figure.", bad.join(", ")))
}
