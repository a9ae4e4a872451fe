//! Replay (STO-3) over the shipped Commons, and the simulation host's
//! determinism (SIM-2): the same seed gives the same digest, in memory and
//! in a database, and a simulated database replays to its live digest.

use std::path::Path;

use skillworld::core::{Lifecycle, Origin};
use skillworld::format::SkillDocument;
use skillworld::store::{OpenOptions, SimulatedWorld, Store, shipped_commons};
use skillworld::world::{
    Clock, Layer, LoadRequest, Simulation, SimulationSettings, SkillWorld, Switches, WorldError,
};

// Shared with the `simulation_host` example, so these tests check the very
// days it runs; the example uses all of it, the tests only part.
#[allow(dead_code)]
#[path = "../examples/simulation_host/scenario.rs"]
mod scenario;

fn shipped_names() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/commons");
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn open_store(path: &Path) -> Store {
    let options = OpenOptions {
        clock: Some(Clock::Simulated(scenario::START)),
        platform: Some(scenario::PLATFORM.to_owned()),
        seed: shipped_commons(),
        ..OpenOptions::default()
    };
    Store::open(path, options).unwrap()
}

/// Touches every kind of write a session makes, including a Commons change
/// shadowed privately, a deletion and a real curator sweep.
fn session(world: &mut SkillWorld) -> Result<(), WorldError> {
    let ada = Layer::Agent("ada".to_owned());
    let mut own = SkillDocument::new("triage", "Sorts incoming bugs.", "# Triage\n\n- label\n");
    own.skill.origin = Origin::Evolved;
    world.create(&ada, own)?;
    world.create(
        &ada,
        SkillDocument::new(
            "skill-authoring",
            "Ada's own way to write skills.",
            "Short.\n",
        ),
    )?;
    for (name, run) in [("triage", "r1"), ("skill-curation", "r1"), ("triage", "r2")] {
        let request = LoadRequest {
            name,
            run: Some(run),
            ..LoadRequest::default()
        };
        world.load("ada", request)?;
    }
    world.update(&Layer::Commons, "skill-curation", |document| {
        document.body.push_str("\nKeep the reports.\n");
    })?;
    world.record_lesson("ada", "triage", "Ask for the version first.")?;
    world.bind("ada", "triage")?;
    world.unbind("ada", "triage")?;
    world.delete(&ada, "skill-authoring")?;
    let disabled = Switches {
        enabled: Some(false),
        ..Switches::default()
    };
    world.set(&ada, "triage", disabled)?;
    world.execute(
        skillworld::world::Caller::host(),
        skillworld::world::Command::CuratorActivate,
    )?;
    world.clock_mut().advance_days(40);
    world.curate(false)?;
    Ok(())
}

#[test]
fn a_session_over_the_shipped_commons_replays_to_the_live_digest() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("world.redb");
    let mut store = open_store(&path);
    assert_eq!(
        store.world().layer_skill_names(&Layer::Commons).unwrap(),
        shipped_names(),
        "the store starts from the shipped worlds/commons"
    );
    store
        .run(|world| world.add_agent("ada", None))
        .unwrap()
        .unwrap();
    store.save_snapshot("before").unwrap();
    store.wait_for_digests();
    let before = store.snapshot_info("before").unwrap();

    store.run(session).unwrap().unwrap();
    let live = store.world().digest();
    assert_ne!(
        Some(live.clone()),
        before.digest,
        "the session changed the world"
    );
    let lifecycle = store
        .world()
        .skill_document(&Layer::Agent("ada".into()), "triage")
        .unwrap()
        .skill
        .lifecycle;
    assert_eq!(lifecycle, Lifecycle::Stale, "40 idle days make it stale");

    assert_eq!(store.replay("before").unwrap().digest(), live);
    drop(store);
    let reopened = Store::open(&path, OpenOptions::default()).unwrap();
    assert_eq!(reopened.world().digest(), live, "reopening replays too");
}

#[test]
fn a_replay_from_a_restored_snapshot_follows_the_restore() {
    let folder = tempfile::tempdir().unwrap();
    let mut store = open_store(&folder.path().join("world.redb"));
    store
        .run(|world| world.add_agent("ada", None))
        .unwrap()
        .unwrap();
    store.save_snapshot("start").unwrap();
    store.run(session).unwrap().unwrap();
    store.save_snapshot("after-session").unwrap();
    store.restore_snapshot("start").unwrap();
    store
        .run(|world| world.add_agent("bob", None))
        .unwrap()
        .unwrap();
    let live = store.world().digest();
    assert_eq!(store.replay("after-session").unwrap().digest(), live);
    assert_eq!(store.replay("start").unwrap().digest(), live);
}

/// `days` simulated days of `agents` agents under `seed`; the digest.
fn simulate(host: &mut SimulatedWorld, agents: usize, days: u64, seed: u64) -> String {
    host.run(|world| scenario::populate(world, agents, 20))
        .unwrap()
        .unwrap();
    let mut simulation = Simulation::new(SimulationSettings {
        seed,
        sweep_each_tick: true,
        ..SimulationSettings::default()
    });
    let mut total = scenario::DayCounts::default();
    for _ in 0..days {
        host.step(&mut simulation, |turn| {
            scenario::agent_day(turn, &mut total)
        })
        .unwrap();
    }
    assert_eq!(
        total.loads,
        agents as u64 * days * scenario::LOADS_PER_DAY as u64
    );
    assert!(total.created > 0, "some agents wrote skills: {total:?}");
    host.world().digest()
}

fn in_memory(agents: usize, days: u64, seed: u64) -> String {
    simulate(&mut scenario::open(None).unwrap(), agents, days, seed)
}

#[test]
fn the_same_seed_gives_the_same_digest() {
    assert_eq!(in_memory(60, 12, 7), in_memory(60, 12, 7));
}

#[test]
fn another_seed_gives_another_digest() {
    assert_ne!(in_memory(60, 12, 7), in_memory(60, 12, 8));
}

#[test]
fn a_simulation_in_a_database_matches_memory_and_replays() {
    let folder = tempfile::tempdir().unwrap();
    let mut host = scenario::open(Some(&folder.path().join("sim.redb"))).unwrap();
    if let SimulatedWorld::Stored(store) = &mut host {
        store.save_snapshot("empty").unwrap();
    }
    let stored = simulate(&mut host, 60, 12, 7);
    assert_eq!(stored, in_memory(60, 12, 7));
    let SimulatedWorld::Stored(store) = host else {
        unreachable!("opened with a path")
    };
    assert_eq!(store.replay("empty").unwrap().digest(), stored);
}

#[test]
fn the_census_counts_every_skill_once() {
    let mut host = scenario::open(None).unwrap();
    simulate(&mut host, 60, 12, 7);
    let mut simulation = Simulation::new(SimulationSettings::default());
    simulation.systems_mut().add_systems(scenario::take_census);
    host.run(|world| world.world_mut().init_resource::<scenario::Census>())
        .unwrap();
    host.step(&mut simulation, |_| Ok(())).unwrap();
    let census = *host.world().world().resource::<scenario::Census>();
    let world = host.world();
    let mut skills = world.layer_skill_names(&Layer::Commons).unwrap().len();
    for agent in world.agents() {
        skills += world
            .layer_skill_names(&Layer::Agent(agent.name.clone()))
            .unwrap()
            .len();
    }
    assert_eq!(census.active + census.stale + census.archived, skills);
}
