//! Dealing a blow to a creature, seed 000 §4.1 and §4.2: a [`Blow`] is planned with its
//! source captured first (so simultaneous blows see the board as it was), reduced by the
//! creature's defences ([`prevent`]: Invulnerability, Shield, Dodge, Bastion, Armor and
//! Dominate, §4.1), counted against the Endless Serpent's body when it strikes another
//! section ([`damage_onto`], §4.2), and recorded as one `Damage` event by [`deal`].
//!
//! This is the only place damage to a creature is reduced or redirected. It does not
//! destroy: the caller settles deaths afterwards (`death.rs`), so simultaneous blows all
//! land first. Which abilities deal blows, and when, is the families'; damage to a
//! player is the one-verb action `actions::damage_player`.
//!
//! Prevention order: a creature that cannot be damaged at all (Invulnerability, Shield,
//! Dodge, Bastion's spent hit) takes nothing; otherwise Armor and Dominate subtract.
//! Armor's scope is the interpretation `armor_scope`; whether Dominate stacks with other
//! Armor is `dominate_armor`; Bastion's is `bastion`.

use super::ability::AbilityKind as K;
use super::actions::note;
use super::cite::{seed, Citation, Rule};
use super::event::{emit, Actor, Change, Event};
use super::families::auras::{self, BEASTMASTER};
use super::interpret::{ArmorHigher, ArmorScope, BastionReading, DominateArmor};
use super::state::{Phase, Side, State, Status};

pub const ARMOR: Citation = seed(
    "Armor",
    "4.1",
    "Armor blocks damage equal to the Armor value.",
);
pub const ARMOR_COMBAT: Citation = seed("Armor", "4.1", "For example, if a creature has Armor 2 then it is dealt 2 less damage during the combat phase.");
pub const ARMOR_HIGHER: Citation = seed("Armor", "4.1", "If a creature’s Armor value is higher than its attacker’s Attack value, it receives no damage.");
pub const BASTION: Citation = seed(
    "Bastion",
    "4.1",
    "A creature with Bastion can only take damage once each turn.",
);
pub const DODGE: Citation = seed("Dodge", "4.1", "When a creature with Dodge is in play it cannot be damaged by enemy creatures that have an Attack value of 5 or more.");
pub const DOMINATE: Citation = seed("Dominate", "4.1", "A creature with the Dominate ability gains its Dominate value in Armor against wounded enemies.");
pub const INVULNERABILITY: Citation = seed(
    "Invulnerability",
    "4.1",
    "A creature with Invulnerability can’t be damaged.",
);
pub const INVULNERABILITY_SPELL: Citation = seed(
    "Invulnerability",
    "4.1",
    "This is typically a temporary effect granted by a spell.",
);
pub const SHIELD: Citation = seed(
    "Shield",
    "4.1",
    "A creature with Shield is Invulnerable during the turn it is summoned.",
);
pub const SHIELD_ZERO: Citation = seed(
    "Shield",
    "4.1",
    "Any damage dealt to it is reduced to zero.",
);
pub const SERPENT_DAMAGE: Citation = seed("The Endless Serpent", "4.2", "Any damage dealt to any section of the Endless Serpent is counted against the body section’s health.");

/// A blow about to be dealt to a creature, with its source captured before the blow
/// (so simultaneous combat sees every creature as it was).
#[derive(Clone, Debug)]
pub struct Blow {
    pub source: Option<Actor>,
    /// The source's Attack value when the blow was planned (Dodge).
    pub source_attack: i32,
    /// Whether the source was damaged when the blow was planned (Dominate).
    pub source_wounded: bool,
    pub target: Actor,
    pub amount: i32,
    pub cite: Rule,
}

impl Blow {
    /// A blow from creature `source` on `side`/`slot` (or from no creature).
    pub fn new(
        st: &State,
        source: Option<(Side, usize)>,
        target: Actor,
        amount: i32,
        cite: impl Into<Rule>,
    ) -> Blow {
        let (source, source_attack, source_wounded) =
            match source.and_then(|(side, slot)| st.at(side, slot).map(|c| (side, slot, c))) {
                Some((side, slot, c)) => (
                    Some(Actor::of(side, slot, c)),
                    auras::attack(st, side, slot),
                    c.damage > 0,
                ),
                None => (None, 0, false),
            };
        Blow {
            source,
            source_attack,
            source_wounded,
            target,
            amount,
            cite: cite.into(),
        }
    }
}

