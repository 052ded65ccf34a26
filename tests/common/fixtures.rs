//! The data-driven fixtures every engine test module plays: files of
//! `{"about", "cites", "position"}`, each adjudicated by its game and checked to cite
//! every sentence it says it shows. The snapshot itself is taken by the caller, so insta
//! names it after the calling module (`all__engine_swtcg__<fixture>`); this module only
//! reads, plays and checks.

use arbiter::rules::{Adjudication, Game};
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;

/// One fixture file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// What the fixture shows, in words (the snapshot's description).
    pub about: String,
    /// The sentences some event of the log must rest on.
    pub cites: Vec<Cited>,
    /// The position, in its game's format.
    pub position: Value,
}

/// A sentence a fixture shows: the rule's name and the words quoted from it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cited {
    pub rule: String,
    pub sentence: String,
}

/// Fixture `path`, read and parsed (a test failure naming the file if it is not one).
pub fn read(path: &Path) -> Fixture {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: does not read: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: not a fixture: {e}", path.display()))
}

/// Fixture `path` played by `adjudicate` (its position's JSON → the adjudication, or
/// why not), with every sentence it cites checked against the log's events.
pub fn play<G: Game>(
    path: &Path,
    adjudicate: impl FnOnce(&str) -> Result<Adjudication<G>, String>,
) -> (Fixture, Adjudication<G>) {
    let fx = read(path);
    let adj =
        adjudicate(&fx.position.to_string()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for c in &fx.cites {
        assert!(
            adj.steps
                .iter()
                .flat_map(|s| &s.events)
                .any(|e| e.rule.rests_on(&c.rule, &c.sentence)),
            "{}: cites {} {:?} but no event of the log does",
            path.display(),
            c.rule,
            c.sentence
        );
    }
    (fx, adj)
}

/// The snapshot's name (the file's stem) and settings (its description the fixture's
/// `about`, no expression).
pub fn snapshot(path: &Path, fx: &Fixture) -> (String, insta::Settings) {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("fixture")
        .to_string();
    let mut settings = insta::Settings::clone_current();
    settings.set_description(fx.about.clone());
    settings.set_omit_expression(true);
    (name, settings)
}

/// The final position as pretty JSON, for snapshots.
pub fn final_json<G: Game>(adj: &Adjudication<G>) -> String {
    serde_json::to_string_pretty(&adj.final_position).expect("a position writes as JSON")
}
