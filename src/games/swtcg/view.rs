//! What the step-through shows of an attack: the units as the core's board rows (the
//! Dark Side's units, then the Light Side's), each with Power, Health, damage and
//! marks (attacking, defending, tapped, discarded); the dice rolled so far as a row of
//! their own; and the chance panel of a die (six faces, 1/6 each), pinned by posting
//! `attack:I:F`, `fury:I:F`, `retaliate:I:F` or `reroll:I:N:F`; and the decision panels
//! of Evade, Deflect and Enhance (pinned by `mod.rs`, which plays the position with its
//! cards). Plain data; no HTML.

use super::event::Change;
use super::format::{Position, RerollSpec};
use super::state::{Pool, Side, State};
use crate::rules::view::{
    Board, Candidate, ChancePanel, DecisionPanel, Ended, Mark, Piece, Place, Row, Stat,
};

const ATTACKING: Mark = Mark {
    name: "attacking",
    icon: "⚔",
    meaning: "the attacking unit",
};
const DEFENDING: Mark = Mark {
    name: "defending",
    icon: "◉",
    meaning: "the unit being attacked",
};
const TAPPED: Mark = Mark {
    name: "tapped",
    icon: "↷",
    meaning: "tapped",
};
const DISCARDED: Mark = Mark {
    name: "discarded",
    icon: "✕",
    meaning: "discarded",
};

/// Both sides' units, and the dice.
pub fn board(st: &State) -> Board {
    let mut rows: Vec<Row> = [Side::Dark, Side::Light]
        .iter()
        .map(|&side| Row {
            owner: side.name().to_string(),
            label: format!("{} Side", if side == Side::Dark { "Dark" } else { "Light" }),
            places: st
                .units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.side == side)
                .enumerate()
                .map(|(n, (i, u))| {
                    let mut marks = Vec::new();
                    if i == st.attacker {
                        marks.push(ATTACKING);
                    }
                    if i == st.defender {
                        marks.push(DEFENDING);
                    }
                    if u.tapped {
                        marks.push(TAPPED);
                    }
                    if u.discarded {
                        marks.push(DISCARDED);
                    }
                    Place {
                        n: n + 1,
                        piece: Some(Piece {
                            name: if u.name == u.id {
                                u.id.clone()
                            } else {
                                format!("{} ({})", u.name, u.id)
                            },
                            badge: "",
                            badge_meaning: "",
                            stats: vec![
                                Stat {
                                    name: "power",
                                    value: u.power,
                                },
                                Stat {
                                    name: "health",
                                    value: u.health,
                                },
                            ],
                            damage: u.damage,
                            carries: Vec::new(),
                            abilities: u
                                .abilities
                                .iter()
                                .chain(u.late.iter())
                                .map(|a| a.label())
                                .collect(),
                            marks,
                        }),
                    }
                })
                .collect(),
        })
        .collect();
    if !st.dice.is_empty() {
        rows.push(Row {
            owner: "dice".into(),
            label: "Attack dice".into(),
            places: st
                .dice
                .iter()
                .enumerate()
                .map(|(i, d)| Place {
                    n: i + 1,
                    piece: Some(Piece {
                        name: match d.pool {
                            Pool::Retaliate => format!(
                                "Retaliate die {}",
                                i - st
                                    .dice
                                    .iter()
                                    .position(|d| d.pool == Pool::Retaliate)
                                    .unwrap_or(i)
                            ),
                            Pool::Fury => format!("die {i} (Fury)"),
                            Pool::Attack => format!("die {i}"),
                        },
                        badge: "",
                        badge_meaning: "",
                        stats: vec![Stat {
                            name: "face",
                            value: i32::from(d.face),
                        }],
                        damage: 0,
                        carries: Vec::new(),
                        abilities: Vec::new(),
                        marks: Vec::new(),
                    }),
                })
                .collect(),
        });
    }
    Board {
        rows,
        ended: st.outcome.as_ref().map(|o| Ended {
            game_over: true,
            why: if o.discarded.is_empty() {
                "the attack ended".into()
            } else {
                format!("the attack ended; discarded: {}", o.discarded.join(", "))
            },
        }),
        // Both readings concern any attack with Fury or Deflect; pages match them by name.
        readings_in_play: None,
    }
}

