//! Events: what happened, to whom, and the rule that caused it.
//!
//! Every change to the board is an [`Event`] and is made by [`apply`], so replaying a
//! log from the starting board reproduces the final board (a tested property). Events
//! are structured; their sentence for the log is rendered on demand by
//! [`Event::describe`], which keeps the engine's hot path free of string formatting.

use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::cite::Rule;
use super::position;
use super::state::{Artifact, Creature, Outcome, Player, Side, State, Status};
use crate::rules::{Chance, Decision};

/// A creature, as an event names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Actor {
    pub side: Side,
    /// 1-based in JSON and text; 0-based in Rust.
    #[serde(serialize_with = "one_based")]
    pub slot: usize,
    pub name: Arc<str>,
    #[serde(skip)]
    pub id: u32,
}

impl Actor {
    pub fn of(side: Side, slot: usize, c: &Creature) -> Actor {
        Actor {
            side,
            slot,
            name: c.name.clone(),
            id: c.id,
        }
    }
}

fn one_based<S: Serializer>(slot: &usize, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(*slot as u64 + 1)
}

/// Where a creature goes when it leaves the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Destroyed and discarded (with its artifacts).
    Destroyed,
    /// Destroyed; Reanimate will return it at the end of the turn.
    Returning,
    /// Destroyed and set aside (the Endless Serpent).
    SetAside,
    /// Removed without being destroyed (Melt, a transformation, the Gatekeepers).
    Removed,
}

/// What happened. Each variant that changes the board is undone by nothing and redone
/// by [`apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Change {
    /// A new turn begins.
    TurnBegins { turn: u32 },
    /// A creature attacks (or tries to).
    Attacks {
        attacker: Actor,
        target: Option<Actor>,
        player: Option<Side>,
    },
    /// A creature is dealt damage. `onto` is where it is counted (the Endless Serpent's
    /// body for any section).
    Damage {
        source: Option<Actor>,
        target: Actor,
        onto: Actor,
        amount: i32,
        blocked: i32,
        blocked_by: Option<&'static str>,
        /// Whether the hit uses up Bastion's one hit this turn.
        marks_hit: bool,
    },
    /// A player is dealt damage.
    PlayerDamage {
        source: Option<Actor>,
        side: Side,
        amount: i32,
    },
    /// Damage is removed from a creature.
    Heal { target: Actor, amount: i32 },
    /// A player gains life.
    PlayerHeal { side: Side, amount: i32 },
    /// A creature gains Life for good (Rider's Might).
    GainLife { target: Actor, amount: i32 },
    /// A creature leaves the line; its slot is left empty.
    Leaves { who: Actor, fate: Fate },
    /// A creature enters the line at `slot`; with `insert`, the creatures from that slot
    /// on shift down one.
    Enters {
        side: Side,
        #[serde(serialize_with = "one_based")]
        slot: usize,
        insert: bool,
        #[serde(serialize_with = "creature_json")]
        creature: Box<Creature>,
    },
    /// A line is rearranged (Charge, Fade, shifting up, the Endless Serpent): `order`
    /// is the new line, by creature.
    Rearranged {
        side: Side,
        #[serde(serialize_with = "order_json")]
        order: Vec<Option<(u32, Arc<str>)>>,
        moved: Option<Arc<str>>,
    },
    /// A status is gained or lost.
    Status {
        who: Actor,
        status: Status,
        on: bool,
    },
    /// An artifact is attached to, or destroyed on, a creature.
    Artifact {
        who: Actor,
        artifact: Artifact,
        attached: bool,
    },
    /// Statuses that last a turn end (house rule T8).
    TurnStatusesEnd { turn: u32 },
    /// A random pick. `candidates` is every creature that could have been picked.
    Chance(Chance<Actor>),
    /// A player's decision. `options` is every creature that could have been chosen.
    Decision(Decision<Actor>),
    /// A static modifier (the event's rule: Incite, Swarm...) adds `amount` to the
    /// Attack of `who` as it attacks; `attack` is its Attack with every modifier.
    /// Changes nothing on the board.
    Modifier {
        who: Actor,
        amount: i32,
        attack: i32,
    },
    /// A rule applies but changes nothing on the board ("Ambush has no effect").
    Note {
        who: Option<Actor>,
        text: &'static str,
    },
    /// Adjudication ends.
    Ends { outcome: Outcome },
}

/// One event: the change and the rule behind it (the cited sentence, and any house rule
/// or reading that settled what the sentence leaves open).
pub type Event = crate::rules::Event<Change>;

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct EventJson<'a> {
            text: String,
            rule: &'a Rule,
            change: &'a Change,
        }
        EventJson {
            text: self.describe_plain(),
            rule: &self.cite,
            change: &self.change,
        }
        .serialize(s)
    }
}

fn creature_json<S: Serializer>(c: &Creature, s: S) -> Result<S::Ok, S::Error> {
    position::creature_out(c).serialize(s)
}

