//! CAT-6 runs on their agents (STO-5): a load in a run writes the agent's
//! row and nothing world-wide, an agent keeps its most recent runs, and a
//! world saved when runs were world-wide moves them onto their agents.

mod common;

use skillworld_core::StableId;
use skillworld_format::SkillDocument;
use skillworld_world::{
    AgentRuns, EntityState, KEPT_RUNS, Layer, LoadRequest, SkillWorld, WorldState,
};

fn world_with_skill() -> (SkillWorld, StableId) {
    let mut world = common::two_agents(0);
    let id = world
        .create(
            &Layer::Commons,
            SkillDocument::new("deploy", "Ships the service.", "Run the deploy.\n"),
        )
        .unwrap();
    (world, id)
}

fn load(world: &mut SkillWorld, agent: &str, run: &str) -> bool {
    load_skill(world, agent, "deploy", run)
}

/// Whether the run had already loaded `name`.
fn load_skill(world: &mut SkillWorld, agent: &str, name: &str, run: &str) -> bool {
    world
        .load(
            agent,
            LoadRequest {
                name,
                run: Some(run),
                ..Default::default()
            },
        )
        .unwrap()
        .already_loaded
}

fn agent_runs<'a>(rows: &'a [EntityState], name: &str) -> Option<&'a AgentRuns> {
    rows.iter().find_map(|row| match row {
        EntityState::Agent { agent, runs, .. } if agent.name == name => Some(runs),
        _ => None,
    })
}

#[test]
fn a_load_in_a_run_writes_the_agents_row_and_nothing_world_wide() {
    let (mut world, deploy) = world_with_skill();
    world.take_changes();
    assert!(!load(&mut world, "ada", "r1"));
    let changes = world.take_changes();
    assert!(
        changes.globals.is_none(),
        "a load rewrote the world-wide row: {:?}",
        changes.globals
    );
    let runs = agent_runs(&changes.rows, "ada").expect("ada's row is written");
    assert_eq!(runs.loaded("r1"), [deploy]);
    assert!(agent_runs(&changes.rows, "bob").is_none());
    // The run's set is the agent's own: bob's run of the same id is empty.
    assert!(load(&mut world, "ada", "r1"));
    assert!(!load(&mut world, "bob", "r1"));
}

#[test]
fn an_agent_keeps_its_most_recently_used_runs() {
    let (mut world, _) = world_with_skill();
    for run in 0..KEPT_RUNS {
        assert!(!load(&mut world, "ada", &format!("r{run}")));
    }
    // A load in r0 makes it the most recent, so r1 goes first. (An
    // "already loaded" answer writes nothing, so it does not count.)
    world
        .create(
            &Layer::Commons,
            SkillDocument::new("review", "Reviews a change.", "Read the diff.\n"),
        )
        .unwrap();
    assert!(load(&mut world, "ada", "r0"));
    assert!(!load_skill(&mut world, "ada", "review", "r0"));
    assert!(!load(&mut world, "ada", "new"));
    assert!(world.run_hint("ada", "r1").unwrap().is_none());
    assert!(world.run_hint("ada", "r0").unwrap().is_some());
    assert!(world.run_hint("ada", "new").unwrap().is_some());
    // A forgotten run starts afresh.
    assert!(!load(&mut world, "ada", "r1"));
    let state = world.state();
    let runs = agent_runs(&state.entities, "ada").unwrap();
    let kept = (0..KEPT_RUNS)
        .map(|run| format!("r{run}"))
        .chain(["new".to_owned()])
        .filter(|run| !runs.loaded(run).is_empty())
        .count();
    assert_eq!(kept, KEPT_RUNS);
}

#[test]
fn runs_a_world_kept_world_wide_move_onto_their_agents() {
    let (world, deploy) = world_with_skill();
    let before = world.state();
    let ada = before
        .entities
        .iter()
        .find_map(|row| match row {
            EntityState::Agent { record, agent, .. } if agent.name == "ada" => Some(record.id),
            _ => None,
        })
        .unwrap();
    // The shape of a world saved before runs moved onto agents: a
    // world-wide `runs` list, and agents' rows without `runs`.
    let mut old = serde_json::to_value(&before).unwrap();
    old["runs"] = serde_json::json!([[ada, "r1", [deploy]]]);
    let old: WorldState = serde_json::from_value(old).unwrap();
    assert_eq!(old.legacy_runs.len(), 1);

    let mut loaded = SkillWorld::from_state(old, Some("linux".into())).unwrap();
    assert_eq!(
        loaded.run_hint("ada", "r1").unwrap().as_deref(),
        Some("Skills already loaded in this run: deploy.")
    );
    // Not part of the digest, as before.
    assert_eq!(loaded.digest(), world.digest());
    // The next commit writes them on ada's row and the world-wide row
    // without them.
    let changes = loaded.take_changes();
    let globals = changes.globals.expect("the world-wide row is rewritten");
    assert!(globals.legacy_runs.is_empty());
    assert!(
        !serde_json::to_string(&globals)
            .unwrap()
            .contains("\"runs\"")
    );
    assert_eq!(
        agent_runs(&changes.rows, "ada").unwrap().loaded("r1"),
        [deploy]
    );
    assert!(loaded.take_changes().is_empty());
    assert!(load(&mut loaded, "ada", "r1"));
}
