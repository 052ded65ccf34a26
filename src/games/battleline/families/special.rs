//! Special rules, seed 000 §4.2 (The Endless Serpent, The Omega Rabbit) with the §4.1
//! abilities that trigger them: Gatekeeper and Carrot Seeker. Ice Block, Melt and
//! Terrify are §4.2 too but live with their phases (`end.rs`, `start.rs`).
//!
//! The serpent's sections taking damage on the body is `damage.rs`; the serpent set aside
//! and the Omega Rabbit discarded when destroyed are `death.rs`.
//!
//! The summoned cards' stats come from the catalogue through [`crate::games::battleline::state::Summons`];
//! this file never invents a card.

use std::sync::Arc;

use crate::games::battleline::ability::AbilityKind as K;
use crate::games::battleline::actions::{note, rearrange, summon};
use crate::games::battleline::cite::{seed, turn, Citation};
use crate::games::battleline::damage::is_section;
use crate::games::battleline::death;
use crate::games::battleline::event::{emit, Actor, Change, Event, Fate};
use crate::games::battleline::state::{Artifact, Side, State};
use crate::text::same_name;

use super::auras;

pub const GATEKEEPER: Citation = seed("Gatekeeper", "4.1", "When three Gatekeeper allies are in play, they are immediately removed and replaced with the Endless Serpent.");
pub const SERPENT_WHEN: Citation = seed("The Endless Serpent", "4.2", "The Endless Serpent comes into play when three allied creatures with Gatekeeper are on a player’s Battle Line.");
pub const SERPENT_COMES: Citation = seed("The Endless Serpent", "4.2", "When the third creature with Gatekeeper enters play, the three allies and any attached artifacts are discarded and all cards are shifted down the Battle Line to make room in the first three slots.");
pub const SERPENT_SLOTS: Citation = seed("The Endless Serpent", "4.2", "Those three slots are filled with the Endless Serpent’s head, body, and second head, respectively.");
pub const SERPENT_MINDLESS: Citation = seed(
    "The Endless Serpent",
    "4.2",
    "The Endless Serpent is Mindless and artifacts can not be played on it.",
);
pub const CARROT_SEEKER: Citation = seed("Carrot Seeker", "4.1", "When a creature with Carrot Seeker is in play, if the Vegetable Artifact (The Carrot of Power) is put into play by the controller of the Carrot Seeker it must be played on the Carrot Seeker, regardless of whether it is the first creature on the Battle Line.");
pub const OMEGA_ONLY: Citation = seed("The Omega Rabbit", "4.2", "When an Enchanted Bunny is on the Battle Line, it is the only target eligible for the Carrot of Power artifact.");
pub const OMEGA_FIRST: Citation = seed("The Omega Rabbit", "4.2", "If there is more than one Enchanted Bunny in play on a players Battle Line, the first Enchanted Bunny in line must be the target of the Carrot of Power.");
pub const OMEGA_REPLACE: Citation = seed("The Omega Rabbit", "4.2", "When the Carrot of Power is played on the Enchanted Bunny, the target Enchanted Bunny card is removed from the game and replaced by the Omega Rabbit.");
pub const OMEGA_KEEPS: Citation = seed(
    "The Omega Rabbit",
    "4.2",
    "The Omega Rabbit will keep the Carrot of Power attached and gains the benefits from it.",
);

/// The name of the Vegetable Artifact.
pub const CARROT: &str = "The Carrot of Power";
/// The card the Omega Rabbit replaces.
pub const BUNNY: &str = "Enchanted Bunny";

/// Gatekeeper as a state: "When three Gatekeeper allies are in play, they are
/// immediately removed and replaced with the Endless Serpent." Checked on both lines
/// before the first step and after every step's task that changed the board, so three
/// Gatekeepers on a starting line, played, reanimated or placed all become the serpent.
/// Without a serpent in the catalogue the state check stays silent (the arrival of a
/// Gatekeeper notes it).
pub fn gatekeeper_check(st: &mut State, out: &mut Vec<Event>) {
    if st.summons.serpent.is_none() {
        return;
    }
    for side in 0..2 {
        let keepers = st
            .creatures(side)
            .filter(|(_, c)| c.has(K::Gatekeeper))
            .count();
        if keepers >= 3 {
            gatekeepers(st, out, side);
        }
    }
}

