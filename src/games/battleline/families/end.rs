//! End-of-round and end-of-turn abilities, seed 000 §4.1: Heal, Regen, Regen Aura,
//! Ascend, Fade, Sabotage and Reanimate's return; §4.2: Ice Block and the Wall of
//! Ice's hold on the line when it shifts up (house rule T5).
//!
//! "This ability is only used by Frowny the Snowman" describes the card pool, not a
//! restriction: a hypothetical creature a judge gives Ice Block still creates its Wall
//! of Ice, and the log notes, citing that sentence, that in the printed cards only Frowny
//! has the ability.
//!
//! The Wall of Ice's hold on shifting up ("at the end of the combat round") is reached
//! under the default reading `ice_block: before_shift`: Ice Block makes the wall at the
//! end of the combat round, in the first empty space (a gap the battle left), before the
//! lines shift up, and [`shift`] keeps the creatures behind it from moving past it.
//! Under `after_shift` (T1's order) the wall is made after the shift and melts before
//! the next one, so the sentence never applies. Fixtures: `interp_ice_block_*`.
//!
//! Fade (reading `fade`), Sabotage (a chance step the judge can fix) and Reanimate's
//! return (reading `reanimate_arrival`) are here too.

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::actions::{
    self, decide, heal, heal_player, note, rearrange, summon, Policy,
};
use crate::games::battleline::cite::{seed, turn, Citation, Rule};
use crate::games::battleline::death;
use crate::games::battleline::event::{emit, Actor, Change, Event};
use crate::games::battleline::interpret::{FadeReading, ReanimateArrival};
use crate::games::battleline::state::{foe, Side, State};

pub const HEAL: Citation = seed("Heal", "4.1", "When a creature bears the Heal ability it will heal the allied creature that is the most damaged for the amount of its Heal value at the end of its turn on the Battle Line.");
pub const HEAL_TIE: Citation = seed("Heal", "4.1", "If there are multiple creatures that are equally damaged, it heals the one closest to the beginning of the battle line.");
pub const REGEN: Citation = seed(
    "Regen",
    "4.1",
    "A creature with Regen heals its Regen value at the end of each turn.",
);
pub const REGEN_AURA: Citation = seed(
    "Regen Aura",
    "4.1",
    "All Allies of a creature with Regen Aura heal 1 at the end of each turn.",
);
pub const ASCEND: Citation = seed(
    "Ascend",
    "4.1",
    "When a creature with Ascend is in play the player heals 2 life at the end of each turn.",
);
pub const FADE: Citation = seed("Fade", "4.1", "When a creature bearing Fade is in play it moves to the back of the Battle Line at the end of each turn.");
pub const FADE_ORDER: Citation = seed("Fade", "4.1", "If more than one creature in the Battle Line has Fade the abilities are processed in the order of the Battle Line.");
pub const SABOTAGE: Citation = seed(
    "Sabotage",
    "4.1",
    "When a creature with Sabotage is in play, destroy an enemy artifact at the end of each turn.",
);
pub const SABOTAGE_NONE: Citation = seed(
    "Sabotage",
    "4.1",
    "If the enemy has no artifacts, Sabotage has no effect.",
);
pub const ICE_BLOCK: Citation = seed("Ice Block", "4.2", "At the end of each turn create a Wall of Ice in the first empty space on the opponent’s battle line.");
pub const ICE_BLOCK_ONLY: Citation = seed(
    "Ice Block",
    "4.2",
    "This ability is only used by Frowny the Snowman.",
);
pub const WALL_HOLDS: Citation = seed("Ice Block", "4.2", "The Wall of Ice prevents creatures from shifting up in the Battle Line beyond that space at the end of the combat round.");

/// The one card the seed gives Ice Block to.
pub const FROWNY: &str = "Frowny the Snowman";

/// The healing abilities, in the order they resolve on one creature.
pub const HEALS: [K; 4] = [K::Heal, K::Regen, K::RegenAura, K::Ascend];

