//! Seed 004's rules as rule code, one family per file, each quoting the seed sentences
//! it acts on (`super::cite::s`): `ready` (readiness and its timestamps), `decide`
//! (decisions), `resolve` (the judge's resolutions), `conditions` (restrictions and statics'
//! conditions), `figures` (downing, returning, damage, and the triggers they cause),
//! `triggers` (counting, snapshots, order, optional pieces, costs), `effects` (the seed's
//! verbs), `activate` (restriction, costs, payment, the one Special Order), `orders`
//! (orders, and statics that forbid them), `statics` (queries, precedence by recency).
//! Each decides and emits through `event::emit`; none changes the state itself. The
//! order of actions is `turn.rs`'s.

pub mod activate;
pub mod conditions;
pub mod decide;
pub mod effects;
pub mod figures;
pub mod orders;
pub mod ready;
pub mod resolve;
pub mod statics;
pub mod triggers;

use super::cite::Citation;

/// Every seed 004 sentence the engine cites.
pub fn seed_citations() -> Vec<&'static Citation> {
    super::cite::s::ALL.iter().collect()
}
