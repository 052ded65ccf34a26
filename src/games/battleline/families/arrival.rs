//! Abilities that trigger when a card comes into play, seed 000 §4.1: Ambush, Burst,
//! Storm, Cleansing Fire, Charge, Shield, Refresh, Rider's Might, and Gatekeeper (which
//! hands over to the Endless Serpent in `special.rs`).
//!
//! [`play`] puts a played card on the line (house rule T7) and runs the new creature's
//! arrival abilities in the order they are printed on it.
//!
//! Storm follows both of its sentences under either `storm_target` reading: when no
//! creature opposes the one being summoned the opponent takes the damage; otherwise
//! `opposite` hits the creature opposite and `random` picks any enemy creature.

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::actions::{
    self, damage_player, heal, note, pick, rearrange, set_status, summon,
};
use crate::games::battleline::cite::{seed, turn, Citation, Rule};
use crate::games::battleline::damage::{deal, Blow};
use crate::games::battleline::death;
use crate::games::battleline::event::{emit, Actor, Change, Event};
use crate::games::battleline::interpret::{AssassinStorm, ChargeGap, RidersMight, StormTarget};
use crate::games::battleline::state::{foe, PlayCard, Side, State, Status, Trait};

use super::{auras, special};

pub const AMBUSH: Citation = seed("Ambush", "4.1", "When a card bearing this ability comes into play it deals its Ambush value in damage to the last creature on the opponent’s battle line.");
pub const AMBUSH_NONE: Citation = seed(
    "Ambush",
    "4.1",
    "If the opponent has no creatures on their battle line then Ambush has no effect.",
);
pub const BURST: Citation = seed("Burst", "4.1", "When a card bearing this ability comes into play it deals its Burst value in damage to every creature on the opponent’s battle line.");
pub const BURST_NONE: Citation = seed(
    "Burst",
    "4.1",
    "If the opponent has no creatures on their battle line then Burst has no effect.",
);
pub const STORM: Citation = seed("Storm", "4.1", "When a creature bearing the Storm ability comes into play it immediately deals its attack value in damage to any opposing creature on the opponent’s battle line.");
pub const STORM_PLAYER: Citation = seed("Storm", "4.1", "If there is no creature opposing the creature being summoned, it deals its attack value in damage to the opponent.");
pub const CLEANSING_FIRE: Citation = seed("Cleansing Fire", "4.1", "When a creature with Cleansing Fire is summoned it deals 3 damage to the front enemy on the opponent’s Battle Line.");
pub const CHARGE: Citation = seed("Charge", "4.1", "When a creature with Charge comes into play it moves to the front of the Battle Line and all other allied creatures are shifted down by one slot.");
pub const SHIELD: Citation = seed(
    "Shield",
    "4.1",
    "A creature with Shield is Invulnerable during the turn it is summoned.",
);
pub const REFRESH: Citation = seed("Refresh", "4.1", "When a creature with Refresh is summoned, heal all damage on the most damaged allied creature.");
pub const REFRESH_TIE: Citation = seed("Refresh", "4.1", "If more than one creature is equally damaged, heal the one closest to the start of the Battle Line.");
pub const RIDERS_MIGHT: Citation = seed(
    "Rider's Might",
    "4.1",
    "When another Rider ally is summoned a creature with Rider’s Might gains +1 Life.",
);

/// Plays the `index`th action.
pub fn play(st: &mut State, out: &mut Vec<Event>, index: usize) {
    let Some(p) = st.plays.get(index).cloned() else {
        return;
    };
    match p.card {
        PlayCard::Artifact(a) => special::play_artifact(st, out, p.side, p.slot, a),
        PlayCard::Creature(c) => {
            let mut c = c;
            c.id = st.fresh_id();
            let id = c.id;
            let line_len = st.players[p.side].line.len();
            let first_empty = st.players[p.side]
                .line
                .iter()
                .position(|s| s.is_none())
                .unwrap_or(line_len);
            let (slot, insert) = match p.slot {
                Some(s) => (s, st.at(p.side, s).is_some()),
                None => (first_empty, false),
            };
            summon(st, out, p.side, slot, insert, c, &turn::PLAY);
            arrive(st, out, p.side, id);
            death::settle(st, out, Vec::new());
        }
    }
}

