//! The engine's state: two battle lines, life totals, the agenda of what the turn still
//! has to do, and the seeded random generator.
//!
//! A [`State`] is cheap to clone: names, abilities, traits and artifacts are shared
//! (`Arc`), so a snapshot copies two short vectors of small structs. Nothing here
//! mutates the board except [`super::event::apply`]; rule code reads the state and
//! emits events.

use std::sync::Arc;

use rand_pcg::Pcg32;
use serde::Serialize;

use super::ability::{Ability, AbilityKind};
use super::interpret::Interpretations;

/// 0 or 1: which player.
pub type Side = usize;

/// The other player.
pub fn foe(side: Side) -> Side {
    1 - side
}

/// A status a creature can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Plague Bearer's mark: destroyed at the start of the next turn.
    Pestilence,
    /// Cannot be damaged this turn (a spell's Invulnerability).
    Invulnerable,
    /// Shield: invulnerable during the turn it was summoned.
    Shielded,
    /// Terrify: cannot attack this turn.
    Terrified,
    /// Soothsay: loses its next attack.
    LosesNextAttack,
    /// Reanimate has already returned it once.
    Reanimated,
    /// Bastion bookkeeping: it has taken its one hit this turn.
    HitThisTurn,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Pestilence,
        Status::Invulnerable,
        Status::Shielded,
        Status::Terrified,
        Status::LosesNextAttack,
        Status::Reanimated,
        Status::HitThisTurn,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Status::Pestilence => "pestilence",
            Status::Invulnerable => "invulnerable",
            Status::Shielded => "shielded",
            Status::Terrified => "terrified",
            Status::LosesNextAttack => "loses_next_attack",
            Status::Reanimated => "reanimated",
            Status::HitThisTurn => "hit_this_turn",
        }
    }

    /// What the status means, for titles and docs.
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Pestilence => "Pestilence: destroyed at the start of the next turn",
            Status::Invulnerable => "Invulnerable: cannot be damaged this turn",
            Status::Shielded => "Shielded: invulnerable during the turn it was summoned",
            Status::Terrified => "Terrified: cannot attack this turn",
            Status::LosesNextAttack => "Soothsaid: loses its next attack",
            Status::Reanimated => "Reanimated: has already returned once",
            Status::HitThisTurn => "Bastion: has taken its one hit this turn",
        }
    }

    pub fn from_name(name: &str) -> Option<Status> {
        let key = crate::text::fold(name).replace([' ', '-'], "_");
        Status::ALL.into_iter().find(|s| s.name() == key)
    }

    /// Statuses that end with the turn (house rule T8).
    pub fn lasts_one_turn(self) -> bool {
        matches!(
            self,
            Status::Invulnerable | Status::Shielded | Status::Terrified | Status::HitThisTurn
        )
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of statuses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Statuses(u8);

impl Statuses {
    pub fn has(self, s: Status) -> bool {
        self.0 & s.bit() != 0
    }
    pub fn set(&mut self, s: Status, on: bool) {
        if on {
            self.0 |= s.bit()
        } else {
            self.0 &= !s.bit()
        }
    }
    pub fn iter(self) -> impl Iterator<Item = Status> {
        Status::ALL.into_iter().filter(move |s| self.has(*s))
    }
}

/// Traits the abilities look for, as bits; other traits are kept only as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trait {
    Beast = 1,
    Warrior = 2,
    Rider = 4,
    Undead = 8,
    Templar = 16,
}

/// The bit mask of the known traits among `traits`.
pub fn trait_mask(traits: &[Arc<str>]) -> u8 {
    let mut mask = 0;
    for t in traits {
        let key = crate::text::fold(t);
        mask |= match key.as_str() {
            "beast" => Trait::Beast as u8,
            "warrior" => Trait::Warrior as u8,
            "rider" => Trait::Rider as u8,
            "undead" => Trait::Undead as u8,
            "templar" => Trait::Templar as u8,
            _ => 0,
        };
    }
    mask
}

/// An artifact attached to a creature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Artifact {
    pub name: Arc<str>,
    /// Whether it is a catalogue card (written back by name) or defined inline.
    #[serde(skip)]
    pub from_catalogue: bool,
    pub attack: i32,
    pub life: i32,
}

