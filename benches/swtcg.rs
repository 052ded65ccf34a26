//! Star Wars TCG exact odds: a 20-die attack with Fury, Critical Hit, Parry and Evade,
//! its exact distribution by the outcome-class model (`games::swtcg::odds`), against a
//! Monte Carlo estimate of the same attack at 1 % error (10,000 seeded plays: the
//! standard error of a chance near 1/2 is 0.5 %, so 1 % at two standard errors) in the
//! same run; the same attack end to end as the CLI's `--json` and the API answer it
//! (the position's text read, resolved, played with `odds: true`, the answer written as
//! JSON); and the slowest attacks `tests/swtcg_odds.rs` accepts (Lucky on both sides,
//! Fury under either reading, a pin past the roll). `cargo bench --bench swtcg`.

use arbiter::games::swtcg::{self, odds, NoCards, Position, Swtcg};
use arbiter::rules::{self, Game, RecordConfig};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const ATTACK: &str = r#"{"game": "swtcg", "seed": 1,
 "units": [{"id": "A", "side": "dark", "power": 20, "health": 9, "abilities": ["Fury 2", "Critical Hit 2"]},
           {"id": "D", "side": "light", "power": 1, "health": 12, "abilities": ["Parry 2", "Evade 1"]}],
 "attack": {"attacker": "A", "defender": "D"}}"#;

/// The slowest attacks the bound accepts (`tests/swtcg_odds.rs`), by name.
const WORST: &[(&str, &str)] = &[
    (
        "lucky_10_attacker_32_dice",
        r#"{"game": "swtcg",
 "units": [{"id": "A", "side": "dark", "power": 30, "health": 99, "abilities": ["Critical Hit 2", "Fury 2", "Lucky 10"]},
           {"id": "D", "side": "light", "power": 1, "health": 99, "abilities": ["Parry 2", "Evade 1"]}],
 "attack": {"attacker": "A", "defender": "D"}}"#,
    ),
    (
        "lucky_10_defender_32_dice",
        r#"{"game": "swtcg",
 "units": [{"id": "A", "side": "dark", "power": 30, "health": 99, "abilities": ["Critical Hit 2", "Fury 2"]},
           {"id": "D", "side": "light", "power": 1, "health": 99, "abilities": ["Parry 2", "Evade 1", "Lucky 10"]}],
 "attack": {"attacker": "A", "defender": "D"}}"#,
    ),
    (
        "lucky_pinned_4_open",
        r#"{"game": "swtcg",
 "units": [{"id": "A", "side": "dark", "power": 3, "health": 99, "abilities": ["Lucky 1", "Critical Hit 1"]},
           {"id": "D", "side": "light", "power": 1, "health": 99, "abilities": ["Parry 1", "Evade 1"]}],
 "attack": {"attacker": "A", "defender": "D"}, "decisions": {"lucky": {"dark": [0]}}}"#,
    ),
];

/// The whole request: the position's text read, resolved, played with its odds, and the
/// answer written as JSON (the CLI's `--json` and the API's default keep each step's state).
fn end_to_end(text: &str) -> usize {
    let position = Swtcg::read_position(text).expect("position");
    let adj = swtcg::adjudicate(&position, &NoCards, RecordConfig { states: true }).expect("plays");
    serde_json::to_string(&adj).expect("json").len()
}

fn bench(c: &mut Criterion) {
    let position = Position::from_json(ATTACK).expect("position");
    let start = swtcg::resolve(&position, &NoCards).expect("resolves");
    let mut g = c.benchmark_group("swtcg");
    g.bench_function("exact_20_dice", |b| {
        b.iter(|| black_box(odds::distribution::<Swtcg>(black_box(&start)).expect("exact")))
    });
    let mut with_odds: serde_json::Value = serde_json::from_str(ATTACK).expect("json");
    with_odds["odds"] = serde_json::json!(true);
    let with_odds = with_odds.to_string();
    g.bench_function("end_to_end_20_dice", |b| {
        b.iter(|| black_box(end_to_end(black_box(&with_odds))))
    });
    for (name, text) in WORST {
        let position = Position::from_json(text).expect("position");
        let start = swtcg::resolve(&position, &NoCards).expect("resolves");
        g.bench_function(*name, |b| {
            b.iter(|| black_box(odds::distribution::<Swtcg>(black_box(&start)).expect("exact")))
        });
    }
    g.sample_size(10);
    g.bench_function("monte_carlo_10000_plays", |b| {
        b.iter(|| {
            let mut discarded = 0u32;
            for seed in 0..10_000u64 {
                let mut st = start.clone();
                st.rng = rand::SeedableRng::seed_from_u64(seed);
                let adj = rules::play_out::<Swtcg>(&mut st, RecordConfig { states: false });
                discarded += u32::from(!adj.outcome.discarded.is_empty());
            }
            black_box(discarded)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