/// After a Gatekeeper enters: with three Gatekeepers on the line, summon the serpent.
pub fn gatekeepers(st: &mut State, out: &mut Vec<Event>, side: Side) {
    let keepers: Vec<Actor> = st
        .creatures(side)
        .filter(|(_, c)| c.has(K::Gatekeeper))
        .take(3)
        .map(|(i, c)| Actor::of(side, i, c))
        .collect();
    if keepers.len() < 3 {
        return;
    }
    let Some(serpent) = st.summons.serpent.clone() else {
        note(
            st,
            out,
            None,
            "the catalogue has no Endless Serpent to summon",
            &GATEKEEPER,
        );
        return;
    };
    note(st, out, None, "three Gatekeepers are in play", &GATEKEEPER);
    note(
        st,
        out,
        None,
        "three allied Gatekeepers are on the line: the Endless Serpent comes into play",
        &SERPENT_WHEN,
    );
    // The rest of the line, in order, without the three: the keepers' slots close up
    // and everything moves down behind the serpent's three slots.
    let rest: Vec<Option<u32>> = st.players[side]
        .line
        .iter()
        .map(|c| c.as_ref().map(|c| c.id))
        .enumerate()
        .filter(|(i, _)| !keepers.iter().any(|k| k.slot == *i))
        .map(|(_, id)| id)
        .collect();
    for k in keepers {
        emit(
            st,
            out,
            Change::Leaves {
                who: k,
                fate: Fate::Removed,
            },
            &SERPENT_COMES,
        );
    }
    rearrange(st, out, side, rest, None, &SERPENT_COMES);
    for (slot, section) in serpent.into_iter().enumerate() {
        let mut section = section;
        section.id = st.fresh_id();
        summon(st, out, side, slot, true, section, &SERPENT_SLOTS);
    }
}

/// Where an artifact played by `side` must go, if a rule forces it, with the rule and
/// what the log says: the Carrot of Power onto the first Enchanted Bunny on the line
/// (the Omega Rabbit, §4.2), or else onto the first Carrot Seeker (§4.1).
///
/// Decision: when a line holds both a Carrot Seeker that is not a bunny and an
/// Enchanted Bunny, the bunny gets the carrot. §4.2 makes the bunny "the only target
/// eligible", and Carrot Seeker's own text defers to that section ("see 4.2").
pub fn forced_artifact_target(
    st: &State,
    side: Side,
    artifact: &Artifact,
) -> Option<(Actor, &'static str, &'static Citation)> {
    if !same_name(&artifact.name, CARROT) {
        return None;
    }
    let mut bunnies = st
        .creatures(side)
        .filter(|(_, c)| same_name(&c.name, BUNNY))
        .map(|(i, c)| Actor::of(side, i, c));
    if let Some(first) = bunnies.next() {
        return Some(if bunnies.next().is_some() {
            (
                first,
                "is the first Enchanted Bunny in line: it must receive the Carrot of Power",
                &OMEGA_FIRST,
            )
        } else {
            (
                first,
                "is an Enchanted Bunny on the line: the only eligible target for the Carrot of Power",
                &OMEGA_ONLY,
            )
        });
    }
    st.creatures(side)
        .find(|(_, c)| c.has(K::CarrotSeeker))
        .map(|(i, c)| {
            (
                Actor::of(side, i, c),
                "must receive the Carrot of Power",
                &CARROT_SEEKER,
            )
        })
}

/// The Carrot of Power lands on an Enchanted Bunny: it becomes the Omega Rabbit, which
/// keeps the carrot. Returns false when this rule does not apply.
pub fn omega_rabbit(
    st: &mut State,
    out: &mut Vec<Event>,
    bunny: &Actor,
    carrot: &Artifact,
) -> bool {
    if !same_name(&bunny.name, BUNNY) || !same_name(&carrot.name, CARROT) {
        return false;
    }
    let Some(rabbit) = st.summons.omega_rabbit.clone() else {
        return false;
    };
    emit(
        st,
        out,
        Change::Leaves {
            who: bunny.clone(),
            fate: Fate::Removed,
        },
        &OMEGA_REPLACE,
    );
    let mut rabbit = rabbit;
    rabbit.id = st.fresh_id();
    rabbit.artifacts = Arc::from(vec![carrot.clone()]);
    summon(st, out, bunny.side, bunny.slot, false, rabbit, &OMEGA_KEEPS);
    true
}

/// Attaches a played artifact, obeying Carrot Seeker, the Omega Rabbit and Mindless.
pub fn play_artifact(
    st: &mut State,
    out: &mut Vec<Event>,
    side: Side,
    slot: Option<usize>,
    artifact: Artifact,
) {
    let target = match forced_artifact_target(st, side, &artifact) {
        Some((forced, why, cite)) => {
            note(st, out, Some(forced.clone()), why, cite);
            Some(forced)
        }
        None => match slot {
            Some(s) => st.at(side, s).map(|c| Actor::of(side, s, c)),
            None => st
                .creatures(side)
                .next()
                .map(|(i, c)| Actor::of(side, i, c)),
        },
    };
    let Some(target) = target else {
        note(
            st,
            out,
            None,
            "there is no creature to carry the artifact; it has no effect",
            &turn::PLAY,
        );
        return;
    };
    if omega_rabbit(st, out, &target, &artifact) {
        return;
    }
    let can_equip = st.at(side, target.slot).is_some_and(auras::can_equip);
    if !can_equip {
        let cite = if is_section(st, side, target.slot) {
            &SERPENT_MINDLESS
        } else {
            &auras::MINDLESS
        };
        note(
            st,
            out,
            Some(target),
            "cannot equip artifacts; the artifact has no effect",
            cite,
        );
        return;
    }
    emit(
        st,
        out,
        Change::Artifact {
            who: target,
            artifact,
            attached: true,
        },
        &turn::PLAY,
    );
    death::settle(st, out, Vec::new());
}
