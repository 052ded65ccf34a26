//! What the step-through shows of a battle-line state: both lines as the core's board
//! rows (player 2's line on top, facing player 1's), each creature with its Attack and
//! Life as they stand (auras applied), its damage, abilities, artifacts and statuses,
//! and once play has stopped why it stopped; and the chance panel of a pick. Plain data for the web layer; no HTML here.

use super::event::Change;
use super::families::auras;
use super::position::{caps, ChoiceSpec, DecisionPin, Position};
use super::state::{Outcome, State, Status};
use super::turn::MAX_STEPS;
use crate::rules::view::{
    Board, Candidate, ChancePanel, DecisionPanel, Ended, Mark, Piece, Place, Row, Stat,
};

fn icon(s: Status) -> &'static str {
    match s {
        Status::Pestilence => "☣",
        Status::Invulnerable => "✦",
        Status::Shielded => "⛨",
        Status::Terrified => "!",
        Status::LosesNextAttack => "✕",
        Status::Reanimated => "↺",
        Status::HitThisTurn => "•",
    }
}

/// Both lines, player 2's first, as long as the longer line.
pub fn board(st: &State) -> Board {
    let slots = st.players[0]
        .line
        .len()
        .max(st.players[1].line.len())
        .max(1);
    let rows = [1usize, 0]
        .iter()
        .map(|&side| {
            let p = &st.players[side];
            Row {
                owner: p.name.to_string(),
                label: format!("{} · life {}", p.name, p.life),
                places: (0..slots)
                    .map(|i| Place {
                        n: i + 1,
                        piece: st.at(side, i).map(|c| Piece {
                            name: c.name.to_string(),
                            badge: if c.warlord { "♛" } else { "" },
                            badge_meaning: if c.warlord { "warlord" } else { "" },
                            stats: vec![
                                Stat {
                                    name: "attack",
                                    value: auras::attack(st, side, i),
                                },
                                Stat {
                                    name: "life",
                                    value: auras::life(st, side, i),
                                },
                            ],
                            damage: c.damage,
                            carries: c.artifacts.iter().map(|a| a.name.to_string()).collect(),
                            abilities: c.abilities.iter().map(|a| a.label()).collect(),
                            marks: c
                                .status
                                .iter()
                                .map(|s| Mark {
                                    name: s.name(),
                                    icon: icon(s),
                                    meaning: s.meaning(),
                                })
                                .collect(),
                        }),
                    })
                    .collect(),
            }
        })
        .collect();
    Board {
        rows,
        ended: st.outcome.as_ref().map(|o| ended(st, o)),
        readings_in_play: Some(readings_in_play(st)),
    }
}

/// The interpretations the creatures on `st`'s lines can bring into play: each needs its
/// ability on a line, some any of several (`strongest`: Curse or Soothsay), some two
/// together (`assassin_storm`: Assassin and Storm).
fn readings_in_play(st: &State) -> Vec<&'static str> {
    let creatures: Vec<_> = (0..2)
        .flat_map(|side| (0..st.players[side].line.len()).filter_map(move |i| st.at(side, i)))
        .collect();
    let has = |name: &str| {
        creatures.iter().any(|c| {
            c.abilities
                .iter()
                .any(|a| a.kind.name().eq_ignore_ascii_case(name))
        })
    };
    let wall = || has("Ice Block") || has("Melt");
    super::interpret::INTERPRETATIONS
        .iter()
        .filter(|i| match i.key {
            "armor_scope" | "armor_higher" => has("Armor") || has("Dominate"),
            "fury_breakthrough" => has("Fury") && has("Breakthrough"),
            "strongest" => has("Curse") || has("Soothsay"),
            "melt" | "ice_block" | "wall_of_ice" => wall(),
            "assassin_storm" => has("Assassin") && has("Storm"),
            "pestilence" => {
                has("Plague Bearer") || creatures.iter().any(|c| c.status.has(Status::Pestilence))
            }
            "each_turn" => has("Curse") || has("Soothsay") || has("Templar's Wrath"),
            _ => has(i.rule),
        })
        .map(|i| i.key)
        .collect()
}

