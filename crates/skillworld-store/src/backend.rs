//! The persistence seam (STO-5): what the store asks of a database, and
//! the redb implementation. A write is a [`Batch`] — journal entries, the
//! rows they changed, the ids they removed and any new blobs — committed
//! whole or not at all; opening loads the rows; snapshots are records over
//! row versions; compaction drops what no kept snapshot needs. A second
//! database (PostgreSQL) implements [`Backend`] and nothing above it
//! changes.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};

use redb::{
    AccessGuard, Database, Durability, ReadTransaction, ReadableDatabase, ReadableTable,
    ReadableTableMetadata, Table, WriteTransaction,
};
use skillworld_core::BlobSource;
use skillworld_core::StableId;
use skillworld_world::{Changes, EntityState, SkillWorld, WorldBuilder, WorldGlobals, WorldState};

use crate::StoreError;
use crate::blobs::{
    BlobValue, EncodedRow, Hash, NewBlobs, RowParts, check_file_slots, decode_row, encode_globals,
    hex, is_lazy, put_row_blob, put_text_handle, row_blobs, row_json, take_row_blobs,
};
use crate::codec;
use crate::cores::map_on_every_core;
use crate::layout::{
    BLOB_REFS, BLOBS, GLOBALS_ROW, JOURNAL, JOURNAL_BLOBS, META, RETIRED, ROWS, SNAPSHOT_INFO,
    SnapshotRecord, WHOLE, decode_json, restore_copy_seq,
};

/// One journal entry, encoded, with the blobs it refers to.
pub(crate) struct StagedEntry {
    pub seq: u64,
    pub bytes: Vec<u8>,
    pub blobs: Vec<Hash>,
}

/// What one write changed, to commit whole: journal entries, the rows as
/// of `version` (the sequence number after the entries) — `None` for a
/// removed id — and the blobs they refer to.
#[derive(Default)]
pub(crate) struct Batch {
    pub entries: Vec<StagedEntry>,
    pub rows: Vec<(u64, Option<EncodedRow>)>,
    pub blobs: NewBlobs,
    pub version: u64,
}

impl Batch {
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.rows.is_empty()
    }

    /// Adds the rows `changes` wrote or removed, encoded (their big
    /// values as blobs), as of `self.version`.
    pub(crate) fn add_changes(&mut self, changes: Changes) -> Result<(), StoreError> {
        let taken = self.take_blobs(changes);
        self.add_taken(taken)
    }

    /// The first half of [`Batch::add_changes`]: the rows' big values
    /// into `self.blobs`. Done before the journal entries' blobs, so a
    /// value met in both (an install's files and body) comes first with a
    /// row's body, which may bring its key (issue 19: a bulk import's
    /// readers hashed every file already).
    pub(crate) fn take_blobs(&mut self, mut changes: Changes) -> TakenRows {
        let parts = std::mem::take(&mut changes.rows)
            .into_iter()
            .map(|state| take_row_blobs(state, &mut self.blobs))
            .collect();
        TakenRows {
            parts,
            rest: changes,
        }
    }

    /// The second half of [`Batch::add_changes`]: the rows encoded.
    pub(crate) fn add_taken(&mut self, taken: TakenRows) -> Result<(), StoreError> {
        let TakenRows {
            parts,
            rest: changes,
        } = taken;
        let ids: Vec<u64> = parts.iter().map(RowParts::id).collect();
        let spread = parts.len() >= ENCODE_ALONE;
        let encoded = map_on_every_core(parts, spread, RowParts::encode);
        for (id, row) in ids.into_iter().zip(encoded) {
            self.rows.push((id, Some(row?)));
        }
        self.rows
            .extend(changes.removed.into_iter().map(|id| (id.0, None)));
        if let Some(globals) = changes.globals {
            self.rows
                .push((GLOBALS_ROW, Some(encode_globals(&globals))));
        }
        Ok(())
    }
}

/// Rows with their big values taken out, and what else the changes hold.
pub(crate) struct TakenRows {
    parts: Vec<RowParts>,
    rest: Changes,
}

/// Below this many rows (or journal entries) a batch is encoded on its
/// own thread: a server's writes change a few rows each, and a pipelined
/// import's batches (256 skills, `bulk.rs`) run beside its readers, which
/// keep the other core busy already: a scope of threads per batch was
/// ≈ 25 short-lived threads an import, each with a fresh heap and LZ4
/// room, for no core gained (issue 19). A big durable commit spreads.
pub(crate) const ENCODE_ALONE: usize = 1_024;

/// What compaction dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compaction {
    pub journal_entries: u64,
    pub journal_bytes: u64,
    pub row_versions: u64,
    pub blobs: u64,
}

