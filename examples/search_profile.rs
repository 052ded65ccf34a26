//! Times `SearchIndex::search` per query on a synthetic catalogue, for profiling the
//! uncached path (run it under `perf record`). Not a benchmark of record: the figures in
//! BENCHMARKS.md come from `benches/search.rs` and `scripts/load_search.sh`.
//!
//! `cargo run --release --example search_profile -- [CARDS=100000] [ROUNDS=50]`

use arbiter::catalogue::{self, Catalogue};
use arbiter::config::default_data_dir;
use arbiter::search::{build_index, SearchIndex, SearchOptions};
use arbiter::synth::{generate, SynthConfig};
use std::sync::Arc;
use std::time::Instant;

/// The rotation of `scripts/load_search.sh`: common and rare words, a typo, two words, a
/// phrase, prefixes, filters.
pub const ROTATION: [&str; 16] = [
    "heal",
    "undead",
    "damage",
    "creature",
    "fury",
    "armor",
    "brekthrough",
    "Elude",
    "5.1.2",
    "opposing creature",
    "\"opposing creature\"",
    "game:karth type:item value<=2",
    "keyword:armor attack>=3",
    "omeg rab",
    "heal OR regen",
    "-game:battleline kind:keyword",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let cards: usize = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(100_000);
    let rounds: usize = args.next().map(|a| a.parse()).transpose()?.unwrap_or(50);
    let base = default_data_dir();
    let data = catalogue::validate(&base).map_err(|d| d.to_string())?;
    let dir = tempfile::tempdir()?;
    let synth = dir.path().join("data");
    generate(&base, &data, &synth, &SynthConfig { cards, seed: 1 })?;
    let big = catalogue::validate(&synth).map_err(|d| d.to_string())?;
    let cat = Arc::new(Catalogue::from_data(big, "profile".into()));
    let index_dir = dir.path().join("index");
    build_index(&cat, &index_dir)?;
    let index = SearchIndex::open(&index_dir, cat.clone())?;
    let opts = SearchOptions::default();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); ROTATION.len()];
    let mut totals = vec![0; ROTATION.len()];
    for _ in 0..rounds {
        for (i, q) in ROTATION.iter().enumerate() {
            let t = Instant::now();
            let r = index.search(q, &opts)?;
            times[i].push(t.elapsed().as_secs_f64() * 1e3);
            totals[i] = r.total;
        }
    }
    println!("{cards} cards, {rounds} rounds; median ms per query");
    for (i, q) in ROTATION.iter().enumerate() {
        let t = &mut times[i];
        t.sort_by(f64::total_cmp);
        println!("{:>8.3} ms  {:>6} matches  {q}", t[t.len() / 2], totals[i]);
    }
    Ok(())
}