/// Why adjudication stopped at `outcome`, and whether the game is over.
fn ended(st: &State, outcome: &Outcome) -> Ended {
    let name = |side: usize| st.players[side].name.to_string();
    let (game_over, why) = match outcome {
        Outcome::Win { loser, .. } => (true, format!("{}'s life reached 0", name(*loser))),
        Outcome::Draw => (true, "both players' life reached 0 at once".to_string()),
        Outcome::TurnsPlayed => (
            false,
            format!("the turns to play ran out (turn {} was the last)", st.turn),
        ),
        Outcome::StepBound => (
            false,
            format!("the step bound ({MAX_STEPS} steps) was reached"),
        ),
        Outcome::BadDecision { decision, .. } => (
            false,
            format!("the judge's pin for decision {decision} names an option it does not have"),
        ),
        Outcome::BadChoice { chance, .. } => (
            false,
            format!("the judge's choice for chance {chance} names a slot that is not a candidate"),
        ),
    };
    Ended { game_over, why }
}

/// The chance panel of a pick: every candidate creature by owner, name and slot, with
/// its exact chance; a judge pins one by its slot.
pub fn chance_panel(st: &State, change: &Change) -> Option<ChancePanel> {
    let Change::Chance(c) = change else {
        return None;
    };
    Some(ChancePanel {
        ordinal: c.ordinal,
        purpose: c.purpose,
        forced: c.forced,
        candidates: c
            .candidates
            .iter()
            .enumerate()
            .map(|(i, a)| Candidate {
                pin: (a.slot + 1).to_string(),
                label: format!(
                    "{}'s {} (slot {})",
                    st.players[a.side].name,
                    a.name,
                    a.slot + 1
                ),
                picked: i == c.picked,
                odds: c.odds(i).to_string(),
            })
            .collect(),
    })
}

/// The decision panel of a player's decision: every option creature by owner, name and
/// slot.
pub fn decision_panel(st: &State, change: &Change) -> Option<DecisionPanel> {
    let Change::Decision(d) = change else {
        return None;
    };
    Some(DecisionPanel::of(d, |a| {
        format!(
            "{}'s {} (slot {})",
            st.players[a.side].name,
            a.name,
            a.slot + 1
        )
    }))
}

/// `position` with decision `decision` pinned to option `option` (both 1-based).
pub fn pin_decision_in_position(
    position: &Position,
    decision: u32,
    option: usize,
) -> Result<Position, String> {
    if decision == 0 || option == 0 {
        return Err("decisions and options are numbered from 1".into());
    }
    let mut pinned = position.clone();
    pinned.decisions.retain(|d| d.decision != decision);
    pinned.decisions.push(DecisionPin { decision, option });
    pinned.decisions.sort_by_key(|d| d.decision);
    Ok(pinned)
}

/// `position` with chance `chance` fixed to the candidate in slot `pin`.
pub fn pin_in_position(position: &Position, chance: u32, pin: &str) -> Result<Position, String> {
    let slot: usize = pin
        .trim()
        .parse()
        .map_err(|_| format!("slot {pin:?} is not a whole number"))?;
    if chance == 0 || slot == 0 || slot > caps::SLOTS {
        return Err(format!(
            "chance and slot are numbered from 1 (slots up to {})",
            caps::SLOTS
        ));
    }
    let mut pinned = position.clone();
    pinned.choices.retain(|c| c.chance != chance);
    pinned.choices.push(ChoiceSpec { chance, slot });
    pinned.choices.sort_by_key(|c| c.chance);
    Ok(pinned)
}

/// One sentence on how adjudication ended.
pub fn outcome_sentence(st: &State, outcome: &Outcome) -> String {
    let names = [&st.players[0].name, &st.players[1].name];
    match outcome {
        Outcome::Win { winner, .. } => format!("{} wins.", names[*winner]),
        Outcome::Draw => "A draw: both players have no life left.".into(),
        Outcome::TurnsPlayed => "The turns to play have run out.".into(),
        Outcome::StepBound => "The step bound was reached.".into(),
        Outcome::BadDecision {
            decision, option, ..
        } => format!(
            "Stopped: the pin for decision {decision} names option {option}, which it does not have."
        ),
        Outcome::BadChoice { chance, slot, .. } => format!(
            "Stopped: the choice for chance {chance} names slot {slot}, which is not a candidate."
        ),
    }
}
