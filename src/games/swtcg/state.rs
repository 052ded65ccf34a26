//! The state of one attack: the units (with their abilities parsed), the attacker and
//! the defender, the dice rolled so far, the damage on its way, the judge's pins and
//! decisions, the seeded generator (PCG-32: never global), and the step the attack is in.
//!
//! This file owns the types and the lookups rule code asks (`has`, `x`); it plays
//! nothing: `attack.rs` plays the steps and `event.rs` changes the state.

use std::sync::Arc;

use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

use super::format::Position;
use super::interpret::Interpretations;

pub use super::format::Side;

/// The keywords the resolver knows (seed 002's nineteen, Accuracy and Retaliate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Keyword {
    Accuracy,
    Armor,
    CriticalHit,
    Deflect,
    DoubleDamage,
    Enhance,
    Equip,
    Evade,
    Foresight,
    Forewarning,
    Fury,
    Insert,
    Intercept,
    Lucky,
    Meditate,
    Parry,
    Precision,
    Reserves,
    Retaliate,
    Shields,
    Stack,
}

impl Keyword {
    /// `(keyword, its name, whether it takes X)`.
    pub const ALL: &'static [(Keyword, &'static str, bool)] = &[
        (Keyword::Accuracy, "Accuracy", true),
        (Keyword::Armor, "Armor", false),
        (Keyword::CriticalHit, "Critical Hit", true),
        (Keyword::Deflect, "Deflect", true),
        (Keyword::DoubleDamage, "Double Damage", false),
        (Keyword::Enhance, "Enhance", false),
        (Keyword::Equip, "Equip", false),
        (Keyword::Evade, "Evade", true),
        (Keyword::Foresight, "Foresight", false),
        (Keyword::Forewarning, "Forewarning", false),
        (Keyword::Fury, "Fury", true),
        (Keyword::Insert, "INSERT", false),
        (Keyword::Intercept, "Intercept", false),
        (Keyword::Lucky, "Lucky", true),
        (Keyword::Meditate, "Meditate", false),
        (Keyword::Parry, "Parry", true),
        (Keyword::Precision, "Precision", false),
        (Keyword::Reserves, "Reserves", false),
        (Keyword::Retaliate, "Retaliate", true),
        (Keyword::Shields, "Shields", true),
        (Keyword::Stack, "Stack", false),
    ];

    /// Whether the resolver pays a Force cost written on it (house rule S19): the
    /// abilities seed 002 calls activated, and Enhance's additional cost.
    pub fn pays(self) -> bool {
        matches!(
            self,
            Keyword::Deflect
                | Keyword::Evade
                | Keyword::Intercept
                | Keyword::Meditate
                | Keyword::Enhance
                | Keyword::Equip
        )
    }

    pub fn name(self) -> &'static str {
        Keyword::ALL
            .iter()
            .find(|(k, _, _)| *k == self)
            .map_or("?", |(_, n, _)| n)
    }
}

/// One ability instance: `Critical Hit 2`, `Foresight: Gain 2 Force`, `Elude`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Ability {
    pub keyword: Keyword,
    /// X (0 for a keyword without X).
    pub x: u32,
    /// What follows `:` (`Gain 2 Force`), if anything.
    pub param: Option<String>,
    /// Written as Elude, the former name of Precision.
    pub elude: bool,
}

/// The Force a text's first `Pay N Force` asks (`Pay 2 Force: also Double Damage`).
pub fn pay_force(text: &str) -> Option<u32> {
    force_after(text, "pay")
}

/// The Force a text's first `Gain N Force` gives (`Gain 2 Force`).
pub fn gain_force(text: &str) -> Option<u32> {
    force_after(text, "gain")
}

fn force_after(text: &str, verb: &str) -> Option<u32> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | '.' | ','))
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(3).find_map(|w| {
        let says = w[0].eq_ignore_ascii_case(verb) && w[2].eq_ignore_ascii_case("force");
        says.then(|| w[1].parse().ok()).flatten()
    })
}

impl Ability {
    /// Its cost in Force (`Evade 2: Pay 1 Force`, `Meditate: Pay 4 Force.`, `Enhance:
    /// Pay 2 Force: also …`), for a keyword the resolver pays (house rule S19).
    pub fn cost(&self) -> Option<u32> {
        if !self.keyword.pays() {
            return None;
        }
        let text = self.param.as_deref()?;
        // Enhance's cost is before its effect: `Pay 2 Force: also …`.
        let head = match self.keyword {
            Keyword::Enhance => text.rsplit_once(':').map_or(text, |(c, _)| c),
            _ => text,
        };
        pay_force(head)
    }

