//! A new database built where nobody sees it (STO-6): a bulk import into
//! a database that does not exist yet writes it at a private path beside
//! the final one, with every fsync left out, then publishes it with one
//! fsync of the file, a link to the final path and one fsync of the
//! folder. Nothing there is anyone's until it is published, so a crash
//! before then loses only the private file (the final path never
//! existed), and after it everything is on disk: the ordering redb's own
//! fsyncs keep matters only to a reader of a half-written file, and there
//! is none. A whole import into a new database costs two fsyncs instead of
//! redb's three to create the file, one per commit and file growth, and
//! five to close it. Where redb would sync, the file's writeback is only
//! started (no wait): each commit's pages go to disk while the import goes
//! on, so the fsync at publish finds little left to write.

use std::fs::File;
use std::io;
use std::ops::Bound;
use std::path::{Path, PathBuf};

use redb::backends::FileBackend;
use redb::{BackendError, Builder, StorageBackend};

use crate::{OpenOptions, Store, StoreError};

/// The private file of a database not yet published; publishing or
/// dropping it removes the private name.
#[derive(Debug)]
pub struct Unpublished {
    private: PathBuf,
    path: PathBuf,
    file: File,
}

impl Store {
    /// Creates the database for `path` (which must not exist) at a private
    /// path beside it, seeded as [`Store::open`] seeds a new file, with no
    /// fsync until [`Unpublished::publish`].
    pub fn create_unpublished(
        path: &Path,
        options: OpenOptions,
    ) -> Result<(Store, Unpublished), StoreError> {
        let failed = |error: io::Error| StoreError::Unreadable {
            path: path.to_owned(),
            reason: error.to_string(),
        };
        let private = private_path(path);
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&private)
            .map_err(failed)?;
        let unpublished = Unpublished {
            private,
            path: path.to_owned(),
            file: file.try_clone().map_err(failed)?,
        };
        let backend = Unsynced {
            written_out: file.try_clone().map_err(failed)?,
            file: FileBackend::new(file).map_err(redb::Error::from)?,
        };
        let db = Builder::new()
            .create_with_backend(backend)
            .map_err(redb::Error::from)?;
        let store = Store::over(db, path, options, false)?;
        Ok((store, unpublished))
    }
}

impl Unpublished {
    /// Closes `store` and makes its file the database at the final path:
    /// one fsync of the file, a link (refused, and nothing published, if
    /// a database appeared there meanwhile) and one fsync of the folder.
    pub fn publish(self, store: Store) -> Result<(), StoreError> {
        drop(store);
        let failed = |error: io::Error| {
            StoreError::Commit(format!(
                "{}: could not publish the new database: {error}",
                self.path.display()
            ))
        };
        self.file.sync_data().map_err(failed)?;
        std::fs::hard_link(&self.private, &self.path).map_err(failed)?;
        std::fs::remove_file(&self.private).map_err(failed)?;
        let folder = self
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        File::open(folder)
            .and_then(|folder| folder.sync_all())
            .map_err(failed)?;
        Ok(())
    }
}

impl Drop for Unpublished {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.private);
    }
}

/// `NAME.creating-PID` beside `path`.
fn private_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".creating-{}", std::process::id()));
    path.with_file_name(name)
}

/// A file backend whose syncs wait for nothing: the file is private until
/// published, and publishing syncs it once.
#[derive(Debug)]
struct Unsynced {
    file: FileBackend,
    /// The same file, whose writeback a sync starts.
    written_out: File,
}

impl StorageBackend for Unsynced {
    fn len(&self) -> io::Result<u64> {
        self.file.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.file.read(offset, out)
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        self.file.set_len(len)
    }

    /// Where redb would wait for the disk (after each commit's writes),
    /// the disk is only told to start: by publish most of the file is
    /// written out (issue 19: its fsync wrote the whole file at the end,
    /// 40–60 ms for 19 MB on the project machine, after the last install).
    fn sync_data(&self) -> io::Result<()> {
        start_writeback(&self.written_out);
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.file.write(offset, data)
    }

    fn close(&self) -> io::Result<()> {
        self.file.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.file.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.query_lock_range(start, end)
    }
}

/// Starts writing `file`'s dirty pages to disk and returns at once
/// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`: no wait, no
/// durability). Only a head start for the fsync that follows: an error
/// here is the kernel's to report again at that fsync, so none is
/// returned.
#[cfg(target_os = "linux")]
fn start_writeback(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: the descriptor belongs to `file`, open for the whole call;
    // the call takes no pointer.
    unsafe {
        libc::sync_file_range(file.as_raw_fd(), 0, 0, libc::SYNC_FILE_RANGE_WRITE);
    }
}

/// Elsewhere the fsync at publish writes the whole file.
#[cfg(not(target_os = "linux"))]
fn start_writeback(_file: &File) {}
