//! Rulings: a question about how the rules apply, its answer, and the position that
//! shows it, stepped through on the adjudication pages.
//!
//! This module owns the ruling record ([`Ruling`]), its tiers and status, and the set the
//! server reads them from ([`RulingSet`], swapped whole through [`Rulings`] when a judge
//! publishes). Rulings come from two places: the catalogue's `data/rulings.csv` (fixed
//! until a re-import) and the judges' own file beside the catalogue (added to while the
//! server runs). It leaves out where they are stored (the catalogue, and the judges'
//! store), how a position is read (the games) and how a ruling is shown (the web).
//!
//! A published ruling is never edited: a correction is a new ruling that `supersedes` it,
//! and both stay visible; the set links the two both ways.

mod position;
mod replay;
pub mod store;

pub use position::ruling_position;
pub use replay::{check_step, StepError, STEP_CHECKS_DEADLINE, STEP_CHECK_DEADLINE};

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use serde::Serialize;

/// Where a ruling's authority comes from, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// One of the seed document's own examples.
    Seed,
    /// A published rule or FAQ outside the seeds.
    Published,
    /// One of Arbiter's numbered house rules (`docs/rules/<game>.md`).
    House,
    /// A signed-in judge's ruling, published from a step page.
    Judge,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Seed, Tier::Published, Tier::House, Tier::Judge];

    /// The tier's name in CSV, URLs and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Seed => "seed",
            Tier::Published => "published",
            Tier::House => "house",
            Tier::Judge => "judge",
        }
    }

    /// The tier named `s` (as [`Tier::as_str`] writes it).
    pub fn parse(s: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// Whether a ruling stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Published,
    /// Another ruling supersedes it ([`RulingSet::superseded_by`]).
    Superseded,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Published => "published",
            Status::Superseded => "superseded",
        }
    }
}

/// The columns of `data/rulings.csv`, in order: what `rulings export` writes and the
/// catalogue's import reads (`docs/rulings.md`).
pub const CSV_COLUMNS: [&str; 13] = [
    "id",
    "game",
    "question",
    "answer",
    "keywords",
    "cards",
    "rules",
    "position",
    "step",
    "tier",
    "source",
    "published",
    "supersedes",
];

/// The longest ruling id.
pub const MAX_ID_LEN: usize = 40;

/// Whether `id` has the shape of a ruling id: 1–40 of `a-z`, `0-9` and `-`, starting
/// with a letter or digit. Ids are stable: a ruling's URL is `/rulings/{id}`.
pub fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && !id.starts_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// Stable short id ([`is_id`]).
    pub id: String,
    /// The game's slug.
    pub game: String,
    /// The question, plain text (shown escaped).
    pub question: String,
    /// The answer, plain text (shown escaped).
    pub answer: String,
    /// Names of the game's keywords it touches, as the catalogue spells them.
    pub keywords: Vec<String>,
    /// Names of the game's cards it touches, as the catalogue spells them.
    pub cards: Vec<String>,
    /// Sections of the game's rules (`data/rules.csv`) it touches.
    pub rules: Vec<String>,
    /// The position that shows it, as the game's canonical JSON (readings included).
    pub position: String,
    /// The permalink hash of `position` (what `/adjudicate/p/{hash}` is named by).
    pub hash: String,
    /// The step the ruling turns on (0: the start).
    pub step: u32,
    pub tier: Tier,
    /// Where it comes from: the seed and section (`seed 000 §4.2`), the published
    /// document, the house rule's number, or, for a judge ruling, the judge's name.
    pub source: String,
    /// The date it was published, `YYYY-MM-DD`.
    pub published: String,
    /// The ruling this one corrects, if any.
    pub supersedes: Option<String>,
}

impl Ruling {
    /// The step page this ruling turns on: `/adjudicate/p/{hash}/{step}`.
    pub fn step_url(&self) -> String {
        format!("/adjudicate/p/{}/{}", self.hash, self.step)
    }

    /// `/rulings/{id}`.
    pub fn url(&self) -> String {
        format!("/rulings/{}", self.id)
    }
}

/// The order rulings are listed in: newest first by date; on one day, a judge's later
/// ruling (`j-10`) before its earlier ones (`j-9`, `j-2`), then by id.
pub fn newest_first(a: &Ruling, b: &Ruling) -> std::cmp::Ordering {
    fn judge_seq(r: &Ruling) -> Option<u64> {
        (r.tier == Tier::Judge)
            .then(|| r.id.strip_prefix("j-")?.parse().ok())
            .flatten()
    }
    b.published
        .cmp(&a.published)
        .then_with(|| judge_seq(b).cmp(&judge_seq(a)))
        .then_with(|| a.id.cmp(&b.id))
}