/// The database under a store.
pub(crate) trait Backend: Send + Sync {
    /// Commits batches, in order, in one durable transaction.
    fn commit(&self, batches: &[Batch]) -> Result<(), StoreError>;
    /// The world as of `at` (a snapshot's position; `None`: the live
    /// rows).
    fn load(&self, at: Option<u64>) -> Result<WorldState, StoreError>;
    /// The live world, built as its rows are read, with its bodies left
    /// in the database: each entity gets a handle that reads its body from
    /// there when first used (issue 19).
    fn open_world(&self, platform: Option<String>) -> Result<SkillWorld, StoreError>;
    /// Journal entries (encoded, with their blobs filled in by the caller)
    /// from `from` on.
    fn journal(&self, from: u64) -> Result<Vec<(u64, Vec<u8>)>, StoreError>;
    fn blob(&self, key: &Hash) -> Result<Vec<u8>, StoreError>;
    fn put_snapshot(
        &self,
        record: &SnapshotRecord,
        whole: Option<&WorldState>,
    ) -> Result<(), StoreError>;
    fn snapshot_records(&self) -> Result<Vec<SnapshotRecord>, StoreError>;
    fn snapshot_record(&self, name: &str) -> Result<Option<SnapshotRecord>, StoreError>;
    fn whole_snapshot(&self, name: &str) -> Result<WorldState, StoreError>;
    /// Fills in the digest of snapshot `name` when its record is still the
    /// one at `seq` (it may have been deleted, or the name reused).
    fn set_snapshot_digest(&self, name: &str, seq: u64, digest: &str) -> Result<(), StoreError>;
    /// Drops a snapshot's record; whether there was one.
    fn delete_snapshot(&self, name: &str) -> Result<bool, StoreError>;
    /// Drops the journal before the oldest kept snapshot, the row versions
    /// no kept snapshot sees and the blobs nothing refers to.
    fn compact(&self) -> Result<Compaction, StoreError>;
    /// Compacts when the kept journal outgrew the limit since the last
    /// compaction.
    fn compact_if_due(&self) -> Result<Option<Compaction>, StoreError>;
    /// The bytes of the kept journal.
    fn journal_bytes(&self) -> u64;
    /// The sequence number of the next journal entry.
    fn next_seq(&self) -> Result<u64, StoreError>;
    /// Compactions run since the file was opened.
    fn compactions(&self) -> u64;
}

/// redb: the tables of `layout.rs` in one file.
pub(crate) struct Redb {
    pub db: std::sync::Arc<Database>,
    journal_bytes: AtomicU64,
    /// Compact once the kept journal is larger than this.
    due_at: AtomicU64,
    limit: u64,
    compactions: AtomicU64,
}

impl Redb {
    pub(crate) fn new(db: std::sync::Arc<Database>, limit: u64) -> Result<Redb, StoreError> {
        let bytes = {
            let txn = db.begin_read()?;
            let meta = txn.open_table(META)?;
            meta.get("journal_bytes")?.map_or(0, |v| v.value())
        };
        Ok(Redb {
            db,
            journal_bytes: AtomicU64::new(bytes),
            due_at: AtomicU64::new(bytes.saturating_add(limit)),
            limit,
            compactions: AtomicU64::new(0),
        })
    }
}

fn add_ref(txn: &WriteTransaction, key: &Hash, delta: i64) -> Result<bool, StoreError> {
    let mut refs = txn.open_table(BLOB_REFS)?;
    let count = refs.get(key.as_slice())?.map_or(0, |v| v.value()) as i64 + delta;
    if count <= 0 {
        refs.remove(key.as_slice())?;
        txn.open_table(BLOBS)?.remove(key.as_slice())?;
        Ok(true)
    } else {
        refs.insert(key.as_slice(), count as u64)?;
        Ok(false)
    }
}

fn hashes(bytes: &[u8]) -> impl Iterator<Item = Hash> + '_ {
    bytes
        .chunks_exact(32)
        .map(|c| c.try_into().expect("32 bytes"))
}

/// Reference-count changes of one commit by blob, applied together at its
/// end in key order (`apply_refs`).
type RefDeltas = BTreeMap<Hash, i64>;

/// The tables a commit writes rows into, opened once per commit.
struct RowTables<'txn> {
    rows: Table<'txn, (u64, u64), &'static [u8]>,
    retired: Table<'txn, (u64, u64), u64>,
}

