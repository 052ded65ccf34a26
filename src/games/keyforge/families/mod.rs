//! KeyForge's rules as rule code, one family per file: `using` (who may use or play a
//! card: control, the active house, exhaustion, stun, futile uses), `fight` (the fight
//! in the published order, with Taunt, Elusive, Skirmish, Poison, Assault, Hazardous,
//! Before Fight and the seed's Fight:), `damage` (armor, destruction, leaving play),
//! `effects` (the effect language played: targets, choices, the judge's rulings),
//! `bonus` (a played card's bonus icons, top to bottom, before its Play: abilities),
//! `order` (the active player's order of simultaneous abilities, as decisions). Each
//! decides and emits through `event::emit`; none changes the state itself. The order of
//! an action's steps is `turn.rs`'s.

pub mod bonus;
pub mod damage;
pub mod effects;
pub mod fight;
pub mod order;
pub mod using;

use std::collections::VecDeque;

use super::cite::{seed003, Citation, Rule};
use super::effect::{Ability, Trigger};
use super::event::Event;
use super::state::State;

/// How an ability resolves (`effects::resolve`), handed to the families that make
/// abilities trigger (destruction) so that they need not import the effects family,
/// which destroys.
pub type Resolver =
    fn(&mut State, &mut Vec<Event>, &mut Ctx, &str, usize, &Ability, Option<Trigger>, Rule);

/// What one action carries while it resolves: the targets the position names for its
/// choices, in order, and whether the last damage destroyed its creature.
pub struct Ctx {
    /// Resolves an ability: `effects::resolve`.
    pub resolve: Resolver,
    /// The action's place in `actions` (0-based).
    pub action: usize,
    pub targets: VecDeque<String>,
    /// Whether the damage just dealt destroyed the creature it was dealt to.
    pub last_destroyed: Option<bool>,
    /// How deep destruction checks are nested ("Destroyed:" abilities that destroy).
    pub depth: u32,
    /// Creatures being destroyed now (their "Destroyed:" abilities resolving), which
    /// no check destroys a second time.
    pub dying: Vec<String>,
}

/// Every seed 003 sentence, in the seed's order.
pub fn seed_citations() -> Vec<&'static Citation> {
    seed003::ALL.iter().collect()
}
