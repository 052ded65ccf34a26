//! Citations: the rule behind every event, and which kind of source it is.
//!
//! A [`Citation`] quotes one sentence and says where it comes from ([`Source`]): a game's
//! seed document (by section, and by occurrence where a section number repeats), a
//! published rule outside the seeds (named, with where it is published), one of our
//! numbered house rules (written in `docs/rules/<game>.md`), or a named interpretation.
//! A [`Rule`] is everything one event rests on: the cited sentence first, then any house
//! rule and interpretation readings that settled what the sentence leaves open.
//!
//! This file knows no game: a game builds its citation table from [`Citation::seed`],
//! [`Citation::public`] and [`Citation::house`] and checks it against its documents.

use serde::Serialize;

/// Which kind of source a citation quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A sentence of the game's seed document (`document` is the seed's number).
    Seed,
    /// A published rule outside the seeds (`document` says where it is published).
    Public,
    /// One of our numbered house rules (`document` is the doc that states it).
    House,
    /// A named interpretation: the reading taken stands as the rule.
    Interpretation,
}

/// One quoted rule. Its JSON is its fields but `document`, except that a published rule
/// says where it is published (`published`): the game names its seed and house rules doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Citation {
    /// The game's slug (`battleline`, `swtcg`, …).
    pub game: &'static str,
    /// The ability or rule (`Armor`, `The Endless Serpent`), or a house rule's title.
    pub rule: &'static str,
    /// The section (`4.1`), a house rule's number (`T3`), or an interpretation's key.
    pub section: &'static str,
    /// The sentence, verbatim.
    pub sentence: &'static str,
    pub source: Source,
    /// Where the sentence is: the seed's number (`000`), the published document's name,
    /// or the house rules' doc (`docs/rules/battleline.md`).
    pub document: &'static str,
    /// Which occurrence of `section` in the seed (1 for the second): a seed can number
    /// two passages alike (Karth's 5.1.1 appears twice). 0 for the first or only one.
    pub occurrence: u8,
    /// For an interpretation: whether the reading cited is the interpretation's default
    /// (false for every other kind).
    pub default_reading: bool,
}

impl Serialize for Citation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct CitationJson<'a> {
            game: &'a str,
            rule: &'a str,
            section: &'a str,
            sentence: &'a str,
            source: Source,
            /// A published rule alone says where it is published; without this a public
            /// citation with no further basis would not say it anywhere in the JSON.
            #[serde(skip_serializing_if = "Option::is_none")]
            published: Option<&'a str>,
            #[serde(skip_serializing_if = "is_zero")]
            occurrence: u8,
            /// An interpretation says whether its reading is the default.
            #[serde(skip_serializing_if = "Option::is_none")]
            default: Option<bool>,
        }
        CitationJson {
            game: self.game,
            rule: self.rule,
            section: self.section,
            sentence: self.sentence,
            source: self.source,
            published: (self.source == Source::Public).then_some(self.document),
            occurrence: self.occurrence,
            default: (self.source == Source::Interpretation).then_some(self.default_reading),
        }
        .serialize(s)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Citation {
    /// A sentence of seed `seed` (`"000"`) of `game`.
    pub const fn seed(
        game: &'static str,
        seed: &'static str,
        rule: &'static str,
        section: &'static str,
        sentence: &'static str,
    ) -> Citation {
        Citation {
            game,
            rule,
            section,
            sentence,
            source: Source::Seed,
            document: seed,
            occurrence: 0,
            default_reading: false,
        }
    }

    /// The same sentence marked as occurrence `n` (0-based) of its section number.
    pub const fn occurrence(self, n: u8) -> Citation {
        Citation {
            occurrence: n,
            ..self
        }
    }

    /// A published rule of `game` outside the seeds, from `published` (the document and
    /// who publishes it).
    pub const fn public(
        game: &'static str,
        published: &'static str,
        rule: &'static str,
        section: &'static str,
        sentence: &'static str,
    ) -> Citation {
        Citation {
            game,
            rule,
            section,
            sentence,
            source: Source::Public,
            document: published,
            occurrence: 0,
            default_reading: false,
        }
    }

    /// A numbered house rule of `game`, stated in `docs/rules/<game>.md` (`doc`).
    pub const fn house(
        game: &'static str,
        doc: &'static str,
        rule: &'static str,
        section: &'static str,
        sentence: &'static str,
    ) -> Citation {
        Citation {
            game,
            rule,
            section,
            sentence,
            source: Source::House,
            document: doc,
            occurrence: 0,
            default_reading: false,
        }
    }

    /// A reading of one of `game`'s interpretations (`HealCap::Uncapped.reading()`) as the
    /// rule itself, for a point the reading alone settles; `sentence` says what the
    /// reading holds. `section` holds the key, `rule` the reading, `document` the doc
    /// that writes the interpretation, and the citation keeps whether the reading is
    /// the default. Taking the [`Reading`] (not its key and value as strings) means a
    /// citation can only name a reading that is declared.
    pub const fn interpretation(
        game: &'static str,
        reading: &'static Reading,
        sentence: &'static str,
    ) -> Citation {
        Citation {
            game,
            rule: reading.value,
            section: reading.key,
            sentence,
            source: Source::Interpretation,
            document: reading.doc,
            occurrence: 0,
            default_reading: reading.default,
        }
    }

    /// Where a reader finds this sentence: the seed and section (`seed 000 §4.1`, with
    /// the occurrence when the number repeats), the published document and section, or
    /// the house rule's anchor in its doc.
    pub fn place(&self) -> String {
        match self.source {
            Source::Seed if self.occurrence > 0 => format!(
                "seed {} §{} ({} occurrence)",
                self.document,
                self.section,
                ordinal(self.occurrence + 1)
            ),
            Source::Seed => format!("seed {} §{}", self.document, self.section),
            Source::Public => format!("{} {}", self.document, self.section),
            Source::House => doc_anchor(self.document, self.section, self.rule),
            Source::Interpretation => {
                format!("{}#interpretation-{}", self.document, self.section)
            }
        }
    }
}