fn order_json<S: Serializer>(order: &[Option<(u32, Arc<str>)>], s: S) -> Result<S::Ok, S::Error> {
    let names: Vec<Option<&str>> = order
        .iter()
        .map(|o| o.as_ref().map(|(_, n)| &**n))
        .collect();
    names.serialize(s)
}

fn slot_name(a: &Actor) -> String {
    format!("{} (slot {})", a.name, a.slot + 1)
}

impl Event {
    /// The sentence for the log, naming players by `names`.
    pub fn describe(&self, names: &[Arc<str>; 2]) -> String {
        let who = |a: &Actor| format!("{}'s {}", names[a.side], slot_name(a));
        match &self.change {
            Change::TurnBegins { turn } => format!("Turn {turn} begins."),
            Change::Attacks {
                attacker,
                target,
                player,
            } => match (target, player) {
                (Some(t), _) => format!("{} attacks {}.", who(attacker), who(t)),
                (None, Some(p)) => format!("{} attacks {}.", who(attacker), names[*p]),
                (None, None) => format!("{} attacks.", who(attacker)),
            },
            Change::Damage {
                source,
                target,
                onto,
                amount,
                blocked,
                blocked_by,
                ..
            } => {
                let by = source
                    .as_ref()
                    .map(|s| format!("{} deals", who(s)))
                    .unwrap_or_else(|| format!("{} deals", self.cite.rule));
                let mut text = format!("{by} {} damage to {}", amount + blocked, who(target));
                if let (true, Some(b)) = (*blocked > 0, blocked_by) {
                    text.push_str(&format!("; {b} blocks {blocked}"));
                }
                if onto.id != target.id {
                    text.push_str(&format!(
                        "; {amount} counted against {}",
                        slot_name(onto)
                    ));
                }
                text.push_str(&format!(" ({amount} taken)."));
                text
            }
            Change::PlayerDamage {
                source,
                side,
                amount,
            } => match source {
                Some(s) => format!("{} deals {amount} damage to {}.", who(s), names[*side]),
                None => format!("{} deals {amount} damage to {}.", self.cite.rule, names[*side]),
            },
            Change::Heal { target, amount } => format!("{} heals {amount}.", who(target)),
            Change::PlayerHeal { side, amount } => {
                format!("{} heals {amount} life.", names[*side])
            }
            Change::GainLife { target, amount } => {
                format!("{} gains +{amount} Life.", who(target))
            }
            Change::Leaves { who: w, fate } => match fate {
                Fate::Destroyed => format!("{} is destroyed and discarded.", who(w)),
                Fate::Returning => format!(
                    "{} is destroyed; it will return at the end of the turn.",
                    who(w)
                ),
                Fate::SetAside => format!("{} is destroyed and set aside.", who(w)),
                Fate::Removed => format!("{} is removed from the line.", who(w)),
            },
            Change::Enters {
                side,
                slot,
                creature,
                ..
            } => format!(
                "{} enters {}'s line at slot {}.",
                creature.name,
                names[*side],
                slot + 1
            ),
            Change::Rearranged { side, order, moved } => {
                let line: Vec<String> = order
                    .iter()
                    .enumerate()
                    .map(|(i, o)| match o {
                        Some((_, n)) => format!("{}: {n}", i + 1),
                        None => format!("{}: empty", i + 1),
                    })
                    .collect();
                match moved {
                    Some(m) => format!("{m} moves; {}'s line is now {}.", names[*side], line.join(", ")),
                    None => format!("{}'s line is now {}.", names[*side], line.join(", ")),
                }
            }
            Change::Status { who: w, status, on } => {
                if *on {
                    format!("{} gains {}.", who(w), status.name().replace('_', " "))
                } else {
                    format!("{} loses {}.", who(w), status.name().replace('_', " "))
                }
            }
            Change::Artifact {
                who: w,
                artifact,
                attached,
            } => {
                if *attached {
                    format!("{} is attached to {}.", artifact.name, who(w))
                } else {
                    format!("{} on {} is destroyed.", artifact.name, who(w))
                }
            }
            Change::TurnStatusesEnd { turn } => {
                format!("Turn {turn} ends: effects that last this turn end.")
            }
            Change::Chance(c) => c.describe(who),
            Change::Decision(d) => d.describe(who),
            Change::Modifier {
                who: w,
                amount,
                attack,
            } => format!(
                "{}: {amount:+} Attack from {} (Attack {attack}).",
                who(w),
                self.cite.rule
            ),
            Change::Note { who: w, text } => match w {
                Some(w) => format!("{}: {text}", who(w)),
                None => text.to_string(),
            },
            Change::Ends { outcome } => match outcome {
                Outcome::Win { winner, loser } => {
                    format!("{} has no life left; {} wins.", names[*loser], names[*winner])
                }
                Outcome::Draw => "Both players have no life left: a draw.".to_string(),
                Outcome::TurnsPlayed => "The turns to play have run out.".to_string(),
                Outcome::StepBound => "The step bound was reached.".to_string(),
                Outcome::BadDecision {
                    decision,
                    option,
                    options,
                } => format!(
                    "The judge's pin for decision {decision} names option {option}; it has options 1 to {options}."
                ),
                Outcome::BadChoice {
                    chance,
                    slot,
                    candidates,
                } => format!(
                    "The judge's choice for chance {chance} names slot {slot}, which is not a candidate (candidates: slots {}).",
                    candidates
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        }
    }

    /// [`Event::describe`] with the players called "player 1" and "player 2".
    pub fn describe_plain(&self) -> String {
        self.describe(&[Arc::from("player 1"), Arc::from("player 2")])
    }
}

/// Makes `change` on the board. The only function that mutates a battle line.
pub fn apply(players: &mut [Player; 2], change: &Change) {
    match change {
        Change::Damage {
            target,
            onto,
            amount,
            marks_hit,
            ..
        } => {
            if let Some(c) = creature_mut(players, onto) {
                c.damage += amount;
                c.taken += amount;
            }
            if *marks_hit {
                if let Some(c) = creature_mut(players, target) {
                    c.status.set(Status::HitThisTurn, true);
                }
            }
        }
        Change::PlayerDamage { side, amount, .. } => players[*side].life -= amount,
        Change::Heal { target, amount } => {
            if let Some(c) = creature_mut(players, target) {
                c.damage = (c.damage - amount).max(0);
            }
        }
        Change::PlayerHeal { side, amount } => players[*side].life += amount,
        Change::GainLife { target, amount } => {
            if let Some(c) = creature_mut(players, target) {
                c.life += amount;
            }
        }
        Change::Leaves { who, fate } => {
            let line = &mut players[who.side].line;
            if let Some(slot) = line.get_mut(who.slot) {
                if let Some(c) = slot.take() {
                    if *fate == Fate::Returning {
                        let mut back = c;
                        back.damage = 0;
                        back.artifacts = Arc::from([]);
                        back.status = Default::default();
                        back.status.set(Status::Reanimated, true);
                        players[who.side].returning.push(back);
                    }
                }
            }
            trim(&mut players[who.side].line);
        }
        Change::Enters {
            side,
            slot,
            insert,
            creature,
        } => {
            let p = &mut players[*side];
            p.returning.retain(|c| c.id != creature.id);
            let line = &mut p.line;
            if *insert && *slot < line.len() {
                line.insert(*slot, Some((**creature).clone()));
            } else {
                if line.len() <= *slot {
                    line.resize(*slot + 1, None);
                }
                line[*slot] = Some((**creature).clone());
            }
            trim(line);
        }
        Change::Rearranged { side, order, .. } => {
            let line = &mut players[*side].line;
            let mut old: Vec<Creature> = line.drain(..).flatten().collect();
            for o in order {
                line.push(o.as_ref().and_then(|(id, _)| {
                    old.iter()
                        .position(|c| c.id == *id)
                        .map(|i| old.swap_remove(i))
                }));
            }
            trim(line);
        }
        Change::Status { who, status, on } => {
            if let Some(c) = creature_mut(players, who) {
                c.status.set(*status, *on);
            }
        }
        Change::Artifact {
            who,
            artifact,
            attached,
        } => {
            if let Some(c) = creature_mut(players, who) {
                let mut list: Vec<Artifact> = c.artifacts.to_vec();
                if *attached {
                    list.push(artifact.clone());
                } else if let Some(i) = list.iter().position(|a| a.name == artifact.name) {
                    list.remove(i);
                }
                c.artifacts = Arc::from(list);
            }
        }
        Change::TurnStatusesEnd { .. } => {
            for p in players.iter_mut() {
                for c in p.line.iter_mut().flatten() {
                    for s in Status::ALL {
                        if s.lasts_one_turn() {
                            c.status.set(s, false);
                        }
                    }
                }
            }
        }
        Change::TurnBegins { .. }
        | Change::Attacks { .. }
        | Change::Chance(_)
        | Change::Decision(_)
        | Change::Modifier { .. }
        | Change::Note { .. }
        | Change::Ends { .. } => {}
    }
}

fn creature_mut<'a>(players: &'a mut [Player; 2], a: &Actor) -> Option<&'a mut Creature> {
    players[a.side]
        .line
        .get_mut(a.slot)
        .and_then(|c| c.as_mut())
        .filter(|c| c.id == a.id)
}

fn trim(line: &mut Vec<Option<Creature>>) {
    while matches!(line.last(), Some(None)) {
        line.pop();
    }
}

/// Applies and records one change.
#[inline]
pub(crate) fn emit(st: &mut State, out: &mut Vec<Event>, change: Change, cite: impl Into<Rule>) {
    apply(&mut st.players, &change);
    out.push(Event {
        change,
        cite: cite.into(),
    });
}
