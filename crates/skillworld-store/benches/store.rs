//! Store costs (STO-2, STO-5 targets in docs/PERFORMANCE.md): opening a
//! world of 100,000 skills with 4 KB bodies (each its own, so no blob is
//! shared); taking and listing a snapshot; one acknowledged single-skill write,
//! beside one fsync of 4 KB measured the same way; 1,000 writes sharing one
//! commit; replaying commands in memory.
//!
//! Bodies are 4,080-byte windows of the real SKILL.md text in
//! `../shared/corpus` (so they compress as skills do), each behind its own
//! first line; without the corpus, generated prose.
//!
//! `cargo bench -p skillworld-store --bench store` (`SKILLS=N` to change
//! the world's size; `STORE_BENCH_DB=PATH` keeps the database there and
//! reuses it; `OPEN_ONLY=1` stops after one open, the first load of a
//! body and the first ranked catalog (`SKIP_RANKED=1`: without the
//! catalog, to profile the open alone); `CACHE_MB=N` sets redb's
//! cache, default `skillworld_store::CACHE_BYTES`; `LOAD_SKILL=NAME` and
//! `LOAD_FILE=PATH` choose the first load, see `first_load`).

use std::io::Write;
use std::time::{Duration, Instant};

use skillworld_core::Timestamp;
use skillworld_format::SkillDocument;
use skillworld_store::{OpenOptions, Store, Writer};
use skillworld_world::{CatalogRequest, Clock, Layer, LoadRequest, SkillWorld, WorldSettings};

/// The allocator the `skillworld` binary ships with, in small pages as it
/// takes them (skillworld-cli's `main.rs`, `small_pages`): an open
/// measured with glibc's allocator measured glibc's arenas (issue 19: the
/// readers' mallocs searching lists fragmented by frees on the opening
/// thread), and with huge pages the kernel zeroing them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn options() -> OpenOptions {
    OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(0))),
        platform: Some("linux".into()),
        seed: vec![],
        journal_limit: None,
        cache_bytes: std::env::var("CACHE_MB")
            .ok()
            .and_then(|mb| mb.parse::<usize>().ok())
            .map(|mb| mb << 20),
    }
}

/// This process's CPU time (user + system, every thread), from
/// `/proc/self/stat` in clock ticks of 10 ms: on a loaded machine the wall
/// clock says more about the neighbours than about the code.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    // SAFETY: a flag of this process only, as the binary sets it.
    unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
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
    let mut cpus = Vec::new();
    for _ in 0..if open_only { 1 } else { 5 } {
        let (start, cpu) = (Instant::now(), cpu_time());
        let store = Store::open(&path, options()).unwrap();
        opens.push(start.elapsed());
        cpus.push(cpu_time() - cpu);
        drop(store);
    }
    println!(
        "open, {skills} skills: median of {} {:.2?} (CPU, all threads: {:.2?}; file {} MB)",
        opens.len(),
        median(opens),
        median(cpus),
        std::fs::metadata(&path).unwrap().len() / 1_000_000
    );
    first_load(&path);
    if std::env::var_os("SKIP_RANKED").is_none() {
        first_ranked(&path);
    }
    if open_only {
        return;
    }
    run_rest(&path, dir.path(), skills);
}

/// The first load of a skill after an open reads its body from the file
/// (issue 19: bodies are left there at open); the next is from memory.
/// `LOAD_SKILL=NAME` loads that skill instead (a database this bench did
/// not build, such as the import bench's: agent `ada` is added when the
/// file has none), and `LOAD_FILE=PATH` then reads one of its bundle
/// files the same way, twice.
fn first_load(path: &std::path::Path) {
    let mut store = Store::open(path, options()).unwrap();
    let skill = std::env::var("LOAD_SKILL").ok();
    let name = skill.as_deref().unwrap_or("skill-000007");
    if skill.is_some() {
        // `None` when the database has an `ada` already.
        store
            .run(|world| world.add_agent("ada", None).ok())
            .unwrap();
    }
    let file = std::env::var("LOAD_FILE").ok();
    // The body twice, then the bundle file twice when one is named.
    let mut reads = vec![None, None];
    if let Some(file) = file.as_deref() {
        reads.extend([Some(file), Some(file)]);
    }
    let mut times = Vec::new();
    for file in reads {
        let start = Instant::now();
        let loaded = store
            .run(|world| {
                world.load(
                    "ada",
                    LoadRequest {
                        name,
                        file,
                        ..LoadRequest::default()
                    },
                )
            })
            .unwrap()
            .unwrap_or_else(|e| {
                panic!("loading {name} {file:?}: {e} (a database this bench did not build needs LOAD_SKILL=NAME)")
            });
        times.push(start.elapsed());
        assert!(!loaded.text.is_empty(), "{name} {file:?} loaded empty");
        if skill.is_none() {
            assert!(loaded.text.starts_with("Skill 7."), "{}", loaded.text);
        }
    }
    println!(
        "first load of a body after the open: {:.2?}; the next (already loaded in the run): {:.2?}",
        times[0], times[1]
    );
    if let [.., first, next] = times[2..] {
        println!("first read of a bundle file after the open: {first:.2?}; the next: {next:.2?}");
    }
}