    pub fn label(&self) -> String {
        let name = if self.elude {
            "Elude"
        } else {
            self.keyword.name()
        };
        let mut s = name.to_string();
        if self.x > 0 {
            s.push_str(&format!(" {}", self.x));
        }
        if let Some(p) = &self.param {
            s.push_str(&format!(": {p}"));
        }
        s
    }
}

/// A unit in the attack's arena (or another).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub arena: String,
    pub power: i32,
    pub health: i32,
    pub abilities: Vec<Ability>,
    /// Abilities gained after the attack dice were rolled.
    pub late: Vec<Ability>,
    pub damage: i32,
    /// Damage when the attack began (the odds count what this attack adds).
    pub start_damage: i32,
    pub tapped: bool,
    pub discarded: bool,
    /// Cards stacked under it, by name.
    pub stack: Vec<String>,
    /// Equipment attached, by name.
    pub equipment: Vec<String>,
    /// Played from the discard pile by Meditate: removed from the game instead of
    /// discarded.
    pub meditated: bool,
    /// Removed from the game (Meditate's "remove it from the game instead"): out of
    /// play and not in the discard pile.
    pub removed: bool,
    /// The layers of its effective abilities: each granted ability, what granted it and
    /// whether it works here (house rule S10).
    pub layers: Vec<Layer>,
    /// INSERT, Reserves and Enhance effects the resolver does not read as a keyword
    /// ability, as `(card, label)`: named in the build step for the judge.
    pub unread: Vec<(String, String)>,
}

/// An ability a unit gets from another effect (INSERT, Reserves, Equip, Enhance).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Layer {
    pub ability: Ability,
    /// `INSERT`, `Reserves`, `Equip`, `Enhance`.
    pub by: &'static str,
    /// The card it comes from (the unit itself, a card in its stack, an Equipment).
    pub from: String,
    /// Whether it works on the unit in the arena (a Reserves ability works only in the
    /// build zone).
    pub works: bool,
}

/// One action before the attack, resolved to unit indices and parsed abilities.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub verb: super::format::Verb,
    pub unit: usize,
    pub card: String,
    pub unique: bool,
    pub top: bool,
    pub window: super::format::Window,
    /// Which copy of the Equipment (house rule S14).
    pub copy: u32,
    /// The judge says the card represents the same unit as a listed card or meets
    /// another criterion of the list (house rule S13).
    pub same_unit: bool,
    /// Abilities an Equipment gives.
    pub grants: Vec<Ability>,
    /// The INSERT abilities of the card stacked (from the catalogue).
    pub inserts: Vec<Ability>,
    /// An Equip action's cost in Force (the action's `cost`, else the catalogue card's
    /// `Equip: Pay N Force`); `None` when neither gives it.
    pub cost: Option<u32>,
}

impl Unit {
    /// Its instances of `k` among the abilities it had before the roll.
    pub fn instances(&self, k: Keyword) -> impl Iterator<Item = &Ability> {
        self.abilities.iter().filter(move |a| a.keyword == k)
    }
    /// Whether it has `k` (before the roll, or after it when `late` counts).
    pub fn has(&self, k: Keyword) -> bool {
        self.instances(k).next().is_some()
    }
    /// Whether it gained `k` only after the roll.
    pub fn has_late(&self, k: Keyword) -> bool {
        self.late.iter().any(|a| a.keyword == k)
    }
    /// The sum of the X values of `k` (a cumulative keyword), before the roll.
    pub fn x(&self, k: Keyword) -> u32 {
        self.instances(k).map(|a| a.x).sum()
    }
    /// Every instance of `k`, gained before or after the roll (for abilities that are
    /// not too late), in the order listed.
    pub fn all_instances(&self, k: Keyword) -> Vec<&Ability> {
        self.abilities
            .iter()
            .chain(self.late.iter())
            .filter(|a| a.keyword == k)
            .collect()
    }
}

/// Which roll a die belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pool {
    /// Rolled for the attacker's Power.
    Attack,
    /// Fury's additional dice.
    Fury,
    /// Retaliate's dice of damage, rolled when the attack ends (not attack dice).
    Retaliate,
}

