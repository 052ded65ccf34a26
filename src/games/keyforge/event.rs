//! The changes a turn makes ([`Change`]), the one function that applies them to the
//! state ([`apply`]), [`emit`] (apply, then record with its rule) and the log's sentence
//! for each ([`describe`]). Rule code in `turn.rs` and `families/` decides and emits;
//! only [`apply`] changes the state, so replaying a log's changes reproduces the board.

use serde::Serialize;

use super::effect::Trigger;
use super::format::{Flank, Icon, RulingChange};
use super::state::{Outcome, Place, State};
use crate::rules::decision::BadPin;
use crate::rules::{Decision, Rejected, Rule};

/// The policy a decision records when the action's `targets` named the option.
pub const NAMED_BY_ACTION: &str = "the target the action names";

/// One event of the turn.
pub type Event = crate::rules::Event<Change>;

/// One structured change (or a finding that changes nothing).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// A finding that changes nothing (an ability outside the language noted, a rule
    /// that applies and does nothing).
    Note {
        card: String,
        what: String,
    },
    Rejected(Rejected),
    Exhaust {
        card: String,
    },
    Ready {
        card: String,
    },
    Stun {
        card: String,
    },
    /// A stun is removed.
    Unstun {
        card: String,
    },
    /// A player's pool changes by `by`.
    Amber {
        player: String,
        by: i32,
    },
    /// A creature captures Æmber from `player`'s pool.
    Capture {
        card: String,
        player: String,
        amount: i32,
    },
    /// Æmber on a card leaves it for `player`'s pool.
    Release {
        card: String,
        player: String,
        amount: i32,
    },
    /// A card moves between zones (to `player`'s `to`; onto a creature as an upgrade
    /// when `onto` is set).
    Move {
        card: String,
        from: Place,
        to: Place,
        player: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        flank: Option<Flank>,
        #[serde(skip_serializing_if = "Option::is_none")]
        onto: Option<String>,
        /// To the bottom of a deck (or the top).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        bottom: bool,
    },
    /// A fight is declared.
    Fight {
        attacker: String,
        defender: String,
    },
    /// Elusive used: the first time this turn the creature is fought.
    Elusive {
        card: String,
    },
    /// Damage to a creature: dealt, prevented by armor, placed.
    Damage {
        card: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        source: Option<String>,
        dealt: i32,
        armor: i32,
        placed: i32,
    },
    Heal {
        card: String,
        amount: i32,
    },
    /// A creature is destroyed (it leaves play by the moves that follow).
    Destroyed {
        card: String,
        why: String,
    },
    /// Friendly creatures of `player` get `amount` power until the end of the turn.
    PowerBonus {
        player: String,
        amount: i32,
    },
    /// An ability resolves.
    Resolve {
        card: String,
        trigger: Option<Trigger>,
        text: String,
    },
    /// An ability does not resolve, and why.
    NotResolved {
        card: String,
        trigger: Option<Trigger>,
        why: String,
    },
    /// A choice of the active player.
    Choice {
        purpose: &'static str,
        decision: Decision<String>,
    },
    /// Bonus icon `n` of `of` on `card` (top to bottom) resolves.
    BonusIcon {
        card: String,
        icon: Icon,
        n: u32,
        of: u32,
    },
    /// An effect outside the language, for the judge.
    Ruling {
        ordinal: u32,
        card: String,
        text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        changes: Option<Vec<RulingChange>>,
    },
    /// The cards a player looked at, top first.
    Looked {
        player: String,
        cards: Vec<String>,
    },
    /// A pin names an option a decision does not have: adjudication stops.
    BadPin(BadPin),
    /// Adjudication ends: every action taken, or `stopped` at a rejection.
    Done {
        stopped: bool,
    },
}

fn player_index(st: &State, name: &str) -> Option<usize> {
    st.players.iter().position(|p| p.name == name)
}

