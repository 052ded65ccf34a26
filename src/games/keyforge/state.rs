//! The state of a KeyForge turn: both players and their zones (each card with its
//! abilities read), the active player and house, the actions still to take, the judge's
//! pins and rulings, the readings, and the counters the log numbers decisions by.
//!
//! This file owns the types and the lookups rule code asks (where a card is, its power
//! and keywords as they stand); it plays nothing: `turn.rs` and `families/` decide, and
//! `event.rs` changes the state.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::effect::{Ability, Body, Constant, Keyword};
use super::format::{ActionSpec, CardSpec, Icon, Kind, Position, RulingChange, Verb};
use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
use crate::rules::reject::OnRejection;

/// One card as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// The card's spec as the position gave it (written back with the fields below).
    pub spec: Arc<CardSpec>,
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub house: String,
    pub power: i32,
    pub armor: i32,
    pub traits: Vec<String>,
    /// Bonus icons, top to bottom.
    pub bonus: Vec<Icon>,
    pub abilities: Vec<Ability>,
    /// The player who owns it (0 or 1).
    pub owner: usize,
    pub damage: i32,
    pub armor_used: i32,
    pub exhausted: bool,
    pub stunned: bool,
    pub elusive_used: bool,
    /// Æmber captured on it.
    pub amber: i32,
    pub upgrades: Vec<Card>,
}

impl Card {
    /// Whether it has trait `t` (folded).
    pub fn has_trait(&self, t: &str) -> bool {
        self.traits.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    /// Its constants, and those its upgrades give it.
    pub fn constants(&self) -> Vec<&Constant> {
        let own = self.abilities.iter().filter_map(|a| match &a.body {
            Body::Constants { constants } => Some(constants.iter()),
            _ => None,
        });
        own.flatten().collect()
    }
    /// The keyword's X (1 for keywords without one) when it has it, its own or
    /// granted by an upgrade.
    pub fn keyword(&self, k: Keyword) -> Option<u32> {
        let mut found: Option<u32> = None;
        let mut add = |x: u32| found = Some(found.unwrap_or(0).saturating_add(x.max(1)));
        for c in self.constants() {
            if let Constant::Keyword { keyword, x } = c {
                if *keyword == k {
                    add(*x);
                }
            }
        }
        for u in &self.upgrades {
            for c in u.constants() {
                if let Constant::Grants { keyword, x } = c {
                    if *keyword == k {
                        add(*x);
                    }
                }
            }
        }
        found
    }
    pub fn has_constant(&self, want: &Constant) -> bool {
        self.constants().into_iter().any(|c| c == want)
    }
    /// Its abilities with trigger `t`, its upgrades' included.
    pub fn triggered(&self, t: super::effect::Trigger) -> Vec<(String, Ability)> {
        let mut out: Vec<(String, Ability)> = self
            .abilities
            .iter()
            .filter(|a| a.has(t))
            .map(|a| (self.id.clone(), a.clone()))
            .collect();
        if self.kind == Kind::Creature {
            for u in &self.upgrades {
                out.extend(
                    u.abilities
                        .iter()
                        .filter(|a| a.has(t))
                        .map(|a| (u.id.clone(), a.clone())),
                );
            }
        }
        out
    }
}

/// A zone of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Hand,
    Discard,
    Archives,
    Deck,
    Battleline,
    Artifacts,
}

impl Place {
    pub fn name(self) -> &'static str {
        match self {
            Place::Hand => "hand",
            Place::Discard => "discard pile",
            Place::Archives => "archives",
            Place::Deck => "deck",
            Place::Battleline => "battleline",
            Place::Artifacts => "artifacts",
        }
    }
    pub fn in_play(self) -> bool {
        matches!(self, Place::Battleline | Place::Artifacts)
    }
    pub const ALL: [Place; 6] = [
        Place::Hand,
        Place::Discard,
        Place::Archives,
        Place::Deck,
        Place::Battleline,
        Place::Artifacts,
    ];
}

/// A player and every zone.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub amber: i32,
    pub keys: i32,
    pub hand: Vec<Card>,
    pub discard: Vec<Card>,
    pub archives: Vec<Card>,
    pub deck: Vec<Card>,
    pub battleline: Vec<Card>,
    pub artifacts: Vec<Card>,
    /// Power friendly creatures get until the end of the turn.
    pub power_bonus: i32,
}

impl Player {
    pub fn zone(&self, p: Place) -> &Vec<Card> {
        match p {
            Place::Hand => &self.hand,
            Place::Discard => &self.discard,
            Place::Archives => &self.archives,
            Place::Deck => &self.deck,
            Place::Battleline => &self.battleline,
            Place::Artifacts => &self.artifacts,
        }
    }
    pub fn zone_mut(&mut self, p: Place) -> &mut Vec<Card> {
        match p {
            Place::Hand => &mut self.hand,
            Place::Discard => &mut self.discard,
            Place::Archives => &mut self.archives,
            Place::Deck => &mut self.deck,
            Place::Battleline => &mut self.battleline,
            Place::Artifacts => &mut self.artifacts,
        }
    }
}

/// Where a card is: its player's zone and its index there; `upgrade` when it is an
/// upgrade on the creature at that index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub player: usize,
    pub place: Place,
    pub index: usize,
    pub upgrade: Option<usize>,
}

