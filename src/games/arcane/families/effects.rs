//! Effects: the seed's own verbs, clause by clause — return downed figures, deal
//! damage, down figures, gain dice until end of turn, gain order or victory points, give
//! a free order, and "spend N order points to …" (a triggered ability's cost). Any other
//! words go to the judge (house rule A5). Targets the words leave to a player ("one
//! enemy unit within 6 inches": range is the judge's, house rule A1) come from the
//! action's `targets`, else the ability's owner's decision (house rule A12).

use super::super::ability::{Clause, Target, Verb};
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, Event};
use super::super::interpret::MayScope;
use super::super::state::{Effect, State};
use super::decide::{ask, yes_no};
use super::figures::{self, Queue};
use super::orders;
use super::resolve::judge;
use crate::rules::Rule;

/// Whose ability, and what it targets.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub unit: usize,
    pub ability: usize,
    /// Units entered with the action or the event.
    pub targets: Vec<usize>,
    /// The rule the effect's events rest on.
    pub cite: Rule,
}

impl Ctx {
    fn name(&self, st: &State) -> String {
        st.units[self.unit].abilities[self.ability].name.clone()
    }
}

/// Plays `clauses` in order. `decided`: how many leading clauses a decision already
/// covered (the whole ability was used).
pub fn run(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    ctx: &Ctx,
    clauses: &[Clause],
    decided: usize,
) -> Option<()> {
    for (i, clause) in clauses.iter().enumerate() {
        if clause.optional && i >= decided {
            let owner = st.players[st.units[ctx.unit].owner].name.clone();
            let about = format!(
                "does {} use the optional piece \"{}\" of {}",
                owner,
                clause.text,
                ctx.name(st)
            );
            let cite = if i > 0 {
                MayScope::ThatClause.decides(&s::T_PIECES)
            } else {
                Rule::from(&s::T_PIECES)
            };
            let used = yes_no(
                st,
                out,
                owner,
                "use the optional piece",
                about,
                true,
                "use every optional piece",
                cite,
            )?;
            if !used {
                let change = Change::NoEffect {
                    unit: st.units[ctx.unit].id.clone(),
                    ability: ctx.name(st),
                    why: format!("its optional piece \"{}\" is declined", clause.text),
                };
                emit(st, out, change, cite);
                continue;
            }
        }
        verb(st, out, queue, ctx, &clause.verb, &clause.text)?;
    }
    Some(())
}

/// The enemy units of `u` on the battlefield.
fn enemies(st: &State, u: usize) -> Vec<usize> {
    (0..st.units.len())
        .filter(|&o| st.enemies(u, o) && st.units[o].on_battlefield)
        .collect()
}

/// The units `target` reaches.
fn targets(st: &mut State, out: &mut Vec<Event>, ctx: &Ctx, target: &Target) -> Option<Vec<usize>> {
    let u = ctx.unit;
    Some(match target {
        Target::This => vec![u],
        Target::Entered => ctx.targets.clone(),
        Target::EachEnemyInContact => st
            .contacts(u)
            .into_iter()
            .filter(|&o| st.enemies(u, o) && st.units[o].on_battlefield)
            .collect(),
        Target::OneEnemy => {
            if let Some(&t) = ctx.targets.first() {
                vec![t]
            } else {
                let options = enemies(st, u);
                if options.is_empty() {
                    return Some(Vec::new());
                }
                let labels = options.iter().map(|&o| st.who(o)).collect();
                let owner = st.players[st.units[u].owner].name.clone();
                let about = format!("which enemy unit {}'s {} targets", st.who(u), ctx.name(st));
                let i = ask(
                    st,
                    out,
                    owner,
                    "which enemy unit is targeted",
                    about,
                    labels,
                    0,
                    "the first enemy unit listed (range is the judge's to enter)",
                    Rule::from(&rules::OWNER_TARGETS).house(&rules::JUDGE_ENTERS),
                )?;
                vec![options[i]]
            }
        }
        Target::OneFriendlyInContact => {
            let options: Vec<usize> = st
                .contacts(u)
                .into_iter()
                .filter(|&o| !st.enemies(u, o) && st.units[o].on_battlefield)
                .collect();
            if options.is_empty() {
                return Some(Vec::new());
            }
            let labels = options.iter().map(|&o| st.who(o)).collect();
            let owner = st.players[st.units[u].owner].name.clone();
            let about = format!(
                "which friendly unit in contact {}'s {} chooses",
                st.who(u),
                ctx.name(st)
            );
            let i = ask(
                st,
                out,
                owner,
                "which friendly unit in contact",
                about,
                labels,
                0,
                "the first friendly unit in contact listed",
                &rules::OWNER_TARGETS,
            )?;
            vec![options[i]]
        }
    })
}

