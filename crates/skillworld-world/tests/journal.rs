//! Every write is a command (RON) with its time and caller; replaying the
//! journal on a fresh world rebuilds the same world.

use skillworld_core::{Lifecycle, Timestamp};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{
    Budget, Caller, CatalogFormat, CatalogRequest, Clock, Command, Envelope, Layer, ListQuery,
    LoadRequest, SkillWorld, Switches, WorldSettings,
};

fn fresh() -> SkillWorld {
    SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(86_400_000 * 20_000)),
        platform: Some("linux".into()),
    })
}

fn session(world: &mut SkillWorld) {
    world.add_agent("ada", None).unwrap();
    world
        .add_agent("bob", Some(vec!["@skill".into(), "web_fetch".into()]))
        .unwrap();
    for i in 0..12 {
        world
            .create(
                &Layer::Commons,
                SkillDocument::new(
                    format!("skill-{i:02}"),
                    format!("Skill {i}."),
                    format!("Body {i}.\n"),
                ),
            )
            .unwrap();
    }
    let files = vec![BundleFile {
        path: "scripts/run.sh".into(),
        bytes: b"echo hi\n".to_vec(),
        executable: true,
    }];
    world
        .install(
            &Layer::Agent("ada".into()),
            SkillDocument::new("skill-03", "Ada's own.", "Mine.\n"),
            files,
        )
        .unwrap();
    world.clock_mut().advance_days(3);
    for i in 0..30 {
        let name = format!("skill-{:02}", (i * 7) % 12);
        let run = format!("run-{}", i % 3);
        world
            .load(
                if i % 2 == 0 { "ada" } else { "bob" },
                LoadRequest {
                    name: &name,
                    run: Some(&run),
                    ..Default::default()
                },
            )
            .unwrap();
        world.clock_mut().advance_millis(3_600_000);
    }
    world
        .update(&Layer::Commons, "skill-05", |d| d.body.push_str("More.\n"))
        .unwrap();
    let patch = Command::PatchSkill {
        layer: Layer::Commons,
        name: "skill-05".into(),
        old_string: "More.".into(),
        new_string: "Less $1.".into(),
        replace_all: false,
        expected_revision: None,
        copy_from: None,
    };
    world.execute(Caller::agent("ada"), patch).unwrap();
    world
        .set(
            &Layer::Commons,
            "skill-07",
            Switches {
                lifecycle: Some(Lifecycle::Stale),
                ..Default::default()
            },
        )
        .unwrap();
    world.revert(&Layer::Commons, "skill-05", 1).unwrap();
    world.bind("bob", "skill-01").unwrap();
    world
        .record_lesson("ada", "skill-03", "Check the exit code.")
        .unwrap();
    world.delete(&Layer::Commons, "skill-09").unwrap();
    world.clock_mut().advance_days(8);
}

fn observe(world: &mut SkillWorld) -> Vec<String> {
    let mut seen = Vec::new();
    for agent in ["ada", "bob"] {
        for request in [
            CatalogRequest::default(),
            CatalogRequest {
                budget: Budget::Chars(300),
                format: CatalogFormat::Xml,
                run: Some("run-1".into()),
                query: None,
            },
            CatalogRequest {
                budget: Budget::Tokens(50_000),
                format: CatalogFormat::Table,
                run: Some("run-2".into()),
                query: Some("beta skill".into()),
            },
        ] {
            seen.push(world.catalog(agent, &request).unwrap());
        }
        seen.push(
            world
                .list(
                    agent,
                    &ListQuery {
                        status: Some("all".into()),
                        limit: Some(50),
                        ..Default::default()
                    },
                )
                .unwrap()
                .text,
        );
    }
    for name in ["skill-05", "skill-07"] {
        let revisions = world.revisions(&Layer::Commons, name).unwrap();
        seen.push(format!(
            "{name}: {} {:?}",
            revisions.current,
            revisions
                .kept
                .iter()
                .map(|r| (r.number, r.record.content.clone()))
                .collect::<Vec<_>>()
        ));
    }
    seen
}

