//! Once-per-habitat jobs (curator sweeps, purges): whichever node takes
//! the job's advisory lock runs it; the others skip that round. The lock
//! lives on a connection of its own and ends with it, so a node that dies
//! mid-job frees it.

use sha2::{Digest, Sha256};
use tokio_postgres::Client;

use crate::{PgBackend, PgError};

/// A held job lock; dropping it (or the node dying) releases it.
pub struct JobLock {
    name: String,
    _client: Client,
}

impl std::fmt::Debug for JobLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JobLock").field("name", &self.name).finish()
    }
}

impl JobLock {
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// The advisory lock key of job `name`: the first 8 bytes of SHA-256 of
/// a prefixed name, so it meets no other program's keys by chance.
pub fn job_key(name: &str) -> i64 {
    let digest = Sha256::digest(format!("skillworld job {name}").as_bytes());
    i64::from_be_bytes(digest[..8].try_into().expect("8 bytes"))
}

impl PgBackend {
    /// Takes job `name`'s lock if no node holds it; `None` when another does.
    pub async fn try_job_lock(&self, name: &str) -> Result<Option<JobLock>, PgError> {
        let (client, connection) = self.open().await?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        let taken = self
            .timed("taking a job lock", async {
                let row = client
                    .query_one("SELECT pg_try_advisory_lock($1)", &[&job_key(name)])
                    .await?;
                Ok(row.get::<_, bool>(0))
            })
            .await?;
        Ok(taken.then(|| JobLock {
            name: name.to_owned(),
            _client: client,
        }))
    }
}
