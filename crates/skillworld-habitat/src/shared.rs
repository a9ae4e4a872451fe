//! A habitat node on a shared PostgreSQL store (STO-7). The node's world
//! is a replica of one journal: every write locks the journal's head,
//! applies what other nodes committed since this node's position, runs,
//! and commits its own entries in the same transaction; a follower hears
//! of other nodes' writes (LISTEN/NOTIFY, catch-up by sequence) and
//! applies them; the habitat records (tokens, secrets, registrations)
//! live in the database, and a change to them reloads the token table.
//! Without the database, writes fail fast (503) and reads go on from the
//! local world, marked stale.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use skillworld_core::Timestamp;
use skillworld_pg::{
    Batch, Follower, JournalRow, Loaded, PgError, PgOptions, PgSync, RowChange, RunRow,
    SnapshotChange, StateRows,
};
use skillworld_store::{RecordBackend, RunBackend, SharedState, Store, StoreError, Tapped};

/// How often the follower reads the heads when no notification came.
const FOLLOWER_TICK: Duration = Duration::from_millis(500);
/// Journal entries fetched per round of catching up.
const CATCH_UP_BATCH: u32 = 1_000;

/// A node's link to the shared database.
pub struct Replication {
    pg: PgSync,
    follower: Follower,
    /// The last journal sequence this node's world has applied.
    applied: AtomicU64,
    /// The last record version this node's token table reflects.
    records: AtomicU64,
    /// Wall time (ms since the epoch) when the node first heard of an
    /// entry it has not applied yet; 0 while it is current.
    behind_since: AtomicU64,
    /// Set when a commit failed after the world had changed: the world is
    /// ahead of the journal and the node must be restarted.
    diverged: AtomicBool,
}

/// The habitat records and review runs kept in the shared database.
pub struct SharedRecords(PgSync);

impl Replication {
    /// Connects a node to `url` (migrating the schema) and starts its
    /// follower; give the store the returned records.
    pub fn connect(url: &str, options: PgOptions) -> Result<(Replication, SharedRecords), PgError> {
        let pg = PgSync::connect(url, options)?;
        let follower = pg.follow(FOLLOWER_TICK);
        let records = SharedRecords(pg.clone());
        Ok((
            Replication {
                pg,
                follower,
                applied: AtomicU64::new(0),
                records: AtomicU64::new(0),
                behind_since: AtomicU64::new(0),
                diverged: AtomicBool::new(false),
            },
            records,
        ))
    }

    /// Makes `store` (a fresh one, before anything else writes) the
    /// habitat's world: the state tables' rows and the shared named
    /// snapshots as of the head the node then follows the journal from.
    /// A database whose rows were never filled (a new one, or one of
    /// schema 1) is started the old way — the first node's checkpoint and
    /// the whole journal — and this node fills them.
    pub fn start(&self, store: &mut Store) -> Result<Started, StoreError> {
        let started = std::time::Instant::now();
        let loaded = self.load()?;
        if loaded.filled {
            let rows = loaded.state.rows.len();
            let seq = self.adopt(store, loaded)?;
            let how = Started::Tables { seq, rows };
            tracing::info!(
                seq,
                rows,
                ms = started.elapsed().as_millis() as u64,
                "node started from the state tables"
            );
            return Ok(how);
        }
        self.start_from_checkpoint(store)?;
        self.catch_up(store)?;
        let replayed = self.applied();
        self.fill(store)?;
        tracing::info!(
            replayed,
            ms = started.elapsed().as_millis() as u64,
            "node started from the checkpoint and the whole journal; state tables filled"
        );
        Ok(Started::Replay { replayed })
    }

    fn load(&self) -> Result<Loaded, StoreError> {
        self.pg
            .call(|pg| async move { pg.load().await })
            .map_err(store_error)
    }

    /// Makes the store's world and named snapshots `loaded`'s; the
    /// position it is at.
    fn adopt(&self, store: &mut Store, loaded: Loaded) -> Result<u64, StoreError> {
        let snapshots = loaded
            .snapshots
            .into_iter()
            .map(|s| (s.name, Timestamp::from_millis(s.at_ms), shared(s.state)))
            .collect();
        store.unsynced(|store| {
            store.adopt_shared_state(shared(loaded.state))?;
            store.adopt_shared_snapshots(snapshots)
        })?;
        self.applied.store(loaded.seq, Ordering::Relaxed);
        Ok(loaded.seq)
    }

