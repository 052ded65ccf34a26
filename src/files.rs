//! The files a command is named on its command line or finds in a data directory:
//! opened only when they are regular files, and read only up to a cap.
//!
//! A FIFO, a device or a directory where a file is expected is refused before anything
//! waits on it: its metadata is looked at first (following a symbolic link), it is opened
//! non-blocking, and the opened file is looked at again, so one swapped in between is
//! refused too. A file larger than its cap is refused by its size before it is read, and
//! one that grows while read is not read past the cap. Shared by `import` (data files),
//! `check` (decklists, the report) and `adjudicate` (positions). What a file holds, and
//! what cap suits it, is the caller's business.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// What a path names when it is not a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Directory,
    Fifo,
    Socket,
    CharDevice,
    BlockDevice,
    /// Anything else a platform has.
    Other,
}

impl FileKind {
    /// `None` for a regular file, else what it is.
    pub fn of(meta: &Metadata) -> Option<FileKind> {
        let ty = meta.file_type();
        if ty.is_file() {
            return None;
        }
        if ty.is_dir() {
            return Some(FileKind::Directory);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if ty.is_fifo() {
                return Some(FileKind::Fifo);
            }
            if ty.is_socket() {
                return Some(FileKind::Socket);
            }
            if ty.is_char_device() {
                return Some(FileKind::CharDevice);
            }
            if ty.is_block_device() {
                return Some(FileKind::BlockDevice);
            }
        }
        Some(FileKind::Other)
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Directory => "a directory",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::Socket => "a socket",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Other => "not a regular file",
        })
    }
}

/// Why a file was not opened or read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The path names something that is not a regular file; nothing was read from it.
    #[error("it is {0}, not a regular file")]
    NotAFile(FileKind),
    /// The file is larger than the cap: its size, or the cap + 1 for a stream.
    #[error("the file is {size} bytes; the limit is {cap} bytes")]
    TooLarge { size: u64, cap: usize },
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// Refuses `meta` unless it is a regular file's.
fn regular(meta: &Metadata) -> Result<(), FileError> {
    match FileKind::of(meta) {
        None => Ok(()),
        Some(kind) => Err(FileError::NotAFile(kind)),
    }
}

/// `options` made non-blocking: opening a FIFO then neither waits for a writer (to read)
/// nor for a reader (to write). Regular files ignore the flag.
pub(crate) fn non_blocking(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options
}

/// Opens the regular file at `path` for reading; anything else is refused without
/// waiting on it.
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    regular(&std::fs::metadata(path)?)?;
    let file = non_blocking(OpenOptions::new().read(true)).open(path)?;
    regular(&file.metadata()?)?;
    Ok(file)
}

/// Creates (or truncates) the regular file at `path` for writing. Something there that is
/// not a regular file is refused, left as it is and never waited on.
pub fn create_regular(path: &Path) -> Result<File, FileError> {
    match std::fs::metadata(path) {
        Ok(meta) => regular(&meta)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e.into()),
    }
    // Not truncated on open: a FIFO or device swapped in meanwhile is refused untouched.
    let file = non_blocking(OpenOptions::new().write(true).create(true)).open(path)?;
    regular(&file.metadata()?)?;
    file.set_len(0)?;
    Ok(file)
}

/// Reads the regular file at `path`, refusing one over `cap` bytes before reading it (and
/// one that grows past the cap while read, without reading further).
pub fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, FileError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > cap as u64 {
        return Err(FileError::TooLarge { size, cap });
    }
    read_capped_from(file, cap)
}

/// Reads at most `cap` bytes of `input`; more is an error, found by reading one byte past.
pub fn read_capped_from(input: impl Read, cap: usize) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    input.take(cap as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > cap {
        return Err(FileError::TooLarge {
            size: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_up_to_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.txt");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"12345");
        assert!(matches!(
            read_capped(&path, 4),
            Err(FileError::TooLarge { size: 5, cap: 4 })
        ));
        assert!(matches!(
            read_capped(dir.path(), 4),
            Err(FileError::NotAFile(FileKind::Directory))
        ));
        assert!(matches!(
            read_capped_from(&b"123456"[..], 5),
            Err(FileError::TooLarge { size: 6, cap: 5 })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_and_never_written() {
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 4),
            Err(FileError::NotAFile(FileKind::CharDevice))
        ));
        assert!(matches!(
            create_regular(Path::new("/dev/null")),
            Err(FileError::NotAFile(FileKind::CharDevice))
        ));
    }
}