/// Writes a row version of `id` at `version`, or its removal, and notes
/// the version it replaces; its blobs' reference changes go to `refs`.
fn write_row(
    tables: &mut RowTables<'_>,
    refs: &mut RefDeltas,
    id: u64,
    version: u64,
    row: Option<&EncodedRow>,
) -> Result<(), StoreError> {
    let previous = tables
        .rows
        .range((id, 0)..=(id, u64::MAX))?
        .next_back()
        .transpose()?
        .map(|(key, value)| (key.value().1, value.value().is_empty()));
    let Some(row) = row else {
        // A removal of what never reached the file writes nothing.
        let Some((old, false)) = previous else {
            return Ok(());
        };
        tables.rows.insert((id, version), [].as_slice())?;
        tables.retired.insert((version, id), old)?;
        return Ok(());
    };
    // Rewritten at the same version: the old value's references go.
    if let Some(old) = tables.rows.insert((id, version), row.bytes.as_slice())?
        && !old.value().is_empty()
    {
        let (slots, _) = row_blobs(old.value()).map_err(|r| StoreError::decode("row", r))?;
        for (_, key) in slots {
            *refs.entry(key).or_default() -= 1;
        }
    }
    for key in &row.blobs {
        *refs.entry(*key).or_default() += 1;
    }
    if let Some((old, _)) = previous.filter(|(old, _)| *old != version) {
        tables.retired.insert((version, id), old)?;
    }
    Ok(())
}

/// Applies a commit's reference changes in key order: a blob left with no
/// reference is deleted; then the batches' new blobs that something refers
/// to and the file lacks are written, packed, in key order (a blob staged
/// but referred to by nothing kept — a row rewritten in the same commit —
/// is never written).
fn apply_refs(
    txn: &WriteTransaction,
    refs: &RefDeltas,
    batches: &[Batch],
) -> Result<(), StoreError> {
    let mut counts = txn.open_table(BLOB_REFS)?;
    let mut blobs = txn.open_table(BLOBS)?;
    for (key, delta) in refs.iter().filter(|(_, delta)| **delta != 0) {
        let count = counts.get(key.as_slice())?.map_or(0, |v| v.value()) as i64 + delta;
        if count <= 0 {
            counts.remove(key.as_slice())?;
            blobs.remove(key.as_slice())?;
        } else {
            counts.insert(key.as_slice(), count as u64)?;
        }
    }
    for batch in batches {
        let mut wanted = Vec::new();
        for (key, bytes) in batch.blobs.sorted() {
            if counts.get(key.as_slice())?.is_some() && blobs.get(key.as_slice())?.is_none() {
                wanted.push((key, bytes.as_slice()));
            }
        }
        for ((key, _), packed) in wanted.iter().zip(pack_all(&wanted)) {
            blobs.insert(key.as_slice(), packed.as_slice())?;
        }
        // A body referred to by key is in the file, unless its last other
        // reference went since it was read (a moved handle keeps the text
        // it was serialised with): then its bytes come from the handle.
        for stored in batch.blobs.stored() {
            let key = stored.key.as_slice();
            if counts.get(key)?.is_some() && blobs.get(key)?.is_none() {
                blobs.insert(key, codec::pack(&stored.bytes()?).as_slice())?;
            }
        }
    }
    Ok(())
}

/// Below this many bytes a commit's blobs are packed on its own thread:
/// above a pipelined import's batch (2 MiB, `bulk.rs`), see
/// [`ENCODE_ALONE`].
const PACK_ALONE: usize = 8 << 20;

/// The blobs packed (`codec.rs`), in order; a bulk commit's on every core
/// (issue 19: the readers of an import are idle by its final commit).
fn pack_all(values: &[(&Hash, &[u8])]) -> Vec<Vec<u8>> {
    let total: usize = values.iter().map(|(_, bytes)| bytes.len()).sum();
    map_on_every_core(
        values.iter().collect(),
        total >= PACK_ALONE,
        |(_, bytes)| codec::pack(bytes),
    )
}

/// One blob, unpacked, in a read transaction of its own.
fn read_blob(db: &Database, key: &Hash) -> Result<Vec<u8>, StoreError> {
    let txn = db.begin_read()?;
    let blobs = txn.open_table(BLOBS)?;
    let found = blobs.get(key.as_slice())?;
    let what = || format!("blob {}", hex(key));
    let packed = found.ok_or_else(|| StoreError::decode(what(), "missing"))?;
    codec::unpack(packed.value()).map_err(|reason| StoreError::decode(what(), reason))
}

/// Where the bodies of a world opened from redb are read from when first
/// used. It holds the database weakly: a handle that outlives its store
/// fails with an error instead of keeping the file open.
pub(crate) struct RedbBlobs(pub Weak<Database>);

impl BlobSource for RedbBlobs {
    fn read(&self, sha256: &[u8; 32]) -> Result<Vec<u8>, String> {
        let db = self
            .0
            .upgrade()
            .ok_or("the store it was opened from is closed")?;
        read_blob(&db, sha256).map_err(|error| error.to_string())
    }
}

/// Every snapshot record of the file.
pub(crate) fn read_records(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
) -> Result<Vec<SnapshotRecord>, StoreError> {
    let mut out = Vec::new();
    for item in table.iter()? {
        out.push(decode_json("snapshot record", item?.1.value())?);
    }
    Ok(out)
}

/// A row decoded without its blobs: its id, the entity, and the blobs
/// (slot, hash) to put back.
type Pending = (u64, EntityState, Vec<(u8, Hash)>);

