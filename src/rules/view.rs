//! What a step-through page shows of any game, as plain data: the board as rows of
//! numbered places holding pieces ([`Board`]), and the chance and decision panels
//! ([`ChancePanel`], [`DecisionPanel`]), and the odds from a step ([`GameOdds`]) with
//! any charts a game draws of them ([`Chart`]: bars with exact fractions), and for games
//! with dice or a sequence of steps, the dice as faces ([`DiceTray`]) and the steps with
//! the current one ([`Timeline`]). A game fills these from its state
//! ([`super::Game::board`], [`super::Game::chance_panel`], [`super::Game::dice`],
//! [`super::Game::timeline`]); the web layer lays them out. Nothing here knows HTML.

use serde::Serialize;

use super::chance::{Distribution, Method};

/// A board: rows of places, the top row first (a battle line, a unit's side, a grid row).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Board {
    pub rows: Vec<Row>,
    /// Set once adjudication has stopped: why, and whether the game itself is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
    /// The interpretations (by key) whose ambiguity the pieces on this board can bring
    /// into play, when the game says (`None`: it does not, and pages match the
    /// interpretations' abilities against the pieces' by name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readings_in_play: Option<Vec<&'static str>>,
}

/// Why adjudication stopped. A game is over when it has a result (a player at 0 life, a
/// draw); adjudication also stops when the turns to play run out or at the step bound,
/// and the game is not over then.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Ended {
    /// Whether the game itself is over (a win, a draw), not only the adjudication.
    pub game_over: bool,
    /// Why it stopped, in words (`Bob's life reached 0`, `the turns to play ran out`).
    pub why: String,
}

/// One row: whose it is and what it says of them (`Bob · life 20`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Row {
    /// Whose row (a player's name), for data attributes and tests.
    pub owner: String,
    /// The row's heading.
    pub label: String,
    pub places: Vec<Place>,
}

/// One numbered place, empty or holding a piece.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Place {
    /// 1-based.
    pub n: usize,
    pub piece: Option<Piece>,
}

/// A piece on the board: a creature, a unit, a figure.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Piece {
    pub name: String,
    /// A mark after the name (`♛` for a warlord), or empty.
    pub badge: &'static str,
    /// What the badge means (`warlord`), for the board's legend; empty with no badge.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub badge_meaning: &'static str,
    /// Its numbers as they stand, in order (`attack`, `life`; `power`, `health`).
    pub stats: Vec<Stat>,
    /// Damage on it (0: none).
    pub damage: i32,
    /// What it carries (artifacts, items), by name.
    pub carries: Vec<String>,
    /// Its abilities as they read on the card (`Armor 2`, `Fury`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
}

/// One number of a piece.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Stat {
    /// Its name, lower case (`attack`), also its CSS class.
    pub name: &'static str,
    pub value: i32,
}

/// A status a piece carries, with an icon and what it means. Two names are drawn alike
/// for every game: `not-ready` dims the place, `downed` draws it as an empty place that
/// still shows its piece's abilities.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Mark {
    pub name: &'static str,
    pub icon: &'static str,
    pub meaning: &'static str,
}

/// A chance node met at a step, with every outcome, its exact chance and how to pin it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ChancePanel {
    pub ordinal: u32,
    pub purpose: &'static str,
    pub forced: bool,
    pub candidates: Vec<Candidate>,
}

/// One outcome of a chance node.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Candidate {
    /// What a judge posts to pin this outcome (battle-line: the slot).
    pub pin: String,
    pub label: String,
    pub picked: bool,
    /// The exact chance it had (`1/3`).
    pub odds: String,
}

/// A decision met at a step, with every option and how to pin it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DecisionPanel {
    pub ordinal: u32,
    /// Whose decision.
    pub who: String,
    pub question: &'static str,
    /// The default policy's name.
    pub policy: &'static str,
    /// Whether the judge pinned it.
    pub pinned: bool,
    /// The options to pick from (none for a decision answered in words).
    pub options: Vec<DecisionOption>,
    /// For a decision the judge answers in words (a ruling on text the engine does not
    /// read), the box to write it in; `None` for a choice among `options`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<WrittenAnswer>,
    /// A decision that picks a set (a [`super::Selection`]): each item with whether it
    /// is picked, posted together as `pick=N` fields (1-based), at most `most` of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picks: Option<Picks>,
}

