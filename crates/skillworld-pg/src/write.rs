//! Writes in one global order. A writer locks the journal's head row,
//! learns what other nodes committed since the position it has applied,
//! applies those first, then commits its own entries and state changes in
//! the same transaction. So two nodes racing on one skill's revision
//! serialise: the second sees the first's entry before it checks.

use tokio_postgres::{Client, SimpleQueryMessage};

use crate::backend::{Held, JournalRow};
use crate::state::{Compaction, Journal, RowChange, SnapshotChange, write_state};
use crate::{PgBackend, PgError};

/// What one commit writes, all in one transaction: journal entries (in
/// order) and the state they made — row versions, new bundle contents,
/// shared snapshot changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// Encoded journal entries, in the order they were applied.
    pub entries: Vec<Vec<u8>>,
    /// The rows the entries wrote or removed.
    pub rows: Vec<RowChange>,
    /// Bundle contents by SHA-256 (hex); already stored ones are kept.
    pub blobs: Vec<(String, Vec<u8>)>,
    /// Shared named snapshots saved or deleted.
    pub snapshots: Vec<SnapshotChange>,
}

impl Batch {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
            && self.rows.is_empty()
            && self.blobs.is_empty()
            && self.snapshots.is_empty()
    }
}

/// An open write: the journal's head is locked until it commits or is
/// dropped (dropping it rolls back by closing the connection).
pub struct WriteTxn {
    held: Option<Held>,
    backend: PgBackend,
    head: Head,
    missed: Vec<JournalRow>,
}

/// The head rows a write locks and reads.
#[derive(Clone, Copy, Debug, Default)]
struct Head {
    journal: u64,
    journal_bytes: u64,
    /// Where the state rows were filled (-1: not yet).
    rows_from: i64,
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
    /// The compaction the write ran, when the journal had outgrown the
    /// limit ([`crate::PgOptions::journal_limit`]).
    pub compacted: Option<Compaction>,
}

impl WriteTxn {
    /// The entries committed by others since the caller's position, in
    /// order: apply them before writing.
    pub fn missed(&self) -> &[JournalRow] {
        &self.missed
    }

    /// The head the write starts from: its entries take `head + 1…`.
    pub fn head(&self) -> u64 {
        self.head.journal
    }

    /// Whether the state rows hold the whole state (see [`WriteTxn::fill`]).
    pub fn filled(&self) -> bool {
        self.head.rows_from >= 0
    }

    /// Appends `batch` after the head, adds its state rows, moves the
    /// head, compacts when the journal outgrew the limit, and notifies
    /// the other nodes, in one transaction.
    pub async fn commit(self, batch: Batch) -> Result<Committed, PgError> {
        self.finish(batch, false).await
    }

    /// Replaces the state rows with `batch.rows` (the whole state as of
    /// the head, every change at `after` 0) and marks them filled: the
    /// first node of a new database (or of one of schema 1) does this once.
    pub async fn fill(self, batch: Batch) -> Result<Committed, PgError> {
        self.finish(batch, true).await
    }

    async fn finish(mut self, batch: Batch, fill: bool) -> Result<Committed, PgError> {
        let mut held = self.held.take().expect("a write commits once");
        let write = Write {
            head: self.head,
            node: &self.backend.options.node,
            limit: self.backend.options.journal_limit,
            fill,
        };
        let result = self
            .backend
            .timed("committing", write.run(held.client(), batch))
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

async fn lock_head(client: &Client, applied: u64) -> Result<(Head, Vec<JournalRow>), PgError> {
    // One round trip: statements without parameters go as one simple query.
    // Every writer locks the 'journal' row first (the rows are read in name
    // order), so writes are serialised on it.
    let answer = client
        .simple_query(
            "BEGIN; SELECT name, value FROM skillworld_head
             WHERE name IN ('journal', 'journal_bytes', 'rows_from') ORDER BY name FOR UPDATE",
        )
        .await?;
    let mut head = Head {
        rows_from: -1,
        ..Head::default()
    };
    let mut found = false;
    for message in &answer {
        if let SimpleQueryMessage::Row(row) = message {
            let value = row.get(1).and_then(|v| v.parse::<i64>().ok()).unwrap_or(0);
            match row.get(0) {
                Some("journal") => {
                    head.journal = value as u64;
                    found = true;
                }
                Some("journal_bytes") => head.journal_bytes = value as u64,
                Some("rows_from") => head.rows_from = value,
                _ => {}
            }
        }
    }
    if !found {
        return Err(PgError::Corrupt {
            what: "journal head".into(),
            reason: "no head row".into(),
        });
    }
    if head.journal < applied {
        client.batch_execute("ROLLBACK").await?;
        return Err(PgError::Corrupt {
            what: "journal head".into(),
            reason: format!(
                "the database's journal ends at {} but this node applied up to {applied} (was the database restored from an older backup?)",
                head.journal
            ),
        });
    }
    let missed = if head.journal > applied {
        crate::backend::rows_after(client, applied, None).await?
    } else {
        Vec::new()
    };
    Ok((head, missed))
}

/// One write's commit.
struct Write<'a> {
    head: Head,
    node: &'a str,
    limit: u64,
    fill: bool,
}

impl Write<'_> {
    async fn run(self, client: &Client, batch: Batch) -> Result<Committed, PgError> {
        let head = self.head.journal;
        let count = batch.entries.len() as u64;
        if batch.is_empty() && !self.fill {
            client.batch_execute("ROLLBACK").await?;
            return Ok(Committed {
                first: head + 1,
                last: head,
                compacted: None,
            });
        }
        let last = head + count;
        let added: u64 = batch.entries.iter().map(|e| e.len() as u64).sum();
        if self.fill {
            client.batch_execute("DELETE FROM skillworld_rows").await?;
        }
        let journal = Journal {
            first: head + 1,
            node: self.node,
            entries: batch.entries,
        };
        write_state(
            client,
            head,
            journal,
            batch.rows,
            batch.blobs,
            batch.snapshots,
        )
        .await?;
        let mut bytes = self.head.journal_bytes + added;
        // Compaction needs the rows whole: a node behind the compacted
        // journal starts again from them.
        let filled = self.fill || self.head.rows_from >= 0;
        let compacted = if filled && count > 0 && bytes > self.limit {
            let done = crate::state::compact(client, last, self.limit / 2).await?;
            bytes = bytes.saturating_sub(done.journal_bytes);
            Some(done)
        } else {
            None
        };
        // The heads move, the others hear of it, and the write commits:
        // one simple query (the values are numbers this node computed).
        let rows_from = if self.fill {
            format!("UPDATE skillworld_head SET value = {head} WHERE name = 'rows_from';")
        } else {
            String::new()
        };
        let finish = if count > 0 {
            format!(
                "{rows_from}
                 UPDATE skillworld_head SET value = CASE name WHEN 'journal' THEN {last} ELSE {bytes} END
                 WHERE name IN ('journal', 'journal_bytes');
                 SELECT pg_notify('skillworld_journal', '{last}');
                 COMMIT"
            )
        } else {
            format!("{rows_from} COMMIT")
        };
        client.batch_execute(&finish).await?;
        Ok(Committed {
            first: head + 1,
            last,
            compacted,
        })
    }
}