/// One attack die as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Die {
    pub pool: Pool,
    pub face: u8,
    /// Times it was re-rolled.
    pub rerolls: u8,
    /// Its face in the roll, before any re-roll (what Fury reads).
    pub first: u8,
}

/// What the roll used for the attack comes to: all that the steps after it read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Summary {
    pub hits: u32,
    /// At least one natural 1 counts (for Parry).
    pub one: bool,
    /// At least one natural 6 counts (for Critical Hit).
    pub six: bool,
}

/// One instance of damage on its way to a unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Damage {
    /// The unit doing it.
    pub source: usize,
    pub target: usize,
    pub amount: u32,
    /// The attack's own damage (hits and Critical Hit), not damage Deflect created.
    pub attack: bool,
    /// Evade instances of the target already played against it.
    pub evaded: Vec<usize>,
}

/// A step of the attack (the public sequence's ten, in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the attack: the build step's actions, the layers of abilities, Enhance
    /// (played only when there is any; house rule S10).
    Build,
    Declare,
    AttackPop,
    Roll,
    Rerolls,
    Hits,
    PendingDamage,
    DamagePrevention,
    DamagePlacement,
    Discard,
    /// When the attack ends: Retaliate's dice of damage (played only when a unit
    /// retaliates; house rule S9).
    Retaliate,
    End,
}

impl Phase {
    pub fn label(self) -> &'static str {
        match self {
            Phase::Build => "before the attack: build step",
            Phase::Declare => "declare the attack",
            Phase::AttackPop => "attack POP",
            Phase::Roll => "initial dice roll",
            Phase::Rerolls => "rerolls",
            Phase::Hits => "count hits",
            Phase::PendingDamage => "pending damage POP",
            Phase::DamagePrevention => "damage prevention POP",
            Phase::DamagePlacement => "damage placement POP",
            Phase::Discard => "discard",
            Phase::Retaliate => "attack ends: Retaliate",
            Phase::End => "attack ends",
        }
    }
    /// The step after this one.
    pub fn next(self) -> Option<Phase> {
        use Phase::*;
        Some(match self {
            Build => Declare,
            Declare => AttackPop,
            AttackPop => Roll,
            Roll => Rerolls,
            Rerolls => Hits,
            Hits => PendingDamage,
            PendingDamage => DamagePrevention,
            DamagePrevention => DamagePlacement,
            DamagePlacement => Discard,
            Discard => Retaliate,
            Retaliate => End,
            End => return None,
        })
    }
}

/// How adjudication ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// `attack_ended`.
    pub result: &'static str,
    /// The units discarded by the attack, by id.
    pub discarded: Vec<String>,
    /// Units removed from the game instead of discarded (Meditate).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// The exact odds, when the position asked for them (`odds: true`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<super::report::OddsReport>,
}

/// The judge's pins and decisions, resolved to unit indices.
/// The Deflect option (and `decisions.deflect` value) that prevents and does no damage:
/// the unit "may" do that much damage.
pub const NO_DAMAGE: &str = "no damage";
/// The Deflect option (and `decisions.deflect` value) that does not play the activated
/// Deflect at all.
pub const NOT_PLAYED: &str = "not played";

/// What a judge pinned for a unit's Deflect: the unit it damages, or that it prevents
/// and does no damage ("may"), or that it is not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeflectPin {
    Unit(usize),
    NoDamage,
    NotPlayed,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pins {
    /// Faces of the attack dice by index (`None`: drawn).
    pub attack: Vec<Option<u8>>,
    pub fury: Vec<Option<u8>>,
    /// `(die, face)` for re-rolls, in order: the n-th re-roll of a die takes the n-th
    /// entry naming it.
    pub rerolls: Vec<(usize, u8)>,
    /// Units intercepting, in order.
    pub intercept: Vec<usize>,
    /// Evade amount per unit (each instance prevents at most this).
    pub evade: Vec<(usize, u32)>,
    /// Deflect target per deflecting unit.
    pub deflect: Vec<(usize, DeflectPin)>,
    /// Dice each side's Lucky re-rolls.
    pub lucky: [Option<Vec<usize>>; 2],
    /// Predicted hits per unit (Foresight, Forewarning).
    pub predict: Vec<(usize, u32)>,
    /// Faces of Retaliate's dice, by index over every retaliating unit's dice in turn.
    pub retaliate: Vec<Option<u8>>,
    /// Enhance declared (or not) per unit.
    pub enhance: Vec<(usize, bool)>,
}

