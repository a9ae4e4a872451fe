//! The shipped Commons (`worlds/commons/`) plus a private overlay for two
//! agents, and each agent's catalog: Ada's private `skill-authoring`
//! shadows the builtin one for her only.
//!
//! `cargo run --example catalog`

use std::path::Path;

use skillworld::core::{Origin, Timestamp};
use skillworld::format::{SkillDocument, read_bundle_dir};
use skillworld::world::{
    Budget, CatalogFormat, CatalogRequest, Clock, Layer, SkillWorld, WorldSettings,
};

fn main() {
    let settings = WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(1_767_225_600_000)),
        platform: None,
    };
    let mut world = SkillWorld::new(settings);

    let commons = Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/commons");
    let mut folders: Vec<_> = std::fs::read_dir(&commons)
        .expect("worlds/commons is readable")
        .map(|e| e.unwrap().path())
        .collect();
    folders.sort();
    for folder in folders {
        let bundle = read_bundle_dir(&folder)
            .and_then(|raw| raw.import())
            .expect("shipped skills import");
        world
            .install_builtin(bundle.imported.document, bundle.files)
            .expect("shipped skills install");
    }
    // A week later the builtins are old news; the agents' own skills are new.
    world.clock_mut().advance_days(7);

    world.add_agent("ada", None).unwrap();
    world.add_agent("bob", None).unwrap();
    let own = |name: &str, description: &str| {
        let mut document = SkillDocument::new(name, description, format!("# {name}\n"));
        document.skill.origin = Origin::User;
        document
    };
    let ada = Layer::Agent("ada".into());
    world
        .create(
            &ada,
            own(
                "skill-authoring",
                "Ada's house style for SKILL.md files: short, numbered steps.",
            ),
        )
        .unwrap();
    world
        .create(
            &ada,
            own(
                "release-notes",
                "Drafts release notes from merged pull requests.",
            ),
        )
        .unwrap();
    world
        .create(
            &Layer::Agent("bob".into()),
            own(
                "incident-review",
                "Writes a blameless incident review from a timeline.",
            ),
        )
        .unwrap();

    for agent in ["ada", "bob"] {
        println!("== {agent}: Markdown, 8,192 tokens");
        print!(
            "{}",
            world.catalog(agent, &CatalogRequest::default()).unwrap()
        );
        println!("== {agent}: agentskills XML, 800 characters");
        let request = CatalogRequest {
            budget: Budget::Chars(800),
            format: CatalogFormat::Xml,
            run: None,
            query: None,
        };
        print!("{}", world.catalog(agent, &request).unwrap());
        println!();
    }
}
