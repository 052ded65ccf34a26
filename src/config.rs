//! Where things live by default. Every subcommand takes `--db PATH`; all of them default
//! to the same catalogue, [`DEFAULT_DB`], which the `ARBITER_DB` environment variable
//! overrides. The bundled data directory is [`default_data_dir`].

use std::path::PathBuf;

/// The catalogue every subcommand uses unless told otherwise (relative to the working
/// directory; `var/` is git-ignored). The search index lives beside it.
pub const DEFAULT_DB: &str = "var/catalogue.sqlite";

/// The bundled data: `./data` when run from a checkout, else the crate's own `data/`.
pub fn default_data_dir() -> PathBuf {
    let local = PathBuf::from("data");
    if local.join("games.csv").exists() {
        local
    } else {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data"))
    }
}