/// A creature on a battle line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Creature {
    /// Unique within one adjudication; events and the agenda refer to creatures by it.
    pub id: u32,
    pub name: Arc<str>,
    /// Whether `name` is a catalogue card (its stats may still be overridden).
    pub from_catalogue: bool,
    /// Printed Attack, before every modifier.
    pub attack: i32,
    /// Printed Life plus permanent gains (Rider's Might), before modifiers.
    pub life: i32,
    pub abilities: Arc<[Ability]>,
    pub traits: Arc<[Arc<str>]>,
    pub trait_mask: u8,
    pub damage: i32,
    /// Every point of damage counted against it since it came into play (or, for a
    /// starting creature, since its `damage` was placed), healed or not: what Berserk
    /// counts under reading `berserk_healing: keeps_bonus`. Not part of the position
    /// format: a position read back starts it at `damage`.
    pub taken: i32,
    pub artifacts: Arc<[Artifact]>,
    pub status: Statuses,
    pub warlord: bool,
}

impl Creature {
    /// The value of `kind` if the creature has it (0 for abilities without values).
    pub fn ability(&self, kind: AbilityKind) -> Option<i32> {
        self.abilities
            .iter()
            .find(|a| a.kind == kind)
            .map(|a| a.value)
    }
    pub fn has(&self, kind: AbilityKind) -> bool {
        self.abilities.iter().any(|a| a.kind == kind)
    }
    pub fn is(&self, t: Trait) -> bool {
        self.trait_mask & t as u8 != 0
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: Arc<str>,
    pub life: i32,
    /// Slot 1 is index 0. `None` is an empty slot; trailing empty slots are kept only
    /// while something may still fill them.
    pub line: Vec<Option<Creature>>,
    /// Creatures Reanimate will return at the end of this turn.
    pub returning: Vec<Creature>,
}

/// The stats of a card the engine may summon: Wall of Ice, the Endless Serpent's three
/// sections, the Omega Rabbit. Taken from the catalogue when the position is read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summons {
    pub wall_of_ice: Option<Creature>,
    pub serpent: Option<[Creature; 3]>,
    pub omega_rabbit: Option<Creature>,
}

/// A card to be played in a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCard {
    Creature(Creature),
    Artifact(Artifact),
}

/// An entry of the position's `actions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub turn: u32,
    pub side: Side,
    pub card: PlayCard,
    /// Index of the slot named, if any.
    pub slot: Option<usize>,
}

/// A judge's fixed outcome for one chance step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// 1-based ordinal of the chance step in the adjudication.
    pub chance: u32,
    /// 1-based slot of the candidate to pick.
    pub slot: usize,
}

/// The phases of a turn (house rule T1), plus the end of adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    StartOfTurn,
    ComesIntoPlay,
    Battle,
    Fury,
    EndOfCombatRound,
    EndOfTurn,
    GameOver,
}

impl Phase {
    pub fn label(self) -> &'static str {
        match self {
            Phase::StartOfTurn => "start of turn",
            Phase::ComesIntoPlay => "cards come into play",
            Phase::Battle => "battle",
            Phase::Fury => "Fury",
            Phase::EndOfCombatRound => "end of the combat round",
            Phase::EndOfTurn => "end of turn",
            Phase::GameOver => "game over",
        }
    }
}

/// How adjudication ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// One player's life reached 0.
    Win { winner: Side, loser: Side },
    /// Both reached 0 at once.
    Draw,
    /// The turns to play ran out.
    TurnsPlayed,
    /// The step bound was hit.
    StepBound,
    /// A judge's pin named an option the decision does not have.
    BadDecision {
        decision: u32,
        option: usize,
        options: usize,
    },
    /// A judge's choice named a slot that was not a candidate.
    BadChoice {
        chance: u32,
        slot: usize,
        candidates: Vec<usize>,
    },
}

/// One unit of work on the agenda. Each step runs tasks until one of them emits events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    BeginTurn,
    Melt,
    Pestilence,
    StartEffects,
    /// The effects that come "at the beginning of each Battle round" (Terrify, reading
    /// `terrify: before_battle`) or "each turn" (reading `each_turn: before_battle`).
    BattleEffects,
    Trigger {
        side: Side,
        id: u32,
        kind: AbilityKind,
    },
    Plays,
    Play(usize),
    BeginBattle,
    Combat(usize),
    BeginFury,
    FuryCombat(usize),
    Shift,
    Heals,
    Fade,
    Sabotage,
    IceBlock,
    Reanimate,
    EndTurn,
}

