use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use redb::{Database, DatabaseError, ReadableDatabase, ReadableTableMetadata};
use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{Changes, Clock, SkillWorld, WorldSettings, WorldState};

use crate::StoreError;
use crate::backend::{Backend, Batch, Compaction, ENCODE_ALONE, Redb, StagedEntry};
use crate::blobs::{hex, take_envelope_blobs};
use crate::commit::Committer;
use crate::cores::map_on_every_core;
use crate::layout::{
    INTERNAL, JOURNAL, JournalEntry, SnapshotKind, SnapshotRecord, StoredSnapshot, decode, encode,
    restore_copy_name,
};

/// Automatic snapshots (pre-restore, pre-sweep) kept, newest first.
pub const AUTOMATIC_KEPT: usize = 5;
/// The default of [`OpenOptions::journal_limit`]: 64 MiB.
pub const JOURNAL_LIMIT: u64 = 64 << 20;

/// The default of [`OpenOptions::cache_bytes`]: 64 MiB. Opening reads
/// every row and blob once, into the world; with redb's default of 1 GiB
/// each page read would stay cached too, a fresh buffer per page (the
/// whole file again in memory, and most of an open's page faults), where a
/// small cache recycles its buffers.
pub const CACHE_BYTES: usize = 64 << 20;

/// A snapshot in a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotInfo {
    pub name: String,
    pub kind: SnapshotKind,
    pub at: Timestamp,
    pub seq: u64,
    /// The world's digest at the snapshot; `None` while the store computes
    /// it in the background (see [`Store::wait_for_digests`]).
    pub digest: Option<String>,
}

/// How to open a store.
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    /// The clock the world runs on once open (`None`: the wall clock).
    pub clock: Option<Clock>,
    pub platform: Option<String>,
    /// Builtin skills installed into the Commons of a new database.
    pub seed: Vec<(SkillDocument, Vec<BundleFile>)>,
    /// Compact the journal (drop it before the oldest kept snapshot, with
    /// the row versions and blobs nothing kept sees) each time it grew by
    /// this many bytes; `None`: [`JOURNAL_LIMIT`].
    pub journal_limit: Option<u64>,
    /// The bytes of pages redb keeps in memory once read (and of dirty
    /// pages a commit buffers); `None`: [`CACHE_BYTES`].
    pub cache_bytes: Option<usize>,
}

/// A persistent skill world.
pub struct Store {
    pub(crate) db: Arc<Database>,
    backend: Arc<dyn Backend>,
    path: PathBuf,
    /// Dropped with the store, unless [`Store::leave_world_to_exit`] said
    /// the process ends with it.
    world: ManuallyDrop<SkillWorld>,
    /// Set by [`Store::leave_world_to_exit`].
    world_left_to_exit: bool,
    platform: Option<String>,
    next_seq: u64,
    /// With group commit on: the thread that makes batches durable.
    committer: Option<Committer>,
    /// Batches of a deferred scope, not yet handed to the committer.
    deferred: Option<Vec<Batch>>,
    /// A replicating host's hooks (STO-7, replica.rs).
    pub(crate) hooks: crate::replica::Hooks,
    /// Snapshot digests being computed from the rows.
    digests: crate::digests::Digests,
}

impl Drop for Store {
    fn drop(&mut self) {
        if !self.world_left_to_exit {
            // SAFETY: the world is dropped here only, once, and never
            // used after (the store is being dropped).
            unsafe { ManuallyDrop::drop(&mut self.world) }
        }
    }
}

