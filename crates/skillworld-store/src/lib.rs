//! Persistence for skillworld (STO-1 … STO-5): the world in one redb file.
//!
//! The file holds the world as rows keyed by stable id (versioned, so a
//! snapshot is a journal position), bundle contents once per SHA-256, the
//! journal of applied commands (RON, big fields by hash) and a small record
//! per snapshot. A write commits its journal entries and the rows they
//! changed in one transaction with immediate durability before it is
//! acknowledged; opening reads the rows and replays nothing. See
//! `docs/design.md`.
//!
//! ```
//! use skillworld_store::{OpenOptions, Store};
//! use skillworld_world::{CatalogRequest, Layer};
//! use skillworld_format::SkillDocument;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("world.redb");
//! let mut store = Store::open(&path, OpenOptions::default()).unwrap();
//! store.run(|world| {
//!     world.add_agent("ada", None)?;
//!     world.create(&Layer::Commons, SkillDocument::new("greet", "Greets.", "Hi.\n"))
//! }).unwrap().unwrap();
//! let digest = store.world().digest();
//! drop(store);
//!
//! let mut reopened = Store::open(&path, OpenOptions::default()).unwrap();
//! assert_eq!(reopened.world().digest(), digest);
//! let catalog = reopened.run(|w| w.catalog("ada", &CatalogRequest::default())).unwrap().unwrap();
//! assert!(catalog.contains("greet"));
//! ```

pub use backend::Compaction;
pub use curate::{
    CuratorStatus, archived_dir, curator_status, move_aside, move_back, next_run, report_markdown,
};
pub use error::StoreError;
pub use fresh::Unpublished;
pub use layout::{BlobSlot, JournalEntry, SCHEMA_VERSION, SnapshotKind, StoredSnapshot};
pub use migrate::pre_migration_copy;
pub use replica::{RecordBackend, RunBackend, SharedState, Tapped, TappedRow, TappedSnapshot};
pub use runs::{KEPT_RUNS, ReviewRun, RunKind, RunStatus};
pub use shipped::{Synced, create_with_shipped, open_with_shipped, shipped_commons, sync_shipped};
pub use simulate::{SimulatedWorld, SimulatedWorldError};
pub use store::{AUTOMATIC_KEPT, CACHE_BYTES, JOURNAL_LIMIT, OpenOptions, SnapshotInfo, Store};
pub use workspace::{SyncReport, WorkspaceError, layer_dir, sync_workspace};
pub use writer::{Writer, WriterThread};

mod backend;
mod blobs;
mod codec;
mod commit;
mod cores;
mod curate;
mod digests;
mod error;
mod fresh;
mod layout;
mod migrate;
mod records;
mod replica;
mod rowcodec;
mod runs;
mod shipped;
mod simulate;
mod store;
mod workspace;
mod writer;
