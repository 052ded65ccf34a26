//! The battle-line citation table: the sentences of seed 000 the engine quotes, and the
//! engine's own written turn sequence, `docs/rules/battleline.md` (house rules T1–T16),
//! for what the seed implies but never states (the order of a turn, simultaneous combat,
//! when a creature dies). The kinds of source and how an event cites them are the core's
//! ([`crate::rules::cite`]). The seed sentences are checked against the seed file by a
//! test; the house rules against the doc.

pub use crate::rules::cite::{Basis, Citation, Reading, Rule, Source};

/// The game's slug.
pub const GAME: &str = "battleline";
/// The seed this game's rules come from.
pub const SEED: &str = "000";
/// Where the house rules and interpretations are written.
pub const RULES_DOC: &str = "docs/rules/battleline.md";

/// A sentence of seed 000.
pub const fn seed(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, rule, section, sentence)
}

/// A house rule of `docs/rules/battleline.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::house(GAME, RULES_DOC, rule, section, sentence)
}

/// The house rules (T1–T16). Each is justified from the seed in the doc.
pub mod turn {
    use super::{house, Citation};

    pub const SEQUENCE: Citation = house(
        "Turn sequence",
        "T1",
        "A turn has six phases in this order: start of turn, cards come into play, battle, Fury, end of the combat round, end of turn.",
    );
    pub const COMBAT: Citation = house(
        "Combat",
        "T2",
        "In the battle phase the slots are resolved from the front; the two creatures facing each other in a slot deal their Attack in damage to each other at the same time.",
    );
    pub const UNOPPOSED: Citation = house(
        "Unopposed attack",
        "T3",
        "A creature with no opposing creature deals its Attack in damage to the opposing player.",
    );
    pub const DEATH: Citation = house(
        "Destruction",
        "T4",
        "A creature whose damage equals or exceeds its Life is destroyed and discarded at once, leaving its slot empty; creatures destroyed together are destroyed at the same time.",
    );
    pub const SHIFT: Citation = house(
        "Shifting up",
        "T5",
        "At the end of the combat round each battle line shifts up to fill its empty slots.",
    );
    pub const DEFEAT: Citation = house(
        "Defeat",
        "T6",
        "A player whose life reaches 0 loses; if both players reach 0 at once the game is a draw.",
    );
    pub const PLAY: Citation = house(
        "Playing a card",
        "T7",
        "A played creature enters the slot named, or the first empty slot if none is named, and the creatures from that slot on shift down; a played artifact is attached to the creature in the slot named, or to the first creature on the line.",
    );
    pub const EXPIRE: Citation = house(
        "This turn",
        "T8",
        "Effects that last for a turn end when the turn ends.",
    );
    pub const TURNS: Citation = house(
        "Last turn",
        "T9",
        "When the turns to play run out, adjudication ends with the position as it stands.",
    );
    pub const BOUND: Citation = house(
        "Step bound",
        "T10",
        "Adjudication stops after 10000 steps, whatever the position.",
    );
    pub const CHOICE: Citation = house(
        "Judge's choice",
        "T11",
        "A chance step fixed by the judge's choices takes the candidate named; every other chance step is drawn from the seeded generator.",
    );

    pub const TIES: Citation = house(
        "Ties",
        "T12",
        "Where a rule picks among equals and the seed names no tie-break, the creature closest to the start of the line is picked.",
    );
    pub const ALLIES: Citation = house(
        "Allies",
        "T13",
        "An ally is another creature on the same battle line, never the creature itself.",
    );

    pub const FIRST_ATTACHED: Citation = house(
        "First attached",
        "T14",
        "A rule that destroys one of a creature's artifacts without saying which destroys the one attached first.",
    );

    pub const RETURNING: Citation = house(
        "Returning",
        "T15",
        "A creature on a starting line counts as already played; a creature Reanimate returns comes back with no damage, artifacts or statuses.",
    );

    pub const DECISION: Citation = house(
        "Decisions",
        "T16",
        "A choice the rules give a player is a decision: the judge may fix it under decisions; unfixed, it takes the option its default policy names.",
    );

    /// All house rules, for the docs test.
    pub const ALL: &[Citation] = &[
        SEQUENCE,
        COMBAT,
        UNOPPOSED,
        DEATH,
        SHIFT,
        DEFEAT,
        PLAY,
        EXPIRE,
        TURNS,
        BOUND,
        CHOICE,
        TIES,
        ALLIES,
        FIRST_ATTACHED,
        RETURNING,
        DECISION,
    ];
}