impl Store {
    /// Opens the database at `path`, or creates it (seeded with
    /// `options.seed`) when missing. An older schema's database is migrated
    /// first, after a copy of it is kept beside it (`….pre-v3`).
    pub fn open(path: &Path, options: OpenOptions) -> Result<Store, StoreError> {
        let exists = path.exists();
        let mut builder = Database::builder();
        builder.set_cache_size(options.cache_bytes.unwrap_or(CACHE_BYTES));
        let opened = if exists {
            builder.open(path)
        } else {
            builder.create(path)
        };
        let in_use = |error: DatabaseError| match error {
            DatabaseError::DatabaseAlreadyOpen => StoreError::InUse {
                path: path.to_owned(),
            },
            other => StoreError::Unreadable {
                path: path.to_owned(),
                reason: other.to_string(),
            },
        };
        let mut db = opened.map_err(in_use)?;
        if exists {
            let version = crate::migrate::schema_version(&db, path)?;
            if version < crate::SCHEMA_VERSION {
                db = crate::migrate::migrate(db, path, version, options.platform.clone())?;
            }
        }
        Store::over(db, path, options, exists)
    }

    /// The store over the database at `path`: an existing file's (`exists`)
    /// is read, a new one's tables are made and seeded.
    pub(crate) fn over(
        db: Database,
        path: &Path,
        options: OpenOptions,
        exists: bool,
    ) -> Result<Store, StoreError> {
        let db = Arc::new(db);
        if !exists {
            crate::migrate::create_tables(&db)?;
        }
        let limit = options.journal_limit.unwrap_or(JOURNAL_LIMIT);
        let backend: Arc<dyn Backend> = Arc::new(Redb::new(db.clone(), limit)?);
        let clock = options.clock.unwrap_or(Clock::Wall);
        let mut store = Store {
            db,
            backend,
            path: path.to_owned(),
            world: ManuallyDrop::new(SkillWorld::new(WorldSettings {
                clock,
                platform: options.platform.clone(),
            })),
            world_left_to_exit: false,
            platform: options.platform,
            next_seq: 0,
            committer: None,
            deferred: None,
            hooks: Default::default(),
            digests: Default::default(),
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
            for record in store.backend.snapshot_records()? {
                store.digests.start(&store.backend, &record);
            }
        } else {
            store.initialise(options.seed)?;
        }
        Ok(store)
    }

    /// A new file's first commit: every row of the new world (nothing was
    /// taken from it yet) and the seed's journal entries.
    fn initialise(
        &mut self,
        seed: Vec<(SkillDocument, Vec<BundleFile>)>,
    ) -> Result<(), StoreError> {
        self.run(|world| {
            for (document, files) in seed {
                world.install_builtin(document, files)?;
            }
            Ok::<(), skillworld_world::WorldError>(())
        })??;
        Ok(())
    }

    /// The world from its rows: no journal is replayed.
    fn load(&mut self) -> Result<(), StoreError> {
        // Built while the rows are read; bodies stay in the file until
        // first read (issue 19).
        *self.world = self.backend.open_world(self.platform.clone())?;
        self.next_seq = self.backend.next_seq()?;
        Ok(())
    }

    /// A world rebuilt from a snapshot's world and the journal after it,
    /// and the next sequence number.
    fn replay_from(&self, state: WorldState, from: u64) -> Result<(SkillWorld, u64), StoreError> {
        let mut world = SkillWorld::from_state(state, self.platform.clone())?;
        let mut next = from;
        for (seq, bytes) in self.backend.journal(from)? {
            match self.journal_entry(&bytes)? {
                JournalEntry::Apply(envelope) => {
                    // An entry written by an older version may break a rule
                    // added since (SEC-2). A refused command changes
                    // nothing, so skipping it keeps the rest replayable and
                    // the database openable; the log names it.
                    if let Err(error) = world.apply(*envelope) {
                        tracing::warn!(seq, %error, "journal entry refused on replay; skipped");
                    }
                }
                JournalEntry::Restore { snapshot, copy, .. } => {
                    let restored = self.snapshot_state(copy.as_deref().unwrap_or(&snapshot))?;
                    world = SkillWorld::from_state(restored, self.platform.clone())?;
                }
                JournalEntry::Stored { .. } => unreachable!("journal_entry fills blobs"),
            }
            next = seq + 1;
        }
        world.take_journal();
        world.forget_changes();
        Ok((world, next))
    }

