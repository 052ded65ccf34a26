//! Ability text parsed by the seeds' own grammars.
//!
//! Each source document writes its abilities in a fixed shape, and this module reads
//! those shapes into structure: seed 002's keyword definitions ([`swtcg`]), seed 003's
//! bold precursors ([`keyforge`]), seed 004's activated / triggered / static syntax
//! ([`arcane`]), plus the catalogue's own `abilities` column ([`ability_list`]).
//! Everything here is a pure function of a string. It knows nothing of CSV, SQL or
//! the web; the importer stores the results and later issues display and search them.

pub mod ability_list;
pub mod arcane;
pub mod karth;
pub mod keyforge;
pub mod swtcg;

use serde::{Deserialize, Serialize};

/// A card's text read one ability per non-empty line, each line by `parse_line` (the
/// KeyForge and Arcane Legions grammars both write a card's abilities this way).
pub fn parse_lines<T>(text: &str, parse_line: impl Fn(&str) -> T) -> Vec<T> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(parse_line)
        .collect()
}

/// The structure read from one ability text, tagged by the grammar that read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "grammar", rename_all = "snake_case")]
pub enum AbilityParse {
    Swtcg(swtcg::SwtcgDefinition),
    Keyforge(keyforge::KeyforgeAbility),
    Arcane(arcane::ArcaneAbility),
}

impl AbilityParse {
    /// The ability's kind in the vocabulary of its own game (`static`, `triggered`,
    /// `activated`, or a KeyForge ability type such as `reap`).
    pub fn kind(&self) -> Option<String> {
        match self {
            AbilityParse::Swtcg(d) => d.kind.clone(),
            AbilityParse::Keyforge(k) => Some(
                k.types
                    .iter()
                    .map(|t| t.as_str())
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            AbilityParse::Arcane(a) => Some(a.kind.as_str().to_string()),
        }
    }
}
