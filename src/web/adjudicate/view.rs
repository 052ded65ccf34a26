//! What the step-through pages show, for any game: the SVG layout of the game's board
//! ([`crate::rules::view::Board`]), the log with rule links, and the interpretation
//! switches. Pure view models over the core's types; the templates only lay them out.
//! A game's own types never appear here: the board and the chance panel come from the
//! game through [`crate::rules::Game`].

use serde::Serialize;

use crate::rules::cite::{Basis, Citation, Source};
use crate::rules::view::{Board, Piece};
use crate::rules::{Game, LoggedEvent, Readings};
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
    pub fn of<C>(e: &LoggedEvent<C>) -> EventView {
        let game = e.rule.game;
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
                    href: format!("/adjudicate/rules#{}", anchor(game, section)),
                }),
                Basis::House { rule, section, .. } => Some(BasisView {
                    source: "house",
                    label: format!("house rule {section} {rule}"),
                    href: format!("/adjudicate/rules#{}", anchor(game, section)),
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
                    href: format!("/adjudicate/rules#{}", anchor(game, key)),
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

/// Where a citation's rule is explained: a seed rule on its keyword page, any other on
/// the rules page.
pub fn rule_href(c: &Citation) -> String {
    match c.source {
        Source::Seed => links::keyword(c.game, c.rule),
        Source::Public | Source::House | Source::Interpretation => {
            format!("/adjudicate/rules#{}", anchor(c.game, c.section))
        }
    }
}

/// The anchor of a game's rule or interpretation on the rules page: its section or key,
/// prefixed by the game's slug for every game but the first, whose links predate there
/// being several (`T1`, `fade`; `swtcg-P1`).
pub fn anchor(game: &str, section: &str) -> String {
    if game == crate::games::DEFAULT.slug() {
        section.to_string()
    } else {
        format!("{game}-{section}")
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
    pub fn of<G: Game>(
        n: u32,
        turn: u32,
        phase: G::Phase,
        events: &[LoggedEvent<G::Change>],
    ) -> StepView {
        StepView {
            n,
            turn,
            phase: G::phase_label(phase),
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

/// A status mark on the board, placed.
#[derive(Debug, Clone, Serialize)]
pub struct MarkView {
    pub name: &'static str,
    pub icon: &'static str,
    pub title: &'static str,
    pub x: i32,
}

/// A piece on the board, with its marks placed.
#[derive(Debug, Clone, Serialize)]
pub struct PieceView {
    #[serde(flatten)]
    pub piece: Piece,
    pub marks: Vec<MarkView>,
}

/// One place.
#[derive(Debug, Clone, Serialize)]
pub struct SlotView {
    /// 1-based.
    pub n: usize,
    pub x: i32,
    pub piece: Option<PieceView>,
}

/// One row of the board.
#[derive(Debug, Clone, Serialize)]
pub struct RowView {
    pub owner: String,
    pub label: String,
    pub y: i32,
    pub slots: Vec<SlotView>,
}

/// The SVG board: the game's rows, the top one first.
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
    /// Lays out the board the game gives for `st`.
    pub fn of<G: Game>(st: &G::State) -> BoardView {
        BoardView::layout(G::board(st))
    }

    pub fn layout(board: Board) -> BoardView {
        let slots = board
            .rows
            .iter()
            .map(|r| r.places.len())
            .max()
            .unwrap_or(0)
            .max(1);
        let width = GAP + slots as i32 * (SLOT_W + GAP);
        let height = board.rows.len().max(1) as i32 * (SLOT_H + 2 * LABEL);
        let rows = board
            .rows
            .into_iter()
            .enumerate()
            .map(|(r, row)| RowView {
                owner: row.owner,
                label: row.label,
                y: LABEL + r as i32 * (SLOT_H + 2 * LABEL),
                slots: row
                    .places
                    .into_iter()
                    .enumerate()
                    .map(|(i, place)| SlotView {
                        n: place.n,
                        x: GAP + i as i32 * (SLOT_W + GAP),
                        piece: place.piece.map(|mut piece| {
                            let marks = std::mem::take(&mut piece.marks)
                                .into_iter()
                                .enumerate()
                                .map(|(k, m)| MarkView {
                                    name: m.name,
                                    icon: m.icon,
                                    title: m.meaning,
                                    x: 8 + 16 * k as i32,
                                })
                                .collect();
                            PieceView { piece, marks }
                        }),
                    })
                    .collect(),
            })
            .collect();
        BoardView {
            width,
            height,
            rows,
        }
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
    pub fn all<R: Readings>(chosen: &R) -> Vec<InterpretationView> {
        chosen
            .chosen()
            .iter()
            .zip(R::TABLE)
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
