//! The sandbox's cost (SEC-3 target: ≤ 10 ms added at the median): a
//! trivial script (`sh`, `echo ok`) run to completion through the same
//! `Launch` the habitat's runner uses, with the sandbox off (cleared
//! environment and scratch folder only) and on (helper re-executed,
//! namespaces, mounts, Landlock, seccomp), `RUNS` times each (default
//! 200), interleaved so both see the same machine. Wall time depends on
//! how busy the machine is (the load average is printed); the CPU time
//! the run's processes used (their rusage) does not, so both are shown.
//!
//! `cargo bench -p skillworld-sandbox --bench sandbox`

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use skillworld_sandbox::{Job, Launch, SandboxConfig};

/// CPU time (user + system) of every waited-for child so far.
fn children_cpu() -> Duration {
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    Duration::from_micros(micros(usage.ru_utime) + micros(usage.ru_stime))
}

async fn once(config: &SandboxConfig, bundle: &Path) -> (Duration, Duration) {
    let cpu = children_cpu();
    let started = Instant::now();
    let job = Job {
        bundle: bundle.to_owned(),
        script: "scripts/ok.sh".into(),
        interpreter: config.find_program("sh"),
        args: vec![],
        env: BTreeMap::new(),
        endpoints: vec![],
    };
    let mut launch = Launch::prepare(config, job).expect("prepared");
    let output = launch
        .spawn()
        .expect("spawned")
        .wait_with_output()
        .await
        .expect("ran");
    launch.verdict(false).expect("confined");
    assert_eq!(output.stdout, b"ok\n");
    drop(launch);
    (started.elapsed(), children_cpu() - cpu)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let dir = tempfile::tempdir().expect("a folder");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::create_dir(dir.path().join("scripts")).unwrap();
    std::fs::write(dir.path().join("scripts/ok.sh"), "echo ok\n").unwrap();
    let on = SandboxConfig {
        helper: Some(PathBuf::from(env!("CARGO_BIN_EXE_skillworld-sandbox"))),
        ..SandboxConfig::default()
    };
    let off = SandboxConfig::off();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let (mut plain, mut confined) = (Vec::new(), Vec::new());
    let (mut plain_cpu, mut confined_cpu) = (Vec::new(), Vec::new());
    runtime.block_on(async {
        for _ in 0..5 {
            once(&off, dir.path()).await;
            once(&on, dir.path()).await;
        }
        for _ in 0..runs {
            let (wall, cpu) = once(&off, dir.path()).await;
            plain.push(wall);
            plain_cpu.push(cpu);
            let (wall, cpu) = once(&on, dir.path()).await;
            confined.push(wall);
            confined_cpu.push(cpu);
        }
    });
    for samples in [&mut plain, &mut confined, &mut plain_cpu, &mut confined_cpu] {
        samples.sort();
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average {} on {} cores",
        load.split_whitespace().next().unwrap_or("?"),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let (p50, c50) = (percentile(&plain, 0.5), percentile(&confined, 0.5));
    println!(
        "trivial script, sandbox off: median {p50:.2?}, p99 {:.2?} ({runs} runs)",
        percentile(&plain, 0.99)
    );
    println!(
        "trivial script, sandbox on:  median {c50:.2?}, p99 {:.2?} ({runs} runs)",
        percentile(&confined, 0.99)
    );
    println!(
        "added by the sandbox at the median: {:.2?} wall (target ≤ 10 ms)",
        c50.saturating_sub(p50)
    );
    let (pc, cc) = (percentile(&plain_cpu, 0.5), percentile(&confined_cpu, 0.5));
    println!(
        "CPU time of the run's processes, median: off {pc:.2?}, on {cc:.2?}, added {:.2?}",
        cc.saturating_sub(pc)
    );
}