/// A decision answered in words, not by picking an option: a judge's ruling written as
/// explicit changes in the game's own syntax, which the game reads
/// ([`super::Game::pin_answer_with_cards`]). The core shows the box and carries the
/// text; it never reads it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct WrittenAnswer {
    /// What is ruled on, in words (`Ann's Mack the Knife: "…"`).
    pub about: String,
    /// The syntax, in words.
    pub syntax: &'static str,
    /// A complete answer to copy.
    pub example: &'static str,
    /// The answer pinned now, in the syntax (empty when the judge has not answered); on
    /// a page showing a refused answer, the text as the judge submitted it.
    pub value: String,
    /// Why the submitted text was refused, each problem with its column (empty unless
    /// a page is showing a refused answer).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

/// The items of a set-picking decision.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Picks {
    /// The most items that may be picked.
    pub most: usize,
    /// Each item (its `n` is what a judge posts as `pick`; `chosen`: picked now).
    pub items: Vec<DecisionOption>,
}

/// One option of a decision; a judge pins it by its 1-based `n`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DecisionOption {
    pub n: usize,
    pub label: String,
    pub chosen: bool,
}

impl DecisionPanel {
    /// The panel of `d`, each option named by `name`.
    pub fn of<T>(d: &super::Decision<T>, name: impl Fn(&T) -> String) -> DecisionPanel {
        DecisionPanel {
            ordinal: d.ordinal,
            who: d.who.clone(),
            question: d.question,
            policy: d.policy,
            pinned: d.pinned,
            options: d
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| DecisionOption {
                    n: i + 1,
                    label: name(o),
                    chosen: i == d.chosen,
                })
                .collect(),
            answer: None,
            picks: None,
        }
    }

    /// The panel of set-picking decision `s`, each item named by `name`.
    pub fn of_selection<T>(s: &super::Selection<T>, name: impl Fn(&T) -> String) -> DecisionPanel {
        DecisionPanel {
            ordinal: s.ordinal,
            who: s.who.clone(),
            question: s.question,
            policy: s.policy,
            pinned: s.pinned,
            options: Vec::new(),
            answer: None,
            picks: Some(Picks {
                most: s.most,
                items: s
                    .items
                    .iter()
                    .enumerate()
                    .map(|(i, o)| DecisionOption {
                        n: i + 1,
                        label: name(o),
                        chosen: s.chosen.contains(&i),
                    })
                    .collect(),
            }),
        }
    }
}

/// The exact odds from a step: each result in words with its chance, and any charts the
/// game draws of them (none for the generic enumeration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOdds {
    pub results: Distribution<String>,
    pub charts: Vec<Chart>,
}

/// A bar chart of exact chances: one quantity's distribution, or one chance per unit.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Chart {
    /// A stable name for the page's anchors and tests (`damage-D`).
    pub id: String,
    /// What the chart shows (`Damage counters on D`).
    pub title: String,
    /// What the bars are (`counters placed`, `unit`).
    pub axis: String,
    pub bars: Vec<Bar>,
    /// How the figures were computed.
    pub method: Method,
}

/// One bar: its label, its exact chance as a fraction and the same as a decimal.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Bar {
    pub label: String,
    /// The exact chance (`5/16`).
    pub odds: String,
    /// The same, rounded to 6 places.
    pub decimal: f64,
}

impl Eq for Bar {}

/// A board laid out on a grid of spaces (a battlefield of terrain cards), drawn beside
/// the rows by the step-through when a game gives one ([`super::Game::grid`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Every space, row by row, the top row first.
    pub cells: Vec<GridCell>,
    /// A path proposed or taken this step, space by space (`(row, col)`, 1-based).
    pub path: Vec<(usize, usize)>,
    /// Whether `path` belongs to a rejected action (drawn in red).
    pub path_rejected: bool,
    /// Why the step's action was rejected, with its rule, shown under the grid in red.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
    /// What each kind of space means, `(kind, words)`, once each.
    pub legend: Vec<(String, String)>,
}

/// One space of a [`Grid`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GridCell {
    /// 1-based.
    pub row: usize,
    pub col: usize,
    /// What the space is (a terrain's name), its label.
    pub label: String,
    /// A short class for colour (`water`), lower case, letters and dashes only.
    pub kind: String,
    /// Whose space it is.
    pub owner: String,
    /// What lies on the space besides a piece (`wall`, `web`).
    pub features: Vec<&'static str>,
    /// The piece on it: its name, whose, what it carries.
    pub piece: Option<GridPiece>,
    /// Marked by a rejected action.
    pub rejected: bool,
}

/// A piece standing on a [`GridCell`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GridPiece {
    pub name: String,
    pub owner: String,
    pub carries: Vec<String>,
}

