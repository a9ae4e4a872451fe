//! Hooks for a host whose store is one replica of a journal shared by
//! many nodes (STO-7: habitat nodes on one PostgreSQL). The host taps the
//! encoded entries a write appends, to commit them to the shared journal;
//! applies other nodes' entries; and keeps the habitat records in the
//! shared database instead of this file.
//!
//! Named snapshots are shared: saving, deleting or restoring one on a
//! replicating store taps a snapshot entry ([`SharedSnapshot`]) in place
//! of the store's own record or `Restore` entry, and every node applying
//! it does the same to its own file at the same journal position — so
//! every node holds the same named snapshots with the same digests, and a
//! restore is one journaled step every node takes. Automatic snapshots
//! (pre-sweep, pre-restore) stay each node's own and cannot be restored
//! while replicating.

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;
use skillworld_world::WorldState;

use crate::backend::Batch;
use crate::blobs::{
    BlobValue, NewBlobs, decode_row, encode_globals, encode_row, hex, put_row_blob, row_json,
};
use crate::layout::{GLOBALS_ROW, JournalEntry, SnapshotKind, decode, decode_json, encode};
use crate::{SnapshotInfo, Store, StoreError};

/// The first byte of a shared snapshot entry: never the first byte of a
/// RON journal entry, so the two cannot be mistaken for each other.
const SNAPSHOT_MARK: u8 = b'@';

/// A named snapshot's change, as the shared journal carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub(crate) enum SharedSnapshot {
    /// Saved at this point of the journal, at `at` (the saving node's
    /// world time, which every node records).
    Save {
        name: String,
        at: Timestamp,
    },
    Delete {
        name: String,
    },
    /// The world became the snapshot's.
    Restore {
        name: String,
    },
}

impl SharedSnapshot {
    fn encode(&self) -> Vec<u8> {
        let mut bytes = vec![SNAPSHOT_MARK];
        bytes.extend(serde_json::to_vec(self).expect("snapshot entries serialise"));
        bytes
    }
}

/// Where a replicating host keeps the habitat records (tokens, secrets,
/// registrations) instead of this file.
pub trait RecordBackend: Send + Sync {
    fn put(&self, kind: &str, key: &str, value: &[u8]) -> Result<(), StoreError>;
    /// Whether there was a record to delete.
    fn delete(&self, kind: &str, key: &str) -> Result<bool, StoreError>;
    /// Every record of `kind`, in key order.
    fn list(&self, kind: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError>;
}

/// What writes appended since [`Store::start_tap`]: the journal entries
/// as a whole entry encodes them, and the state they made in the store's
/// own row encoding (STO-5), for a shared database's state tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tapped {
    pub entries: Vec<Vec<u8>>,
    pub rows: Vec<TappedRow>,
    /// Bundle contents the rows refer to, by SHA-256 (hex).
    pub blobs: Vec<(String, Vec<u8>)>,
    pub snapshots: Vec<TappedSnapshot>,
}

/// A row written (`row`, referring to `blobs` by SHA-256 hex) or removed
/// (`None`) once `after` of the tapped entries were appended. Id 0 is the
/// world's own row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TappedRow {
    pub after: usize,
    pub id: u64,
    pub row: Option<Vec<u8>>,
    pub blobs: Vec<String>,
}

/// A named snapshot saved (`at`) or deleted (`None`) as the `after`-th
/// tapped entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TappedSnapshot {
    pub after: usize,
    pub name: String,
    pub at: Option<Timestamp>,
}

/// A world as a shared database's state tables hold it: rows in the
/// store's encoding by id (id 0: the world's own row) and the bundle
/// contents they refer to, by SHA-256 (hex).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SharedState {
    pub rows: Vec<(u64, Vec<u8>)>,
    pub blobs: Vec<(String, Vec<u8>)>,
}

