//! The PostgreSQL backend against a real server (`SKILLWORLD_TEST_PG`):
//! schema, one global order, no lost updates, state rows, records, runs,
//! job locks, unavailability. Without the variable every test skips.

mod common;

use std::time::{Duration, Instant};

use common::{admin, database, fresh_database, node, server};
use skillworld_pg::{
    Batch, Behind, PgBackend, PgError, PgOptions, RUNNING, RowChange, RunRow, SnapshotChange,
};

fn entry(text: &str) -> Batch {
    Batch {
        entries: vec![text.as_bytes().to_vec()],
        ..Batch::default()
    }
}

/// Row `id` written as `text` at a write's entry `after`.
fn row(after: u64, id: u64, text: &str, blobs: &[&str]) -> RowChange {
    RowChange {
        after,
        id,
        row: Some(text.as_bytes().to_vec()),
        blobs: blobs.iter().map(|b| b.to_string()).collect(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_schema_is_created_once_and_a_newer_one_is_refused() {
    let Some(url) = database("schema").await else {
        return;
    };
    let a = node(&url, "a").await;
    // A second node (or a restart) finds the schema and migrates nothing.
    let _b = node(&url, "b").await;
    assert_eq!(a.heads().await.unwrap(), (0, 0));
    admin(&url)
        .await
        .batch_execute("UPDATE skillworld_schema SET version = 99")
        .await
        .unwrap();
    let refused = PgBackend::connect(&url, PgOptions::new("c"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused,
            PgError::NewerSchema {
                found: 99,
                supported: skillworld_pg::SCHEMA_VERSION
            }
        ),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("upgrade skillworld"),
        "{refused}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_writer_gets_the_entries_it_missed_before_its_own() {
    let Some(url) = database("order").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    let first = a.begin(0).await.unwrap();
    assert!(first.missed().is_empty());
    assert_eq!(first.commit(entry("a1")).await.unwrap().last, 1);
    // B still thinks the journal is empty: it is handed A's entry first.
    let second = b.begin(0).await.unwrap();
    assert_eq!(second.head(), 1);
    assert_eq!(second.missed().len(), 1);
    assert_eq!(second.missed()[0].entry, b"a1");
    assert_eq!(second.missed()[0].node, "a");
    let committed = second.commit(entry("b1")).await.unwrap();
    assert_eq!((committed.first, committed.last), (2, 2));
    // commit_at refuses a stale position and says what was missed.
    match a.commit_at(1, entry("a2")).await {
        Err(Behind::Missed(rows)) => assert_eq!(rows[0].entry, b"b1"),
        other => panic!("expected the missed entry, got {other:?}"),
    }
    let rows = b.entries_after(0, 100).await.unwrap();
    let seqs: Vec<u64> = rows.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, [1, 2]);
    // A node claiming to be ahead of the database is refused, not merged.
    let ahead = a.begin(10).await.err().expect("refused");
    assert!(ahead.to_string().contains("applied up to 10"), "{ahead}");
    // ...and the connection is usable afterwards.
    assert_eq!(a.heads().await.unwrap().0, 2);
}

/// A node's world in miniature: a revision counter and its position.
#[derive(Default)]
struct Replica {
    applied: u64,
    revision: u64,
}

impl Replica {
    fn apply(&mut self, seq: u64, entry: &[u8]) {
        let text = std::str::from_utf8(entry).unwrap();
        let (_, to) = text.split_once("->").unwrap();
        self.revision = to.parse().unwrap();
        self.applied = seq;
    }

    /// An `If-Match` patch: applies what others wrote first, then checks
    /// the revision; true when this write won.
    async fn patch(&mut self, backend: &PgBackend, if_match: u64) -> bool {
        let txn = backend.begin(self.applied).await.unwrap();
        for row in txn.missed().to_vec() {
            self.apply(row.seq, &row.entry);
        }
        if self.revision != if_match {
            txn.rollback().await.unwrap();
            return false;
        }
        let text = format!("{}->{}", self.revision, self.revision + 1);
        let committed = txn.commit(entry(&text)).await.unwrap();
        self.apply(committed.last, text.as_bytes());
        true
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_if_match_race_has_exactly_one_winner_200_times() {
    let Some(url) = database("race").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    let (mut ra, mut rb) = (Replica::default(), Replica::default());
    for round in 0..200u64 {
        let (left, right) = tokio::join!(ra.patch(&a, round), rb.patch(&b, round));
        assert!(left ^ right, "round {round}: a won {left}, b won {right}");
        // The loser catches up (as its follower would) before the next round.
        let (loser, backend) = if left { (&mut rb, &b) } else { (&mut ra, &a) };
        for row in backend.entries_after(loser.applied, 10).await.unwrap() {
            loser.apply(row.seq, &row.entry);
        }
        assert_eq!((ra.revision, rb.revision), (round + 1, round + 1));
    }
    assert_eq!(a.heads().await.unwrap().0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn state_rows_change_with_their_entries_and_load_consistently() {
    let Some(url) = database("state").await else {
        return;
    };
    let a = node(&url, "a").await;
    // Not filled yet: nothing to start from but the checkpoint.
    let empty = a.load().await.unwrap();
    assert!(!empty.filled);
    let fill = a.begin(0).await.unwrap();
    assert!(!fill.filled());
    fill.fill(Batch {
        rows: vec![row(0, 0, "world v0", &[])],
        ..Batch::default()
    })
    .await
    .unwrap();
    let batch = Batch {
        entries: vec![b"create".to_vec(), b"install".to_vec()],
        rows: vec![
            row(1, 7, "skill v1", &[]),
            row(2, 0, "world v2", &[]),
            row(2, 7, "skill v2", &["ab12"]),
        ],
        blobs: vec![("ab12".into(), b"#!/bin/sh".to_vec())],
        snapshots: vec![SnapshotChange {
            after: 1,
            name: "first".into(),
            at_ms: Some(42),
        }],
    };
    let txn = a.begin(0).await.unwrap();
    assert!(txn.filled());
    txn.commit(batch).await.unwrap();
    let batch = Batch {
        entries: vec![b"delete".to_vec()],
        rows: vec![
            row(1, 8, "skill two", &["ab12"]),
            RowChange {
                after: 1,
                id: 7,
                row: None,
                blobs: vec![],
            },
        ],
        // A blob stored again keeps its one row.
        blobs: vec![("ab12".into(), b"#!/bin/sh".to_vec())],
        ..Batch::default()
    };
    a.begin(2).await.unwrap().commit(batch).await.unwrap();
    let loaded = a.load().await.unwrap();
    assert!(loaded.filled);
    assert_eq!(loaded.seq, 3);
    assert_eq!(
        loaded.state.rows,
        vec![(0, b"world v2".to_vec()), (8, b"skill two".to_vec())]
    );
    assert_eq!(
        loaded.state.blobs,
        vec![("ab12".to_owned(), b"#!/bin/sh".to_vec())]
    );
    // The snapshot sees the rows as of its position (entry 1): skill 7's
    // first version, the world's first row, no blob.
    assert_eq!(loaded.snapshots.len(), 1);
    let first = &loaded.snapshots[0];
    assert_eq!(
        (first.name.as_str(), first.seq, first.at_ms),
        ("first", 1, 42)
    );
    assert_eq!(
        first.state.rows,
        vec![(0, b"world v0".to_vec()), (7, b"skill v1".to_vec())]
    );
    assert!(first.state.blobs.is_empty());
    // The first node's starting world is every node's.
    assert_eq!(
        a.checkpoint_or(b"mine".to_vec()).await.unwrap(),
        (0, b"mine".to_vec())
    );
    assert_eq!(
        a.checkpoint_or(b"other".to_vec()).await.unwrap(),
        (0, b"mine".to_vec())
    );
    let blobs = a.blobs(&["ab12".into(), "ffff".into()]).await.unwrap();
    assert_eq!(blobs, vec![("ab12".to_owned(), b"#!/bin/sh".to_vec())]);
    // A write given up leaves nothing behind and frees the head.
    let txn = a.begin(3).await.unwrap();
    drop(txn);
    let b = node(&url, "b").await;
    let committed = tokio::time::timeout(Duration::from_secs(5), async {
        b.begin(3)
            .await
            .unwrap()
            .commit(entry("after"))
            .await
            .unwrap()
    })
    .await
    .expect("an abandoned write frees the head");
    assert_eq!(committed.last, 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compaction_keeps_the_newest_entries_the_head_rows_and_kept_snapshots() {
    let Some(url) = database("compact").await else {
        return;
    };
    let options = PgOptions {
        journal_limit: 1_000,
        ..PgOptions::new("a")
    };
    let a = PgBackend::connect(&url, options).await.unwrap();
    a.begin(0)
        .await
        .unwrap()
        .fill(Batch {
            rows: vec![row(0, 0, "world", &[]), row(0, 5, "gone soon", &["old"])],
            blobs: vec![("old".into(), b"old bytes".to_vec())],
            ..Batch::default()
        })
        .await
        .unwrap();
    // Skill 1 is rewritten by every entry; a snapshot is kept at entry 3.
    let mut compactions = Vec::new();
    for seq in 1..=40u64 {
        let mut batch = Batch {
            entries: vec![vec![b'x'; 100]],
            rows: vec![row(1, 1, &format!("v{seq}"), &[])],
            ..Batch::default()
        };
        if seq == 3 {
            batch.snapshots.push(SnapshotChange {
                after: 1,
                name: "kept".into(),
                at_ms: Some(7),
            });
        }
        if seq == 4 {
            batch.rows.push(RowChange {
                after: 1,
                id: 5,
                row: None,
                blobs: vec![],
            });
        }
        let committed = a.begin(seq - 1).await.unwrap().commit(batch).await.unwrap();
        compactions.extend(committed.compacted);
    }
    // Every write past 1,000 bytes compacted to at most 500: 5 entries.
    assert!(!compactions.is_empty());
    let first = &compactions[0];
    assert_eq!(first.below, 6, "{first:?}");
    assert_eq!(first.journal_entries, 6);
    // The last compaction (at 35) kept 31..=35; 36..=40 came since.
    let kept = a.entries_after(30, 100).await.unwrap();
    let seqs: Vec<u64> = kept.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (31..=40).collect::<Vec<_>>());
    // A reader behind the kept journal is told to reload, by a read and
    // by a write.
    match a.entries_after(2, 10).await {
        Err(PgError::Compacted { applied: 2, .. }) => {}
        other => panic!("expected Compacted, got {other:?}"),
    }
    match a.begin(2).await {
        Err(PgError::Compacted { applied: 2, .. }) => {}
        Err(other) => panic!("expected Compacted, got {other}"),
        Ok(_) => panic!("expected Compacted, got a write"),
    }
    // The head's rows and the snapshot's are whole; the versions no one
    // sees and the blob only the removed row referred to are gone.
    let loaded = a.load().await.unwrap();
    assert_eq!(
        loaded.state.rows,
        vec![(0, b"world".to_vec()), (1, b"v40".to_vec())]
    );
    let snapshot = &loaded.snapshots[0].state;
    assert_eq!(
        snapshot.rows,
        vec![
            (0, b"world".to_vec()),
            (1, b"v3".to_vec()),
            (5, b"gone soon".to_vec())
        ]
    );
    assert_eq!(snapshot.blobs, vec![("old".into(), b"old bytes".to_vec())]);
    // Once the snapshot goes, so do its versions and the blob.
    a.begin(40)
        .await
        .unwrap()
        .commit(Batch {
            entries: vec![vec![b'y'; 600]],
            snapshots: vec![SnapshotChange {
                after: 1,
                name: "kept".into(),
                at_ms: None,
            }],
            ..Batch::default()
        })
        .await
        .unwrap();
    let left: (i64, i64) = {
        let client = admin(&url).await;
        let rows = client
            .query_one("SELECT count(*) FROM skillworld_rows", &[])
            .await
            .unwrap()
            .get(0);
        let blobs = client
            .query_one("SELECT count(*) FROM skillworld_blobs", &[])
            .await
            .unwrap()
            .get(0);
        (rows, blobs)
    };
    assert_eq!(left, (2, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_change_in_version_order_and_deletes_are_seen() {
    let Some(url) = database("records").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    let v1 = a.put_record("tokens", "h1", b"{admin}").await.unwrap();
    let v2 = b.put_record("tokens", "h2", b"{agent ada}").await.unwrap();
    assert!(v2 > v1);
    assert!(a.delete_record("tokens", "h2").await.unwrap());
    assert!(!a.delete_record("tokens", "nope").await.unwrap());
    assert_eq!(
        b.records("tokens").await.unwrap(),
        vec![("h1".to_owned(), b"{admin}".to_vec())]
    );
    // B, which knew version v2, learns of the revocation.
    let changes = b.record_changes_after(v2).await.unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        (changes[0].key.as_str(), changes[0].value.clone()),
        ("h2", None)
    );
    assert_eq!(b.heads().await.unwrap().1, changes[0].version);
    assert_eq!(a.record("tokens", "h1").await.unwrap().unwrap(), b"{admin}");
    assert!(a.record("tokens", "h2").await.unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_nodes_deleting_one_record_exactly_one_deletes_it_100_times() {
    let Some(url) = database("delete_race").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    for round in 0..100 {
        let key = format!("t{round}");
        let put = a.put_record("tokens", &key, b"{agent ada}").await.unwrap();
        let (first, second) = tokio::join!(
            a.delete_record("tokens", &key),
            b.delete_record("tokens", &key)
        );
        let told: Vec<bool> = vec![first.unwrap(), second.unwrap()];
        assert_eq!(
            told.iter().filter(|&&d| d).count(),
            1,
            "round {round}: {told:?}"
        );
        // One tombstone, one version after the put: the loser wrote nothing.
        let changes = b.record_changes_after(put).await.unwrap();
        assert_eq!(changes.len(), 1, "round {round}: {changes:?}");
        assert_eq!(changes[0].value, None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_running_run_per_agent_across_nodes() {
    let Some(url) = database("runs").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    let run = |id, status: &str| RunRow {
        id,
        agent: "ada".into(),
        kind: "skill-evolve".into(),
        status: status.into(),
        body: b"{}".to_vec(),
    };
    let (first, second) = (
        a.next_run_id().await.unwrap(),
        b.next_run_id().await.unwrap(),
    );
    assert_ne!(first, second);
    a.save_run(&run(first, RUNNING)).await.unwrap();
    let refused = b.save_run(&run(second, RUNNING)).await.unwrap_err();
    assert!(
        matches!(refused, PgError::RunInProgress { .. }),
        "{refused}"
    );
    a.save_run(&run(first, "ok")).await.unwrap();
    b.save_run(&run(second, RUNNING)).await.unwrap();
    b.save_run(&run(second, "ok")).await.unwrap();
    assert_eq!(a.purge_runs("skill-evolve", 1).await.unwrap(), 1);
    let kept: Vec<u64> = a.runs().await.unwrap().iter().map(|r| r.id).collect();
    assert_eq!(kept, [second]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_runs_on_one_node_at_a_time() {
    let Some(url) = database("jobs").await else {
        return;
    };
    let (a, b) = (node(&url, "a").await, node(&url, "b").await);
    let held = a.try_job_lock("curator").await.unwrap().expect("free");
    assert!(b.try_job_lock("curator").await.unwrap().is_none());
    // Another job is not held back.
    assert!(b.try_job_lock("purge").await.unwrap().is_some());
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if b.try_job_lock("curator").await.unwrap().is_some() {
            break;
        }
        assert!(Instant::now() < deadline, "the lock was never released");
        tokio::task::yield_now().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_database_fails_fast_and_a_lost_connection_is_made_again() {
    let Some(server) = server("unavailable") else {
        return;
    };
    // Nothing listens on port 1.
    let started = Instant::now();
    let refused = PgBackend::connect("postgres://nobody@127.0.0.1:1/none", PgOptions::new("x"))
        .await
        .unwrap_err();
    assert!(refused.is_unavailable(), "{refused}");
    assert!(
        refused.to_string().starts_with("store unavailable"),
        "{refused}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    let bad = PgBackend::connect("postgres://a@b:notaport/x", PgOptions::new("x"))
        .await
        .unwrap_err();
    assert!(matches!(bad, PgError::Url { .. }), "{bad}");

    let url = fresh_database(&server, "unavailable").await;
    let a = node(&url, "victim").await;
    a.begin(0)
        .await
        .unwrap()
        .commit(entry("one"))
        .await
        .unwrap();
    let killed = admin(&url)
        .await
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = 'skillworld victim'",
            &[],
        )
        .await
        .unwrap();
    // The node's two connections: journal writes, everything else.
    assert_eq!(killed, 2);
    // The first use of each after the loss may fail as unavailable; the
    // next connects again.
    let mut outcome = a.heads().await;
    if let Err(error) = &outcome {
        assert!(error.is_unavailable(), "{error}");
        outcome = a.heads().await;
    }
    assert_eq!(outcome.unwrap().0, 1);
    let mut write = a.begin(1).await;
    if let Err(error) = &write {
        assert!(error.is_unavailable(), "{error}");
        write = a.begin(1).await;
    }
    assert_eq!(write.unwrap().commit(entry("two")).await.unwrap().last, 2);
}
