//! Arbitrary UTF-8 through the decklist reader (text and JSON, one list and several) and
//! the validator of every bundled format. Nothing may panic, and every line number a
//! verdict reports is inside the input.
#![no_main]

use arbiter::catalogue::{self, Catalogue};
use arbiter::decks::{parse_decklist, parse_decklists, parse_json, DeckValidator};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::LazyLock;

static VALIDATORS: LazyLock<Vec<DeckValidator>> = LazyLock::new(|| {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
    let data = catalogue::validate(Path::new(dir)).expect("the bundled data is valid");
    let cat = Catalogue::from_data(data, "fuzz".into());
    let names: Vec<String> = cat.formats("karth").map(|f| f.name.clone()).collect();
    names
        .iter()
        .map(|n| DeckValidator::new(&cat, n).expect("bundled format"))
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.split('\n').count().max(1);
    for v in VALIDATORS.iter() {
        let verdict = v.validate(&parse_decklist(text));
        for x in &verdict.violations {
            for &l in &x.lines {
                assert!(l >= 1 && l <= lines, "line {l} of {lines}");
            }
        }
        assert_eq!(verdict.legal, verdict.errors == 0);
        for list in parse_decklists(text) {
            for x in v.validate(&list).violations {
                for l in x.lines {
                    assert!(l >= 1 && l <= lines, "line {l} of {lines}");
                }
            }
        }
        if let Ok(list) = parse_json(text) {
            let _ = v.validate(&list);
        }
    }
});
