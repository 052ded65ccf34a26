//! The keywords of seed 002 as rule code, one family per file, each quoting the seed
//! sentences it acts on: `roll` (Accuracy, Armor, Shields: how many dice, what hits),
//! `fury`, `lucky`, `critical` (Critical Hit), `prevention` (Parry, Evade, Deflect),
//! `double` (Double Damage), `intercept` (Intercept, Precision and Elude), `predict`
//! (Foresight, Forewarning), `force` (Force and its costs), `retaliate` (Retaliate's dice of damage when the attack ends), `build` (the build step:
//! Stack, Equip, Meditate actions; INSERT and Reserves layers; Enhance). Each decides and emits through `event::emit`; none
//! changes the state itself. The step order is `attack.rs`'s.

pub mod build;
pub mod critical;
pub mod double;
pub mod force;
pub mod fury;
pub mod intercept;
pub mod lucky;
pub mod predict;
pub mod prevention;
pub mod retaliate;
pub mod roll;

use super::cite::Citation;

/// Every seed 002 sentence the resolver cites.
pub fn seed_citations() -> Vec<&'static Citation> {
    let mut all: Vec<&'static Citation> = Vec::new();
    for list in [
        roll::ALL,
        fury::ALL,
        lucky::ALL,
        critical::ALL,
        prevention::ALL,
        double::ALL,
        intercept::ALL,
        predict::ALL,
        retaliate::ALL,
        build::ALL,
    ] {
        all.extend(list.iter());
    }
    all
}
