//! Double Damage (seed 002 §Ancient Seers: Double Damage): in the damage placement POP,
//! one more counter on the defending unit for each 1 of the attack's damage that was
//! not prevented (isolated: one instance counts).

use super::super::cite::{seed, Citation};
use super::super::state::{Damage, Keyword, State};

pub const MEANS: Citation = seed(
    "Double Damage",
    "Put 1 additional damage counter on the defending unit for each 1 damage that wasn't prevented.",
);
pub const ADDITION: Citation = seed(
    "Double Damage",
    "Damage counters placed by a unit with Double Damage are in addition to the counters that would be placed normally if the attacking unit did not have Double Damage.",
);

pub const ALL: &[Citation] = &[MEANS, ADDITION];

/// The extra counters Double Damage puts on the defender for `d`: its amount when `d`
/// is the attack's own damage to the defending unit and the attacker has Double Damage.
pub fn extra(st: &State, d: &Damage) -> u32 {
    let has = !st
        .attacker()
        .all_instances(Keyword::DoubleDamage)
        .is_empty();
    if has && d.attack && d.target == st.defender && d.source == st.attacker {
        d.amount
    } else {
        0
    }
}