/// Runs the arrival abilities of creature `id` that just came into play on `side`.
pub fn arrive(st: &mut State, out: &mut Vec<Event>, side: Side, id: u32) {
    let Some(me) = actions::still_there(st, side, id) else {
        return;
    };
    let (abilities, is_rider) = match st.at(side, me.slot) {
        Some(c) => (c.abilities.clone(), c.is(Trait::Rider)),
        None => return,
    };
    for ab in abilities.iter() {
        let Some(me) = actions::still_there(st, side, id) else {
            return;
        };
        if st.is_over() {
            return;
        }
        match ab.kind {
            K::Shield => set_status(st, out, me, Status::Shielded, true, &SHIELD),
            K::Ambush => match last_enemy(st, side) {
                Some(t) => {
                    let cite = actions::with_wall_reading(st, side, &AMBUSH);
                    strike(st, out, &me, vec![t], ab.value, cite)
                }
                None => note(st, out, Some(me), "Ambush has no effect", &AMBUSH_NONE),
            },
            K::Burst => {
                let all = actions::targets(st, side);
                if all.is_empty() {
                    note(st, out, Some(me), "Burst has no effect", &BURST_NONE);
                } else {
                    let cite = actions::with_wall_reading(st, side, &BURST);
                    strike(st, out, &me, all, ab.value, cite);
                }
            }
            K::Storm => storm(st, out, &me),
            K::CleansingFire => match front_enemy(st, side) {
                Some(t) => {
                    let cite = actions::with_wall_reading(st, side, &CLEANSING_FIRE);
                    strike(st, out, &me, vec![t], 3, cite)
                }
                None => note(
                    st,
                    out,
                    Some(me),
                    "Cleansing Fire has no effect: no enemy",
                    &CLEANSING_FIRE,
                ),
            },
            K::Charge => charge(st, out, &me),
            K::Refresh => refresh(st, out, &me),
            K::Gatekeeper => special::gatekeepers(st, out, side),
            _ => {}
        }
    }
    if is_rider && actions::still_there(st, side, id).is_some() {
        let reading = st.interpretations.riders_might;
        let mighty: Vec<(Actor, bool)> = st
            .creatures(side)
            .filter(|(_, c)| c.id != id && c.has(K::RidersMight))
            .map(|(i, c)| (Actor::of(side, i, c), c.is(Trait::Rider)))
            .collect();
        let cite = Rule::from(&RIDERS_MIGHT).reading(reading.reading());
        for (m, rider) in mighty {
            if !rider && reading == RidersMight::RidersOnly {
                note(
                    st,
                    out,
                    Some(m),
                    "is not a Rider itself: it gains nothing (riders_might: riders_only)",
                    cite,
                );
                continue;
            }
            emit(
                st,
                out,
                Change::GainLife {
                    target: m,
                    amount: 1,
                },
                cite,
            );
        }
    }
}

/// Charge: the creature moves to the front; the other allies shift down one slot, all
/// of them (reading `charge_gap: all_shift`) or only those in front of its old slot
/// (`fill_gap`). Already at the front, nothing moves.
fn charge(st: &mut State, out: &mut Vec<Event>, me: &Actor) {
    let side = me.side;
    if me.slot == 0 {
        note(
            st,
            out,
            Some(me.clone()),
            "is already at the front of the Battle Line",
            &CHARGE,
        );
        return;
    }
    let reading = st.interpretations.charge_gap;
    let mut order: Vec<Option<u32>> = st.players[side]
        .line
        .iter()
        .map(|c| c.as_ref().map(|c| c.id))
        .collect();
    match reading {
        ChargeGap::AllShift => order[me.slot] = None,
        ChargeGap::FillGap => {
            order.remove(me.slot);
        }
    }
    order.insert(0, Some(me.id));
    // Only a line with a creature behind the old slot tells the readings apart.
    let behind = st.creatures(side).any(|(i, _)| i > me.slot);
    let cite = if behind {
        Rule::from(&CHARGE).reading(reading.reading())
    } else {
        Rule::from(&CHARGE)
    };
    rearrange(st, out, side, order, Some(me.name.clone()), cite);
}

