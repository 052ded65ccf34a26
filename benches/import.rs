//! Import speed: `catalogue::import` against a raw rusqlite import of the same card CSVs
//! (every column as TEXT into one plain table per file, no validation), in the same run.
//! `cargo bench --bench import`. The 100,000-card figure against the sqlite3 shell's
//! `.import` is `scripts/bench_import.sh`; see BENCHMARKS.md.

use arbiter::catalogue::{self, ImportConfig};
use arbiter::config::default_data_dir;
use arbiter::synth::{generate, SynthConfig};
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

const CARDS: usize = 20_000;

fn raw_sqlite_import(data: &Path, db: &Path) {
    let _ = std::fs::remove_file(db);
    let mut conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
        .unwrap();
    let tx = conn.transaction().unwrap();
    for entry in std::fs::read_dir(data.join("cards")).unwrap() {
        let path = entry.unwrap().path();
        let table = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut reader = csv::Reader::from_path(&path).unwrap();
        let headers = reader.headers().unwrap().clone();
        let cols: Vec<String> = headers.iter().map(|h| format!("\"{h}\" TEXT")).collect();
        tx.execute_batch(&format!("CREATE TABLE \"{table}\" ({})", cols.join(", ")))
            .unwrap();
        let marks = vec!["?"; headers.len()].join(", ");
        let mut st = tx
            .prepare(&format!("INSERT INTO \"{table}\" VALUES ({marks})"))
            .unwrap();
        for rec in reader.records() {
            let rec = rec.unwrap();
            st.execute(rusqlite::params_from_iter(rec.iter())).unwrap();
        }
    }
    tx.commit().unwrap();
}

fn bench(c: &mut Criterion) {
    let base = default_data_dir();
    let data = catalogue::validate(&base).expect("bundled data is valid");
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
    let mut group = c.benchmark_group(format!("import_{CARDS}_cards"));
    group.sample_size(10);
    group.bench_function("arbiter_import", |b| {
        let cfg = ImportConfig::new(synth.clone(), dir.path().join("a.sqlite"));
        b.iter(|| catalogue::import(&cfg).unwrap())
    });
    group.bench_function("raw_rusqlite_import", |b| {
        let db = dir.path().join("raw.sqlite");
        b.iter(|| raw_sqlite_import(&synth, &db))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
