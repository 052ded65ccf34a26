//! Arbitrary UTF-8 as position JSON (or a step-through's saved state holding one) through
//! the reader, the resolver against the bundled catalogue, and the engine to the end. Nothing may panic or hang: the engine must end
//! within its step bound, and every located error must carry a path or a location.
#![no_main]

use arbiter::adjudicate::{read_opened, CatalogueCards};
use arbiter::catalogue::{self, Catalogue};
use arbiter::games::battleline::{self, RecordConfig};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::LazyLock;

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../data");
    let data = catalogue::validate(Path::new(dir)).expect("the bundled data is valid");
    Catalogue::from_data(data, "fuzz".into())
});

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let position = match read_opened(text) {
        Ok((p, _step)) => p,
        Err(e) => {
            assert!(
                e.line.is_some() || !e.path.is_empty() || text.len() > 65536,
                "{e}"
            );
            return;
        }
    };
    match battleline::adjudicate(
        &position,
        &CatalogueCards(&CATALOGUE),
        RecordConfig { states: false },
    ) {
        Ok(adj) => assert!(adj.steps.len() as u32 <= battleline::MAX_STEPS + 1),
        Err(errors) => assert!(!errors.is_empty()),
    }
});
