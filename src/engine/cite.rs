//! Citations: the rule behind every event, quoted word for word.
//!
//! A [`Citation`] either quotes seed 000 (section 4.1 or 4.2) or quotes the engine's own
//! written turn sequence, `docs/rules/battleline.md`, for what the seed implies but never
//! states (the order of a turn, simultaneous combat, when a creature dies). The two are
//! kept apart by [`Source`] so a judge always sees which is which. The seed sentences are
//! checked against the seed file by a test; the house rules against the doc.

use serde::Serialize;

/// Where a quoted sentence comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Seed 000, the battle-line rules text.
    Seed,
    /// `docs/rules/battleline.md`: the turn sequence the seed implies.
    House,
}

/// The rule that caused an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Citation {
    /// Always `battleline`.
    pub game: &'static str,
    /// The ability or special rule (`Armor`, `The Endless Serpent`), or for a house rule
    /// its title (`Combat`).
    pub rule: &'static str,
    /// `4.1`, `4.2`, or a house rule's anchor (`T3`).
    pub section: &'static str,
    /// The sentence, verbatim.
    pub sentence: &'static str,
    pub source: Source,
}

/// A sentence of seed 000.
pub const fn seed(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation {
        game: "battleline",
        rule,
        section,
        sentence,
        source: Source::Seed,
    }
}

/// A house rule of `docs/rules/battleline.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation {
        game: "battleline",
        rule,
        section,
        sentence,
        source: Source::House,
    }
}

/// The turn sequence (T1–T11). Each is justified from the seed in the doc.
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

    /// All house rules, for the docs test.
    pub const ALL: &[Citation] = &[
        SEQUENCE, COMBAT, UNOPPOSED, DEATH, SHIFT, DEFEAT, PLAY, EXPIRE, TURNS, BOUND, CHOICE,
    ];
}
