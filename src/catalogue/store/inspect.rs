//! What is at a catalogue path ([`Found`]): nothing, a current catalogue, one of ours this
//! build cannot read, or something foreign, found by reading only.
//!
//! It leaves out the SQLite probing itself (`crate::sqlfile`) and opening a catalogue to
//! read it (`read.rs`).

use super::{APPLICATION_ID, SCHEMA_VERSION};
use std::path::Path;

/// What is at a catalogue path, found by [`inspect`] without writing anything there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Nothing at all: a catalogue may be created here.
    Nothing,
    /// A catalogue of this schema version.
    Current,
    /// An Arbiter catalogue this build cannot read (another schema version, or damaged):
    /// `arbiter import` may replace it; nothing else writes it.
    Ours { why: String },
    /// Anything else, which no command replaces unless told `--force`.
    Foreign { why: String },
}

/// Says what is at `path`, reading it only (see [`crate::sqlfile::probe`]).
pub fn inspect(path: &Path) -> Found {
    use crate::sqlfile::{probe, Probe};
    let foreign = |why: String| Found::Foreign { why };
    let (ours, tables, conn) = match probe(path) {
        Probe::Nothing => return Found::Nothing,
        Probe::Other { why } => return foreign(why),
        Probe::Sqlite {
            application_id,
            tables,
            conn,
        } => (application_id == APPLICATION_ID, tables, conn),
    };
    let (tables, conn) = match (tables, conn) {
        (Ok(t), Some(c)) => (t, c),
        (Err(e), _) if ours => {
            return Found::Ours {
                why: format!("is damaged: {e}"),
            }
        }
        (Err(e), _) => return foreign(format!("is a damaged SQLite file: {e}")),
        (Ok(_), None) => return foreign("is an SQLite file that cannot be opened".into()),
    };
    let has = |t: &str| tables.iter().any(|x| x == t);
    let ours = ours
        || ["meta", "games", "keywords", "rules", "cards"]
            .iter()
            .all(|t| has(t));
    if !ours {
        return foreign(if has("permalink") || has("permalinks") {
            "is an Arbiter permalink store, not a catalogue".into()
        } else if tables.is_empty() {
            "is an empty SQLite database, not an Arbiter catalogue".into()
        } else {
            crate::sqlfile::another_programs(&tables)
        });
    }
    let value = |key: &str| -> Result<String, rusqlite::Error> {
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
    };
    match value("schema_version") {
        Ok(v) if v == SCHEMA_VERSION.to_string() => match value("data_hash") {
            Ok(_) => Found::Current,
            Err(e) => Found::Ours {
                why: format!("is damaged: no data hash ({e})"),
            },
        },
        Ok(v) => Found::Ours {
            why: format!(
                "is an Arbiter catalogue of schema version {v}; this build reads version {SCHEMA_VERSION}"
            ),
        },
        Err(e) => Found::Ours {
            why: format!("is damaged: no schema version ({e})"),
        },
    }
}
