//! Review runs (EVO-2) as the store keeps them: one redb table of records
//! keyed by a run id that is never reused, apart from the world (a run is
//! history about the world, not part of its state or digest).
//!
//! The store also holds the one-run-per-agent rule: a small table maps each
//! agent with a running run to that run, and starting a run checks it in
//! the same write transaction that records the new one, so two starts
//! cannot both succeed. A run left `running` by a process that stopped is
//! marked `error` when the file is next opened, so it never blocks the
//! agent for good; that small table keeps this check cheap on every open.
//!
//! A node of a shared store keeps its runs in the shared database instead
//! ([`RunBackend`], replica.rs), which holds the same rule across nodes.

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, TableError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use skillworld_core::Timestamp;

use crate::replica::RunBackend;
use crate::{Store, StoreError};

/// Finished runs kept per kind; older ones are purged when a run is saved.
pub const KEPT_RUNS: usize = 50;

const RUNS: TableDefinition<u64, &[u8]> = TableDefinition::new("review_runs");
/// Agent → the id of its running run.
const RUNNING: TableDefinition<&str, u64> = TableDefinition::new("review_runs_running");

/// The message a run left running by a stopped process ends with.
const INTERRUPTED: &str = "interrupted: the process stopped during the run";

/// Which review pass a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunKind {
    /// "Did this turn produce a reusable procedure?"
    #[serde(rename = "skill-evolve")]
    Evolve,
    /// "Is the library healthy?"
    #[serde(rename = "skill-maintain")]
    Maintain,
}

impl RunKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RunKind::Evolve => "skill-evolve",
            RunKind::Maintain => "skill-maintain",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Running,
    Ok,
    Error,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Ok => "ok",
            RunStatus::Error => "error",
        }
    }
}

/// One review run. `messages` are the run's own conversation (system
/// prompt, data message, model replies, tool results) as chat-completions
/// JSON objects; the store does not interpret them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewRun {
    pub id: u64,
    pub run_name: String,
    pub run_kind: RunKind,
    pub agent: String,
    pub status: RunStatus,
    /// World time when the run started.
    pub started: Timestamp,
    /// Wall time the run took, in milliseconds.
    pub duration_ms: u64,
    /// Model calls made.
    pub iterations: u32,
    pub error: Option<String>,
    /// At least `gate_reason`; the evolve crate adds the mode, the note and
    /// tool counts.
    pub metadata: Map<String, Value>,
    pub messages: Vec<Value>,
}

fn encode(run: &ReviewRun) -> Vec<u8> {
    serde_json::to_vec(run).expect("run records serialise")
}

fn decode(bytes: &[u8]) -> Result<ReviewRun, StoreError> {
    crate::layout::decode_json("review run", bytes)
}

