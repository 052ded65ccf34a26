//! One file per ability family, each citing its seed section. The families are built
//! from the shared actions in `actions.rs` and the rules of damage and destruction
//! (`damage.rs`, `death.rs`); the turn sequence in `turn.rs` decides when each family
//! runs.
//!
//! | file | abilities |
//! | --- | --- |
//! | `auras.rs` | static modifiers: Incite, Inspire, Swarm, Undead Hunger, Warrior's Oath, Beastmaster, Loremaster, Machinist, Techlord, Berserk, Mindless |
//! | `arrival.rs` | comes into play: Ambush, Burst, Storm, Cleansing Fire, Charge, Shield, Refresh, Rider's Might |
//! | `start.rs` | start of turn: Bolt, Curse, Soothsay, Templar's Wrath, Pestilence, Melt, Terrify |
//! | `combat.rs` | battle: Assassin, Breakthrough, Fury, Plague Bearer, Reaper, Skirmish |
//! | `end.rs` | end of turn: Heal, Regen, Regen Aura, Ascend, Fade, Sabotage, Ice Block, shifting up |
//! | `special.rs` | §4.2: The Endless Serpent, Gatekeeper, The Omega Rabbit, Carrot Seeker |
//!
//! Not here, because every blow and every death goes through them: damage prevention
//! (Armor, Bastion, Dodge, Dominate, Invulnerability, Shield) and the Endless Serpent's
//! body taking a section's damage are `damage.rs`; destruction and what it triggers
//! (Vengeance, Cross Over, Soul Drain, Reanimate, Heal's discard, Swarm's loss, the
//! serpent set aside, the Omega Rabbit discarded) are `death.rs`. `auras.rs` only
//! computes values from the state, so those two may read it.

pub mod arrival;
pub mod auras;
pub mod combat;
pub mod end;
pub mod special;
pub mod start;

use super::cite::Citation;
use super::{damage, death};

/// Every seed sentence the engine cites (the families' and those of `damage.rs` and
/// `death.rs`), for the check against the seed text.
pub fn seed_citations() -> Vec<&'static Citation> {
    vec![
        &auras::INCITE,
        &auras::INSPIRE,
        &auras::SWARM,
        &auras::SWARM_LOSS,
        &auras::UNDEAD_HUNGER,
        &auras::WARRIORS_OATH,
        &auras::BEASTMASTER,
        &auras::LOREMASTER,
        &auras::MACHINIST,
        &auras::TECHLORD,
        &auras::BERSERK,
        &auras::MINDLESS,
        &damage::ARMOR,
        &damage::ARMOR_COMBAT,
        &damage::ARMOR_HIGHER,
        &damage::BASTION,
        &damage::DODGE,
        &damage::DOMINATE,
        &damage::INVULNERABILITY,
        &damage::INVULNERABILITY_SPELL,
        &damage::SHIELD,
        &damage::SHIELD_ZERO,
        &arrival::AMBUSH,
        &arrival::AMBUSH_NONE,
        &arrival::BURST,
        &arrival::BURST_NONE,
        &arrival::STORM,
        &arrival::STORM_PLAYER,
        &arrival::CLEANSING_FIRE,
        &arrival::CHARGE,
        &arrival::SHIELD,
        &arrival::REFRESH,
        &arrival::REFRESH_TIE,
        &arrival::RIDERS_MIGHT,
        &start::BOLT,
        &start::CURSE,
        &start::SOOTHSAY,
        &start::SOOTHSAY_TIE,
        &start::TEMPLARS_WRATH,
        &start::MELT,
        &start::ICE_BLOCK_MELT,
        &start::TERRIFY,
        &start::TERRIFY_ONLY,
        &start::MELT_ONLY,
        &combat::ASSASSIN,
        &combat::BREAKTHROUGH,
        &combat::BREAKTHROUGH_OPEN,
        &combat::BREAKTHROUGH_FURY,
        &combat::FURY,
        &combat::FURY_FIRST,
        &combat::FURY_SECOND,
        &combat::PLAGUE_BEARER,
        &combat::REAPER,
        &combat::SKIRMISH,
        &combat::TERRIFIED,
        &death::VENGEANCE,
        &death::VENGEANCE_BOTH,
        &death::VENGEANCE_NONE,
        &death::CROSS_OVER,
        &death::SOUL_DRAIN,
        &death::SOUL_DRAIN_NOW,
        &death::REANIMATE,
        &death::HEAL_DIES,
        &start::PESTILENCE,
        &end::HEAL,
        &end::HEAL_TIE,
        &end::REGEN,
        &end::REGEN_AURA,
        &end::ASCEND,
        &end::FADE,
        &end::FADE_ORDER,
        &end::SABOTAGE,
        &end::SABOTAGE_NONE,
        &end::ICE_BLOCK,
        &end::ICE_BLOCK_ONLY,
        &end::WALL_HOLDS,
        &special::GATEKEEPER,
        &special::SERPENT_WHEN,
        &special::OMEGA_ONLY,
        &special::SERPENT_COMES,
        &special::SERPENT_SLOTS,
        &damage::SERPENT_DAMAGE,
        &special::SERPENT_MINDLESS,
        &death::SERPENT_SET_ASIDE,
        &special::CARROT_SEEKER,
        &special::OMEGA_FIRST,
        &special::OMEGA_REPLACE,
        &special::OMEGA_KEEPS,
        &death::OMEGA_DESTROYED,
    ]
}
