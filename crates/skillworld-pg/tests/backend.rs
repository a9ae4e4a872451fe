//! The PostgreSQL backend against a real server (`SKILLWORLD_TEST_PG`):
//! schema, one global order, no lost updates, state rows, records, runs,
//! job locks, unavailability. Without the variable every test skips.

mod common;

use std::time::{Duration, Instant};

use common::{admin, database, fresh_database, node, server};
use skillworld_pg::{Batch, Behind, PgBackend, PgError, PgOptions, RUNNING, RunRow};

fn entry(text: &str) -> Batch {
    Batch {
        entries: vec![text.as_bytes().to_vec()],
        ..Batch::default()
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
                supported: 1
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
    let batch = Batch {
        entries: vec![b"create".to_vec(), b"install".to_vec()],
        upserts: vec![(1, b"world".to_vec()), (7, b"skill v1".to_vec())],
        removed: vec![],
        world: Some(b"allocator 8".to_vec()),
        blobs: vec![("ab12".into(), b"#!/bin/sh".to_vec())],
    };
    a.begin(0).await.unwrap().commit(batch).await.unwrap();
    let batch = Batch {
        entries: vec![b"delete".to_vec()],
        upserts: vec![(8, b"skill two".to_vec())],
        removed: vec![7],
        world: None,
        // A blob stored again keeps its one row.
        blobs: vec![("ab12".into(), b"#!/bin/sh".to_vec())],
    };
    a.begin(2).await.unwrap().commit(batch).await.unwrap();
    let loaded = a.load().await.unwrap();
    assert_eq!(loaded.seq, 3);
    assert_eq!(loaded.world.as_deref(), Some(&b"allocator 8"[..]));
    assert_eq!(
        loaded.entities,
        vec![(1, b"world".to_vec()), (8, b"skill two".to_vec())]
    );
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
