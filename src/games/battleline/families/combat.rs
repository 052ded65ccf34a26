//! The battle phase, seed 000 §4.1: Assassin, Breakthrough, Fury, Plague Bearer, Reaper
//! and Skirmish, on top of the house rules for combat (T2, T3). Terrify (§4.2) and
//! Soothsay stop attacks here.
//!
//! [`exchange`] resolves one slot: every blow is planned from the state before any
//! lands (the exchange is simultaneous, as Vengeance's "also being discarded"
//! implies), then all land, then deaths settle together.

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::actions::{self, damage_player, note, set_status};
use crate::games::battleline::cite::{seed, turn, Citation, Rule};
use crate::games::battleline::damage::{deal, Blow};
use crate::games::battleline::death;
use crate::games::battleline::event::{emit, Actor, Change, Event};
use crate::games::battleline::interpret::FuryBreakthrough;
use crate::games::battleline::state::{foe, Side, State, Status};

use super::auras;

pub const ASSASSIN: Citation = seed("Assassin", "4.1", "A creature with Assassin gains its Assassin value in Attack when dealing damage to an opposing player.");
pub const BREAKTHROUGH: Citation = seed("Breakthrough", "4.1", "When a creature with Breakthrough attacks it deals its Breakthrough value in damage to the opponent, regardless of whether there is an opposing enemy creature.");
pub const BREAKTHROUGH_OPEN: Citation = seed("Breakthrough", "4.1", "If there is no opposing enemy creature, it deals its Breakthrough damage in addition to its normal damage to the opponent.");
pub const BREAKTHROUGH_FURY: Citation = seed(
    "Breakthrough",
    "4.1",
    "If a creature with Breakthrough also has Fury, it deals its Breakthrough damage twice.",
);
pub const FURY: Citation = seed(
    "Fury",
    "4.1",
    "A creature with the Fury ability attacks twice each turn.",
);
pub const FURY_FIRST: Citation = seed(
    "Fury",
    "4.1",
    "Its first attack is processed normally during the Battle phase.",
);
pub const FURY_SECOND: Citation = seed("Fury", "4.1", "Once all creatures have attacked during the Battle phase, any creatures with Fury that are still on the Battle Line must attack a second time.");
pub const PLAGUE_BEARER: Citation = seed("Plague Bearer", "4.1", "Enemies attacked by a creature with Plague bearer gain Pestilence, which destroys them on the next turn.");
pub const REAPER: Citation = seed("Reaper", "4.1", "When a creature bearing the Reaper ability attacks it deals damage equal to its Reaper value to the creatures adjacent to the battle line slot it is attacking, in addition to dealing its normal attack damage to either the opposing creature or player.");
pub const SKIRMISH: Citation = seed("Skirmish", "4.1", "When a creature with Skirmish attacks it gains its Skirmish value in Attack when attacking an enemy Creature or Warlord.");
pub const TERRIFIED: Citation = seed(
    "Terrify",
    "4.2",
    "This creature deals no damage to its opponent but may still receive damage.",
);

/// One planned hit on a player.
struct PlayerBlow {
    source: Actor,
    side: Side,
    amount: i32,
    cite: Rule,
}

/// Resolves slot `slot`: both creatures in the battle phase, or only Fury creatures in
/// the Fury phase.
pub fn exchange(st: &mut State, out: &mut Vec<Event>, slot: usize, fury: bool) {
    let mut blows: Vec<Blow> = Vec::new();
    let mut player_blows: Vec<PlayerBlow> = Vec::new();
    let mut plagued: Vec<Actor> = Vec::new();
    for side in 0..2 {
        let Some(c) = st.at(side, slot) else { continue };
        if fury && !c.has(K::Fury) {
            continue;
        }
        let me = Actor::of(side, slot, c);
        if c.status.has(Status::Terrified) {
            note(
                st,
                out,
                Some(me),
                "is terrified and does not attack",
                &TERRIFIED,
            );
            continue;
        }
        if c.status.has(Status::LosesNextAttack) {
            set_status(
                st,
                out,
                me.clone(),
                Status::LosesNextAttack,
                false,
                &super::start::SOOTHSAY,
            );
            note(
                st,
                out,
                Some(me),
                "loses this attack (Soothsay)",
                &super::start::SOOTHSAY,
            );
            continue;
        }
        plan(
            st,
            out,
            &me,
            fury,
            &mut blows,
            &mut player_blows,
            &mut plagued,
        );
    }
    for b in &blows {
        deal(st, out, b);
    }
    for p in player_blows {
        damage_player(st, out, Some(p.source), p.side, p.amount, p.cite);
    }
    for target in plagued {
        // A creature the exchange has just killed is not marked: it is discarded now.
        if let Some(t) = actions::still_there(st, target.side, target.id) {
            if !death::is_lethal(st, t.side, t.slot) {
                set_status(st, out, t, Status::Pestilence, true, &PLAGUE_BEARER);
            }
        }
    }
    death::settle(st, out, Vec::new());
}

