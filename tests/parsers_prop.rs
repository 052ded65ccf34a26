//! Property tests: every parser answers any input with a value or an error, never a panic,
//! and every location it reports lies inside the input.

use arbiter::catalogue::csvfile::CsvFile;
use arbiter::grammar::{ability_list, arcane, keyforge, swtcg};
use proptest::prelude::*;

/// Strings made of the characters that matter to CSV, plus some text.
fn csvish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just(",".to_string()),
            Just("\"".to_string()),
            Just("\r\n".to_string()),
            Just("\n".to_string()),
            Just("\r".to_string()),
            Just("\u{feff}".to_string()),
            Just("“Æ”".to_string()),
            Just(" ".to_string()),
            "[a-z0-9;]{1,6}",
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn csv_parse_never_panics_and_locations_are_in_bounds(s in csvish()) {
        if let Ok(f) = CsvFile::parse("p.csv", s.clone().into_bytes()) {
            let lines = s.split('\n').count();
            for rec in &f.records {
                for i in 0..=f.headers.len() {
                    let (line, col) = f.locate(rec, i);
                    prop_assert!(line >= 1 && line <= lines, "line {line} of {lines}");
                    prop_assert!(col >= 1);
                    let _ = f.diag_at(rec, i, 5, "x");
                }
            }
        }
    }

    #[test]
    fn csv_parse_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = CsvFile::parse("p.csv", bytes);
    }

    #[test]
    fn ability_list_offsets_are_in_bounds(s in "[A-Za-z0-9 ;\\-+’]{0,40}") {
        let n = s.chars().count();
        match ability_list::parse(&s) {
            Ok(items) => for i in items {
                prop_assert!(i.offset < n.max(1));
                prop_assert!(!i.name.is_empty());
            },
            Err(e) => prop_assert!(e.offset <= n),
        }
    }

    #[test]
    fn grammars_never_panic(s in any::<String>()) {
        let _ = swtcg::parse(&s);
        let _ = keyforge::parse_text(&s);
        let _ = arcane::parse_text(&s);
        let _ = ability_list::parse(&s);
    }
}
