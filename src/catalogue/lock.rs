//! The import lock of a catalogue: an advisory lock on `<db>.lock`, so two imports into
//! one catalogue never race, and a reader waits for a first-run import. The lock file is
//! removed by the import that created it, never one another process holds. What an
//! import writes is the parent's and `store`'s.

use super::ImportError;
use std::path::{Path, PathBuf};

/// The lock file beside a catalogue (`<db>.lock`), held while an import writes it. It is
/// created empty and never written; the import that created it removes it when it ends
/// (still holding it), so no lock file is left beside a target that was refused.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Whether to wait for another import's lock or to give up at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LockWait {
    Wait,
    GiveUp,
}

/// The import lock of a catalogue: an advisory lock on [`lock_path`], released when this
/// is dropped (or the process dies). A lock file this process created is removed on drop,
/// before the lock is released; a lock file found there is left.
pub(super) struct ImportLock {
    /// Held only for its lock, which closing it releases.
    _file: std::fs::File,
    path: PathBuf,
    created: bool,
}

/// How many times [`ImportLock::take`] follows a lock file removed under it before it
/// gives up (each time, another import ended meanwhile).
const LOCK_ATTEMPTS: usize = 1000;

impl ImportLock {
    /// Takes the import lock of `db`. A lock file removed (by the import that held it)
    /// between opening and locking it is not held: the new one is taken instead.
    pub(super) fn take(db: &Path, wait: LockWait) -> Result<ImportLock, ImportError> {
        let path = lock_path(db);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| ImportError::Unusable {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let unusable = |source| ImportError::Unusable {
            path: path.clone(),
            source,
        };
        for _ in 0..LOCK_ATTEMPTS {
            let Some((file, created)) = Self::open(&path).map_err(unusable)? else {
                continue;
            };
            // Until it is locked, another process may hold it: nothing removes it.
            Self::acquire(&file, &path, db, wait)?;
            if Self::is_at(&file, &path) {
                return Ok(ImportLock {
                    _file: file,
                    path,
                    created,
                });
            }
            // Removed meanwhile (closing `file` unlocks it): take the one there now.
        }
        Err(ImportError::Io {
            path,
            source: std::io::Error::other("the lock file kept being replaced"),
        })
    }

    /// Opens the lock file, creating it if there is none (and saying so); `None` when it
    /// vanished between the two attempts. Append and create: an existing file of that name
    /// is opened, never truncated; non-blocking, so a FIFO there is an error, not a wait.
    fn open(path: &Path) -> std::io::Result<Option<(std::fs::File, bool)>> {
        let options = |create_new: bool| {
            let mut o = std::fs::OpenOptions::new();
            o.append(true).create_new(create_new);
            crate::files::non_blocking(&mut o);
            o
        };
        let (file, created) = match options(true).open(path) {
            Ok(file) => (file, true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                match options(false).open(path) {
                    Ok(file) => (file, false),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        };
        if let Some(kind) = crate::files::FileKind::of(&file.metadata()?) {
            return Err(std::io::Error::other(format!(
                "it is {kind}, not a lock file"
            )));
        }
        Ok(Some((file, created)))
    }

    /// Locks `file` (the lock file at `path` of the catalogue `db`), waiting or not.
    fn acquire(
        file: &std::fs::File,
        path: &Path,
        db: &Path,
        wait: LockWait,
    ) -> Result<(), ImportError> {
        let io = |source| ImportError::Io {
            path: path.to_path_buf(),
            source,
        };
        match wait {
            LockWait::Wait => file.lock().map_err(io),
            LockWait::GiveUp => match file.try_lock() {
                Ok(()) => Ok(()),
                Err(std::fs::TryLockError::WouldBlock) => Err(ImportError::Busy {
                    path: db.to_path_buf(),
                    lock: path.to_path_buf(),
                }),
                Err(std::fs::TryLockError::Error(e)) => Err(io(e)),
            },
        }
    }

    /// Whether `file` is still the one at `path`.
    fn is_at(file: &std::fs::File, path: &Path) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            match (file.metadata(), std::fs::metadata(path)) {
                (Ok(held), Ok(there)) => held.dev() == there.dev() && held.ino() == there.ino(),
                _ => false,
            }
        }
        #[cfg(not(unix))]
        {
            // Without inode numbers a lock file is never removed, so it is always the one.
            let _ = (file, path);
            true
        }
    }
}

impl Drop for ImportLock {
    fn drop(&mut self) {
        // Removed while still locked (the file is closed after this), so any process that
        // opened it meanwhile finds, once it has the lock, that it is no longer at its
        // path, and takes the new one.
        if self.created && cfg!(unix) {
            if let Err(e) = std::fs::remove_file(&self.path) {
                tracing::warn!(lock = %self.path.display(), error = %e, "could not remove the import's lock file");
            }
        }
    }
}
