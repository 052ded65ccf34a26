//! Data-driven tests of the battle-line engine: every file in
//! `tests/fixtures/positions/` is a position with the seed sentences it exercises.
//!
//! For each file the test asserts that every sentence it cites is cited by at least one
//! event of the adjudication (as its sentence, or as the house rule that settled it) (so a fixture cannot claim a rule it does not reach), and
//! snapshots the readable log and the final position with insta. Review a changed
//! snapshot with `cargo insta review`.
//!
//! Fixture shape:
//! `{"about": "...", "cites": [{"rule": "Armor", "sentence": "..."}], "position": {...}}`

use arbiter::adjudicate::{log_text, CatalogueCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::battleline::{self, Position, RecordConfig};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    about: String,
    cites: Vec<Cited>,
    position: serde_json::Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cited {
    rule: String,
    sentence: String,
}

fn catalogue() -> Catalogue {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
    let set = arbiter::catalogue::validate(std::path::Path::new(data)).expect("bundled data");
    Catalogue::from_data(set, "test".into())
}

#[test]
fn every_position_fixture() {
    let cat = catalogue();
    let cards = CatalogueCards(&cat);
    insta::glob!("fixtures/positions/*.json", |path| {
        let text = std::fs::read_to_string(path).expect("fixture reads");
        let fx: Fixture = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a fixture: {e}", path.display()));
        let position = Position::from_json(&fx.position.to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let adj = battleline::adjudicate(&position, &cards, RecordConfig { states: false })
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        for c in &fx.cites {
            let cited = adj
                .steps
                .iter()
                .flat_map(|s| &s.events)
                .any(|e| e.rule.rests_on(&c.rule, &c.sentence));
            assert!(
                cited,
                "{}: cites {} \"{}\" but no event of the log cites it",
                path.display(),
                c.rule,
                c.sentence
            );
        }
        let final_json = serde_json::to_string_pretty(&adj.final_position).expect("json");
        let mut settings = insta::Settings::clone_current();
        settings.set_description(fx.about.clone());
        settings.set_omit_expression(true);
        settings.bind(|| {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("fixture");
            insta::assert_snapshot!(
                name,
                format!("{}\nfinal position:\n{final_json}\n", log_text(&adj))
            );
        });
    });
}
