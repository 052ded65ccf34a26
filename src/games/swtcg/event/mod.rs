//! The changes an attack makes ([`Change`]), the one function that applies them to the
//! state ([`apply`]), [`emit`] (apply, then record with its rule) and the log's
//! sentence for each ([`describe`]). Rule code in `families/` and `attack.rs` decides and
//! emits; only [`apply`] changes the state, so replaying a log's changes reproduces the
//! board.

use serde::Serialize;

use super::state::{side_index, Damage, Die, Layer, Pool, Side, State, Summary};
use crate::rules::{Chance, Decision, Rejected, Rule, Selection};

mod describe;
pub use describe::describe;

/// One event of the attack.
pub type Event = crate::rules::Event<Change>;

/// One structured change (or a finding that changes nothing, such as a POP passed).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// The attack is declared: the attacker taps.
    Declare {
        attacker: String,
        defender: String,
    },
    /// A POP where nobody plays anything that matters here.
    Pass {
        window: &'static str,
        what: String,
    },
    /// The defending player's decision in the attack POP: which unit intercepts next,
    /// or none (`None`). `slot` is the entry of `decisions.intercept` that pins it (the
    /// list's length when nothing does).
    InterceptChoice {
        slot: usize,
        decision: Decision<Option<String>>,
    },
    /// A unit intercepts: it is the defender now (the same attack).
    Intercept {
        unit: String,
        from: String,
    },
    Rejected(Rejected),
    /// How many attack dice are rolled.
    Dice {
        power: i32,
        shields: u32,
        dice: u32,
    },
    /// One die rolled or re-rolled: a chance node with six equal faces.
    Die {
        chance: Chance<u8>,
        pool: Pool,
        /// Its index among the attack's dice (attack dice, then Fury's).
        die: usize,
        /// Whether this is a re-roll of a die already rolled.
        reroll: bool,
        /// The re-rolls of this die before this one (0 for its first roll).
        nth: u8,
    },
    /// Fury triggered (or not) by the initial roll.
    Fury {
        unit: String,
        x: u32,
        triggered: bool,
    },
    /// A Lucky effect used: which dice it re-rolls (the player's decision: up to X of
    /// the dice rolled, each die by its index).
    Lucky {
        side: Side,
        unit: String,
        x: u32,
        dice: Vec<usize>,
        decision: Selection<LuckyDie>,
    },
    /// A unit with Foresight or Forewarning predicts the number of hits, or passes
    /// (`None`), before the roll.
    Predict {
        unit: String,
        keyword: &'static str,
        decision: Decision<Option<u32>>,
    },
    /// An ability gained after the roll that is too late to act.
    TooLate {
        unit: String,
        ability: String,
    },
    /// The hits counted from the roll used for the attack.
    Hits {
        hits: u32,
        one: bool,
        six: bool,
        /// The lowest face that hits, after Armor and Accuracy.
        need: u8,
    },
    /// A prediction of the number of hits checked.
    Prediction {
        unit: String,
        keyword: &'static str,
        predicted: u32,
        hits: u32,
        effect: String,
    },
    /// The attack's damage pending to the defender.
    Pending {
        unit: String,
        amount: u32,
    },
    /// Critical Hit adds X to the pending damage (or does not: no natural 6).
    CriticalHit {
        unit: String,
        x: u32,
        applies: bool,
    },
    /// Parry prevents damage (or does not: no natural 1).
    Parry {
        unit: String,
        x: u32,
        prevented: u32,
        applies: bool,
    },
    /// An Evade instance prevents what was decided.
    Evade {
        unit: String,
        x: u32,
        decision: Decision<u32>,
    },
    /// A Deflect instance prevents damage and does as much to the unit chosen.
    Deflect {
        unit: String,
        x: u32,
        prevented: u32,
        decision: Decision<String>,
    },
    /// Damage left after every prevention, to be placed.
    Damage {
        source: String,
        target: String,
        amount: u32,
        attack: bool,
    },
    /// Damage counters placed (with Double Damage's extra counters).
    Place {
        source: String,
        target: String,
        amount: u32,
        double: u32,
    },
    /// A unit discarded at its Health (removed from the game instead, when Meditate
    /// played it).
    Discard {
        unit: String,
        damage: i32,
        health: i32,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        removed: bool,
    },
    /// A card stacked under a unit (an action accepted).
    Stacked {
        action: usize,
        unit: String,
        card: String,
        /// Another copy of a non-unique card already in the stack.
        repeat: bool,
        /// Not named by the list: stacked on the judge's word (`same_unit`, S13).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        judged: bool,
    },
    /// Equipment attached to a unit (an action accepted).
    Equipped {
        action: usize,
        unit: String,
        equipment: String,
        /// Which copy of the Equipment (1 unless the action says; house rule S14).
        #[serde(skip_serializing_if = "is_first")]
        copy: u32,
    },
    /// A unit played from the discard pile by Meditate (an action accepted).
    Meditated {
        action: usize,
        unit: String,
    },
    /// A layer of a unit's effective abilities: an ability INSERT, Reserves, Equip or
    /// Enhance grants, and whether it works in the arena.
    Layer {
        unit: String,
        layer: Layer,
        /// Granted now (an action, a declared Enhance), not already in place.
        new: bool,
    },
    /// A declared Enhance effect written "instead": the unit's own abilities of the
    /// keyword (`replaced`) give way to the layer (house rule S12).
    Instead {
        unit: String,
        replaced: Vec<String>,
        layer: Layer,
    },
    /// An Enhance effect declared or not.
    Enhance {
        unit: String,
        effect: String,
        decision: Decision<&'static str>,
        /// Whether the resolver reads the effect (a keyword ability); when declared and
        /// not, the judge applies it.
        understood: bool,
        /// Declared, but its additional cost (`.0` Force) is more than its side's Force
        /// (`.1`): no effect (house rule S19).
        #[serde(skip_serializing_if = "Option::is_none")]
        unpaid: Option<(u32, u32)>,
    },
    /// A unit retaliates when the attack ends: X dice of damage at the attacker.
    Retaliate {
        unit: String,
        target: String,
        x: u32,
        /// The lowest face that hits (5 against Armor).
        need: u8,
    },
    /// A keyword that does not act on Retaliate's dice (they are not attack dice).
    NotForRetaliate {
        unit: String,
        ability: &'static str,
    },
    /// The hits of one unit's Retaliate dice.
    RetaliateHits {
        unit: String,
        hits: u32,
        need: u8,
    },
    /// A Force cost paid (house rule S19): `before` is the side's Force before it
    /// (`None`: not given, so the cost is assumed paid), `cost` the Force paid (`None`:
    /// the cost is not given, so it is assumed paid).
    Pay {
        unit: String,
        side: Side,
        what: String,
        cost: Option<u32>,
        before: Option<u32>,
    },
    /// An activation its player cannot pay for: not played (house rule S19).
    Unpaid {
        unit: String,
        side: Side,
        what: String,
        cost: u32,
        force: u32,
    },
    /// Force gained (a correct Foresight or Forewarning whose effect is `Gain N Force`):
    /// `before` is the side's Force before it (`None`: not given).
    Gain {
        unit: String,
        side: Side,
        keyword: &'static str,
        amount: u32,
        before: Option<u32>,
    },
    /// The exact odds of the attack's results (`odds: true`).
    Odds(Box<super::report::OddsReport>),
    /// The attack ends.
    End,
}

