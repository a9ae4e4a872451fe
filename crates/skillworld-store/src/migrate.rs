//! Opening older files, after a copy of the old file is kept beside it
//! (`world.redb.pre-v6`, named for the version it migrates to); the file
//! is compacted after.
//!
//! - Schema 1 (a RON journal, a whole-world checkpoint in JSON chunks,
//!   whole-world JSON snapshots): the world is rebuilt as schema 1 did
//!   (checkpoint + journal) and written as rows; snapshots stay whole
//!   worlds (they are positions of a history the rows never held); the
//!   journal is kept as it is, its entries read the same.
//! - Schema 2 (rows and blobs as they are): every blob and every row's
//!   JSON is packed (`codec.rs`) in one transaction; keys, hashes,
//!   versions, the journal and the snapshot records stay.
//! - Schema 3 (text bundle files inline in their rows' JSON): each row
//!   version's text file of [`BLOB_MIN_BYTES`] or more moves into a blob
//!   (slot `FILE_TEXT`), so opening leaves it in the file (issue 19); keys,
//!   versions, the journal and the snapshot records stay. A schema-2 file
//!   goes through both.
//! - Schema 4 (entity rows' fields as JSON): every entity row version is
//!   re-encoded in `rowcodec.rs`'s binary form (issue 19: opening decodes
//!   it several times faster); slots, keys, versions, blobs, the journal
//!   and the snapshot records stay. Older files go through this.
//! - Schema 5 (a new skill's bundle files carry `StableId(0)` as their
//!   skill's id: they were spawned before the skill's record): every file
//!   row version, live or kept for a snapshot, and every whole snapshot's
//!   files get the id of the skill whose resource list holds them, so the
//!   rows match what replaying the journal gives today. The digest hashes
//!   the field: whole snapshots' digests are computed again, those of
//!   snapshots over rows cleared (the store computes them on open, see
//!   `digests.rs`). Every older file goes through this last.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};
use skillworld_world::{Changes, EntityState, ResourceOwners, SkillWorld, WorldState, note_owner};

use crate::StoreError;
use crate::backend::{Backend, Batch, Redb, read_records};
use crate::blobs::{
    Hash, NewBlobs, decode_row, reencode_row, row_blobs, row_bytes, split_file_text,
};
use crate::layout::{
    BLOB_REFS, BLOBS, GLOBALS_ROW, JOURNAL, JOURNAL_BLOBS, JournalEntry, META, RETIRED, ROWS,
    SCHEMA_VERSION, SNAPSHOT_INFO, SnapshotKind, SnapshotRecord, StoredSnapshot, WHOLE, decode,
    decode_json, restore_copy_seq,
};

/// Schema 1's snapshots (the checkpoint among them, under a NUL name) and
/// the checkpoint's entities.
const V1_SNAPSHOTS: TableDefinition<&str, &[u8]> = TableDefinition::new("snapshots");
const V1_CHUNKS: TableDefinition<u64, &[u8]> = TableDefinition::new("checkpoint_chunks");
const V1_CHECKPOINT: &str = "\u{0}checkpoint";

/// Creates the tables of a new file. Made durable by the first commit
/// that follows (the new world's rows), so a new file costs one fsync.
pub(crate) fn create_tables(db: &Database) -> Result<(), StoreError> {
    let mut txn = db.begin_write()?;
    txn.set_durability(redb::Durability::None)?;
    txn.open_table(META)?
        .insert("schema_version", SCHEMA_VERSION)?;
    txn.open_table(JOURNAL)?;
    txn.open_table(JOURNAL_BLOBS)?;
    txn.open_table(ROWS)?;
    txn.open_table(RETIRED)?;
    txn.open_table(BLOBS)?;
    txn.open_table(BLOB_REFS)?;
    txn.open_table(SNAPSHOT_INFO)?;
    txn.open_table(WHOLE)?;
    txn.commit()?;
    Ok(())
}

/// The file's schema version; a newer one than this code's is refused.
pub(crate) fn schema_version(db: &Database, path: &Path) -> Result<u64, StoreError> {
    let unreadable = |reason: String| StoreError::Unreadable {
        path: path.to_owned(),
        reason,
    };
    let txn = db.begin_read()?;
    let meta = txn
        .open_table(META)
        .map_err(|e| unreadable(e.to_string()))?;
    let version = meta
        .get("schema_version")?
        .map(|v| v.value())
        .ok_or_else(|| unreadable("no schema version".into()))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            path: path.to_owned(),
            found: version as u32,
            supported: SCHEMA_VERSION as u32,
        });
    }
    Ok(version)
}