fn last_enemy(st: &State, side: Side) -> Option<Actor> {
    st.creatures(foe(side))
        .filter(|(_, c)| actions::targetable(st, c))
        .last()
        .map(|(i, c)| Actor::of(foe(side), i, c))
}

fn front_enemy(st: &State, side: Side) -> Option<Actor> {
    st.creatures(foe(side))
        .find(|(_, c)| actions::targetable(st, c))
        .map(|(i, c)| Actor::of(foe(side), i, c))
}

/// Deals `amount` to each target at once, then settles deaths.
fn strike(
    st: &mut State,
    out: &mut Vec<Event>,
    me: &Actor,
    targets: Vec<Actor>,
    amount: i32,
    cite: Rule,
) {
    let blows: Vec<Blow> = targets
        .into_iter()
        .map(|t| Blow::new(st, Some((me.side, me.slot)), t, amount, cite))
        .collect();
    for b in &blows {
        deal(st, out, b);
    }
    death::settle(st, out, Vec::new());
}

fn storm(st: &mut State, out: &mut Vec<Event>, me: &Actor) {
    let f = foe(me.side);
    let attack = auras::attack(st, me.side, me.slot);
    let opposite = st
        .at(f, me.slot)
        .filter(|c| actions::targetable(st, c))
        .map(|c| Actor::of(f, me.slot, c));
    // Either way the second sentence decides when the opponent is hit: when nothing
    // opposes the creature being summoned. Only then does the reading pick the creature.
    let has_opposite = opposite.is_some();
    let target = match (st.interpretations.storm_target, opposite) {
        (_, None) => None,
        (StormTarget::Opposite, Some(o)) => Some(o),
        (StormTarget::Random, Some(_)) => pick(
            st,
            out,
            "Storm's target",
            actions::targets(st, me.side),
            actions::with_wall_reading(st, me.side, &STORM),
        ),
    };
    if st.is_over() {
        return;
    }
    let cite = actions::with_wall_reading(st, me.side, &STORM);
    let cite = if has_opposite {
        cite.reading(st.interpretations.storm_target.reading())
    } else {
        cite
    };
    match target {
        Some(t) => strike(st, out, me, vec![t], attack, cite),
        None => {
            // Reading `assassin_storm`: whether Assassin's Attack counts when Storm
            // deals damage to the opposing player.
            let assassin = st
                .at(me.side, me.slot)
                .and_then(|c| c.ability(K::Assassin))
                .unwrap_or(0);
            let reading = st.interpretations.assassin_storm;
            let mut amount = attack;
            let mut cite = Rule::from(&STORM_PLAYER);
            if assassin > 0 {
                cite = cite.reading(reading.reading());
                let (text, why) = match reading {
                    AssassinStorm::Adds => {
                        amount += assassin;
                        ("gains its Assassin value in Attack as Storm deals damage to the opposing player (assassin_storm: adds)", Rule::from(&super::combat::ASSASSIN).reading(reading.reading()))
                    }
                    AssassinStorm::CombatOnly => (
                        "Assassin does not add to Storm's damage to the player (assassin_storm: combat_only)",
                        Rule::from(&super::combat::ASSASSIN).reading(reading.reading()),
                    ),
                };
                note(st, out, Some(me.clone()), text, why);
            }
            damage_player(st, out, Some(me.clone()), f, amount, cite);
        }
    }
}

fn refresh(st: &mut State, out: &mut Vec<Event>, me: &Actor) {
    let hurt: Vec<(i32, Actor)> = actions::allies(st, me.side, me.id)
        .into_iter()
        .filter_map(|a| st.at(a.side, a.slot).map(|c| (c.damage, a)))
        .filter(|(d, _)| *d > 0)
        .collect();
    let Some(max) = hurt.iter().map(|(d, _)| *d).max() else {
        note(
            st,
            out,
            Some(me.clone()),
            "Refresh has no effect: no ally is damaged",
            &REFRESH,
        );
        return;
    };
    let tie = hurt.iter().filter(|(d, _)| *d == max).count() > 1;
    if let Some((d, target)) = hurt.into_iter().find(|(d, _)| *d == max) {
        heal(
            st,
            out,
            target,
            d,
            Rule::from(if tie { &REFRESH_TIE } else { &REFRESH }).house(&turn::ALLIES),
        );
    }
}
