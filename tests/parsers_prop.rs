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

mod query {
    use arbiter::search::{query, SearchError, SearchOptions};
    use proptest::prelude::*;

    /// Strings made of the query language's own pieces, so the properties reach deep.
    fn queryish() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just(" ".to_string()),
                Just("(".to_string()),
                Just(")".to_string()),
                Just("-".to_string()),
                Just("\"".to_string()),
                Just(" OR ".to_string()),
                Just(":".to_string()),
                Just(">=".to_string()),
                Just("!=".to_string()),
                Just("game".to_string()),
                Just("attack".to_string()),
                Just("keyword".to_string()),
                Just("Æ".to_string()),
                "[a-z0-9.]{1,8}",
            ],
            0..25,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        #[test]
        fn any_string_parses_with_offsets_inside_it(q in prop_oneof![queryish(), any::<String>()]) {
            let chars = q.chars().count();
            let parsed = query::parse(&q);
            for w in &parsed.warnings {
                prop_assert!(w.offset <= chars);
            }
            if let Some(node) = &parsed.node {
                for (t, _) in node.terms() {
                    prop_assert!(t.offset < chars.max(1));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_query_runs_or_is_a_query_error(q in queryish()) {
            let state = super::super_state();
            match state.search.search(&q, &SearchOptions::default()) {
                Ok(_) | Err(SearchError::NothingToRun { .. }) | Err(SearchError::EmptyQuery) => {}
                Err(e) => prop_assert!(false, "{q:?}: {e}"),
            }
        }
    }
}

use crate::common;

fn super_state() -> arbiter::web::AppState {
    common::bundled_state()
}
