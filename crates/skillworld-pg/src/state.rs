//! The world's state in the database (STO-5's tables): every version of
//! every row by journal position, the bundle contents they refer to by
//! SHA-256, and shared named snapshots as positions over those versions.
//! A write adds the versions it made in its own transaction; a node starts
//! (or, behind a compacted journal, starts again) from the versions as of
//! the head; compaction drops what neither the head nor a kept snapshot
//! sees.

use std::collections::BTreeSet;

use tokio_postgres::types::Type;
use tokio_postgres::{GenericClient, Transaction};

use crate::PgError;

/// A row a write made: written (`row`, referring to `blobs`) or removed
/// (`None`) at the write's `after`-th journal entry (0: before its first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowChange {
    pub after: u64,
    pub id: u64,
    pub row: Option<Vec<u8>>,
    /// SHA-256 digests (hex) of the bundle contents the row refers to.
    pub blobs: Vec<String>,
}

/// A shared named snapshot saved (`at_ms`: when, on the world's clock) or
/// deleted (`None`) at the write's `after`-th journal entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotChange {
    pub after: u64,
    pub name: String,
    pub at_ms: Option<i64>,
}

/// A state as of one journal position: live rows by id (in id order) and
/// the bundle contents they refer to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StateRows {
    pub rows: Vec<(u64, Vec<u8>)>,
    pub blobs: Vec<(String, Vec<u8>)>,
}

/// A shared named snapshot with its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedSnapshot {
    pub name: String,
    pub seq: u64,
    pub at_ms: i64,
    pub state: StateRows,
}

/// The shared world as of the journal's head, read in one consistent
/// snapshot of the database: follow the journal from `seq`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    pub seq: u64,
    /// Whether the rows hold the whole state: false on a new database
    /// (or one of schema 1) until a node fills them.
    pub filled: bool,
    pub state: StateRows,
    /// The shared named snapshots, oldest first.
    pub snapshots: Vec<LoadedSnapshot>,
}

/// What one compaction dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compaction {
    /// The journal now starts after this position.
    pub below: u64,
    pub journal_entries: u64,
    pub journal_bytes: u64,
    pub row_versions: u64,
    pub blobs: u64,
}

/// A write's journal entries: `first`, `first + 1`, … by `node`.
pub(crate) struct Journal<'a> {
    pub first: u64,
    pub node: &'a str,
    pub entries: Vec<Vec<u8>>,
}

