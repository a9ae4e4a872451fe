//! The curator's plan (CUR-1) over 1,000,000 skills on one core (target
//! ≤ 100 ms, docs/PERFORMANCE.md): a dry-run sweep when nothing is due,
//! and one where two in three skills are due to go stale.
//!
//! Each case prints the median wall time and the median CPU time of the
//! calling thread: on a shared machine the wall time grows with other
//! processes' load, the CPU time much less.
//!
//! `cargo bench -p skillworld-world --bench curator`
//! (`SKILLWORLD_CURATOR_SKILLS=N` for another size).

use std::time::{Duration, Instant};

use skillworld_core::{Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{Caller, Clock, Command, Layer, SkillWorld, WorldSettings};

const ROUNDS: usize = 5;
const SKILLS: usize = 1_000_000;

fn main() {
    let skills = std::env::var("SKILLWORLD_CURATOR_SKILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(SKILLS);
    let start = Instant::now();
    let mut world = populated(skills);
    println!("populated {skills} skills in {:.1?}", start.elapsed());
    // A real sweep stamps every skill as observed; the plans after it
    // judge them all.
    world.curate(false).unwrap();
    world.clock_mut().advance_days(1);
    let (wall, cpu) = median(|| {
        let report = world.curate(true).unwrap();
        assert!(report.transitions.is_empty());
        std::hint::black_box(report);
    });
    println!(
        "curator plan (dry-run), {skills} skills, nothing due: median {wall:.1?} (CPU {cpu:.1?})"
    );
    world.clock_mut().advance_days(40);
    let (wall, cpu) = median(|| {
        let report = world.curate(true).unwrap();
        assert!(report.transitions.len() > skills / 2);
        std::hint::black_box(report);
    });
    println!(
        "curator plan (dry-run), {skills} skills, 2/3 going stale: median {wall:.1?} (CPU {cpu:.1?})"
    );
}

/// One agent's private world with `count` skills, two in three agent-made
/// (in the curator's default scope), the curator activated.
fn populated(count: usize) -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(100 * 86_400_000)),
        platform: None,
    });
    world.add_agent("ada", None).unwrap();
    world
        .execute(Caller::host(), Command::CuratorActivate)
        .unwrap();
    let layer = Layer::Agent("ada".into());
    for i in 0..count {
        let name = format!("s-{i:07}");
        let mut document = SkillDocument::new(&name, "A skill.", "Body.\n");
        document.skill.origin = if i % 3 == 0 {
            Origin::User
        } else {
            Origin::Evolved
        };
        world.install(&layer, document, vec![]).unwrap();
    }
    world.take_journal();
    world
}

/// The medians of the wall and CPU times of a few calls, after one warm-up.
fn median(mut call: impl FnMut()) -> (Duration, Duration) {
    call();
    let (mut walls, mut cpus): (Vec<Duration>, Vec<Duration>) = (0..ROUNDS)
        .map(|_| {
            let (start, cpu_start) = (Instant::now(), thread_cpu());
            call();
            (start.elapsed(), thread_cpu().saturating_sub(cpu_start))
        })
        .unzip();
    walls.sort();
    cpus.sort();
    (walls[ROUNDS / 2], cpus[ROUNDS / 2])
}

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}