/// Applies `change` to `st`: the only place the state changes for a change.
pub fn apply(st: &mut State, change: &Change) {
    match change {
        Change::Exhaust { card } => {
            if let Some(c) = st.card_mut(card) {
                c.exhausted = true;
            }
        }
        Change::Ready { card } => {
            if let Some(c) = st.card_mut(card) {
                c.exhausted = false;
            }
        }
        Change::Stun { card } => {
            if let Some(c) = st.card_mut(card) {
                c.stunned = true;
            }
        }
        Change::Unstun { card } => {
            if let Some(c) = st.card_mut(card) {
                c.stunned = false;
            }
        }
        Change::Amber { player, by } => {
            if let Some(p) = player_index(st, player) {
                st.players[p].amber = (st.players[p].amber + by).max(0);
            }
        }
        Change::Capture {
            card,
            player,
            amount,
        } => {
            if let Some(p) = player_index(st, player) {
                st.players[p].amber = (st.players[p].amber - amount).max(0);
            }
            if let Some(c) = st.card_mut(card) {
                c.amber += amount;
            }
        }
        Change::Release {
            card,
            player,
            amount,
        } => {
            if let Some(c) = st.card_mut(card) {
                c.amber = (c.amber - amount).max(0);
            }
            if let Some(p) = player_index(st, player) {
                st.players[p].amber += amount;
            }
        }
        Change::Move {
            card,
            to,
            player,
            flank,
            onto,
            bottom,
            ..
        } => {
            let (Some(from), Some(p)) = (st.find(card), player_index(st, player)) else {
                return;
            };
            let taken = match from.upgrade {
                Some(u) => st.players[from.player].zone_mut(from.place)[from.index]
                    .upgrades
                    .remove(u),
                None => st.players[from.player]
                    .zone_mut(from.place)
                    .remove(from.index),
            };
            let mut c = taken;
            if from.place.in_play() && !to.in_play() {
                // A card that leaves play leaves its statuses behind.
                c.damage = 0;
                c.armor_used = 0;
                c.exhausted = false;
                c.stunned = false;
                c.elusive_used = false;
                c.amber = 0;
            }
            if let Some(target) = onto {
                match st.card_mut(target) {
                    Some(t) => t.upgrades.push(c),
                    // Never lose a card: with no creature to carry it, its owner's
                    // discard pile (rule code never emits this).
                    None => st.players[c.owner.min(1)].discard.push(c),
                }
                return;
            }
            let zone = st.players[p].zone_mut(*to);
            match (to, flank, bottom) {
                (Place::Battleline, Some(Flank::Left), _) => zone.insert(0, c),
                (Place::Deck, _, false) => zone.insert(0, c),
                _ => zone.push(c),
            }
        }
        Change::Elusive { card } => {
            if let Some(c) = st.card_mut(card) {
                c.elusive_used = true;
            }
        }
        Change::Damage {
            card,
            armor,
            placed,
            ..
        } => {
            if let Some(c) = st.card_mut(card) {
                c.armor_used += armor;
                c.damage += placed;
            }
        }
        Change::Heal { card, amount } => {
            if let Some(c) = st.card_mut(card) {
                c.damage = (c.damage - amount).max(0);
            }
        }
        Change::PowerBonus { player, amount } => {
            if let Some(p) = player_index(st, player) {
                st.players[p].power_bonus += amount;
            }
        }
        Change::Choice { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::Ruling { ordinal, .. } => st.decisions = st.decisions.max(*ordinal),
        Change::Looked { cards, .. } => st.looked = cards.clone(),
        Change::Rejected(r) => st.rejected.push(r.action + 1),
        Change::BadPin(_) => {
            st.outcome = Some(Outcome {
                result: "bad_pin",
                rejected: st.rejected.clone(),
            })
        }
        Change::Done { stopped } => {
            st.outcome = Some(Outcome {
                result: if *stopped {
                    "stopped_at_rejection"
                } else {
                    "actions_done"
                },
                rejected: st.rejected.clone(),
            })
        }
        Change::Note { .. }
        | Change::BonusIcon { .. }
        | Change::Fight { .. }
        | Change::Destroyed { .. }
        | Change::Resolve { .. }
        | Change::NotResolved { .. } => {}
    }
}

/// Applies `change` and records it with the rule behind it.
pub fn emit(st: &mut State, out: &mut Vec<Event>, change: Change, cite: impl Into<Rule>) {
    apply(st, &change);
    out.push(Event {
        change,
        cite: cite.into(),
    });
}

/// Records a note on `card` (what it does, or why it does nothing) with its rule.
pub fn note(st: &mut State, out: &mut Vec<Event>, card: &str, what: String, cite: impl Into<Rule>) {
    emit(
        st,
        out,
        Change::Note {
            card: card.to_string(),
            what,
        },
        cite,
    );
}

fn trigger_name(t: &Option<Trigger>) -> &'static str {
    match t {
        Some(t) => t.label(),
        None => "constant",
    }
}

