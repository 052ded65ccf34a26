//! What every family of actions shares: the verdict types ([`Accept`], [`Reject`]),
//! who is acting, whose turn it is, the unit in play, the hand, gold, spawners and a new
//! unit from a card. Nothing here judges a whole action; the families beside it do.

use crate::games::karth::cite::{base, rules as house, Rule};
use crate::games::karth::event::Change;
use crate::games::karth::format::{Action, CardType, Cell, UnitSpec};
use crate::games::karth::interpret::HoldGold;
use crate::games::karth::state::{at, State};
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
    use crate::games::karth::state::Terrain;
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
    let rule = Rule::from(&crate::games::karth::cite::s5::SPAWNER);
    // Whose spawner it is rests on who laid it (house rule K6).
    let rule = if st.terrain(at) == Terrain::Spawner && !mine {
        rule.house(&house::HALVES)
    } else {
        rule
    };
    match reason {
        Some(r) => Err(no(rule, r).at(&[at])),
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
    crate::games::karth::position::fill_unit(&mut u, def);
    u
}

/// The kind of card `card`.
pub fn kind(st: &State, card: &str) -> Option<CardType> {
    st.card(card).map(|c| c.kind)
}

/// The MV rule for a unit whose MV is not given (house rule K14).
pub fn unknown_mv(u: &UnitSpec) -> Reject {
    no(
        Rule::from(&base::MV).house(&house::UNKNOWN_MV),
        format!("{}'s MV is not given", u.id),
    )
}

/// The SE line of `ability`, used by unit `unit`: waived once by the Mana Pool it ended
/// its movement on (5.10.7), otherwise the judge's to charge (house rule K19).
pub fn ability_se(st: &State, unit: &str, ability: &str) -> (Change, Rule) {
    let waived = st.unit(unit).is_some_and(|u| u.se_free);
    let rule = if waived {
        Rule::from(&crate::games::karth::cite::s5::MANA_POOL).house(&house::SPIRIT_ENERGY)
    } else {
        Rule::from(&house::SPIRIT_ENERGY)
    };
    (
        Change::AbilitySe {
            unit: unit.to_string(),
            ability: ability.to_string(),
            waived,
        },
        rule,
    )
}

/// Whether `player` holds the Gold terrain at `cell` (Mine Cart, Double Production),
/// under `hold_gold`: they laid it, or one of their units stands on it.
pub fn holds_gold(st: &State, player: &str, cell: Cell) -> bool {
    match st.readings().hold_gold {
        HoldGold::Laid => st.cell(cell).and_then(|c| c.owner.as_deref()) == Some(player),
        HoldGold::Occupied => st.unit_at(cell).is_some_and(|u| u.owner == player),
    }
}
