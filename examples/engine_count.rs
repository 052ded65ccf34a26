//! Plays the 7-against-7 bench battle to the end N times (default 200), for instruction
//! counts under `valgrind --tool=callgrind` (repeatable whatever else the machine does).
use arbiter::adjudicate::CatalogueCards;
use arbiter::catalogue::{self, Catalogue};
use arbiter::config::default_data_dir;
use arbiter::games::battleline::{self as bl, Position};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let data = catalogue::validate(&default_data_dir()).expect("the bundled data is valid");
    let cat = Catalogue::from_data(data, "count".into());
    let cards = CatalogueCards(&cat);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/bench/seven_v_seven.json"
    ))
    .expect("fixture");
    let position = Position::from_json(&text).expect("position");
    let start = bl::resolve(&position, &cards).expect("resolves");
    let mut events = 0;
    for _ in 0..n {
        let mut st = start.clone();
        events += std::hint::black_box(bl::run_to_end(&mut st)).len();
    }
    println!("{n} games, {events} events");
}