impl Task {
    pub fn phase(self, st: &State) -> Phase {
        match self {
            Task::BeginTurn | Task::Pestilence | Task::StartEffects => Phase::StartOfTurn,
            Task::Melt => match st.interpretations.melt {
                super::interpret::MeltTiming::StartOfTurn => Phase::StartOfTurn,
                super::interpret::MeltTiming::BeforeCombat => Phase::ComesIntoPlay,
            },
            Task::BattleEffects => Phase::Battle,
            Task::Trigger { kind, .. } => match kind {
                AbilityKind::Bolt => Phase::StartOfTurn,
                AbilityKind::Terrify => match st.interpretations.terrify {
                    super::interpret::TerrifyTiming::BeforeBattle => Phase::Battle,
                    super::interpret::TerrifyTiming::StartOfTurn => Phase::StartOfTurn,
                },
                AbilityKind::Curse | AbilityKind::Soothsay | AbilityKind::TemplarsWrath => {
                    match st.interpretations.each_turn {
                        super::interpret::EachTurn::BeforeBattle => Phase::Battle,
                        super::interpret::EachTurn::StartOfTurn => Phase::StartOfTurn,
                    }
                }
                AbilityKind::Heal
                | AbilityKind::Regen
                | AbilityKind::RegenAura
                | AbilityKind::Ascend => Phase::EndOfTurn,
                _ => Phase::ComesIntoPlay,
            },
            Task::Plays | Task::Play(_) => Phase::ComesIntoPlay,
            Task::BeginBattle | Task::Combat(_) => Phase::Battle,
            Task::BeginFury | Task::FuryCombat(_) => Phase::Fury,
            Task::Shift => Phase::EndOfCombatRound,
            Task::IceBlock
                if st.interpretations.ice_block
                    == super::interpret::IceBlockTiming::BeforeShift =>
            {
                Phase::EndOfCombatRound
            }
            Task::Heals
            | Task::Fade
            | Task::Sabotage
            | Task::IceBlock
            | Task::Reanimate
            | Task::EndTurn => Phase::EndOfTurn,
        }
    }
}

/// Everything the engine knows.
#[derive(Clone, Debug)]
pub struct State {
    pub players: [Player; 2],
    /// The turn being played (1-based).
    pub turn: u32,
    /// The last turn to play.
    pub last_turn: u32,
    /// The seed the position named.
    pub seed: u64,
    pub rng: Pcg32,
    /// Chance steps taken so far.
    pub chances: u32,
    pub choices: Arc<[Choice]>,
    /// Player decisions taken so far.
    pub decisions: u32,
    /// The judge's pins of decisions.
    pub decision_pins: Arc<[crate::rules::DecisionPin]>,
    pub interpretations: Interpretations,
    pub plays: Arc<[Play]>,
    pub summons: Arc<Summons>,
    /// Tasks still to run this turn, the next one last.
    pub agenda: Vec<Task>,
    /// The phase of the last step.
    pub phase: Phase,
    pub next_id: u32,
    pub steps: u32,
    /// Damage on each creature when the battle phase began (Berserk, `before_battle`).
    pub battle_start_damage: Vec<(u32, i32)>,
    pub outcome: Option<Outcome>,
}

impl State {
    /// The slot of creature `id` on `side`'s line.
    pub fn slot_of(&self, side: Side, id: u32) -> Option<usize> {
        self.players[side]
            .line
            .iter()
            .position(|c| c.as_ref().is_some_and(|c| c.id == id))
    }

    pub fn at(&self, side: Side, slot: usize) -> Option<&Creature> {
        self.players[side].line.get(slot).and_then(|c| c.as_ref())
    }

    /// The creatures on `side`'s line with their slots, front first.
    pub fn creatures(&self, side: Side) -> impl Iterator<Item = (usize, &Creature)> {
        self.players[side]
            .line
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|c| (i, c)))
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn fresh_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }
}
