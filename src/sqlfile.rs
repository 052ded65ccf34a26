//! What an existing file is, before a command writes to it: nothing, not SQLite, or an
//! SQLite database with its application id and tables. Read without writing anything:
//! SQLite opens the file as immutable, so it takes no lock and creates no side file.
//!
//! Shared by the catalogue and the permalink store, neither of which may replace a file
//! that is not its own. It knows SQLite's file header and `sqlite_schema`, nothing of
//! what either store keeps. What it says of a file names its kind and size, never its
//! contents: a mistyped `--db` at a secret file must not copy its start into a terminal
//! or a log.

use rusqlite::{Connection, OpenFlags};
use std::io::{self, Read};
use std::path::Path;

/// What is at a path.
pub enum Probe {
    /// Nothing at all.
    Nothing,
    /// Something that is not an SQLite database, or cannot be read; says what.
    Other { why: String },
    /// An SQLite database: the application id in its header, and its tables (`Err` with
    /// SQLite's message when they cannot be listed: a damaged file).
    Sqlite {
        application_id: i32,
        tables: Result<Vec<String>, String>,
        /// The immutable, read-only connection, for a closer look.
        conn: Option<Connection>,
    },
}

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Looks at `path` (following a symbolic link) without writing anything.
pub fn probe(path: &Path) -> Probe {
    let other = |why: String| Probe::Other { why };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return match std::fs::symlink_metadata(path) {
                Ok(_) => other("is a symbolic link to nothing".into()),
                Err(_) => Probe::Nothing,
            }
        }
        Err(e) => return other(format!("cannot be examined: {e}")),
    };
    if meta.is_dir() {
        return other("is a directory".into());
    }
    if !meta.is_file() {
        return other("is not a regular file".into());
    }
    let mut head = [0u8; 100];
    let n = match std::fs::File::open(path).and_then(|mut f| read_up_to(&mut f, &mut head)) {
        Ok(n) => n,
        Err(e) => return other(format!("cannot be read: {e}")),
    };
    if n == 0 {
        return other("is an empty file".into());
    }
    if n < head.len() || !head.starts_with(SQLITE_MAGIC) {
        return other(format!(
            "is {}, not an SQLite database",
            describe(&head[..n], meta.len())
        ));
    }
    let application_id = i32::from_be_bytes([head[68], head[69], head[70], head[71]]);
    let conn = match open_immutable(path) {
        Ok(c) => c,
        Err(e) => {
            return Probe::Sqlite {
                application_id,
                tables: Err(e.to_string()),
                conn: None,
            }
        }
    };
    let tables: Result<Vec<String>, rusqlite::Error> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect());
    Probe::Sqlite {
        application_id,
        tables: tables.map_err(|e| e.to_string()),
        conn: Some(conn),
    }
}

/// Fills as much of `buf` as the file has.
fn read_up_to(f: &mut std::fs::File, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// What a file that is not SQLite is, judged by its first bytes (`head`) without quoting
/// them: "a text file of N bytes" or "a binary file of N bytes".
fn describe(head: &[u8], size: u64) -> String {
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        // Cut inside a character at the end of `head`: the rest is still text.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return format!("a binary file of {size} bytes"),
    };
    let text = valid
        .chars()
        .all(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t'));
    let kind = if text { "text" } else { "binary" };
    format!("a {kind} file of {size} bytes")
}

/// What an SQLite database of another program is called in a refusal: its number of
/// tables, not their names.
pub fn another_programs(tables: &[String]) -> String {
    let n = tables.len();
    format!(
        "is an SQLite database of another program ({n} table{})",
        if n == 1 { "" } else { "s" }
    )
}

/// Opens `path` read-only as an immutable SQLite database (a `file:` URI with
/// `immutable=1`): SQLite then takes no lock and creates no side file.
fn open_immutable(path: &Path) -> rusqlite::Result<Connection> {
    use percent_encoding::{percent_encode, AsciiSet, CONTROLS};
    const URI_PATH: &AsciiSet = &CONTROLS.add(b'%').add(b'?').add(b'#').add(b' ');
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().replace('\\', "/").into_bytes();
    let uri = format!("file:{}?immutable=1", percent_encode(&bytes, URI_PATH));
    Connection::open_with_flags(
        uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_described_by_its_kind_and_size_never_its_text() {
        assert_eq!(
            describe(b"password=hunter2\n", 17),
            "a text file of 17 bytes"
        );
        assert_eq!(
            describe("caf\u{e9}".as_bytes(), 5),
            "a text file of 5 bytes"
        );
        assert_eq!(describe(&"é".as_bytes()[..1], 9), "a text file of 9 bytes");
        assert_eq!(
            describe(b"\x7fELF\x02", 4096),
            "a binary file of 4096 bytes"
        );
        assert_eq!(describe(b"a\0b", 3), "a binary file of 3 bytes");
        assert_eq!(
            another_programs(&["secrets".into()]),
            "is an SQLite database of another program (1 table)"
        );
    }
}