fn ordinal(n: u8) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

/// The anchor of heading `### {section} {title}` in `doc` (`T5 Shifting up` →
/// `docs/rules/battleline.md#t5-shifting-up`), as GitHub-style Markdown renders it.
pub fn doc_anchor(doc: &str, section: &str, title: &str) -> String {
    let heading = format!("{section} {title}").to_lowercase();
    let slug: String = heading
        .chars()
        .filter(|ch| ch.is_alphanumeric() || *ch == ' ' || *ch == '-')
        .map(|ch| if ch == ' ' { '-' } else { ch })
        .collect();
    format!("{doc}#{slug}")
}

/// The place in `doc` that documents interpretation `key`.
pub fn interpretation_anchor(doc: &str, key: &str) -> String {
    format!("{doc}#interpretation-{key}")
}

/// The reading of a named interpretation that settled an event: its key, the value
/// taken, and whether that value is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub key: &'static str,
    pub value: &'static str,
    pub default: bool,
    /// The game's rules doc, where the interpretation is written.
    #[serde(skip)]
    pub doc: &'static str,
}

/// Everything an event rests on: the sentence it cites and, where the sentence alone did
/// not settle the point, the house rule and the readings of interpretations that did.
/// It dereferences to its [`Citation`], so `rule.sentence` is the cited sentence;
/// [`Rule::citations`] lists every basis for the log and the JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub cite: &'static Citation,
    /// A house rule that settled the point the cited sentence leaves open.
    pub house: Option<&'static Citation>,
    /// A second basis of the same kind, when two settled it (the order of a POP and a
    /// decision's default policy).
    pub also: Option<&'static Citation>,
    /// The interpretations whose readings settled the point (at most two).
    pub readings: [Option<&'static Reading>; 2],
}

impl Rule {
    /// Also rests on reading `r` (a third reading replaces the second).
    pub const fn reading(self, r: &'static Reading) -> Rule {
        let mut readings = self.readings;
        if readings[0].is_none() {
            readings[0] = Some(r);
        } else {
            readings[1] = Some(r);
        }
        Rule { readings, ..self }
    }

    /// Whether the event rests on the sentence `sentence` of rule `rule`: as the sentence
    /// it cites, or as the house rule that settled it (a fixture's `cites` check).
    pub fn rests_on(&self, rule: &str, sentence: &str) -> bool {
        let is = |c: &Citation| c.rule == rule && c.sentence == sentence;
        is(self.cite) || self.house.is_some_and(is) || self.also.is_some_and(is)
    }

    /// Also rests on house rule `h` (replacing any set before).
    pub const fn house(self, h: &'static Citation) -> Rule {
        Rule {
            house: Some(h),
            ..self
        }
    }

    /// Also rests on a second house rule `h`, beside the one [`Rule::house`] set.
    pub const fn also(self, h: &'static Citation) -> Rule {
        Rule {
            also: Some(h),
            ..self
        }
    }