/// Reads the rows as of `at`, in stable-id order, on every core: first
/// the rows (id ranges), then the blobs they refer to in one pass over the
/// blobs table (hash ranges) — sequential reads, not a B-tree lookup per
/// blob — joined in memory. Every body is read (a past position's world,
/// see design.md "Opening"); the live world is opened by [`build_world`].
fn read_rows(txn: &ReadTransaction, at: u64) -> Result<WorldState, StoreError> {
    let started = std::time::Instant::now();
    let globals = read_globals(txn, at)?;
    let parts = Parts::of(txn)?;
    let rows: Vec<Pending> = on_every_core(parts.threads, parts.count, |part| {
        parts.read(txn, part, at, |_| Ok(()))
    })?;
    let rows_read = started.elapsed();
    let mut blobs = WantedBlobs::default();
    for (_, _, slots) in &rows {
        blobs.want(slots.iter().map(|(_, key)| *key));
    }
    blobs.read(txn, &parts)?;
    let blobs_read = started.elapsed();
    let mut entities = Vec::with_capacity(rows.len());
    for (id, mut state, slots) in rows {
        for (slot, key) in slots {
            let value = blobs.take(id, &key)?;
            put_row_blob(&mut state, slot, value)
                .map_err(|reason| StoreError::decode(format!("row {id}"), reason))?;
        }
        entities.push(state);
    }
    tracing::debug!(
        rows_ms = rows_read.as_millis() as u64,
        blobs_ms = (blobs_read - rows_read).as_millis() as u64,
        join_ms = (started.elapsed() - blobs_read).as_millis() as u64,
        "rows read"
    );
    Ok(WorldState::from_parts(globals, entities))
}

/// Opens the live world (issue 19): the reading threads decode the rows
/// part by part and give each row's body a handle onto `source`, while
/// this thread spawns the parts in stable-id order as they arrive. The
/// bytes of binary bundle files are then read in one pass over the blobs
/// table and given to their entities.
fn build_world(
    txn: &ReadTransaction,
    source: &Arc<dyn BlobSource>,
    platform: Option<String>,
) -> Result<SkillWorld, StoreError> {
    let started = std::time::Instant::now();
    let mut builder = WorldBuilder::new(read_globals(txn, u64::MAX)?, platform)?;
    let parts = Parts::of(txn)?;
    // A hint, bounded by what the file holds: ids are never reused, so
    // the newest id alone can be far above the entities' count.
    builder.reserve(parts.last.min(parts.versions) as usize);
    // Each row gets its handles as soon as it is decoded, while it is in
    // the cache (a pass over the range's rows after would miss on every
    // one); a row left with no slot frees its list here, on the thread
    // that allocated it, not on the spawning thread.
    let handles = |(id, state, slots): &mut Pending| {
        let failed = |reason| StoreError::decode(format!("row {id}"), reason);
        for (slot, key) in slots.extract_if(.., |(slot, _)| is_lazy(*slot)) {
            put_text_handle(state, slot, key, source).map_err(failed)?;
        }
        if slots.is_empty() {
            *slots = Vec::new();
            Ok(())
        } else {
            check_file_slots(state, slots).map_err(failed)
        }
    };
    let decode = |part: u64| parts.read(txn, part, u64::MAX, handles);
    let mut blobs = WantedBlobs::default();
    let mut files: Vec<(u64, Hash)> = Vec::new();
    in_order_while_read(parts.threads, parts.count, decode, |rows| {
        for (id, state, slots) in rows {
            blobs.want(slots.iter().map(|(_, key)| *key));
            files.extend(slots.into_iter().map(|(_, key)| (id, key)));
            builder.spawn(state);
        }
    })?;
    let spawned = started.elapsed();
    blobs.read(txn, &parts)?;
    for (id, key) in files {
        let bytes = blobs.take(id, &key)?.into_bytes();
        builder.set_bytes(StableId(id), bytes)?;
    }
    let world = builder.finish()?;
    tracing::debug!(
        rows_ms = spawned.as_millis() as u64,
        files_ms = (started.elapsed() - spawned).as_millis() as u64,
        "world built from its rows"
    );
    Ok(world)
}

/// The world-wide row as of `at`.
fn read_globals(txn: &ReadTransaction, at: u64) -> Result<WorldGlobals, StoreError> {
    let table = txn.open_table(ROWS)?;
    match newest(&table, GLOBALS_ROW, at)? {
        Some(bytes) => {
            let json = row_json(&bytes).map_err(|r| StoreError::decode("world-wide state", r))?;
            decode_json("world-wide state", &json)
        }
        None => Err(StoreError::decode("world-wide state", "missing")),
    }
}

/// Parts of the rows' id space per reading thread. Small parts keep little
/// in flight: a part's rows live (their lists, each skill's decoded
/// state) from its reader's first row until the opening thread has
/// spawned its last, so the memory in flight, first touched and faulted
/// in by the kernel, is a few parts' worth.
const PARTS_PER_CORE: u64 = 64;

