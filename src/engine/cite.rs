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

/// The reading of a named interpretation that settled an event: its key in
/// `interpretations`, the value taken, and whether that value is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub key: &'static str,
    pub value: &'static str,
    pub default: bool,
}

/// Everything an event rests on: the sentence it cites (seed or house rule) and, where
/// the sentence alone did not settle the point, the house rule and the reading of an
/// interpretation that did. It dereferences to its [`Citation`], so `rule.sentence` is
/// the cited sentence; [`Rule::citations`] lists every basis for the log and the JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub cite: &'static Citation,
    /// A house rule (T1–T15) that settled the point the cited seed sentence leaves open.
    pub house: Option<&'static Citation>,
    /// The interpretations whose readings settled the point (at most two).
    pub readings: [Option<Reading>; 2],
}

impl Rule {
    /// Also rests on reading `r` (a third reading replaces the second).
    pub const fn reading(self, r: Reading) -> Rule {
        let mut readings = self.readings;
        if readings[0].is_none() {
            readings[0] = Some(r);
        } else {
            readings[1] = Some(r);
        }
        Rule { readings, ..self }
    }
    /// Also rests on house rule `h`.
    pub const fn house(self, h: &'static Citation) -> Rule {
        Rule {
            house: Some(h),
            ..self
        }
    }
    /// Every basis, the cited sentence first.
    pub fn citations(&self) -> Vec<Basis> {
        let mut all = vec![Basis::of(self.cite)];
        if let Some(h) = self.house {
            if h != self.cite {
                all.push(Basis::of(h));
            }
        }
        for r in self.readings.iter().flatten() {
            all.push(Basis::Interpretation {
                key: r.key,
                reading: r.value,
                default: r.default,
                doc: doc_anchor_interpretation(r.key),
            });
        }
        all
    }
}

impl std::ops::Deref for Rule {
    type Target = Citation;
    fn deref(&self) -> &Citation {
        self.cite
    }
}

impl From<&'static Citation> for Rule {
    fn from(cite: &'static Citation) -> Rule {
        Rule {
            cite,
            house: None,
            readings: [None, None],
        }
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // `citations` lists every basis, the cited sentence first, when the event rests
        // on more than that sentence (a house rule or a reading); absent, the cited
        // sentence alone settled it (which keeps a 10,000-step log small).
        #[derive(Serialize)]
        struct RuleJson<'a> {
            #[serde(flatten)]
            cite: &'a Citation,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            citations: Vec<Basis>,
        }
        let all = self.citations();
        RuleJson {
            cite: self.cite,
            citations: if all.len() > 1 { all } else { Vec::new() },
        }
        .serialize(s)
    }
}

/// One basis of an event, as the JSON lists it under `citations`. A seed sentence or
/// house rule is named by rule and section (its sentence is quoted once, in the event's
/// `rule`, or in the doc the `doc` link points to), which keeps a long log small.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum Basis {
    /// A sentence of seed 000.
    Seed {
        rule: &'static str,
        section: &'static str,
        #[serde(skip)]
        sentence: &'static str,
    },
    /// A numbered house rule of `docs/rules/battleline.md`.
    House {
        rule: &'static str,
        section: &'static str,
        #[serde(skip)]
        sentence: &'static str,
        doc: String,
    },
    /// A named interpretation and the reading taken.
    Interpretation {
        key: &'static str,
        reading: &'static str,
        default: bool,
        doc: String,
    },
}

impl Basis {
    pub fn of(c: &'static Citation) -> Basis {
        match c.source {
            Source::Seed => Basis::Seed {
                rule: c.rule,
                section: c.section,
                sentence: c.sentence,
            },
            Source::House => Basis::House {
                rule: c.rule,
                section: c.section,
                sentence: c.sentence,
                doc: doc_anchor_house(c),
            },
        }
    }
}

/// The place in `docs/rules/battleline.md` that states house rule `c` (its heading
/// `### T5 Shifting up`, anchor `t5-shifting-up`).
pub fn doc_anchor_house(c: &Citation) -> String {
    let heading = format!("{} {}", c.section, c.rule).to_lowercase();
    let slug: String = heading
        .chars()
        .filter(|ch| ch.is_alphanumeric() || *ch == ' ' || *ch == '-')
        .map(|ch| if ch == ' ' { '-' } else { ch })
        .collect();
    format!("docs/rules/battleline.md#{slug}")
}

/// The place in `docs/rules/battleline.md` that documents interpretation `key`.
pub fn doc_anchor_interpretation(key: &str) -> String {
    format!("docs/rules/battleline.md#interpretation-{key}")
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

/// The house rules (T1–T15). Each is justified from the seed in the doc.
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
    ];
}
