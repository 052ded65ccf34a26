//! What the step-through shows of an attack: the units as the core's board rows (the
//! Dark Side's units, then the Light Side's, each row headed by its side's Force when the
//! position gives it), each unit with Power, Health, damage and
//! marks (attacking, defending, tapped, discarded); the dice rolled so far as die faces
//! ([`dice`]: hit or miss against the defender, the naturals the attack's keywords read,
//! re-rolls); the attack's steps with the one just played ([`timeline`]); and the chance panel of a die (six faces, 1/6 each), pinned by posting
//! `attack:I:F`, `fury:I:F`, `retaliate:I:F` or `reroll:I:N:F`; and the decision panels
//! of every player decision: Intercept, predictions, Lucky (a checkbox per die), Evade,
//! Deflect and Enhance (pinned by `mod.rs`, which plays the position with its cards). Plain data; no HTML.

use super::event::Change;
use super::families::{fury, retaliate, roll};
use super::format::{Position, RerollSpec};
use super::interpret::FuryDiceNaturals;
use super::state::{Keyword, Phase};
use super::state::{Pool, Side, State};
use crate::rules::view::{
    Board, Candidate, ChancePanel, DecisionPanel, DiceGroup, DiceTray, DieFace, DieMark, Ended,
    Mark, Piece, Place, Row, Stat, StepWhen, Timeline, TimelineStep,
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
    let rows: Vec<Row> = [Side::Dark, Side::Light]
        .iter()
        .map(|&side| Row {
            owner: side.name().to_string(),
            label: {
                let name = if side == Side::Dark { "Dark" } else { "Light" };
                // Each side's Force, when the position gives it (house rule S19).
                match st.force[super::state::side_index(side)] {
                    Some(f) => format!("{name} Side · Force {f}"),
                    None => format!("{name} Side"),
                }
            },
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
    Board {
        rows,
        // One attack is played, never a whole game: its end is not a game over.
        ended: st.outcome.as_ref().map(|o| Ended {
            game_over: false,
            why: if o.discarded.is_empty() {
                "the attack is over".into()
            } else {
                format!("the attack is over; discarded: {}", o.discarded.join(", "))
            },
        }),
        // Both readings concern any attack with Fury or Deflect; pages match them by name.
        readings_in_play: None,
    }
}

/// The key of the chance that drew die `i`'s face as it shows now (its last re-roll, else
/// its roll), as [`chance_panel`] begins its candidates' pins.
fn drawn_by(st: &State, i: usize, d: &super::state::Die) -> String {
    if d.rerolls > 0 {
        return format!("reroll:{i}:{}", d.rerolls - 1);
    }
    match d.pool {
        Pool::Attack | Pool::Retaliate => {
            let word = if d.pool == Pool::Attack {
                "attack"
            } else {
                "retaliate"
            };
            format!("{word}:{i}")
        }
        Pool::Fury => {
            let first = st
                .dice
                .iter()
                .position(|x| x.pool == Pool::Fury)
                .unwrap_or(0);
            format!("fury:{}", i.saturating_sub(first))
        }
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
                        "die {} has {seen} pinned re-roll(s); pin re-roll {} first",
                        die + 1,
                        seen + 1
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

/// The decision panel of every player decision, each option named as the log names
/// it: an Intercept (which unit, or none), a prediction (how many hits, or none), an
/// Evade (how much), a Deflect (which unit), an Enhance (declared or not); and a Lucky
/// (which dice: one checkbox per die, the panel's `picks`, posted together).
pub fn decision_panel(st: &State, change: &Change) -> Option<DecisionPanel> {
    match change {
        Change::InterceptChoice { decision, .. } => {
            Some(DecisionPanel::of(decision, |o| match o {
                Some(id) => format!("{} intercepts", super::event::who(st, id)),
                None => "no unit intercepts".to_string(),
            }))
        }
        Change::Predict { decision, .. } => Some(DecisionPanel::of(decision, |o| match o {
            Some(n) => format!("{n} hit{}", if *n == 1 { "" } else { "s" }),
            None => "no prediction".to_string(),
        })),
        Change::Lucky { decision, .. } => Some(DecisionPanel::of_selection(
            decision,
            super::event::LuckyDie::label,
        )),
        Change::Evade { decision, .. } => {
            Some(DecisionPanel::of(decision, |n| format!("prevent {n}")))
        }
        Change::Deflect { decision, .. } => Some(DecisionPanel::of(decision, |id| {
            use super::families::prevention::{NOT_PLAYED, NO_DAMAGE};
            match id.as_str() {
                NO_DAMAGE => "prevent, and do no damage".to_string(),
                NOT_PLAYED => "not played".to_string(),
                _ => format!("damage {}", super::event::who(st, id)),
            }
        })),
        Change::Enhance { decision, .. } => Some(DecisionPanel::of(decision, |o| (*o).to_string())),
        _ => None,
    }
}

const NATURAL_6: DieMark = DieMark {
    name: "natural-6",
    label: "natural 6",
    meaning: "a natural 6, after re-rolls: the attacker's Critical Hit counts one",
};
const NATURAL_1: DieMark = DieMark {
    name: "natural-1",
    label: "natural 1",
    meaning: "a natural 1, after re-rolls: the defender's Parry counts one",
};
const FURY_4: DieMark = DieMark {
    name: "natural-4",
    label: "Fury's 4",
    meaning: "the first natural 4 of the roll, before re-rolls: it triggered Fury",
};
const REROLLED: DieMark = DieMark {
    name: "rerolled",
    label: "re-rolled",
    meaning: "re-rolled (Lucky); the face shown is the last roll",
};

/// The dice rolled so far as die faces, in three groups (the Power roll, Fury's dice,
/// Retaliate's dice), each die hit or miss against the unit it is rolled at, marked
/// with the naturals the attack's keywords read (a natural 6 for the attacker's
/// Critical Hit and a natural 1 for the defender's Parry, after re-rolls, on the dice
/// the `fury_dice_naturals` reading counts; the first natural 4 of the roll for Fury,
/// before re-rolls) and with its re-rolls. `None` before the roll.
pub fn dice(st: &State) -> Option<DiceTray> {
    if st.dice.is_empty() {
        return None;
    }
    let need = roll::need(st);
    let counts = |pool: Pool| match st.readings.fury_dice_naturals {
        FuryDiceNaturals::Count => pool != Pool::Retaliate,
        FuryDiceNaturals::InitialOnly => pool == Pool::Attack,
    };
    let critical = st.attacker().has(Keyword::CriticalHit);
    let parry = st.defender().has(Keyword::Parry);
    let fury_trigger = (fury::x(st) > 0)
        .then(|| {
            st.dice
                .iter()
                .position(|d| d.pool == Pool::Attack && d.first == 4)
        })
        .flatten();
    let back = retaliate::need_against(st, st.attacker);
    let mut groups: Vec<DiceGroup> = Vec::new();
    for (pool, label) in [
        (
            Pool::Attack,
            format!("Power: {} at {}", st.attacker().id, st.defender().id),
        ),
        (Pool::Fury, "Fury's additional dice".to_string()),
        (
            Pool::Retaliate,
            format!("Retaliate: dice of damage at {}", st.attacker().id),
        ),
    ] {
        let need = if pool == Pool::Retaliate { back } else { need };
        let dice: Vec<DieFace> = st
            .dice
            .iter()
            .enumerate()
            .filter(|(_, d)| d.pool == pool)
            .enumerate()
            .map(|(n, (i, d))| {
                let mut marks = Vec::new();
                if counts(pool) && critical && d.face == 6 {
                    marks.push(NATURAL_6);
                }
                if counts(pool) && parry && d.face == 1 {
                    marks.push(NATURAL_1);
                }
                if fury_trigger == Some(i) {
                    marks.push(FURY_4);
                }
                if d.rerolls > 0 {
                    marks.push(REROLLED);
                }
                let hit = d.face >= need;
                let mut text = format!(
                    "die {}: {}, {}",
                    n + 1,
                    d.face,
                    if hit { "a hit" } else { "a miss" }
                );
                for m in &marks {
                    if m.name != REROLLED.name {
                        text.push_str(&format!(", {}", m.label));
                    }
                }
                if d.rerolls > 0 {
                    text.push_str(&format!(
                        ", re-rolled {} (first {})",
                        match d.rerolls {
                            1 => "once".to_string(),
                            2 => "twice".to_string(),
                            k => format!("{k} times"),
                        },
                        d.first
                    ));
                }
                DieFace {
                    drawn_by: Some(drawn_by(st, i, d)),
                    n,
                    face: d.face,
                    hit: Some(hit),
                    rerolls: d.rerolls,
                    first: (d.rerolls > 0).then_some(d.first),
                    marks,
                    text,
                }
            })
            .collect();
        if !dice.is_empty() {
            groups.push(DiceGroup { label, dice });
        }
    }
    let rule = if back == need || !st.dice.iter().any(|d| d.pool == Pool::Retaliate) {
        format!("a hit is {need} or more")
    } else {
        format!("a hit is {need} or more; a Retaliate die hits on {back} or more")
    };
    Some(DiceTray::new("Attack dice".into(), rule, groups))
}

/// A step's stable name (its name in JSON).
fn phase_key(p: Phase) -> &'static str {
    match p {
        Phase::Build => "build",
        Phase::Declare => "declare",
        Phase::AttackPop => "attack_pop",
        Phase::Roll => "roll",
        Phase::Rerolls => "rerolls",
        Phase::Hits => "hits",
        Phase::PendingDamage => "pending_damage",
        Phase::DamagePrevention => "damage_prevention",
        Phase::DamagePlacement => "damage_placement",
        Phase::Discard => "discard",
        Phase::Retaliate => "retaliate",
        Phase::End => "end",
    }
}

/// The attack's steps in the published order ("Attack sequence" in
/// `docs/rules/swtcg.md`), with the
/// build step when anything happens before the attack and the Retaliate step when a
/// unit retaliates (or has retaliated), and the step just played as the current one.
pub fn timeline(st: &State) -> Option<Timeline> {
    let retaliates = st.dice.iter().any(|d| d.pool == Pool::Retaliate)
        || (st.phase < Some(Phase::Retaliate) && !st.retaliators().is_empty());
    let mut steps = Vec::new();
    let mut p = Some(Phase::Build);
    while let Some(phase) = p {
        p = phase.next();
        let applies = match phase {
            Phase::Build => st.has_build_work(),
            Phase::Retaliate => retaliates,
            _ => true,
        };
        if !applies {
            continue;
        }
        steps.push(TimelineStep {
            key: phase_key(phase),
            label: phase.label(),
            when: match st.phase {
                Some(now) if now == phase => StepWhen::Current,
                Some(now) if now > phase => StepWhen::Done,
                _ => StepWhen::ToCome,
            },
        });
    }
    Some(Timeline {
        label: "The attack, step by step".into(),
        steps,
    })
}
