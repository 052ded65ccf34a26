//! Static modifiers, seed 000 §4.1: Incite, Inspire, Swarm, Undead Hunger, Warrior's
//! Oath, Beastmaster, Loremaster, Machinist, Techlord, Berserk, and artifacts' own
//! stats. Also Mindless (§4.1), which only forbids.
//!
//! Nothing here is stored: [`attack`], [`life`] and [`armor`] recompute a creature's
//! values from the state every time they are asked, so a modifier disappears the
//! moment its source leaves the line (Swarm's "immediately loses the Swarm bonus").
//! "Ally" means another creature on the same line, never the creature itself.

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::cite::{seed, Citation};
use crate::games::battleline::interpret::{BerserkHealing, BerserkReading};
use crate::games::battleline::state::{Creature, Phase, Side, State, Trait};

pub const INCITE: Citation = seed("Incite", "4.1", "This ability grants +2 Attack to allied creatures immediately adjacent to the creature bearing the Incite ability.");
pub const INSPIRE: Citation = seed("Inspire", "4.1", "When a creature with Inspire is in play it grants +2 Attack to the ally at the front of the Battle Line.");
pub const SWARM: Citation = seed("Swarm", "4.1", "When a creature bearing the Swarm ability is in play it gains its Swarm value in Attack for each adjacent Ally creature.");
pub const SWARM_LOSS: Citation = seed("Swarm", "4.1", "If an adjacent creature is killed, it immediately loses the Swarm bonus provided by that creature and its Attack is reduced accordingly.");
pub const UNDEAD_HUNGER: Citation = seed("Undead Hunger", "4.1", "A creature with Undead Hunger gains +1 Attack for each other Undead ally in play on the Battle Line.");
pub const WARRIORS_OATH: Citation = seed("Warrior's Oath", "4.1", "When a creature with Warrior’s Oath is in play, all other Allied creatures of the Warrior type gain +1 Attack.");
pub const BEASTMASTER: Citation = seed("Beastmaster", "4.1", "A warlord with Beastmaster gains +1 Attack and +1 Armor for each Beast ally on the Battle Line.");
pub const LOREMASTER: Citation = seed(
    "Loremaster",
    "4.1",
    "This ability grants +2 Attack and +2 Life to all allied creatures equipped with artifacts.",
);
pub const MACHINIST: Citation = seed("Machinist", "4.1", "When a creature with Machinist is equipped with an artifact it gains its Machinist value as + Attack and + Life.");
pub const TECHLORD: Citation = seed("Techlord", "4.1", "This ability grants +2 Attack to the creature bearing the ability for each artifact attached to allied creatures.");
pub const BERSERK: Citation = seed(
    "Berserk",
    "4.1",
    "A creature with Berserk gains +1 Attack for each damage it takes.",
);
pub const MINDLESS: Citation = seed(
    "Mindless",
    "4.1",
    "A creature with the Mindless ability cannot equip artifacts.",
);

fn others(st: &State, side: Side, me: u32) -> impl Iterator<Item = (usize, &Creature)> {
    st.creatures(side).filter(move |(_, c)| c.id != me)
}

fn adjacent_allies(st: &State, side: Side, slot: usize) -> i32 {
    let left = slot.checked_sub(1).and_then(|s| st.at(side, s)).is_some();
    let right = st.at(side, slot + 1).is_some();
    left as i32 + right as i32
}

/// The damage Berserk counts now, before the `berserk` reading looks at the battle's
/// start: the damage on it (reading `berserk_healing: removes_bonus`) or every point it
/// has taken (`keeps_bonus`).
pub fn berserk_count(st: &State, c: &Creature) -> i32 {
    match st.interpretations.berserk_healing {
        BerserkHealing::RemovesBonus => c.damage,
        BerserkHealing::KeepsBonus => c.taken,
    }
}

/// The damage Berserk counts (interpretations `berserk` and `berserk_healing`).
fn berserk_damage(st: &State, c: &Creature) -> i32 {
    let in_battle = matches!(st.phase, Phase::Battle | Phase::Fury);
    let now = berserk_count(st, c);
    match st.interpretations.berserk {
        BerserkReading::BeforeBattle if in_battle => st
            .battle_start_damage
            .iter()
            .find(|(id, _)| *id == c.id)
            .map_or(0, |(_, d)| (*d).min(now)),
        _ => now,
    }
}

