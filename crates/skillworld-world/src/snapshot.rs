//! The whole world as plain data (STO-1, STO-3): what snapshots store,
//! what a world is rebuilt from, and what the digest hashes.

use std::collections::HashMap;

use bevy_ecs::entity::Entity;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_core::{
    BodyError, EntityRecord, PrimaryComponent, Skill, SkillResource, StableId, Usage,
};
use thiserror::Error;

use crate::agent::{Agent, AgentUsage, ToolSets};
use crate::change_log::ChangeLog;
use crate::clock::Clock;
use crate::curator::{CuratorSettings, CuratorState};
use crate::index::Entities;
use crate::layers::WorldConfig;
use crate::policy::PolicySettings;
use crate::revisions::Revisions;
use crate::state::{ObjectBytes, SkillWorld};
use crate::trust::{TrustPolicy, TrustedKeys};
use crate::usage::{AgentRuns, Lessons};

/// The version of [`WorldState`]'s shape; stores refuse newer ones.
pub const STATE_VERSION: u32 = 1;

/// One entity and its components.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EntityState {
    World {
        record: EntityRecord,
        config: WorldConfig,
    },
    Agent {
        record: EntityRecord,
        agent: Agent,
        usage: AgentUsage,
        /// Its recent runs' loaded sets; absent from rows written before
        /// runs moved onto agents (and from the digest).
        #[serde(default, skip_serializing_if = "AgentRuns::is_empty")]
        runs: AgentRuns,
    },
    Skill(Box<SkillState>),
    Resource {
        record: EntityRecord,
        resource: SkillResource,
        bytes: Option<Vec<u8>>,
    },
}

/// A skill entity's components.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillState {
    pub record: EntityRecord,
    pub skill: Skill,
    pub usage: Usage,
    pub revisions: Revisions,
    pub lessons: Lessons,
}

impl EntityState {
    pub fn record(&self) -> &EntityRecord {
        match self {
            EntityState::World { record, .. }
            | EntityState::Agent { record, .. }
            | EntityState::Resource { record, .. } => record,
            EntityState::Skill(state) => &state.record,
        }
    }

    /// Gives a bundle file the stable id of the skill that lists it, when
    /// `owners` knows one; whether it changed. Files spawned with a new
    /// skill before schema 6 carry `StableId(0)` (their skill had no
    /// record yet), which the digest hashes: stores rewrite them once.
    pub fn own(&mut self, owners: &ResourceOwners) -> bool {
        let EntityState::Resource {
            record, resource, ..
        } = self
        else {
            return false;
        };
        match owners.get(&record.id) {
            Some(&owner) if owner != resource.skill_id => {
                resource.skill_id = owner;
                true
            }
            _ => false,
        }
    }
}

/// Bundle file id → the stable id of the skill whose resource list holds
/// it.
pub type ResourceOwners = HashMap<StableId, StableId>;

/// Adds to `owners` the files that `entity`, when a skill, lists.
pub fn note_owner(owners: &mut ResourceOwners, entity: &EntityState) {
    if let EntityState::Skill(state) = entity {
        for resource in &state.skill.resources {
            owners.insert(resource.entity_id, state.record.id);
        }
    }
}

/// A run's loaded set as kept world-wide before runs moved onto agents:
/// (agent, run, skills in load order).
pub type LegacyRun = (StableId, String, Vec<StableId>);

/// A world as data: every entity in stable-id order and the world-wide
/// state (id allocator, policy, tool sets, clock, curator, trust).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorldState {
    pub version: u32,
    pub commons: StableId,
    pub last_id: StableId,
    pub clock: Clock,
    pub entities: Vec<EntityState>,
    /// Runs' loaded sets as worlds saved before runs moved onto their
    /// agents kept them; [`SkillWorld::from_state`] moves them there.
    #[serde(default, rename = "runs", skip_serializing_if = "Vec::is_empty")]
    pub legacy_runs: Vec<LegacyRun>,
    pub policy: PolicySettings,
    pub tool_sets: ToolSets,
    #[serde(default)]
    pub curator_settings: CuratorSettings,
    #[serde(default)]
    pub curator: CuratorState,
    /// Publishers' keys and the trust policy (GOV-2).
    #[serde(default)]
    pub trusted_keys: TrustedKeys,
    #[serde(default)]
    pub trust_policy: TrustPolicy,
}