/// How the rows' id space and the blobs' hash space are cut for the
/// reading threads: more parts than cores, dealt out in turn, so the
/// cores finish together.
struct Parts {
    threads: u64,
    count: u64,
    last: u64,
    span: u64,
    /// Row versions stored (live, kept for snapshots, removals): at least
    /// the live entities' count.
    versions: u64,
}

impl Parts {
    fn of(txn: &ReadTransaction) -> Result<Parts, StoreError> {
        let rows = txn.open_table(ROWS)?;
        let last = rows.last()?.map_or(0, |(key, _)| key.value().0);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let count = threads * PARTS_PER_CORE;
        Ok(Parts {
            threads,
            count,
            last,
            span: last.div_ceil(count).max(1),
            versions: rows.len()?,
        })
    }

    /// The live rows (as of `at`) of part `part`'s ids, each given to
    /// `each` as it is decoded.
    fn read(
        &self,
        txn: &ReadTransaction,
        part: u64,
        at: u64,
        each: impl FnMut(&mut Pending) -> Result<(), StoreError>,
    ) -> Result<Vec<Pending>, StoreError> {
        let low = 1 + part * self.span;
        if low > self.last {
            return Ok(Vec::new());
        }
        read_range(txn, low..(low + self.span).min(self.last + 1), at, each)
    }
}

/// The blobs rows refer to, read in one pass over the blobs table, with
/// how many rows still want each (a blob several rows share is copied for
/// each but the last).
#[derive(Default)]
struct WantedBlobs {
    wanted: HashMap<Hash, u32>,
    found: HashMap<Hash, BlobValue>,
}

impl WantedBlobs {
    fn want(&mut self, keys: impl Iterator<Item = Hash>) {
        for key in keys {
            *self.wanted.entry(key).or_default() += 1;
        }
    }

    fn read(&mut self, txn: &ReadTransaction, parts: &Parts) -> Result<(), StoreError> {
        if self.wanted.is_empty() {
            return Ok(());
        }
        let wanted = &self.wanted;
        // Each part at least one first byte of the hashes.
        let count = parts.count.min(256);
        self.found = on_every_core(parts.threads, count, |part| {
            read_blob_range(txn, part * 256 / count, (part + 1) * 256 / count, wanted)
        })?
        .into_iter()
        .collect();
        Ok(())
    }

    /// The blob `key` for row `id`.
    fn take(&mut self, id: u64, key: &Hash) -> Result<BlobValue, StoreError> {
        let missing = || StoreError::decode(format!("row {id}"), "a blob it refers to is missing");
        let uses = self.wanted.get_mut(key).ok_or_else(missing)?;
        *uses -= 1;
        let value = if *uses == 0 {
            self.found.remove(key)
        } else {
            self.found.get(key).cloned()
        };
        value.ok_or_else(missing)
    }
}

