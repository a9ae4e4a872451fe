//! The file's layout (STO-1 … STO-3): its tables, how journal entries and
//! snapshots are encoded, and the checkpoint opening starts from. The
//! store and the committer thread both write in it; neither owns it.

use redb::{Database, ReadableTable, ReadableTableMetadata, TableDefinition};
use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;
use skillworld_world::{EntityState, Envelope, WorldState};

use crate::StoreError;

/// The version of this file's layout; a file with a newer one is refused.
pub const SCHEMA_VERSION: u64 = 1;

pub(crate) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
pub(crate) const JOURNAL: TableDefinition<u64, &[u8]> = TableDefinition::new("journal");
pub(crate) const SNAPSHOTS: TableDefinition<&str, &[u8]> = TableDefinition::new("snapshots");
/// The snapshot opening starts from; not listed among the snapshots. Its
/// entities are stored apart, in chunks, so opening decodes them on every
/// core.
pub(crate) const CHECKPOINT: &str = "\u{0}checkpoint";
pub(crate) const CHECKPOINT_CHUNKS: TableDefinition<u64, &[u8]> =
    TableDefinition::new("checkpoint_chunks");
/// Entities per checkpoint chunk.
pub(crate) const CHUNK_ENTITIES: usize = 4_096;

/// One journal entry: an applied command, or a snapshot restore.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JournalEntry {
    Apply(Box<Envelope>),
    /// The world became snapshot `snapshot`'s. Replay reads the store's own
    /// copy `copy` (see [`restore_copy_name`]), which lives as long as this
    /// entry does, so deleting, pruning or reusing the name `snapshot`
    /// changes nothing. Entries written before copies existed have none and
    /// read `snapshot` itself.
    Restore {
        snapshot: String,
        at: Timestamp,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        copy: Option<String>,
    },
}

/// Snapshot names starting with NUL are the store's own (the opening
/// checkpoint, restore copies): never listed, saved, restored, deleted or
/// imported by name.
pub(crate) const INTERNAL: char = '\u{0}';
/// Restore copies are named by their journal entry's sequence number.
pub(crate) const RESTORE_COPY: &str = "\u{0}restore/";

/// The name of the copy of a restored snapshot that the restore's journal
/// entry at `seq` replays from.
pub(crate) fn restore_copy_name(seq: u64) -> String {
    format!("{RESTORE_COPY}{seq}")
}

/// The journal position of a restore copy's entry, for a copy's name.
pub(crate) fn restore_copy_seq(name: &str) -> Option<u64> {
    name.strip_prefix(RESTORE_COPY)?.parse().ok()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnapshotKind {
    /// Saved by name; kept until deleted.
    Named,
    /// Taken by the system (before a restore or a curator sweep); the newest
    /// five are kept.
    Automatic,
}

/// A snapshot as stored and exported: the world as data and the journal
/// position it covers (entries from `seq` on come after it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSnapshot {
    pub name: String,
    pub kind: SnapshotKind,
    pub at: Timestamp,
    pub seq: u64,
    pub state: WorldState,
}

/// Journal entries are RON (STO-3): small, readable in a dump.
pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    ron::to_string(value)
        .expect("journal entries serialise")
        .into_bytes()
}

pub(crate) fn decode<T: for<'de> Deserialize<'de>>(
    what: &str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    let failure = |reason: String| StoreError::Decode {
        what: what.to_owned(),
        reason,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| failure(e.to_string()))?;
    ron::from_str(text).map_err(|e| failure(e.to_string()))
}

/// Snapshots are whole worlds: stored as JSON, which parses several times
/// faster than RON; exported as RON.
pub(crate) fn encode_snapshot(snapshot: &StoredSnapshot) -> Vec<u8> {
    serde_json::to_vec(snapshot).expect("snapshots serialise")
}

/// Reads and decodes the checkpoint's entity chunks on every core, keeping
/// their order; returns the entities and the bytes read.
pub(crate) fn decode_chunks(
    txn: &redb::ReadTransaction,
) -> Result<(Vec<EntityState>, u64), StoreError> {
    type Part = Vec<(u64, Vec<EntityState>)>;
    let count = txn.open_table(CHECKPOINT_CHUNKS)?.len()?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<Result<(Part, u64), StoreError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads as u64)
            .map(|worker| {
                scope.spawn(move || {
                    let table = txn.open_table(CHECKPOINT_CHUNKS)?;
                    let (mut part, mut bytes): (Part, u64) = (Vec::new(), 0);
                    // Interleaved, so the cores finish together.
                    for index in (worker..count).step_by(threads) {
                        let missing = || StoreError::Decode {
                            what: "checkpoint".into(),
                            reason: format!("chunk {index} is missing"),
                        };
                        let value = table.get(index)?.ok_or_else(missing)?;
                        bytes += value.value().len() as u64;
                        let chunk = serde_json::from_slice(value.value()).map_err(|e| {
                            StoreError::Decode {
                                what: "checkpoint chunk".into(),
                                reason: e.to_string(),
                            }
                        })?;
                        part.push((index, chunk));
                    }
                    Ok((part, bytes))
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("decoding does not panic"))
            .collect()
    });
    let (mut parts, mut total) = (Vec::new(), 0);
    for result in results {
        let (part, bytes) = result?;
        parts.extend(part);
        total += bytes;
    }
    parts.sort_by_key(|(index, _)| *index);
    Ok((
        parts.into_iter().flat_map(|(_, chunk)| chunk).collect(),
        total,
    ))
}

/// Writes `snapshot` as the opening checkpoint, its entities in chunks,
/// and drops journal entries before the oldest snapshot kept; returns the
/// checkpoint's size in bytes.
pub(crate) fn write_checkpoint(
    db: &Database,
    mut snapshot: StoredSnapshot,
) -> Result<u64, StoreError> {
    let entities = std::mem::take(&mut snapshot.state.entities);
    let txn = db.begin_write()?;
    let mut bytes = 0;
    {
        let mut chunks = txn.open_table(CHECKPOINT_CHUNKS)?;
        chunks.retain(|_, _| false)?;
        for (index, chunk) in entities.chunks(CHUNK_ENTITIES).enumerate() {
            let encoded = serde_json::to_vec(chunk).expect("entity states serialise");
            bytes += encoded.len() as u64;
            chunks.insert(index as u64, encoded.as_slice())?;
        }
        let mut snapshots = txn.open_table(SNAPSHOTS)?;
        let encoded = encode_snapshot(&snapshot);
        bytes += encoded.len() as u64;
        snapshots.insert(CHECKPOINT, encoded.as_slice())?;
        // Restore copies are kept for their journal entries, not the other
        // way round: they do not hold the journal back.
        let mut oldest = snapshot.seq;
        for item in snapshots.iter()? {
            let (name, stored) = item?;
            if restore_copy_seq(name.value()).is_none() {
                oldest = oldest.min(decode_snapshot("snapshot", stored.value())?.seq);
            }
        }
        let mut journal = txn.open_table(JOURNAL)?;
        journal.retain_in(..oldest, |_, _| false)?;
        snapshots.retain(|name, _| restore_copy_seq(name).is_none_or(|seq| seq >= oldest))?;
    }
    txn.commit()?;
    Ok(bytes)
}

pub(crate) fn decode_snapshot(what: &str, bytes: &[u8]) -> Result<StoredSnapshot, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Decode {
        what: what.to_owned(),
        reason: e.to_string(),
    })
}
