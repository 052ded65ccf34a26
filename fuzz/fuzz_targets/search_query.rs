//! Arbitrary UTF-8 through the search query language: the parser must never panic and every
//! offset it reports must lie inside the query; the whole search (compile and run against an
//! index of the bundled catalogue) must answer with results or a query error, never an
//! index error or a panic.
#![no_main]

use arbiter::catalogue::{self, Catalogue};
use arbiter::search::{build_index, query, SearchError, SearchIndex, SearchOptions};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fn index() -> &'static SearchIndex {
    static INDEX: OnceLock<SearchIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let data_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
        let data = catalogue::validate(std::path::Path::new(data_dir)).expect("bundled data");
        let cat = Arc::new(Catalogue::from_data(data, "fuzz".into()));
        let dir = std::env::temp_dir().join(format!("arbiter-fuzz-index-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        build_index(&cat, &dir).expect("index builds");
        SearchIndex::open(&dir, cat).expect("index opens")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(q) = std::str::from_utf8(data) else {
        return;
    };
    let chars = q.chars().count();
    let parsed = query::parse(q);
    for w in &parsed.warnings {
        assert!(w.offset <= chars, "warning offset {} past {chars}: {w:?}", w.offset);
    }
    if let Some(node) = &parsed.node {
        for (t, _) in node.terms() {
            assert!(t.offset < chars.max(1), "term offset {} past {chars}: {t:?}", t.offset);
        }
    }
    match index().search(q, &SearchOptions::default()) {
        Ok(_) | Err(SearchError::NothingToRun { .. }) | Err(SearchError::EmptyQuery) => {}
        Err(e) => panic!("query {q:?} broke the index: {e}"),
    }
});
