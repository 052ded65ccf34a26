//! The Star Wars TCG citation table: the sentences of seed 002 the resolver quotes, the
//! published base rules the seed leans on but never states (cited as `public`, with
//! where they are published), and our numbered house rules (`docs/rules/swtcg.md`,
//! S1–S20) for what neither settles. The kinds of source are the core's
//! ([`crate::rules::cite`]). Seed sentences are checked verbatim against the catalogue's
//! copy of seed 002 by `tests/engine_swtcg.rs`; public and house rules against the doc.
//!
//! This file holds sentences only; which rule code cites which is in `families/`.

pub use crate::rules::cite::{Citation, Rule};

/// The game's slug.
pub const GAME: &str = "swtcg";
/// The seed its keywords come from.
pub const SEED: &str = "002";
/// Where the house rules, published rules and interpretations are written.
pub const RULES_DOC: &str = "docs/rules/swtcg.md";
/// The section every keyword of seed 002 sits under (the deck page's title).
pub const SECTION: &str = "Ancient Seers";
/// Where the published base rules are.
pub const PUBLISHED: &str = "Star Wars TCG rules columns (Wizards of the Coast)";

/// A sentence of seed 002 under keyword `rule`.
pub const fn seed(rule: &'static str, sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, rule, SECTION, sentence)
}

/// A published rule, restated, from `section` of the rules columns.
pub const fn public(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::public(GAME, PUBLISHED, rule, section, sentence)
}

/// A house rule of `docs/rules/swtcg.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::house(GAME, RULES_DOC, rule, section, sentence)
}

/// The published base rules (`docs/rules/swtcg.md`, "Published rules").
pub mod base {
    use super::{public, Citation};

    pub const DICE: Citation = public(
        "Attack dice",
        "\"Rulebook: Part Six, Commence Attack\"",
        "An attacking unit rolls a number of dice equal to its Power. Each die showing 4, 5 or 6 is a hit. Each hit puts one damage counter on the unit attacked.",
    );
    pub const DISCARD: Citation = public(
        "Discard at Health",
        "\"Rulebook: Part Six, Commence Attack\"",
        "A unit whose damage counters equal or exceed its Health is discarded.",
    );
    pub const POP: Citation = public(
        "POP",
        "\"Rulebook: Part Six, Commence Attack\"",
        "\"POP\" is a pass-or-play opportunity: a point where each player in turn may play an effect or pass.",
    );
    pub const ORDER: Citation = public(
        "Attack sequence",
        "\"Rulebook: Part Six, Commence Attack\"",
        "An attack runs in this order: (1) tap the attacker and choose the defender; (2) the attack POP; (3) roll the attack dice; (4) rerolls, triggered rerolls then Lucky; (5) count hits; (6) the pending damage POP; (7) the damage prevention POP; (8) place damage counters; (9) discard units at or above Health; (10) the attack ends.",
    );
    pub const ACCURACY: Citation = public(
        "Accuracy",
        "Revenge of the Sith rulebook, glossary",
        "Accuracy X: add X to each attack die.",
    );
    pub const TIES: Citation = public(
        "Ties",
        "Revenge of the Sith rulebook, base principles",
        "The Dark Side wins all ties.",
    );

    pub const RETALIATE: Citation = public(
        "Retaliate",
        "Revenge of the Sith rulebook, glossary",
        "Retaliate X: when the attack ends, the unit with Retaliate rolls X dice of damage against the attacker.",
    );

    pub const ALL: &[Citation] = &[DICE, DISCARD, POP, ORDER, ACCURACY, RETALIATE, TIES];
}

/// The house rules S1–S20 (`docs/rules/swtcg.md`, "House rules").
pub mod rules {
    use super::{house, Citation};

    pub const STACKING: Citation = house(
        "Stacking kinds",
        "S1",
        "Isolated: one instance counts however many the unit has; cumulative: the X values of all instances add up and act once; layered: each instance acts separately; selective: a choice is made each time it is used.",
    );
    pub const POP_ORDER: Citation = house(
        "POP order",
        "S2",
        "In every POP the attacking player acts first, then the defending player.",
    );
    pub const PREVENTION_ORDER: Citation = house(
        "Prevention order",
        "S3",
        "In the damage prevention POP, triggered prevention (Parry) resolves first; then each instance of damage meets the damaged unit's Evade instances, then its Deflect instances, in the order the unit lists them; damage Deflect creates is a new instance that meets its own target's prevention the same way.",
    );
    pub const NO_DICE: Citation = house(
        "No dice",
        "S4",
        "An attacking unit whose Power against the defender is 0 or less rolls no dice and scores no hits.",
    );
    pub const ONE_ATTACK: Citation = house(
        "One attack",
        "S5",
        "A position holds one attack; adjudication ends when that attack ends.",
    );
    pub const LATE: Citation = house(
        "Abilities gained after the roll",
        "S6",
        "An ability a unit gains after the attack dice are rolled acts from the step it works in, except where seed 002 says it is too late.",
    );
    pub const ARENA: Citation = house(
        "Arena",
        "S7",
        "The attacker and the defender are in the same arena; a unit in another arena can neither intercept nor be the target of a Deflect.",
    );
    pub const NOT_ADJUDICATED: Citation = house(
        "Not adjudicated",
        "S8",
        "Stack, Equip, Enhance, INSERT, Reserves and Meditate act before the attack, never on its dice or damage: Stack, Equip and Meditate as the position's actions, INSERT and Reserves as layers of a unit's effective abilities, Enhance as a declared choice (house rule S10); their Force costs are paid as house rule S19 says, and any effect beyond the keywords the resolver knows is left to the judge.",
    );

