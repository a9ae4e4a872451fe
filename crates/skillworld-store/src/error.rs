use std::path::PathBuf;

use skillworld_world::{StateError, WorldError};
use thiserror::Error;

/// Why a store operation failed. Opening errors name the file.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error(
        "{path}: is in use by another process (a running `skillworld serve`?); use its HTTP API meanwhile"
    )]
    InUse { path: PathBuf },
    #[error("{path}: not a readable skillworld database ({reason})")]
    Unreadable { path: PathBuf, reason: String },
    #[error(
        "{path}: schema version {found} is newer than this skillworld supports ({supported}); upgrade skillworld"
    )]
    NewerSchema {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("database: {0}")]
    Database(#[from] redb::Error),
    #[error("stored {what} does not decode: {reason}")]
    Decode { what: String, reason: String },
    /// A changed value could not be encoded for its commit: a body left in
    /// the store at open could not be read back (issue 19).
    #[error("{what} cannot be written: {reason}")]
    Unwritable { what: String, reason: String },
    #[error(transparent)]
    State(#[from] StateError),
    #[error(transparent)]
    World(#[from] WorldError),
    #[error("no snapshot named '{0}'")]
    UnknownSnapshot(String),
    #[error("a snapshot named '{0}' already exists")]
    SnapshotExists(String),
    #[error("the writer thread has stopped")]
    WriterStopped,
    #[error("agent '{agent}' already has a review run in progress ({run_name}); one at a time")]
    RunInProgress { agent: String, run_name: String },
    #[error("the commit failed: {0}")]
    Commit(String),
    /// The shared database (STO-7) cannot be reached: writes fail fast.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// Not possible on a store replicated from a shared journal (STO-7).
    #[error("{0}")]
    Replicated(String),
}

impl StoreError {
    /// Stored `what` could not be decoded, for `reason`.
    pub(crate) fn decode(what: impl Into<String>, reason: impl ToString) -> StoreError {
        StoreError::Decode {
            what: what.into(),
            reason: reason.to_string(),
        }
    }
}

macro_rules! from_redb {
    ($($error:ty),+) => {
        $(impl From<$error> for StoreError {
            fn from(error: $error) -> Self {
                StoreError::Database(error.into())
            }
        })+
    };
}

from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::SetDurabilityError,
    redb::CompactionError
);
