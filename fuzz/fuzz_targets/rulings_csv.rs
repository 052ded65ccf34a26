//! Arbitrary bytes as `rulings.csv` beside the bundled data, through the catalogue's whole
//! validation: the CSV, every cell's check, inline positions read by their games, position
//! paths (which must stay inside `rulings/`), and each step replayed within its deadline.
//! Nothing may panic, and a refusal is a list of located errors.
#![no_main]

use arbiter::catalogue;
use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// A copy of the bundled data directory, made once, whose `rulings.csv` each input
/// replaces.
static DATA: LazyLock<PathBuf> = LazyLock::new(|| {
    let from = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"));
    let to = std::env::temp_dir().join(format!("arbiter-fuzz-rulings-{}", std::process::id()));
    copy_dir(from, &to);
    to
});

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a temporary directory");
    for entry in std::fs::read_dir(from).expect("the bundled data").flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("a data file copied");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    std::fs::write(DATA.join("rulings.csv"), data).expect("rulings.csv written");
    if let Err(errors) = catalogue::validate(&DATA) {
        assert!(!errors.to_string().is_empty(), "a refusal says why");
    }
});
