//! The curator's plan (CUR-1) over 1,000,000 skills on one core (target
//! ≤ 100 ms, docs/PERFORMANCE.md): a dry-run sweep when nothing is due,
//! and one where two in three skills are due to go stale.
//!
//! `cargo bench -p skillworld-world --bench curator`

use std::time::{Duration, Instant};

use skillworld_core::{Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{Caller, Clock, Command, Layer, SkillWorld, WorldSettings};

const ROUNDS: usize = 5;
const SKILLS: usize = 1_000_000;

fn main() {
    let start = Instant::now();
    let mut world = populated(SKILLS);
    println!("populated {SKILLS} skills in {:.1?}", start.elapsed());
    // A real sweep stamps every skill as observed; the plans after it
    // judge them all.
    world.curate(false).unwrap();
    world.clock_mut().advance_days(1);
    let quiet = median(|| {
        let report = world.curate(true).unwrap();
        assert!(report.transitions.is_empty());
        std::hint::black_box(report);
    });
    println!("curator plan (dry-run), {SKILLS} skills, nothing due: median {quiet:.1?}");
    world.clock_mut().advance_days(40);
    let due = median(|| {
        let report = world.curate(true).unwrap();
        assert!(report.transitions.len() > SKILLS / 2);
        std::hint::black_box(report);
    });
    println!("curator plan (dry-run), {SKILLS} skills, 2/3 going stale: median {due:.1?}");
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

/// The median of a few timed calls, after one warm-up.
fn median(mut call: impl FnMut()) -> Duration {
    call();
    let mut rounds: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            call();
            start.elapsed()
        })
        .collect();
    rounds.sort();
    rounds[ROUNDS / 2]
}
