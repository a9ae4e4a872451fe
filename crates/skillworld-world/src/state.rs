//! The world's state: the [`SkillWorld`] that owns the bevy `World`, its
//! schedules and journal, how it starts, and the small helpers that make
//! its entities. Reads, writes and the host API are `impl` blocks in their
//! own modules.

use std::collections::HashMap;

use bevy_ecs::component::Component;
use bevy_ecs::resource::Resource;
use bevy_ecs::schedule::{IntoScheduleConfigs, Schedule};
use bevy_ecs::world::World;
use skillworld_core::{EntityRecord, PrimaryComponent, StableId, Timestamp};

use crate::agent::ToolSets;
use crate::catalog::{
    AgentViews, HostPlatform, Layers, LoadRanking, TermIndex, refresh_layers, refresh_terms,
};
use crate::clock::Clock;
use crate::command::Envelope;
use crate::command::Scans;
use crate::curator::{CuratorSettings, CuratorState, SweepPlan, plan_sweep};
use crate::index::{CommonsNames, Entities, LayerChanges, NameIndex, SourceIndex, register_hooks};
use crate::layers::WorldConfig;
use crate::policy::PolicySettings;

/// How a world starts.
#[derive(Clone, Debug)]
pub struct WorldSettings {
    pub clock: Clock,
    /// The host platform; `None` for the one this runs on.
    pub platform: Option<String>,
}

impl Default for WorldSettings {
    fn default() -> Self {
        WorldSettings {
            clock: Clock::Wall,
            platform: None,
        }
    }
}
/// Notes every change of a row component (STO-5); `EntityRecord` and
/// `Skill` are noted by the index's hooks. A component added to an entity's
/// row (`snapshot::entity_state`) is added here too, or the debug check in
/// `take_changes` fails on its first change.
fn track_rows(world: &mut World) {
    use crate::change_log::{register_despawn_hook, track};
    register_despawn_hook(world);
    track::<skillworld_core::SkillResource>(world);
    track::<skillworld_core::Usage>(world);
    track::<crate::revisions::Revisions>(world);
    track::<crate::usage::Lessons>(world);
    track::<crate::agent::Agent>(world);
    track::<crate::agent::AgentUsage>(world);
    track::<crate::usage::AgentRuns>(world);
    track::<WorldConfig>(world);
    track::<ObjectBytes>(world);
}

/// Bytes of a binary bundle file (an `object_file` resource).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ObjectBytes(pub Vec<u8>);

/// Agents by name.
#[derive(Resource, Debug, Default)]
pub(crate) struct AgentNames(pub(crate) HashMap<String, StableId>);

/// A skill world: one Commons, one private world per agent, the resolution
/// systems, and the host API.
pub struct SkillWorld {
    pub(crate) world: World,
    pub(crate) resolve: Schedule,
    pub(crate) commons: StableId,
    pub(crate) journal: Vec<Envelope>,
    pub(crate) curator: Schedule,
    /// The trust level of content the command being applied writes
    /// (GOV-2): set per command, read where content is written.
    pub(crate) write_trust: skillworld_core::Trust,
    /// While an agent's write is applied as a proposal (GOV-1): its target
    /// world, and the proposals world that stands in for it.
    pub(crate) redirect: Option<(StableId, StableId)>,
}

impl SkillWorld {
    pub fn new(settings: WorldSettings) -> Self {
        let now = settings.clock.now();
        let mut this = SkillWorld::empty(settings);
        let commons = this.world.resource_mut::<Entities>().allocate();
        this.world.spawn((
            record(commons, "commons", None, PrimaryComponent::World, now),
            WorldConfig::commons(),
        ));
        this.set_commons(commons);
        this
    }

    /// Names the Commons world, before any of its skills is spawned (the
    /// hooks keep its names for the scanner from then on).
    pub(crate) fn set_commons(&mut self, commons: StableId) {
        self.commons = commons;
        self.world.resource_mut::<CommonsNames>().world = Some(commons);
    }

    /// A world with its resources, hooks and systems but no entities.
    pub(crate) fn empty(settings: WorldSettings) -> Self {
        let mut world = World::new();
        world.init_resource::<Entities>();
        world.init_resource::<NameIndex>();
        world.init_resource::<CommonsNames>();
        world.init_resource::<Scans>();
        world.init_resource::<SourceIndex>();
        world.init_resource::<LayerChanges>();
        world.init_resource::<Layers>();
        world.init_resource::<TermIndex>();
        world.init_resource::<AgentViews>();
        world.init_resource::<LoadRanking>();
        world.init_resource::<ToolSets>();
        world.init_resource::<AgentNames>();
        world.init_resource::<PolicySettings>();
        world.init_resource::<CuratorSettings>();
        world.init_resource::<CuratorState>();
        world.init_resource::<crate::trust::TrustedKeys>();
        world.init_resource::<crate::trust::TrustPolicy>();
        world.init_resource::<SweepPlan>();
        world.insert_resource(settings.clock);
        world.insert_resource(
            settings
                .platform
                .map_or_else(HostPlatform::default, HostPlatform),
        );
        register_hooks(&mut world);
        track_rows(&mut world);
        let mut resolve = Schedule::default();
        // The term index reads the change sets before the lists drain them.
        resolve.add_systems((refresh_terms, refresh_layers).chain());
        let mut curator = Schedule::default();
        curator.add_systems(plan_sweep);
        SkillWorld {
            world,
            resolve,
            commons: StableId(0),
            journal: Vec::new(),
            curator,
            write_trust: skillworld_core::Trust::Trusted,
            redirect: None,
        }
    }

    /// The bevy world, for hosts that read components directly.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The bevy world, for hosts that add their own systems' resources.
    /// Writes to skills should go through this API so revisions and usage
    /// stay right; the indexes stay right either way.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The resolution schedule, run before every read; hosts may add systems.
    pub fn schedule_mut(&mut self) -> &mut Schedule {
        &mut self.resolve
    }

    pub fn commons(&self) -> StableId {
        self.commons
    }

    pub fn now(&self) -> Timestamp {
        self.world.resource::<Clock>().now()
    }

    pub fn clock_mut(&mut self) -> bevy_ecs::change_detection::Mut<'_, Clock> {
        self.world.resource_mut::<Clock>()
    }

    /// Policy and write settings (hard-deny list, copy-on-write, delete mode).
    pub fn policy_mut(&mut self) -> bevy_ecs::change_detection::Mut<'_, PolicySettings> {
        self.world.resource_mut::<PolicySettings>()
    }

    /// The named tool sets agents' pools and skills refer to (`@name`);
    /// change them with [`SkillWorld::set_tool_set`], which journals.
    pub fn tool_sets(&self) -> &ToolSets {
        self.world.resource::<ToolSets>()
    }
}

pub(crate) fn record(
    id: StableId,
    title: &str,
    world: Option<StableId>,
    primary: PrimaryComponent,
    now: Timestamp,
) -> EntityRecord {
    EntityRecord {
        id,
        title: title.to_owned(),
        summary: String::new(),
        content: skillworld_core::Body::default(),
        world,
        pinned: false,
        tags: Vec::new(),
        created_at: now,
        updated_at: now,
        deleted_at: None,
        primary,
    }
}