/// Runs one end-of-turn healing ability of `holder`.
pub fn trigger(st: &mut State, out: &mut Vec<Event>, holder: Actor, kind: K) {
    let side = holder.side;
    let Some(value) = actions::value_of(st, &holder, kind) else {
        return;
    };
    match kind {
        K::Heal => {
            let hurt: Vec<(i32, Actor)> = actions::allies(st, side, holder.id)
                .into_iter()
                .filter_map(|a| st.at(a.side, a.slot).map(|c| (c.damage, a)))
                .filter(|(d, _)| *d > 0)
                .collect();
            match hurt.iter().map(|(d, _)| *d).max() {
                None => note(
                    st,
                    out,
                    Some(holder),
                    "Heal has no effect: no ally is damaged",
                    &HEAL,
                ),
                Some(max) => {
                    let tie = hurt.iter().filter(|(d, _)| *d == max).count() > 1;
                    if let Some((_, target)) = hurt.into_iter().find(|(d, _)| *d == max) {
                        let cite =
                            Rule::from(if tie { &HEAL_TIE } else { &HEAL }).house(&turn::ALLIES);
                        heal(st, out, target, value, cite);
                    }
                }
            }
        }
        K::Regen => heal(st, out, holder, value, &REGEN),
        K::RegenAura => {
            for ally in actions::allies(st, side, holder.id) {
                heal(
                    st,
                    out,
                    ally,
                    1,
                    Rule::from(&REGEN_AURA).house(&turn::ALLIES),
                );
            }
        }
        K::Ascend => heal_player(st, out, side, 2, &ASCEND),
        _ => {}
    }
}

/// Fade: each Fade creature, in line order, moves to the back of its line. The slot
/// it leaves stays empty until the line next shifts up.
pub fn fade(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        let faders: Vec<u32> = st
            .creatures(side)
            .filter(|(_, c)| c.has(K::Fade))
            .map(|(_, c)| c.id)
            .collect();
        let several = faders.len() > 1;
        for id in faders {
            let Some(slot) = st.slot_of(side, id) else {
                continue;
            };
            let mut order: Vec<Option<u32>> = st.players[side]
                .line
                .iter()
                .map(|c| c.as_ref().map(|c| c.id))
                .collect();
            let name = st.at(side, slot).map(|c| c.name.clone());
            let reading = st.interpretations.fade;
            match reading {
                // The line closes up behind it: `[Fader, Squire]` becomes `[Squire, Fader]`.
                FadeReading::Reorder => {
                    order.remove(slot);
                }
                FadeReading::LeaveGap => order[slot] = None,
            }
            while matches!(order.last(), Some(None)) {
                order.pop();
            }
            order.push(Some(id));
            let cite =
                Rule::from(if several { &FADE_ORDER } else { &FADE }).reading(reading.reading());
            rearrange(st, out, side, order, name, cite);
        }
    }
}

/// Sabotage: each holder destroys the first enemy artifact in line order.
pub fn sabotage(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        let holders: Vec<u32> = st
            .creatures(side)
            .filter(|(_, c)| c.has(K::Sabotage))
            .map(|(_, c)| c.id)
            .collect();
        for id in holders {
            let Some(me) = actions::still_there(st, side, id) else {
                continue;
            };
            let f = foe(side);
            // The seed does not say which artifact: the saboteur's owner chooses. The
            // choice is a decision over every enemy creature carrying an artifact, which a
            // judge pins with `decisions`; unpinned, its default policy takes the first
            // carrier in line order (house rule T16).
            let carriers: Vec<Actor> = st
                .creatures(f)
                .filter(|(_, c)| !c.artifacts.is_empty())
                .map(|(i, c)| Actor::of(f, i, c))
                .collect();
            let found = if carriers.is_empty() {
                None
            } else {
                let Some(who) = decide(
                    st,
                    out,
                    side,
                    "Sabotage's artifact",
                    carriers,
                    Policy::FIRST_IN_LINE,
                    &SABOTAGE,
                ) else {
                    return;
                };
                let several = st
                    .at(who.side, who.slot)
                    .is_some_and(|c| c.artifacts.len() > 1);
                if several {
                    note(
                        st,
                        out,
                        Some(who.clone()),
                        "carries more than one artifact: the one attached first is destroyed",
                        &turn::FIRST_ATTACHED,
                    );
                }
                st.at(who.side, who.slot)
                    .and_then(|c| c.artifacts.first().cloned())
                    .map(|a| (who, a))
            };
            match found {
                Some((who, artifact)) => {
                    emit(
                        st,
                        out,
                        Change::Artifact {
                            who,
                            artifact,
                            attached: false,
                        },
                        &SABOTAGE,
                    );
                    death::settle(st, out, Vec::new());
                }
                None => note(
                    st,
                    out,
                    Some(me),
                    "Sabotage has no effect: the enemy has no artifacts",
                    &SABOTAGE_NONE,
                ),
            }
        }
    }
}

