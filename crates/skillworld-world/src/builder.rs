//! Building a world from its rows as they arrive (issue 19): the
//! world-wide state first, then the entities in stable-id order, then
//! [`WorldBuilder::finish`]. A store opening a large world spawns each
//! batch of rows while its reading threads decode the next ones, instead
//! of waiting for every row before the first spawn.
//! [`SkillWorld::from_state`] is the same build over rows already in memory.

use std::panic::resume_unwind;

use skillworld_core::{EntityRecord, IdAllocator, Skill, StableId, Trust, Usage};

use crate::agent::ToolSets;
use crate::catalog::{AgentViews, LoadRanking, fresh_lists, install_lists_only};
use crate::change_log::ChangeLog;
use crate::curator::{CuratorSettings, CuratorState};
use crate::index::{Entities, loaded_indexes};
use crate::policy::PolicySettings;
use crate::revisions::Revisions;
use crate::snapshot::{
    EntityState, LegacyRun, STATE_VERSION, SkillState, StateError, WorldGlobals, WorldState,
};
use crate::state::{AgentNames, ObjectBytes, SkillWorld, WorldSettings};
use crate::trust::{TrustPolicy, TrustedKeys};
use crate::usage::Lessons;

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
        // the scanner (at `finish`).
        this.set_commons(globals.commons);
        let world = &mut this.world;
        world.resource_mut::<ChangeLog>().loading = true;
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

    /// Makes room for `more` entities (a hint: the rows' count).
    pub fn reserve(&mut self, more: usize) {
        let world = &mut self.world.world;
        world.resource_mut::<Entities>().reserve(more);
        // The skills' table at its size once: grown by doubling, each move
        // copied every skill spawned so far (mimalloc's realloc copies, with
        // a page fault per new page: ≈ 10 % of a 100,000-skill open's
        // samples, issue 19).
        drop(world.spawn_batch(RoomFor(more)));
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
                // Spawned once each: a count of 0 has nothing to rank.
                if usage.load_count > 0 {
                    world
                        .resource_mut::<LoadRanking>()
                        .set(record.id, usage.load_count);
                }
                let spawned: SkillBundle = (usage, revisions, lessons, record, skill);
                world.spawn(spawned);
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
        // Two passes that only read the skills, made on two cores (a store's
        // reading threads are done by now).
        let (indexes, lists) = std::thread::scope(|scope| {
            let world = &*world;
            let lists = scope.spawn(move || fresh_lists(world));
            let indexes = loaded_indexes(world);
            let lists = lists.join();
            (indexes, lists.unwrap_or_else(|panic| resume_unwind(panic)))
        });
        indexes.install(world);
        world.resource_mut::<ChangeLog>().loading = false;
        // The term index waits for its first query (CAT-10, issue 19).
        install_lists_only(world, lists);
        world.resource_mut::<AgentViews>().views.clear();
        // A world as loaded has nothing to write, but for runs it kept
        // world-wide: they move onto their agents at the next commit.
        this.forget_changes();
        this.adopt_legacy_runs(self.legacy_runs);
        Ok(this)
    }
}

/// The components a skill is spawned with.
type SkillBundle = (Usage, Revisions, Lessons, EntityRecord, Skill);

/// No skills, said to be up to `n` of them: `World::spawn_batch` makes room
/// for that many in the skills' table, then spawns none.
struct RoomFor(usize);

impl Iterator for RoomFor {
    type Item = SkillBundle;

    fn next(&mut self) -> Option<SkillBundle> {
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.0))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use skillworld_core::Timestamp;
    use skillworld_format::{BundleFile, SkillDocument};

    use crate::layers::Layer;

    fn world() -> SkillWorld {
        let mut world = SkillWorld::new(WorldSettings {
            clock: Clock::Simulated(Timestamp::from_millis(0)),
            platform: None,
        });
        world.add_agent("ada", None).unwrap();
        let files = vec![BundleFile {
            path: "assets/icon.bin".into(),
            bytes: vec![0xff, 0xfe, 0x00, 0x01],
            executable: false,
        }];
        let document = SkillDocument::new("iconic", "Has an icon.", "Body.\n");
        world.install(&Layer::Commons, document, files).unwrap();
        world
    }

    #[test]
    fn rows_spawned_one_by_one_with_bytes_given_after_make_the_same_world() {
        let world = world();
        let state = world.state();
        let (globals, entities) = state.clone().into_parts();
        let mut builder = WorldBuilder::new(globals, None).unwrap();
        // Room made for more skills than come: none is spawned by it.
        builder.reserve(entities.len() + 10);
        let mut later = Vec::new();
        for mut entity in entities {
            if let EntityState::Resource { record, bytes, .. } = &mut entity
                && let Some(bytes) = bytes.take()
            {
                later.push((record.id, bytes));
            }
            builder.spawn(entity);
        }
        assert_eq!(later.len(), 1, "the icon's bytes");
        for (id, bytes) in later {
            builder.set_bytes(id, bytes).unwrap();
        }
        let built = builder.finish().unwrap();
        assert_eq!(built.digest(), state.digest());
        assert_eq!(built.state(), state);
    }

    #[test]
    fn bytes_for_an_entity_not_spawned_and_rows_without_the_commons_are_refused() {
        let (globals, entities) = world().state().into_parts();
        let mut builder = WorldBuilder::new(globals.clone(), None).unwrap();
        let unknown = StableId(globals.last_id.0 + 100);
        assert_eq!(
            builder.set_bytes(unknown, vec![1]),
            Err(StateError::NoEntity(unknown))
        );
        let commons = globals.commons;
        for entity in entities.into_iter().filter(|e| e.record().id != commons) {
            builder.spawn(entity);
        }
        assert!(matches!(
            builder.finish(),
            Err(StateError::NoCommons(id)) if id == commons
        ));
    }
}
