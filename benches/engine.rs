//! Rules-engine speed: a 7-against-7 battle of mixed abilities
//! (`tests/fixtures/bench/seven_v_seven.json`) played to the end from a resolved state,
//! compared in the same run with the same lines stripped of their abilities (the cost of
//! the turn sequence alone) and with cloning the starting state (the floor). Also the
//! pure `step` against in-place `advance` over the same game, and the recorded play-out
//! the API runs (`play_out` with states). `cargo bench --bench engine`.

use arbiter::adjudicate::CatalogueCards;
use arbiter::catalogue::{self, Catalogue};
use arbiter::config::default_data_dir;
use arbiter::games::battleline::{self, Position};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/bench/seven_v_seven.json"
);

fn bench(c: &mut Criterion) {
    let data = catalogue::validate(&default_data_dir()).expect("the bundled data is valid");
    let cat = Catalogue::from_data(data, "bench".into());
    let cards = CatalogueCards(&cat);
    let text = std::fs::read_to_string(FIXTURE).expect("fixture");
    let position = Position::from_json(&text).expect("position");
    let mixed = battleline::resolve(&position, &cards).expect("resolves");
    let mut vanilla_pos = position.clone();
    for p in vanilla_pos.players.iter_mut() {
        for c in p.line.iter_mut().flatten() {
            c.abilities = Some(Vec::new());
            c.artifacts.clear();
        }
    }
    vanilla_pos.actions.clear();
    let vanilla = battleline::resolve(&vanilla_pos, &cards).expect("resolves");
    for (label, start) in [("mixed", &mixed), ("no abilities", &vanilla)] {
        let mut st = start.clone();
        let events = battleline::run_to_end(&mut st);
        eprintln!(
            "7v7 {label}: {} steps, {} events, outcome {:?}",
            st.steps,
            events.len(),
            st.outcome
        );
    }
    let mut g = c.benchmark_group("engine_7v7");
    g.bench_function("mixed_abilities_to_end", |b| {
        b.iter(|| {
            let mut st = mixed.clone();
            black_box(battleline::run_to_end(&mut st))
        })
    });
    g.bench_function("no_abilities_to_end", |b| {
        b.iter(|| {
            let mut st = vanilla.clone();
            black_box(battleline::run_to_end(&mut st))
        })
    });
    g.bench_function("clone_start_state", |b| b.iter(|| black_box(mixed.clone())));
    g.bench_function("mixed_by_pure_step", |b| {
        b.iter(|| {
            let mut st = mixed.clone();
            while !st.is_over() {
                let (next, events) = battleline::step(&st);
                black_box(events);
                st = next;
            }
        })
    });
    // What the API and the CLI run: every step's events rendered and its state recorded
    // (the state bytes counted against the budget).
    g.bench_function("mixed_recorded_with_states", |b| {
        b.iter(|| {
            let mut st = mixed.clone();
            black_box(battleline::play_out(
                &mut st,
                battleline::RecordConfig { states: true },
            ))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
