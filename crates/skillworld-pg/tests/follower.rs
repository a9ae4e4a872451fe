//! The follower against a real server (`SKILLWORLD_TEST_PG`): a node
//! hears of another's writes by notification, and catches up by sequence
//! after its connection is cut. Without the variable the tests skip.

mod common;

use std::time::Duration;

use common::{admin, database, fresh_database, node, server};
use skillworld_pg::{Batch, Follower, Heads};
use tokio::sync::watch;

/// Waits (with a deadline, no fixed sleep) until `ready` holds.
async fn until(heads: &mut watch::Receiver<Heads>, ready: impl Fn(&Heads) -> bool) -> Heads {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let now = *heads.borrow_and_update();
            if ready(&now) {
                return now;
            }
            heads.changed().await.expect("the follower runs");
        }
    })
    .await
    .expect("the follower caught up before the deadline")
}

fn entry(text: &str) -> Batch {
    Batch {
        entries: vec![text.as_bytes().to_vec()],
        ..Batch::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_hears_writes_and_catches_up_after_a_cut() {
    let Some(url) = database("follow").await else {
        return;
    };
    let writer = node(&url, "writer").await;
    let reader = node(&url, "reader").await;
    // A long safety-net tick: what arrives in time arrives by notification.
    let follower = Follower::spawn(reader.clone(), Duration::from_secs(60));
    let mut heads = follower.heads();
    until(&mut heads, |h| h.connected).await;

    writer
        .begin(0)
        .await
        .unwrap()
        .commit(entry("one"))
        .await
        .unwrap();
    until(&mut heads, |h| h.journal == 1).await;
    writer.put_record("tokens", "h", b"x").await.unwrap();
    until(&mut heads, |h| h.records == 1).await;

    // Cut the follower's connection; write while it is away.
    let cut = admin(&url)
        .await
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = 'skillworld reader' AND query LIKE '%skillworld_head%'",
            &[],
        )
        .await
        .unwrap();
    assert!(cut >= 1, "the follower's connection was found and cut");
    writer
        .begin(1)
        .await
        .unwrap()
        .commit(entry("two"))
        .await
        .unwrap();
    writer
        .begin(2)
        .await
        .unwrap()
        .commit(entry("three"))
        .await
        .unwrap();
    // It reconnects, reads the heads and is current again.
    let caught = until(&mut heads, |h| h.connected && h.journal == 3).await;
    assert_eq!(caught.records, 1);
    // The node catches up by sequence from its own position.
    let rows = reader.entries_after(1, 100).await.unwrap();
    assert_eq!(
        rows.iter().map(|r| r.entry.clone()).collect::<Vec<_>>(),
        [b"two".to_vec(), b"three".to_vec()]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_reports_the_database_down_and_back() {
    let Some(server) = server("down") else { return };
    let url = fresh_database(&server, "down").await;
    let reader = node(&url, "watcher").await;
    let follower = Follower::spawn(reader.clone(), Duration::from_millis(200));
    let mut heads = follower.heads();
    until(&mut heads, |h| h.connected).await;
    // Refuse new connections to this database, then cut the follower's.
    let root = admin(&server).await;
    let database = url.rsplit('/').next().unwrap().to_owned();
    root.batch_execute(&format!(
        "ALTER DATABASE {database} ALLOW_CONNECTIONS false"
    ))
    .await
    .unwrap();
    root.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
        &[&database],
    )
    .await
    .unwrap();
    until(&mut heads, |h| !h.connected).await;
    // Writes fail fast meanwhile, as unavailable.
    let refused = reader.begin(0).await.err().expect("no database");
    assert!(refused.is_unavailable(), "{refused}");
    root.batch_execute(&format!("ALTER DATABASE {database} ALLOW_CONNECTIONS true"))
        .await
        .unwrap();
    until(&mut heads, |h| h.connected).await;
    reader
        .begin(0)
        .await
        .unwrap()
        .commit(entry("back"))
        .await
        .unwrap();
    until(&mut heads, |h| h.journal == 1).await;
}
