//! Strict validation and lenient import throughput, in MB/s of SKILL.md
//! bytes, next to the file-read floor measured the same way (same files,
//! same threads, same loop, `fs::read` alone). Also times the hostile
//! inputs of FMT-1.
//!
//! `cargo bench -p skillworld-format --bench validate` (add `-- --threads 1`
//! for one core, `-- --cold` to drop the page cache before every round,
//! which needs root). Reads `../shared/corpus` when it exists and always a
//! generated corpus of 10,000 skills. `-- --write-corpus DIR` only writes
//! that generated corpus to DIR (for `benches/compare/`) and exits.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use skillworld_format::{Source, import_skill_md, validate_strict};

mod corpus;
use corpus::generate;

const ROUNDS: usize = 7;
static COLD: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn main() {
    if let Some(dir) = std::env::args()
        .skip_while(|a| a != "--write-corpus")
        .nth(1)
    {
        let dir = PathBuf::from(dir);
        generate(&dir, 10_000);
        println!("wrote 10,000 generated skills to {}", dir.display());
        return;
    }
    let threads = std::env::args()
        .skip_while(|a| a != "--threads")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let cold = std::env::args().any(|a| a == "--cold");
    COLD.store(cold, Ordering::Relaxed);
    println!(
        "threads: {threads}, rounds: {ROUNDS} (median shown), page cache: {}",
        if cold { "cold" } else { "warm" }
    );
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if shared.is_dir() {
        report("shared corpus", &skill_files(&shared), threads);
    } else {
        println!("shared corpus: not found at {}", shared.display());
    }
    let generated = tempfile::tempdir().expect("a temporary folder");
    generate(generated.path(), 10_000);
    report("generated 10,000", &skill_files(generated.path()), threads);
    hostile();
}

fn report(label: &str, files: &[PathBuf], threads: usize) {
    let bytes: u64 = files
        .iter()
        .map(|f| fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    let mb = bytes as f64 / 1e6;
    println!("\n{label}: {} skills, {mb:.2} MB of SKILL.md", files.len());
    let floor = median(|| run(files, threads, |_, _| {}));
    let strict = median(|| {
        run(files, threads, |path, bytes| {
            std::hint::black_box(validate_strict(bytes, &source_of(path)));
        })
    });
    let lenient = median(|| {
        run(files, threads, |path, bytes| {
            let _ = std::hint::black_box(import_skill_md(bytes, &source_of(path)));
        })
    });
    let loaded: Vec<(PathBuf, Vec<u8>)> = files
        .iter()
        .map(|f| (f.clone(), fs::read(f).expect("readable")))
        .collect();
    let in_memory = median(|| {
        let start = Instant::now();
        for (path, bytes) in &loaded {
            std::hint::black_box(validate_strict(bytes, &source_of(path)));
        }
        start.elapsed()
    });
    let rate = |d: Duration| mb / d.as_secs_f64();
    println!(
        "  strict, in memory, one thread {:>9.2?}  {:>8.1} MB/s",
        in_memory,
        rate(in_memory)
    );
    println!(
        "  read floor      {:>9.2?}  {:>8.1} MB/s",
        floor,
        rate(floor)
    );
    println!(
        "  strict validate {:>9.2?}  {:>8.1} MB/s  ({:.2}x the floor)",
        strict,
        rate(strict),
        strict.as_secs_f64() / floor.as_secs_f64()
    );
    println!(
        "  lenient import  {:>9.2?}  {:>8.1} MB/s  ({:.2}x the floor)",
        lenient,
        rate(lenient),
        lenient.as_secs_f64() / floor.as_secs_f64()
    );
}

/// A SKILL.md's source: its folder names the skill.
fn source_of(path: &Path) -> Source<'_> {
    let dir_name = path
        .parent()
        .and_then(|d| d.file_name())
        .and_then(|n| n.to_str());
    Source {
        dir_name,
        file_name: Some("SKILL.md"),
        location: None,
    }
}

/// Reads every file on `threads` threads, handing each to `work`.
fn run(files: &[PathBuf], threads: usize, work: impl Fn(&Path, &[u8]) + Sync) -> Duration {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(path) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let bytes = fs::read(path).expect("corpus files are readable");
                    work(path, &bytes);
                }
            });
        }
    });
    start.elapsed()
}

fn median(mut measure: impl FnMut() -> Duration) -> Duration {
    measure(); // warm the page cache
    let mut times: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            if COLD.load(Ordering::Relaxed) {
                drop_page_cache();
            }
            measure()
        })
        .collect();
    times.sort();
    times[ROUNDS / 2]
}

fn drop_page_cache() {
    let synced = std::process::Command::new("sync")
        .status()
        .is_ok_and(|s| s.success());
    let dropped = fs::write("/proc/sys/vm/drop_caches", "3").is_ok();
    assert!(
        synced && dropped,
        "--cold needs root to drop the page cache"
    );
}

fn skill_files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("readable folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.file_name().is_some_and(|n| n == "SKILL.md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The hostile inputs of FMT-1, each refused; how long each refusal takes.
fn hostile() {
    let mut bomb = String::from("---\nname: bomb\ndescription: d\na0: &a0 [\"lol\"]\n");
    for level in 1..10 {
        let refs = vec![format!("*a{}", level - 1); 9].join(", ");
        bomb.push_str(&format!("a{level}: &a{level} [{refs}]\n"));
    }
    bomb.push_str("---\n");
    let mut binary = b"---\nname: x\ndescription: d\n---\n".to_vec();
    binary.extend((0..=255u8).cycle().take(500_000));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("alias bomb (9^9)", bomb.into_bytes()),
        (
            "100,000 nested [",
            format!(
                "---\nname: x\ndescription: d\nx: {}\n---\n",
                "[".repeat(100_000)
            )
            .into_bytes(),
        ),
        (
            "30,000 nested [ (under 64 KiB)",
            format!("---\nx: {}\n---\n", "[".repeat(30_000)).into_bytes(),
        ),
        (
            "900 KB frontmatter",
            format!("---\nname: x\ndescription: {}\n---\n", "a".repeat(900_000)).into_bytes(),
        ),
        ("binary, 500 KB", binary),
        (
            "unclosed fence, 900 KB",
            format!("---\nname: x\n{}", "k: v\n".repeat(180_000)).into_bytes(),
        ),
    ];
    println!("\nhostile inputs (lenient import; each must be refused):");
    for (label, bytes) in cases {
        let start = Instant::now();
        let result = import_skill_md(&bytes, &Source::default());
        let elapsed = start.elapsed();
        match result {
            Err(error) => println!("  {label:<32} {elapsed:>10.2?}  refused: {error}"),
            Ok(_) => println!("  {label:<32} {elapsed:>10.2?}  ACCEPTED (bug)"),
        }
    }
}
