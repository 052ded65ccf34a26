//! What the step-through pages show, computed from the engine's states: the SVG board,
//! the log with rule links, the chance panel and the interpretation switches. Pure view
//! models; the templates only lay them out.

use serde::Serialize;

use crate::games::battleline::cite::{Basis, Source};
use crate::games::battleline::event::Change;
use crate::games::battleline::families::auras;
use crate::games::battleline::state::Status;
use crate::games::battleline::{
    Citation, Interpretations, LoggedEvent, Phase, State, INTERPRETATIONS,
};
use crate::rules::Readings;
use crate::web::links;

/// One event as the log shows it.
#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    pub text: String,
    pub rule: &'static str,
    pub section: &'static str,
    pub sentence: &'static str,
    /// `seed` or `house`.
    pub source: &'static str,
    /// The rule's page: the keyword page for a seed rule, the turn sequence for a house rule.
    pub href: String,
    /// What else the event rests on: a house rule or an interpretation's reading that
    /// settled what the cited sentence leaves open, each linked to its place on the
    /// rules page (the rendering of `docs/rules/battleline.md`).
    pub also: Vec<BasisView>,
    /// Whether the page quotes `sentence` here: only at the first event of a step that
    /// cites it; later ones name the rule and say it is quoted above.
    pub quoted: bool,
}

/// A house rule or a reading an event also rests on.
#[derive(Debug, Clone, Serialize)]
pub struct BasisView {
    /// `house` or `interpretation`.
    pub source: &'static str,
    /// "house rule T5 Shifting up", "reading fade: reorder (default)".
    pub label: String,
    pub href: String,
}

impl EventView {
    pub fn of(e: &LoggedEvent) -> EventView {
        let also = e
            .rule
            .citations()
            .into_iter()
            .skip(1)
            .filter_map(|b| match b {
                Basis::Seed { .. } => None,
                Basis::Public {
                    rule,
                    section,
                    published,
                    ..
                } => Some(BasisView {
                    source: "public",
                    label: format!("{rule} ({published} {section})"),
                    href: format!("/adjudicate/rules#{section}"),
                }),
                Basis::House { rule, section, .. } => Some(BasisView {
                    source: "house",
                    label: format!("house rule {section} {rule}"),
                    href: format!("/adjudicate/rules#{section}"),
                }),
                Basis::Interpretation {
                    key,
                    reading,
                    default,
                    ..
                } => Some(BasisView {
                    source: "interpretation",
                    label: format!(
                        "reading {key}: {reading}{}",
                        if default { " (default)" } else { "" }
                    ),
                    href: format!("/adjudicate/rules#{key}"),
                }),
            })
            .collect();
        EventView {
            text: e.text.clone(),
            rule: e.rule.rule,
            section: e.rule.section,
            sentence: e.rule.sentence,
            source: match e.rule.source {
                Source::Seed => "seed",
                Source::Public => "public",
                Source::House => "house",
                Source::Interpretation => "interpretation",
            },
            href: rule_href(e.rule.cite),
            also,
            quoted: true,
        }
    }
}

/// Where a citation's rule is explained.
pub fn rule_href(c: &Citation) -> String {
    match c.source {
        Source::Seed => links::keyword(c.game, c.rule),
        Source::Public | Source::House | Source::Interpretation => {
            format!("/adjudicate/rules#{}", c.section)
        }
    }
}

/// One step of the log.
#[derive(Debug, Clone, Serialize)]
pub struct StepView {
    pub n: u32,
    pub turn: u32,
    pub phase: &'static str,
    pub events: Vec<EventView>,
}

impl StepView {
    pub fn of(n: u32, turn: u32, phase: Phase, events: &[LoggedEvent]) -> StepView {
        StepView {
            n,
            turn,
            phase: phase.label(),
            events: quote_once(events.iter().map(EventView::of).collect()),
        }
    }
}

/// Marks every event after the first of its step to cite the same sentence as not
/// quoting it again (a battle step applies T2 to four blows; it is quoted once).
fn quote_once(mut events: Vec<EventView>) -> Vec<EventView> {
    let mut seen: Vec<&'static str> = Vec::new();
    for e in &mut events {
        e.quoted = !seen.contains(&e.sentence);
        if e.quoted {
            seen.push(e.sentence);
        }
    }
    events
}

/// A status icon on the board.
#[derive(Debug, Clone, Serialize)]
pub struct StatusView {
    pub name: &'static str,
    pub icon: &'static str,
    pub title: &'static str,
    pub x: i32,
}

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

/// A creature on the board: its current (modified) Attack and Life, and damage.
#[derive(Debug, Clone, Serialize)]
pub struct CreatureView {
    pub name: String,
    pub attack: i32,
    pub life: i32,
    pub damage: i32,
    pub warlord: bool,
    pub artifacts: Vec<String>,
    pub statuses: Vec<StatusView>,
}

