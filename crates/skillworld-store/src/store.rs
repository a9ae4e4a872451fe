use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use redb::{
    Database, DatabaseError, Durability, ReadableDatabase, ReadableTable, ReadableTableMetadata,
    TableDefinition,
};
use serde::{Deserialize, Serialize};
use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{Clock, EntityState, Envelope, SkillWorld, WorldSettings, WorldState};

use crate::StoreError;
use crate::commit::{Committer, Entries};

/// The version of this file's layout; a file with a newer one is refused.
pub const SCHEMA_VERSION: u64 = 1;
/// Automatic snapshots (pre-restore, pre-sweep) kept, newest first.
pub const AUTOMATIC_KEPT: usize = 5;
/// Journal bytes written before a new checkpoint, at least: a checkpoint
/// is written when the journal since the last one outgrows half of that
/// checkpoint, so its cost, amortised, stays in proportion to the writes
/// and opening never replays more than about half a world's worth.
const CHECKPOINT_MIN_JOURNAL_BYTES: u64 = 1_000_000;

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
pub(crate) const JOURNAL: TableDefinition<u64, &[u8]> = TableDefinition::new("journal");
const SNAPSHOTS: TableDefinition<&str, &[u8]> = TableDefinition::new("snapshots");
/// The snapshot opening starts from; not listed among the snapshots. Its
/// entities are stored apart, in chunks, so opening decodes them on every
/// core.
const CHECKPOINT: &str = "\u{0}checkpoint";
const CHECKPOINT_CHUNKS: TableDefinition<u64, &[u8]> = TableDefinition::new("checkpoint_chunks");
/// Entities per checkpoint chunk.
const CHUNK_ENTITIES: usize = 4_096;

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
const INTERNAL: char = '\u{0}';
/// Restore copies are named by their journal entry's sequence number.
const RESTORE_COPY: &str = "\u{0}restore/";

/// The name of the copy of a restored snapshot that the restore's journal
/// entry at `seq` replays from.
fn restore_copy_name(seq: u64) -> String {
    format!("{RESTORE_COPY}{seq}")
}

/// The journal position of a restore copy's entry, for a copy's name.
fn restore_copy_seq(name: &str) -> Option<u64> {
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

/// A snapshot in a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotInfo {
    pub name: String,
    pub kind: SnapshotKind,
    pub at: Timestamp,
    pub seq: u64,
    pub digest: String,
}

/// How to open a store.
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    /// The clock the world runs on once open (`None`: the wall clock).
    pub clock: Option<Clock>,
    pub platform: Option<String>,
    /// Builtin skills installed into the Commons of a new database.
    pub seed: Vec<(SkillDocument, Vec<BundleFile>)>,
}

/// A persistent skill world.
pub struct Store {
    pub(crate) db: Arc<Database>,
    path: PathBuf,
    world: SkillWorld,
    platform: Option<String>,
    next_seq: u64,
    /// Journal bytes appended since the last checkpoint.
    since_checkpoint: u64,
    /// The size of the last checkpoint written (by this thread or, with
    /// group commit, the committer's).
    checkpoint_bytes: Arc<AtomicU64>,
    /// With group commit on: the thread that makes journal entries durable.
    committer: Option<Committer>,
    /// Entries of a deferred scope, not yet handed to the committer.
    deferred: Option<Entries>,
    /// With group commit, a checkpoint captured in a deferred scope, handed
    /// to the committer after that scope's entries.
    captured: Option<StoredSnapshot>,
}

/// Journal entries are RON (STO-3): small, readable in a dump.
fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    ron::to_string(value)
        .expect("journal entries serialise")
        .into_bytes()
}

fn decode<T: for<'de> Deserialize<'de>>(what: &str, bytes: &[u8]) -> Result<T, StoreError> {
    let failure = |reason: String| StoreError::Decode {
        what: what.to_owned(),
        reason,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| failure(e.to_string()))?;
    ron::from_str(text).map_err(|e| failure(e.to_string()))
}

/// Snapshots are whole worlds: stored as JSON, which parses several times
/// faster than RON; exported as RON.
fn encode_snapshot(snapshot: &StoredSnapshot) -> Vec<u8> {
    serde_json::to_vec(snapshot).expect("snapshots serialise")
}