/// Why a set of rulings does not hold together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulingSetError {
    #[error("ruling {0:?} is given twice")]
    DuplicateId(String),
    #[error("ruling {id:?} supersedes {target:?}, which is not a ruling")]
    UnknownSuperseded { id: String, target: String },
    #[error("ruling {target:?} is superseded twice, by {first:?} and {second:?}")]
    SupersededTwice {
        target: String,
        first: String,
        second: String,
    },
    #[error("ruling {id:?} supersedes {target:?} of another game")]
    OtherGame { id: String, target: String },
}

/// Every ruling the server shows, with its lookups. Built whole and never changed:
/// publishing builds a new set ([`Rulings::replace`]).
#[derive(Debug, Default)]
pub struct RulingSet {
    /// Newest first (by `published`, then id).
    rulings: Vec<Ruling>,
    by_id: HashMap<String, usize>,
    /// id → the id of the ruling that supersedes it.
    superseded_by: HashMap<String, String>,
    /// (game, folded name) → rulings, newest first, for keywords, cards and rules.
    by_keyword: HashMap<(String, String), Vec<usize>>,
    by_card: HashMap<(String, String), Vec<usize>>,
    by_rule: HashMap<(String, String), Vec<usize>>,
    by_hash: HashMap<String, usize>,
    /// A number no other set built by this process has (0: the empty default), so
    /// what is derived from a set (the search's ruling index, cached answers) knows
    /// when the set was replaced.
    serial: u64,
}

impl RulingSet {
    /// The set of `rulings`, checked: ids unique, every `supersedes` names a ruling of
    /// the same game, none superseded twice.
    pub fn new(mut rulings: Vec<Ruling>) -> Result<RulingSet, RulingSetError> {
        rulings.sort_by(newest_first);
        static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let mut set = RulingSet {
            serial: SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            ..RulingSet::default()
        };
        for (i, r) in rulings.iter().enumerate() {
            if set.by_id.insert(r.id.clone(), i).is_some() {
                return Err(RulingSetError::DuplicateId(r.id.clone()));
            }
        }
        for r in &rulings {
            let Some(target) = &r.supersedes else {
                continue;
            };
            let Some(&t) = set.by_id.get(target) else {
                return Err(RulingSetError::UnknownSuperseded {
                    id: r.id.clone(),
                    target: target.clone(),
                });
            };
            if rulings[t].game != r.game {
                return Err(RulingSetError::OtherGame {
                    id: r.id.clone(),
                    target: target.clone(),
                });
            }
            if let Some(first) = set.superseded_by.insert(target.clone(), r.id.clone()) {
                return Err(RulingSetError::SupersededTwice {
                    target: target.clone(),
                    first,
                    second: r.id.clone(),
                });
            }
        }
        for (i, r) in rulings.iter().enumerate() {
            let key = |name: &String| (r.game.clone(), crate::text::fold(name));
            for k in &r.keywords {
                set.by_keyword.entry(key(k)).or_default().push(i);
            }
            for c in &r.cards {
                set.by_card.entry(key(c)).or_default().push(i);
            }
            for s in &r.rules {
                set.by_rule
                    .entry((r.game.clone(), s.clone()))
                    .or_default()
                    .push(i);
            }
            set.by_hash.entry(r.hash.clone()).or_insert(i);
        }
        set.rulings = rulings;
        Ok(set)
    }

    /// This set's number: unique among the sets this process built ([`RulingSet::new`]).
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Every ruling, newest first.
    pub fn all(&self) -> &[Ruling] {
        &self.rulings
    }

    pub fn get(&self, id: &str) -> Option<&Ruling> {
        self.by_id.get(id).map(|&i| &self.rulings[i])
    }

    pub fn status(&self, id: &str) -> Status {
        if self.superseded_by.contains_key(id) {
            Status::Superseded
        } else {
            Status::Published
        }
    }

    /// The ruling that supersedes `id`, if one does.
    pub fn superseded_by(&self, id: &str) -> Option<&Ruling> {
        self.superseded_by.get(id).and_then(|s| self.get(s))
    }

    /// The rulings touching `game`'s keyword `name` (folded match), newest first.
    pub fn for_keyword(&self, game: &str, name: &str) -> Vec<&Ruling> {
        self.pick(&self.by_keyword, game, &crate::text::fold(name))
    }

    /// The rulings touching `game`'s card `name` (folded match), newest first.
    pub fn for_card(&self, game: &str, name: &str) -> Vec<&Ruling> {
        self.pick(&self.by_card, game, &crate::text::fold(name))
    }

    /// The rulings touching `game`'s rules section `section`, newest first.
    pub fn for_rule(&self, game: &str, section: &str) -> Vec<&Ruling> {
        self.pick(&self.by_rule, game, section)
    }

    /// The position (canonical JSON) a ruling stores under permalink hash `hash`.
    pub fn position_by_hash(&self, hash: &str) -> Option<&str> {
        self.by_hash
            .get(hash)
            .map(|&i| self.rulings[i].position.as_str())
    }