/// Deals `blow`, after prevention and the serpent's redirection, and records it. Deaths
/// are settled by the caller, so that simultaneous blows all land first.
pub fn deal(st: &mut State, out: &mut Vec<Event>, blow: &Blow) {
    let Some(slot) = st.slot_of(blow.target.side, blow.target.id) else {
        return;
    };
    let target = Actor {
        slot,
        ..blow.target.clone()
    };
    let prevented = prevent(st, blow, &target);
    if let Some(text) = prevented.reading {
        let cite = Rule::from(&DOMINATE).reading(st.interpretations.dominate_armor.reading());
        note(st, out, Some(target.clone()), text, cite);
    }
    if let Some(cite) = prevented.cite {
        emit(
            st,
            out,
            Change::Note {
                who: Some(target.clone()),
                text: prevented.note,
            },
            cite,
        );
    }
    let onto = damage_onto(st, out, &target, prevented.dealt);
    emit(
        st,
        out,
        Change::Damage {
            source: blow.source.clone(),
            target,
            onto,
            amount: prevented.dealt,
            blocked: blow.amount - prevented.dealt,
            blocked_by: prevented.by,
            marks_hit: prevented.marks_hit,
        },
        blow.cite,
    );
}

/// What gets through.
pub struct Prevented {
    pub dealt: i32,
    pub by: Option<&'static str>,
    pub cite: Option<Rule>,
    pub note: &'static str,
    pub marks_hit: bool,
    /// An interpretation's note that shaped this prevention, cited by [`DOMINATE`]
    /// (reading `dominate_armor: highest`), logged before [`Prevented::note`].
    pub reading: Option<&'static str>,
}

/// The note of reading `dominate_armor: highest` when it takes effect.
const UNSTACKED: &str = "Dominate's Armor and its other Armor do not add up (dominate_armor: highest): only the higher stands";

/// How much of `blow` the creature `target` takes.
pub fn prevent(st: &State, blow: &Blow, target: &Actor) -> Prevented {
    let none = |by, cite: &'static Citation, note| Prevented {
        dealt: 0,
        by: Some(by),
        cite: Some(Rule::from(cite)),
        note,
        marks_hit: false,
        reading: None,
    };
    let nothing = Prevented {
        dealt: 0,
        by: None,
        cite: None,
        note: "",
        marks_hit: false,
        reading: None,
    };
    let Some(c) = st.at(target.side, target.slot) else {
        return nothing;
    };
    if blow.amount <= 0 {
        return nothing;
    }
    if c.has(K::Invulnerability) {
        return none(
            "Invulnerability",
            &INVULNERABILITY,
            "cannot be damaged (Invulnerability)",
        );
    }
    if c.status.has(Status::Invulnerable) {
        return none(
            "Invulnerability",
            &INVULNERABILITY_SPELL,
            "cannot be damaged this turn (invulnerable)",
        );
    }
    if c.status.has(Status::Shielded) {
        return none(
            "Shield",
            &SHIELD_ZERO,
            "is shielded: the damage is reduced to zero",
        );
    }
    let enemy_source = blow.source.as_ref().filter(|s| s.side != target.side);
    if c.has(K::Dodge) && enemy_source.is_some() && blow.source_attack >= 5 {
        return none("Dodge", &DODGE, "dodges an enemy with Attack 5 or more");
    }
    let bastion = c.has(K::Bastion);
    if bastion && c.status.has(Status::HitThisTurn) {
        return none(
            "Bastion",
            &BASTION,
            "has already taken damage this turn (Bastion)",
        );
    }
    let scope = st.interpretations.armor_scope.reading();
    let in_combat = matches!(st.phase, Phase::Battle | Phase::Fury);
    let armor_applies = in_combat || st.interpretations.armor_scope == ArmorScope::AllDamage;
    // The Armor value is the creature's own Armor, Beastmaster's and Dominate's: added
    // together (reading `adds`), or Dominate's only where it is higher than the other two
    // together (reading `highest`; a tie keeps the creature's own).
    let own_armor = c.ability(K::Armor).unwrap_or(0);
    let beast_armor = auras::armor(st, target.side, target.slot) - own_armor;
    let dominate_armor = match c.ability(K::Dominate) {
        Some(d) if enemy_source.is_some() && blow.source_wounded => d,
        _ => 0,
    };
    let unstacked = st.interpretations.dominate_armor == DominateArmor::Highest
        && dominate_armor > 0
        && own_armor + beast_armor > 0;
    let (own, beast, dominate) = match unstacked {
        true if dominate_armor > own_armor + beast_armor => (0, 0, dominate_armor),
        true => (own_armor, beast_armor, 0),
        false => (own_armor, beast_armor, dominate_armor),
    };
    let armor = own + beast + dominate;
    if armor > 0 && !armor_applies {
        // Reading `combat`: the example sentence limits Armor to the combat phase.
        return Prevented {
            dealt: blow.amount,
            by: None,
            cite: Some(Rule::from(&ARMOR_COMBAT).reading(scope)),
            note: "Armor does not block damage outside the combat phase",
            marks_hit: bastion,
            reading: None,
        };
    }
    let (by, mut cite): (&'static str, &'static Citation) = match (own > 0, beast > 0, dominate > 0)
    {
        (false, true, false) => ("Beastmaster", &BEASTMASTER),
        (false, false, true) => ("Dominate", &DOMINATE),
        (false, true, true) => ("Beastmaster and Dominate", &BEASTMASTER),
        (true, false, true) => ("Armor and Dominate", &ARMOR_COMBAT),
        (true, true, false) => ("Armor and Beastmaster", &ARMOR_COMBAT),
        (true, true, true) => ("Armor, Beastmaster and Dominate", &ARMOR_COMBAT),
        _ => ("Armor", &ARMOR_COMBAT),
    };
    if own > 0 && !in_combat {
        // Reading `all_damage`: Armor blocks damage from every source.
        cite = &ARMOR;
    }
    let mut rule = Rule::from(cite);
    if !in_combat {
        rule = rule.reading(scope);
    }
    // Whenever Dominate meets other Armor, how they combine is reading `dominate_armor`.
    if dominate_armor > 0 && own_armor + beast_armor > 0 {
        rule = rule.reading(st.interpretations.dominate_armor.reading());
    }
    let mut dealt = (blow.amount - armor).max(0);
    let weaker = armor > 0 && blow.source.is_some() && armor > blow.source_attack;
    if weaker && dealt == 0 && in_combat {
        cite = &ARMOR_HIGHER;
        rule = Rule::from(cite);
    }
    // Reading `armor_higher`: in the battle, a blow from an attacker whose Attack value
    // is lower than the Armor deals nothing, however large the blow (Reaper's,
    // Vengeance's, Cross Over's). Outside the battle no creature is an "attacker".
    if weaker && dealt > 0 && in_combat {
        let reading = st.interpretations.armor_higher;
        if reading == ArmorHigher::NoDamage {
            dealt = 0;
        }
        rule = Rule::from(&ARMOR_HIGHER).reading(reading.reading());
    }
    let bastion_reading = st.interpretations.bastion;
    let marks_hit = bastion && (dealt > 0 || bastion_reading == BastionReading::BlockedHitCounts);
    if bastion && dealt == 0 {
        rule = rule.reading(bastion_reading.reading());
    }
    let blocked = blow.amount - dealt;
    Prevented {
        dealt,
        by: (blocked > 0).then_some(by),
        cite: (blocked > 0).then_some(rule),
        note: match (dealt == 0, bastion, marks_hit) {
            (true, true, true) => {
                "blocks all of the damage; the blocked hit still uses up its one hit this turn (Bastion)"
            }
            (true, true, false) => {
                "blocks all of the damage; a blocked hit does not use up its one hit this turn (Bastion)"
            }
            (true, _, _) => "blocks all of the damage",
            _ => "blocks part of the damage",
        },
        reading: (unstacked && blocked > 0).then_some(UNSTACKED),
        marks_hit,
    }
}

