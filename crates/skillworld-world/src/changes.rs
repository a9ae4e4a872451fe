//! What changed since the store last asked (STO-5): the stable ids whose
//! entities changed or went, and whether the world-wide state moved. The
//! store writes exactly those rows in the transaction of the journal
//! entries that changed them.
//!
//! Changes are read from bevy's own change ticks: every component write
//! (an insert, or a mutation through `Mut`) marks its entity, so no command
//! can forget to say what it touched. A despawn is caught by a hook on
//! `EntityRecord` that notes the stable id before the entity goes.

use std::collections::BTreeSet;

use bevy_ecs::query::{Changed, Or};
use skillworld_core::{EntityRecord, Skill, SkillResource, StableId, Usage};

use crate::agent::{Agent, AgentUsage, ToolSets};
use crate::change_log::ChangeLog;
use crate::curator::{CuratorSettings, CuratorState};
use crate::index::Entities;
use crate::layers::WorldConfig;
use crate::policy::PolicySettings;
use crate::revisions::Revisions;
use crate::snapshot::{EntityState, WorldGlobals, entity_state};
use crate::state::{ObjectBytes, SkillWorld};
use crate::trust::{TrustPolicy, TrustedKeys};
use crate::usage::{Lessons, Runs};

/// The rows to write since the last [`SkillWorld::take_changes`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes {
    /// Changed or new entities, in stable-id order.
    pub rows: Vec<EntityState>,
    /// Entities that no longer exist (purged), in stable-id order.
    pub removed: Vec<StableId>,
    /// The world-wide state, when any of it changed.
    pub globals: Option<WorldGlobals>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.removed.is_empty() && self.globals.is_none()
    }
}

/// Every component that is part of an entity's row.
type RowChanged = Or<(
    Changed<EntityRecord>,
    Changed<Skill>,
    Changed<SkillResource>,
    Changed<Usage>,
    Changed<Revisions>,
    Changed<Lessons>,
    Changed<Agent>,
    Changed<AgentUsage>,
    Changed<WorldConfig>,
    Changed<ObjectBytes>,
)>;

impl SkillWorld {
    /// Drains what changed since the last call (or since the world was
    /// built or loaded): the rows of changed entities, the ids of removed
    /// ones, and the world-wide state if it moved.
    pub fn take_changes(&mut self) -> Changes {
        let world = &mut self.world;
        let mut ids = BTreeSet::new();
        let mut changed = world.query_filtered::<&EntityRecord, RowChanged>();
        ids.extend(changed.iter(world).map(|record| record.id));
        // A component taken off a living entity (a binary file's bytes).
        let entities = world.resource::<Entities>();
        let living_removals: Vec<_> = world
            .removed::<ObjectBytes>()
            .filter_map(|entity| world.get::<EntityRecord>(entity).map(|r| r.id))
            .filter(|id| entities.get(*id).is_some())
            .collect();
        ids.extend(living_removals);
        let last_id = entities.last_allocated();
        let mut log = world.resource_mut::<ChangeLog>();
        let despawned = std::mem::take(&mut log.despawned);
        let allocated = std::mem::replace(&mut log.last_id, last_id) != last_id;
        // Every resource of `WorldGlobals` is named here; the store's
        // `world_wide_settings_survive_reopen` test fails on one left out.
        let globals_moved = allocated
            || world.is_resource_changed::<Runs>()
            || world.is_resource_changed::<PolicySettings>()
            || world.is_resource_changed::<ToolSets>()
            || world.is_resource_changed::<CuratorSettings>()
            || world.is_resource_changed::<CuratorState>()
            || world.is_resource_changed::<TrustedKeys>()
            || world.is_resource_changed::<TrustPolicy>();
        let world = &self.world;
        let index = world.resource::<Entities>();
        let rows = ids
            .iter()
            .filter(|id| !despawned.contains(id))
            .filter_map(|id| index.get(*id))
            .map(|entity| entity_state(world, entity))
            .collect();
        let changes = Changes {
            rows,
            removed: despawned.into_iter().collect(),
            globals: globals_moved.then(|| self.globals()),
        };
        self.forget_changes();
        changes
    }

    /// Marks the world as written: what changed so far is not reported.
    pub fn forget_changes(&mut self) {
        let last_id = self.world.resource::<Entities>().last_allocated();
        let mut log = self.world.resource_mut::<ChangeLog>();
        log.despawned.clear();
        log.last_id = last_id;
        self.world.clear_trackers();
    }
}