/// Where a replicating host keeps review runs (EVO-2) instead of this
/// file, so every node lists the same runs. The store encodes and decodes;
/// the backend keeps bytes by id with the run's agent, kind and status.
pub trait RunBackend: Send + Sync {
    /// An id no node gave before.
    fn next_id(&self) -> Result<u64, StoreError>;
    /// Stores run `id` (inserted or replaced). Saving a `running` run for
    /// an agent that has another one running is refused with
    /// [`StoreError::RunInProgress`] (its `run_name` may be empty).
    fn save(
        &self,
        id: u64,
        agent: &str,
        kind: &str,
        status: &str,
        body: &[u8],
    ) -> Result<(), StoreError>;
    /// Every run's bytes, in id order.
    fn all(&self) -> Result<Vec<Vec<u8>>, StoreError>;
    /// Deletes the finished runs of `kind` beyond the newest `keep`; how
    /// many went.
    fn purge(&self, kind: &str, keep: usize) -> Result<usize, StoreError>;
}

#[derive(Default)]
pub(crate) struct Hooks {
    pub(crate) records: Option<Arc<dyn RecordBackend>>,
    pub(crate) runs: Option<Arc<dyn RunBackend>>,
    tap: Option<Tapped>,
    /// Set while a shared snapshot entry is applied: its restore is the
    /// journal's, not this file's alone.
    applying: bool,
}

impl Hooks {
    /// Keeps the entries as a whole journal entry encodes them (whatever
    /// the file keeps apart), so another node can apply them as they are.
    /// A `Restore` names this file's own copy: a replicating restore taps
    /// a [`SharedSnapshot::Restore`] instead.
    pub(crate) fn tap(&mut self, entries: &[JournalEntry]) {
        if let Some(tapped) = &mut self.tap {
            tapped.entries.extend(
                entries
                    .iter()
                    .filter(|e| !matches!(e, JournalEntry::Restore { .. }))
                    .map(encode),
            );
        }
    }

    /// Keeps the rows (and blobs) a staged batch wrote, after its entries:
    /// the bodies its rows refer to by key are read, for the other nodes.
    pub(crate) fn tap_rows(&mut self, batch: &Batch) -> Result<(), StoreError> {
        let Some(tapped) = &mut self.tap else {
            return Ok(());
        };
        let after = tapped.entries.len();
        tapped.rows.extend(batch.rows.iter().map(|(id, row)| {
            TappedRow {
                after,
                id: *id,
                row: row.as_ref().map(|r| r.bytes.clone()),
                blobs: row
                    .as_ref()
                    .map(|r| r.blobs.iter().map(hex).collect())
                    .unwrap_or_default(),
            }
        }));
        tapped.blobs.extend(
            batch
                .blobs
                .iter()
                .map(|(key, value)| (hex(key), value.as_slice().to_vec())),
        );
        for stored in batch.blobs.stored() {
            tapped.blobs.push((hex(&stored.key), stored.bytes()?));
        }
        Ok(())
    }

    fn replicating(&self) -> bool {
        self.records.is_some()
    }

    /// Taps a named snapshot's change for the other nodes.
    pub(crate) fn tap_snapshot(&mut self, kind: SnapshotKind, change: SharedSnapshot) {
        if let (Some(tapped), SnapshotKind::Named) = (&mut self.tap, kind) {
            tapped.entries.push(change.encode());
            let after = tapped.entries.len();
            match change {
                SharedSnapshot::Save { name, at } => tapped.snapshots.push(TappedSnapshot {
                    after,
                    name,
                    at: Some(at),
                }),
                SharedSnapshot::Delete { name } => tapped.snapshots.push(TappedSnapshot {
                    after,
                    name,
                    at: None,
                }),
                SharedSnapshot::Restore { .. } => {}
            }
        }
    }