    fn pick(
        &self,
        map: &HashMap<(String, String), Vec<usize>>,
        game: &str,
        key: &str,
    ) -> Vec<&Ruling> {
        map.get(&(game.to_string(), key.to_string()))
            .map(|is| is.iter().map(|&i| &self.rulings[i]).collect())
            .unwrap_or_default()
    }
}

/// The rulings the server shows now: the catalogue's, fixed, and the judges', replaced
/// whole when one publishes. Readers take a snapshot ([`Rulings::snapshot`]) and keep it
/// for their request.
#[derive(Debug, Default)]
pub struct Rulings {
    catalogue: Vec<Ruling>,
    current: RwLock<Arc<RulingSet>>,
}

impl Rulings {
    /// The catalogue's rulings and the judges', checked together.
    pub fn new(catalogue: Vec<Ruling>, judges: Vec<Ruling>) -> Result<Rulings, RulingSetError> {
        let set = RulingSet::new(catalogue.iter().cloned().chain(judges).collect())?;
        Ok(Rulings {
            catalogue,
            current: RwLock::new(Arc::new(set)),
        })
    }

    /// The catalogue's rulings (fixed until a re-import).
    pub fn catalogue(&self) -> &[Ruling] {
        &self.catalogue
    }

    /// The set as it is now.
    pub fn snapshot(&self) -> Arc<RulingSet> {
        match self.current.read() {
            Ok(g) => g.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Replaces the judges' rulings with `judges` (all of them, as their store now holds
    /// them); the set is unchanged when they do not hold together with the catalogue's.
    pub fn replace(&self, judges: Vec<Ruling>) -> Result<(), RulingSetError> {
        let set = RulingSet::new(self.catalogue.iter().cloned().chain(judges).collect())?;
        match self.current.write() {
            Ok(mut g) => *g = Arc::new(set),
            Err(poisoned) => *poisoned.into_inner() = Arc::new(set),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruling(id: &str, published: &str, supersedes: Option<&str>) -> Ruling {
        Ruling {
            id: id.into(),
            game: "battleline".into(),
            question: "q".into(),
            answer: "a".into(),
            keywords: vec!["Armor".into()],
            cards: vec![],
            rules: vec!["4.1".into()],
            position: "{}".into(),
            hash: format!("{id:0>16}"),
            step: 1,
            tier: Tier::House,
            source: "T1".into(),
            published: published.into(),
            supersedes: supersedes.map(str::to_string),
        }
    }

    #[test]
    fn supersession_is_linked_both_ways_and_both_stay() {
        let set = RulingSet::new(vec![
            ruling("a", "2026-01-01", None),
            ruling("b", "2026-02-01", Some("a")),
        ])
        .unwrap();
        assert_eq!(set.status("a"), Status::Superseded);
        assert_eq!(set.status("b"), Status::Published);
        assert_eq!(set.superseded_by("a").map(|r| r.id.as_str()), Some("b"));
        let ids: Vec<_> = set
            .for_keyword("battleline", "armor")
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(ids, ["b", "a"], "newest first, superseded kept");
    }

    #[test]
    fn a_set_that_does_not_hold_together_is_refused() {
        let dup = RulingSet::new(vec![ruling("a", "x", None), ruling("a", "y", None)]);
        assert!(matches!(dup, Err(RulingSetError::DuplicateId(_))));
        let dangling = RulingSet::new(vec![ruling("b", "x", Some("zz"))]);
        assert!(matches!(
            dangling,
            Err(RulingSetError::UnknownSuperseded { .. })
        ));
        let twice = RulingSet::new(vec![
            ruling("a", "1", None),
            ruling("b", "2", Some("a")),
            ruling("c", "3", Some("a")),
        ]);
        assert!(matches!(twice, Err(RulingSetError::SupersededTwice { .. })));
    }

    #[test]
    fn on_one_day_a_judges_later_ruling_comes_first() {
        let judge = |id: &str| Ruling {
            tier: Tier::Judge,
            ..ruling(id, "2026-05-01", None)
        };
        let set = RulingSet::new(vec![
            judge("j-2"),
            judge("j-10"),
            judge("j-9"),
            ruling("a", "2026-05-01", None),
            ruling("z", "2026-06-01", None),
        ])
        .unwrap();
        let ids: Vec<_> = set.all().iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["z", "j-10", "j-9", "j-2", "a"]);
    }

    #[test]
    fn ids_are_short_and_url_safe() {
        assert!(is_id("bl-serpent-2"));
        assert!(!is_id(""));
        assert!(!is_id("-a"));
        assert!(!is_id("A"));
        assert!(!is_id("a/b"));
        assert!(!is_id(&"a".repeat(41)));
    }
}