/// Adds a write's journal entries, row versions (entry `after` of the
/// write is at `head + after`) and blobs in one statement (one round trip,
/// no prepare), then its snapshot changes.
pub(crate) async fn write_state(
    client: &impl GenericClient,
    head: u64,
    journal: Journal<'_>,
    rows: Vec<RowChange>,
    blobs: Vec<(String, Vec<u8>)>,
    snapshots: Vec<SnapshotChange>,
) -> Result<(), PgError> {
    let seqs: Vec<i64> = (0..journal.entries.len() as u64)
        .map(|k| (journal.first + k) as i64)
        .collect();
    // One version per (id, position): the last change wins.
    let mut seen = BTreeSet::new();
    let mut kept: Vec<RowChange> = rows
        .into_iter()
        .rev()
        .filter(|r| seen.insert((r.id, r.after)))
        .collect();
    kept.reverse();
    let mut ids = Vec::with_capacity(kept.len());
    let mut versions = Vec::with_capacity(kept.len());
    let mut values = Vec::with_capacity(kept.len());
    let mut refs = Vec::with_capacity(kept.len());
    for change in kept {
        ids.push(change.id as i64);
        versions.push((head + change.after) as i64);
        values.push(change.row);
        // Hex digests hold no comma: one text per row, split in SQL.
        refs.push(change.blobs.join(","));
    }
    let (digests, bytes): (Vec<String>, Vec<Vec<u8>>) = blobs.into_iter().unzip();
    if !(seqs.is_empty() && ids.is_empty() && digests.is_empty()) {
        client
            .execute_typed(
                "WITH journal AS (
                     INSERT INTO skillworld_journal (seq, entry, node, at_ms)
                     SELECT s, e, $3, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
                     FROM unnest($1::bigint[], $2::bytea[]) AS t(s, e)
                 ), blobs AS (
                     INSERT INTO skillworld_blobs (sha256, bytes)
                     SELECT d, b FROM unnest($8::text[], $9::bytea[]) AS t(d, b)
                     ON CONFLICT (sha256) DO NOTHING
                 )
                 INSERT INTO skillworld_rows (id, seq, row, blobs)
                 SELECT i, s, r, string_to_array(b, ',')
                 FROM unnest($4::bigint[], $5::bigint[], $6::bytea[], $7::text[]) AS t(i, s, r, b)
                 ON CONFLICT (id, seq) DO UPDATE SET row = EXCLUDED.row, blobs = EXCLUDED.blobs",
                &[
                    (&seqs, Type::INT8_ARRAY),
                    (&journal.entries, Type::BYTEA_ARRAY),
                    (&journal.node, Type::TEXT),
                    (&ids, Type::INT8_ARRAY),
                    (&versions, Type::INT8_ARRAY),
                    (&values, Type::BYTEA_ARRAY),
                    (&refs, Type::TEXT_ARRAY),
                    (&digests, Type::TEXT_ARRAY),
                    (&bytes, Type::BYTEA_ARRAY),
                ],
            )
            .await?;
    }
    for change in snapshots {
        let seq = (head + change.after) as i64;
        match change.at_ms {
            Some(at_ms) => {
                client
                    .execute_typed(
                        "INSERT INTO skillworld_snapshots (name, seq, at_ms) VALUES ($1, $2, $3)
                         ON CONFLICT (name) DO UPDATE SET seq = EXCLUDED.seq, at_ms = EXCLUDED.at_ms",
                        &[
                            (&change.name, Type::TEXT),
                            (&seq, Type::INT8),
                            (&at_ms, Type::INT8),
                        ],
                    )
                    .await?
            }
            None => {
                client
                    .execute_typed(
                        "DELETE FROM skillworld_snapshots WHERE name = $1",
                        &[(&change.name, Type::TEXT)],
                    )
                    .await?
            }
        };
    }
    Ok(())
}

/// The live rows as of position `at`, and their blobs.
async fn rows_at(client: &impl GenericClient, at: u64) -> Result<StateRows, PgError> {
    let found = client
        .query_typed(
            "SELECT id, row, blobs FROM (
                 SELECT DISTINCT ON (id) id, row, blobs FROM skillworld_rows
                 WHERE seq <= $1 ORDER BY id, seq DESC
             ) AS newest WHERE row IS NOT NULL ORDER BY id",
            &[(&(at as i64), Type::INT8)],
        )
        .await?;
    let mut wanted = BTreeSet::new();
    let mut rows = Vec::with_capacity(found.len());
    for row in &found {
        wanted.extend(row.get::<_, Vec<String>>(2));
        rows.push((row.get::<_, i64>(0) as u64, row.get::<_, Vec<u8>>(1)));
    }
    let wanted: Vec<String> = wanted.into_iter().collect();
    let blobs = if wanted.is_empty() {
        Vec::new()
    } else {
        client
            .query_typed(
                "SELECT sha256, bytes FROM skillworld_blobs WHERE sha256 = ANY($1)",
                &[(&wanted, Type::TEXT_ARRAY)],
            )
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    };
    Ok(StateRows { rows, blobs })
}