    /// Every basis, the cited sentence first.
    pub fn citations(&self) -> Vec<Basis> {
        let mut all = vec![Basis::of(self.cite)];
        for h in [self.house, self.also].into_iter().flatten() {
            if h != self.cite && !all.contains(&Basis::of(h)) {
                all.push(Basis::of(h));
            }
        }
        for r in self.readings.iter().flatten() {
            all.push(Basis::Interpretation {
                key: r.key,
                reading: r.value,
                default: r.default,
                doc: interpretation_anchor(r.doc, r.key),
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
            also: None,
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

/// One basis of an event, as the JSON lists it under `citations`. A further sentence is
/// named by rule and section and refers to its sentence by id (`sentence_ref`, a key of
/// the answer's [`Sentences`]), each distinct sentence quoted once per answer: quoting it
/// in every basis made a 10,000-step battle-line answer 35 MB, past twice its state
/// budget (`engine_surfaces`). The text log and the step page quote it in place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum Basis {
    /// A sentence of a seed.
    Seed {
        rule: &'static str,
        section: &'static str,
        #[serde(skip_serializing_if = "is_zero")]
        occurrence: u8,
        /// Written as its id in the answer's [`Sentences`].
        #[serde(rename = "sentence_ref", serialize_with = "as_sentence_id")]
        sentence: &'static str,
        /// The seed's number, for the text log (the JSON's game names its seed).
        #[serde(skip)]
        seed: &'static str,
    },
    /// A published rule outside the seeds.
    Public {
        rule: &'static str,
        section: &'static str,
        published: &'static str,
        #[serde(rename = "sentence_ref", serialize_with = "as_sentence_id")]
        sentence: &'static str,
    },
    /// A numbered house rule.
    House {
        rule: &'static str,
        section: &'static str,
        #[serde(rename = "sentence_ref", serialize_with = "as_sentence_id")]
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

/// The id of `sentence` in an answer's [`Sentences`]: eight hex digits of its 64-bit
/// FNV-1a hash, the same in every answer and every game (distinct for every sentence the
/// games cite: `tests/core_game.rs` checks them all).
pub fn sentence_id(sentence: &str) -> String {
    let hash = sentence.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{:08x}", (hash ^ (hash >> 32)) as u32)
}

fn as_sentence_id<S: serde::Serializer>(sentence: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&sentence_id(sentence))
}

/// The further sentences an answer's events rest on, each quoted once, by its
/// [`sentence_id`]: what a basis's `sentence_ref` names (the JSON's top-level
/// `sentences`, an object from id to sentence). The sentence each event cites first is
/// quoted in the event itself. Few distinct sentences recur over many events, so noting
/// one is a short scan, and ids are made only when the table is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sentences(Vec<&'static str>);

impl Sentences {
    /// Notes every further sentence `rule` rests on (a seed, published or house basis
    /// after the cited sentence, as [`Rule::citations`] lists them).
    pub fn note(&mut self, rule: &Rule) {
        for c in [rule.house, rule.also].into_iter().flatten() {
            if c != rule.cite
                && c.source != Source::Interpretation
                && !self
                    .0
                    .iter()
                    .any(|s| std::ptr::eq(*s, c.sentence) || *s == c.sentence)
            {
                self.0.push(c.sentence);
            }
        }
    }

    /// The sentence of id `id`, if an event noted it.
    pub fn get(&self, id: &str) -> Option<&'static str> {
        self.0.iter().copied().find(|s| sentence_id(s) == id)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl Serialize for Sentences {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let by_id: std::collections::BTreeMap<String, &str> =
            self.0.iter().map(|t| (sentence_id(t), *t)).collect();
        by_id.serialize(s)
    }
}

impl Basis {
    pub fn of(c: &'static Citation) -> Basis {
        match c.source {
            Source::Seed => Basis::Seed {
                rule: c.rule,
                section: c.section,
                occurrence: c.occurrence,
                sentence: c.sentence,
                seed: c.document,
            },
            Source::Public => Basis::Public {
                rule: c.rule,
                section: c.section,
                published: c.document,
                sentence: c.sentence,
            },
            Source::House => Basis::House {
                rule: c.rule,
                section: c.section,
                sentence: c.sentence,
                doc: c.place(),
            },
            Source::Interpretation => Basis::Interpretation {
                key: c.section,
                reading: c.rule,
                default: c.default_reading,
                doc: c.place(),
            },
        }
    }
}

/// The readable lines that cite `rule` under an event in a text log: the sentence with
/// its place, then one line for each further basis. `indent` starts each line.
pub fn log_lines(rule: &Rule, indent: &str) -> String {
    let c = rule.cite;
    let mut out = match c.source {
        Source::Seed | Source::Public => {
            format!("{indent}{} ({}): \"{}\"\n", c.rule, c.place(), c.sentence)
        }
        Source::House => format!(
            "{indent}house rule {} {} ({}): \"{}\"\n",
            c.section,
            c.rule,
            c.place(),
            c.sentence
        ),
        Source::Interpretation => format!(
            "{indent}interpretation `{}: {}`{} ({}): \"{}\"\n",
            c.section,
            c.rule,
            default_note(c.default_reading),
            c.place(),
            c.sentence
        ),
    };
    for b in rule.citations().into_iter().skip(1) {
        match b {
            // The seed this basis quotes, not the cited sentence's document (a house
            // rule's doc when a house rule is cited first).
            Basis::Seed {
                rule,
                section,
                occurrence,
                sentence,
                seed,
            } => {
                let which = if occurrence > 0 {
                    format!(" ({} occurrence)", ordinal(occurrence + 1))
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "{indent}also seed {seed} §{section}{which} {rule}: \"{sentence}\"\n"
                ))
            }
            Basis::Public {
                rule,
                section,
                published,
                sentence,
            } => out.push_str(&format!(
                "{indent}also {rule} ({published} {section}): \"{sentence}\"\n"
            )),
            Basis::House {
                rule,
                section,
                doc,
                sentence,
            } => out.push_str(&format!(
                "{indent}also house rule {section} {rule} ({doc}): \"{sentence}\"\n"
            )),
            Basis::Interpretation {
                key,
                reading,
                default,
                doc,
            } => out.push_str(&format!(
                "{indent}reading `{key}: {reading}`{} ({doc})\n",
                default_note(default)
            )),
        }
    }
    out
}

/// How the log marks a reading: the default or not.
fn default_note(default: bool) -> &'static str {
    if default {
        " (default)"
    } else {
        " (not the default)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static HOUSE: Citation = Citation::house("g", "docs/rules/g.md", "Order", "H1", "First.");
    static SEED: Citation = Citation::seed("g", "042", "Strike", "2.1", "Hit.").occurrence(1);
    static PUBLISHED: Citation = Citation::public("g", "Tournament Guide", "Loss", "7", "Lose.");
    static DEFAULT_READING: Reading = Reading {
        key: "k",
        value: "a",
        default: true,
        doc: "docs/rules/g.md",
    };
    static DEFAULT: Citation = Citation::interpretation("g", &DEFAULT_READING, "A.");

    #[test]
    fn a_public_citation_alone_says_where_it_is_published() {
        let json = serde_json::to_value(Rule::from(&PUBLISHED)).unwrap();
        assert_eq!(json["published"], "Tournament Guide");
        assert!(json.get("citations").is_none());
        // Only a public citation has the field.
        let json = serde_json::to_value(Rule::from(&SEED)).unwrap();
        assert!(json.get("published").is_none());
        assert_eq!(json["occurrence"], 1);
    }

    #[test]
    fn a_seed_basis_under_a_house_rule_names_its_own_seed_and_occurrence() {
        let rule = Rule::from(&HOUSE).house(&SEED);
        let expected = format!(
            "also seed 042 §2.1 (second occurrence) Strike: \"{}\"",
            SEED.sentence
        );
        assert_eq!(log_lines(&rule, "").lines().nth(1), Some(expected.as_str()));
    }

    #[test]
    fn every_further_basis_is_quoted_in_the_log() {
        let rule = Rule::from(&SEED).house(&HOUSE).also(&PUBLISHED);
        let log = log_lines(&rule, "");
        for c in [&SEED, &HOUSE, &PUBLISHED] {
            assert!(log.contains(&format!("\"{}\"", c.sentence)), "{log}");
        }
        // The JSON names them, each by its sentence's id in the answer's `sentences`.
        let json = serde_json::to_value(rule).unwrap();
        assert_eq!(json["citations"].as_array().unwrap().len(), 3);
        assert_eq!(json["sentence"], SEED.sentence);
        let mut table = Sentences::default();
        table.note(&rule);
        for (basis, c) in json["citations"].as_array().unwrap()[1..]
            .iter()
            .zip([&HOUSE, &PUBLISHED])
        {
            let id = basis["sentence_ref"].as_str().unwrap();
            assert_eq!(table.get(id), Some(c.sentence), "{basis}");
        }
        // The cited sentence is quoted in the event itself, not again in the table.
        assert_eq!(table.len(), 2);
    }

    #[test]
    fn an_interpretation_citation_keeps_whether_its_reading_is_the_default() {
        assert!(matches!(
            Basis::of(&DEFAULT),
            Basis::Interpretation { default: true, .. }
        ));
        assert_eq!(
            serde_json::to_value(Rule::from(&DEFAULT)).unwrap()["default"],
            true
        );
        assert!(
            log_lines(&Rule::from(&DEFAULT), "").starts_with("interpretation `k: a` (default) (")
        );
    }
}
