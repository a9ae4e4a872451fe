//! CUR-1 … CUR-5 on the simulated clock.

use skillworld_core::{Lifecycle, Origin, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{
    Caller, CatalogRequest, Clock, Command, CuratorScope, CuratorSettings, Layer, LoadRequest,
    SkillWorld, Switches, WorldSettings,
};

const DAY: i64 = 86_400_000;

fn world() -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(100 * DAY)),
        platform: None,
    });
    world.add_agent("ada", None).unwrap();
    world
        .execute(Caller::host(), Command::CuratorActivate)
        .unwrap();
    world
}

fn skill(world: &mut SkillWorld, name: &str, origin: Origin) {
    let mut document = SkillDocument::new(name, format!("{name}."), "Body.\n");
    document.skill.origin = origin;
    world
        .install(&Layer::Agent("ada".into()), document, vec![])
        .unwrap();
}

fn lifecycle(world: &mut SkillWorld, name: &str) -> Lifecycle {
    let listing = world
        .list(
            "ada",
            &skillworld_world::ListQuery {
                status: Some("all".into()),
                limit: Some(50),
                ..Default::default()
            },
        )
        .unwrap();
    listing
        .items
        .iter()
        .find(|i| i.name == name)
        .map(|i| i.lifecycle)
        .unwrap()
}

fn days(world: &mut SkillWorld, n: i64) {
    world.clock_mut().advance_days(n);
}

#[test]
fn never_observed_skills_are_only_stamped_then_age_by_whole_idle_days() {
    let mut world = world();
    skill(&mut world, "evolved-one", Origin::Evolved);
    let first = world.curate(false).unwrap();
    assert_eq!(
        (first.scanned, first.newly_observed, first.transitions.len()),
        (1, 1, 0)
    );
    days(&mut world, 29);
    assert!(
        world.curate(false).unwrap().transitions.is_empty(),
        "29 idle days: still active"
    );
    days(&mut world, 2);
    let report = world.curate(false).unwrap();
    assert_eq!(report.transitions[0].days_idle, 31);
    assert_eq!(
        (report.transitions[0].from, report.transitions[0].to),
        (Lifecycle::Active, Lifecycle::Stale)
    );
    assert_eq!(lifecycle(&mut world, "evolved-one"), Lifecycle::Stale);
    days(&mut world, 60);
    world.curate(false).unwrap();
    assert_eq!(
        lifecycle(&mut world, "evolved-one"),
        Lifecycle::Archived,
        "91 idle days"
    );
    assert!(
        !world
            .catalog("ada", &CatalogRequest::default())
            .unwrap()
            .contains("evolved-one")
    );
    days(&mut world, 365);
    assert!(
        world.curate(false).unwrap().transitions.is_empty(),
        "archived is never revived or re-archived"
    );
}

#[test]
fn straight_from_active_to_archived_and_recent_activity_reactivates() {
    let mut world = world();
    skill(&mut world, "a-skill", Origin::Evolved);
    skill(&mut world, "b-skill", Origin::Routine);
    world.curate(false).unwrap();
    days(&mut world, 91);
    world.curate(false).unwrap();
    assert_eq!(
        lifecycle(&mut world, "a-skill"),
        Lifecycle::Archived,
        "straight from active"
    );

    world
        .restore(&Layer::Agent("ada".into()), "b-skill")
        .unwrap();
    world
        .set(
            &Layer::Agent("ada".into()),
            "b-skill",
            Switches {
                lifecycle: Some(Lifecycle::Stale),
                ..Default::default()
            },
        )
        .unwrap();
    days(&mut world, 2);
    let report = world.curate(false).unwrap();
    assert_eq!(
        report
            .transitions
            .iter()
            .map(|t| (t.skill.as_str(), t.to))
            .collect::<Vec<_>>(),
        [("b-skill", Lifecycle::Active)]
    );
}

#[test]
fn loading_updating_and_creating_count_as_activity() {
    let mut world = world();
    skill(&mut world, "used", Origin::Evolved);
    skill(&mut world, "edited", Origin::Evolved);
    world.curate(false).unwrap();
    days(&mut world, 29);
    world
        .load(
            "ada",
            LoadRequest {
                name: "used",
                ..Default::default()
            },
        )
        .unwrap();
    world
        .update(&Layer::Agent("ada".into()), "edited", |d| {
            d.body.push_str("more\n")
        })
        .unwrap();
    let mut created = SkillDocument::new("created", "d", "b\n");
    created.skill.origin = Origin::Evolved;
    world.create(&Layer::Agent("ada".into()), created).unwrap();
    days(&mut world, 29);
    assert!(world.curate(false).unwrap().transitions.is_empty());
}