    /// While replicating, only named snapshots restore (automatic ones
    /// are each node's own), and only inside a write that reaches the
    /// shared journal, or while applying one.
    pub(crate) fn check_restore(&self, kind: SnapshotKind) -> Result<(), StoreError> {
        if !self.replicating() || self.applying {
            return Ok(());
        }
        if kind != SnapshotKind::Named {
            return Err(StoreError::Replicated(
                "on a shared (PostgreSQL) store automatic snapshots are each node's own and cannot be restored; restore a named snapshot".into(),
            ));
        }
        if self.tap.is_none() {
            return Err(StoreError::Replicated(
                "a restore on a shared (PostgreSQL) store must go through the shared journal (a node's HTTP API)".into(),
            ));
        }
        Ok(())
    }
}

impl Store {
    /// Keeps the habitat records in `backend` from now on (this file's
    /// own records are no longer read), and refuses snapshot restores.
    pub fn set_record_backend(&mut self, backend: Arc<dyn RecordBackend>) {
        self.hooks.records = Some(backend);
    }

    /// Keeps review runs in `backend` from now on (this file's own runs
    /// are no longer read).
    pub fn set_run_backend(&mut self, backend: Arc<dyn RunBackend>) {
        self.hooks.runs = Some(backend);
    }

    /// Runs `work` without waiting for this file's commits (with group
    /// commit on; else as it is): on a node the shared database is the
    /// state and this file a replica rebuilt at every start, so a write
    /// or a catch-up need not wait for its fsync. A failure to write the
    /// file is logged.
    pub fn unsynced<T>(&mut self, work: impl FnOnce(&mut Store) -> T) -> T {
        if !self.can_defer() {
            return work(self);
        }
        self.defer(work, |written| {
            if let Err(error) = written {
                tracing::warn!(%error, "the node's local replica could not be written");
            }
        })
    }

    /// Starts collecting the encoded journal entries (and the rows they
    /// wrote) appended from now on.
    pub fn start_tap(&mut self) {
        self.hooks.tap = Some(Tapped::default());
    }

    /// The entries appended since [`Store::start_tap`], in order; stops
    /// collecting.
    pub fn take_tap(&mut self) -> Vec<Vec<u8>> {
        self.take_tapped().entries
    }

    /// The entries and the state they made since [`Store::start_tap`];
    /// stops collecting.
    pub fn take_tapped(&mut self) -> Tapped {
        self.hooks.tap.take().unwrap_or_default()
    }

    /// The whole world in the state tables' encoding, as rows written
    /// before any entry (a shared database's first node fills them).
    pub fn shared_state(&self) -> Result<Tapped, StoreError> {
        let (globals, entities) = self.world().state().into_parts();
        let mut blobs = NewBlobs::default();
        let mut rows = vec![(GLOBALS_ROW, encode_globals(&globals))];
        for state in entities {
            let id = state.record().id.0;
            rows.push((id, encode_row(state, &mut blobs)?));
        }
        Ok(Tapped {
            rows: rows
                .into_iter()
                .map(|(id, row)| TappedRow {
                    after: 0,
                    id,
                    blobs: row.blobs.iter().map(hex).collect(),
                    row: Some(row.bytes),
                })
                .collect(),
            blobs: blobs
                .into_values()?
                .into_iter()
                .map(|(key, bytes)| (hex(&key), bytes))
                .collect(),
            ..Tapped::default()
        })
    }

    /// Makes the world `state` (as the state tables hold it) in place of
    /// whatever it was, without a journal entry: the node follows the
    /// shared journal from the position it read the state at.
    pub fn adopt_shared_state(&mut self, state: SharedState) -> Result<(), StoreError> {
        let state = decode_state(state)?;
        self.replace_world(state)
    }

