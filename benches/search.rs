//! Search engine speed on a 100,000-card synthetic catalogue (plus the bundled keywords and
//! rules): `SearchIndex::search` against SQLite FTS5 (bundled rusqlite) over the same rows
//! (name and text of every card, keyword and rule), for the same queries, in the same run.
//! Both sides return the top 20 by relevance and count all matches (Arbiter also computes
//! its facet counts and snippets, FTS5 does neither). `cargo bench --bench search`.

use arbiter::catalogue::{self, Catalogue};
use arbiter::config::default_data_dir;
use arbiter::search::{build_index, SearchIndex, SearchOptions};
use arbiter::synth::{generate, SynthConfig};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::sync::Arc;

const CARDS: usize = 100_000;

/// (Arbiter query, the same query in FTS5 syntax)
const QUERIES: [(&str, &str); 5] = [
    ("breakthrough", "breakthrough"),
    ("opposing creature", "opposing creature"),
    ("\"opposing creature\"", "\"opposing creature\""),
    ("damage -armor", "damage NOT armor"),
    ("brea", "brea*"),
];

fn fts5(cat: &Catalogue) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open_in_memory().unwrap();
    conn.execute_batch("CREATE VIRTUAL TABLE fts USING fts5(name, text, tokenize = 'unicode61 remove_diacritics 2')").unwrap();
    let d = cat.data();
    let tx = conn.unchecked_transaction().unwrap();
    {
        let mut st = tx
            .prepare("INSERT INTO fts (name, text) VALUES (?1, ?2)")
            .unwrap();
        for k in &d.keywords {
            st.execute(rusqlite::params![k.name, k.text]).unwrap();
        }
        for c in cat.cards().iter() {
            st.execute(rusqlite::params![c.name.as_str(), c.text.as_str()])
                .unwrap();
        }
        for r in &d.rules {
            st.execute(rusqlite::params![
                format!("{} {}", r.section, r.title),
                r.text
            ])
            .unwrap();
        }
    }
    tx.commit().unwrap();
    conn
}

fn bench(c: &mut Criterion) {
    let base = default_data_dir();
    let data = catalogue::validate(&base).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let synth = dir.path().join("data");
    generate(
        &base,
        &data,
        &synth,
        &SynthConfig {
            cards: CARDS,
            seed: 1,
        },
    )
    .unwrap();
    let big = catalogue::validate(&synth).unwrap();
    let cat = Arc::new(Catalogue::from_data(big, "bench".into()));
    let index_dir = dir.path().join("index");
    build_index(&cat, &index_dir).unwrap();
    let index = SearchIndex::open(&index_dir, cat.clone()).unwrap();
    let conn = fts5(&cat);
    let mut top = conn
        .prepare("SELECT rowid FROM fts WHERE fts MATCH ?1 ORDER BY rank LIMIT 20")
        .unwrap();
    let mut count = conn
        .prepare("SELECT count(*) FROM fts WHERE fts MATCH ?1")
        .unwrap();
    let opts = SearchOptions {
        page: 1,
        per_page: 20,
    };

    let mut group = c.benchmark_group("search_100k");
    for (ours, theirs) in QUERIES {
        group.bench_with_input(BenchmarkId::new("arbiter", ours), &ours, |b, q| {
            b.iter(|| index.search(q, &opts).unwrap().total)
        });
        group.bench_with_input(BenchmarkId::new("fts5", ours), &theirs, |b, q| {
            b.iter(|| {
                let ids: Vec<i64> = top
                    .query_map([q], |r| r.get(0))
                    .unwrap()
                    .map(|r| r.unwrap())
                    .collect();
                let n: i64 = count.query_row([q], |r| r.get(0)).unwrap();
                (ids.len(), n)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