/// Dice on the table, drawn as die faces by the step-through when a game gives them
/// ([`super::Game::dice`]): groups of dice (an attack's roll, its extra dice), each die
/// with its face and what the game says it does (a hit, a natural that triggers
/// something), and the legend of those marks.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DiceTray {
    /// What the dice are (`Attack dice`), the tray's heading.
    pub label: String,
    /// What a hit needs, in words (`a hit is 4 or more`), or empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub rule: String,
    pub groups: Vec<DiceGroup>,
    /// Every mark some die carries, once, in the order first met.
    pub legend: Vec<DieMark>,
}

/// Dice rolled for one purpose (`Power`, `Fury`, `Retaliate from D`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DiceGroup {
    pub label: String,
    pub dice: Vec<DieFace>,
}

/// One die as it stands.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DieFace {
    /// Its index as the game's pins name it (0-based), shown 1-based.
    pub n: usize,
    /// The face showing, 1 to 6.
    pub face: u8,
    /// `Some(true)` a hit, `Some(false)` a miss, `None` when the game does not say yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hit: Option<bool>,
    /// Times it was re-rolled (0: never).
    pub rerolls: u8,
    /// Its face before the first re-roll, when it was re-rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
    /// What else the game says of it (`natural-6`, `fury-trigger`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<DieMark>,
    /// All of it in words, the picture's text alternative
    /// (`die 3: 6, a hit, natural 6 (Critical Hit)`).
    pub text: String,
    /// The chance that drew the face it shows, as that chance's candidates' pins begin
    /// (`attack:2`, for pins `attack:2:1` to `attack:2:6`): the step page pins a face by
    /// the die itself. `None` when the game does not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawn_by: Option<String>,
}

/// Something a game says of a die: a short name (also its CSS class), a label drawn by
/// the die, and what it means.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct DieMark {
    pub name: &'static str,
    pub label: &'static str,
    pub meaning: &'static str,
}

/// A sequence of steps (an attack's, a turn's phases) with where play stands, drawn by
/// the step-through when a game gives one ([`super::Game::timeline`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Timeline {
    /// What the steps are of (`The attack`).
    pub label: String,
    pub steps: Vec<TimelineStep>,
}

/// One step of a [`Timeline`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TimelineStep {
    /// A stable name (`attack_pop`), for data attributes and tests.
    pub key: &'static str,
    pub label: &'static str,
    pub when: StepWhen,
}

/// Where a [`TimelineStep`] stands against play.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StepWhen {
    Done,
    /// The step just played.
    Current,
    ToCome,
}

impl StepWhen {
    /// Its CSS class and data value (`done`, `current`, `to-come`).
    pub fn class(self) -> &'static str {
        match self {
            StepWhen::Done => "done",
            StepWhen::Current => "current",
            StepWhen::ToCome => "to-come",
        }
    }
}

impl DiceTray {
    /// A tray of `groups`, its legend gathered from their dice's marks.
    pub fn new(label: String, rule: String, groups: Vec<DiceGroup>) -> DiceTray {
        let mut legend: Vec<DieMark> = Vec::new();
        for m in groups.iter().flat_map(|g| &g.dice).flat_map(|d| &d.marks) {
            if !legend.iter().any(|l| l.name == m.name) {
                legend.push(*m);
            }
        }
        DiceTray {
            label,
            rule,
            groups,
            legend,
        }
    }
}

impl DieFace {
    /// The centres of its pips on a 3×3 grid of a die `size` wide (`(x, y)`, user units),
    /// as a die shows them.
    pub fn pips(&self, size: u32) -> Vec<(u32, u32)> {
        let (lo, mid, hi) = (size / 4, size / 2, size - size / 4);
        match self.face {
            1 => vec![(mid, mid)],
            2 => vec![(lo, lo), (hi, hi)],
            3 => vec![(lo, lo), (mid, mid), (hi, hi)],
            4 => vec![(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
            5 => vec![(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
            6 => vec![(lo, lo), (hi, lo), (lo, mid), (hi, mid), (lo, hi), (hi, hi)],
            _ => Vec::new(),
        }
    }
}

/// A row of cards laid side by side as they sit on the table (a battleline, left flank
/// first), drawn as SVG by the step-through when a game gives some
/// ([`super::Game::card_lines`]): a card turned sideways is drawn so.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CardLine {
    /// Whose cards they are.
    pub owner: String,
    /// What the line is, with its player's tally (`Ann · 3Æ · 1 key · battleline`).
    pub label: String,
    pub cards: Vec<LineCard>,
}

/// One card of a [`CardLine`].
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LineCard {
    pub name: String,
    /// Turned sideways (exhausted, tapped).
    pub turned: bool,
    /// Its numbers as they stand (`power` 5, `armor` 1).
    pub stats: Vec<Stat>,
    pub damage: i32,
    /// Short notes drawn under its numbers (`stunned`, `2Æ captured`, an upgrade).
    pub notes: Vec<String>,
}
