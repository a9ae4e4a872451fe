//! Store costs (STO-2, STO-5 targets in docs/PERFORMANCE.md): opening a
//! world of 100,000 skills with 4 KB bodies (each its own, so no blob is
//! shared); taking and listing a snapshot; one acknowledged single-skill write,
//! beside one fsync of 4 KB measured the same way; 1,000 writes sharing one
//! commit; replaying commands in memory.
//!
//! `cargo bench -p skillworld-store --bench store` (`SKILLS=N` to change
//! the world's size).

use std::io::Write;
use std::time::{Duration, Instant};

use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, Store, Writer};
use skillworld_world::{Clock, Layer, LoadRequest, SkillWorld, WorldSettings};

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(0))),
        platform: Some("linux".into()),
        seed: vec![],
        journal_limit: None,
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let skills: usize = std::env::var("SKILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let kept = std::env::var_os("STORE_BENCH_DB").map(std::path::PathBuf::from);
    let path = kept
        .clone()
        .unwrap_or_else(|| dir.path().join("world.redb"));
    if !path.exists() {
        build(&path, skills);
    }
    let open_only = std::env::var_os("OPEN_ONLY").is_some();
    let mut opens = Vec::new();
    for _ in 0..if open_only { 1 } else { 5 } {
        let start = Instant::now();
        let store = Store::open(&path, options()).unwrap();
        opens.push(start.elapsed());
        drop(store);
    }
    println!(
        "open, {skills} skills: median of {} {:.2?}",
        opens.len(),
        median(opens)
    );
    if open_only {
        return;
    }
    run_rest(&path, dir.path(), skills);
}

fn build(path: &std::path::Path, skills: usize) {
    let body: String = "Step: do the thing carefully and check the result.\n".repeat(80);
    println!("body: {} bytes", body.len());
    let start = Instant::now();
    let mut store = Store::open(path, options()).unwrap();
    store
        .run(|world| world.add_agent("ada", None))
        .unwrap()
        .unwrap();
    for chunk in 0..skills.div_ceil(10_000) {
        store
            .run(|world| {
                for i in chunk * 10_000..((chunk + 1) * 10_000).min(skills) {
                    let document = SkillDocument::new(
                        format!("skill-{i:06}"),
                        format!("Skill number {i}."),
                        format!("Skill {i}.\n{body}"),
                    );
                    world.create(&Layer::Commons, document).unwrap();
                }
            })
            .unwrap();
    }
    println!(
        "built {skills} skills in {:.2?}; file {} MB for {} MB of bodies",
        start.elapsed(),
        std::fs::metadata(path).unwrap().len() / 1_000_000,
        skills * body.len() / 1_000_000
    );
}

fn run_rest(path: &std::path::Path, dir: &std::path::Path, skills: usize) {
    let mut store = Store::open(path, options()).unwrap();

    let start = Instant::now();
    store.save_snapshot("bench").unwrap();
    println!("save a snapshot: {:.2?}", start.elapsed());
    let start = Instant::now();
    let listed = store.snapshots().unwrap().len();
    println!("list {listed} snapshot(s): {:.2?}", start.elapsed());
    store.delete_snapshot("bench").unwrap();

    let mut writes = Vec::new();
    for i in 0..200 {
        let start = Instant::now();
        store
            .run(|world| {
                world
                    .update(&Layer::Commons, "skill-000007", |d| {
                        d.description = format!("Changed {i}.")
                    })
                    .unwrap()
            })
            .unwrap();
        writes.push(start.elapsed());
    }
    let fsync_path = dir.join("fsync.bin");
    let mut fsyncs = Vec::new();
    let block = vec![7u8; 4096];
    for _ in 0..200 {
        let start = Instant::now();
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&fsync_path)
            .unwrap();
        file.write_all(&block).unwrap();
        file.sync_all().unwrap();
        fsyncs.push(start.elapsed());
    }
    println!(
        "one acknowledged single-skill write: median {:.2?}",
        median(writes)
    );
    println!(
        "one 4 KB append + fsync (the floor): median {:.2?}",
        median(fsyncs)
    );

    let start = Instant::now();
    store
        .run(|world| {
            for i in 0..1_000 {
                world
                    .update(
                        &Layer::Commons,
                        &format!("skill-{:06}", i * 7 % skills),
                        |d| d.description = format!("Group {i}."),
                    )
                    .unwrap();
            }
        })
        .unwrap();
    let group = start.elapsed();
    println!(
        "1,000 writes in one commit: {group:.2?} ({:.0} writes/s)",
        1_000.0 / group.as_secs_f64()
    );

    let (writer, thread) = Writer::spawn(store);
    let start = Instant::now();
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let writer = writer.clone();
            std::thread::spawn(move || {
                for i in 0..125 {
                    let name = format!("skill-{:06}", (t * 125 + i) * 13 % skills);
                    let description = format!("Concurrent {t}/{i}.");
                    writer
                        .write(move |world| {
                            world
                                .update(&Layer::Commons, &name, |d| d.description = description)
                                .unwrap()
                        })
                        .unwrap();
                }
            })
        })
        .collect();
    for handle in threads {
        handle.join().unwrap();
    }
    let concurrent = start.elapsed();
    drop(writer);
    drop(thread.join());
    println!(
        "1,000 concurrent writes from 8 threads, each acknowledged durable (group commit): {concurrent:.2?} ({:.0} writes/s)",
        1_000.0 / concurrent.as_secs_f64()
    );

    // Replay: a journal of loads and updates applied to a fresh copy.
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    for i in 0..1_000 {
        world
            .create(
                &Layer::Commons,
                SkillDocument::new(format!("s-{i:04}"), "d", "b\n"),
            )
            .unwrap();
    }
    let base = world.state();
    let from = world.journal().len();
    for i in 0..100_000 {
        if i % 10 == 0 {
            world
                .update(&Layer::Commons, &format!("s-{:04}", i % 1_000), |d| {
                    d.description = format!("v{i}")
                })
                .unwrap();
        } else {
            world
                .load(
                    "ada",
                    LoadRequest {
                        name: &format!("s-{:04}", i % 1_000),
                        ..Default::default()
                    },
                )
                .unwrap();
        }
    }
    let journal = world.journal()[from..].to_vec();
    let mut replayed = SkillWorld::from_state(base, Some("linux".into())).unwrap();
    let start = Instant::now();
    for envelope in journal.iter().cloned() {
        replayed.apply(envelope).unwrap();
    }
    let elapsed = start.elapsed();
    assert_eq!(replayed.digest(), world.digest());
    println!(
        "replay: {} commands in {elapsed:.2?} ({:.0} commands/s)",
        journal.len(),
        journal.len() as f64 / elapsed.as_secs_f64()
    );
}