/// Runs `work` for parts `0..parts` on `threads` threads (part `p` on
/// thread `p % threads`) and hands each part's items to `consume` on this
/// thread, in part order, as soon as the parts before it are in. The first
/// error stops the readers after their current part.
fn in_order_while_read<T: Send>(
    threads: u64,
    parts: u64,
    work: impl Fn(u64) -> Result<Vec<T>, StoreError> + Sync,
    mut consume: impl FnMut(Vec<T>),
) -> Result<(), StoreError> {
    let work = &work;
    std::thread::scope(|scope| {
        // Parts in flight are bounded: readers ahead of the spawning wait.
        let (sender, receiver) = std::sync::mpsc::sync_channel(parts as usize);
        for worker in 0..threads {
            let sender = sender.clone();
            scope.spawn(move || {
                for part in (worker..parts).step_by(threads as usize) {
                    let result = work(part);
                    let failed = result.is_err();
                    if sender.send((part, result)).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut arrived = BTreeMap::new();
        let mut next = 0;
        for (part, result) in receiver {
            arrived.insert(part, result?);
            while let Some(items) = arrived.remove(&next) {
                consume(items);
                next += 1;
            }
        }
        Ok(())
    })
}

/// Runs `work` for parts `0..parts` on `threads` threads (part `p` on
/// thread `p % threads`); the results in part order.
fn on_every_core<T: Send>(
    threads: u64,
    parts: u64,
    work: impl Fn(u64) -> Result<Vec<T>, StoreError> + Sync,
) -> Result<Vec<T>, StoreError> {
    let work = &work;
    type Numbered<T> = Vec<(u64, Vec<T>)>;
    let results: Vec<Result<Numbered<T>, StoreError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                scope.spawn(move || {
                    (worker..parts)
                        .step_by(threads as usize)
                        .map(|part| Ok((part, work(part)?)))
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("reading the file does not panic"))
            .collect()
    });
    let mut done = Vec::new();
    for result in results {
        done.extend(result?);
    }
    done.sort_by_key(|(part, _)| *part);
    Ok(done.into_iter().flat_map(|(_, items)| items).collect())
}

/// The newest version ≤ `at` of row `id`, unless that is a removal.
fn newest(
    table: &impl ReadableTable<(u64, u64), &'static [u8]>,
    id: u64,
    at: u64,
) -> Result<Option<Vec<u8>>, StoreError> {
    let found = table.range((id, 0)..=(id, at))?.next_back().transpose()?;
    Ok(found
        .map(|(_, value)| value.value().to_vec())
        .filter(|bytes| !bytes.is_empty()))
}

/// Rows made room for up front in a range being read: a range's rows then
/// rarely move while it grows.
const RANGE_RESERVE: u64 = 16_384;

/// The live rows (as of `at`) of ids `ids`, decoded without blobs, each
/// given to `each` as it is decoded.
fn read_range(
    txn: &ReadTransaction,
    ids: std::ops::Range<u64>,
    at: u64,
    mut each: impl FnMut(&mut Pending) -> Result<(), StoreError>,
) -> Result<Vec<Pending>, StoreError> {
    let rows = txn.open_table(ROWS)?;
    // Ids are never reused, so the range may hold far fewer rows than ids.
    let mut out = Vec::with_capacity((ids.end - ids.start).min(RANGE_RESERVE) as usize);
    let mut buffer = Vec::new();
    let mut emit = |current: Option<(u64, AccessGuard<'_, &'static [u8]>)>| {
        if let Some((id, bytes)) = current.filter(|(_, bytes)| !bytes.value().is_empty()) {
            let (state, slots) = decode_row(bytes.value(), &mut buffer)
                .map_err(|reason| StoreError::decode(format!("row {id}"), reason))?;
            let mut row = (id, state, slots);
            each(&mut row)?;
            out.push(row);
        }
        Ok::<(), StoreError>(())
    };
    let mut current = None;
    for item in rows.range((ids.start, 0)..(ids.end, 0))? {
        let (key, value) = item?;
        let (id, version) = key.value();
        if version > at {
            continue;
        }
        if current.as_ref().is_some_and(|(seen, _)| *seen != id) {
            emit(current.take())?;
        }
        current = Some((id, value));
    }
    emit(current)?;
    Ok(out)
}

/// The blobs in `wanted` whose hash starts with a byte in `low..high`,
/// unpacked (and checked as text).
fn read_blob_range(
    txn: &ReadTransaction,
    low: u64,
    high: u64,
    wanted: &HashMap<Hash, u32>,
) -> Result<Vec<(Hash, BlobValue)>, StoreError> {
    let blobs = txn.open_table(BLOBS)?;
    let from = [low as u8];
    let to = [high as u8];
    let range = if high >= 256 {
        blobs.range(from.as_slice()..)?
    } else {
        blobs.range(from.as_slice()..to.as_slice())?
    };
    let mut out = Vec::new();
    for item in range {
        let (key, value) = item?;
        let Ok(key) = Hash::try_from(key.value()) else {
            continue;
        };
        if wanted.contains_key(&key) {
            let bytes = codec::unpack(value.value())
                .map_err(|reason| StoreError::decode(format!("blob {}", hex(&key)), reason))?;
            out.push((key, BlobValue::new(bytes)));
        }
    }
    Ok(out)
}

impl Backend for Redb {
    fn commit(&self, batches: &[Batch]) -> Result<(), StoreError> {
        if batches.iter().all(Batch::is_empty) {
            return Ok(());
        }
        let mut txn = self.db.begin_write()?;
        txn.set_durability(Durability::Immediate)?;
        let mut written = 0;
        let mut refs = RefDeltas::new();
        {
            let mut journal = txn.open_table(JOURNAL)?;
            let mut journal_blobs = txn.open_table(JOURNAL_BLOBS)?;
            let mut tables = RowTables {
                rows: txn.open_table(ROWS)?,
                retired: txn.open_table(RETIRED)?,
            };
            for batch in batches {
                for entry in &batch.entries {
                    journal.insert(entry.seq, entry.bytes.as_slice())?;
                    written += entry.bytes.len() as u64;
                    if !entry.blobs.is_empty() {
                        journal_blobs.insert(entry.seq, entry.blobs.concat().as_slice())?;
                        for key in &entry.blobs {
                            *refs.entry(*key).or_default() += 1;
                        }
                    }
                }
                for (id, row) in &batch.rows {
                    write_row(&mut tables, &mut refs, *id, batch.version, row.as_ref())?;
                }
            }
        }
        apply_refs(&txn, &refs, batches)?;
        let total = self.journal_bytes.load(Ordering::Relaxed) + written;
        let mut meta = txn.open_table(META)?;
        meta.insert("journal_bytes", total)?;
        if let Some(last) = batches.iter().map(|b| b.version).max() {
            meta.insert("next_seq", last)?;
        }
        drop(meta);
        txn.commit()?;
        self.journal_bytes.store(total, Ordering::Relaxed);
        Ok(())
    }

    fn load(&self, at: Option<u64>) -> Result<WorldState, StoreError> {
        let txn = self.db.begin_read()?;
        read_rows(&txn, at.unwrap_or(u64::MAX))
    }

    fn open_world(&self, platform: Option<String>) -> Result<SkillWorld, StoreError> {
        let source: Arc<dyn BlobSource> = Arc::new(RedbBlobs(Arc::downgrade(&self.db)));
        let txn = self.db.begin_read()?;
        build_world(&txn, &source, platform)
    }

    fn journal(&self, from: u64) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        let txn = self.db.begin_read()?;
        let journal = txn.open_table(JOURNAL)?;
        let mut out = Vec::new();
        for item in journal.range(from..)? {
            let (seq, bytes) = item?;
            out.push((seq.value(), bytes.value().to_vec()));
        }
        Ok(out)
    }

    fn blob(&self, key: &Hash) -> Result<Vec<u8>, StoreError> {
        read_blob(&self.db, key)
    }

    fn put_snapshot(
        &self,
        record: &SnapshotRecord,
        whole: Option<&WorldState>,
    ) -> Result<(), StoreError> {
        let mut txn = self.db.begin_write()?;
        txn.set_durability(Durability::Immediate)?;
        let encoded = serde_json::to_vec(record).expect("records serialise");
        txn.open_table(SNAPSHOT_INFO)?
            .insert(record.name.as_str(), encoded.as_slice())?;
        if let Some(state) = whole {
            let encoded = serde_json::to_vec(state).expect("worlds serialise");
            txn.open_table(WHOLE)?
                .insert(record.name.as_str(), encoded.as_slice())?;
        }
        txn.commit()?;
        Ok(())
    }

    fn snapshot_records(&self) -> Result<Vec<SnapshotRecord>, StoreError> {
        let txn = self.db.begin_read()?;
        read_records(&txn.open_table(SNAPSHOT_INFO)?)
    }

    fn snapshot_record(&self, name: &str) -> Result<Option<SnapshotRecord>, StoreError> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(SNAPSHOT_INFO)?;
        let found = table.get(name)?;
        found
            .map(|bytes| decode_json("snapshot record", bytes.value()))
            .transpose()
    }

    fn whole_snapshot(&self, name: &str) -> Result<WorldState, StoreError> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(WHOLE)?;
        let found = table.get(name)?;
        let bytes = found.ok_or_else(|| StoreError::UnknownSnapshot(name.to_owned()))?;
        decode_json("snapshot", bytes.value())
    }

    fn set_snapshot_digest(&self, name: &str, seq: u64, digest: &str) -> Result<(), StoreError> {
        let txn = self.db.begin_write()?;
        {
            let mut table = txn.open_table(SNAPSHOT_INFO)?;
            let record: Option<SnapshotRecord> = table
                .get(name)?
                .map(|bytes| decode_json("snapshot record", bytes.value()))
                .transpose()?;
            if let Some(mut record) = record.filter(|r| r.seq == seq && r.digest.is_none()) {
                record.digest = Some(digest.to_owned());
                let encoded = serde_json::to_vec(&record).expect("records serialise");
                table.insert(name, encoded.as_slice())?;
            }
        }
        txn.commit()?;
        Ok(())
    }

    fn delete_snapshot(&self, name: &str) -> Result<bool, StoreError> {
        let txn = self.db.begin_write()?;
        let removed = txn.open_table(SNAPSHOT_INFO)?.remove(name)?.is_some();
        txn.open_table(WHOLE)?.remove(name)?;
        txn.commit()?;
        Ok(removed)
    }

    fn compact(&self) -> Result<Compaction, StoreError> {
        let txn = self.db.begin_write()?;
        let mut done = Compaction::default();
        let records = read_records(&txn.open_table(SNAPSHOT_INFO)?)?;
        let end = txn
            .open_table(JOURNAL)?
            .last()?
            .map_or(0, |(seq, _)| seq.value() + 1);
        // Restore copies are kept for their journal entries, not the other
        // way round: they do not hold the journal back.
        let oldest = records
            .iter()
            .filter(|r| restore_copy_seq(&r.name).is_none())
            .map(|r| r.seq)
            .min()
            .unwrap_or(end)
            .min(end);
        {
            let mut journal = txn.open_table(JOURNAL)?;
            for item in journal.range(..oldest)? {
                done.journal_bytes += item?.1.value().len() as u64;
                done.journal_entries += 1;
            }
            journal.retain_in(..oldest, |_, _| false)?;
        }
        let referring: Vec<Vec<u8>> = {
            let table = txn.open_table(JOURNAL_BLOBS)?;
            let mut out = Vec::new();
            for item in table.range(..oldest)? {
                out.push(item?.1.value().to_vec());
            }
            out
        };
        txn.open_table(JOURNAL_BLOBS)?
            .retain_in(..oldest, |_, _| false)?;
        for bytes in referring {
            for key in hashes(&bytes) {
                done.blobs += u64::from(add_ref(&txn, &key, -1)?);
            }
        }
        let mut kept = BTreeSet::new();
        for record in &records {
            let copy_dropped = restore_copy_seq(&record.name).is_some_and(|seq| seq < oldest);
            if copy_dropped {
                txn.open_table(SNAPSHOT_INFO)?
                    .remove(record.name.as_str())?;
                txn.open_table(WHOLE)?.remove(record.name.as_str())?;
            } else if !record.whole {
                kept.insert(record.seq);
            }
        }
        self.drop_unseen_versions(&txn, &kept, &mut done)?;
        let left = self
            .journal_bytes
            .load(Ordering::Relaxed)
            .saturating_sub(done.journal_bytes);
        txn.open_table(META)?.insert("journal_bytes", left)?;
        txn.commit()?;
        self.journal_bytes.store(left, Ordering::Relaxed);
        self.due_at
            .store(left.saturating_add(self.limit), Ordering::Relaxed);
        self.compactions.fetch_add(1, Ordering::Relaxed);
        Ok(done)
    }

    fn compact_if_due(&self) -> Result<Option<Compaction>, StoreError> {
        if self.journal_bytes.load(Ordering::Relaxed) <= self.due_at.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let done = self.compact()?;
        tracing::info!(
            journal_entries = done.journal_entries,
            journal_bytes = done.journal_bytes,
            row_versions = done.row_versions,
            blobs = done.blobs,
            "journal compacted"
        );
        Ok(Some(done))
    }

    fn journal_bytes(&self) -> u64 {
        self.journal_bytes.load(Ordering::Relaxed)
    }

    fn compactions(&self) -> u64 {
        self.compactions.load(Ordering::Relaxed)
    }

    fn next_seq(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        let meta = txn.open_table(META)?;
        let found = meta.get("next_seq")?;
        Ok(found.map_or(0, |v| v.value()))
    }
}

