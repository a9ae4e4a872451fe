//! The habitat side of a shared store (STO-7): catching the node's world
//! up with the journal and its token table with the records, whenever the
//! follower hears the heads move; and the health every backend reports.

use std::sync::Arc;

use skillworld_store::StoreError;

use crate::shared::Health;
use crate::{Habitat, HabitatError, Tokens};

impl Habitat {
    /// `GET /healthz`: `{"status","backend","journal_seq","lag_ms"}`.
    /// Never waits on the store: a probe must answer while a long write
    /// (an import, a snapshot) holds it, so the position is the store's
    /// when it is free and otherwise the last one seen.
    pub fn health(&self) -> Health {
        match self.replication() {
            Some(replication) => replication.health(),
            None => crate::shared::local_health(self.journal_position()),
        }
    }

    /// Whether reads may be behind the shared journal (answers carry
    /// `X-Skillworld-Stale: true`).
    pub fn is_stale(&self) -> bool {
        self.replication().is_some_and(|r| r.is_stale())
    }

    /// Applies every entry and record change the node has not seen yet.
    /// A habitat without a shared store has nothing to do.
    pub async fn catch_up(self: &Arc<Self>) -> Result<(), HabitatError> {
        let Some(replication) = self.replication().cloned() else {
            return Ok(());
        };
        let records = replication.heads().borrow().records;
        let habitat = self.clone();
        self.write_locked(move |store| {
            replication.catch_up(store)?;
            replication.records_seen(records);
            *habitat.tokens_mut() = Tokens::load(store)?;
            Ok::<(), StoreError>(())
        })
        .await?;
        Ok(())
    }

    /// Follows the shared journal until the habitat goes: each time the
    /// heads move, catches up (retrying after a failure). Spawn it once,
    /// after the first catch-up.
    pub async fn follow(self: Arc<Self>) {
        let Some(replication) = self.replication().cloned() else {
            return;
        };
        let mut heads = replication.heads();
        loop {
            let now = *heads.borrow_and_update();
            if now.connected && !self.follow_once(&replication, now).await {
                tokio::time::sleep(RETRY).await;
                continue;
            }
            if heads.changed().await.is_err() {
                return;
            }
        }
    }

    /// Applies what the heads say this node lacks; false when that failed.
    async fn follow_once(
        self: &Arc<Self>,
        replication: &Arc<crate::shared::Replication>,
        now: skillworld_pg::Heads,
    ) -> bool {
        replication.note_head(now.journal);
        let behind = now.journal > replication.applied();
        let reload = replication.records_seen(now.records);
        if !(behind || reload) {
            return true;
        }
        let (habitat, shared) = (self.clone(), replication.clone());
        let outcome = self
            .write_locked(move |store| {
                if behind {
                    shared.catch_up(store)?;
                }
                if reload {
                    *habitat.tokens_mut() = Tokens::load(store)?;
                }
                Ok::<(), StoreError>(())
            })
            .await;
        match outcome {
            Ok(()) => {
                replication.note_head(now.journal);
                true
            }
            Err(error) => {
                tracing::warn!(%error, "catching up with the shared journal failed; retrying");
                if reload {
                    replication.records_unseen();
                }
                false
            }
        }
    }
}

/// Jobs that run once per habitat, not once per node (STO-7).
const ONCE_PER_HABITAT: &[&str] = &["curator", "purge"];

/// A node's turn at once-per-habitat work: the advisory lock while it
/// runs, on a shared store; nothing to hold on a local one.
pub(crate) type Turn = Option<skillworld_pg::JobLock>;

impl Habitat {
    /// Whether this node runs job `id` now: always on a local store; on a
    /// shared one, a once-per-habitat job only while this node holds the
    /// job's advisory lock (the guard; `None` inside when no lock is
    /// needed). `Ok(None)`: another node is running it.
    pub(crate) async fn job_turn(&self, id: &str) -> Result<Option<Turn>, String> {
        if !ONCE_PER_HABITAT.contains(&id) {
            return Ok(Some(None));
        }
        self.once_per_habitat(id).await.map_err(|e| e.to_string())
    }

    /// Takes the turn at work that must run on one node at a time (a
    /// job, an agent's review run, a watched folder): `Some` with the
    /// held advisory lock (dropping it ends the turn), or always `Some(None)`
    /// on a local store; `None` while another node holds it.
    pub(crate) async fn once_per_habitat(&self, name: &str) -> Result<Option<Turn>, StoreError> {
        match self.replication() {
            Some(replication) => replication
                .job_lock(name)
                .await
                .map(|lock| lock.map(Some))
                .map_err(crate::shared::store_error),
            None => Ok(Some(None)),
        }
    }
}

/// How soon a failed catch-up is tried again.
const RETRY: std::time::Duration = std::time::Duration::from_millis(200);
