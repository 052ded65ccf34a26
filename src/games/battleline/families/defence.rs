//! Damage prevention, seed 000 §4.1: Invulnerability, Shield, Dodge, Bastion, Armor and
//! Dominate. [`prevent`] decides how much of a blow gets through and which rule
//! stopped the rest; it is the only place damage is reduced.
//!
//! Order: a creature that cannot be damaged at all (Invulnerability, Shield, Dodge,
//! Bastion's spent hit) takes nothing; otherwise Armor and Dominate subtract. Armor's
//! scope is the interpretation `armor_scope`; whether Dominate stacks with other Armor is
//! `dominate_armor`; Bastion's is `bastion`.

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::actions::Blow;
use crate::games::battleline::cite::{seed, Citation, Rule};
use crate::games::battleline::event::Actor;
use crate::games::battleline::interpret::{ArmorHigher, ArmorScope, BastionReading, DominateArmor};
use crate::games::battleline::state::{Phase, State, Status};

use super::auras::{self, BEASTMASTER};

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
