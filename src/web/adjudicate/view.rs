//! What the step-through pages show, for any game: the game's board as rows of cards
//! with a legend of their marks ([`crate::rules::view::Board`]), the log with rule links, and the interpretation
//! switches. Pure view models over the core's types; the templates only lay them out.
//! A game's own types never appear here: the board and the chance panel come from the
//! game through [`crate::rules::Game`].

use serde::Serialize;

use crate::rules::cite::{Citation, Source};
use crate::rules::interpret::InterpretationInfo;
use crate::rules::view::{
    Board, CardLine, ChancePanel, DieFace, Ended, Grid, LineCard, Mark, Piece,
};
use crate::rules::{Game, LoggedEvent, Readings};
use crate::web::links::{self, Explained};

/// One event as the log shows it.
#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    pub text: String,
    pub rule: &'static str,
    pub section: &'static str,
    pub sentence: &'static str,
    /// `seed` or `house`.
    pub source: &'static str,
    /// Where the rule is explained ([`rule_href`]).
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
    /// The sentence a seed, published or house basis says, or what a reading means.
    pub sentence: Option<&'static str>,
}

/// What reading `value` of `info` means, in full.
fn meaning(info: &InterpretationInfo, value: &str) -> Option<&'static str> {
    info.readings
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, m)| *m)
}

impl EventView {
    /// The event as the log shows it, its rules linked where `known` says they are
    /// explained, a reading it rests on named by what it means (`table`: the game's
    /// interpretations).
    pub fn of<C>(
        e: &LoggedEvent<C>,
        known: &dyn Explained,
        table: &[InterpretationInfo],
    ) -> EventView {
        let game = e.rule.game;
        let mut also: Vec<BasisView> = Vec::new();
        let mut seen: Vec<&Citation> = vec![e.rule.cite];
        for c in [e.rule.house, e.rule.also].into_iter().flatten() {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let (source, label) = match c.source {
                Source::Seed => ("seed", format!("{} §{}", c.rule, c.section)),
                Source::Public => (
                    "public",
                    format!("{} ({} {})", c.rule, c.document, c.section),
                ),
                Source::House => ("house", format!("house rule {} {}", c.section, c.rule)),
                Source::Interpretation => (
                    "interpretation",
                    format!("reading {}: {}", c.section, c.rule),
                ),
            };
            also.push(BasisView {
                source,
                label,
                href: rule_href(c, known),
                sentence: Some(c.sentence),
            });
        }
        for r in e.rule.readings.iter().flatten() {
            let info = table.iter().find(|i| i.key == r.key);
            also.push(BasisView {
                source: "interpretation",
                label: format!(
                    "reading{}: {}{}",
                    info.map(|i| format!(" of {}", i.rule)).unwrap_or_default(),
                    info.map_or_else(|| r.value.to_string(), |i| i.label(r.value)),
                    if r.default { " (default)" } else { "" }
                ),
                href: links::adjudicate_rules(game, r.key),
                sentence: info.and_then(|i| meaning(i, r.value)),
            });
        }
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
            href: rule_href(e.rule.cite, known),
            also,
            quoted: true,
        }
    }
}