/// Ice Block: each holder puts a Wall of Ice in the first empty slot of the
/// opponent's line.
pub fn ice_block(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        let holders: Vec<Actor> = st
            .creatures(side)
            .filter(|(_, c)| c.has(K::IceBlock))
            .map(|(i, c)| Actor::of(side, i, c))
            .collect();
        for holder in holders {
            let Some(wall) = st.summons.wall_of_ice.clone() else {
                note(
                    st,
                    out,
                    Some(holder),
                    "the catalogue has no Wall of Ice to create",
                    &ICE_BLOCK,
                );
                continue;
            };
            actions::note_if_not_printed_holder(
                st,
                out,
                &holder,
                FROWNY,
                "is not Frowny the Snowman; the printed cards give Ice Block to Frowny alone, but this creature has it, so it creates the wall all the same",
                &ICE_BLOCK_ONLY,
            );
            let f = foe(side);
            let line = &st.players[f].line;
            let slot = line.iter().position(|s| s.is_none()).unwrap_or(line.len());
            let mut wall = wall;
            wall.id = st.fresh_id();
            let cite = Rule::from(&ICE_BLOCK).reading(st.interpretations.ice_block.reading());
            summon(st, out, f, slot, false, wall, cite);
        }
    }
}

/// Reanimate: creatures destroyed this turn return to the end of their line.
pub fn reanimate(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        let back: Vec<_> = st.players[side].returning.clone();
        let reading = st.interpretations.reanimate_arrival;
        for c in back {
            let slot = st.players[side].line.len();
            let id = c.id;
            let cite = Rule::from(&death::REANIMATE)
                .house(&turn::RETURNING)
                .reading(reading.reading());
            summon(st, out, side, slot, false, c, cite);
            if reading == ReanimateArrival::ComesIntoPlay {
                // It comes into play again: its arrival abilities trigger.
                super::arrival::arrive(st, out, side, id);
                death::settle(st, out, Vec::new());
            }
        }
    }
}

/// The end of the combat round: each line shifts up to fill its empty slots, but no
/// creature shifts past a Wall of Ice (which holds its own slot).
pub fn shift(st: &mut State, out: &mut Vec<Event>) {
    for side in 0..2 {
        shift_side(st, out, side);
    }
}