/// The chance panel of a die: its six faces.
pub fn chance_panel(st: &State, change: &Change) -> Option<ChancePanel> {
    let Change::Die {
        chance,
        pool,
        die,
        reroll,
        nth,
    } = change
    else {
        return None;
    };
    let key = if *reroll {
        format!("reroll:{die}:{nth}")
    } else if *pool == Pool::Retaliate {
        format!("retaliate:{die}")
    } else if *pool == Pool::Fury {
        let first = st
            .dice
            .iter()
            .position(|d| d.pool == Pool::Fury)
            .unwrap_or(0);
        format!("fury:{}", die.saturating_sub(first))
    } else {
        format!("attack:{die}")
    };
    Some(ChancePanel {
        ordinal: chance.ordinal,
        purpose: chance.purpose,
        forced: chance.forced,
        candidates: chance
            .candidates
            .iter()
            .enumerate()
            .map(|(i, f)| Candidate {
                pin: format!("{key}:{f}"),
                label: format!("{f}"),
                picked: i == chance.picked,
                odds: chance.odds(i).to_string(),
            })
            .collect(),
    })
}

/// `position` with a die pinned: `pin` is `attack:I:F`, `fury:I:F`, `retaliate:I:F` or `reroll:I:N:F`
/// (die I, its N-th re-roll, face F; 0-based indices).
pub fn pin_in_position(position: &Position, _chance: u32, pin: &str) -> Result<Position, String> {
    let parts: Vec<&str> = pin.trim().split(':').collect();
    let num = |s: &str| -> Result<usize, String> {
        s.parse::<usize>()
            .map_err(|_| format!("{s:?} in pin {pin:?} is not a whole number"))
    };
    let face = |s: &str| -> Result<u8, String> {
        match num(s)? {
            f @ 1..=6 => Ok(f as u8),
            f => Err(format!("face {f} is not from 1 to 6")),
        }
    };
    let mut p = position.clone();
    let set = |list: &mut Vec<Option<u8>>, i: usize, f: u8| -> Result<(), String> {
        if i >= super::format::caps::DICE {
            return Err(format!(
                "die {i} is beyond the {} dice a position pins",
                super::format::caps::DICE
            ));
        }
        if list.len() <= i {
            list.resize(i + 1, None);
        }
        list[i] = Some(f);
        Ok(())
    };
    match parts.as_slice() {
        ["attack", i, f] => set(&mut p.dice.attack, num(i)?, face(f)?)?,
        ["fury", i, f] => set(&mut p.dice.fury, num(i)?, face(f)?)?,
        ["retaliate", i, f] => set(&mut p.dice.retaliate, num(i)?, face(f)?)?,
        ["reroll", i, n, f] => {
            let (die, nth, f) = (num(i)?, num(n)?, face(f)?);
            let mut seen = 0;
            let mut done = false;
            for r in p.dice.rerolls.iter_mut() {
                if r.die == die {
                    if seen == nth {
                        r.face = f;
                        done = true;
                        break;
                    }
                    seen += 1;
                }
            }
            if !done {
                if seen < nth {
                    return Err(format!(
                        "die {die} has {seen} pinned re-roll(s); pin re-roll {seen} first"
                    ));
                }
                p.dice.rerolls.push(RerollSpec { die, face: f });
            }
        }
        _ => {
            return Err(format!(
                "pin {pin:?} is not `attack:DIE:FACE`, `fury:DIE:FACE`, `retaliate:DIE:FACE` or `reroll:DIE:N:FACE`"
            ))
        }
    }
    Ok(p)
}

/// The decision panel of an Evade (how much), a Deflect (which unit) or an Enhance
/// (declared or not), each option named as the log names it.
pub fn decision_panel(st: &State, change: &Change) -> Option<DecisionPanel> {
    match change {
        Change::Evade { decision, .. } => {
            Some(DecisionPanel::of(decision, |n| format!("prevent {n}")))
        }
        Change::Deflect { decision, .. } => Some(DecisionPanel::of(decision, |id| {
            format!("damage {}", super::event::who(st, id))
        })),
        Change::Enhance { decision, .. } => Some(DecisionPanel::of(decision, |o| (*o).to_string())),
        _ => None,
    }
}
