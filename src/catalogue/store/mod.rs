//! The SQLite file: its schema, writing a [`DataSet`](super::model::DataSet) into it, and
//! reading one back.
//!
//! Only this module knows SQL. A catalogue file is written once, whole, by [`write_atomic`]
//! into a temporary file beside the target and renamed over it, so readers see the old
//! catalogue or the new one and never a half-written one.
//!
//! This file keeps what every part shares: the schema version and application id, the
//! error type and the small helpers that make one. The rest is split by responsibility:
//! `write.rs` (the schema and the atomic write), `inspect.rs` (what is at a path, without
//! writing), `read.rs` (opening a file and reading its tables back) and `card_file.rs`
//! (cards read on demand, and the interning of their strings).

mod card_file;
mod inspect;
mod read;
mod write;

pub use card_file::CardFile;
pub use inspect::{inspect, Found};
pub use read::{open_tables, read};
pub use write::{write_atomic, Replace};

use std::io;
use std::path::{Path, PathBuf};

/// Bumped whenever the schema changes; a catalogue of another version is refused by the
/// readers and may be replaced by `arbiter import`.
pub const SCHEMA_VERSION: i64 = 5;

/// The SQLite header's application id of every catalogue this crate writes ("ARBC"), so a
/// damaged catalogue is still known for ours and a stranger's SQLite file never is.
pub const APPLICATION_ID: i32 = 0x4152_4243;

/// What can go wrong reading or writing the file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path}: SQLite: {source}")]
    Sqlite {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{path}: not an Arbiter catalogue of schema version {SCHEMA_VERSION} (found {found})")]
    Version { path: PathBuf, found: String },
    #[error("{path}: corrupt catalogue: {message}")]
    Corrupt { path: PathBuf, message: String },
}

fn sql(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |source| StoreError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}

fn io_err(path: &Path) -> impl Fn(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("catalogue values serialise")
}