impl Redb {
    /// Drops every retired row version that no kept snapshot (at a
    /// position in `kept`) sees: version `old`, replaced at `at`, is seen
    /// by a snapshot at `seq` when `old <= seq < at`.
    fn drop_unseen_versions(
        &self,
        txn: &WriteTransaction,
        kept: &BTreeSet<u64>,
        done: &mut Compaction,
    ) -> Result<(), StoreError> {
        let unseen: Vec<((u64, u64), u64)> = {
            let retired = txn.open_table(RETIRED)?;
            let mut out = Vec::new();
            for item in retired.iter()? {
                let (key, old) = item?;
                let (at, id) = key.value();
                if kept.range(old.value()..at).next().is_none() {
                    out.push(((at, id), old.value()));
                }
            }
            out
        };
        for ((at, id), old) in unseen {
            txn.open_table(RETIRED)?.remove((at, id))?;
            let removed = txn
                .open_table(ROWS)?
                .remove((id, old))?
                .map(|v| v.value().to_vec());
            done.row_versions += 1;
            if let Some(bytes) = removed.filter(|b| !b.is_empty()) {
                let (slots, _) = row_blobs(&bytes).map_err(|r| StoreError::decode("row", r))?;
                for (_, key) in slots {
                    done.blobs += u64::from(add_ref(txn, &key, -1)?);
                }
            }
            // A removal that is all that is left of an id says nothing.
            let mut rows = txn.open_table(ROWS)?;
            let left: Vec<(u64, bool)> = rows
                .range((id, 0)..=(id, u64::MAX))?
                .take(2)
                .map(|item| item.map(|(k, v)| (k.value().1, v.value().is_empty())))
                .collect::<Result<_, _>>()?;
            if let [(version, true)] = left.as_slice() {
                rows.remove((id, *version))?;
                done.row_versions += 1;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blobs_packed_on_every_core_come_back_in_order() {
        // Past `PACK_ALONE`, in parts of different sizes and contents.
        let values: Vec<(Hash, Vec<u8>)> = (0..301u32)
            .map(|i| {
                let text = format!("file {i}: run the step, check the output.\n");
                (
                    [i as u8; 32],
                    text.repeat(800 + i as usize % 7).into_bytes(),
                )
            })
            .collect();
        let values: Vec<(&Hash, &[u8])> = values.iter().map(|(k, v)| (k, v.as_slice())).collect();
        assert!(values.iter().map(|(_, v)| v.len()).sum::<usize>() > PACK_ALONE);
        let packed = pack_all(&values);
        assert_eq!(packed.len(), values.len());
        for ((_, bytes), packed) in values.iter().zip(&packed) {
            assert_eq!(codec::unpack(packed).unwrap(), *bytes);
        }
    }
}