    /// Fills the state tables with this node's world, unless another
    /// node did first.
    fn fill(&self, store: &mut Store) -> Result<(), StoreError> {
        let applied = self.applied();
        let txn = self
            .pg
            .call(move |pg| async move { pg.begin(applied).await })
            .map_err(store_error)?;
        let missed = txn.missed().to_vec();
        store.unsynced(|store| self.apply(store, &missed))?;
        if txn.filled() {
            return self.pg.call(move |_| txn.rollback()).map_err(store_error);
        }
        let batch = batch_of(store.shared_state()?);
        self.pg
            .call(move |_| txn.fill(batch))
            .map(drop)
            .map_err(store_error)
    }

    /// Starts again from the state tables: the journal after this node's
    /// position was compacted away.
    fn reload(&self, store: &mut Store) -> Result<(), StoreError> {
        let behind = self.applied();
        let loaded = self.load()?;
        let seq = self.adopt(store, loaded)?;
        tracing::warn!(
            behind,
            seq,
            "the shared journal was compacted past this node's position; reloaded from the state tables"
        );
        Ok(())
    }

    /// A diverged node (its world may hold a command the journal does not)
    /// starts again from the state tables, which are the journal's world,
    /// as soon as the database answers; until then it stays diverged.
    fn heal(&self, store: &mut Store) -> Result<(), StoreError> {
        if !self.diverged.load(Ordering::Relaxed) {
            return Ok(());
        }
        let loaded = self.load().map_err(|error| {
            tracing::warn!(%error, "a diverged node could not reload yet");
            diverged()
        })?;
        let seq = self.adopt(store, loaded)?;
        self.diverged.store(false, Ordering::Relaxed);
        tracing::warn!(
            seq,
            "this node had diverged from the shared journal; reloaded from the state tables"
        );
        Ok(())
    }

    /// The old start: the first node's checkpoint, at its position.
    fn start_from_checkpoint(&self, store: &mut Store) -> Result<(), StoreError> {
        const NAME: &str = "shared-checkpoint";
        store.save_snapshot(NAME)?;
        let ours = store.export_snapshot(NAME)?.into_bytes();
        let (seq, stored) = self
            .pg
            .call(move |pg| async move { pg.checkpoint_or(ours).await })
            .map_err(store_error)?;
        let text = String::from_utf8(stored).map_err(|e| StoreError::Decode {
            what: "the shared checkpoint".into(),
            reason: e.to_string(),
        })?;
        store.delete_snapshot(NAME)?;
        store.import_snapshot(&text)?;
        store.restore_snapshot(NAME)?;
        // The restore replays from the store's own copy; the name is not
        // one of the habitat's snapshots.
        store.delete_snapshot(NAME)?;
        self.applied.store(seq, Ordering::Relaxed);
        Ok(())
    }

    /// Whether reads may be behind: the follower lost the database, or
    /// the world went ahead of it.
    pub fn is_stale(&self) -> bool {
        !self.follower.heads().borrow().connected || self.diverged.load(Ordering::Relaxed)
    }

    /// `GET /healthz` on this backend.
    pub fn health(&self) -> Health {
        Health {
            status: if self.is_stale() { "stale" } else { "ok" }.into(),
            backend: "postgres".into(),
            journal_seq: self.applied.load(Ordering::Relaxed),
            lag_ms: self.lag_ms(),
        }
    }

    /// How long the node has been behind the journal's head it heard of
    /// (0 when current).
    pub fn lag_ms(&self) -> u64 {
        match self.behind_since.load(Ordering::Relaxed) {
            0 => 0,
            since => now_ms().saturating_sub(since),
        }
    }