/// The world-wide state: everything of a [`WorldState`] but its entities
/// (one row of the store, STO-5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorldGlobals {
    pub version: u32,
    pub commons: StableId,
    pub last_id: StableId,
    pub clock: Clock,
    /// See [`WorldState::legacy_runs`].
    #[serde(default, rename = "runs", skip_serializing_if = "Vec::is_empty")]
    pub legacy_runs: Vec<LegacyRun>,
    pub policy: PolicySettings,
    pub tool_sets: ToolSets,
    #[serde(default)]
    pub curator_settings: CuratorSettings,
    #[serde(default)]
    pub curator: CuratorState,
    #[serde(default)]
    pub trusted_keys: TrustedKeys,
    #[serde(default)]
    pub trust_policy: TrustPolicy,
}

impl WorldState {
    /// Gives every bundle file the id of the skill that lists it (see
    /// [`EntityState::own`]); how many changed.
    pub fn own_resources(&mut self) -> usize {
        let mut owners = ResourceOwners::new();
        for entity in &self.entities {
            note_owner(&mut owners, entity);
        }
        self.entities
            .iter_mut()
            .map(|entity| entity.own(&owners))
            .filter(|&changed| changed)
            .count()
    }

    /// A world from its world-wide state and its entities (in stable-id
    /// order). The last id allocated is the greater of the row's and the
    /// newest entity's: a write that only adds entities leaves the
    /// world-wide row alone (`SkillWorld::take_changes`).
    pub fn from_parts(globals: WorldGlobals, entities: Vec<EntityState>) -> WorldState {
        let newest = entities
            .iter()
            .map(|e| e.record().id)
            .max()
            .unwrap_or(StableId(0));
        WorldState {
            version: globals.version,
            commons: globals.commons,
            last_id: globals.last_id.max(newest),
            clock: globals.clock,
            entities,
            legacy_runs: globals.legacy_runs,
            policy: globals.policy,
            tool_sets: globals.tool_sets,
            curator_settings: globals.curator_settings,
            curator: globals.curator,
            trusted_keys: globals.trusted_keys,
            trust_policy: globals.trust_policy,
        }
    }

    /// Splits a world into its world-wide state and its entities.
    pub fn into_parts(self) -> (WorldGlobals, Vec<EntityState>) {
        let globals = WorldGlobals {
            version: self.version,
            commons: self.commons,
            last_id: self.last_id,
            clock: self.clock,
            legacy_runs: self.legacy_runs,
            policy: self.policy,
            tool_sets: self.tool_sets,
            curator_settings: self.curator_settings,
            curator: self.curator,
            trusted_keys: self.trusted_keys,
            trust_policy: self.trust_policy,
        };
        (globals, self.entities)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    #[error(
        "world state version {found} is newer than this skillworld understands ({supported}); upgrade skillworld"
    )]
    NewerVersion { found: u32, supported: u32 },
    #[error("world state has no Commons world with id {0}")]
    NoCommons(StableId),
    #[error("world state has bytes for entity {0}, which it does not hold")]
    NoEntity(StableId),
}

impl WorldState {
    /// The world digest (STO-3): SHA-256 over every entity in stable-id
    /// order, as 64 hex digits. Runtime caches, the clock and runs' loaded
    /// sets are not part of it. Panics where [`WorldState::try_digest`]
    /// fails.
    pub fn digest(&self) -> String {
        self.try_digest()
            .expect("every body of the world is readable (hosts call try_digest)")
    }

