//! Catalog costs on one core (CAT targets in docs/PERFORMANCE.md):
//! one agent's catalog over 1,000 commons + 200 private skills at the
//! 8,192-token budget; one private write then that agent's next catalog;
//! a Commons write with 10,000 agents, then each agent's next catalog;
//! a catalog ranked for a message (CAT-10) over 10,000 skills, and one
//! skill's edit then that catalog (the edit re-indexes one skill).
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
    relevant_catalog(10_000);
}

/// CAT-10: one agent, `skills` commons skills with varied descriptions and
/// headings, a catalog for a realistic message (12 words, a few common).
fn relevant_catalog(skills: usize) {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    let mut words = Words(7);
    for i in 0..skills {
        let mut document = SkillDocument::new(
            format!("skill-{i:05}"),
            words.sentence(24),
            format!(
                "# {}\n\nSteps.\n\n## {}\n\n## {}\n",
                words.sentence(3),
                words.sentence(4),
                words.sentence(4)
            ),
        );
        document.skill.origin = Origin::User;
        document.tags = vec![words.next().to_owned(), words.next().to_owned()];
        world.create(&Layer::Commons, document).unwrap();
    }
    world.clock_mut().advance_days(8);
    let request = CatalogRequest {
        query: Some(
            "Please plot the quarterly sales report as a chart and export the figures to a slide deck for the review"
                .into(),
        ),
        ..CatalogRequest::default()
    };
    let ranked = median_per_call(200, || {
        std::hint::black_box(world.catalog("ada", &request).unwrap());
    });
    println!("catalog for a message, {skills} skills, 8,192 tokens: median {ranked:.2?} per call");
    let plain = median_per_call(200, || {
        std::hint::black_box(world.catalog("ada", &CatalogRequest::default()).unwrap());
    });
    println!("  the same catalog without the message: median {plain:.2?} per call");
    let mut n = 0u64;
    let edited = median_per_call(200, || {
        n += 1;
        world
            .update(&Layer::Commons, "skill-00042", |d| {
                d.description = format!("Charts and slides, revision {n}.")
            })
            .unwrap();
        std::hint::black_box(world.catalog("ada", &request).unwrap());
    });
    println!("  one skill edited, then that catalog: median {edited:.2?} per call");
}

/// A fixed pseudo-random stream of words from a vocabulary of everyday
/// technical words and made-up ones (so some are common, most are rare).
struct Words(u64);

const VOCABULARY: &[&str] = &[
    "plot",
    "chart",
    "sales",
    "report",
    "slide",
    "deck",
    "export",
    "figure",
    "data",
    "table",
    "review",
    "quarterly",
    "analysis",
    "model",
    "train",
    "test",
    "deploy",
    "server",
    "image",
    "pdf",
    "markdown",
    "convert",
    "search",
    "paper",
    "gene",
    "protein",
    "cell",
    "query",
    "database",
    "api",
    "python",
    "rust",
    "web",
    "browser",
    "email",
    "summary",
    "budget",
    "plan",
    "debug",
    "commit",
    "branch",
    "merge",
    "cluster",
    "forecast",
    "series",
    "map",
    "graph",
    "network",
    "audio",
    "video",
    "translate",
    "schedule",
    "invoice",
    "customer",
    "ticket",
];

impl Words {
    fn next(&mut self) -> &'static str {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (self.0 >> 33) as usize;
        // One word in three from the shared vocabulary, the rest rare.
        if pick.is_multiple_of(3) {
            VOCABULARY[pick / 3 % VOCABULARY.len()]
        } else {
            RARE[pick / 3 % RARE.len()]
        }
    }

    fn sentence(&mut self, words: usize) -> String {
        (0..words)
            .map(|_| self.next())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// 4,096 made-up words, built once.
static RARE: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    (0..4096u32)
        .map(|i| {
            let syllables = [
                "ka", "lo", "mi", "ten", "ra", "vus", "ol", "pe", "zin", "du",
            ];
            let word: String = [i % 10, i / 10 % 10, i / 100 % 10, i / 1000 % 10]
                .iter()
                .map(|&s| syllables[s as usize])
                .collect();
            &*Box::leak(word.into_boxed_str())
        })
        .collect()
});

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