#[test]
fn replaying_the_journal_rebuilds_the_same_world() {
    let mut live = fresh();
    session(&mut live);
    let journal = live.journal().to_vec();
    assert!(journal.len() > 30, "{}", journal.len());
    assert!(
        journal
            .iter()
            .any(|e| matches!(e.command, Command::RecordLoad { .. })),
        "loads are journaled"
    );
    assert_eq!(
        journal
            .iter()
            .find(|e| matches!(e.command, Command::PatchSkill { .. }))
            .unwrap()
            .caller
            .agent
            .as_deref(),
        Some("ada")
    );

    let text = ron::to_string(&journal).unwrap();
    let decoded: Vec<Envelope> = ron::from_str(&text).unwrap();
    assert_eq!(decoded, journal, "the journal survives RON");

    let mut replayed = fresh();
    for envelope in decoded {
        replayed.apply(envelope).unwrap();
    }
    *replayed.clock_mut() = *live.clock_mut();
    assert_eq!(observe(&mut replayed), observe(&mut live));
    assert_eq!(replayed.journal(), live.journal());
}

#[test]
fn a_refused_command_changes_nothing_and_is_not_journaled() {
    let mut world = fresh();
    world.add_agent("ada", None).unwrap();
    world
        .create(&Layer::Commons, SkillDocument::new("one", "One.", "a a\n"))
        .unwrap();
    let before = observe_one(&mut world);
    let journaled = world.journal().len();
    let ambiguous = Command::PatchSkill {
        layer: Layer::Commons,
        name: "one".into(),
        old_string: "a".into(),
        new_string: "b".into(),
        replace_all: false,
        expected_revision: None,
        copy_from: None,
    };
    let error = world.execute(Caller::host(), ambiguous).unwrap_err();
    assert_eq!(
        error.to_string(),
        "old_string matches 2 times in skill 'one'; pass replace_all=true or use a more unique string"
    );
    let stale = Command::DeleteSkill {
        layer: Layer::Commons,
        name: "one".into(),
        expected_revision: Some(7),
    };
    let error = world.execute(Caller::host(), stale).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Skill 'one' changed since you read it: expected revision 7, current revision is 1. Read it again and retry."
    );
    assert_eq!(world.journal().len(), journaled);
    assert_eq!(observe_one(&mut world), before);
}

fn observe_one(world: &mut SkillWorld) -> String {
    world.catalog("ada", &CatalogRequest::default()).unwrap()
        + &world
            .load(
                "ada",
                LoadRequest {
                    name: "one",
                    ..Default::default()
                },
            )
            .unwrap()
            .text
}

#[test]
fn a_world_rebuilt_from_its_state_is_the_same_world() {
    let mut live = fresh();
    session(&mut live);
    let state = live.state();
    let text = ron::to_string(&state).unwrap();
    let decoded: skillworld_world::WorldState = ron::from_str(&text).unwrap();
    assert_eq!(decoded, state, "the state survives RON");
    let mut rebuilt = SkillWorld::from_state(decoded, Some("linux".into())).unwrap();
    assert_eq!(rebuilt.digest(), live.digest());
    assert_eq!(rebuilt.state(), state);
    assert_eq!(observe(&mut rebuilt), observe(&mut live));
    // The rebuilt world goes on like the live one.
    for world in [&mut live, &mut rebuilt] {
        world
            .create(
                &Layer::Agent("bob".into()),
                SkillDocument::new("after", "After.", "x\n"),
            )
            .unwrap();
        world
            .load(
                "ada",
                LoadRequest {
                    name: "skill-02",
                    run: Some("run-9"),
                    ..Default::default()
                },
            )
            .unwrap();
    }
    assert_eq!(rebuilt.digest(), live.digest());
    assert_eq!(observe(&mut rebuilt), observe(&mut live));
}

#[test]
fn replay_from_a_midway_state_gives_the_live_digest() {
    let mut live = fresh();
    session(&mut live);
    let midway = live.state();
    let from = live.journal().len();
    for i in 0..20 {
        live.update(&Layer::Commons, "skill-02", |d| d.body = format!("v{i}\n"))
            .unwrap();
        live.load(
            "ada",
            LoadRequest {
                name: "skill-02",
                ..Default::default()
            },
        )
        .unwrap();
    }
    let tail = live.journal()[from..].to_vec();
    let mut replayed = SkillWorld::from_state(midway, Some("linux".into())).unwrap();
    for envelope in tail {
        replayed.apply(envelope).unwrap();
    }
    assert_eq!(replayed.digest(), live.digest());
    let newer = skillworld_world::WorldState {
        version: skillworld_world::STATE_VERSION + 1,
        ..live.state()
    };
    let error = SkillWorld::from_state(newer, None).err().unwrap();
    assert_eq!(
        error.to_string(),
        "world state version 2 is newer than this skillworld understands (1); upgrade skillworld"
    );
}