fn none_reached(st: &mut State, out: &mut Vec<Event>, ctx: &Ctx, text: &str) {
    let change = Change::NoEffect {
        unit: st.units[ctx.unit].id.clone(),
        ability: ctx.name(st),
        why: format!("\"{text}\" reaches no unit"),
    };
    emit(st, out, change, ctx.cite);
}

/// Plays one verb.
fn verb(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    ctx: &Ctx,
    v: &Verb,
    text: &str,
) -> Option<()> {
    let u = ctx.unit;
    let owner = st.units[u].owner;
    let why = format!("{}'s {}", st.units[u].id, ctx.name(st));
    match v {
        Verb::Spend { op, then } => {
            let player = st.players[owner].name.clone();
            if st.players[owner].op < *op {
                let change = Change::NoEffect {
                    unit: st.units[u].id.clone(),
                    ability: ctx.name(st),
                    why: format!(
                        "{player} has {} OP and cannot spend {op}; the effect is not gained",
                        st.players[owner].op
                    ),
                };
                emit(st, out, change, Rule::from(&s::T_COST_PAID));
                return Some(());
            }
            emit(
                st,
                out,
                Change::SpendOp {
                    player,
                    amount: *op,
                },
                &s::T_COST,
            );
            let ctx = Ctx {
                cite: Rule::from(&s::T_COST_PAID),
                ..ctx.clone()
            };
            verb(st, out, queue, &ctx, then, text)?;
        }
        Verb::Return {
            n,
            up_to,
            or_friend,
        } => {
            let mut to = u;
            if *or_friend {
                let mut options = vec![u];
                options.extend(
                    st.contacts(u)
                        .into_iter()
                        .filter(|&o| !st.enemies(u, o) && st.units[o].on_battlefield),
                );
                if options.len() > 1 {
                    let default = options
                        .iter()
                        .position(|&o| st.units[o].figures() < st.units[o].slots.len() as u32)
                        .unwrap_or(0);
                    let labels = options.iter().map(|&o| st.who(o)).collect();
                    let about = format!(
                        "which unit {}'s {} returns figures to",
                        st.who(u),
                        ctx.name(st)
                    );
                    let i = ask(
                        st,
                        out,
                        st.players[owner].name.clone(),
                        "which unit figures return to",
                        about,
                        labels,
                        default,
                        "this unit if it has an empty slot, else the first friendly unit in contact that has one",
                        &rules::OWNER_TARGETS,
                    )?;
                    to = options[i];
                }
            }
            figures::give_back(st, out, to, *n, *up_to, &[], owner, &why, ctx.cite)?;
        }
        Verb::Damage { n, target } => {
            let list = targets(st, out, ctx, target)?;
            if list.is_empty() {
                none_reached(st, out, ctx, text);
            }
            for t in list {
                figures::damage(st, out, queue, t, *n, ctx.cite.house(&rules::JUDGE_ENTERS))?;
            }
        }
        Verb::Down { n, target } => {
            let list = targets(st, out, ctx, target)?;
            if list.is_empty() {
                none_reached(st, out, ctx, text);
            }
            for t in list {
                figures::down(st, out, queue, t, *n, &[], owner, &why, ctx.cite)?;
            }
        }
        Verb::Dice { n, color } => {
            let effect = Effect {
                text: format!(
                    "{n} {color} {} until end of turn",
                    if *n == 1 { "die" } else { "dice" }
                ),
                until_end_of_turn: true,
                dice: Some(*n),
                color: Some(color.clone()),
            };
            let change = Change::GainEffect {
                unit: st.units[u].id.clone(),
                effect,
            };
            emit(st, out, change, ctx.cite);
        }
        Verb::Op { n } => {
            let player = st.players[owner].name.clone();
            emit(
                st,
                out,
                Change::Points {
                    player,
                    op: i64::from(*n),
                    vp: 0,
                },
                ctx.cite,
            );
        }
        Verb::Vp { n } => {
            let player = st.players[owner].name.clone();
            emit(
                st,
                out,
                Change::Points {
                    player,
                    op: 0,
                    vp: i64::from(*n),
                },
                ctx.cite,
            );
        }
        Verb::Order { order, target } => {
            let list = targets(st, out, ctx, target)?;
            if list.is_empty() {
                none_reached(st, out, ctx, text);
            }
            for t in list {
                orders::give(st, out, queue, None, t, order, false, ctx.cite)?;
            }
        }
        Verb::Other { text } => judge(st, out, queue, u, &ctx.name(st), text)?,
    }
    Some(())
}
