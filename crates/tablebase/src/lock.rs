//! One builder per table directory, whoever runs it: a lock file taken with `flock`, which the
//! kernel drops when its holder exits or is killed, so another program can take over and go on
//! from the layers already whole. The holder writes its process id into the file, for the
//! others to name it.

use crate::TableError;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The name of the lock file in a table's directory.
pub const LOCK_FILE: &str = ".build.lock";

/// The right to build into a directory, held until dropped.
#[derive(Debug)]
pub struct BuildLock {
    // Closing the file releases the lock.
    _file: File,
    path: PathBuf,
}

/// What trying the lock found.
#[derive(Debug)]
pub enum Lock {
    /// This program holds it now.
    Held(BuildLock),
    /// Another program holds it; its process id, if it wrote one.
    Taken(Option<u32>),
}

impl BuildLock {
    /// Tries to take the build lock of `dir` (created if missing) without waiting.
    ///
    /// ```
    /// use rajapasu_tablebase::lock::{BuildLock, Lock};
    /// let dir = std::env::temp_dir().join(format!("rajapasu-lock-doc-{}", std::process::id()));
    /// let Lock::Held(first) = BuildLock::try_take(&dir).unwrap() else { panic!() };
    /// // A second taker, even in the same program, finds it taken, by this process.
    /// match BuildLock::try_take(&dir).unwrap() {
    ///     Lock::Taken(pid) => assert_eq!(pid, Some(std::process::id())),
    ///     Lock::Held(_) => panic!("taken twice"),
    /// }
    /// drop(first);
    /// assert!(matches!(BuildLock::try_take(&dir).unwrap(), Lock::Held(_)));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn try_take(dir: &Path) -> Result<Lock, TableError> {
        let path = dir.join(LOCK_FILE);
        let io = |e: std::io::Error| TableError::Io(path.display().to_string(), e.to_string());
        fs::create_dir_all(dir).map_err(io)?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        if !try_flock(&file).map_err(io)? {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            return Ok(Lock::Taken(text.trim().parse().ok()));
        }
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        write!(file, "{}", std::process::id()).map_err(io)?;
        file.flush().map_err(io)?;
        Ok(Lock::Held(BuildLock { _file: file, path }))
    }

    /// Whether another program builds into `dir` now, and its process id if it wrote one;
    /// creates nothing (a program that will not build leaves no trace).
    ///
    /// ```
    /// use rajapasu_tablebase::lock::{BuildLock, Lock};
    /// let dir = std::env::temp_dir().join(format!("rajapasu-holder-doc-{}", std::process::id()));
    /// assert_eq!(BuildLock::holder(&dir), None);
    /// assert!(!dir.exists());
    /// let Lock::Held(lock) = BuildLock::try_take(&dir).unwrap() else { panic!() };
    /// assert_eq!(BuildLock::holder(&dir), Some(Some(std::process::id())));
    /// drop(lock);
    /// assert_eq!(BuildLock::holder(&dir), None);
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn holder(dir: &Path) -> Option<Option<u32>> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(dir.join(LOCK_FILE))
            .ok()?;
        if try_flock(&file).unwrap_or(true) {
            // Free: closing the file lets it go again.
            return None;
        }
        let mut text = String::new();
        let _ = file.read_to_string(&mut text);
        Some(text.trim().parse().ok())
    }

    /// Deletes the `.part` files an interrupted writer left in the directory: with the lock
    /// held, no other program is writing one.
    pub fn remove_partial_files(&self) -> Result<usize, TableError> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let io = |e: std::io::Error| TableError::Io(dir.display().to_string(), e.to_string());
        let mut removed = 0;
        for entry in fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            if path.extension().is_some_and(|e| e == "part") {
                fs::remove_file(&path).map_err(io)?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

/// Takes an exclusive `flock` without waiting: false when another open file holds it.
#[cfg(unix)]
fn try_flock(file: &File) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock only reads the descriptor, which `file` keeps open.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(false)
    } else {
        Err(e)
    }
}

/// Without `flock`, every program builds for itself: layers are still written whole and
/// renamed into place, so two builders waste time but never spoil a file.
#[cfg(not(unix))]
fn try_flock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}
