//! Persistence for skillworld (STO-1 … STO-3): the world in one redb file.
//!
//! The file holds the schema version, the journal of applied commands
//! (sequence number → RON envelope) and snapshots (the whole world as data
//! plus the journal position it covers). A write appends its journal entries
//! in one transaction committed with immediate durability before it is
//! acknowledged; opening loads the newest checkpoint and replays the journal
//! after it. See `docs/design.md`.
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

pub use curate::{
    CuratorStatus, archived_dir, curator_status, move_aside, move_back, next_run, report_markdown,
};
pub use error::StoreError;
pub use layout::{JournalEntry, SCHEMA_VERSION, SnapshotKind, StoredSnapshot};
pub use replica::RecordBackend;
pub use runs::{KEPT_RUNS, ReviewRun, RunKind, RunStatus};
pub use shipped::{Synced, open_with_shipped, shipped_commons, sync_shipped};
pub use simulate::{SimulatedWorld, SimulatedWorldError};
pub use store::{AUTOMATIC_KEPT, OpenOptions, SnapshotInfo, Store};
pub use workspace::{SyncReport, WorkspaceError, layer_dir, sync_workspace};
pub use writer::{Writer, WriterThread};

mod commit;
mod curate;
mod error;
mod layout;
mod records;
mod replica;
mod runs;
mod shipped;
mod simulate;
mod store;
mod workspace;
mod writer;