/// Reads and decodes the checkpoint's entity chunks on every core, keeping
/// their order; returns the entities and the bytes read.
fn decode_chunks(txn: &redb::ReadTransaction) -> Result<(Vec<EntityState>, u64), StoreError> {
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

fn decode_snapshot(what: &str, bytes: &[u8]) -> Result<StoredSnapshot, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Decode {
        what: what.to_owned(),
        reason: e.to_string(),
    })
}

impl Store {
    /// Opens the database at `path`, or creates it (seeded with
    /// `options.seed`) when missing.
    pub fn open(path: &Path, options: OpenOptions) -> Result<Store, StoreError> {
        let exists = path.exists();
        let opened = if exists {
            Database::open(path)
        } else {
            Database::create(path)
        };
        let db = opened.map_err(|error| match error {
            DatabaseError::DatabaseAlreadyOpen => StoreError::InUse {
                path: path.to_owned(),
            },
            other => StoreError::Unreadable {
                path: path.to_owned(),
                reason: other.to_string(),
            },
        })?;
        let clock = options.clock.unwrap_or(Clock::Wall);
        let mut store = Store {
            db: Arc::new(db),
            path: path.to_owned(),
            world: SkillWorld::new(WorldSettings {
                clock,
                platform: options.platform.clone(),
            }),
            platform: options.platform,
            next_seq: 0,
            since_checkpoint: 0,
            checkpoint_bytes: Arc::new(AtomicU64::new(0)),
            committer: None,
            deferred: None,
            captured: None,
        };
        if exists {
            store.load().map_err(|error| match error {
                StoreError::Database(e) => StoreError::Unreadable {
                    path: path.to_owned(),
                    reason: e.to_string(),
                },
                other => other,
            })?;
            *store.world.clock_mut() = clock;
            crate::runs::interrupt_stale(&store.db)?;
        } else {
            store.initialise(options.seed)?;
        }
        Ok(store)
    }

    fn initialise(
        &mut self,
        seed: Vec<(SkillDocument, Vec<BundleFile>)>,
    ) -> Result<(), StoreError> {
        let txn = self.db.begin_write()?;
        txn.open_table(META)?
            .insert("schema_version", SCHEMA_VERSION)?;
        txn.open_table(JOURNAL)?;
        txn.open_table(SNAPSHOTS)?;
        txn.open_table(CHECKPOINT_CHUNKS)?;
        txn.commit()?;
        // The starting world is a checkpoint, so every later open replays
        // from exactly it.
        self.checkpoint()?;
        self.run(|world| {
            for (document, files) in seed {
                world.install_builtin(document, files)?;
            }
            Ok::<(), skillworld_world::WorldError>(())
        })??;
        Ok(())
    }