/// Whether the creature is a section of the Endless Serpent.
pub fn is_section(st: &State, side: Side, slot: usize) -> bool {
    st.at(side, slot).is_some_and(|c| c.has(K::EndlessSerpent))
}

/// The Endless Serpent's body on `side`'s line: the section with the most Life.
pub fn body_slot(st: &State, side: Side) -> Option<usize> {
    st.creatures(side)
        .filter(|(_, c)| c.has(K::EndlessSerpent))
        .max_by_key(|(i, c)| (c.life, std::cmp::Reverse(*i)))
        .filter(|(_, c)| c.life > 0)
        .map(|(i, _)| i)
}

/// Where damage to `target` is counted: the body, for any section of the serpent.
pub fn damage_lands_on(st: &State, target: &Actor) -> Actor {
    if is_section(st, target.side, target.slot) {
        if let Some(body) = body_slot(st, target.side) {
            if let Some(c) = st.at(target.side, body) {
                return Actor::of(target.side, body, c);
            }
        }
    }
    target.clone()
}

/// [`damage_lands_on`] for a blow of `amount` about to be dealt: when it lands on the
/// body of the serpent rather than the section hit, the log says so, citing the rule.
pub fn damage_onto(st: &mut State, out: &mut Vec<Event>, target: &Actor, amount: i32) -> Actor {
    let onto = damage_lands_on(st, target);
    if onto.id != target.id && amount > 0 {
        note(
            st,
            out,
            Some(target.clone()),
            "is a section of the Endless Serpent: the damage is counted against the body",
            &SERPENT_DAMAGE,
        );
    }
    onto
}