#[test]
fn exemptions_and_bindings() {
    let mut world = world();
    for (name, origin) in [
        ("builtin-x", Origin::Builtin),
        ("mcp-x", Origin::Mcp),
        ("sys-x", Origin::Evolved),
        ("ops-x", Origin::Evolved),
        ("pinned-x", Origin::Evolved),
        ("bound-x", Origin::Evolved),
        ("plain-x", Origin::Evolved),
    ] {
        skill(&mut world, name, origin);
    }
    world
        .set(
            &Layer::Agent("ada".into()),
            "pinned-x",
            Switches {
                pinned: Some(true),
                ..Default::default()
            },
        )
        .unwrap();
    world.bind("ada", "bound-x").unwrap();
    world.bind("ada", "plain-x").unwrap();
    world.unbind("ada", "plain-x").unwrap();
    world.curate(false).unwrap();
    days(&mut world, 40);
    let report = world.curate(false).unwrap();
    assert_eq!(
        report
            .transitions
            .iter()
            .map(|t| t.skill.as_str())
            .collect::<Vec<_>>(),
        ["plain-x"]
    );
    assert_eq!(report.blocked_by_bindings, ["bound-x"]);
    let error = world
        .archive(&Layer::Agent("ada".into()), "bound-x", false)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "Skill 'bound-x' is bound to ada; archive it with force, or unbind it first"
    );
    world
        .archive(&Layer::Agent("ada".into()), "bound-x", true)
        .unwrap();
    assert_eq!(lifecycle(&mut world, "bound-x"), Lifecycle::Archived);
}

#[test]
fn scopes() {
    for (scope, expected) in [
        (CuratorScope::AgentCreated, vec!["evolved-x"]),
        (CuratorScope::AllDynamic, vec!["evolved-x", "user-x"]),
        (CuratorScope::Off, vec![]),
    ] {
        let mut world = world();
        world
            .execute(
                Caller::host(),
                Command::CuratorConfigure {
                    settings: CuratorSettings {
                        scope,
                        ..CuratorSettings::default()
                    },
                },
            )
            .unwrap();
        skill(&mut world, "evolved-x", Origin::Evolved);
        skill(&mut world, "user-x", Origin::User);
        world.curate(false).unwrap();
        days(&mut world, 40);
        let report = world.curate(false).unwrap();
        let names: Vec<&str> = report
            .transitions
            .iter()
            .map(|t| t.skill.as_str())
            .collect();
        assert_eq!(names, expected, "{scope:?}");
    }
}

#[test]
fn dry_runs_plan_only_and_inactive_or_paused_curators_do_nothing() {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: None,
    });
    world.add_agent("ada", None).unwrap();
    skill(&mut world, "evolved-x", Origin::Evolved);
    let dry = world.curate(true).unwrap();
    assert_eq!(dry.newly_observed, 1, "planned");
    let error = world.curate(false).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the curator is not activated; until then it only runs dry-runs"
    );
    world
        .execute(Caller::host(), Command::CuratorActivate)
        .unwrap();
    world.curate(false).unwrap();
    days(&mut world, 40);
    let before = world.digest();
    let dry = world.curate(true).unwrap();
    assert_eq!(dry.transitions.len(), 1);
    assert_eq!(dry.applied, 0);
    assert_eq!(
        lifecycle(&mut world, "evolved-x"),
        Lifecycle::Active,
        "a dry-run applies nothing"
    );
    assert_eq!(world.digest(), before);
    world
        .execute(Caller::host(), Command::CuratorPause)
        .unwrap();
    assert_eq!(
        world.curate(false).unwrap_err().to_string(),
        "the curator is paused"
    );
    let scheduled = world.execute(
        Caller::host(),
        Command::CuratorSweep {
            dry_run: true,
            scheduled: true,
        },
    );
    assert!(
        scheduled.is_err(),
        "a scheduled dry-run within 23 h is skipped"
    );
    world
        .execute(Caller::host(), Command::CuratorResume)
        .unwrap();
    assert_eq!(world.curate(false).unwrap().applied, 1);
    assert!(world.curator_state().reports.len() <= skillworld_world::KEPT_REPORTS);
}

#[test]
fn restore_brings_the_catalog_entry_back() {
    let mut world = world();
    skill(&mut world, "evolved-x", Origin::Evolved);
    world.curate(false).unwrap();
    days(&mut world, 100);
    world.curate(false).unwrap();
    assert!(
        !world
            .catalog("ada", &CatalogRequest::default())
            .unwrap()
            .contains("evolved-x")
    );
    world
        .restore(&Layer::Agent("ada".into()), "evolved-x")
        .unwrap();
    assert!(
        world
            .catalog("ada", &CatalogRequest::default())
            .unwrap()
            .contains("evolved-x")
    );
    assert!(
        world.curate(false).unwrap().transitions.is_empty(),
        "restoring counts as activity"
    );
}

#[test]
fn a_hundred_and_twenty_days_of_loads_and_sweeps_replay_to_the_same_digest() {
    let run = || {
        let mut world = world();
        for i in 0..1_000 {
            skill(
                &mut world,
                &format!("s-{i:04}"),
                if i % 3 == 0 {
                    Origin::User
                } else {
                    Origin::Evolved
                },
            );
        }
        let mut seed: u64 = 7;
        for _ in 0..120 {
            for _ in 0..20 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let name = format!("s-{:04}", (seed >> 33) % 1_000);
                let _ = world.load(
                    "ada",
                    LoadRequest {
                        name: &name,
                        ..Default::default()
                    },
                );
            }
            world.curate(false).unwrap();
            days(&mut world, 1);
        }
        let counts = world
            .list(
                "ada",
                &skillworld_world::ListQuery {
                    status: Some("archived".into()),
                    limit: Some(50),
                    ..Default::default()
                },
            )
            .unwrap()
            .total;
        (world.digest(), counts)
    };
    let (first, archived) = run();
    let (second, _) = run();
    assert_eq!(first, second);
    assert!(archived > 0, "some skills aged out");
}