    pub const RETALIATE: Citation = house(
        "Retaliate",
        "S9",
        "When the attack ends, after the discard step, each unit the attack attacked (the declared defender and each unit that intercepted) that is not discarded and has Retaliate rolls its X dice of damage (cumulative: the X values add) at the attacker: each die showing 4, 5 or 6 hits, 5 or 6 against an attacker with Armor; Accuracy, Lucky, Critical Hit, Fury and Parry do not act on these dice; each hit puts one damage counter on the attacker, with no POP in between, and the attacker is then discarded at its Health.",
    );

    pub const LAYERS: Citation = house(
        "Build step and layers",
        "S10",
        "Before the attack is declared, in the build step, the position's actions are played in order (those taken in the attack POP there, before Intercept), each accepted or rejected and a rejected one changing nothing; a unit's effective abilities are its printed abilities, then those INSERT grants (from the unit or a card in its stack), Equipment grants and a declared Enhance grants, each a layer; an ability Reserves grants works only in the build zone, so never on a unit in the arena.",
    );

    pub const DECISIONS: Citation = house(
        "Decisions",
        "S11",
        "Every choice the seed gives a player in an attack is a decision with its options listed; a judge may pin it, and unpinned it takes the default policy named for it in the table of decisions.",
    );

    pub const ENHANCE_WORDS: Citation = house(
        "Enhance instead or also",
        "S12",
        "A declared Enhance effect written \"also <ability>\" adds the ability as a layer; one written \"instead <ability>\" replaces the unit's own abilities of that keyword with it; an effect with neither word, or \"instead\" of a keyword the unit does not have, is named in the log for the judge and changes no ability.",
    );

    pub const STACK_NAMES: Citation = house(
        "Stack lists and the judge",
        "S13",
        "A Stack list is read as card names, compared folded; a card the list does not name is stacked only when the judge says it represents the same unit as a listed card or meets another criterion of the list (the action's `same_unit`), and the log says so; a new version of the unit itself moved to the top of its stack, and contests between unique cards, are put to the judge.",
    );

    pub const EQUIP_COPIES: Citation = house(
        "Equipment copies",
        "S14",
        "An Equip action names one copy of an Equipment card, by its name and its copy number (`copy`, 1 unless given); the Equip cost of that copy is paid at most once in the turn, and another copy of the same Equipment may be equipped.",
    );

    pub const PREDICTIONS: Citation = house(
        "Predictions",
        "S15",
        "A unit makes one prediction for the attack however many Foresight or Forewarning instances it has; each instance, layered, gains its own effect when the prediction is correct; the prediction is checked against the hits counted after every re-roll, Lucky and Fury's dice.",
    );

    pub const INSTANCES: Citation = house(
        "Instances of damage",
        "S16",
        "The attack's damage to the defender, Critical Hit's X included, is one instance of damage; damage a Deflect does is a new instance, which Double Damage does not double; a unit's pinned Evade amount and Deflect choice apply to every instance it meets.",
    );

    pub const WHO_ATTACKS: Citation = house(
        "Who attacks",
        "S17",
        "The attacker is an untapped unit in play and the defender a unit in play, each with damage below its Health; a unit may attack itself, as seed 002's Parry and Deflect allow.",
    );

    pub const UNUSED_PINS: Citation = house(
        "Pins the attack never meets",
        "S18",
        "A pinned face for a die the attack never rolls, or a pinned re-roll the attack never makes, applies to nothing, and the log says so when the attack ends.",
    );

    pub const FORCE: Citation = house(
        "Force and costs",
        "S19",
        "Each side's Force is the position's `force` for that side; an ability with a Force cost is played only by paying the cost from its player's Force, and one whose cost is more than the Force left is not played, the log saying so; where a side's Force is not given, its costs are assumed paid and the log says so.",
    );

    pub const PAYING: Citation = house(
        "What is paid, and when",
        "S20",
        "The costs paid are those written on Deflect, Evade and Intercept (`Evade 1: Pay 1 Force`), on Meditate (`Meditate: Pay 4 Force`), an Enhance's additional cost (`Enhance: Pay 2 Force: also …`) and an Equipment's Equip cost; each is paid when the ability is played, in the order the attack meets them, and an activation not played (an Evade of 0, a Deflect not played, no intercept) costs nothing; an Equip, Enhance or Meditate whose cost is not given is assumed paid, and Deflect, Evade or Intercept with no cost written costs nothing.",
    );

    pub const ALL: &[Citation] = &[
        STACKING,
        POP_ORDER,
        PREVENTION_ORDER,
        NO_DICE,
        ONE_ATTACK,
        LATE,
        ARENA,
        NOT_ADJUDICATED,
        RETALIATE,
        LAYERS,
        DECISIONS,
        ENHANCE_WORDS,
        STACK_NAMES,
        EQUIP_COPIES,
        PREDICTIONS,
        INSTANCES,
        WHO_ATTACKS,
        UNUSED_PINS,
        FORCE,
        PAYING,
    ];
}
