//! STO-6 import cost, as a user meets it: `skillworld --db w.redb import
//! DIR --commons` of a generated corpus (names that collide across authors,
//! files without frontmatter, scripts and references beside some SKILL.md)
//! into a fresh database with the scanner on, paired in one run against
//! reading the same files. Reports the ratio to the read floor, the
//! fsyncs of the whole command (counted with strace when it is installed),
//! the database size against the corpus bytes, a re-import of the same
//! corpus (every skill updated in place), and the time to open the
//! imported database in this process (STO-5: the rows are read, nothing is
//! replayed).
//!
//! `cargo bench -p skillworld-cli --bench import` (`SKILLS=N` for another
//! corpus size, default 2,300; `ROUNDS=N` paired rounds, default 5;
//! `BASE_BIN=PATH` also times another build's `skillworld` in the same
//! rounds, alternating which goes first, and its re-import; `CORPUS=DIR`
//! writes the corpus into DIR, a new folder, and leaves it there for
//! profiling the command by hand).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../skillworld-format/benches/corpus/mod.rs"]
mod corpus;

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    let skills: usize = std::env::var("SKILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_300);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = std::env::var_os("CORPUS").map_or_else(|| dir.path().join("corpus"), PathBuf::from);
    let written = corpus::generate_shaped(
        &root,
        skills,
        corpus::Shape {
            collide_every: Some(8),
            bare_every: Some(17),
            bundle_files: true,
        },
    );
    println!(
        "corpus: {} skill folders, {} files, {:.2} MB; {} names taken by another folder, {} files without frontmatter",
        written.skills,
        written.files,
        mb(written.bytes),
        written.collisions,
        written.bare
    );

    // Paired: each round reads the files, then imports them (with the
    // base build too, when given, first in every other round).
    let base = std::env::var_os("BASE_BIN").map(PathBuf::from);
    let this = PathBuf::from(env!("CARGO_BIN_EXE_skillworld"));
    let import_args = ["import", root.to_str().expect("UTF-8"), "--commons"];
    let (mut floors, mut imports, mut opens) = (Vec::new(), Vec::new(), Vec::new());
    let mut base_imports = Vec::new();
    let (mut last_db, mut base_db) = (PathBuf::new(), PathBuf::new());
    for round in 0..=rounds {
        let floor = read_all(&root);
        let empty = dir.path().join(format!("empty-{round}.redb"));
        let open = timed(&this, &empty, &["digest"]);
        let db = dir.path().join(format!("round-{round}.redb"));
        let other = dir.path().join(format!("base-{round}.redb"));
        let base_first = round % 2 == 1;
        let time_base = || {
            base.as_ref().map(|base| {
                let _ = fs::remove_file(&base_db);
                timed(base, &other, &import_args)
            })
        };
        let before = if base_first { time_base() } else { None };
        let import = timed(&this, &db, &import_args);
        let after = if base_first { None } else { time_base() };
        if round > 0 {
            // Round 0 warms the page cache.
            floors.push(floor);
            imports.push(import);
            opens.push(open);
            base_imports.extend(before.or(after));
        }
        // Only the last round's databases are kept: a big corpus's fill
        // the disk otherwise.
        let _ = fs::remove_file(&last_db);
        let _ = fs::remove_file(&empty);
        last_db = db;
        base_db = other;
    }
    let (floor, import, open) = (median(floors), median(imports), median(opens));
    check_nothing_lost(&last_db, written.skills);
    let db_bytes = fs::metadata(&last_db).map_or(0, |m| m.len());
    let open_imported = median(
        (0..5)
            .map(|_| {
                let start = Instant::now();
                let store = skillworld_store::Store::open(&last_db, Default::default())
                    .expect("the imported database opens");
                let elapsed = start.elapsed();
                drop(store);
                elapsed
            })
            .collect(),
    );
    let base_reimport = base
        .as_ref()
        .map(|base| timed(base, &base_db, &import_args));
    let reimport = timed(&this, &last_db, &import_args);
    let _ = fs::remove_file(&base_db);

    println!("median of {rounds} paired rounds (warm page cache):");
    println!(
        "  read floor (walk + read every file, one thread) {:>9.2?}",
        floor
    );
    println!(
        "  create an empty database (process + seed)       {:>9.2?}",
        open
    );
    println!(
        "  import into a fresh database (whole command)    {:>9.2?}  {:.2}x the floor",
        import,
        ratio(import, floor)
    );
    let alone = import.saturating_sub(open);
    println!(
        "  import alone (command minus empty database)     {:>9.2?}  {:.2}x the floor",
        alone,
        ratio(alone, floor)
    );
    println!(
        "  re-import, every skill updated in place         {:>9.2?}  {:.2}x the floor",
        reimport,
        ratio(reimport, floor)
    );
    if let (Some(base), Some(reimport)) = (&base, base_reimport) {
        let import = median(base_imports);
        println!(
            "  base build {}: import into a fresh database {:>9.2?}  {:.2}x the floor; re-import {:>9.2?}  {:.2}x",
            base.display(),
            import,
            ratio(import, floor),
            reimport,
            ratio(reimport, floor)
        );
    }
    println!(
        "  open the imported database (Store::open, in process, median of 5) {:>9.2?}",
        open_imported
    );
    println!(
        "database: {:.2} MB for {:.2} MB of skills ({:.2}x)",
        mb(db_bytes),
        mb(written.bytes),
        db_bytes as f64 / written.bytes as f64
    );
    match (
        fsyncs(&dir.path().join("strace-empty.redb"), &["digest"]),
        fsyncs(
            &dir.path().join("strace.redb"),
            &["import", root.to_str().expect("UTF-8"), "--commons"],
        ),
    ) {
        (Some(empty), Some(import)) => println!(
            "fsyncs (fsync + fdatasync, strace -f): whole import command into a new database {import}; creating an empty database (`digest`) {empty}"
        ),
        _ => println!("fsyncs: not counted (strace is not installed)"),
    }
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn skillworld(bin: &Path, db: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(bin);
    command
        .arg("--db")
        .arg(db)
        .arg("--json")
        .args(args)
        .env_remove("SKILLWORLD_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Runs the command to the end; how long it took. Exit code 1 (some skill
/// rejected) is not expected from this corpus either.
fn timed(bin: &Path, db: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = skillworld(bin, db, args).status().expect("the binary runs");
    let elapsed = start.elapsed();
    assert!(status.success(), "{args:?} failed: {status}");
    elapsed
}

/// Every folder became a skill: nothing replaced another.
fn check_nothing_lost(db: &Path, skills: usize) {
    let bin = Path::new(env!("CARGO_BIN_EXE_skillworld"));
    let output = skillworld(bin, db, &["list", "--commons"])
        .stdout(Stdio::piped())
        .output()
        .expect("the binary runs");
    let listed = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.contains("\"origin\":\"builtin\""))
        .count();
    assert_eq!(listed, skills, "every folder is a skill of its own");
}

/// fsync and fdatasync calls of a whole command, by `strace -f -c`.
fn fsyncs(db: &Path, args: &[&str]) -> Option<u64> {
    let summary = db.with_extension("strace");
    let mut command = Command::new("strace");
    command
        .args(["-f", "-c", "-e", "trace=fsync,fdatasync", "-o"])
        .arg(&summary)
        .arg(env!("CARGO_BIN_EXE_skillworld"))
        .arg("--db")
        .arg(db)
        .arg("--json")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if !command.status().ok()?.success() {
        return None;
    }
    let text = fs::read_to_string(summary).ok()?;
    // Rows: % time, seconds, usecs/call, calls, [errors,] syscall.
    Some(
        text.lines()
            .filter(|line| line.ends_with(" fsync") || line.ends_with(" fdatasync"))
            .filter_map(|line| line.split_whitespace().nth(3)?.parse::<u64>().ok())
            .sum(),
    )
}

fn every_file(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("readable folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The read floor: every file of the corpus read once, as `find | xargs
/// cat` would, including the walk.
fn read_all(root: &Path) -> Duration {
    let start = Instant::now();
    let walked = every_file(root);
    let mut bytes = 0;
    for file in &walked {
        bytes += fs::read(file).expect("readable").len();
    }
    std::hint::black_box(bytes);
    start.elapsed()
}