/// Calls `f(rule, amount)` for every static modifier that adds Attack to the creature
/// at `side`/`slot` now (only those whose amount is not zero), its own abilities first,
/// then its allies' in line order.
fn each_attack_modifier(
    st: &State,
    side: Side,
    slot: usize,
    mut f: impl FnMut(&'static Citation, i32),
) {
    let Some(c) = st.at(side, slot) else { return };
    let equipped = !c.artifacts.is_empty();
    let front = st.creatures(side).next().map(|(i, _)| i);
    for ab in c.abilities.iter() {
        let (cite, amount) = match ab.kind {
            K::Machinist if equipped => (&MACHINIST, ab.value),
            K::Berserk => (&BERSERK, berserk_damage(st, c)),
            K::Swarm => (&SWARM, ab.value * adjacent_allies(st, side, slot)),
            K::UndeadHunger => (
                &UNDEAD_HUNGER,
                others(st, side, c.id)
                    .filter(|(_, o)| o.is(Trait::Undead))
                    .count() as i32,
            ),
            K::Techlord => (
                &TECHLORD,
                2 * others(st, side, c.id)
                    .map(|(_, o)| o.artifacts.len() as i32)
                    .sum::<i32>(),
            ),
            K::Beastmaster if c.warlord => (&BEASTMASTER, beast_allies(st, side, c.id)),
            _ => continue,
        };
        if amount != 0 {
            f(cite, amount);
        }
    }
    for (j, o) in others(st, side, c.id) {
        for ab in o.abilities.iter() {
            let (cite, amount) = match ab.kind {
                K::Incite if j.abs_diff(slot) == 1 => (&INCITE, 2),
                K::Inspire if front == Some(slot) => (&INSPIRE, 2),
                K::Loremaster if equipped => (&LOREMASTER, 2),
                K::WarriorsOath if c.is(Trait::Warrior) => (&WARRIORS_OATH, 1),
                _ => continue,
            };
            f(cite, amount);
        }
    }
}

fn beast_allies(st: &State, side: Side, me: u32) -> i32 {
    others(st, side, me)
        .filter(|(_, o)| o.is(Trait::Beast))
        .count() as i32
}

/// The Attack value of the creature at `side`/`slot` now, with every static modifier.
pub fn attack(st: &State, side: Side, slot: usize) -> i32 {
    let Some(c) = st.at(side, slot) else { return 0 };
    let mut a = c.attack + c.artifacts.iter().map(|x| x.attack).sum::<i32>();
    each_attack_modifier(st, side, slot, |_, n| a += n);
    a.max(0)
}

/// The static modifiers that add Attack to the creature at `side`/`slot` now, as
/// `(rule, amount)`, only those that apply. Printed Attack plus artifacts plus these
/// is [`attack`]. Allocates nothing when no modifier applies.
pub fn attack_modifiers(st: &State, side: Side, slot: usize) -> Vec<(&'static Citation, i32)> {
    let mut out = Vec::new();
    each_attack_modifier(st, side, slot, |cite, n| out.push((cite, n)));
    out
}

/// The Life of the creature at `side`/`slot` now: printed Life, permanent gains,
/// artifacts, Machinist and Loremaster.
pub fn life(st: &State, side: Side, slot: usize) -> i32 {
    let Some(c) = st.at(side, slot) else { return 0 };
    let equipped = !c.artifacts.is_empty();
    let mut l = c.life + c.artifacts.iter().map(|x| x.life).sum::<i32>();
    if equipped {
        l += c.ability(K::Machinist).unwrap_or(0);
        l += 2 * others(st, side, c.id)
            .map(|(_, o)| {
                o.abilities
                    .iter()
                    .filter(|a| a.kind == K::Loremaster)
                    .count() as i32
            })
            .sum::<i32>();
    }
    l
}

/// The Armor of the creature at `side`/`slot`: Armor plus Beastmaster's.
pub fn armor(st: &State, side: Side, slot: usize) -> i32 {
    let Some(c) = st.at(side, slot) else { return 0 };
    let mut armor = c.ability(K::Armor).unwrap_or(0);
    if c.warlord && c.has(K::Beastmaster) {
        armor += beast_allies(st, side, c.id);
    }
    armor
}

/// Whether the creature may carry artifacts.
pub fn can_equip(c: &Creature) -> bool {
    !c.has(K::Mindless)
}

/// Every modifier on the creature at `side`/`slot`, as `(rule, attack, life)` pairs, for
/// the step-through's explanations. Sums agree with [`attack`] and [`life`].
pub fn explain(st: &State, side: Side, slot: usize) -> Vec<(&'static str, i32, i32)> {
    let Some(c) = st.at(side, slot) else {
        return Vec::new();
    };
    let mut out = vec![("printed", c.attack, c.life)];
    for a in c.artifacts.iter() {
        out.push(("artifact", a.attack, a.life));
    }
    let base_a = c.attack + c.artifacts.iter().map(|x| x.attack).sum::<i32>();
    let base_l = c.life + c.artifacts.iter().map(|x| x.life).sum::<i32>();
    let (a, l) = (attack(st, side, slot), life(st, side, slot));
    if a != base_a || l != base_l {
        out.push(("abilities", a - base_a, l - base_l));
    }
    out
}
