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

use crate::common::fixtures;
use arbiter::adjudicate::{log_text, CatalogueCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::battleline::{self, Position, RecordConfig};

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
        let (fx, adj) = fixtures::play(path, |json| {
            let p = Position::from_json(json).map_err(|e| e.to_string())?;
            battleline::adjudicate(&p, &cards, RecordConfig { states: false })
                .map_err(|e| format!("{e:?}"))
        });
        let final_json = fixtures::final_json(&adj);
        let (name, settings) = fixtures::snapshot(path, &fx);
        settings.bind(|| {
            insta::assert_snapshot!(
                name,
                format!("{}\nfinal position:\n{final_json}\n", log_text(&adj))
            );
        });
    });
}
