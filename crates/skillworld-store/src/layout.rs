//! The file's layout (STO-1 … STO-5): its tables and how journal entries,
//! rows and snapshot records are encoded. The backend, the migration and
//! the store read and write in it; none owns it. See `docs/design.md`.

use redb::TableDefinition;
use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;
use skillworld_world::{Envelope, WorldState};

use crate::StoreError;
pub use crate::blobs::BlobSlot;

/// The version of this file's layout; a file with a newer one is refused,
/// an older one migrated on open.
pub const SCHEMA_VERSION: u64 = 6;

/// `schema_version`, `journal_bytes` (the size of the kept journal).
pub(crate) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// Sequence number → RON journal entry.
pub(crate) const JOURNAL: TableDefinition<u64, &[u8]> = TableDefinition::new("journal");
/// Sequence number → the hashes (32 bytes each) of the blobs the entry
/// refers to; only entries that refer to some.
pub(crate) const JOURNAL_BLOBS: TableDefinition<u64, &[u8]> = TableDefinition::new("journal_blobs");
/// (stable id, version) → a row version (see `blobs::encode_row`: blob
/// hashes, then the packed fields: `rowcodec.rs`'s binary form, JSON for
/// the world-wide row); empty:
/// the entity was removed at that version. The newest version of each id
/// is the live row; a snapshot at `seq` sees the newest version ≤ `seq`.
/// Id 0 (never a stable id) holds the world-wide state.
pub(crate) const ROWS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("rows");
/// (version, stable id) → the version it replaced: the row versions that
/// compaction may drop once no kept snapshot sees them.
pub(crate) const RETIRED: TableDefinition<(u64, u64), u64> = TableDefinition::new("retired");
/// SHA-256 (of the bytes) → the bytes, packed (`codec.rs`).
pub(crate) const BLOBS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("blobs");
/// SHA-256 → how many row versions and journal entries refer to it.
pub(crate) const BLOB_REFS: TableDefinition<&[u8], u64> = TableDefinition::new("blob_refs");
/// Snapshot name → [`SnapshotRecord`] (JSON): what a listing reads.
pub(crate) const SNAPSHOT_INFO: TableDefinition<&str, &[u8]> =
    TableDefinition::new("snapshot_info");
/// Snapshot name → a whole world (JSON), for snapshots that are not a
/// position of this file's history: imported ones, and those migrated from
/// schema 1.
pub(crate) const WHOLE: TableDefinition<&str, &[u8]> = TableDefinition::new("snapshot_whole");

/// The row id of the world-wide state.
pub(crate) const GLOBALS_ROW: u64 = 0;

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
    /// An applied command whose big fields (bodies, file contents) are in
    /// the blobs table: each slot is filled with the blob of that SHA-256
    /// (hex) before the command is applied (STO-5).
    Stored {
        envelope: Box<Envelope>,
        blobs: Vec<(BlobSlot, String)>,
    },
}

/// Snapshot names starting with NUL are the store's own (restore copies):
/// never listed, saved, restored, deleted or imported by name.
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

/// A snapshot as exported (and as schema 1 stored it): the world as data
/// and the journal position it covers (entries from `seq` on come after
/// it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSnapshot {
    pub name: String,
    pub kind: SnapshotKind,
    pub at: Timestamp,
    pub seq: u64,
    pub state: WorldState,
}

/// A snapshot as schema 2 and 3 keep it: a small record. Its world is the
/// rows as of `seq` (nothing copied), or, when `whole`, a world of its own
/// in the `snapshot_whole` table. `digest` is `None` while a thread of the
/// store computes it from those rows (see `digests.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SnapshotRecord {
    pub name: String,
    pub kind: SnapshotKind,
    pub at: Timestamp,
    pub seq: u64,
    pub digest: Option<String>,
    pub whole: bool,
}

impl SnapshotRecord {
    /// The record of a snapshot kept whole (imported, or migrated from
    /// schema 1).
    pub(crate) fn whole(snapshot: &StoredSnapshot, kind: SnapshotKind) -> SnapshotRecord {
        SnapshotRecord {
            name: snapshot.name.clone(),
            kind,
            at: snapshot.at,
            seq: snapshot.seq,
            digest: Some(snapshot.state.digest()),
            whole: true,
        }
    }
}

/// Journal entries are RON (STO-3): small, readable in a dump. Strings
/// are written as they are — a raw string (`r#"…"#`) when one holds a
/// quote or a backslash — instead of escaped one character at a time
/// (issue 19: RON's escaping was most of a bulk import's journal encoding).
/// The same parser reads both, so entries written escaped before read as
/// they always did; no whitespace is added (`depth_limit(0)`, no
/// separators), as without a layout.
pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    let unescaped = ron::ser::PrettyConfig::new()
        .depth_limit(0)
        .new_line("")
        .indentor("")
        .separator("")
        .escape_strings(false);
    ron::Options::default()
        .to_string_pretty(value, unescaped)
        .expect("journal entries serialise")
        .into_bytes()
}

pub(crate) fn decode<T: for<'de> Deserialize<'de>>(
    what: &str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(|e| StoreError::decode(what, e))?;
    ron::from_str(text).map_err(|e| StoreError::decode(what, e))
}

/// Rows, records and whole worlds are JSON, which parses several times
/// faster than RON.
pub(crate) fn decode_json<T: for<'de> Deserialize<'de>>(
    what: &str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::decode(what, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillworld_world::{Caller, Command};

    /// An entry whose strings hold what RON escapes or must quote raw.
    fn awkward_entry(text: &str) -> JournalEntry {
        JournalEntry::Apply(Box::new(Envelope {
            at: Timestamp(1_764_583_200),
            caller: Caller::host(),
            command: Command::RemoveKey {
                name: text.to_owned(),
            },
        }))
    }

    #[test]
    fn entries_written_unescaped_and_entries_written_escaped_read_the_same() {
        for text in [
            "plain",
            "a \"quoted\" word and a C:\\path",
            "r#\"raw\"# and \"## inside",
            "lines\nand\r\ntabs\t, NUL \0, bell \x07",
            "ünïcödé 🦀 \u{2028}",
            "",
        ] {
            let entry = awkward_entry(text);
            let written = encode(&entry);
            let escaped = ron::to_string(&entry).unwrap().into_bytes();
            let read = |bytes: &[u8]| match decode::<JournalEntry>("journal entry", bytes) {
                Ok(JournalEntry::Apply(envelope)) => envelope,
                other => panic!("{text:?} read back as {other:?}"),
            };
            assert_eq!(read(&written), read(&escaped), "{text:?}");
            let Command::RemoveKey { name } = read(&written).command else {
                panic!("{text:?}: another command");
            };
            assert_eq!(name, text);
            // Strings are copied as they are, never escaped.
            let written = String::from_utf8(written).unwrap();
            assert!(written.contains(text), "{written}");
        }
    }
}