impl Pins {
    /// Whether any pin reaches past the first roll (re-rolls and Lucky's dice), which
    /// the odds model leaves to enumeration.
    pub fn past_the_roll(&self) -> bool {
        !self.rerolls.is_empty() || self.lucky.iter().any(Option::is_some)
    }
}

/// The attack as it stands between steps.
#[derive(Clone, Debug)]
pub struct State {
    pub position: Arc<Position>,
    pub units: Vec<Unit>,
    pub attacker: usize,
    pub defender: usize,
    /// Every unit that has been attacked (the declared defender and each interceptor).
    pub attacked: Vec<usize>,
    pub rng: Pcg32,
    pub pins: Arc<Pins>,
    pub readings: Interpretations,
    pub odds: bool,
    /// The step played last (`None` before the first).
    pub phase: Option<Phase>,
    pub steps: u32,
    /// Chance nodes and decisions met so far.
    pub chances: u32,
    pub decisions: u32,
    /// The predictions made before the roll: `(unit, hits)` (Foresight, Forewarning).
    pub predicted: Vec<(usize, u32)>,
    pub dice: Vec<Die>,
    pub summary: Option<Summary>,
    /// The attack's damage pending to the defender.
    pub pending: u32,
    /// Damage after prevention, waiting to be placed.
    pub placed: Vec<Damage>,
    pub outcome: Option<Outcome>,
    /// The odds reported at the declaration, carried into the outcome.
    pub report: Option<super::report::OddsReport>,
    /// The actions before the attack, in order.
    pub actions: Arc<Vec<Action>>,
    /// Equipment whose Equip cost was paid this turn, by name.
    pub equipped: Vec<(String, u32)>,
    /// Each side's Force as it stands, by [`side_index`] (`None`: unknown, so every cost
    /// is assumed paid; house rule S19).
    pub force: [Option<u32>; 2],
}

/// A side's index in [`State::force`].
pub fn side_index(side: Side) -> usize {
    match side {
        Side::Dark => 0,
        Side::Light => 1,
    }
}

impl State {
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// The phase the next step plays (the Retaliate step only when a unit retaliates).
    pub fn next_phase(&self) -> Option<Phase> {
        let next = match self.phase {
            None => Some(Phase::Build),
            Some(p) => p.next(),
        };
        match next {
            Some(Phase::Build) if !self.has_build_work() => Some(Phase::Declare),
            Some(Phase::Retaliate) if self.retaliators().is_empty() => Some(Phase::End),
            n => n,
        }
    }
    /// Whether anything happens before the attack: actions, layers, Enhance.
    pub fn has_build_work(&self) -> bool {
        !self.actions.is_empty()
            || self
                .units
                .iter()
                .any(|u| !u.layers.is_empty() || !u.unread.is_empty() || u.has(Keyword::Enhance))
    }
    /// The units that roll Retaliate's dice when the attack ends, with their X (house
    /// rule S9): every unit the attack attacked (the declared defender and each
    /// interceptor) that is not discarded and has Retaliate, gained before or after the
    /// roll; its X values add (cumulative).
    pub fn retaliators(&self) -> Vec<(usize, u32)> {
        self.attacked
            .iter()
            .filter_map(|&i| {
                let u = self.units.get(i)?;
                let x: u32 = u
                    .all_instances(Keyword::Retaliate)
                    .iter()
                    .map(|a| a.x)
                    .sum();
                (x > 0 && !u.discarded).then_some((i, x))
            })
            .collect()
    }
    pub fn unit(&self, i: usize) -> Option<&Unit> {
        self.units.get(i)
    }
    /// The id of unit `i` (`?` out of range).
    pub fn id(&self, i: usize) -> &str {
        self.units.get(i).map_or("?", |u| u.id.as_str())
    }
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }
    pub fn attacker(&self) -> &Unit {
        &self.units[self.attacker]
    }
    pub fn defender(&self) -> &Unit {
        &self.units[self.defender]
    }
    /// The Force of unit `u`'s side (`None`: unknown).
    pub fn force_of(&self, u: usize) -> Option<u32> {
        let side = self.units.get(u)?.side;
        self.force[side_index(side)]
    }
}
