//! What the step-through shows: one row per player (order and victory points, and
//! whether it is the active player) and one row per unit drawn as a tray of figure
//! slots, each slot a figure or downed, with the figure abilities next to it; the
//! unit's own abilities in a last place. Each ability is marked ready (with the moment)
//! or not ready, and a place whose abilities are all not ready carries the `not-ready`
//! mark, which the board dims. Plain data; no HTML.

use super::event::Change;
use super::families::ready::ready_since;
use super::format::Position;
use super::state::State;
use crate::rules::view::{Board, DecisionPanel, Ended, Mark, Piece, Place, Row};

const DOWNED: Mark = Mark {
    name: "downed",
    icon: "○",
    meaning: "the slot is empty: its figure is downed",
};
const NOT_READY: Mark = Mark {
    name: "not-ready",
    icon: "◌",
    meaning: "the abilities here are not ready (a grey, dotted card)",
};
const SPECIAL: Mark = Mark {
    name: "special-order",
    icon: "★",
    meaning: "the unit has had its Special Order this turn",
};
const OFF: Mark = Mark {
    name: "off-battlefield",
    icon: "✕",
    meaning: "the unit is not on the battlefield",
};

fn label(st: &State, u: usize, a: usize) -> String {
    let ability = &st.units[u].abilities[a];
    match ready_since(st, u, a) {
        Some(t) => format!(
            "{} ({}; ready since moment {t})",
            ability.name,
            kind(ability.kind)
        ),
        None => format!("{} ({}; not ready)", ability.name, kind(ability.kind)),
    }
}

fn kind(k: super::ability::Kind) -> &'static str {
    match k {
        super::ability::Kind::Activated => "activated",
        super::ability::Kind::Triggered => "triggered",
        super::ability::Kind::Static => "static",
    }
}

fn piece(name: String, abilities: Vec<String>, marks: Vec<Mark>) -> Piece {
    Piece {
        name,
        badge: "",
        badge_meaning: "",
        stats: Vec::new(),
        damage: 0,
        carries: Vec::new(),
        abilities,
        marks,
    }
}

/// The players, then the units as trays.
pub fn board(st: &State) -> Board {
    let mut rows: Vec<Row> = st
        .players
        .iter()
        .enumerate()
        .map(|(p, pl)| Row {
            owner: pl.name.clone(),
            label: format!(
                "{} · {} OP · {} VP{}",
                pl.name,
                pl.op,
                pl.vp,
                if p == st.active {
                    format!(" · active ({})", st.phase.label())
                } else {
                    String::new()
                }
            ),
            places: Vec::new(),
        })
        .collect();
    for (u, unit) in st.units.iter().enumerate() {
        let mut places = Vec::new();
        for (k, slot) in unit.slots.iter().enumerate() {
            let tied: Vec<usize> = (0..unit.abilities.len())
                .filter(|&a| unit.abilities[a].slots.contains(&k))
                .collect();
            let abilities: Vec<String> = tied.iter().map(|&a| label(st, u, a)).collect();
            let mut marks = Vec::new();
            if !slot.occupied {
                marks.push(DOWNED);
            }
            if !tied.is_empty() && tied.iter().all(|&a| ready_since(st, u, a).is_none()) {
                marks.push(NOT_READY);
            }
            let name = if slot.occupied { "figure" } else { "downed" };
            places.push(Place {
                n: k + 1,
                piece: Some(piece(name.into(), abilities, marks)),
            });
        }
        let own: Vec<usize> = (0..unit.abilities.len())
            .filter(|&a| !unit.abilities[a].is_figure())
            .collect();
        let mut marks = Vec::new();
        if unit.special_order {
            marks.push(SPECIAL);
        }
        if !unit.on_battlefield {
            marks.push(OFF);
        }
        if !own.is_empty() && own.iter().all(|&a| ready_since(st, u, a).is_none()) {
            marks.push(NOT_READY);
        }
        let mut abilities: Vec<String> = own.iter().map(|&a| label(st, u, a)).collect();
        abilities.extend(unit.effects.iter().map(|e| format!("effect: {}", e.text)));
        let name = format!(
            "unit bar · {} of {} figures",
            unit.figures(),
            unit.slots.len()
        );
        let mut bar = piece(name, abilities, marks);
        bar.damage = unit.damage.min(i32::MAX as u32) as i32;
        places.push(Place {
            n: unit.slots.len() + 1,
            piece: Some(bar),
        });
        rows.push(Row {
            owner: st.players[unit.owner].name.clone(),
            label: format!("{} · {}", st.who(u), st.players[unit.owner].name),
            places,
        });
    }
    Board {
        rows,
        ended: st.outcome.as_ref().map(|o| Ended {
            game_over: false,
            why: match o.result {
                "bad_pin" => "a decision's pin names no option".into(),
                "stopped_at_rejection" => "an action was rejected (on_rejection: stop)".into(),
                _ => "every action is played".into(),
            },
        }),
        readings_in_play: None,
    }
}

/// The decision panel of `change` if it records a decision.
pub fn decision_panel(change: &Change) -> Option<DecisionPanel> {
    match change {
        Change::Decided { decision, .. } => Some(DecisionPanel::of(decision, |s| s.clone())),
        _ => None,
    }
}

/// `position` with decision `decision` pinned to option `option` (1-based).
pub fn pin_decision(position: &Position, decision: u32, option: usize) -> Result<Position, String> {
    if decision == 0 || option == 0 {
        return Err("decisions and options are numbered from 1".into());
    }
    let mut p = position.clone();
    p.decisions.retain(|d| d.decision != decision);
    p.decisions
        .push(crate::rules::DecisionPin { decision, option });
    p.decisions.sort_by_key(|d| d.decision);
    Ok(p)
}