/// What the step played last (the action's verb), for the log's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Start,
    Play,
    Reap,
    Fight,
    Action,
    Omni,
    PutIntoPlay,
    PlayFrom,
}

impl Phase {
    pub fn of(v: Verb) -> Phase {
        match v {
            Verb::Play => Phase::Play,
            Verb::Reap => Phase::Reap,
            Verb::Fight => Phase::Fight,
            Verb::Action => Phase::Action,
            Verb::Omni => Phase::Omni,
            Verb::PutIntoPlay => Phase::PutIntoPlay,
            Verb::PlayFrom => Phase::PlayFrom,
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Phase::Start => "start of the position",
            Phase::Play => "play a card",
            Phase::Reap => "reap",
            Phase::Fight => "fight",
            Phase::Action => "use an Action: ability",
            Phase::Omni => "use an Omni: ability",
            Phase::PutIntoPlay => "put a card into play",
            Phase::PlayFrom => "play a card from a zone",
        }
    }
}

/// How adjudication ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `actions_done`, `stopped_at_rejection` or `bad_pin`.
    pub result: &'static str,
    /// The actions rejected (1-based).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rejected: Vec<usize>,
}

/// The turn as it stands between steps.
#[derive(Clone, Debug)]
pub struct State {
    pub position: Arc<Position>,
    pub players: [Player; 2],
    pub active: usize,
    pub house: String,
    pub actions: Arc<Vec<ActionSpec>>,
    /// The next action to take (0-based).
    pub next: usize,
    pub decision_pins: Arc<Vec<DecisionPin>>,
    pub rulings: Arc<Vec<(u32, Vec<RulingChange>)>>,
    pub readings: Interpretations,
    pub on_rejection: OnRejection,
    /// Whether the start-of-position findings were logged.
    pub started: bool,
    pub phase: Phase,
    pub steps: u32,
    /// Decisions met so far.
    pub decisions: u32,
    pub rejected: Vec<usize>,
    /// The cards the last `Look` showed (ids), top first.
    pub looked: Vec<String>,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn opponent(p: usize) -> usize {
        1 - p.min(1)
    }
    /// Where card `id` is, anywhere.
    pub fn find(&self, id: &str) -> Option<Location> {
        for (pi, p) in self.players.iter().enumerate() {
            for place in Place::ALL {
                for (i, c) in p.zone(place).iter().enumerate() {
                    if c.id == id {
                        return Some(Location {
                            player: pi,
                            place,
                            index: i,
                            upgrade: None,
                        });
                    }
                    if let Some(u) = c.upgrades.iter().position(|u| u.id == id) {
                        return Some(Location {
                            player: pi,
                            place,
                            index: i,
                            upgrade: Some(u),
                        });
                    }
                }
            }
        }
        None
    }
    pub fn card_at(&self, l: Location) -> Option<&Card> {
        let c = self.players.get(l.player)?.zone(l.place).get(l.index)?;
        match l.upgrade {
            Some(u) => c.upgrades.get(u),
            None => Some(c),
        }
    }
    pub fn card_at_mut(&mut self, l: Location) -> Option<&mut Card> {
        let c = self
            .players
            .get_mut(l.player)?
            .zone_mut(l.place)
            .get_mut(l.index)?;
        match l.upgrade {
            Some(u) => c.upgrades.get_mut(u),
            None => Some(c),
        }
    }
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.find(id).and_then(|l| self.card_at(l))
    }
    pub fn card_mut(&mut self, id: &str) -> Option<&mut Card> {
        let l = self.find(id)?;
        self.card_at_mut(l)
    }
    /// Whether `id` is a creature in a battleline.
    pub fn creature_in_play(&self, id: &str) -> bool {
        self.find(id)
            .is_some_and(|l| l.place == Place::Battleline && l.upgrade.is_none())
    }
    /// Whether `id` is in play (a creature, an artifact or an upgrade on a creature).
    pub fn in_play(&self, id: &str) -> bool {
        self.find(id).is_some_and(|l| l.place.in_play())
    }
    /// Who controls the card (the player whose zone holds it).
    pub fn controller(&self, id: &str) -> Option<usize> {
        self.find(id).map(|l| l.player)
    }
    /// A creature's power as it stands: printed, with the turn's bonus for its
    /// controller.
    pub fn power(&self, id: &str) -> i32 {
        match self.find(id) {
            Some(l) if l.place == Place::Battleline && l.upgrade.is_none() => self
                .card_at(l)
                .map_or(0, |c| c.power + self.players[l.player].power_bonus),
            _ => self.card(id).map_or(0, |c| c.power),
        }
    }
    /// The card's name for the log: `Name (id)`, or the id alone when they are the same.
    pub fn who(&self, id: &str) -> String {
        match self.card(id) {
            Some(c) if c.name != c.id => format!("{} ({})", c.name, c.id),
            _ => id.to_string(),
        }
    }
    /// Every creature in play, player 0's left to right then player 1's.
    pub fn creatures(&self) -> Vec<(usize, String)> {
        self.players
            .iter()
            .enumerate()
            .flat_map(|(p, pl)| pl.battleline.iter().map(move |c| (p, c.id.clone())))
            .collect()
    }
}