/// Where the copy of a file is kept before it is migrated to this
/// code's schema.
pub fn pre_migration_copy(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".pre-v{SCHEMA_VERSION}"));
    PathBuf::from(name)
}

/// Migrates a file of schema `from` to this code's and returns it open
/// again, compacted.
pub(crate) fn migrate(
    db: Database,
    path: &Path,
    from: u64,
    platform: Option<String>,
) -> Result<Database, StoreError> {
    drop(db);
    let copy = pre_migration_copy(path);
    std::fs::copy(path, &copy).map_err(|e| StoreError::Unreadable {
        path: path.to_owned(),
        reason: format!("keeping a copy at {} before migrating: {e}", copy.display()),
    })?;
    tracing::warn!(
        path = %path.display(),
        copy = %copy.display(),
        "migrating the database from schema {from} to {SCHEMA_VERSION}; the old file is kept at the copy"
    );
    let mut db = Database::open(path).map_err(|e| StoreError::Unreadable {
        path: path.to_owned(),
        reason: e.to_string(),
    })?;
    db = match from {
        1 => from_v1(db, platform)?,
        2 => {
            pack_v2(&db)?;
            split_texts_v3(&db)?;
            encode_rows_v4(&db)?;
            db
        }
        3 => {
            split_texts_v3(&db)?;
            encode_rows_v4(&db)?;
            db
        }
        4 => {
            encode_rows_v4(&db)?;
            db
        }
        _ => db,
    };
    own_resources_v5(&db)?;
    while db.compact()? {}
    Ok(db)
}

/// Packs every blob and every row's JSON of a schema-2 file.
fn pack_v2(db: &Database) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    {
        let mut blobs = txn.open_table(BLOBS)?;
        let all: Vec<(Vec<u8>, Vec<u8>)> = blobs
            .iter()?
            .map(|item| item.map(|(k, v)| (k.value().to_vec(), v.value().to_vec())))
            .collect::<Result<_, _>>()?;
        for (key, bytes) in all {
            blobs.insert(key.as_slice(), crate::codec::pack(&bytes).as_slice())?;
        }
    }
    {
        let mut rows = txn.open_table(ROWS)?;
        let all: Vec<((u64, u64), Vec<u8>)> = rows
            .iter()?
            .map(|item| item.map(|(k, v)| (k.value(), v.value().to_vec())))
            .collect::<Result<_, _>>()?;
        for (key, bytes) in all.into_iter().filter(|(_, b)| !b.is_empty()) {
            let (_, start) =
                row_blobs(&bytes).map_err(|r| StoreError::decode(format!("row {}", key.0), r))?;
            let mut packed = bytes[..start].to_vec();
            crate::codec::pack_into(&bytes[start..], &mut packed);
            rows.insert(key, packed.as_slice())?;
        }
    }
    txn.open_table(META)?
        .insert("schema_version", SCHEMA_VERSION)?;
    txn.commit()?;
    Ok(())
}

/// Moves every row version's long text file out of its JSON into a blob
/// of its own (schema 3 → 4), counting a reference per row version.
fn split_texts_v3(db: &Database) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    let mut refs: BTreeMap<Hash, u64> = BTreeMap::new();
    let mut new_blobs = NewBlobs::default();
    rewrite_rows(&txn, |id, bytes| {
        let split = split_file_text(bytes, &mut new_blobs)
            .map_err(|reason| StoreError::decode(format!("row {id}"), reason))?;
        Ok(split.map(|(row, key)| {
            *refs.entry(key).or_default() += 1;
            row
        }))
    })?;
    {
        let mut counts = txn.open_table(BLOB_REFS)?;
        let mut blobs = txn.open_table(BLOBS)?;
        let values: HashMap<Hash, Vec<u8>> = new_blobs.into_values()?.into_iter().collect();
        for (key, added) in refs {
            let count = counts.get(key.as_slice())?.map_or(0, |v| v.value());
            counts.insert(key.as_slice(), count + added)?;
            if blobs.get(key.as_slice())?.is_none() {
                let packed = crate::codec::pack(&values[&key]);
                blobs.insert(key.as_slice(), packed.as_slice())?;
            }
        }
    }
    txn.open_table(META)?
        .insert("schema_version", SCHEMA_VERSION)?;
    txn.commit()?;
    Ok(())
}

/// Re-encodes every entity row version's JSON fields in the binary form
/// (schema 4 → 5); rows already in it (a schema-3 file's split rows) stay.
fn encode_rows_v4(db: &Database) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    rewrite_rows(&txn, |id, bytes| {
        reencode_row(bytes).map_err(|reason| StoreError::decode(format!("row {id}"), reason))
    })?;
    txn.open_table(META)?
        .insert("schema_version", SCHEMA_VERSION)?;
    txn.commit()?;
    Ok(())
}

