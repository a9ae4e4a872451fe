//! The simulated agents' days: what `simulation_host` runs and what
//! `tests/replay.rs` checks for determinism, from one source.

use std::future::Future;
use std::path::Path;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use skillworld::core::{EntityRecord, Lifecycle, Origin, Skill, Timestamp};
use skillworld::evolve::{Reply, ReviewModel, ScriptedModel, review_tools};
use skillworld::format::SkillDocument;
use skillworld::store::{OpenOptions, SimulatedWorld, Store, StoreError, shipped_commons};
use skillworld::world::{
    Caller, CallerKind, Clock, Command, Layer, LoadRequest, SimRng, SkillWorld, Turn, TurnError,
    WorldError, WorldSettings,
};

use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Query, ResMut};

/// 2026-01-01T00:00:00Z: every run starts here, so dates never depend on
/// when it runs.
pub const START: Timestamp = Timestamp::from_millis(1_767_225_600_000);
/// Fixed so that a skill's platform rules read the same on every machine.
pub const PLATFORM: &str = "linux";
pub const LOADS_PER_DAY: usize = 3;
/// Per agent and day: 1 in 100 creates a private skill, 1 in 200 patches
/// one.
pub const CREATE_CHANCE: (u32, u32) = (1, 100);
pub const PATCH_CHANCE: (u32, u32) = (1, 200);

const TOPICS: [&str; 12] = [
    "release notes",
    "incident reviews",
    "data cleaning",
    "SQL migrations",
    "API changelogs",
    "unit tests",
    "meeting summaries",
    "dependency upgrades",
    "log triage",
    "code review",
    "onboarding guides",
    "budget reports",
];

/// A new world on the simulated clock holding the shipped Commons: in
/// memory, or in a new database at `db`. Both are built by the same
/// commands, so they reach the same digest.
pub fn open(db: Option<&Path>) -> Result<SimulatedWorld, StoreError> {
    let clock = Clock::Simulated(START);
    match db {
        Some(path) => {
            let options = OpenOptions {
                clock: Some(clock),
                platform: Some(PLATFORM.to_owned()),
                seed: shipped_commons(),
                journal_limit: None,
                cache_bytes: None,
            };
            Ok(SimulatedWorld::Stored(Box::new(Store::open(
                path, options,
            )?)))
        }
        None => {
            let mut world = SkillWorld::new(WorldSettings {
                clock,
                platform: Some(PLATFORM.to_owned()),
            });
            for (document, files) in shipped_commons() {
                world.install_builtin(document, files)?;
            }
            Ok(SimulatedWorld::Memory(Box::new(world)))
        }
    }
}

/// Adds `generated` Commons skills, `agents` agents, and switches the
/// curator on. The Commons does not depend on the seed: only the agents'
/// choices do.
pub fn populate(world: &mut SkillWorld, agents: usize, generated: usize) -> Result<(), WorldError> {
    let mut words = SimRng::new(0);
    for index in 0..generated {
        let topic = TOPICS[index % TOPICS.len()];
        let name = format!(
            "commons-{}-{index:04}",
            topic.replace(' ', "-").to_lowercase()
        );
        let description = format!(
            "Helps with {topic}: a checklist, the usual pitfalls and a template. Use when the user asks about {topic}."
        );
        let mut body = format!("# {topic}\n\n## Steps\n\n");
        for step in 1..=8 + words.index(8).unwrap_or(0) {
            body.push_str(&format!(
                "{step}. Check the {} of the {topic} before the next step.\n",
                ["inputs", "owners", "dates", "numbers", "links"][words.index(5).unwrap_or(0)]
            ));
        }
        world.create(&Layer::Commons, SkillDocument::new(name, description, body))?;
    }
    for index in 0..agents {
        world.add_agent(&agent_name(index), None)?;
    }
    world.execute(Caller::host(), Command::CuratorActivate)?;
    Ok(())
}

pub fn agent_name(index: usize) -> String {
    format!("agent-{index:05}")
}

/// What the agents did in one day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DayCounts {
    pub loads: u64,
    pub created: u64,
    pub patched: u64,
}

