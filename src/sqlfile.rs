//! What an existing file is, before a command writes to it: nothing, not SQLite, or an
//! SQLite database with its application id and tables. Read without writing anything:
//! SQLite opens the file as immutable, so it takes no lock and creates no side file.
//!
//! Shared by the catalogue and the permalink store, neither of which may replace a file
//! that is not its own. It knows SQLite's file header and `sqlite_schema`, nothing of
//! what either store keeps.

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
            "is not an SQLite database ({})",
            describe_start(&head[..n])
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

/// A few words on what a file that is not SQLite starts with.
fn describe_start(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.contains('\0') => {
            let first: String = text.lines().next().unwrap_or("").chars().take(40).collect();
            format!("it starts with the text {first:?}")
        }
        _ => "it starts with binary data".into(),
    }
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
