//! The PostgreSQL backend of skillworld (STO-7): many habitat nodes share
//! one database — one journal in one global order, the world's state rows
//! (STO-5: row versions by stable id and journal position, bundle contents
//! by SHA-256, shared named snapshots as positions), and the habitat's records (tokens, sealed secrets, MCP
//! registrations, curator state, review runs).
//!
//! The crate speaks bytes: entries and rows are the store's encodings,
//! so it depends on no world type. A node writes with [`PgBackend::begin`]
//! (which locks the journal's head and hands back what other nodes wrote
//! since the node's position, to apply first) and [`WriteTxn::commit`];
//! it hears of other writes through a [`Follower`] (LISTEN/NOTIFY, and
//! catch-up by sequence after any gap). See `docs/deploy.md`.
//!
//! ```
//! use skillworld_pg::{Batch, PgBackend, PgOptions};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), skillworld_pg::PgError> {
//! // Tests and examples run against `SKILLWORLD_TEST_PG` when it is set.
//! let Ok(url) = std::env::var("SKILLWORLD_TEST_PG") else { return Ok(()) };
//! let node = PgBackend::connect(&url, PgOptions::new("doc-node")).await?;
//! let (head, _) = node.heads().await?;
//! let write = node.begin(head).await?;
//! assert!(write.missed().is_empty());
//! let committed = write
//!     .commit(Batch { entries: vec![b"Apply(..)".to_vec()], ..Batch::default() })
//!     .await?;
//! assert_eq!(committed.last, head + 1);
//! let rows = node.entries_after(head, 10).await?;
//! assert_eq!(rows[0].entry, b"Apply(..)");
//! # Ok(())
//! # }
//! ```

pub use backend::{JOURNAL_LIMIT, JournalRow, PgBackend, PgOptions, redact};
pub use blocking::PgSync;
pub use error::PgError;
pub use follower::{Follower, Heads};
pub use jobs::{JobLock, job_key};
pub use records::RecordChange;
pub use runs::{RUNNING, RunRow};
pub use schema::SCHEMA_VERSION;
pub use state::{Compaction, Loaded, LoadedSnapshot, RowChange, SnapshotChange, StateRows};
pub use write::{Batch, Behind, Committed, WriteTxn};

mod backend;
mod blocking;
mod error;
mod follower;
mod jobs;
mod records;
mod runs;
mod schema;
mod state;
mod write;