/// Gives every bundle file row version and every whole snapshot's files
/// the id of the skill that lists them (schema 5 → 6); see the module's
/// notes for the digests.
fn own_resources_v5(db: &Database) -> Result<(), StoreError> {
    let txn = db.begin_write()?;
    let owners = resource_owners(&txn)?;
    let mut rewritten = 0usize;
    rewrite_rows(&txn, |id, bytes| {
        let row = owned_row(bytes, &owners)
            .map_err(|reason| StoreError::decode(format!("row {id}"), reason))?;
        rewritten += usize::from(row.is_some());
        Ok(row)
    })?;
    own_snapshots(&txn, rewritten > 0)?;
    tracing::info!(
        rows = rewritten,
        "bundle files given their skill's id (schema 6)"
    );
    txn.open_table(META)?
        .insert("schema_version", SCHEMA_VERSION)?;
    txn.commit()?;
    Ok(())
}

/// Which skill lists each bundle file, over every skill row version: a
/// file's id is allocated once, for one skill, and only that skill's
/// versions list it.
fn resource_owners(txn: &WriteTransaction) -> Result<ResourceOwners, StoreError> {
    let mut owners = ResourceOwners::new();
    let mut buffer = Vec::new();
    each_entity_row(&txn.open_table(ROWS)?, |(id, _), bytes| {
        let (state, _) = decode_row(bytes, &mut buffer)
            .map_err(|reason| StoreError::decode(format!("row {id}"), reason))?;
        note_owner(&mut owners, &state);
        Ok(())
    })?;
    Ok(owners)
}

/// A bundle file's row version with its owner's id; `None` for any other
/// row, or a file that has it already. The blobs' hashes stay as they are.
fn owned_row(bytes: &[u8], owners: &ResourceOwners) -> Result<Option<Vec<u8>>, String> {
    let (mut state, slots) = decode_row(bytes, &mut Vec::new())?;
    if !state.own(owners) {
        return Ok(None);
    }
    Ok(Some(row_bytes(&slots, &crate::rowcodec::encode(&state)?)))
}

/// Whole snapshots' files get their owners' ids and their records the
/// new digest; when `rows_changed`, the records over rows lose theirs.
fn own_snapshots(txn: &WriteTransaction, rows_changed: bool) -> Result<(), StoreError> {
    let mut digests = HashMap::new();
    let mut wholes = txn.open_table(WHOLE)?;
    for (name, bytes) in read_all(&wholes)? {
        let mut state: WorldState = decode_json("snapshot", &bytes)?;
        if state.own_resources() > 0 {
            let encoded = serde_json::to_vec(&state).expect("worlds serialise");
            wholes.insert(name.as_str(), encoded.as_slice())?;
        }
        digests.insert(name, state.digest());
    }
    let mut records = txn.open_table(SNAPSHOT_INFO)?;
    for mut record in read_records(&records)? {
        match digests.remove(&record.name) {
            Some(digest) if record.whole => record.digest = Some(digest),
            _ if !record.whole && rows_changed => record.digest = None,
            _ => continue,
        }
        let encoded = serde_json::to_vec(&record).expect("records serialise");
        records.insert(record.name.as_str(), encoded.as_slice())?;
    }
    Ok(())
}

/// A name-keyed table's entries, read out before it is written to.
fn read_all(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
    table
        .iter()?
        .map(|item| item.map(|(k, v)| (k.value().to_owned(), v.value().to_vec())))
        .collect::<Result<_, _>>()
        .map_err(StoreError::from)
}

/// Writes back every entity row version (live or kept for a snapshot)
/// that `rewrite` returns new bytes for; the world-wide row and removals
/// are left alone.
fn rewrite_rows(
    txn: &WriteTransaction,
    mut rewrite: impl FnMut(u64, &[u8]) -> Result<Option<Vec<u8>>, StoreError>,
) -> Result<(), StoreError> {
    let mut rows = txn.open_table(ROWS)?;
    let mut rewritten = Vec::new();
    each_entity_row(&rows, |key, bytes| {
        if let Some(row) = rewrite(key.0, bytes)? {
            rewritten.push((key, row));
        }
        Ok(())
    })?;
    for (key, bytes) in rewritten {
        rows.insert(key, bytes.as_slice())?;
    }
    Ok(())
}

