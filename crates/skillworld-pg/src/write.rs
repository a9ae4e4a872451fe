//! Writes in one global order. A writer locks the journal's head row,
//! learns what other nodes committed since the position it has applied,
//! applies those first, then commits its own entries and state changes in
//! the same transaction. So two nodes racing on one skill's revision
//! serialise: the second sees the first's entry before it checks.

use tokio_postgres::types::Type;
use tokio_postgres::{Client, SimpleQueryMessage};

use crate::backend::{Held, JournalRow};
use crate::{PgBackend, PgError};

/// What one commit writes: journal entries (in order) and the state rows
/// they changed, all in one transaction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// Encoded journal entries, in the order they were applied.
    pub entries: Vec<Vec<u8>>,
    /// Entity rows written, by stable id.
    pub upserts: Vec<(u64, Vec<u8>)>,
    /// Entities removed, by stable id.
    pub removed: Vec<u64>,
    /// The world's own row, when it changed.
    pub world: Option<Vec<u8>>,
    /// New bundle contents by SHA-256 (hex); already stored ones are kept.
    pub blobs: Vec<(String, Vec<u8>)>,
}

impl Batch {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
            && self.upserts.is_empty()
            && self.removed.is_empty()
            && self.world.is_none()
            && self.blobs.is_empty()
    }
}

/// An open write: the journal's head is locked until it commits or is
/// dropped (dropping it rolls back by closing the connection).
pub struct WriteTxn {
    held: Option<Held>,
    backend: PgBackend,
    head: u64,
    missed: Vec<JournalRow>,
}

impl PgBackend {
    /// Starts a write for a node whose world has applied the journal up to
    /// `applied`: locks the head and returns the entries other nodes
    /// committed after `applied`, which the node applies before its own.
    pub async fn begin(&self, applied: u64) -> Result<WriteTxn, PgError> {
        let mut held = self.hold_writer().await?;
        let result = self
            .timed("locking the journal", lock_head(held.client(), applied))
            .await;
        let (head, missed) = held.check_txn(result)?;
        Ok(WriteTxn {
            held: Some(held),
            backend: self.clone(),
            head,
            missed,
        })
    }

    /// Commits `batch` as one write (begin, then commit) for a node that
    /// has applied up to `applied`; refuses with the entries it missed
    /// when others wrote since. For writers whose entries do not depend on
    /// the world (tests, tools); a habitat uses [`PgBackend::begin`].
    pub async fn commit_at(&self, applied: u64, batch: Batch) -> Result<Committed, Behind> {
        let txn = self.begin(applied).await.map_err(Behind::Failed)?;
        if !txn.missed.is_empty() {
            return Err(Behind::Missed(txn.missed.clone()));
        }
        txn.commit(batch).await.map_err(Behind::Failed)
    }
}

/// Why [`PgBackend::commit_at`] wrote nothing.
#[derive(Debug)]
pub enum Behind {
    /// Other nodes committed these entries after the caller's position.
    Missed(Vec<JournalRow>),
    Failed(PgError),
}

/// A committed write: its entries took sequences `first..=last` (none
/// when it had no entries: then `first > last`), and `last` is the head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Committed {
    pub first: u64,
    pub last: u64,
}

impl WriteTxn {
    /// The entries committed by others since the caller's position, in
    /// order: apply them before writing.
    pub fn missed(&self) -> &[JournalRow] {
        &self.missed
    }

    /// The head the write starts from: its entries take `head + 1…`.
    pub fn head(&self) -> u64 {
        self.head
    }

    /// Appends `batch` after the head, changes the state rows, moves the
    /// head and notifies the other nodes, in one transaction.
    pub async fn commit(mut self, batch: Batch) -> Result<Committed, PgError> {
        let mut held = self.held.take().expect("a write commits once");
        let head = self.head;
        let node = self.backend.options.node.clone();
        let result = self
            .backend
            .timed("committing", write(held.client(), head, &node, batch))
            .await;
        held.check_txn(result)
    }

    /// Gives the write up; nothing of it is stored.
    pub async fn rollback(mut self) -> Result<(), PgError> {
        let mut held = self.held.take().expect("a write ends once");
        let result = held
            .client()
            .batch_execute("ROLLBACK")
            .await
            .map_err(PgError::from);
        held.check_txn(result)
    }
}

impl Drop for WriteTxn {
    fn drop(&mut self) {
        // Dropped while open (a panic, a cancelled task): closing the
        // connection makes the server roll back and free the head.
        if let Some(mut held) = self.held.take() {
            held.check_txn::<()>(Err(PgError::Unavailable {
                reason: "a write was abandoned".into(),
            }))
            .ok();
        }
    }
}

