//! Judging one proposed action: [`judge`] checks it against the rules in the order a
//! judge would ask, and either accepts it (the rule that allows it, and the changes that
//! carry it out, each with its rule) or rejects it (the rule it breaks, in words). One
//! file per family of section 5: `summon.rs` (hiring, the side, bringing in, pets,
//! tokens: 5.1–5.5), `movement.rs` (moves, teleporters, attacks and line of sight:
//! 5.10 and section 4), `items.rs` (5.6–5.7), `cards.rs` (spells, income, scribe, the
//! end of the turn: 5.8–5.9). Nothing here changes the state; `event::apply` does.

pub mod cards;
pub mod items;
pub mod movement;
pub mod summon;

use super::cite::{base, rules as house, Rule};
use super::event::Change;
use super::format::{Action, Cell, CardType, UnitSpec};
use super::state::{at, State};
use crate::text::fold;

/// An action found legal: the rule that allows it and the changes that carry it out.
#[derive(Debug, Clone)]
pub struct Accept {
    pub rule: Rule,
    pub changes: Vec<(Change, Rule)>,
}

/// An action found illegal: the rule it breaks, why, and the spaces it concerns.
#[derive(Debug, Clone)]
pub struct Reject {
    pub rule: Rule,
    pub reason: String,
    pub cells: Vec<Cell>,
}

pub type Judged = Result<Accept, Reject>;

/// A rejection under `rule`.
pub fn no(rule: impl Into<Rule>, reason: impl Into<String>) -> Reject {
    Reject {
        rule: rule.into(),
        reason: reason.into(),
        cells: Vec::new(),
    }
}

impl Reject {
    pub fn at(mut self, cells: &[Cell]) -> Reject {
        self.cells.extend_from_slice(cells);
        self
    }
}

/// The player acting: the one the action names, or the active player.
pub fn actor<'a>(st: &'a State, action: &'a Action) -> &'a str {
    action.player().unwrap_or(&st.position.active)
}

/// House rule K2: only the active player does this.
pub fn own_turn(st: &State, player: &str, what: &str) -> Result<(), Reject> {
    if player == st.position.active {
        Ok(())
    } else {
        Err(no(
            &house::TURN_OWNER,
            format!(
                "it is {}'s turn, and {player} may not {what} in it",
                st.position.active
            ),
        ))
    }
}

/// The unit `id` on the Battlefield, or a rejection under `rule`.
pub fn in_play<'a>(st: &'a State, id: &str, rule: impl Into<Rule>) -> Result<&'a UnitSpec, Reject> {
    st.unit(id)
        .ok_or_else(|| no(rule, format!("{id} is not on the Battlefield")))
}

/// Unit `u` belongs to `player`, or a rejection under `rule`.
pub fn owned(u: &UnitSpec, player: &str, rule: impl Into<Rule>) -> Result<(), Reject> {
    if u.owner == player {
        Ok(())
    } else {
        Err(no(
            rule,
            format!("{} is {}'s unit, not {player}'s", u.id, u.owner),
        ))
    }
}

/// Whether `player`'s hand holds `card`.
pub fn in_hand(st: &State, player: &str, card: &str) -> bool {
    st.player_index(player).is_some_and(|i| {
        st.position.players[i]
            .hand
            .iter()
            .any(|c| fold(c) == fold(card))
    })
}

/// `player`'s gold.
pub fn gold(st: &State, player: &str) -> u32 {
    st.player_index(player)
        .map_or(0, |i| st.position.players[i].gold)
}

/// Whether `at` is one of `player`'s spawners and unoccupied (5.10.4).
pub fn spawn_space(st: &State, player: &str, at: Cell) -> Result<(), Reject> {
    use super::state::Terrain;
    let cell = st.cell(at);
    let mine = cell.and_then(|c| c.owner.as_deref()) == Some(player);
    let reason = if st.terrain(at) != Terrain::Spawner {
        Some(format!(
            "{} is {}, not a spawner",
            self::at(at),
            cell.map_or("off the board", |c| c.terrain.as_str())
        ))
    } else if !mine {
        Some(format!(
            "the spawner at {} is {}'s, not {player}'s",
            self::at(at),
            cell.and_then(|c| c.owner.as_deref()).unwrap_or("nobody")
        ))
    } else {
        st.unit_at(at)
            .map(|u| format!("{} already stands on {}", u.id, self::at(at)))
    };
    match reason {
        Some(r) => Err(no(&super::cite::s5::SPAWNER, r).at(&[at])),
        None => Ok(()),
    }
}

/// A new unit of `player` from card `card` on `at`, newly hired this turn when `hired`.
pub fn new_unit(
    st: &State,
    card: &str,
    id: &Option<String>,
    player: &str,
    at: Cell,
    mv: Option<u32>,
    hired: bool,
) -> UnitSpec {
    let def = st.card(card);
    let name = def.map_or(card, |d| d.name.as_str());
    let mut u = UnitSpec {
        id: id.clone().unwrap_or_else(|| st.fresh_id(name)),
        owner: player.to_string(),
        card: Some(name.to_string()),
        at,
        mv,
        hired_turn: hired.then_some(st.turn()),
        ..UnitSpec::default()
    };
    super::position::fill_unit(&mut u, def);
    u
}

/// The kind of card `card`.
pub fn kind(st: &State, card: &str) -> Option<CardType> {
    st.card(card).map(|c| c.kind)
}

/// Judges `action` (number `n`, 0-based) against `st`.
pub fn judge(st: &State, action: &Action) -> Judged {
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
            card, by, at, id, mv, ..
        } => summon::call_pet(st, &who, card, by, *at, id, *mv),
        Action::SummonToken {
            card, by, at, id, mv, ..
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
        Action::CallPet { card, by, at: c, .. } => {
            format!("{by} calls {card} onto {}", at(*c))
        }
        Action::SummonToken { card, by, at: c, .. } => match c {
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
        Action::Attack { unit, target, .. } => {
            [unit_at(unit), unit_at(target)].into_iter().flatten().collect()
        }
        Action::Equip { unit, .. }
        | Action::Unequip { unit, .. }
        | Action::UseItem { unit, .. }
        | Action::Dies { unit, .. }
        | Action::Scribe { unit, .. } => unit_at(unit).into_iter().collect(),
        Action::Snatch { unit, from, .. } => {
            [unit_at(unit), unit_at(from)].into_iter().flatten().collect()
        }
        Action::Cast { caster, .. } => caster.as_deref().and_then(unit_at).into_iter().collect(),
        Action::ToSide { .. } | Action::PlayIncome { .. } | Action::EndTurn { .. } => Vec::new(),
    }
}

/// The MV rule for a unit whose MV is not given (house rule K14).
pub fn unknown_mv(u: &UnitSpec) -> Reject {
    no(
        Rule::from(&base::MV).house(&house::UNKNOWN_MV),
        format!("{}'s MV is not given", u.id),
    )
}
