//! Star Wars TCG exact odds: a 20-die attack with Fury, Critical Hit, Parry and Evade,
//! its exact distribution by the outcome-class model (`games::swtcg::odds`), against a
//! Monte Carlo estimate of the same attack at 1 % error (10,000 seeded plays: the
//! standard error of a chance near 1/2 is 0.5 %, so 1 % at two standard errors) in the
//! same run. `cargo bench --bench swtcg`.

use arbiter::games::swtcg::{self, odds, NoCards, Position, Swtcg};
use arbiter::rules::{self, RecordConfig};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const ATTACK: &str = r#"{"game": "swtcg", "seed": 1,
 "units": [{"id": "A", "side": "dark", "power": 20, "health": 9, "abilities": ["Fury 2", "Critical Hit 2"]},
           {"id": "D", "side": "light", "power": 1, "health": 12, "abilities": ["Parry 2", "Evade 1"]}],
 "attack": {"attacker": "A", "defender": "D"}}"#;

fn bench(c: &mut Criterion) {
    let position = Position::from_json(ATTACK).expect("position");
    let start = swtcg::resolve(&position, &NoCards).expect("resolves");
    let mut g = c.benchmark_group("swtcg");
    g.bench_function("exact_20_dice", |b| {
        b.iter(|| black_box(odds::distribution::<Swtcg>(black_box(&start)).expect("exact")))
    });
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
