//! The state between steps: players with their order and victory points, units with
//! their figure slots (occupied or not, and since when), their abilities as read, their
//! effects and whether they had their Special Order; the contacts; the phase and the
//! active player; the clock that timestamps readiness; the judge's pins and answers; the
//! actions still to play.
//!
//! This file owns the types and the lookups rule code asks (readiness is
//! `families/ready.rs`'s); it plays nothing, and only `event.rs` changes it.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::Serialize;

use super::ability::Ability;
use super::format::{Action, Phase, Position};
use super::interpret::Interpretations;

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    pub name: String,
    pub op: u32,
    pub vp: u32,
}

/// One figure slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub occupied: bool,
    /// The moment its figure was put there.
    pub since: u32,
}

/// An effect on a unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Effect {
    pub text: String,
    pub until_end_of_turn: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

/// A unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub owner: usize,
    pub traits: Vec<String>,
    pub facts: Vec<String>,
    pub slots: Vec<Slot>,
    pub abilities: Vec<Ability>,
    pub on_battlefield: bool,
    /// The moment it came onto the battlefield.
    pub arrived: u32,
    pub effects: Vec<Effect>,
    pub special_order: bool,
    pub damage: u32,
    /// Its traits were entered (by the position or a `facts` action), not the card's.
    pub traits_entered: bool,
}

impl Unit {
    pub fn figures(&self) -> u32 {
        self.slots.iter().filter(|s| s.occupied).count() as u32
    }
    /// The ability named `name` (folded), if any.
    pub fn ability(&self, name: &str) -> Option<usize> {
        let want = crate::text::fold(name);
        self.abilities
            .iter()
            .position(|a| crate::text::fold(&a.name) == want)
    }
    /// Whether it has trait or fact `what` (folded).
    pub fn is(&self, what: &str) -> bool {
        let want = crate::text::fold(what);
        self.traits
            .iter()
            .chain(self.facts.iter())
            .any(|t| crate::text::fold(t) == want)
    }
}

/// How adjudication ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `actions_done`, `stopped_at_rejection` or `bad_pin`.
    pub result: &'static str,
    /// Actions refused (1-based).
    pub rejected: Vec<usize>,
}

/// The state between steps.
#[derive(Clone, Debug)]
pub struct State {
    pub position: Arc<Position>,
    pub players: Vec<Player>,
    pub units: Vec<Unit>,
    /// Pairs of unit indices in contact, the lower first.
    pub contact: BTreeSet<(usize, usize)>,
    pub phase: Phase,
    pub active: usize,
    pub turn: u32,
    /// The moment now: the latest moment the position enters at the start, one more for
    /// each action played.
    pub clock: u32,
    /// The next action (0-based); the first step lists readiness.
    pub next: usize,
    pub started: bool,
    pub steps: u32,
    pub decisions: u32,
    pub resolutions: u32,
    pub rejected: Vec<usize>,
    pub readings: Interpretations,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn actions(&self) -> &[Action] {
        &self.position.actions
    }
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }
    pub fn player_of(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }
    pub fn in_contact(&self, a: usize, b: usize) -> bool {
        self.contact.contains(&(a.min(b), a.max(b)))
    }
    /// Units in contact with `u`, in listed order.
    pub fn contacts(&self, u: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&o| o != u && self.in_contact(u, o))
            .collect()
    }
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        self.units[a].owner != self.units[b].owner
    }
    /// The log's name of unit `u`: `Name (id)`, or the id when they are the same.
    pub fn who(&self, u: usize) -> String {
        match self.units.get(u) {
            Some(x) if x.name != x.id => format!("{} ({})", x.name, x.id),
            Some(x) => x.id.clone(),
            None => "?".into(),
        }
    }
}