    fn load(&mut self) -> Result<(), StoreError> {
        let txn = self.db.begin_read()?;
        let version = txn
            .open_table(META)?
            .get("schema_version")?
            .map(|v| v.value())
            .ok_or_else(|| StoreError::Unreadable {
                path: self.path.clone(),
                reason: "no schema version".into(),
            })?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                path: self.path.clone(),
                found: version as u32,
                supported: SCHEMA_VERSION as u32,
            });
        }
        let snapshots = txn.open_table(SNAPSHOTS)?;
        let Some(stored) = snapshots.get(CHECKPOINT)? else {
            return Err(StoreError::Unreadable {
                path: self.path.clone(),
                reason: "no checkpoint".into(),
            });
        };
        let mut checkpoint = decode_snapshot("checkpoint", stored.value())?;
        let (entities, bytes) = decode_chunks(&txn)?;
        self.checkpoint_bytes
            .store(stored.value().len() as u64 + bytes, Ordering::Relaxed);
        drop(stored);
        checkpoint.state.entities = entities;
        drop(snapshots);
        drop(txn);
        let (world, next_seq) = self.replay_from(checkpoint)?;
        self.world = world;
        self.next_seq = next_seq;
        Ok(())
    }

    /// A world rebuilt from a snapshot and the journal after it, and the
    /// next sequence number.
    fn replay_from(&self, snapshot: StoredSnapshot) -> Result<(SkillWorld, u64), StoreError> {
        let mut world = SkillWorld::from_state(snapshot.state, self.platform.clone())?;
        let mut next = snapshot.seq;
        let txn = self.db.begin_read()?;
        let journal = txn.open_table(JOURNAL)?;
        for item in journal.range(snapshot.seq..)? {
            let (seq, bytes) = item?;
            match decode::<JournalEntry>("journal entry", bytes.value())? {
                JournalEntry::Apply(envelope) => {
                    // An entry written by an older version may break a rule
                    // added since (SEC-2). A refused command changes
                    // nothing, so skipping it keeps the rest replayable and
                    // the database openable; the log names it.
                    if let Err(error) = world.apply(*envelope) {
                        tracing::warn!(seq = seq.value(), %error, "journal entry refused on replay; skipped");
                    }
                }
                JournalEntry::Restore { snapshot, copy, .. } => {
                    let restored = self.stored_snapshot(copy.as_deref().unwrap_or(&snapshot))?;
                    world = SkillWorld::from_state(restored.state, self.platform.clone())?;
                }
            }
            next = seq.value() + 1;
        }
        world.take_journal();
        Ok((world, next))
    }

    /// The world, for reads that change nothing.
    pub fn world(&self) -> &SkillWorld {
        &self.world
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn db(&self) -> &Database {
        &self.db
    }

    /// Runs `work` on the world, then makes everything it wrote durable in
    /// one commit (group commit) before returning: when this returns `Ok`,
    /// the writes survive a crash.
    pub fn run<T>(&mut self, work: impl FnOnce(&mut SkillWorld) -> T) -> Result<T, StoreError> {
        let result = work(&mut self.world);
        let entries = self.world.take_journal();
        if !entries.is_empty() {
            let entries: Vec<JournalEntry> = entries
                .into_iter()
                .map(|e| JournalEntry::Apply(Box::new(e)))
                .collect();
            self.append(&entries)?;
        }
        Ok(result)
    }

    fn append(&mut self, entries: &[JournalEntry]) -> Result<(), StoreError> {
        let mut written = 0;
        let encoded: Entries = entries
            .iter()
            .enumerate()
            .map(|(offset, entry)| {
                let bytes = encode(entry);
                written += bytes.len() as u64;
                (self.next_seq + offset as u64, bytes)
            })
            .collect();
        match (&mut self.deferred, &self.committer) {
            (Some(staged), _) => staged.extend(encoded),
            (None, Some(committer)) => committer.commit(encoded)?,
            (None, None) => {
                let mut txn = self.db.begin_write()?;
                txn.set_durability(Durability::Immediate)?;
                {
                    let mut journal = txn.open_table(JOURNAL)?;
                    for (seq, bytes) in &encoded {
                        journal.insert(*seq, bytes.as_slice())?;
                    }
                }
                txn.commit()?;
            }
        }
        self.next_seq += entries.len() as u64;
        self.since_checkpoint += written;
        let threshold = self.checkpoint_bytes.load(Ordering::Relaxed) / 2;
        if self.since_checkpoint > CHECKPOINT_MIN_JOURNAL_BYTES.max(threshold) {
            self.checkpoint_in_background()?;
        }
        Ok(())
    }

    /// With group commit, the world is captured now and the committer
    /// encodes and writes it after the entries before it, so whoever holds
    /// the store waits for a copy of the world, not for a second of
    /// encoding and writing. Without, the checkpoint is written at once.
    fn checkpoint_in_background(&mut self) -> Result<(), StoreError> {
        let Some(committer) = &self.committer else {
            return self.checkpoint();
        };
        let snapshot = self.stored(CHECKPOINT, SnapshotKind::Automatic);
        self.since_checkpoint = 0;
        if self.deferred.is_some() {
            self.captured = Some(snapshot);
        } else {
            committer.send(Entries::new(), None, Some(snapshot));
        }
        Ok(())
    }

    /// Turns on group commit: from now on a thread of the store makes
    /// journal entries durable (and writes checkpoints), and
    /// [`Store::defer`] may be used.
    pub fn group_commit(&mut self) {
        if self.committer.is_none() {
            self.committer = Some(Committer::spawn(
                self.db.clone(),
                self.checkpoint_bytes.clone(),
            ));
        }
    }

    /// Runs `work` (which may call [`Store::run`] any number of times)
    /// without waiting for durability: what it journals is applied to the
    /// world at once and handed to the committer, and `durable` is called
    /// when it is on disk — with everything written meanwhile, in one
    /// commit. Until then, reads may already see it; a crash loses only
    /// writes whose `durable` was not yet called. Needs [`Store::group_commit`].
    pub fn defer<T>(
        &mut self,
        work: impl FnOnce(&mut Store) -> T,
        durable: impl FnOnce(Result<(), StoreError>) + Send + 'static,
    ) -> T {
        assert!(
            self.committer.is_some() && self.deferred.is_none(),
            "defer needs group_commit and does not nest"
        );
        self.deferred = Some(Vec::new());
        let result = work(self);
        let staged = self.deferred.take().unwrap_or_default();
        let captured = self.captured.take();
        match &self.committer {
            Some(committer) if !staged.is_empty() || captured.is_some() => {
                committer.send(staged, Some(Box::new(durable)), captured);
            }
            _ => durable(Ok(())),
        }
        result
    }

    /// Hands deferred entries to the committer and waits until everything
    /// queued is durable: the journal is complete up to the world's state.
    fn flush(&mut self) {
        if let Some(committer) = &self.committer {
            let staged = self.deferred.as_mut().map(std::mem::take);
            let captured = self.captured.take();
            if staged.as_ref().is_some_and(|s| !s.is_empty()) || captured.is_some() {
                committer.send(staged.unwrap_or_default(), None, captured);
            }
            committer.wait_idle();
        }
    }

    /// Writes the current world as the opening checkpoint and compacts the
    /// journal before the oldest snapshot still kept.
    pub fn checkpoint(&mut self) -> Result<(), StoreError> {
        self.flush();
        let snapshot = self.stored(CHECKPOINT, SnapshotKind::Automatic);
        let bytes = write_checkpoint(&self.db, snapshot)?;
        self.checkpoint_bytes.store(bytes, Ordering::Relaxed);
        self.since_checkpoint = 0;
        Ok(())
    }

    fn stored(&self, name: &str, kind: SnapshotKind) -> StoredSnapshot {
        StoredSnapshot {
            name: name.to_owned(),
            kind,
            at: self.world.now(),
            seq: self.next_seq,
            state: self.world.state(),
        }
    }

    /// Saves the world as a named snapshot.
    pub fn save_snapshot(&mut self, name: &str) -> Result<SnapshotInfo, StoreError> {
        if name.starts_with(INTERNAL) || self.snapshot(name).is_ok() {
            return Err(StoreError::SnapshotExists(name.to_owned()));
        }
        self.put_snapshot(self.stored(name, SnapshotKind::Named))
    }

    /// Saves an automatic snapshot (pre-restore, pre-sweep); only the newest
    /// five are kept.
    pub fn save_automatic(&mut self, purpose: &str) -> Result<SnapshotInfo, StoreError> {
        let name = format!("{purpose}-{}", self.next_seq);
        let info = self.put_snapshot(self.stored(&name, SnapshotKind::Automatic))?;
        let mut automatic: Vec<SnapshotInfo> = self
            .snapshots()?
            .into_iter()
            .filter(|s| s.kind == SnapshotKind::Automatic)
            .collect();
        automatic.sort_by(|a, b| b.seq.cmp(&a.seq).then(b.name.cmp(&a.name)));
        for old in automatic.into_iter().skip(AUTOMATIC_KEPT) {
            self.delete_snapshot(&old.name)?;
        }
        Ok(info)
    }

    fn put_snapshot(&mut self, snapshot: StoredSnapshot) -> Result<SnapshotInfo, StoreError> {
        let info = info_of(&snapshot);
        let mut txn = self.db.begin_write()?;
        txn.set_durability(Durability::Immediate)?;
        txn.open_table(SNAPSHOTS)?.insert(
            snapshot.name.as_str(),
            encode_snapshot(&snapshot).as_slice(),
        )?;
        txn.commit()?;
        Ok(info)
    }

    /// A snapshot by name (not the store's own: the checkpoint, restore
    /// copies).
    pub fn snapshot(&self, name: &str) -> Result<StoredSnapshot, StoreError> {
        if name.starts_with(INTERNAL) {
            return Err(StoreError::UnknownSnapshot(name.to_owned()));
        }
        self.stored_snapshot(name)
    }

    /// Any stored snapshot, the store's own included.
    fn stored_snapshot(&self, name: &str) -> Result<StoredSnapshot, StoreError> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(SNAPSHOTS)?;
        let bytes = table
            .get(name)?
            .ok_or_else(|| StoreError::UnknownSnapshot(name.to_owned()))?;
        decode_snapshot("snapshot", bytes.value())
    }

    /// Every snapshot, oldest first.
    pub fn snapshots(&self) -> Result<Vec<SnapshotInfo>, StoreError> {
        let txn = self.db.begin_read()?;
        let table = txn.open_table(SNAPSHOTS)?;
        let mut infos = Vec::new();
        for item in table.iter()? {
            let (name, bytes) = item?;
            if !name.value().starts_with(INTERNAL) {
                infos.push(info_of(&decode_snapshot("snapshot", bytes.value())?));
            }
        }
        infos.sort_by(|a, b| a.seq.cmp(&b.seq).then(a.name.cmp(&b.name)));
        Ok(infos)
    }

    /// Deletes a snapshot. Restores journaled from it stay replayable:
    /// they read the store's own copy.
    pub fn delete_snapshot(&mut self, name: &str) -> Result<(), StoreError> {
        if name.starts_with(INTERNAL) {
            return Err(StoreError::UnknownSnapshot(name.to_owned()));
        }
        let txn = self.db.begin_write()?;
        let removed = txn.open_table(SNAPSHOTS)?.remove(name)?.is_some();
        txn.commit()?;
        if removed {
            Ok(())
        } else {
            Err(StoreError::UnknownSnapshot(name.to_owned()))
        }
    }

    /// Restores a snapshot: an automatic pre-restore snapshot first, then the
    /// world becomes the snapshot's, and the restore is a journal entry.
    /// The entry replays from a copy of the snapshot written (durably)
    /// before it, which the store drops only with the entry itself, so no
    /// later delete, prune or reuse of the name can make it unreplayable.
    pub fn restore_snapshot(&mut self, name: &str) -> Result<SnapshotInfo, StoreError> {
        let snapshot = self.snapshot(name)?;
        self.save_automatic("pre-restore")?;
        let info = info_of(&snapshot);
        let copy = restore_copy_name(self.next_seq);
        self.put_snapshot(StoredSnapshot {
            name: copy.clone(),
            ..snapshot.clone()
        })?;
        let clock = *self.world.clock_mut();
        let mut world = SkillWorld::from_state(snapshot.state, self.platform.clone())?;
        *world.clock_mut() = clock;
        self.append(&[JournalEntry::Restore {
            snapshot: name.to_owned(),
            at: self.world.now(),
            copy: Some(copy),
        }])?;
        self.world = world;
        Ok(info)
    }

    /// A snapshot as a portable RON file.
    pub fn export_snapshot(&self, name: &str) -> Result<String, StoreError> {
        Ok(ron::to_string(&self.snapshot(name)?).expect("snapshots serialise"))
    }

    /// Adds a snapshot from an exported file, under its own name.
    pub fn import_snapshot(&mut self, text: &str) -> Result<SnapshotInfo, StoreError> {
        let snapshot: StoredSnapshot = decode("snapshot file", text.as_bytes())?;
        if snapshot.name.starts_with(INTERNAL) || self.stored_snapshot(&snapshot.name).is_ok() {
            return Err(StoreError::SnapshotExists(snapshot.name));
        }
        self.put_snapshot(StoredSnapshot {
            kind: SnapshotKind::Named,
            ..snapshot
        })
    }

    /// Rebuilds, in memory, the world from a snapshot and the journal after
    /// it (STO-3); the database is not changed.
    pub fn replay(&self, name: &str) -> Result<SkillWorld, StoreError> {
        Ok(self.replay_from(self.snapshot(name)?)?.0)
    }

    /// The journal position the opening checkpoint covers: opening replays
    /// the entries from here on.
    pub fn checkpoint_seq(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        let snapshots = txn.open_table(SNAPSHOTS)?;
        match snapshots.get(CHECKPOINT)? {
            Some(bytes) => Ok(decode_snapshot("checkpoint", bytes.value())?.seq),
            None => Err(StoreError::Unreadable {
                path: self.path.clone(),
                reason: "no checkpoint".into(),
            }),
        }
    }

    /// The sequence number the next journal entry gets.
    pub fn journal_seq(&self) -> u64 {
        self.next_seq
    }

    /// Journal entries still stored, oldest first.
    pub fn journal_len(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        Ok(txn.open_table(JOURNAL)?.len()?)
    }
}

fn info_of(snapshot: &StoredSnapshot) -> SnapshotInfo {
    SnapshotInfo {
        name: snapshot.name.clone(),
        kind: snapshot.kind,
        at: snapshot.at,
        seq: snapshot.seq,
        digest: snapshot.state.digest(),
    }
}
