//! Judging one proposed action: [`judge`] checks it against the rules in the order a
//! judge would ask, and either accepts it (the rule that allows it, and the changes that
//! carry it out, each with its rule) or rejects it (the rule it breaks, in words). One
//! file per family of section 5: `summon.rs` (hiring, the side, bringing in, pets,
//! tokens: 5.1–5.5), `movement.rs` (moves, teleporters, attacks and line of sight:
//! 5.10 and section 4), `items.rs` (5.6–5.7), `cards.rs` (spells, income, scribe, the
//! end of the turn: 5.8–5.9), with what they share in `common.rs`. Nothing here changes
//! the state; `event::apply` does.

pub mod cards;
pub mod common;
pub mod items;
pub mod movement;
pub mod summon;

pub use common::{Accept, Judged, Reject};

use super::format::{Action, Cell};
use super::state::{at, State};
use common::actor;

/// Judges `action` against `st`: accepted with its changes, or rejected.
pub fn judge(st: &State, action: &Action) -> Judged {
    let mut judged = judge_rules(st, action);
    if let (Ok(acc), Some((unit, ability))) = (&mut judged, ability_used(st, action)) {
        acc.changes.push(common::ability_se(st, unit, &ability));
    }
    judged
}

/// The unit whose ability `action` uses and the ability's name, for its SE (5.10.7,
/// house rule K19): Snatch, Scribe, Summon Pet or Call Pet, a token its card requires.
fn ability_used<'a>(st: &State, action: &'a Action) -> Option<(&'a str, String)> {
    match action {
        Action::Snatch { unit, .. } => Some((unit, "Snatch".into())),
        Action::Scribe { unit, .. } => Some((unit, "Scribe".into())),
        Action::CallPet { by, .. } => {
            let calls = st.unit(by).and_then(|u| {
                u.abilities.iter().flatten().find(|a| {
                    a.eq_ignore_ascii_case("Summon Pet") || a.eq_ignore_ascii_case("Call Pet")
                })
            });
            Some((by, calls.cloned().unwrap_or_else(|| "Call Pet".into())))
        }
        Action::SummonToken { by, card, .. } => {
            Some((by, format!("its card's summoning of {card}")))
        }
        _ => None,
    }
}

/// The rules of `action`, family by family.
fn judge_rules(st: &State, action: &Action) -> Judged {
    let who = actor(st, action).to_string();
    match action {
        Action::Hire {
            card, at, id, mv, ..
        } => summon::hire(st, &who, card, *at, id, *mv),
        Action::ToSide { card, .. } => summon::to_side(st, &who, card),
        Action::BringIn {
            card,
            at,
            from,
            by,
            id,
            mv,
            ..
        } => summon::bring_in(st, &who, card, *at, *from, by.as_deref(), id, *mv),
        Action::CallPet {
            card,
            by,
            at,
            id,
            mv,
            ..
        } => summon::call_pet(st, &who, card, by, *at, id, *mv),
        Action::SummonToken {
            card,
            by,
            at,
            id,
            mv,
            ..
        } => summon::token(st, &who, card, by, *at, id, *mv),
        Action::Move { unit, path, .. } => movement::walk(st, &who, unit, path),
        Action::Teleport { unit, to, .. } => movement::walk(st, &who, unit, &[*to]),
        Action::Attack { unit, target, .. } => movement::attack(st, &who, unit, target),
        Action::Equip { unit, item, .. } => items::equip(st, &who, unit, item),
        Action::Unequip { unit, item, .. } => items::unequip(st, &who, unit, item),
        Action::UseItem { unit, item, .. } => items::use_item(st, &who, unit, item),
        Action::Dies { unit, pay } => items::dies(st, unit, pay),
        Action::Snatch {
            unit, from, item, ..
        } => items::snatch(st, &who, unit, from, item),
        Action::PlayIncome { card, .. } => cards::income(st, &who, card),
        Action::Cast {
            card,
            caster,
            target,
            ..
        } => cards::cast(st, &who, card, caster.as_deref(), target.as_deref()),
        Action::Scribe { unit, card, .. } => cards::scribe(st, &who, unit, card),
        Action::EndTurn { .. } => cards::end_turn(st, &who),
    }
}

