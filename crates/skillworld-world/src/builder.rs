//! Building a world from its rows as they arrive (issue 19): the
//! world-wide state first, then the entities in stable-id order, then
//! [`WorldBuilder::finish`]. A store opening a large world spawns each
//! batch of rows while its reading threads decode the next ones, instead
//! of waiting for every row before the first spawn.
//! [`SkillWorld::from_state`] is the same build over rows already in memory.

use skillworld_core::{IdAllocator, StableId, Trust};

use crate::agent::ToolSets;
use crate::catalog::{AgentViews, LoadRanking, rebuild_lists_only};
use crate::curator::{CuratorSettings, CuratorState};
use crate::index::Entities;
use crate::policy::PolicySettings;
use crate::snapshot::{
    EntityState, LegacyRun, STATE_VERSION, SkillState, StateError, WorldGlobals, WorldState,
};
use crate::state::{AgentNames, ObjectBytes, SkillWorld, WorldSettings};
use crate::trust::{TrustPolicy, TrustedKeys};

/// A world being built from its rows.
pub struct WorldBuilder {
    world: SkillWorld,
    /// The world-wide row's last id, raised to the newest entity's.
    last_id: StableId,
    legacy_runs: Vec<LegacyRun>,
    /// Whether the Commons world's own entity was among the rows.
    commons_seen: bool,
}

impl WorldBuilder {
    /// A world with the world-wide state and no entities yet; refuses a
    /// state newer than this version understands.
    pub fn new(globals: WorldGlobals, platform: Option<String>) -> Result<Self, StateError> {
        if globals.version > STATE_VERSION {
            return Err(StateError::NewerVersion {
                found: globals.version,
                supported: STATE_VERSION,
            });
        }
        let mut this = SkillWorld::empty(WorldSettings {
            clock: globals.clock,
            platform,
        });
        // Before any skill is spawned: the Commons' names are kept for
        // the scanner as its skills arrive.
        this.set_commons(globals.commons);
        let world = &mut this.world;
        *world.resource_mut::<PolicySettings>() = globals.policy;
        *world.resource_mut::<ToolSets>() = globals.tool_sets;
        *world.resource_mut::<CuratorSettings>() = globals.curator_settings;
        *world.resource_mut::<CuratorState>() = globals.curator;
        *world.resource_mut::<TrustedKeys>() = globals.trusted_keys;
        *world.resource_mut::<TrustPolicy>() = globals.trust_policy;
        Ok(WorldBuilder {
            world: this,
            last_id: globals.last_id,
            legacy_runs: globals.legacy_runs,
            commons_seen: false,
        })
    }

    /// Spawns one entity (rows come in stable-id order).
    pub fn spawn(&mut self, entity: EntityState) {
        let id = entity.record().id;
        self.last_id = self.last_id.max(id);
        let commons = self.world.commons;
        let world = &mut self.world.world;
        match entity {
            EntityState::World { record, config } => {
                self.commons_seen |= record.id == commons;
                world.spawn((record, config));
            }
            EntityState::Agent {
                record,
                agent,
                usage,
                runs,
            } => {
                // A removed agent keeps its record, not its name.
                if !record.is_deleted() {
                    world
                        .resource_mut::<AgentNames>()
                        .0
                        .insert(agent.name.clone(), record.id);
                }
                world.spawn((record, agent, usage, runs));
            }
            EntityState::Skill(state) => {
                let SkillState {
                    record,
                    mut skill,
                    usage,
                    revisions,
                    lessons,
                } = *state;
                // GOV-2's migration: a skill saved before trust levels
                // gets the level its origin and layer imply.
                if skill.trust.is_none() {
                    let in_commons = record.world == Some(commons);
                    skill.trust = Some(Trust::migrated(skill.origin, in_commons));
                }
                world
                    .resource_mut::<LoadRanking>()
                    .set(record.id, usage.load_count);
                world.spawn((usage, revisions, lessons, record, skill));
            }
            EntityState::Resource {
                record,
                resource,
                bytes,
            } => {
                let mut spawned = world.spawn((record, resource));
                if let Some(bytes) = bytes {
                    spawned.insert(ObjectBytes(bytes));
                }
            }
        }
    }

    /// Gives the spawned entity `id` its file's bytes (read after its row,
    /// in a pass of their own); an id not spawned is refused.
    pub fn set_bytes(&mut self, id: StableId, bytes: Vec<u8>) -> Result<(), StateError> {
        let world = &mut self.world.world;
        let entity = world
            .resource::<Entities>()
            .get(id)
            .ok_or(StateError::NoEntity(id))?;
        world.entity_mut(entity).insert(ObjectBytes(bytes));
        Ok(())
    }

    /// The world, once every row is in; refuses rows without the Commons
    /// world the world-wide state names.
    pub fn finish(self) -> Result<SkillWorld, StateError> {
        let mut this = self.world;
        if !self.commons_seen {
            return Err(StateError::NoCommons(this.commons));
        }
        let world = &mut this.world;
        world.resource_mut::<Entities>().allocator = IdAllocator::after(self.last_id);
        // The term index waits for its first query (CAT-10, issue 19).
        rebuild_lists_only(world);
        world.resource_mut::<AgentViews>().views.clear();
        // A world as loaded has nothing to write, but for runs it kept
        // world-wide: they move onto their agents at the next commit.
        this.forget_changes();
        this.adopt_legacy_runs(self.legacy_runs);
        Ok(this)
    }
}

impl SkillWorld {
    /// Rebuilds a world from data. The journal starts empty.
    pub fn from_state(state: WorldState, platform: Option<String>) -> Result<Self, StateError> {
        let (globals, entities) = state.into_parts();
        let mut builder = WorldBuilder::new(globals, platform)?;
        for entity in entities {
            builder.spawn(entity);
        }
        builder.finish()
    }
}
