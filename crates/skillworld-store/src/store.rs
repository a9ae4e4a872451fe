use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use redb::{
    Database, DatabaseError, Durability, ReadableDatabase, ReadableTable, ReadableTableMetadata,
};
use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{Clock, SkillWorld, WorldSettings};

use crate::StoreError;
use crate::commit::{Committer, Entries};
use crate::layout::{
    CHECKPOINT, CHECKPOINT_CHUNKS, INTERNAL, JOURNAL, JournalEntry, META, SCHEMA_VERSION,
    SNAPSHOTS, SnapshotKind, StoredSnapshot, decode, decode_chunks, decode_snapshot, encode,
    encode_snapshot, restore_copy_name, write_checkpoint,
};

/// Automatic snapshots (pre-restore, pre-sweep) kept, newest first.
pub const AUTOMATIC_KEPT: usize = 5;
/// Journal bytes written before a new checkpoint, at least: a checkpoint
/// is written when the journal since the last one outgrows half of that
/// checkpoint, so its cost, amortised, stays in proportion to the writes
/// and opening never replays more than about half a world's worth.
const CHECKPOINT_MIN_JOURNAL_BYTES: u64 = 1_000_000;

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
    /// A replicating host's hooks (STO-7, replica.rs).
    pub(crate) hooks: crate::replica::Hooks,
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
            hooks: Default::default(),
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
        self.hooks.tap(entries);
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
        self.hooks.refuse_restore()?;
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