/// Where a citation's rule is explained ([`links::citation`]): a seed rule on its
/// keyword's page, else its section's rules page, else among the seed sentences of the
/// rules-and-readings page; any other on the rules-and-readings page. `known` is what the
/// catalogue holds, looked up once per page.
pub fn rule_href(c: &Citation, known: &dyn Explained) -> String {
    links::citation(c, known)
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
        known: &dyn Explained,
    ) -> StepView {
        StepView {
            n,
            turn,
            phase: G::phase_label(phase),
            events: quote_once(
                events
                    .iter()
                    .map(|e| EventView::of(e, known, <G::Readings as Readings>::TABLE))
                    .collect(),
            ),
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

/// A status mark on a piece: its key, icon, name for people and what it means.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct MarkView {
    pub name: &'static str,
    pub icon: &'static str,
    /// Its name for people (`Soothsaid` for `loses_next_attack`).
    pub label: &'static str,
    /// What it means (`loses its next attack`).
    pub meaning: &'static str,
}

impl MarkView {
    fn of(m: &Mark) -> MarkView {
        let (label, meaning) = match m.meaning.split_once(':') {
            Some((label, rest)) => (label.trim(), rest.trim()),
            None => (m.meaning, ""),
        };
        MarkView {
            name: m.name,
            icon: m.icon,
            label,
            meaning,
        }
    }
}

/// A piece on the board: the game's piece, its marks named for people, and its life
/// left against its life when it has a stat named `life` (or `health`).
#[derive(Debug, Clone, Serialize)]
pub struct PieceView {
    #[serde(flatten)]
    pub piece: Piece,
    pub marks: Vec<MarkView>,
    /// `(life left, life)`: its life stat less its damage, and the stat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<(i32, i32)>,
}

impl PieceView {
    /// Its life left, as words: `3 of 5 life left`.
    pub fn health_text(&self) -> String {
        match self.health {
            Some((left, of)) => format!("{left} of {of} life left"),
            None => String::new(),
        }
    }
}

/// One place.
#[derive(Debug, Clone, Serialize)]
pub struct SlotView {
    /// 1-based.
    pub n: usize,
    pub piece: Option<PieceView>,
}

/// One row of the board.
#[derive(Debug, Clone, Serialize)]
pub struct RowView {
    pub owner: String,
    pub label: String,
    pub slots: Vec<SlotView>,
    /// Whether the board's card lines ([`BoardView::lines`]) draw this row's cards: the
    /// page then lists it only on request, so the board is drawn once.
    pub in_lines: bool,
}

/// The board: the game's rows, the top one first, each a row of cards; the legend of
/// the marks on it; and, once play has stopped, why.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub rows: Vec<RowView>,
    /// Every mark some piece on the board carries, once, in the order first met.
    pub legend: Vec<MarkView>,
    /// Every badge on the board with what it means, `(badge, meaning)`, once each.
    pub badges: Vec<(&'static str, &'static str)>,
    /// The names of the pieces' numbers, in order, with their initials, for the legend
    /// (`attack` A, `life` L; `power` P, `armor` A): the first piece's with any, so the
    /// legend names what each game shows.
    pub stat_names: Vec<(&'static str, String)>,
    /// Whether some piece has a life bar (a stat named `life` or `health`).
    pub has_health: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
    /// The interpretations the pieces on it can bring into play, when the game says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readings_in_play: Option<Vec<&'static str>>,
    /// The board as a grid of spaces, for games played on one (drawn as SVG).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Grid>,
    /// The dice on the table, drawn as die faces (`adjudicate/dice.html`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<crate::rules::view::DiceTray>,
    /// The steps being played with the current one (`adjudicate/timeline.html`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeline: Option<crate::rules::view::Timeline>,
    /// The rows of cards as they sit on the table, laid out for SVG.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<LinesSvg>,
    /// The step page's chances that drew a die on the tray, pinned by clicking the die
    /// ([`BoardView::pin_dice`]); the JSON twin has them as `chances`.
    #[serde(skip)]
    pub die_pins: Vec<DiePin>,
}

/// A chance that drew a die's face, pinned from the die: its faces as buttons that post
/// to `action`.
#[derive(Debug, Clone)]
pub struct DiePin {
    /// The die's [`DieFace::drawn_by`] key.
    pub key: String,
    pub ordinal: u32,
    /// Where a face is posted (`/adjudicate/p/{hash}/choose`), and the step to come back to.
    pub action: String,
    pub step: usize,
    /// The chance each face had (`1/6`), when they all had the same.
    pub odds: String,
    pub faces: Vec<crate::rules::view::Candidate>,
}

/// The key a chance's candidates' pins begin with: `attack:2` of `attack:2:4`.
fn pin_key(panel: &ChancePanel) -> Option<&str> {
    let first = panel.candidates.first()?;
    let (key, _) = first.pin.rsplit_once(':')?;
    panel
        .candidates
        .iter()
        .all(|c| c.pin.rsplit_once(':').is_some_and(|(k, _)| k == key))
        .then_some(key)
}

/// Card lines laid out for SVG: each card upright ([`CARD_W`] × [`CARD_H`]) or turned
/// sideways, in slots wide enough for either, a line under the other.
#[derive(Debug, Clone, Serialize)]
pub struct LinesSvg {
    pub width: usize,
    pub height: usize,
    pub lines: Vec<LineSvg>,
}

/// One line: its label's baseline `y` and its cards.
#[derive(Debug, Clone, Serialize)]
pub struct LineSvg {
    pub y: usize,
    pub owner: String,
    pub label: String,
    pub cards: Vec<CardSvg>,
}

impl LineSvg {
    /// Whether this line draws `row`: the same player's, the same cards in the same order
    /// (a row names a card `Name` or `Name (id)`).
    fn draws(&self, row: &RowView) -> bool {
        self.owner == row.owner
            && self.cards.len() == row.slots.len()
            && self.cards.iter().zip(&row.slots).all(|(c, s)| {
                s.piece.as_ref().is_some_and(|p| {
                    let name = &p.piece.name;
                    *name == c.card.name
                        || name
                            .strip_prefix(c.card.name.as_str())
                            .is_some_and(|rest| rest.starts_with(" ("))
                })
            })
    }
}

/// One card: its box, its text's left edge and baseline, and what it says.
#[derive(Debug, Clone, Serialize)]
pub struct CardSvg {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
    /// The text's left edge and first baseline.
    pub tx: usize,
    pub ty: usize,
    /// The name, cut to fit (the title holds it whole).
    pub short: String,
    /// The lines under the name, `(text, class)`: its numbers, damage, exhausted, notes.
    pub rows: Vec<(String, &'static str)>,
    pub card: LineCard,
}

/// An upright card's size, in user units (a turned one is `CARD_H` × `CARD_W`).
pub const CARD_W: usize = 90;
pub const CARD_H: usize = 112;
const SLOT: usize = CARD_H + 10;
const LABEL_H: usize = 22;

impl LinesSvg {
    fn of(lines: Vec<CardLine>) -> Option<LinesSvg> {
        if lines.is_empty() {
            return None;
        }
        let most = lines
            .iter()
            .map(|l| l.cards.len())
            .max()
            .unwrap_or(0)
            .max(1);
        let line_h = LABEL_H + CARD_H + 10;
        let out: Vec<LineSvg> = lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| {
                let top = i * line_h;
                LineSvg {
                    y: top + 15,
                    owner: line.owner,
                    label: line.label,
                    cards: line
                        .cards
                        .into_iter()
                        .enumerate()
                        .map(|(j, card)| {
                            let (w, h) = if card.turned {
                                (CARD_H, CARD_W)
                            } else {
                                (CARD_W, CARD_H)
                            };
                            let x = j * SLOT + (SLOT - w) / 2;
                            let y = top + LABEL_H + (CARD_H - h);
                            let room = w / 7;
                            let short = if card.name.chars().count() > room {
                                let cut: String = card.name.chars().take(room - 1).collect();
                                format!("{}…", cut.trim_end())
                            } else {
                                card.name.clone()
                            };
                            let stats: Vec<String> = card
                                .stats
                                .iter()
                                .map(|st| format!("{} {}", st.name, st.value))
                                .collect();
                            let mut rows: Vec<(String, &'static str)> = if card.turned {
                                // Sideways there is room for the numbers on one line.
                                vec![(stats.join(" · "), "c-stats")]
                            } else {
                                stats.into_iter().map(|t| (t, "c-stats")).collect()
                            };
                            rows.retain(|(t, _)| !t.is_empty());
                            if card.damage > 0 {
                                rows.push((format!("damage {}", card.damage), "c-damage"));
                            }
                            if card.turned {
                                rows.push(("exhausted".into(), "c-mark"));
                            }
                            for n in &card.notes {
                                rows.push((n.clone(), "c-note"));
                            }
                            // What does not fit stays in the title.
                            rows.truncate((h - 24) / 15);
                            CardSvg {
                                rows,
                                x,
                                y,
                                w,
                                h,
                                tx: x + 6,
                                ty: y + 16,
                                short,
                                card,
                            }
                        })
                        .collect(),
                }
            })
            .collect();
        Some(LinesSvg {
            // At least three slots wide, so a line's label fits above one card.
            width: most.max(3) * SLOT,
            height: out.len() * line_h,
            lines: out,
        })
    }
}

/// The SVG size of one grid space, in user units.
pub const GRID_CELL: usize = 84;

impl BoardView {
    /// The board the game gives for `st`.
    pub fn of<G: Game>(st: &G::State) -> BoardView {
        let mut view = BoardView::layout(G::board(st));
        view.grid = G::grid(st);
        view.dice = G::dice(st);
        view.timeline = G::timeline(st);
        view.lines = LinesSvg::of(G::card_lines(st));
        if let Some(lines) = &view.lines {
            for row in &mut view.rows {
                row.in_lines = lines.lines.iter().any(|l| l.draws(row));
            }
        }
        view
    }

    /// Moves each of `chances` that drew a die on the tray onto that die, to be pinned by
    /// clicking it ([`DiePin`], posting to `action` for `step`); answers the others.
    pub fn pin_dice(
        &mut self,
        chances: Vec<ChancePanel>,
        action: &str,
        step: usize,
    ) -> Vec<ChancePanel> {
        let drawn: Vec<&str> = self
            .dice
            .iter()
            .flat_map(|t| &t.groups)
            .flat_map(|g| &g.dice)
            .filter_map(|d| d.drawn_by.as_deref())
            .collect();
        let mut rest = Vec::new();
        let mut pins = Vec::new();
        for panel in chances {
            match pin_key(&panel).filter(|k| drawn.contains(k)) {
                Some(key) => {
                    let odds = panel.candidates.first().map(|c| c.odds.clone());
                    let same = panel
                        .candidates
                        .iter()
                        .all(|c| Some(&c.odds) == odds.as_ref());
                    pins.push(DiePin {
                        key: key.to_string(),
                        ordinal: panel.ordinal,
                        action: action.to_string(),
                        step,
                        odds: if same {
                            odds.unwrap_or_default()
                        } else {
                            "its own chance".into()
                        },
                        faces: panel.candidates,
                    });
                }
                None => rest.push(panel),
            }
        }
        self.die_pins = pins;
        rest
    }

    /// The pin of die `d`, when a chance of this step drew it.
    pub fn pin_of(&self, d: &DieFace) -> Option<&DiePin> {
        let key = d.drawn_by.as_deref()?;
        self.die_pins.iter().find(|p| p.key == key)
    }

    /// Whether some row is drawn by the card lines too.
    pub fn has_lined_rows(&self) -> bool {
        self.rows.iter().any(|r| r.in_lines)
    }

    /// The grid's SVG path through the centres of its `path` spaces (`M x y L x y …`).
    pub fn grid_path(grid: &Grid) -> String {
        grid.path
            .iter()
            .enumerate()
            .map(|(i, (r, c))| {
                format!(
                    "{}{} {}",
                    if i == 0 { "M" } else { " L" },
                    (c - 1) * GRID_CELL + GRID_CELL / 2,
                    (r - 1) * GRID_CELL + GRID_CELL / 2
                )
            })
            .collect()
    }

    pub fn layout(board: Board) -> BoardView {
        let mut legend: Vec<MarkView> = Vec::new();
        let mut badges: Vec<(&'static str, &'static str)> = Vec::new();
        let mut stat_names: Vec<(&'static str, String)> = Vec::new();
        let rows: Vec<RowView> = board
            .rows
            .into_iter()
            .map(|row| RowView {
                in_lines: false,
                owner: row.owner,
                label: row.label,
                slots: row
                    .places
                    .into_iter()
                    .map(|place| SlotView {
                        n: place.n,
                        piece: place.piece.map(|mut piece| {
                            let marks: Vec<MarkView> = std::mem::take(&mut piece.marks)
                                .iter()
                                .map(MarkView::of)
                                .collect();
                            for m in &marks {
                                if !legend.iter().any(|l| l.name == m.name) {
                                    legend.push(m.clone());
                                }
                            }
                            if stat_names.is_empty() {
                                stat_names = piece
                                    .stats
                                    .iter()
                                    .map(|s| {
                                        (
                                            s.name,
                                            s.name
                                                .chars()
                                                .take(1)
                                                .collect::<String>()
                                                .to_uppercase(),
                                        )
                                    })
                                    .collect();
                            }
                            let badge = (piece.badge, piece.badge_meaning);
                            if !badge.0.is_empty() && !badges.contains(&badge) {
                                badges.push(badge);
                            }
                            let health = piece
                                .stats
                                .iter()
                                .find(|s| s.name == "life" || s.name == "health")
                                .map(|s| ((s.value - piece.damage).max(0), s.value));
                            PieceView {
                                piece,
                                marks,
                                health,
                            }
                        }),
                    })
                    .collect(),
            })
            .collect();
        let has_health = rows.iter().any(|r| {
            r.slots
                .iter()
                .any(|s| s.piece.as_ref().is_some_and(|p| p.health.is_some()))
        });
        BoardView {
            rows,
            legend,
            badges,
            stat_names,
            has_health,
            ended: board.ended,
            readings_in_play: board.readings_in_play,
            grid: None,
            dice: None,
            timeline: None,
            lines: None,
            die_pins: Vec::new(),
        }
    }

    /// The board's short summary, a row each: `Bob · life 18: 2 creatures`.
    pub fn summary(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| {
                let pieces: Vec<&str> = r
                    .slots
                    .iter()
                    .filter_map(|s| s.piece.as_ref().map(|p| p.piece.name.as_str()))
                    .collect();
                match pieces.len() {
                    0 => format!("{}: nothing", r.label),
                    _ => format!("{}: {}", r.label, pieces.join(", ")),
                }
            })
            .collect()
    }

    /// The name of every ability on the board, without its value (`Armor` for
    /// `Armor 2`), once each.
    pub fn ability_names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for piece in self
            .rows
            .iter()
            .flat_map(|r| &r.slots)
            .filter_map(|s| s.piece.as_ref())
        {
            for a in &piece.piece.abilities {
                let name = ability_name(a);
                if !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                    out.push(name.to_string());
                }
            }
        }
        out
    }
}