/// Calls `each` with every entity row version's key and bytes; the
/// world-wide row and removals are left out.
fn each_entity_row(
    rows: &impl ReadableTable<(u64, u64), &'static [u8]>,
    mut each: impl FnMut((u64, u64), &[u8]) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    for item in rows.iter()? {
        let (key, bytes) = item?;
        let key = key.value();
        if key.0 != GLOBALS_ROW && !bytes.value().is_empty() {
            each(key, bytes.value())?;
        }
    }
    Ok(())
}

/// Rebuilds a schema-1 file's world as rows.
fn from_v1(db: Database, platform: Option<String>) -> Result<Database, StoreError> {
    let db = Arc::new(db);
    let snapshots = v1_snapshots(&db)?;
    let (state, next_seq) = v1_world(&db, &snapshots, platform)?;
    create_tables(&db)?;
    let backend = Redb::new(db.clone(), u64::MAX)?;
    for snapshot in snapshots.iter().filter(|s| s.name != V1_CHECKPOINT) {
        let record = SnapshotRecord::whole(snapshot, snapshot.kind);
        backend.put_snapshot(&record, Some(&snapshot.state))?;
    }
    backend.commit(&[rows_batch(state, next_seq)?])?;
    let txn = db.begin_write()?;
    let mut journal_bytes = 0;
    for item in txn.open_table(JOURNAL)?.iter()? {
        journal_bytes += item?.1.value().len() as u64;
    }
    txn.delete_table(V1_SNAPSHOTS)?;
    txn.delete_table(V1_CHUNKS)?;
    let mut meta = txn.open_table(META)?;
    meta.insert("schema_version", SCHEMA_VERSION)?;
    meta.insert("journal_bytes", journal_bytes)?;
    meta.insert("next_seq", next_seq)?;
    drop(meta);
    txn.commit()?;
    drop(backend);
    Arc::into_inner(db)
        .ok_or_else(|| StoreError::Commit("the migrated file is still shared".into()))
}

/// Every row of a world, at `version`.
fn rows_batch(state: WorldState, version: u64) -> Result<Batch, StoreError> {
    let (globals, entities) = state.into_parts();
    let mut batch = Batch {
        version,
        ..Batch::default()
    };
    batch.add_changes(Changes {
        rows: entities,
        removed: Vec::new(),
        globals: Some(globals),
    })?;
    Ok(batch)
}

fn v1_snapshots(db: &Database) -> Result<Vec<StoredSnapshot>, StoreError> {
    let txn = db.begin_read()?;
    let table = txn.open_table(V1_SNAPSHOTS)?;
    let mut out = Vec::new();
    for item in table.iter()? {
        let (_, bytes) = item?;
        let mut snapshot: StoredSnapshot = decode_json("snapshot", bytes.value())?;
        if snapshot.name == V1_CHECKPOINT {
            let chunks = txn.open_table(V1_CHUNKS)?;
            for chunk in chunks.iter()? {
                let entities: Vec<EntityState> = decode_json("checkpoint chunk", chunk?.1.value())?;
                snapshot.state.entities.extend(entities);
            }
        } else if restore_copy_seq(&snapshot.name).is_none() && snapshot.kind != SnapshotKind::Named
        {
            snapshot.kind = SnapshotKind::Automatic;
        }
        out.push(snapshot);
    }
    Ok(out)
}

/// Schema 1's world: the checkpoint and the journal after it.
fn v1_world(
    db: &Database,
    snapshots: &[StoredSnapshot],
    platform: Option<String>,
) -> Result<(WorldState, u64), StoreError> {
    let find = |name: &str| {
        snapshots
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| StoreError::UnknownSnapshot(name.to_owned()))
    };
    let checkpoint = find(V1_CHECKPOINT)?;
    let mut world = SkillWorld::from_state(checkpoint.state.clone(), platform.clone())?;
    let mut next = checkpoint.seq;
    let txn = db.begin_read()?;
    for item in txn.open_table(JOURNAL)?.range(checkpoint.seq..)? {
        let (seq, bytes) = item?;
        match decode::<JournalEntry>("journal entry", bytes.value())? {
            JournalEntry::Apply(envelope) => {
                if let Err(error) = world.apply(*envelope) {
                    tracing::warn!(seq = seq.value(), %error, "journal entry refused on replay; skipped");
                }
            }
            JournalEntry::Restore { snapshot, copy, .. } => {
                let restored = find(copy.as_deref().unwrap_or(&snapshot))?;
                world = SkillWorld::from_state(restored.state.clone(), platform.clone())?;
            }
            JournalEntry::Stored { .. } => {
                return Err(StoreError::decode(
                    "schema 1 journal",
                    format!("entry {} refers to blobs", seq.value()),
                ));
            }
        }
        next = seq.value() + 1;
    }
    Ok((world.state(), next))
}
