//! Hooks for a host whose store is one replica of a journal shared by
//! many nodes (STO-7: habitat nodes on one PostgreSQL). The host taps the
//! encoded entries a write appends, to commit them to the shared journal;
//! applies other nodes' entries; and keeps the habitat records in the
//! shared database instead of this file. Snapshot restores, whose entries
//! name a snapshot only this file holds, are refused while replicating.

use std::sync::Arc;

use crate::layout::{JournalEntry, decode, encode};
use crate::{Store, StoreError};

/// Where a replicating host keeps the habitat records (tokens, secrets,
/// registrations) instead of this file.
pub trait RecordBackend: Send + Sync {
    fn put(&self, kind: &str, key: &str, value: &[u8]) -> Result<(), StoreError>;
    /// Whether there was a record to delete.
    fn delete(&self, kind: &str, key: &str) -> Result<bool, StoreError>;
    /// Every record of `kind`, in key order.
    fn list(&self, kind: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError>;
}

#[derive(Default)]
pub(crate) struct Hooks {
    pub(crate) records: Option<Arc<dyn RecordBackend>>,
    tap: Option<Vec<Vec<u8>>>,
}

impl Hooks {
    /// Keeps the entries as a whole journal entry encodes them (whatever
    /// the file keeps apart), so another node can apply them as they are.
    pub(crate) fn tap(&mut self, entries: &[JournalEntry]) {
        if let Some(tapped) = &mut self.tap {
            tapped.extend(entries.iter().map(encode));
        }
    }

    pub(crate) fn refuse_restore(&self) -> Result<(), StoreError> {
        match self.records {
            Some(_) => Err(StoreError::Replicated(
                "restoring a snapshot is not available on a shared (PostgreSQL) store yet".into(),
            )),
            None => Ok(()),
        }
    }
}

impl Store {
    /// Keeps the habitat records in `backend` from now on (this file's
    /// own records are no longer read), and refuses snapshot restores.
    pub fn set_record_backend(&mut self, backend: Arc<dyn RecordBackend>) {
        self.hooks.records = Some(backend);
    }

    /// Starts collecting the encoded journal entries appended from now on.
    pub fn start_tap(&mut self) {
        self.hooks.tap = Some(Vec::new());
    }

    /// The entries appended since [`Store::start_tap`], in order; stops
    /// collecting.
    pub fn take_tap(&mut self) -> Vec<Vec<u8>> {
        self.hooks.tap.take().unwrap_or_default()
    }

    /// Applies a journal entry another node's store encoded (as its
    /// journal holds it). A command this world refuses changes nothing
    /// and is skipped with a warning, as replay does.
    pub fn apply_encoded(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        match decode::<JournalEntry>("journal entry", bytes)? {
            JournalEntry::Apply(envelope) => {
                if let Err(error) = self.run(|world| world.apply(*envelope))? {
                    tracing::warn!(%error, "a shared journal entry was refused here; skipped");
                }
                Ok(())
            }
            JournalEntry::Restore { .. } => Err(StoreError::Replicated(
                "a snapshot restore entry cannot be applied from another node".into(),
            )),
            // Taps keep entries whole; one whose blobs live in another
            // node's file cannot be applied here.
            JournalEntry::Stored { .. } => Err(StoreError::Replicated(
                "a journal entry without its blobs cannot be applied from another node".into(),
            )),
        }
    }
}
