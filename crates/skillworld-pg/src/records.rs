//! Habitat records in the shared database: tokens by hash, sealed
//! secrets, MCP registrations, curator state. Not world state (a restore
//! never brings back a revoked token), but every node must see a change:
//! each write takes the next record version under the records head's row
//! lock and notifies, and a delete leaves a tombstone, so a follower that
//! knows version V asks for what changed after V.

use tokio_postgres::Client;
use tokio_postgres::types::Type;

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
        let version = self.change_record(kind, key, Some(value)).await?;
        Ok(version.expect("a put always writes"))
    }

    /// Deletes (`kind`, `key`); whether it existed. One transaction: of
    /// two nodes deleting one record, exactly one is told it existed.
    pub async fn delete_record(&self, kind: &str, key: &str) -> Result<bool, PgError> {
        Ok(self.change_record(kind, key, None).await?.is_some())
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
    ) -> Result<Option<u64>, PgError> {
        let mut held = self.hold().await?;
        let result = self
            .timed("writing a record", change(held.client(), kind, key, value))
            .await;
        held.check_txn(result)
    }
}

/// Writes or (`None`) tombstones a record under the next version; `None`
/// back when there was no live record to delete.
async fn change(
    client: &mut Client,
    kind: &str,
    key: &str,
    value: Option<&[u8]>,
) -> Result<Option<u64>, PgError> {
    let txn = client.transaction().await?;
    // The head's row lock, taken first by puts and deletes alike, orders
    // record versions by commit: a follower never sees V+1 before V.
    let version: i64 = txn
        .query_typed_one(
            "UPDATE skillworld_head SET value = value + 1 WHERE name = 'records' RETURNING value",
            &[],
        )
        .await?
        .get(0);
    let written = match value {
        Some(value) => {
            txn.execute_typed(
                "INSERT INTO skillworld_records (kind, key, value, version) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (kind, key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version",
                &[
                    (&kind, Type::TEXT),
                    (&key, Type::TEXT),
                    (&value, Type::BYTEA),
                    (&version, Type::INT8),
                ],
            )
            .await?
        }
        // The check and the tombstone are one statement.
        None => {
            txn.execute_typed(
                "UPDATE skillworld_records SET value = NULL, version = $3
                 WHERE kind = $1 AND key = $2 AND value IS NOT NULL",
                &[
                    (&kind, Type::TEXT),
                    (&key, Type::TEXT),
                    (&version, Type::INT8),
                ],
            )
            .await?
        }
    };
    if written == 0 {
        txn.rollback().await?;
        return Ok(None);
    }
    txn.batch_execute(&format!(
        "SELECT pg_notify('skillworld_records', '{version}')"
    ))
    .await?;
    txn.commit().await?;
    Ok(Some(version as u64))
}
