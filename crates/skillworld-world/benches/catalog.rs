//! Catalog costs on one core (CAT targets in docs/PERFORMANCE.md):
//! one agent's catalog over 1,000 commons + 200 private skills at the
//! 8,192-token budget; one private write then that agent's next catalog;
//! a Commons write with 10,000 agents, then each agent's next catalog.
//!
//! `cargo bench -p skillworld-world --bench catalog`

use std::time::{Duration, Instant};

use skillworld_core::{Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{CatalogRequest, Clock, Layer, LoadRequest, SkillWorld, WorldSettings};

const ROUNDS: usize = 9;

fn main() {
    let request = CatalogRequest::default();
    let (mut world, agent) = populated(1_000, 200);

    let steady = median_per_call(2_000, || {
        std::hint::black_box(world.catalog(&agent, &request).unwrap());
    });
    println!("catalog, 1,000 commons + 200 private, 8,192 tokens: median {steady:.2?} per call");

    let mut n = 0u64;
    let private = Layer::Agent(agent.clone());
    let patched = median_per_call(2_000, || {
        n += 1;
        world
            .update(&private, "private-0007", |d| {
                d.description = format!("Patched {n}.")
            })
            .unwrap();
        std::hint::black_box(world.catalog(&agent, &request).unwrap());
    });
    println!("private patch + that agent's next catalog: median {patched:.2?} per call");
    let resolved = median_per_call(2_000, || {
        n += 1;
        world
            .update(&private, "private-0007", |d| {
                d.description = format!("Patched {n}.")
            })
            .unwrap();
        std::hint::black_box(world.resolve(&agent, "private-0007").unwrap());
    });
    println!(
        "private patch + re-resolving that agent (no rendering): median {resolved:.2?} per call"
    );
    let mut n = 0u64;
    let created = median_per_call(100, || {
        n += 1;
        let mut document = SkillDocument::new(format!("fresh-{n}"), "Fresh.", "Body.\n");
        document.skill.origin = Origin::User;
        world.create(&private, document).unwrap();
        std::hint::black_box(world.catalog(&agent, &request).unwrap());
    });
    println!("private create + that agent's next catalog: median {created:.2?} per call");

    commons_write_with_many_agents(10_000);
}

/// A world with `commons` skills, one agent with `private` skills (a tenth
/// of them shadowing commons names) and some usage.
fn populated(commons: usize, private: usize) -> (SkillWorld, String) {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    for i in 0..commons {
        world
            .create(&Layer::Commons, document(&format!("commons-{i:04}")))
            .unwrap();
    }
    for i in 0..private {
        let name = if i % 10 == 0 {
            format!("commons-{i:04}")
        } else {
            format!("private-{i:04}")
        };
        world
            .create(&Layer::Agent("ada".into()), document(&name))
            .unwrap();
    }
    world.clock_mut().advance_days(8);
    for i in 0..40 {
        let name = format!("commons-{:04}", i * 7);
        world
            .load(
                "ada",
                LoadRequest {
                    name: &name,
                    ..Default::default()
                },
            )
            .unwrap();
    }
    (world, "ada".to_owned())
}

fn document(name: &str) -> SkillDocument {
    let mut document = SkillDocument::new(
        name,
        format!(
            "Use {name} when the task needs it; it explains the steps, the checks and the pitfalls in detail."
        ),
        "Body.\n",
    );
    document.skill.origin = Origin::User;
    document
}

/// One Commons write, then every agent's next catalog: the per-agent cost
/// of a Commons change (views are rebuilt lazily, none eagerly).
fn commons_write_with_many_agents(agents: usize) {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    for i in 0..1_000 {
        world
            .create(&Layer::Commons, document(&format!("commons-{i:04}")))
            .unwrap();
    }
    let names: Vec<String> = (0..agents).map(|i| format!("agent-{i:05}")).collect();
    for (i, name) in names.iter().enumerate() {
        world.add_agent(name, None).unwrap();
        world
            .create(
                &Layer::Agent(name.clone()),
                document(&format!("own-{}", i % 50)),
            )
            .unwrap();
    }
    world.clock_mut().advance_days(8);
    let request = CatalogRequest::default();
    for name in &names {
        world.catalog(name, &request).unwrap();
    }
    let start = Instant::now();
    for name in &names {
        std::hint::black_box(world.catalog(name, &request).unwrap());
    }
    let warm = start.elapsed() / agents as u32;

    let start = Instant::now();
    world
        .update(&Layer::Commons, "commons-0500", |d| {
            d.description = "Changed for everyone.".into()
        })
        .unwrap();
    let write = start.elapsed();
    let start = Instant::now();
    for name in &names {
        std::hint::black_box(world.catalog(name, &request).unwrap());
    }
    let after = start.elapsed() / agents as u32;

    let start = Instant::now();
    let mut document = document("commons-new");
    document.skill.origin = Origin::User;
    world.create(&Layer::Commons, document).unwrap();
    let create = start.elapsed();
    let start = Instant::now();
    for name in &names {
        std::hint::black_box(world.catalog(name, &request).unwrap());
    }
    let after_create = start.elapsed() / agents as u32;
    println!("{agents} agents, 1,000 commons: catalog per agent unchanged {warm:.2?}");
    println!("  commons patch: write {write:.2?}, then catalog per agent {after:.2?}");
    println!("  commons create: write {create:.2?}, then catalog per agent {after_create:.2?}");
}

/// The median, over rounds, of the mean time per call in a round.
fn median_per_call(calls: usize, mut call: impl FnMut()) -> Duration {
    for _ in 0..calls / 10 {
        call();
    }
    let mut rounds: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..calls {
                call();
            }
            start.elapsed() / calls as u32
        })
        .collect();
    rounds.sort();
    rounds[ROUNDS / 2]
}