/// One slot.
#[derive(Debug, Clone, Serialize)]
pub struct SlotView {
    /// 1-based.
    pub n: usize,
    pub x: i32,
    pub creature: Option<CreatureView>,
}

/// One player's row.
#[derive(Debug, Clone, Serialize)]
pub struct RowView {
    pub name: String,
    pub life: i32,
    pub y: i32,
    pub slots: Vec<SlotView>,
}

/// The SVG board: player 2's line on top, facing player 1's.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub width: i32,
    pub height: i32,
    pub rows: Vec<RowView>,
}

pub const SLOT_W: i32 = 130;
pub const SLOT_H: i32 = 96;
const GAP: i32 = 10;
const LABEL: i32 = 22;

impl BoardView {
    pub fn of(st: &State) -> BoardView {
        let slots = st.players[0]
            .line
            .len()
            .max(st.players[1].line.len())
            .max(1);
        let width = GAP + slots as i32 * (SLOT_W + GAP);
        let rows = [1usize, 0]
            .iter()
            .enumerate()
            .map(|(r, &side)| {
                let y = LABEL + r as i32 * (SLOT_H + 2 * LABEL);
                let p = &st.players[side];
                RowView {
                    name: p.name.to_string(),
                    life: p.life,
                    y,
                    slots: (0..slots)
                        .map(|i| SlotView {
                            n: i + 1,
                            x: GAP + i as i32 * (SLOT_W + GAP),
                            creature: st.at(side, i).map(|c| CreatureView {
                                name: c.name.to_string(),
                                attack: auras::attack(st, side, i),
                                life: auras::life(st, side, i),
                                damage: c.damage,
                                warlord: c.warlord,
                                artifacts: c.artifacts.iter().map(|a| a.name.to_string()).collect(),
                                statuses: c
                                    .status
                                    .iter()
                                    .enumerate()
                                    .map(|(k, s)| StatusView {
                                        name: s.name(),
                                        icon: icon(s),
                                        title: s.meaning(),
                                        x: 8 + 16 * k as i32,
                                    })
                                    .collect(),
                            }),
                        })
                        .collect(),
                }
            })
            .collect();
        BoardView {
            width,
            height: 2 * (SLOT_H + 2 * LABEL),
            rows,
        }
    }
}

/// The chance step at the current step, with every candidate.
#[derive(Debug, Clone, Serialize)]
pub struct ChanceView {
    pub ordinal: u32,
    pub purpose: &'static str,
    pub forced: bool,
    pub candidates: Vec<CandidateView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CandidateView {
    pub slot: usize,
    pub label: String,
    pub picked: bool,
    /// The exact chance this candidate had (`1/3`).
    pub odds: String,
}

impl ChanceView {
    /// The chance events among `events` (usually one).
    pub fn of(events: &[LoggedEvent], names: &[String; 2]) -> Vec<ChanceView> {
        events
            .iter()
            .filter_map(|e| match &e.change {
                Change::Chance(c) => Some(ChanceView {
                    ordinal: c.ordinal,
                    purpose: c.purpose,
                    forced: c.forced,
                    candidates: c
                        .candidates
                        .iter()
                        .enumerate()
                        .map(|(i, a)| CandidateView {
                            slot: a.slot + 1,
                            label: format!("{}'s {} (slot {})", names[a.side], a.name, a.slot + 1),
                            picked: i == c.picked,
                            odds: c.odds(i).to_string(),
                        })
                        .collect(),
                }),
                _ => None,
            })
            .collect()
    }
}

/// One interpretation with the reading in force and the other one.
#[derive(Debug, Clone, Serialize)]
pub struct InterpretationView {
    pub key: &'static str,
    pub question: &'static str,
    pub rule: &'static str,
    pub sentence: &'static str,
    pub current: &'static str,
    pub current_meaning: &'static str,
    pub other: &'static str,
    pub other_meaning: &'static str,
    pub is_default: bool,
}

impl InterpretationView {
    pub fn all(chosen: &Interpretations) -> Vec<InterpretationView> {
        chosen
            .chosen()
            .iter()
            .zip(INTERPRETATIONS)
            .map(|((_, value), info)| {
                let cur = if info.readings[0].0 == *value { 0 } else { 1 };
                InterpretationView {
                    key: info.key,
                    question: info.question,
                    rule: info.rule,
                    sentence: info.sentence,
                    current: info.readings[cur].0,
                    current_meaning: info.readings[cur].1,
                    other: info.readings[1 - cur].0,
                    other_meaning: info.readings[1 - cur].1,
                    is_default: cur == 0,
                }
            })
            .collect()
    }
}
