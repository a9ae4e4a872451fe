//! Habitat records in the shared database: tokens by hash, sealed
//! secrets, MCP registrations, curator state. Not world state (a restore
//! never brings back a revoked token), but every node must see a change:
//! each write takes the next record version under the records head's row
//! lock and notifies, and a delete leaves a tombstone, so a follower that
//! knows version V asks for what changed after V.

use tokio_postgres::Client;

use crate::{PgBackend, PgError};

/// A record written or (`value: None`) deleted at `version`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordChange {
    pub kind: String,
    pub key: String,
    pub value: Option<Vec<u8>>,
    pub version: u64,
}

impl PgBackend {
    /// Stores `value` under (`kind`, `key`); returns the record version.
    pub async fn put_record(&self, kind: &str, key: &str, value: &[u8]) -> Result<u64, PgError> {
        self.change_record(kind, key, Some(value)).await
    }

    /// Deletes (`kind`, `key`); whether it existed.
    pub async fn delete_record(&self, kind: &str, key: &str) -> Result<bool, PgError> {
        let existed = self.record(kind, key).await?.is_some();
        if existed {
            self.change_record(kind, key, None).await?;
        }
        Ok(existed)
    }

    /// The record (`kind`, `key`), if stored.
    pub async fn record(&self, kind: &str, key: &str) -> Result<Option<Vec<u8>>, PgError> {
        self.on_client("reading a record", async |client| {
            Ok(client
                .query_opt(
                    "SELECT value FROM skillworld_records
                         WHERE kind = $1 AND key = $2 AND value IS NOT NULL",
                    &[&kind, &key],
                )
                .await?
                .map(|row| row.get(0)))
        })
        .await
    }

    /// Every record of `kind`, in key order.
    pub async fn records(&self, kind: &str) -> Result<Vec<(String, Vec<u8>)>, PgError> {
        self.on_client("reading records", async |client| {
            let rows = client
                .query(
                    "SELECT key, value FROM skillworld_records
                         WHERE kind = $1 AND value IS NOT NULL ORDER BY key",
                    &[&kind],
                )
                .await?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
        })
        .await
    }

    /// Record changes after `version`, in version order (deletes as
    /// `value: None`): how a node keeps its copies (its token table) in
    /// step with the other nodes' writes.
    pub async fn record_changes_after(&self, version: u64) -> Result<Vec<RecordChange>, PgError> {
        self.on_client("reading record changes", async |client| {
            let rows = client
                .query(
                    "SELECT kind, key, value, version FROM skillworld_records
                         WHERE version > $1 ORDER BY version",
                    &[&(version as i64)],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| RecordChange {
                    kind: r.get(0),
                    key: r.get(1),
                    value: r.get(2),
                    version: r.get::<_, i64>(3) as u64,
                })
                .collect())
        })
        .await
    }

    async fn change_record(
        &self,
        kind: &str,
        key: &str,
        value: Option<&[u8]>,
    ) -> Result<u64, PgError> {
        let mut held = self.hold().await?;
        let result = self
            .timed("writing a record", change(held.client(), kind, key, value))
            .await;
        held.check_txn(result)
    }
}

async fn change(
    client: &mut Client,
    kind: &str,
    key: &str,
    value: Option<&[u8]>,
) -> Result<u64, PgError> {
    let txn = client.transaction().await?;
    // The head's row lock orders record versions by commit: a follower
    // never sees version V+1 before V.
    let version: i64 = txn
        .query_one(
            "UPDATE skillworld_head SET value = value + 1 WHERE name = 'records' RETURNING value",
            &[],
        )
        .await?
        .get(0);
    txn.execute(
        "INSERT INTO skillworld_records (kind, key, value, version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version",
        &[&kind, &key, &value, &version],
    )
    .await?;
    txn.execute(
        "SELECT pg_notify('skillworld_records', $1)",
        &[&version.to_string()],
    )
    .await?;
    txn.commit().await?;
    Ok(version as u64)
}