    /// Makes the named snapshots those of the shared database: each one
    /// missing here is added whole (its world is not a position of this
    /// file's history), each one here the database lacks (or holds under
    /// another time) is deleted.
    pub fn adopt_shared_snapshots(
        &mut self,
        snapshots: Vec<(String, Timestamp, SharedState)>,
    ) -> Result<(), StoreError> {
        let shared: HashMap<&str, Timestamp> = snapshots
            .iter()
            .map(|(name, at, _)| (name.as_str(), *at))
            .collect();
        for info in self.snapshots()? {
            // A name here that the database lacks, or holds for a snapshot
            // saved at another time (deleted and saved again), goes.
            if info.kind == SnapshotKind::Named && shared.get(info.name.as_str()) != Some(&info.at)
            {
                self.delete_snapshot(&info.name)?;
            }
        }
        for (name, at, state) in snapshots {
            if self.snapshot_info(&name).is_err() {
                self.put_whole_snapshot(&name, at, decode_state(state)?)?;
            }
        }
        Ok(())
    }

    /// Applies a journal entry another node's store encoded (as its
    /// journal holds it), or a shared snapshot entry. A command this world
    /// refuses changes nothing and is skipped with a warning, as replay
    /// does.
    pub fn apply_encoded(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        if let Some(json) = bytes.strip_prefix(&[SNAPSHOT_MARK]) {
            let change = crate::layout::decode_json("shared snapshot entry", json)?;
            return self.apply_snapshot(change);
        }
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

    /// Does to this file what another node did to its own named snapshot.
    fn apply_snapshot(&mut self, change: SharedSnapshot) -> Result<(), StoreError> {
        match change {
            SharedSnapshot::Save { name, at } => {
                self.save_snapshot_at(&name, at)?;
            }
            SharedSnapshot::Delete { name } => match self.delete_snapshot(&name) {
                Err(StoreError::UnknownSnapshot(_)) | Ok(()) => {}
                Err(other) => return Err(other),
            },
            SharedSnapshot::Restore { name } => {
                self.hooks.applying = true;
                let restored = self.restore_snapshot(&name);
                self.hooks.applying = false;
                restored?;
            }
        }
        Ok(())
    }

    /// Saves named snapshot `name` at the current position, recorded as
    /// taken at `at`; a replicating store taps it for the other nodes.
    pub(crate) fn save_snapshot_at(
        &mut self,
        name: &str,
        at: Timestamp,
    ) -> Result<SnapshotInfo, StoreError> {
        let record = crate::layout::SnapshotRecord {
            at,
            ..self.record(name, SnapshotKind::Named)
        };
        let info = self.put_snapshot_record(record)?;
        self.hooks.tap_snapshot(
            SnapshotKind::Named,
            SharedSnapshot::Save {
                name: name.to_owned(),
                at,
            },
        );
        Ok(info)
    }
}

/// A world from the state tables' rows and blobs.
fn decode_state(state: SharedState) -> Result<WorldState, StoreError> {
    let blobs: HashMap<String, Vec<u8>> = state.blobs.into_iter().collect();
    let mut globals = None;
    let mut entities = Vec::with_capacity(state.rows.len());
    let mut buffer = Vec::new();
    for (id, bytes) in state.rows {
        let what = || format!("shared row {id}");
        if id == GLOBALS_ROW {
            let json = row_json(&bytes).map_err(|r| StoreError::decode(what(), r))?;
            globals = Some(decode_json("world-wide state", &json)?);
            continue;
        }
        let (mut entity, slots) =
            decode_row(&bytes, &mut buffer).map_err(|r| StoreError::decode(what(), r))?;
        for (slot, key) in slots {
            let key = hex(&key);
            let value = blobs.get(&key).cloned().ok_or_else(|| {
                StoreError::decode(what(), format!("blob {key} it refers to is missing"))
            })?;
            put_row_blob(&mut entity, slot, BlobValue::new(value))
                .map_err(|r| StoreError::decode(what(), r))?;
        }
        entities.push(entity);
    }
    let globals = globals.ok_or_else(|| StoreError::decode("shared state", "no world-wide row"))?;
    let mut state = WorldState::from_parts(globals, entities);
    // Rows a node wrote before schema 6 may hold bundle files with no
    // skill's id; PostgreSQL keeps them as they are, so every node gives
    // them their owner on reading them, as replaying the journal would
    // (see `migrate.rs`).
    state.own_resources();
    Ok(state)
}