async fn lock_head(client: &Client, applied: u64) -> Result<(u64, Vec<JournalRow>), PgError> {
    // One round trip: statements without parameters go as one simple query.
    let answer = client
        .simple_query("BEGIN; SELECT value FROM skillworld_head WHERE name = 'journal' FOR UPDATE")
        .await?;
    let head = answer
        .iter()
        .find_map(|message| match message {
            SimpleQueryMessage::Row(row) => row.get(0).and_then(|v| v.parse::<u64>().ok()),
            _ => None,
        })
        .ok_or_else(|| PgError::Corrupt {
            what: "journal head".into(),
            reason: "no head row".into(),
        })?;
    if head < applied {
        client.batch_execute("ROLLBACK").await?;
        return Err(PgError::Corrupt {
            what: "journal head".into(),
            reason: format!(
                "the database's journal ends at {head} but this node applied up to {applied} (was the database restored from an older backup?)"
            ),
        });
    }
    let missed = if head > applied {
        crate::backend::rows_after(client, applied, None).await?
    } else {
        Vec::new()
    };
    Ok((head, missed))
}

async fn write(client: &Client, head: u64, node: &str, batch: Batch) -> Result<Committed, PgError> {
    let count = batch.entries.len() as u64;
    if batch.is_empty() {
        client.batch_execute("ROLLBACK").await?;
        return Ok(Committed {
            first: head + 1,
            last: head,
        });
    }
    let last = head + count;
    // Typed statements: one round trip each, no prepare.
    if count > 0 {
        let seqs: Vec<i64> = (head + 1..=last).map(|s| s as i64).collect();
        client
            .execute_typed(
                "INSERT INTO skillworld_journal (seq, entry, node, at_ms)
                 SELECT s, e, $3, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
                 FROM unnest($1::bigint[], $2::bytea[]) AS t(s, e)",
                &[
                    (&seqs, Type::INT8_ARRAY),
                    (&batch.entries, Type::BYTEA_ARRAY),
                    (&node, Type::TEXT),
                ],
            )
            .await?;
    }
    if !batch.upserts.is_empty() {
        let (ids, rows): (Vec<i64>, Vec<Vec<u8>>) = batch
            .upserts
            .into_iter()
            .map(|(id, row)| (id as i64, row))
            .unzip();
        client
            .execute_typed(
                "INSERT INTO skillworld_entities (id, row, seq)
                 SELECT i, r, $3 FROM unnest($1::bigint[], $2::bytea[]) AS t(i, r)
                 ON CONFLICT (id) DO UPDATE SET row = EXCLUDED.row, seq = EXCLUDED.seq",
                &[
                    (&ids, Type::INT8_ARRAY),
                    (&rows, Type::BYTEA_ARRAY),
                    (&(last as i64), Type::INT8),
                ],
            )
            .await?;
    }
    if !batch.removed.is_empty() {
        let ids: Vec<i64> = batch.removed.iter().map(|&id| id as i64).collect();
        client
            .execute_typed(
                "DELETE FROM skillworld_entities WHERE id = ANY($1)",
                &[(&ids, Type::INT8_ARRAY)],
            )
            .await?;
    }
    if let Some(world) = &batch.world {
        client
            .execute_typed(
                "INSERT INTO skillworld_world (id, row, seq) VALUES (1, $1, $2)
                 ON CONFLICT (id) DO UPDATE SET row = EXCLUDED.row, seq = EXCLUDED.seq",
                &[(world, Type::BYTEA), (&(last as i64), Type::INT8)],
            )
            .await?;
    }
    if !batch.blobs.is_empty() {
        let (digests, bytes): (Vec<String>, Vec<Vec<u8>>) = batch.blobs.into_iter().unzip();
        client
            .execute_typed(
                "INSERT INTO skillworld_blobs (sha256, bytes)
                 SELECT d, b FROM unnest($1::text[], $2::bytea[]) AS t(d, b)
                 ON CONFLICT (sha256) DO NOTHING",
                &[(&digests, Type::TEXT_ARRAY), (&bytes, Type::BYTEA_ARRAY)],
            )
            .await?;
    }
    // The head moves, the others hear of it, and the write commits: one
    // simple query (the values are numbers this node computed).
    let finish = if count > 0 {
        format!(
            "UPDATE skillworld_head SET value = {last} WHERE name = 'journal';
             SELECT pg_notify('skillworld_journal', '{last}');
             COMMIT"
        )
    } else {
        "COMMIT".to_owned()
    };
    client.batch_execute(&finish).await?;
    Ok(Committed {
        first: head + 1,
        last,
    })
}