/// An ability's name without its value: `Armor 2` is `Armor`, `Rider's Might` itself.
fn ability_name(label: &str) -> &str {
    match label.rsplit_once(' ') {
        Some((name, value)) if value.parse::<i64>().is_ok() => name.trim(),
        _ => label.trim(),
    }
}

/// Whether `text` names `word` as a whole word (case aside): `Curse and Soothsay` names
/// Curse, `Cursed` does not.
fn names_word(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    let (text, word) = (text.to_lowercase(), word.to_lowercase());
    text.match_indices(&word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// One interpretation with the reading in force and the other one.
#[derive(Debug, Clone, Serialize)]
pub struct InterpretationView {
    pub key: &'static str,
    pub question: &'static str,
    pub rule: &'static str,
    pub sentence: &'static str,
    pub current: &'static str,
    /// What the reading in force means, in a few words (never its key).
    pub current_label: String,
    pub current_meaning: &'static str,
    pub other: &'static str,
    pub other_label: String,
    pub other_meaning: &'static str,
    pub is_default: bool,
    /// Whether it can change this position: its ability (or one its question names) is
    /// on a board of the adjudication, or it is not at its default.
    pub matters: bool,
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
                    current_label: info.label(info.readings[cur].0),
                    current_meaning: info.readings[cur].1,
                    other: info.readings[1 - cur].0,
                    other_label: info.label(info.readings[1 - cur].0),
                    other_meaning: info.readings[1 - cur].1,
                    is_default: cur == 0,
                    matters: cur != 0,
                }
            })
            .collect()
    }

    /// [`InterpretationView::all`], each marked whether it matters given what the
    /// boards of the adjudication hold: the readings the game says they bring into play
    /// (`in_play`), or else those whose ability (or one their question names) is among
    /// `abilities`, by name.
    pub fn for_boards<R: Readings>(
        chosen: &R,
        in_play: Option<&[&'static str]>,
        abilities: &[String],
    ) -> Vec<InterpretationView> {
        let mut all = InterpretationView::all(chosen);
        for i in &mut all {
            i.matters |= match in_play {
                Some(keys) => keys.contains(&i.key),
                None => abilities
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(i.rule) || names_word(i.question, a)),
            };
        }
        all
    }
}

/// A message as pieces, `(is code, text)`: what it quotes between backticks is code, so a
/// page shows `Armr` as code and never a literal backtick. A message with an unpaired
/// backtick is one piece of text.
pub fn pieces(msg: &str) -> Vec<(bool, &str)> {
    if msg.matches('`').count() % 2 == 1 {
        return vec![(false, msg)];
    }
    msg.split('`')
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
        .map(|(i, t)| (i % 2 == 1, t))
        .collect()
}