/// The action in words, for the log.
pub fn proposed(st: &State, action: &Action) -> String {
    let who = actor(st, action);
    match action {
        Action::Hire { card, at: c, .. } => format!("{who} hires {card} onto {}", at(*c)),
        Action::ToSide { card, .. } => format!("{who} plays {card} off to the side"),
        Action::BringIn {
            card, at: c, from, ..
        } => format!(
            "{who} brings {card} onto {} from the {}",
            at(*c),
            match from {
                super::format::Origin::Side => "side",
                super::format::Origin::Hand => "hand",
            }
        ),
        Action::CallPet {
            card, by, at: c, ..
        } => {
            format!("{by} calls {card} onto {}", at(*c))
        }
        Action::SummonToken {
            card, by, at: c, ..
        } => match c {
            Some(c) => format!("{by} summons the token {card} onto {}", at(*c)),
            None => format!("{by} summons the token {card} as a spell"),
        },
        Action::Move { unit, path, .. } => format!(
            "{unit} moves along {}",
            path.iter().map(|c| at(*c)).collect::<Vec<_>>().join(" → ")
        ),
        Action::Teleport { unit, to, .. } => format!("{unit} teleports to {}", at(*to)),
        Action::Attack { unit, target, .. } => format!("{unit} attacks {target}"),
        Action::Equip { unit, item, .. } => format!("{who} equips {item} to {unit}"),
        Action::Unequip { unit, item, .. } => format!("{who} takes {item} off {unit}"),
        Action::UseItem { unit, item, .. } => format!("{unit} uses {item}"),
        Action::Dies { unit, pay } => {
            if pay.is_empty() {
                format!("{unit} dies")
            } else {
                format!("{unit} dies, its owner paying for {}", pay.join(", "))
            }
        }
        Action::Snatch {
            unit, from, item, ..
        } => format!("{unit} snatches {item} from {from}"),
        Action::PlayIncome { card, .. } => format!("{who} plays the income card {card}"),
        Action::Cast { card, caster, .. } => match caster {
            Some(c) => format!("{who} casts {card} by {c}"),
            None => format!("{who} casts {card}"),
        },
        Action::Scribe { unit, card, .. } => format!("{unit} scribes {card}"),
        Action::EndTurn { .. } => format!("{who} ends the turn"),
    }
}

/// The spaces an action names, for marking a rejection on the board.
pub fn cells(st: &State, action: &Action) -> Vec<Cell> {
    let unit_at = |id: &str| st.unit(id).map(|u| u.at);
    match action {
        Action::Hire { at, .. } | Action::BringIn { at, .. } | Action::CallPet { at, .. } => {
            vec![*at]
        }
        Action::SummonToken { at, .. } => at.iter().copied().collect(),
        Action::Move { path, .. } => path.clone(),
        Action::Teleport { to, .. } => vec![*to],
        Action::Attack { unit, target, .. } => [unit_at(unit), unit_at(target)]
            .into_iter()
            .flatten()
            .collect(),
        Action::Equip { unit, .. }
        | Action::Unequip { unit, .. }
        | Action::UseItem { unit, .. }
        | Action::Dies { unit, .. }
        | Action::Scribe { unit, .. } => unit_at(unit).into_iter().collect(),
        Action::Snatch { unit, from, .. } => [unit_at(unit), unit_at(from)]
            .into_iter()
            .flatten()
            .collect(),
        Action::Cast { caster, .. } => caster.as_deref().and_then(unit_at).into_iter().collect(),
        Action::ToSide { .. } | Action::PlayIncome { .. } | Action::EndTurn { .. } => Vec::new(),
    }
}
