//! STO-2: a writer killed with SIGKILL at random moments, 50 times. After
//! every kill the database opens, every write the child acknowledged is
//! there, and no write is half-applied. Twice: a plain writer (`Store::run`)
//! and a habitat's concurrent writers on group commit (`Habitat::write`).
//!
//! The test binary is its own child: run with `CRASH_CHILD_DB` set, the
//! `crash_child` test (or `crash_child_group_commit`) writes skills until it
//! is killed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_habitat::{Habitat, HabitatError, HabitatOptions};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::{Clock, Layer};

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(0))),
        platform: Some("linux".into()),
        seed: vec![],
        journal_limit: None,
        cache_bytes: None,
    }
}

/// A skill whose parts all name its number, so a torn write would show.
fn document(n: u64) -> SkillDocument {
    SkillDocument::new(
        format!("k-{n}"),
        format!("Key {n}."),
        format!("value {n}\n").repeat(50),
    )
}

fn intact(store: &Store, n: u64) -> bool {
    store
        .world()
        .skill_document(&Layer::Commons, &format!("k-{n}"))
        .is_ok_and(|d| {
            d.description == format!("Key {n}.") && d.body == format!("value {n}\n").repeat(50)
        })
}

#[test]
fn crash_child() {
    let Some(db) = std::env::var_os("CRASH_CHILD_DB") else {
        return;
    };
    let mut store = Store::open(Path::new(&db), options()).unwrap();
    let mut n = store.world().state().entities.len() as u64 * 1_000;
    loop {
        // Groups of one to three writes share a commit.
        let group = 1 + n % 3;
        store
            .run(|world| {
                for i in 0..group {
                    world.create(&Layer::Commons, document(n + i)).unwrap();
                }
            })
            .unwrap();
        for i in 0..group {
            println!("acked {}", n + i);
        }
        n += group;
    }
}

/// Four writers on a habitat, each acknowledging a write only when
/// `Habitat::write` returns: when the group commit holding it is durable.
#[test]
fn crash_child_group_commit() {
    let Some(db) = std::env::var_os("CRASH_CHILD_GROUP_DB") else {
        return;
    };
    let db = Path::new(&db);
    let store = Store::open(db, options()).unwrap();
    let base = store.world().state().entities.len() as u64 * 1_000;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let options = HabitatOptions::new(db.parent().unwrap().join("habitat"));
        let habitat = Arc::new(Habitat::new(store, options).unwrap());
        let writers: Vec<_> =
            (0..4u64)
                .map(|writer| {
                    let habitat = habitat.clone();
                    tokio::spawn(async move {
                        for i in 0.. {
                            let n = base + writer + 4 * i;
                            habitat
                                .write(move |store| {
                                    Ok::<_, HabitatError>(store.run(|world| {
                                        world.create(&Layer::Commons, document(n))
                                    })??)
                                })
                                .await
                                .unwrap();
                            println!("acked {n}");
                        }
                    })
                })
                .collect();
        for writer in writers {
            writer.await.unwrap();
        }
    });
}

#[test]
fn acknowledged_writes_survive_sigkill() {
    sigkill_rounds("crash_child", "CRASH_CHILD_DB");
}

#[test]
fn acknowledged_group_commits_survive_sigkill() {
    sigkill_rounds("crash_child_group_commit", "CRASH_CHILD_GROUP_DB");
}

/// Runs `child` (this binary's test of that name) on one database 50 times,
/// killing it at a random moment each time, and checks the database.
fn sigkill_rounds(child_test: &str, variable: &str) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.redb");
    let mut acked: Vec<u64> = Vec::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for round in 0..50 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", child_test, "--nocapture", "--test-threads", "1"])
            .env(variable, &db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines, received) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix("acked ") {
                    let _ = lines.send(n.parse::<u64>().unwrap());
                }
            }
        });
        // Kill at a random moment after the child is writing, however
        // long a loaded machine takes to start it.
        let first = received
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("round {round}: the child never acknowledged a write"));
        acked.push(first);
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_millis(seed % 150));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        acked.extend(received.try_iter());

        let store = Store::open(&db, options())
            .unwrap_or_else(|e| panic!("round {round}: the database must open: {e}"));
        for n in &acked {
            assert!(
                intact(&store, *n),
                "round {round}: acknowledged write {n} is missing or torn"
            );
        }
        for row in store
            .world()
            .state()
            .entities
            .iter()
            .filter(|e| e.record().title.starts_with("k-"))
        {
            let n: u64 = row.record().title[2..].parse().unwrap();
            assert!(
                intact(&store, n),
                "round {round}: write {n} is half-applied"
            );
        }
    }
    assert!(
        acked.len() > 50,
        "the child made progress: {} acknowledged writes",
        acked.len()
    );
}