/// The log's sentence for `event`, naming cards as `st` names them.
pub fn describe(st: &State, event: &Event) -> String {
    let who = |id: &str| st.who(id);
    match &event.change {
        Change::Note { card, what } if card.is_empty() => what.clone(),
        Change::Note { card, what } => format!("{}: {what}", who(card)),
        Change::Rejected(r) => r.describe(),
        Change::Exhaust { card } => format!("{} exhausts.", who(card)),
        Change::Ready { card } => format!("{} readies.", who(card)),
        Change::Stun { card } => format!("{} is stunned.", who(card)),
        Change::Unstun { card } => format!("{}'s stun is removed.", who(card)),
        Change::Amber { player, by } if *by >= 0 => format!("{player} gains {by}Æ."),
        Change::Amber { player, by } => format!("{player} loses {}Æ.", -by),
        Change::Capture {
            card,
            player,
            amount,
        } => format!("{} captures {amount}Æ from {player}.", who(card)),
        Change::Release {
            card,
            player,
            amount,
        } => format!("The {amount}Æ on {} goes to {player}.", who(card)),
        Change::Move {
            card,
            from,
            to,
            player,
            flank,
            onto,
            bottom,
        } => {
            let dest = match (onto, to, flank) {
                (Some(t), _, _) => format!("onto {}", who(t)),
                (None, Place::Battleline, Some(Flank::Left)) => {
                    format!("the left flank of {player}'s battleline")
                }
                (None, Place::Battleline, _) => {
                    format!("the right flank of {player}'s battleline")
                }
                (None, Place::Deck, _) if *bottom => format!("the bottom of {player}'s deck"),
                (None, to, _) => format!("{player}'s {}", to.name()),
            };
            if onto.is_some() {
                format!("{} moves from the {} {dest}.", who(card), from.name())
            } else {
                format!("{} moves from the {} to {dest}.", who(card), from.name())
            }
        }
        Change::Fight { attacker, defender } => {
            format!("{} fights {}.", who(attacker), who(defender))
        }
        Change::Elusive { card } => format!(
            "{} is Elusive and this is the first time it is fought this turn: no fight damage either way.",
            who(card)
        ),
        Change::Damage {
            card,
            source,
            dealt,
            armor,
            placed,
        } => {
            let from = source
                .as_ref()
                .map(|s| format!(" from {}", who(s)))
                .unwrap_or_default();
            if *armor > 0 {
                format!(
                    "{dealt} damage{from} to {}: armor prevents {armor}; {placed} placed.",
                    who(card)
                )
            } else {
                format!("{dealt} damage{from} to {}: {placed} placed.", who(card))
            }
        }
        Change::Heal { card, amount } => format!("{} is healed of {amount} damage.", who(card)),
        Change::Destroyed { card, why } => format!("{} is destroyed: {why}.", who(card)),
        Change::PowerBonus { player, amount } => format!(
            "{player}'s creatures get +{amount} power until the end of the turn."
        ),
        Change::Resolve {
            card,
            trigger,
            text,
        } => format!(
            "{}'s {} ability resolves: \"{text}\"",
            who(card),
            trigger_name(trigger)
        ),
        Change::NotResolved { card, trigger, why } => format!(
            "{}'s {} ability does not resolve: {why}.",
            who(card),
            trigger_name(trigger)
        ),
        Change::Choice { purpose, decision } => {
            let text = decision.describe(|id| st.who(id));
            // A target the action names is the position's `targets`, not a judge's pin.
            let text = if decision.policy == NAMED_BY_ACTION {
                text.replacen("by the judge's pin", "by the action's `targets`", 1)
            } else {
                text
            };
            format!("{purpose}: {text}")
        }
        Change::BonusIcon { card, icon, n, of } => format!(
            "{}'s bonus icon {n} of {of} (top to bottom, before its Play: abilities): {}.",
            who(card),
            match icon {
                Icon::Amber => "Æmber, gain 1Æ",
                Icon::Capture => "capture, a friendly creature captures 1Æ",
                Icon::Damage => "damage, deal 1 damage to a creature",
                Icon::Draw => "draw, draw a card",
            }
        ),
        Change::Ruling {
            ordinal,
            card,
            text,
            changes,
        } => match changes {
            Some(list) => format!(
                "Decision {ordinal} (the judge resolves this effect): {}'s \"{text}\" is outside the effect language; the judge's ruling makes {} change(s).",
                who(card),
                list.len()
            ),
            None => format!(
                "Decision {ordinal} (the judge resolves this effect): {}'s \"{text}\" is outside the effect language and the judge has not ruled (pin `rulings` with decision {ordinal}); nothing changes.",
                who(card)
            ),
        },
        Change::Looked { player, cards } => {
            let names: Vec<String> = cards.iter().map(|c| who(c)).collect();
            format!(
                "{player} looks at the top of their deck: {}.",
                if names.is_empty() {
                    "no cards".to_string()
                } else {
                    names.join(", ")
                }
            )
        }
        Change::BadPin(b) => format!("Adjudication stops: {b}."),
        Change::Done { stopped } => {
            if *stopped {
                "Adjudication stops at the rejected action (`on_rejection: stop`).".into()
            } else {
                "Every action is taken.".into()
            }
        }
    }
}
