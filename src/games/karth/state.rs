//! The state of a play-legality question: the position as resolved (every unit's card
//! read in, every space's owner set), the cards it names, the next action to judge and
//! the tallies. Queries here answer questions about the board (who stands where, what a
//! space is, what a unit is immune to); they change nothing. Only `event::apply` changes
//! a state.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use super::format::{Allegiance, CardType, Cell, Position, UnitSpec, Verb};
use super::interpret::Interpretations;
use crate::text::fold;

/// A card as the engine needs it (from the catalogue or defined inline).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardDef {
    pub name: String,
    pub kind: CardType,
    pub value: u32,
    pub class: Option<String>,
    /// Items and spells: the classes that may use it (empty: any).
    pub classes: Vec<String>,
    pub traits: Vec<String>,
    pub abilities: Vec<String>,
    pub text: String,
    pub dual_wield: bool,
    pub side: Option<Allegiance>,
}

impl CardDef {
    /// Whether its text says "Draw another card" (5.3.3, 5.4.3).
    pub fn draws(&self) -> bool {
        fold(&self.text).contains(&fold("Draw another card"))
    }
    /// Whether its text lets it be played during the other player's turn (5.8.7).
    pub fn other_turn(&self) -> bool {
        fold(&self.text).contains(&fold("during the other player's turn"))
    }
    /// Whether its text names a caster (5.8.4: cast by a card in play).
    pub fn needs_caster(&self) -> bool {
        !self.classes.is_empty() || fold(&self.text).contains("caster")
    }
    pub fn is_double_production(&self) -> bool {
        fold(&self.name) == fold("Double Production")
    }
    pub fn is_bless(&self) -> bool {
        self.abilities.iter().any(|a| fold(a) == "bless")
    }
}

/// The seven terrains of 5.10; any other name reads as Grassland (house rule K5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Grassland,
    Water,
    Forest,
    Spawner,
    Teleporter,
    Gold,
    ManaPool,
    /// Another name, read as Grassland.
    Other,
}

impl Terrain {
    pub fn of(name: &str) -> Terrain {
        match fold(name).as_str() {
            "grassland" => Terrain::Grassland,
            "water" => Terrain::Water,
            "forest" => Terrain::Forest,
            "spawner" => Terrain::Spawner,
            "teleporter" => Terrain::Teleporter,
            "gold" => Terrain::Gold,
            "mana pool" => Terrain::ManaPool,
            _ => Terrain::Other,
        }
    }
}

/// The state between actions.
#[derive(Debug, Clone)]
pub struct State {
    /// The position as resolved; `actions` holds every action, judged or not.
    pub position: Position,
    /// Every card the position names, by folded name.
    pub cards: Arc<BTreeMap<String, CardDef>>,
    /// The next action to judge (0-based into `position.actions`).
    pub next: usize,
    pub steps: u32,
    pub accepted: u32,
    pub rejected: u32,
    /// Stopped at a rejection (`on_rejection: stop`).
    pub stopped: bool,
    /// The path the last action proposed, from the unit's space (for the board), and
    /// the spaces a rejected action named.
    pub last_path: Vec<Cell>,
    pub last_rejected: Option<(usize, Vec<Cell>)>,
    /// The last rejection in words with the rule it breaks, for the board.
    pub last_note: Option<String>,
    /// The verb of the last action judged.
    pub last_verb: Option<Verb>,
}

impl State {
    pub fn readings(&self) -> &Interpretations {
        &self.position.interpretations
    }
    pub fn turn(&self) -> u32 {
        self.position.turn
    }
    /// The active player's index.
    pub fn active(&self) -> usize {
        self.player_index(&self.position.active).unwrap_or(0)
    }
    /// The index of the player whose turn `turn` is: turns alternate, the first
    /// player's odd (turn 1 is the first player's first).
    pub fn player_of_turn(&self, turn: u32) -> usize {
        usize::from(turn.is_multiple_of(2))
    }
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.position.players.iter().position(|p| p.name == name)
    }
    pub fn card(&self, name: &str) -> Option<&CardDef> {
        self.cards.get(&fold(name))
    }
    pub fn unit_index(&self, id: &str) -> Option<usize> {
        self.position.units.iter().position(|u| u.id == id)
    }
    pub fn unit(&self, id: &str) -> Option<&UnitSpec> {
        self.position.units.iter().find(|u| u.id == id)
    }
    pub fn unit_at(&self, at: Cell) -> Option<&UnitSpec> {
        self.position.units.iter().find(|u| u.at == at)
    }
    pub fn rows(&self) -> usize {
        self.position.board.rows.len()
    }
    pub fn cols(&self) -> usize {
        self.position.board.rows.first().map_or(0, Vec::len)
    }
    pub fn on_board(&self, at: Cell) -> bool {
        at[0] >= 1 && at[1] >= 1 && at[0] as usize <= self.rows() && at[1] as usize <= self.cols()
    }
    pub fn cell(&self, at: Cell) -> Option<&super::format::CellSpec> {
        self.position
            .board
            .rows
            .get((at[0] as usize).checked_sub(1)?)?
            .get((at[1] as usize).checked_sub(1)?)
    }
    pub fn terrain(&self, at: Cell) -> Terrain {
        self.cell(at)
            .map_or(Terrain::Other, |c| Terrain::of(&c.terrain))
    }
    /// A fresh unit id from `base` (`base`, `base 2`, …).
    pub fn fresh_id(&self, base: &str) -> String {
        if self.unit(base).is_none() {
            return base.to_string();
        }
        (2..)
            .map(|n| format!("{base} {n}"))
            .find(|id| self.unit(id).is_none())
            .unwrap_or_default()
    }
    /// Whether the next action's number (1-based) is `n`, for the log.
    pub fn number(&self, index: usize) -> usize {
        self.position.judged + index
    }
}

/// Whether unit `u` has trait, class or ability `name` (case ignored).
pub fn has(u: &UnitSpec, name: &str) -> bool {
    let is = |s: &String| s.eq_ignore_ascii_case(name);
    u.class.as_ref().is_some_and(is)
        || u.traits.iter().flatten().any(is)
        || u.abilities.iter().flatten().any(is)
}

/// Whether `a` and `b` are orthogonally adjacent.
pub fn adjacent(a: Cell, b: Cell) -> bool {
    a[0].abs_diff(b[0]) + a[1].abs_diff(b[1]) == 1
}

/// Whether `b` is within radius 1 of `a` (the 8 surrounding spaces).
pub fn within_radius_1(a: Cell, b: Cell) -> bool {
    a != b && a[0].abs_diff(b[0]) <= 1 && a[1].abs_diff(b[1]) <= 1
}

/// `[row, column]` as the log writes it: `(2,3)`.
pub fn at(c: Cell) -> String {
    format!("({},{})", c[0], c[1])
}