/// One agent's day: three loads chosen among the skills it sees, now and
/// then a new private skill, now and then a patch to one.
pub fn agent_day(mut turn: Turn<'_>, counts: &mut DayCounts) -> Result<(), TurnError> {
    let chosen: Vec<String> = {
        let visible = turn.world.visible_skills(turn.agent)?;
        let drawn = turn.rng.distinct(visible.len(), LOADS_PER_DAY);
        drawn.into_iter().map(|i| visible[i].to_owned()).collect()
    };
    for name in &chosen {
        let request = LoadRequest {
            name,
            ..LoadRequest::default()
        };
        turn.world.load(turn.agent, request)?;
        counts.loads += 1;
    }
    if turn.rng.chance(CREATE_CHANCE.0, CREATE_CHANCE.1) {
        create_private_skill(&mut turn)?;
        counts.created += 1;
    }
    if turn.rng.chance(PATCH_CHANCE.0, PATCH_CHANCE.1) && evolve_private_skill(&mut turn)? {
        counts.patched += 1;
    }
    Ok(())
}

/// A skill the agent wrote for itself (origin `evolved`, so the curator
/// ages it); at most one a day, so the day makes the name unique.
fn create_private_skill(turn: &mut Turn<'_>) -> Result<(), WorldError> {
    let topic = TOPICS[turn.rng.index(TOPICS.len()).unwrap_or(0)];
    let mut document = SkillDocument::new(
        format!("notes-day-{}", turn.tick),
        format!(
            "What {} learned about {topic} on day {}.",
            turn.agent, turn.tick
        ),
        format!("# {topic}\n\n## Lessons\n\n- Start from the last good example.\n"),
    );
    document.skill.origin = Origin::Evolved;
    let command = Command::CreateSkill {
        layer: Layer::Agent(turn.agent.to_owned()),
        document,
    };
    turn.world.execute(Caller::agent(turn.agent), command)?;
    Ok(())
}

/// The self-evolution step: one of the agent's own live skills gets a new
/// lesson. A scripted review model (the deterministic model of
/// `skillworld::evolve`) answers with a `skill_patch` call, applied through
/// the skill tools as an invisible caller — the path a review run's tool
/// calls take (a run's record needs a store; this world may be in memory).
/// Returns whether the agent had a skill to patch.
pub fn evolve_private_skill(turn: &mut Turn<'_>) -> Result<bool, TurnError> {
    let layer = Layer::Agent(turn.agent.to_owned());
    let mut live = Vec::new();
    for name in turn.world.layer_skill_names(&layer)? {
        if turn.world.skill_document(&layer, &name)?.skill.lifecycle != Lifecycle::Archived {
            live.push(name);
        }
    }
    let Some(index) = turn.rng.index(live.len()) else {
        return Ok(false);
    };
    let model = ScriptedModel::new([Reply::call(
        "skill_patch",
        serde_json::json!({
            "name": live.swap_remove(index),
            "old_string": "## Lessons\n",
            "new_string": format!("## Lessons\n\n- Day {}: check the inputs first.\n", turn.tick),
        }),
    )]);
    // A scripted model answers at once: one poll is the whole wait.
    let Poll::Ready(Ok(reply)) =
        pin!(model.complete(&[], &[])).poll(&mut Context::from_waker(Waker::noop()))
    else {
        unreachable!("a scripted model with a reply answers at once");
    };
    // A review run's own allow list, as the run loop builds it.
    let caller = Caller {
        agent: Some(turn.agent.to_owned()),
        kind: CallerKind::Invisible,
        allowed_tools: review_tools().into_iter().map(|tool| tool.name).collect(),
        ..Caller::default()
    };
    for call in reply.tool_calls {
        let result = turn.world.call_tool(&caller, &call.name, &call.arguments);
        if let Some(error) = result.get("error").and_then(|e| e.as_str()) {
            return Err(TurnError::Host(format!(
                "the scripted review's {} failed: {error}",
                call.name
            )));
        }
    }
    Ok(true)
}

/// Undeleted skills by lifecycle, counted by a host system once per tick.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub active: usize,
    pub stale: usize,
    pub archived: usize,
}

pub fn take_census(mut census: ResMut<Census>, skills: Query<(&EntityRecord, &Skill)>) {
    *census = Census::default();
    for (_, skill) in skills.iter().filter(|(record, _)| !record.is_deleted()) {
        match skill.lifecycle {
            Lifecycle::Active => census.active += 1,
            Lifecycle::Stale => census.stale += 1,
            Lifecycle::Archived => census.archived += 1,
        }
    }
}