fn is_first(copy: &u32) -> bool {
    *copy <= 1
}

/// A die a Lucky may re-roll, as it lay when the player decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LuckyDie {
    /// Its index among the attack's dice (attack dice, then Fury's).
    pub die: usize,
    pub pool: Pool,
    /// Its 1-based number within its pool, as the dice tray numbers it.
    pub n: usize,
    pub face: u8,
    pub hit: bool,
}

impl LuckyDie {
    /// `attack die 1: 6, a hit`, numbered as the dice tray numbers it (from 1).
    pub fn label(&self) -> String {
        format!(
            "{} die {}: {}, {}",
            if self.pool == Pool::Fury {
                "Fury"
            } else {
                "attack"
            },
            self.n,
            self.face,
            if self.hit { "a hit" } else { "a miss" }
        )
    }
}

/// Applies `change` to `st`: the only place the state changes for a change.
pub fn apply(st: &mut State, change: &Change) {
    match change {
        Change::Declare { .. } => {
            if let Some(u) = st.units.get_mut(st.attacker) {
                u.tapped = true;
            }
        }
        Change::Intercept { unit, .. } => {
            if let Some(i) = st.index_of(unit) {
                st.defender = i;
                if !st.attacked.contains(&i) {
                    st.attacked.push(i);
                }
            }
        }
        Change::Die {
            chance,
            pool,
            die,
            reroll,
            ..
        } => {
            st.chances = st.chances.max(chance.ordinal);
            let face = chance.candidates.get(chance.picked).copied().unwrap_or(1);
            if *reroll {
                if let Some(d) = st.dice.get_mut(*die) {
                    d.face = face;
                    d.rerolls = d.rerolls.saturating_add(1);
                }
            } else {
                st.dice.push(Die {
                    pool: *pool,
                    face,
                    rerolls: 0,
                    first: face,
                });
            }
        }
        Change::Hits { hits, one, six, .. } => {
            st.summary = Some(Summary {
                hits: *hits,
                one: *one,
                six: *six,
            });
        }
        Change::Pending { amount, .. } => st.pending = *amount,
        Change::CriticalHit { x, applies, .. } => {
            if *applies {
                st.pending += x;
            }
        }
        Change::Evade { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::InterceptChoice { decision, .. } => {
            st.decisions = st.decisions.max(decision.ordinal)
        }
        Change::Lucky { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::Predict { unit, decision, .. } => {
            st.decisions = st.decisions.max(decision.ordinal);
            if let (Some(i), Some(Some(n))) =
                (st.index_of(unit), decision.options.get(decision.chosen))
            {
                st.predicted.push((i, *n));
            }
        }
        Change::Deflect { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::Damage {
            source,
            target,
            amount,
            attack,
        } => {
            if let (Some(s), Some(t)) = (st.index_of(source), st.index_of(target)) {
                st.placed.push(Damage {
                    source: s,
                    target: t,
                    amount: *amount,
                    attack: *attack,
                    evaded: Vec::new(),
                });
            }
        }
        Change::Place {
            target,
            amount,
            double,
            ..
        } => {
            if let Some(i) = st.index_of(target) {
                st.units[i].damage += (*amount + *double) as i32;
            }
        }
        Change::Discard { unit, removed, .. } => {
            // A unit removed from the game is out of play too, but not in the discard
            // pile: `removed` keeps it from Meditate and from the outcome's discards.
            if let Some(i) = st.index_of(unit) {
                st.units[i].discarded = true;
                st.units[i].removed = *removed;
            }
        }
        Change::Stacked { unit, card, .. } => {
            if let Some(i) = st.index_of(unit) {
                st.units[i].stack.push(card.clone());
            }
        }
        Change::Equipped {
            unit,
            equipment,
            copy,
            ..
        } => {
            st.equipped.push((equipment.clone(), *copy));
            if let Some(i) = st.index_of(unit) {
                st.units[i].equipment.push(equipment.clone());
            }
        }
        Change::Meditated { unit, .. } => {
            if let Some(i) = st.index_of(unit) {
                let u = &mut st.units[i];
                u.discarded = false;
                u.meditated = true;
                u.damage = 0;
                u.start_damage = 0;
            }
        }
        Change::Layer { unit, layer, new } => {
            if let Some(i) = st.index_of(unit) {
                if *new {
                    if layer.works {
                        st.units[i].abilities.push(layer.ability.clone());
                    }
                    st.units[i].layers.push(layer.clone());
                }
            }
        }
        Change::Instead { unit, layer, .. } => {
            if let Some(i) = st.index_of(unit) {
                let u = &mut st.units[i];
                u.abilities.retain(|a| a.keyword != layer.ability.keyword);
                u.abilities.push(layer.ability.clone());
                u.layers.push(layer.clone());
            }
        }
        Change::Enhance { decision, .. } => st.decisions = st.decisions.max(decision.ordinal),
        Change::Pay {
            side, cost, before, ..
        } => {
            if let (Some(c), Some(f)) = (cost, before) {
                st.force[side_index(*side)] = Some(f.saturating_sub(*c));
            }
        }
        Change::Gain {
            side,
            amount,
            before,
            ..
        } => {
            if let Some(f) = before {
                st.force[side_index(*side)] = Some(f.saturating_add(*amount));
            }
        }
        Change::Odds(report) => st.report = Some((**report).clone()),
        Change::End => {
            st.outcome = Some(super::state::Outcome {
                result: "attack_ended",
                removed: st
                    .units
                    .iter()
                    .filter(|u| u.removed)
                    .map(|u| u.id.clone())
                    .collect(),
                discarded: st
                    .units
                    .iter()
                    .filter(|u| {
                        u.discarded
                            && !u.removed
                            && (u.meditated
                                || !st
                                    .position
                                    .units
                                    .iter()
                                    .any(|s| s.id == u.id && s.discarded))
                    })
                    .map(|u| u.id.clone())
                    .collect(),
                odds: st.report.clone(),
            })
        }
        Change::Pass { .. }
        | Change::Rejected(_)
        | Change::Dice { .. }
        | Change::Fury { .. }
        | Change::TooLate { .. }
        | Change::Prediction { .. }
        | Change::Retaliate { .. }
        | Change::NotForRetaliate { .. }
        | Change::RetaliateHits { .. }
        | Change::Unpaid { .. }
        | Change::Parry { .. } => {}
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

/// A unit as the log names it: `Name (id)`, or the id alone when they are the same.
pub fn who(st: &State, id: &str) -> String {
    match st.index_of(id).and_then(|i| st.unit(i)) {
        Some(u) if u.name != u.id => format!("{} ({})", u.name, u.id),
        _ => id.to_string(),
    }
}

/// A side as the log names its player (`Dark Side`).
pub fn side_name(side: Side) -> &'static str {
    if side == Side::Dark {
        "Dark Side"
    } else {
        "Light Side"
    }
}