fn shift_side(st: &mut State, out: &mut Vec<Event>, side: Side) {
    let line = &st.players[side].line;
    let mut order: Vec<Option<u32>> = Vec::with_capacity(line.len());
    // Creatures of the current segment (since the last wall) and its width in slots.
    let mut segment: Vec<u32> = Vec::new();
    let mut width = 0;
    // The last wall, if creatures stand behind it: they may not shift up past it, into
    // its space or a gap in front of it.
    let mut gap_wall: Option<Actor> = None;
    // The walls that kept a creature from shifting up past them.
    let mut holding: Vec<Actor> = Vec::new();
    for (i, slot) in line.iter().enumerate() {
        match slot {
            Some(c) if c.has(K::Melt) => {
                gap_wall = Some(Actor::of(side, i, c));
                let start = order.len();
                order.extend(segment.drain(..).map(Some));
                order.resize(start + width, None);
                order.push(Some(c.id));
                width = 0;
            }
            Some(c) => {
                holding.extend(gap_wall.take());
                segment.push(c.id);
                width += 1;
            }
            None => width += 1,
        }
    }
    order.extend(segment.drain(..).map(Some));
    let held = !holding.is_empty();
    let holds = Rule::from(&WALL_HOLDS).reading(st.interpretations.ice_block.reading());
    for wall in holding {
        note(
            st,
            out,
            Some(wall),
            "holds its slot: the creatures behind it do not shift up past it",
            holds,
        );
    }
    let cite = if held {
        holds.house(&turn::SHIFT)
    } else {
        Rule::from(&turn::SHIFT)
    };
    rearrange(st, out, side, order, None, cite);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::battleline::ability::Ability;
    use crate::games::battleline::event::Change;
    use crate::games::battleline::interpret::Interpretations;
    use crate::games::battleline::state::{Creature, Phase, Player, Statuses, Summons};
    use rand::SeedableRng;

    fn creature(id: u32, name: &str, abilities: &[Ability]) -> Creature {
        Creature {
            id,
            name: Arc::from(name),
            from_catalogue: false,
            attack: 1,
            life: 3,
            abilities: Arc::from(abilities.to_vec()),
            traits: Arc::from(Vec::new()),
            trait_mask: 0,
            damage: 0,
            taken: 0,
            artifacts: Arc::from(Vec::new()),
            status: Statuses::default(),
            warlord: false,
        }
    }

    fn state(line: Vec<Option<Creature>>) -> State {
        let player = |name: &str, line| Player {
            name: Arc::from(name),
            life: 20,
            line,
            returning: Vec::new(),
        };
        State {
            players: [player("Alice", Vec::new()), player("Bob", line)],
            turn: 1,
            last_turn: 1,
            seed: 0,
            rng: rand_pcg::Pcg32::seed_from_u64(0),
            chances: 0,
            choices: Arc::from(Vec::new()),
            decisions: 0,
            decision_pins: Arc::from(Vec::new()),
            interpretations: Interpretations::default(),
            plays: Arc::from(Vec::new()),
            summons: Arc::new(Summons::default()),
            agenda: Vec::new(),
            phase: Phase::EndOfCombatRound,
            next_id: 10,
            steps: 0,
            battle_start_damage: Vec::new(),
            outcome: None,
        }
    }

    fn ids(st: &State) -> Vec<Option<u32>> {
        st.players[1]
            .line
            .iter()
            .map(|c| c.as_ref().map(|c| c.id))
            .collect()
    }

    // seed 000 §4.2 Ice Block: "The Wall of Ice prevents creatures from shifting up in the Battle Line beyond that space at the end of the combat round."
    /// The shift itself, on hand-made lines: slot 1 emptied in combat, a Wall of Ice
    /// holding slot 2 and a creature in slot 3. A position reaches it under reading
    /// `ice_block: before_shift` (fixture `interp_ice_block_before_shift`).
    #[test]
    fn a_wall_of_ice_holds_the_line_when_it_shifts_up() {
        let melt = Ability {
            kind: K::Melt,
            value: 0,
        };
        let mut st = state(vec![
            None,
            Some(creature(1, "Wall of Ice", &[melt])),
            Some(creature(2, "Raider", &[])),
        ]);
        let mut out = Vec::new();
        shift(&mut st, &mut out);
        // The wall holds (a note citing the sentence); nothing moves.
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(*out[0].cite, WALL_HOLDS);
        assert!(matches!(&out[0].change, Change::Note { who: Some(w), .. } if w.id == 1));
        assert_eq!(ids(&st), vec![None, Some(1), Some(2)]);

        // A creature in front of the wall still moves up to slot 1; the one behind it
        // stays behind it.
        let mut st = state(vec![
            None,
            Some(creature(3, "Squire", &[])),
            None,
            Some(creature(1, "Wall of Ice", &[melt])),
            Some(creature(2, "Raider", &[])),
        ]);
        let mut out = Vec::new();
        shift(&mut st, &mut out);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(out.iter().all(|e| *e.cite == WALL_HOLDS));
        assert_eq!(ids(&st), vec![Some(3), None, None, Some(1), Some(2)]);

        // Without the wall the raider moves up to slot 1 (house rule T5).
        let mut st = state(vec![None, None, Some(creature(2, "Raider", &[]))]);
        let mut out = Vec::new();
        shift(&mut st, &mut out);
        assert_eq!(*out[0].cite, turn::SHIFT);
        assert_eq!(st.players[1].line.len(), 1);
    }
}