/// The state as of the head, with every shared named snapshot's.
pub(crate) async fn load(txn: &Transaction<'_>) -> Result<Loaded, PgError> {
    let (mut seq, mut rows_from) = (0, -1);
    for row in txn
        .query_typed(
            "SELECT name, value FROM skillworld_head WHERE name IN ('journal', 'rows_from')",
            &[],
        )
        .await?
    {
        match row.get::<_, &str>(0) {
            "journal" => seq = row.get::<_, i64>(1) as u64,
            _ => rows_from = row.get::<_, i64>(1),
        }
    }
    let filled = rows_from >= 0;
    if !filled {
        return Ok(Loaded {
            seq,
            ..Loaded::default()
        });
    }
    let state = rows_at(txn, seq).await?;
    let mut snapshots = Vec::new();
    for row in txn
        .query_typed(
            "SELECT name, seq, at_ms FROM skillworld_snapshots ORDER BY seq, name",
            &[],
        )
        .await?
    {
        let at = row.get::<_, i64>(1) as u64;
        snapshots.push(LoadedSnapshot {
            name: row.get(0),
            seq: at,
            at_ms: row.get(2),
            state: rows_at(txn, at).await?,
        });
    }
    Ok(Loaded {
        seq,
        filled,
        state,
        snapshots,
    })
}

/// Drops the journal up to the newest position after which at most
/// `keep_bytes` of entries remain (never the entry at `last`, so a node
/// behind sees the gap), the row versions neither the head nor a kept
/// snapshot sees, and the blobs no kept version refers to.
pub(crate) async fn compact(
    client: &impl GenericClient,
    last: u64,
    keep_bytes: u64,
) -> Result<Compaction, PgError> {
    let below = client
        .query_one(
            "SELECT coalesce(max(seq), 0) FROM (
                 SELECT seq, sum(octet_length(entry)) OVER (ORDER BY seq DESC) AS tail
                 FROM skillworld_journal
             ) AS t WHERE tail > $1",
            &[&(keep_bytes as i64)],
        )
        .await?
        .get::<_, i64>(0)
        .min(last as i64 - 1)
        .max(0);
    let journal = client
        .query_one(
            "WITH gone AS (
                 DELETE FROM skillworld_journal WHERE seq <= $1 RETURNING octet_length(entry) AS n
             ) SELECT count(*), coalesce(sum(n), 0)::bigint FROM gone",
            &[&below],
        )
        .await?;
    // A version replaced at `next` is seen by a snapshot at s when
    // seq <= s < next; the newest version of an id is the head's, unless
    // it is a removal that no snapshot before it needs to hide older ones.
    let row_versions = client
        .query_one(
            "WITH versions AS (
                 SELECT id, seq, row IS NULL AS removed,
                        lead(seq) OVER (PARTITION BY id ORDER BY seq) AS next
                 FROM skillworld_rows
             ), unseen AS (
                 SELECT id, seq FROM versions v WHERE CASE
                     WHEN v.next IS NOT NULL THEN NOT EXISTS (
                         SELECT 1 FROM skillworld_snapshots s WHERE s.seq >= v.seq AND s.seq < v.next)
                     ELSE v.removed AND NOT EXISTS (
                         SELECT 1 FROM skillworld_snapshots s WHERE s.seq < v.seq)
                 END
             ), gone AS (
                 DELETE FROM skillworld_rows r USING unseen u
                 WHERE r.id = u.id AND r.seq = u.seq RETURNING 1
             ) SELECT count(*) FROM gone",
            &[],
        )
        .await?
        .get::<_, i64>(0);
    let blobs = client
        .query_one(
            "WITH used AS (
                 SELECT DISTINCT unnest(blobs) AS sha256 FROM skillworld_rows
             ), gone AS (
                 DELETE FROM skillworld_blobs b
                 WHERE NOT EXISTS (SELECT 1 FROM used WHERE used.sha256 = b.sha256)
                 RETURNING 1
             ) SELECT count(*) FROM gone",
            &[],
        )
        .await?
        .get::<_, i64>(0);
    Ok(Compaction {
        below: below as u64,
        journal_entries: journal.get::<_, i64>(0) as u64,
        journal_bytes: journal.get::<_, i64>(1) as u64,
        row_versions: row_versions as u64,
        blobs: blobs as u64,
    })
}