    /// The digest; fails only when a body left in the store (issue 19)
    /// cannot be read — the error names the skill and the blob.
    pub fn try_digest(&self) -> Result<String, BodyError> {
        let mut hasher = Sha256::new();
        for entity in &self.entities {
            let without_runs;
            let hashed = match entity {
                EntityState::Agent { runs, .. } if !runs.is_empty() => {
                    let mut copy = entity.clone();
                    if let EntityState::Agent { runs, .. } = &mut copy {
                        *runs = AgentRuns::default();
                    }
                    without_runs = copy;
                    &without_runs
                }
                _ => entity,
            };
            let bytes = serde_json::to_vec(hashed).map_err(|error| {
                // Serialising fails only on a body that cannot be read: the
                // entity's own (named here), else one of its revisions'.
                let record = entity.record();
                record.with_body(|_| ()).err().unwrap_or_else(|| BodyError {
                    entity: record.title.clone(),
                    sha256: String::new(),
                    reason: error.to_string(),
                })
            })?;
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
        Ok(hex::encode(hasher.finalize()))
    }
}

impl SkillWorld {
    /// The world as data, entities in stable-id order. Large worlds are
    /// copied on every core: a server holds its lock while this runs.
    pub fn state(&self) -> WorldState {
        let world = &self.world;
        let ids: Vec<(StableId, Entity)> = {
            let mut ids = Vec::new();
            let mut query = world
                .try_query::<(Entity, &EntityRecord)>()
                .expect("EntityRecord is registered");
            for (entity, record) in query.iter(world) {
                ids.push((record.id, entity));
            }
            ids.sort_unstable();
            ids
        };
        let copy = |ids: &[(StableId, Entity)]| -> Vec<EntityState> {
            ids.iter()
                .map(|&(_, entity)| entity_state(world, entity))
                .collect()
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let entities = if ids.len() < PARALLEL_STATE_ENTITIES || threads == 1 {
            copy(&ids)
        } else {
            std::thread::scope(|scope| {
                let parts: Vec<_> = ids
                    .chunks(ids.len().div_ceil(threads))
                    .map(|part| scope.spawn(move || copy(part)))
                    .collect();
                parts
                    .into_iter()
                    .flat_map(|part| part.join().expect("copying entity states does not panic"))
                    .collect()
            })
        };
        WorldState::from_parts(self.globals(), entities)
    }

    /// The world-wide state (no entities).
    pub fn globals(&self) -> WorldGlobals {
        let world = &self.world;
        WorldGlobals {
            version: STATE_VERSION,
            commons: self.commons,
            last_id: world.resource::<Entities>().last_allocated(),
            clock: *world.resource::<Clock>(),
            legacy_runs: Vec::new(),
            policy: world.resource::<PolicySettings>().clone(),
            tool_sets: world.resource::<ToolSets>().clone(),
            curator_settings: world.resource::<CuratorSettings>().clone(),
            curator: world.resource::<CuratorState>().clone(),
            trusted_keys: world.resource::<TrustedKeys>().clone(),
            trust_policy: world.resource::<TrustPolicy>().clone(),
        }
    }

    /// The world digest of the current state.
    pub fn digest(&self) -> String {
        self.state().digest()
    }

    /// The digest, or why a body left in the store could not be read.
    pub fn try_digest(&self) -> Result<String, BodyError> {
        self.state().try_digest()
    }
}

/// Worlds smaller than this are copied on one thread.
const PARALLEL_STATE_ENTITIES: usize = 20_000;

/// One entity as data.
impl SkillWorld {
    /// Moves the runs a world kept world-wide onto their agents (a purged
    /// agent's go with it) and has the next commit rewrite the world-wide
    /// row without them.
    pub(crate) fn adopt_legacy_runs(&mut self, legacy: Vec<LegacyRun>) {
        if legacy.is_empty() {
            return;
        }
        for (agent, run, skills) in legacy {
            let Some(entity) = self.world.resource::<Entities>().get(agent) else {
                continue;
            };
            if let Some(mut runs) = self.row_mut::<AgentRuns>(entity) {
                for skill in skills {
                    runs.record(&run, skill);
                }
            }
        }
        self.world.resource_mut::<ChangeLog>().globals_moved = true;
    }
}

pub(crate) fn entity_state(world: &bevy_ecs::world::World, entity: Entity) -> EntityState {
    let record = world.get::<EntityRecord>(entity).expect("queried").clone();
    match record.primary {
        PrimaryComponent::World => EntityState::World {
            config: world.get::<WorldConfig>(entity).expect("world").clone(),
            record,
        },
        PrimaryComponent::Agent => EntityState::Agent {
            agent: world.get::<Agent>(entity).expect("agent").clone(),
            usage: world.get::<AgentUsage>(entity).expect("agent").clone(),
            runs: world.get::<AgentRuns>(entity).expect("agent").clone(),
            record,
        },
        PrimaryComponent::Skill => EntityState::Skill(Box::new(SkillState {
            skill: world.get::<Skill>(entity).expect("skill").clone(),
            usage: world.get::<Usage>(entity).expect("skill").clone(),
            revisions: world.get::<Revisions>(entity).expect("skill").clone(),
            lessons: world.get::<Lessons>(entity).expect("skill").clone(),
            record,
        })),
        PrimaryComponent::SkillResource | PrimaryComponent::ObjectFile => EntityState::Resource {
            resource: world
                .get::<SkillResource>(entity)
                .expect("resource")
                .clone(),
            bytes: world.get::<ObjectBytes>(entity).map(|b| b.0.clone()),
            record,
        },
    }
}
