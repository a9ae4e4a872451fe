//! The habitat side of a shared store (STO-7): catching the node's world
//! up with the journal and its token table with the records, whenever the
//! follower hears the heads move; and the health every backend reports.

use std::sync::Arc;

use serde_json::Value;
use skillworld_store::StoreError;

use crate::{Habitat, HabitatError, Tokens};

impl Habitat {
    /// `GET /healthz`: `{"status","backend","journal_seq","lag_ms"}`.
    pub async fn health(&self) -> Value {
        match self.replication() {
            Some(replication) => replication.health(),
            None => self.read(|store| crate::shared::local_health(store)).await,
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
    /// heads move, catches up. Spawn it once, after the first catch-up.
    pub async fn follow(self: Arc<Self>) {
        let Some(replication) = self.replication().cloned() else {
            return;
        };
        let mut heads = replication.heads();
        while heads.changed().await.is_ok() {
            let now = *heads.borrow_and_update();
            if !now.connected {
                continue;
            }
            let behind = now.journal > replication.applied();
            let reload = replication.records_seen(now.records);
            if !(behind || reload) {
                continue;
            }
            let habitat = self.clone();
            let outcome = self
                .write_locked(move |store| {
                    if behind {
                        replication_of(&habitat).catch_up(store)?;
                    }
                    if reload {
                        *habitat.tokens_mut() = Tokens::load(store)?;
                    }
                    Ok::<(), StoreError>(())
                })
                .await;
            if let Err(error) = outcome {
                // The follower retries on its next tick or reconnection.
                tracing::warn!(%error, "catching up with the shared journal failed");
            }
        }
    }
}

fn replication_of(habitat: &Habitat) -> &crate::shared::Replication {
    habitat.replication().expect("a shared store")
}