/// Plans the attack of `me`: its blows, in the order they will land.
fn plan(
    st: &mut State,
    out: &mut Vec<Event>,
    me: &Actor,
    fury: bool,
    blows: &mut Vec<Blow>,
    player_blows: &mut Vec<PlayerBlow>,
    plagued: &mut Vec<Actor>,
) {
    let side = me.side;
    let f = foe(side);
    let slot = me.slot;
    let Some(c) = st.at(side, slot) else { return };
    let attack = auras::attack(st, side, slot);
    let skirmish = c.ability(K::Skirmish).unwrap_or(0);
    let assassin = c.ability(K::Assassin).unwrap_or(0);
    let breakthrough = c.ability(K::Breakthrough);
    let reaper = c.ability(K::Reaper);
    let plague = c.has(K::PlagueBearer);
    let has_fury = c.has(K::Fury);
    let opposing = st.at(f, slot).map(|o| Actor::of(f, slot, o));
    let first_cite: &'static Citation = if fury {
        &FURY_SECOND
    } else if has_fury {
        &FURY_FIRST
    } else if opposing.is_none() {
        &turn::UNOPPOSED
    } else {
        &turn::COMBAT
    };
    emit(
        st,
        out,
        Change::Attacks {
            attacker: me.clone(),
            target: opposing.clone(),
            player: opposing.is_none().then_some(f),
        },
        first_cite,
    );
    for (cite, amount) in auras::attack_modifiers(st, side, slot) {
        let mut rule = Rule::from(cite);
        if *cite == auras::BERSERK {
            // What Berserk counts rests on two readings.
            rule = rule
                .reading(st.interpretations.berserk.reading())
                .reading(st.interpretations.berserk_healing.reading());
        }
        emit(
            st,
            out,
            Change::Modifier {
                who: me.clone(),
                amount,
                attack,
            },
            rule,
        );
    }
    match &opposing {
        Some(target) => {
            // Skirmish's sentence names the gain; the exchange itself is house rule T2.
            let (amount, cite) = if skirmish > 0 {
                (
                    attack + skirmish,
                    Rule::from(&SKIRMISH).house(&turn::COMBAT),
                )
            } else {
                (attack, Rule::from(&turn::COMBAT))
            };
            let mut blow = Blow::new(st, Some((side, slot)), target.clone(), amount, cite);
            // Skirmish's gain is Attack ("gains its Skirmish value in Attack"), so Dodge
            // and Armor's "higher than its attacker's Attack value" see it.
            blow.source_attack = amount;
            blows.push(blow);
            if plague {
                plagued.push(target.clone());
            }
        }
        None => {
            // Assassin's sentence names the gain; that an unopposed creature hits the
            // player at all is house rule T3.
            let (amount, cite) = if assassin > 0 {
                (
                    attack + assassin,
                    Rule::from(&ASSASSIN).house(&turn::UNOPPOSED),
                )
            } else {
                (attack, Rule::from(&turn::UNOPPOSED))
            };
            player_blows.push(PlayerBlow {
                source: me.clone(),
                side: f,
                amount,
                cite,
            });
        }
    }
    if let Some(bt) = breakthrough {
        let times = if has_fury && st.interpretations.fury_breakthrough == FuryBreakthrough::Doubled
        {
            2
        } else {
            1
        };
        for _ in 0..times {
            let cite: &'static Citation = if has_fury {
                &BREAKTHROUGH_FURY
            } else if opposing.is_none() {
                &BREAKTHROUGH_OPEN
            } else {
                &BREAKTHROUGH
            };
            let cite = if has_fury {
                Rule::from(cite).reading(st.interpretations.fury_breakthrough.reading())
            } else {
                Rule::from(cite)
            };
            player_blows.push(PlayerBlow {
                source: me.clone(),
                side: f,
                amount: bt,
                cite,
            });
        }
    }
    if let Some(r) = reaper {
        for s in [slot.checked_sub(1), Some(slot + 1)].into_iter().flatten() {
            if let Some(o) = st.at(f, s) {
                let target = Actor::of(f, s, o);
                let blow = Blow::new(st, Some((side, slot)), target, r, &REAPER);
                blows.push(blow);
            }
        }
    }
}

/// The Fury phase: the slots where a Fury creature is still on the line.
pub fn fury_slots(st: &State) -> Vec<usize> {
    let len = st.players[0].line.len().max(st.players[1].line.len());
    (0..len)
        .filter(|&s| (0..2).any(|side| st.at(side, s).is_some_and(|c| c.has(K::Fury))))
        .collect()
}
