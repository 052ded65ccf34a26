//! Deck validation speed: parse + validate of the two legal fixture decks and a deliberately
//! illegal one (several rules broken, an unknown card, a duplicate line), one deck per
//! iteration, on one core, with the validator built once as `arbiter check --batch` does.
//! Throughput is reported in decks per second. `cargo bench --bench decks`.

use arbiter::catalogue::{self, Catalogue};
use arbiter::config::default_data_dir;
use arbiter::decks::{parse_decklist, DeckValidator};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/decks");

fn bench(c: &mut Criterion) {
    let data = catalogue::validate(&default_data_dir()).expect("the bundled data is valid");
    let cat = Catalogue::from_data(data, "bench".into());
    let v = DeckValidator::new(&cat, "standard").expect("standard");
    let read = |f: &str| std::fs::read_to_string(format!("{FIXTURES}/{f}")).expect("fixture");
    let illegal = read("legal_obsidian-covenant.txt")
        .replace("3 Spark", "5 Spark\n1 Sprak\n2 Fireball")
        .replace(
            "1 Kessa Nightcoil",
            "1 Seraphine of the Dawn\n1 Vharzul the Ember-Eyed",
        )
        .replace("8 Grassland", "3 Forest\n2 Grassland")
        .replace("3 Obsidian Acolyte", "3 Ashfang Raider\n1 Obsidian Acolyte");
    assert!(!v.validate(&parse_decklist(&illegal)).legal);
    let decks = [
        ("legal_obsidian", read("legal_obsidian-covenant.txt")),
        ("legal_silverhold", read("legal_silverhold-vanguard.txt")),
        ("illegal", illegal),
    ];
    let mut g = c.benchmark_group("parse_and_validate");
    g.throughput(Throughput::Elements(1));
    for (name, text) in &decks {
        g.bench_function(*name, |b| {
            b.iter(|| v.validate(&parse_decklist(black_box(text))))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