    /// The follower heard of head `journal`: starts the lag clock if the
    /// world is behind it, stops it once the world is current.
    pub fn note_head(&self, journal: u64) {
        if journal > self.applied() {
            let _ = self.behind_since.compare_exchange(
                0,
                now_ms(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        } else {
            self.behind_since.store(0, Ordering::Relaxed);
        }
    }

    /// Runs a write: lock the head, apply what others wrote, run `work`,
    /// commit its entries. Call it holding the store, off the async
    /// workers.
    pub fn write<T, E>(
        &self,
        store: &mut Store,
        work: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.heal(store)?;
        let txn = match self.begin() {
            Err(PgError::Compacted { .. }) => {
                self.reload(store)?;
                self.begin()
            }
            other => other,
        }
        .map_err(store_error)?;
        let missed = txn.missed().to_vec();
        // The shared database is the state: the local replica's commits
        // are not waited for.
        let (result, tapped) = store.unsynced(|store| {
            self.apply(store, &missed)?;
            store.start_tap();
            let result = work(store);
            Ok::<_, StoreError>((result, store.take_tapped()))
        })?;
        let batch = batch_of(tapped);
        let wrote = !batch.is_empty();
        match self.pg.call(move |_| txn.commit(batch)) {
            Ok(committed) => {
                self.applied.fetch_max(committed.last, Ordering::Relaxed);
                if let Some(done) = committed.compacted {
                    tracing::info!(
                        below = done.below,
                        journal_entries = done.journal_entries,
                        journal_bytes = done.journal_bytes,
                        row_versions = done.row_versions,
                        blobs = done.blobs,
                        "shared journal compacted"
                    );
                }
                result
            }
            Err(error) => {
                if wrote {
                    self.diverged.store(true, Ordering::Relaxed);
                    tracing::error!(%error, "a commit failed after the world changed; reloading from the state tables");
                }
                Err(store_error(error).into())
            }
        }
    }

    /// Commits entries a read journaled after the fact (reads should not
    /// journal; this keeps the journal whole if one does). When others
    /// wrote in between, the world is out of order: the node is marked
    /// diverged.
    pub fn commit_late(&self, tapped: Tapped) {
        let batch = batch_of(tapped);
        if batch.is_empty() {
            return;
        }
        tracing::warn!(
            entries = batch.entries.len(),
            "a read journaled; committing after the fact"
        );
        let applied = self.applied.load(Ordering::Relaxed);
        let outcome = self.pg.call(move |pg| async move {
            match pg.commit_at(applied, batch).await {
                Ok(committed) => Ok(committed.last),
                Err(skillworld_pg::Behind::Missed(_)) => Err("others wrote first".to_owned()),
                Err(skillworld_pg::Behind::Failed(error)) => Err(error.to_string()),
            }
        });
        match outcome {
            Ok(last) => {
                self.applied.fetch_max(last, Ordering::Relaxed);
            }
            Err(reason) => {
                self.diverged.store(true, Ordering::Relaxed);
                tracing::error!(%reason, "entries journaled by a read could not be committed; reloading from the state tables");
            }
        }
    }

    /// Applies every entry committed after this node's position. Call it
    /// holding the store, off the async workers.
    pub fn catch_up(&self, store: &mut Store) -> Result<(), StoreError> {
        self.heal(store)?;
        loop {
            let applied = self.applied.load(Ordering::Relaxed);
            let rows = match self
                .pg
                .call(move |pg| async move { pg.entries_after(applied, CATCH_UP_BATCH).await })
            {
                Err(PgError::Compacted { .. }) => {
                    self.reload(store)?;
                    continue;
                }
                other => other.map_err(store_error)?,
            };
            store.unsynced(|store| self.apply(store, &rows))?;
            // A short batch was the journal's end as of that read.
            if rows.len() < CATCH_UP_BATCH as usize {
                return Ok(());
            }
        }
    }

    fn begin(&self) -> Result<skillworld_pg::WriteTxn, PgError> {
        let applied = self.applied();
        self.pg
            .call(move |pg| async move { pg.begin(applied).await })
    }

    fn apply(&self, store: &mut Store, rows: &[JournalRow]) -> Result<(), StoreError> {
        for row in rows {
            store.apply_encoded(&row.entry)?;
            self.applied.store(row.seq, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Job `name`'s advisory lock, if no node holds it.
    pub async fn job_lock(&self, name: &str) -> Result<Option<skillworld_pg::JobLock>, PgError> {
        let name = name.to_owned();
        self.pg
            .call_async(move |pg| async move { pg.try_job_lock(&name).await })
            .await
    }

    /// What the follower heard of: (journal head, records head).
    pub fn heads(&self) -> tokio::sync::watch::Receiver<skillworld_pg::Heads> {
        self.follower.heads()
    }

    pub fn applied(&self) -> u64 {
        self.applied.load(Ordering::Relaxed)
    }

    /// Notes that the token table reflects records up to `version`;
    /// whether that is news.
    pub fn records_seen(&self, version: u64) -> bool {
        self.records.fetch_max(version, Ordering::Relaxed) < version
    }

    /// A reload of the token table failed: the next heads reload it again.
    pub fn records_unseen(&self) {
        self.records.store(0, Ordering::Relaxed);
    }
}

/// How a node started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Started {
    /// From the state tables as of journal position `seq`.
    Tables { seq: u64, rows: usize },
    /// From the checkpoint and `replayed` journal entries (the tables were
    /// not filled yet; this node filled them).
    Replay { replayed: u64 },
}

/// A write's tapped entries and state as the database takes them.
fn batch_of(tapped: Tapped) -> Batch {
    Batch {
        entries: tapped.entries,
        rows: tapped
            .rows
            .into_iter()
            .map(|r| RowChange {
                after: r.after as u64,
                id: r.id,
                row: r.row,
                blobs: r.blobs,
            })
            .collect(),
        blobs: tapped.blobs,
        snapshots: tapped
            .snapshots
            .into_iter()
            .map(|s| SnapshotChange {
                after: s.after as u64,
                name: s.name,
                at_ms: s.at.map(Timestamp::as_millis),
            })
            .collect(),
    }
}

fn shared(state: StateRows) -> SharedState {
    SharedState {
        rows: state.rows,
        blobs: state.blobs,
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn diverged() -> StoreError {
    StoreError::Unavailable(
        "this node's world went ahead of the shared journal after a failed commit; it reloads from the shared state tables once the database answers (or restart the node)"
            .into(),
    )
}

pub(crate) fn store_error(error: PgError) -> StoreError {
    match error {
        PgError::Unavailable { reason } => StoreError::Unavailable(format!(
            "the PostgreSQL database cannot be reached ({reason})"
        )),
        other => StoreError::Commit(other.to_string()),
    }
}

impl RecordBackend for SharedRecords {
    fn put(&self, kind: &str, key: &str, value: &[u8]) -> Result<(), StoreError> {
        let (kind, key, value) = (kind.to_owned(), key.to_owned(), value.to_vec());
        self.0
            .call(move |pg| async move { pg.put_record(&kind, &key, &value).await })
            .map(drop)
            .map_err(store_error)
    }

    fn delete(&self, kind: &str, key: &str) -> Result<bool, StoreError> {
        let (kind, key) = (kind.to_owned(), key.to_owned());
        self.0
            .call(move |pg| async move { pg.delete_record(&kind, &key).await })
            .map_err(store_error)
    }

    fn list(&self, kind: &str) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let kind = kind.to_owned();
        self.0
            .call(move |pg| async move { pg.records(&kind).await })
            .map_err(store_error)
    }
}

impl RunBackend for SharedRecords {
    fn next_id(&self) -> Result<u64, StoreError> {
        self.0
            .call(|pg| async move { pg.next_run_id().await })
            .map_err(store_error)
    }

    fn save(
        &self,
        id: u64,
        agent: &str,
        kind: &str,
        status: &str,
        body: &[u8],
    ) -> Result<(), StoreError> {
        let run = RunRow {
            id,
            agent: agent.to_owned(),
            kind: kind.to_owned(),
            status: status.to_owned(),
            body: body.to_vec(),
        };
        self.0
            .call(move |pg| async move { pg.save_run(&run).await })
            .map_err(|error| match error {
                PgError::RunInProgress { agent } => StoreError::RunInProgress {
                    agent,
                    run_name: String::new(),
                },
                other => store_error(other),
            })
    }

    fn all(&self) -> Result<Vec<Vec<u8>>, StoreError> {
        self.0
            .call(|pg| async move { pg.runs().await })
            .map(|runs| runs.into_iter().map(|run| run.body).collect())
            .map_err(store_error)
    }

    fn purge(&self, kind: &str, keep: usize) -> Result<usize, StoreError> {
        let kind = kind.to_owned();
        self.0
            .call(move |pg| async move { pg.purge_runs(&kind, keep).await })
            .map(|purged| purged as usize)
            .map_err(store_error)
    }
}

/// `GET /healthz` (STO-7): no skill data, on both backends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, or `stale` while a node has lost its shared database (or its
    /// world went ahead of it).
    pub status: String,
    /// `redb` or `postgres`.
    pub backend: String,
    /// The journal position this node's world has applied (redb: the
    /// next sequence number of the file's journal).
    pub journal_seq: u64,
    /// How long the node has been behind the newest entry it heard of; 0
    /// when current (always on redb).
    pub lag_ms: u64,
}

/// The redb backend's `GET /healthz`.
pub fn local_health(journal_seq: u64) -> Health {
    Health {
        status: "ok".into(),
        backend: "redb".into(),
        journal_seq,
        lag_ms: 0,
    }
}
