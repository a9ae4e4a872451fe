//! Review runs (EVO-2) in the shared database: ids from one sequence, so
//! no two nodes give the same id, and the one-running-run-per-agent rule
//! held by a unique index, so two nodes cannot both start a run for one
//! agent. The run itself is the store's encoding (`body`).

use crate::{PgBackend, PgError};

/// One stored run: its id, agent, kind, status and the store's encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRow {
    pub id: u64,
    pub agent: String,
    pub kind: String,
    pub status: String,
    pub body: Vec<u8>,
}

/// The status a running run has; at most one per agent.
pub const RUNNING: &str = "running";

impl PgBackend {
    /// A run id never given before, by any node.
    pub async fn next_run_id(&self) -> Result<u64, PgError> {
        self.on_client("allocating a run id", async |client| {
            let row = client
                .query_one("SELECT nextval('skillworld_run_ids')", &[])
                .await?;
            Ok(row.get::<_, i64>(0) as u64)
        })
        .await
    }

    /// Stores a run; a run saved as `running` while its agent already has
    /// one is refused ([`PgError::RunInProgress`]).
    pub async fn save_run(&self, run: &RunRow) -> Result<(), PgError> {
        self.on_client("saving a run", async |client| {
                client
                    .execute(
                        "INSERT INTO skillworld_runs (id, agent, kind, status, body)
                         VALUES ($1, $2, $3, $4, $5)
                         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body",
                        &[&(run.id as i64), &run.agent, &run.kind, &run.status, &run.body],
                    )
                    .await
                    .map_err(|error| match error.code() {
                        Some(code) if code.code() == "23505" => PgError::RunInProgress {
                            agent: run.agent.clone(),
                        },
                        _ => error.into(),
                    })?;
                Ok(())
        })
        .await
    }

    /// Every run, in id order.
    pub async fn runs(&self) -> Result<Vec<RunRow>, PgError> {
        self.on_client("reading runs", async |client| {
            let rows = client
                .query(
                    "SELECT id, agent, kind, status, body FROM skillworld_runs ORDER BY id",
                    &[],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| RunRow {
                    id: r.get::<_, i64>(0) as u64,
                    agent: r.get(1),
                    kind: r.get(2),
                    status: r.get(3),
                    body: r.get(4),
                })
                .collect())
        })
        .await
    }

    /// Deletes finished runs of `kind` beyond the newest `keep`; how many.
    pub async fn purge_runs(&self, kind: &str, keep: usize) -> Result<u64, PgError> {
        self.on_client("purging runs", async |client| {
            Ok(client
                .execute(
                    "DELETE FROM skillworld_runs WHERE kind = $1 AND status <> 'running'
                         AND id NOT IN (SELECT id FROM skillworld_runs
                             WHERE kind = $1 AND status <> 'running' ORDER BY id DESC LIMIT $2)",
                    &[&kind, &(keep as i64)],
                )
                .await?)
        })
        .await
    }
}