/// Every run, in id order; a database from before runs existed has none.
fn all_runs(db: &Database) -> Result<Vec<ReviewRun>, StoreError> {
    let txn = db.begin_read()?;
    let table = match txn.open_table(RUNS) {
        Ok(table) => table,
        Err(TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
        Err(error) => return Err(error.into()),
    };
    let mut runs = Vec::new();
    for item in table.iter()? {
        runs.push(decode(item?.1.value())?);
    }
    Ok(runs)
}

/// Marks runs left `running` by a stopped process as failed.
pub(crate) fn interrupt_stale(db: &Database) -> Result<(), StoreError> {
    let stale: Vec<u64> = {
        let txn = db.begin_read()?;
        let running = match txn.open_table(RUNNING) {
            Ok(table) => table,
            Err(TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        let mut ids = Vec::new();
        for item in running.iter()? {
            ids.push(item?.1.value());
        }
        ids
    };
    if stale.is_empty() {
        return Ok(());
    }
    let txn = db.begin_write()?;
    {
        let mut table = txn.open_table(RUNS)?;
        for id in stale {
            let Some(mut run) = table.get(id)?.map(|b| decode(b.value())).transpose()? else {
                continue;
            };
            run.status = RunStatus::Error;
            run.error = Some(INTERRUPTED.to_owned());
            table.insert(id, encode(&run).as_slice())?;
        }
        txn.open_table(RUNNING)?.retain(|_, _| false)?;
    }
    txn.commit()?;
    Ok(())
}

impl Store {
    /// Records a new run as `running` and returns it with its id and name,
    /// or refuses with [`StoreError::RunInProgress`] while another run of
    /// the same agent is running.
    pub fn start_review_run(
        &mut self,
        kind: RunKind,
        agent: &str,
        metadata: Map<String, Value>,
    ) -> Result<ReviewRun, StoreError> {
        let started = self.world().now();
        if let Some(shared) = self.hooks.runs.clone() {
            return start_shared(&*shared, kind, agent, metadata, started);
        }
        let txn = self.db().begin_write()?;
        let run = {
            let mut table = txn.open_table(RUNS)?;
            let mut running = txn.open_table(RUNNING)?;
            if let Some(id) = running.get(agent)?.map(|id| id.value()) {
                let run_name = match table.get(id)? {
                    Some(bytes) => decode(bytes.value())?.run_name,
                    None => format!("run {id}"),
                };
                return Err(StoreError::RunInProgress {
                    agent: agent.to_owned(),
                    run_name,
                });
            }
            let next = table.last()?.map_or(1, |(id, _)| id.value() + 1);
            let run = ReviewRun {
                id: next,
                run_name: format!("{}-{next}", kind.as_str()),
                run_kind: kind,
                agent: agent.to_owned(),
                status: RunStatus::Running,
                started,
                duration_ms: 0,
                iterations: 0,
                error: None,
                metadata,
                messages: Vec::new(),
            };
            table.insert(next, encode(&run).as_slice())?;
            running.insert(agent, next)?;
            run
        };
        txn.commit()?;
        Ok(run)
    }

    /// Writes a run's record (normally its end), then purges the oldest
    /// finished runs of its kind beyond [`KEPT_RUNS`].
    pub fn save_review_run(&mut self, run: &ReviewRun) -> Result<(), StoreError> {
        if let Some(shared) = &self.hooks.runs {
            save_shared(&**shared, run)?;
            shared.purge(run.run_kind.as_str(), KEPT_RUNS)?;
            return Ok(());
        }
        let txn = self.db().begin_write()?;
        {
            let mut table = txn.open_table(RUNS)?;
            table.insert(run.id, encode(run).as_slice())?;
            if run.status != RunStatus::Running {
                let mut running = txn.open_table(RUNNING)?;
                if running.get(run.agent.as_str())?.map(|id| id.value()) == Some(run.id) {
                    running.remove(run.agent.as_str())?;
                }
            }
            purge_kind(&mut table, run.run_kind)?;
        }
        txn.commit()?;
        Ok(())
    }

    /// Purges the oldest finished runs beyond [`KEPT_RUNS`] of every kind
    /// (the habitat's `purge` job); returns how many went.
    pub fn purge_review_runs(&mut self) -> Result<usize, StoreError> {
        if let Some(shared) = &self.hooks.runs {
            let mut purged = 0;
            for kind in [RunKind::Evolve, RunKind::Maintain] {
                purged += shared.purge(kind.as_str(), KEPT_RUNS)?;
            }
            return Ok(purged);
        }
        let txn = self.db().begin_write()?;
        let mut purged = 0;
        {
            let mut table = txn.open_table(RUNS)?;
            for kind in [RunKind::Evolve, RunKind::Maintain] {
                purged += purge_kind(&mut table, kind)?;
            }
        }
        txn.commit()?;
        Ok(purged)
    }

    /// Recorded runs, newest first, optionally of one agent.
    pub fn review_runs(&self, agent: Option<&str>) -> Result<Vec<ReviewRun>, StoreError> {
        let mut runs = self.all_review_runs()?;
        runs.retain(|run| agent.is_none_or(|a| run.agent == a));
        runs.reverse();
        Ok(runs)
    }

    /// One run by id.
    pub fn review_run(&self, id: u64) -> Result<Option<ReviewRun>, StoreError> {
        if self.hooks.runs.is_some() {
            return Ok(self.all_review_runs()?.into_iter().find(|run| run.id == id));
        }
        let txn = self.db().begin_read()?;
        let table = match txn.open_table(RUNS) {
            Ok(table) => table,
            Err(TableError::TableDoesNotExist(_)) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        table
            .get(id)?
            .map(|bytes| decode(bytes.value()))
            .transpose()
    }
}

impl Store {
    fn all_review_runs(&self) -> Result<Vec<ReviewRun>, StoreError> {
        match &self.hooks.runs {
            Some(shared) => shared.all()?.iter().map(|bytes| decode(bytes)).collect(),
            None => all_runs(self.db()),
        }
    }

    /// On a shared store, marks agent `agent`'s runs left `running` as
    /// interrupted: a node that died during a run leaves one, and the
    /// caller holds the agent's review turn, so none is really running.
    /// Nothing on a local store (its stale runs are marked on open).
    pub fn interrupt_shared_runs(&mut self, agent: &str) -> Result<usize, StoreError> {
        let Some(shared) = self.hooks.runs.clone() else {
            return Ok(0);
        };
        let mut interrupted = 0;
        for mut run in self.all_review_runs()? {
            if run.agent == agent && run.status == RunStatus::Running {
                run.status = RunStatus::Error;
                run.error = Some(INTERRUPTED.to_owned());
                save_shared(&*shared, &run)?;
                interrupted += 1;
            }
        }
        Ok(interrupted)
    }
}

fn save_shared(shared: &dyn RunBackend, run: &ReviewRun) -> Result<(), StoreError> {
    shared.save(
        run.id,
        &run.agent,
        run.run_kind.as_str(),
        run.status.as_str(),
        &encode(run),
    )
}

/// [`Store::start_review_run`] on a shared store: the database refuses a
/// second running run of one agent, whichever node asks.
fn start_shared(
    shared: &dyn RunBackend,
    kind: RunKind,
    agent: &str,
    metadata: Map<String, Value>,
    started: Timestamp,
) -> Result<ReviewRun, StoreError> {
    let id = shared.next_id()?;
    let run = ReviewRun {
        id,
        run_name: format!("{}-{id}", kind.as_str()),
        run_kind: kind,
        agent: agent.to_owned(),
        status: RunStatus::Running,
        started,
        duration_ms: 0,
        iterations: 0,
        error: None,
        metadata,
        messages: Vec::new(),
    };
    match save_shared(shared, &run) {
        Err(StoreError::RunInProgress { agent, .. }) => {
            let running = shared
                .all()?
                .iter()
                .filter_map(|bytes| decode(bytes).ok())
                .find(|r| r.agent == agent && r.status == RunStatus::Running);
            Err(StoreError::RunInProgress {
                agent,
                run_name: running.map_or_else(|| "another run".to_owned(), |r| r.run_name),
            })
        }
        other => other.map(|()| run),
    }
}

/// Removes the oldest finished runs of `kind` beyond [`KEPT_RUNS`].
fn purge_kind(table: &mut redb::Table<u64, &[u8]>, kind: RunKind) -> Result<usize, StoreError> {
    let mut finished = Vec::new();
    for item in table.iter()? {
        let (id, bytes) = item?;
        let stored = decode(bytes.value())?;
        if stored.run_kind == kind && stored.status != RunStatus::Running {
            finished.push(id.value());
        }
    }
    // Ids grow with time, so the oldest come first.
    let excess = finished.len().saturating_sub(KEPT_RUNS);
    for id in &finished[..excess] {
        table.remove(*id)?;
    }
    Ok(excess)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OpenOptions;

    fn finish(store: &mut Store, run: &mut ReviewRun, status: RunStatus) {
        run.status = status;
        store.save_review_run(run).unwrap();
    }

    #[test]
    fn one_running_run_per_agent_and_runs_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("world.redb");
        let mut store = Store::open(&path, OpenOptions::default()).unwrap();
        let mut first = store
            .start_review_run(RunKind::Evolve, "ada", Map::new())
            .unwrap();
        assert_eq!(first.run_name, "skill-evolve-1");
        let refused = store
            .start_review_run(RunKind::Maintain, "ada", Map::new())
            .unwrap_err();
        assert!(
            matches!(&refused, StoreError::RunInProgress { agent, run_name } if agent == "ada" && run_name == "skill-evolve-1"),
            "{refused}"
        );
        let other = store
            .start_review_run(RunKind::Maintain, "bob", Map::new())
            .unwrap();
        finish(&mut store, &mut first, RunStatus::Ok);
        let second = store
            .start_review_run(RunKind::Maintain, "ada", Map::new())
            .unwrap();
        assert_eq!(second.id, 3);
        drop(store);

        // bob's and ada's second run were left running: interrupted.
        let mut store = Store::open(&path, OpenOptions::default()).unwrap();
        let runs = store.review_runs(None).unwrap();
        let ids: Vec<u64> = runs.iter().map(|r| r.id).collect();
        assert_eq!(ids, [3, 2, 1]);
        assert_eq!(runs[0].status, RunStatus::Error);
        assert_eq!(runs[0].error.as_deref(), Some(INTERRUPTED));
        assert_eq!(store.review_run(1).unwrap().unwrap(), first);
        assert_eq!(store.review_run(9).unwrap(), None);
        let bobs = store.review_runs(Some("bob")).unwrap();
        assert_eq!(bobs.len(), 1);
        assert_eq!(bobs[0].id, other.id);
        let after = store.start_review_run(RunKind::Evolve, "ada", Map::new());
        assert_eq!(after.unwrap().id, 4, "an interrupted run holds nobody up");
    }

    #[test]
    fn old_runs_are_purged_keeping_the_newest_per_kind() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("w.redb"), OpenOptions::default()).unwrap();
        let mut maintain = store
            .start_review_run(RunKind::Maintain, "ada", Map::new())
            .unwrap();
        finish(&mut store, &mut maintain, RunStatus::Ok);
        for _ in 0..KEPT_RUNS + 3 {
            let mut run = store
                .start_review_run(RunKind::Evolve, "ada", Map::new())
                .unwrap();
            finish(&mut store, &mut run, RunStatus::Error);
        }
        let runs = store.review_runs(Some("ada")).unwrap();
        let evolve: Vec<u64> = runs
            .iter()
            .filter(|r| r.run_kind == RunKind::Evolve)
            .map(|r| r.id)
            .collect();
        assert_eq!(evolve.len(), KEPT_RUNS);
        assert_eq!(evolve.last(), Some(&5), "ids 2..=4 purged");
        assert!(runs.iter().any(|r| r.id == maintain.id), "other kind kept");
    }

    #[test]
    fn a_database_without_runs_lists_none() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("w.redb"), OpenOptions::default()).unwrap();
        assert!(store.review_runs(None).unwrap().is_empty());
        assert_eq!(store.review_run(1).unwrap(), None);
    }
}