/// The first catalog ranked by a message after an open builds the term
/// index (CAT-10) that the open left pending; the next one uses it.
fn first_ranked(path: &std::path::Path) {
    let mut store = Store::open(path, options()).unwrap();
    let request = CatalogRequest {
        query: Some("check the config file before a test run".into()),
        ..CatalogRequest::default()
    };
    let mut times = Vec::new();
    for _ in 0..2 {
        let start = Instant::now();
        store
            .run(|world| world.catalog("ada", &request))
            .unwrap()
            .unwrap();
        times.push(start.elapsed());
    }
    println!(
        "first catalog ranked by a message after the open (builds the term index): {:.2?}; the next: {:.2?}",
        times[0], times[1]
    );
}

fn build(path: &std::path::Path, skills: usize) {
    let text = corpus_text();
    println!(
        "bodies: 4,080-byte windows of {} KB of text",
        text.len() / 1000
    );
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
                        body(&text, i),
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
        skills * BODY / 1_000_000
    );
}

const BODY: usize = 4_080;

/// The shared corpus's SKILL.md files, one after another; generated prose
/// when the corpus is not there.
fn corpus_text() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    let mut folders = vec![root];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == "SKILL.md") {
                files.push(path);
            }
        }
    }
    files.sort();
    let text: String = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();
    if text.len() > 64 * BODY {
        return text;
    }
    let words = [
        "check", "the", "result", "file", "before", "a", "run", "skill", "test", "write", "when",
        "config", "output", "and", "of", "to", "agent", "error", "path",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..400_000)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let word = words[(state % words.len() as u64) as usize];
            if i % 12 == 11 {
                format!("{word}.\n")
            } else {
                format!("{word} ")
            }
        })
        .collect()
}

/// Skill `i`'s body: its own first line, then a window of `text`, 4,080
/// bytes in all.
fn body(text: &str, i: usize) -> String {
    let mut body = format!("Skill {i}.\n");
    let mut at = (i * 7_919 * 64) % (text.len() - 2 * BODY);
    while !text.is_char_boundary(at) {
        at += 1;
    }
    for c in text[at..].chars() {
        if body.len() + c.len_utf8() > BODY {
            break;
        }
        body.push(c);
    }
    while body.len() < BODY {
        body.push(' ');
    }
    body
}

/// Loads each in a new run (CAT-6) after 20,000 runs of 100 agents: a
/// run's loaded set is on its agent's row, so the write stays the size of
/// one agent's recent runs however many runs the habitat has seen.
fn run_loads(store: &mut Store) {
    const AGENTS: usize = 100;
    store
        .run(|world| {
            for agent in 0..AGENTS {
                world
                    .add_agent(&format!("runner-{agent:03}"), None)
                    .unwrap();
            }
        })
        .unwrap();
    let load = |world: &mut SkillWorld, i: usize| {
        world
            .load(
                &format!("runner-{:03}", i % AGENTS),
                LoadRequest {
                    name: "skill-000007",
                    run: Some(&format!("run-{i}")),
                    ..Default::default()
                },
            )
            .unwrap();
    };
    for batch in 0..200 {
        store
            .run(|world| (0..100).for_each(|i| load(world, batch * 100 + i)))
            .unwrap();
    }
    let mut writes = Vec::new();
    for i in 20_000..20_200 {
        let start = Instant::now();
        store.run(|world| load(world, i)).unwrap();
        writes.push(start.elapsed());
    }
    println!(
        "one acknowledged load in a new run, after 20,000 runs: median {:.2?}",
        median(writes)
    );
}

fn run_rest(path: &std::path::Path, dir: &std::path::Path, skills: usize) {
    let mut store = Store::open(path, options()).unwrap();

    let start = Instant::now();
    store.save_snapshot("bench").unwrap();
    println!("save a snapshot: {:.2?}", start.elapsed());
    let start = Instant::now();
    store.wait_for_digests();
    println!(
        "its digest, computed from the rows on another thread: ready {:.2?} later",
        start.elapsed()
    );
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

    run_loads(&mut store);

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