    /// A journal entry with its blobs filled in.
    fn journal_entry(&self, bytes: &[u8]) -> Result<JournalEntry, StoreError> {
        let entry = decode::<JournalEntry>("journal entry", bytes)?;
        let JournalEntry::Stored {
            mut envelope,
            blobs,
        } = entry
        else {
            return Ok(entry);
        };
        for (slot, key) in blobs {
            let failure = |reason: String| StoreError::decode("journal entry", reason);
            let bytes = self
                .backend
                .blob(&crate::blobs::unhex(&key).map_err(failure)?)?;
            crate::blobs::put_envelope_blob(&mut envelope, slot, bytes).map_err(failure)?;
        }
        Ok(JournalEntry::Apply(envelope))
    }

    /// Leaves the world's memory, when the store is dropped, for the
    /// process's exit to take back at once: for a command that drops its
    /// store just before it ends. Freeing a 100,000-skill world entity by
    /// entity took 8 % of a command's CPU (issue 19). Everything else
    /// (the database, the committer, the digests) still closes as it
    /// does. Never for a process that goes on after the store.
    pub fn leave_world_to_exit(&mut self) {
        self.world_left_to_exit = true;
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
    /// the writes survive a crash. The commit holds the journal entries and
    /// the rows they changed.
    pub fn run<T>(&mut self, work: impl FnOnce(&mut SkillWorld) -> T) -> Result<T, StoreError> {
        let result = work(&mut self.world);
        let entries: Vec<JournalEntry> = self
            .world
            .take_journal()
            .into_iter()
            .map(|e| JournalEntry::Apply(Box::new(e)))
            .collect();
        let changes = self.world.take_changes();
        if !entries.is_empty() || !changes.is_empty() {
            let batch = self.stage(entries, changes)?;
            self.submit(batch)?;
        }
        Ok(result)
    }

    /// Encodes journal entries (their big fields as blobs) and the rows
    /// they changed, as of the sequence number after them.
    fn stage(&mut self, entries: Vec<JournalEntry>, changes: Changes) -> Result<Batch, StoreError> {
        self.hooks.tap(&entries);
        let mut batch = Batch::default();
        let rows = batch.take_blobs(changes);
        let mut staged = Vec::with_capacity(entries.len());
        for entry in entries {
            let (entry, blobs) = match entry {
                JournalEntry::Apply(mut envelope) => {
                    let slots = take_envelope_blobs(&mut envelope, &mut batch.blobs);
                    let keys = slots.iter().map(|(_, key)| *key).collect::<Vec<_>>();
                    if slots.is_empty() {
                        (JournalEntry::Apply(envelope), keys)
                    } else {
                        let blobs = slots.into_iter().map(|(s, key)| (s, hex(&key))).collect();
                        (JournalEntry::Stored { envelope, blobs }, keys)
                    }
                }
                other => (other, Vec::new()),
            };
            staged.push((self.next_seq, entry, blobs));
            self.next_seq += 1;
        }
        let stage = |(seq, entry, blobs): (u64, JournalEntry, Vec<_>)| StagedEntry {
            seq,
            bytes: encode(&entry),
            blobs,
        };
        let spread = staged.len() >= ENCODE_ALONE;
        batch.entries = map_on_every_core(staged, spread, stage);
        batch.version = self.next_seq;
        batch.add_taken(rows)?;
        self.hooks.tap_rows(&batch)?;
        Ok(batch)
    }

    /// Stages `entries` with every row of `state`, and removals for the
    /// ids of `gone` it does not hold (a restore, a new database).
    fn stage_state(
        &mut self,
        entries: Vec<JournalEntry>,
        state: WorldState,
        gone: &[skillworld_core::StableId],
    ) -> Result<Batch, StoreError> {
        let (globals, entities) = state.into_parts();
        let kept: std::collections::HashSet<_> = entities.iter().map(|e| e.record().id).collect();
        let changes = Changes {
            rows: entities,
            removed: gone
                .iter()
                .copied()
                .filter(|id| !kept.contains(id))
                .collect(),
            globals: Some(globals),
        };
        self.stage(entries, changes)
    }

    fn submit(&mut self, batch: Batch) -> Result<(), StoreError> {
        match (&mut self.deferred, &self.committer) {
            (Some(staged), _) => staged.push(batch),
            (None, Some(committer)) => committer.commit(vec![batch])?,
            (None, None) => {
                self.backend.commit(std::slice::from_ref(&batch))?;
                self.backend.compact_if_due()?;
            }
        }
        Ok(())
    }

    /// Turns on group commit: from now on a thread of the store makes
    /// batches durable (and compacts the journal when due), and
    /// [`Store::defer`] may be used.
    pub fn group_commit(&mut self) {
        if self.committer.is_none() {
            self.committer = Some(Committer::spawn(self.backend.clone()));
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
        match &self.committer {
            Some(committer) if !staged.is_empty() => {
                committer.send(staged, Some(Box::new(durable)));
            }
            _ => durable(Ok(())),
        }
        result
    }

    /// Whether [`Store::defer`] may be called now.
    pub(crate) fn can_defer(&self) -> bool {
        self.committer.is_some() && self.deferred.is_none()
    }

    /// Hands deferred batches to the committer and waits until everything
    /// queued is durable: the file is complete up to the world's state.
    fn flush(&mut self) {
        if let Some(committer) = &self.committer {
            let staged = self.deferred.as_mut().map(std::mem::take);
            if let Some(staged) = staged.filter(|s| !s.is_empty()) {
                committer.send(staged, None);
            }
            committer.wait_idle();
        }
    }

    /// Compacts now: drops the journal before the oldest snapshot kept, the
    /// row versions no kept snapshot sees and the blobs nothing refers to.
    /// Writes do this by themselves each time the journal grew by
    /// [`OpenOptions::journal_limit`].
    pub fn compact(&mut self) -> Result<Compaction, StoreError> {
        self.flush();
        self.backend.compact()
    }

    pub(crate) fn record(&self, name: &str, kind: SnapshotKind) -> SnapshotRecord {
        SnapshotRecord {
            name: name.to_owned(),
            kind,
            at: self.world.now(),
            seq: self.next_seq,
            digest: None,
            whole: false,
        }
    }

    /// Saves the world as a named snapshot: a record of the current
    /// journal position; no row is copied, and its digest is computed from
    /// the rows on another thread (the returned info has none yet).
    pub fn save_snapshot(&mut self, name: &str) -> Result<SnapshotInfo, StoreError> {
        if name.starts_with(INTERNAL) || self.backend.snapshot_record(name)?.is_some() {
            return Err(StoreError::SnapshotExists(name.to_owned()));
        }
        self.save_snapshot_at(name, self.world.now())
    }

    /// Saves an automatic snapshot (pre-restore, pre-sweep); only the newest
    /// five are kept.
    pub fn save_automatic(&mut self, purpose: &str) -> Result<SnapshotInfo, StoreError> {
        let name = format!("{purpose}-{}", self.next_seq);
        let info = self.put_snapshot_record(self.record(&name, SnapshotKind::Automatic))?;
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

    /// A record at the current position is written once every row up to
    /// it is durable, so it never points past the file.
    pub(crate) fn put_snapshot_record(
        &mut self,
        record: SnapshotRecord,
    ) -> Result<SnapshotInfo, StoreError> {
        self.flush();
        self.write_snapshot_record(&record, None)?;
        Ok(info_of(&record))
    }

    /// Writes a snapshot record, and starts computing its digest when it
    /// has none.
    fn write_snapshot_record(
        &mut self,
        record: &SnapshotRecord,
        whole: Option<&WorldState>,
    ) -> Result<(), StoreError> {
        self.backend.put_snapshot(record, whole)?;
        self.digests.start(&self.backend, record);
        Ok(())
    }

    /// Waits until the digest of every snapshot taken so far is computed
    /// and stored (a listing shows them all).
    pub fn wait_for_digests(&mut self) {
        self.digests.wait();
    }

    /// A snapshot by name (not the store's own restore copies), with its
    /// world.
    pub fn snapshot(&self, name: &str) -> Result<StoredSnapshot, StoreError> {
        let record = self.public_record(name)?;
        Ok(StoredSnapshot {
            state: self.state_of(&record)?,
            name: record.name,
            kind: record.kind,
            at: record.at,
            seq: record.seq,
        })
    }

    /// A snapshot's listing entry, by name.
    pub fn snapshot_info(&self, name: &str) -> Result<SnapshotInfo, StoreError> {
        Ok(info_of(&self.public_record(name)?))
    }

    fn public_record(&self, name: &str) -> Result<SnapshotRecord, StoreError> {
        if name.starts_with(INTERNAL) {
            return Err(StoreError::UnknownSnapshot(name.to_owned()));
        }
        self.backend
            .snapshot_record(name)?
            .ok_or_else(|| StoreError::UnknownSnapshot(name.to_owned()))
    }

    /// Any snapshot's world, the store's own included.
    fn snapshot_state(&self, name: &str) -> Result<WorldState, StoreError> {
        let record = self
            .backend
            .snapshot_record(name)?
            .ok_or_else(|| StoreError::UnknownSnapshot(name.to_owned()))?;
        self.state_of(&record)
    }

    fn state_of(&self, record: &SnapshotRecord) -> Result<WorldState, StoreError> {
        if record.whole {
            self.backend.whole_snapshot(&record.name)
        } else {
            self.backend.load(Some(record.seq))
        }
    }

    /// Every snapshot, oldest first: their records only, nothing decoded.
    pub fn snapshots(&self) -> Result<Vec<SnapshotInfo>, StoreError> {
        let mut infos: Vec<SnapshotInfo> = self
            .backend
            .snapshot_records()?
            .iter()
            .filter(|r| !r.name.starts_with(INTERNAL))
            .map(info_of)
            .collect();
        infos.sort_by(|a, b| a.seq.cmp(&b.seq).then(a.name.cmp(&b.name)));
        Ok(infos)
    }

    /// Deletes a snapshot. Restores journaled from it stay replayable:
    /// they read the store's own copy.
    pub fn delete_snapshot(&mut self, name: &str) -> Result<(), StoreError> {
        let record = self.public_record(name)?;
        if !self.backend.delete_snapshot(name)? {
            return Err(StoreError::UnknownSnapshot(name.to_owned()));
        }
        let change = crate::replica::SharedSnapshot::Delete {
            name: name.to_owned(),
        };
        self.hooks.tap_snapshot(record.kind, change);
        Ok(())
    }

    /// Restores a snapshot: an automatic pre-restore snapshot first, then the
    /// world becomes the snapshot's, and the restore is a journal entry
    /// committed with every row it changed. The entry replays from a copy
    /// of the snapshot's record (and of its world, for a whole one) written
    /// before it, which the store drops only with the entry itself, so no
    /// later delete, prune or reuse of the name can make it unreplayable.
    pub fn restore_snapshot(&mut self, name: &str) -> Result<SnapshotInfo, StoreError> {
        let record = self.public_record(name)?;
        self.hooks.check_restore(record.kind)?;
        let state = self.state_of(&record)?;
        self.save_automatic("pre-restore")?;
        let copy = SnapshotRecord {
            name: restore_copy_name(self.next_seq),
            ..record.clone()
        };
        self.write_snapshot_record(&copy, record.whole.then_some(&state))?;
        let gone: Vec<_> = self
            .world
            .state()
            .entities
            .iter()
            .map(|e| e.record().id)
            .collect();
        let clock = *self.world.clock_mut();
        let mut world = SkillWorld::from_state(state.clone(), self.platform.clone())?;
        *world.clock_mut() = clock;
        let entry = JournalEntry::Restore {
            snapshot: name.to_owned(),
            at: self.world.now(),
            copy: Some(copy.name),
        };
        let change = crate::replica::SharedSnapshot::Restore {
            name: name.to_owned(),
        };
        self.hooks.tap_snapshot(record.kind, change);
        let batch = self.stage_state(vec![entry], state, &gone)?;
        self.submit(batch)?;
        *self.world = world;
        Ok(info_of(&record))
    }

    /// Makes the world `state` with every row it holds (and removals for
    /// the ids it lacks), without a journal entry: a replica taking a
    /// shared database's state (replica.rs). Its rows take a sequence
    /// number of their own, so no snapshot of the position before sees
    /// them; the file's journal has a gap there (a replica's file is
    /// rebuilt at every start, and never replayed across it).
    pub(crate) fn replace_world(&mut self, state: WorldState) -> Result<(), StoreError> {
        self.next_seq += 1;
        let gone: Vec<_> = self
            .world
            .state()
            .entities
            .iter()
            .map(|e| e.record().id)
            .collect();
        let clock = *self.world.clock_mut();
        let mut world = SkillWorld::from_state(state.clone(), self.platform.clone())?;
        *world.clock_mut() = clock;
        let batch = self.stage_state(Vec::new(), state, &gone)?;
        self.submit(batch)?;
        *self.world = world;
        Ok(())
    }

    /// Adds named snapshot `name`, taken at `at`, holding `state` whole
    /// (a shared database's snapshot, replica.rs).
    pub(crate) fn put_whole_snapshot(
        &mut self,
        name: &str,
        at: Timestamp,
        state: WorldState,
    ) -> Result<(), StoreError> {
        let record = SnapshotRecord {
            whole: true,
            at,
            digest: Some(state.digest()),
            ..self.record(name, SnapshotKind::Named)
        };
        self.backend.put_snapshot(&record, Some(&state))
    }

    /// A snapshot as a portable RON file.
    pub fn export_snapshot(&self, name: &str) -> Result<String, StoreError> {
        Ok(ron::to_string(&self.snapshot(name)?).expect("snapshots serialise"))
    }

    /// Adds a snapshot from an exported file, under its own name. Its world
    /// is not a position of this file's history, so it is kept whole.
    pub fn import_snapshot(&mut self, text: &str) -> Result<SnapshotInfo, StoreError> {
        let mut snapshot: StoredSnapshot = decode("snapshot file", text.as_bytes())?;
        // A file exported before schema 6 may hold bundle files with no
        // skill's id (see `migrate.rs`).
        snapshot.state.own_resources();
        if snapshot.name.starts_with(INTERNAL)
            || self.backend.snapshot_record(&snapshot.name)?.is_some()
        {
            return Err(StoreError::SnapshotExists(snapshot.name));
        }
        let record = SnapshotRecord::whole(&snapshot, SnapshotKind::Named);
        self.backend.put_snapshot(&record, Some(&snapshot.state))?;
        Ok(info_of(&record))
    }

    /// Rebuilds, in memory, the world from a snapshot and the journal after
    /// it (STO-3); the database is not changed.
    pub fn replay(&self, name: &str) -> Result<SkillWorld, StoreError> {
        let record = self.public_record(name)?;
        Ok(self.replay_from(self.state_of(&record)?, record.seq)?.0)
    }

    /// The sequence number the next journal entry gets.
    pub fn journal_seq(&self) -> u64 {
        self.next_seq
    }

    /// Journal entries still stored.
    pub fn journal_len(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        Ok(txn.open_table(JOURNAL)?.len()?)
    }

    /// The bytes of the journal still stored.
    pub fn journal_bytes(&self) -> u64 {
        self.backend.journal_bytes()
    }

    /// Compactions run since this store was opened (by writes or
    /// [`Store::compact`]).
    pub fn compactions(&self) -> u64 {
        self.backend.compactions()
    }
}

fn info_of(record: &SnapshotRecord) -> SnapshotInfo {
    SnapshotInfo {
        name: record.name.clone(),
        kind: record.kind,
        at: record.at,
        seq: record.seq,
        digest: record.digest.clone(),
    }
}
