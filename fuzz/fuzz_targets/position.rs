//! Arbitrary UTF-8 as position JSON (or a step-through's saved state or a fixture holding
//! one) through the game registry (`games::which`), then that game's reader, its resolver
//! against the bundled catalogue, and its engine to the end, for every game Arbiter
//! ships. Nothing may panic or hang: the engine must end within its step bound, and every
//! located error must carry a path or a location.
#![no_main]

use arbiter::adjudicate::CatalogueGame;
use arbiter::catalogue::{self, Catalogue};
use arbiter::games::{self, GameId};
use arbiter::rules::{self, RecordConfig};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::LazyLock;

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
    let data = catalogue::validate(Path::new(dir)).expect("the bundled data is valid");
    Catalogue::from_data(data, "fuzz".into())
});

/// The most steps any game's engine may take before it stops itself.
const STEP_BOUND: usize = 20_000;

fn play<G: CatalogueGame>(text: &str) {
    let position = match games::read_opened::<G>(text) {
        Ok((p, _step)) => p,
        Err(errors) => {
            assert!(!errors.is_empty(), "a refusal names its problems");
            for e in errors {
                assert!(
                    e.line.is_some() || !e.path.is_empty() || text.len() > 65536,
                    "{e}"
                );
            }
            return;
        }
    };
    let played = G::with_cards(&CATALOGUE, |cards| {
        rules::adjudicate::<G>(&position, cards, RecordConfig { states: false })
    });
    match played {
        Ok(adj) => assert!(adj.steps.len() <= STEP_BOUND),
        Err(errors) => assert!(!errors.is_empty()),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match games::which(text) {
        Ok(GameId::Battleline) => play::<games::battleline::Battleline>(text),
        Ok(GameId::Swtcg) => play::<games::swtcg::Swtcg>(text),
        Ok(GameId::Keyforge) => play::<games::keyforge::Keyforge>(text),
        Ok(GameId::Arcane) => play::<games::arcane::Arcane>(text),
        Ok(GameId::Karth) => play::<games::karth::Karth>(text),
        Err(e) => assert!(!e.path.is_empty() || e.line.is_some(), "{e}"),
    }
});
