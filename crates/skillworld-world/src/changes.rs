//! What changed since the store last asked (STO-5): the stable ids whose
//! entities changed or went, and whether the world-wide state moved. The
//! store writes exactly those rows in the transaction of the journal
//! entries that changed them.
//!
//! Changes come from the change log (`change_log.rs`): hooks note every
//! insert and removal of a row component, [`SkillWorld::row_mut`] every
//! change in place, and a hook on `EntityRecord` every despawn. Taking them
//! costs what changed, not the world's size. Debug builds also read bevy's
//! own change ticks over every entity and fail on any changed entity the
//! log missed, so a write that skipped `row_mut` shows in the first test
//! that makes it.

use std::collections::BTreeSet;

use bevy_ecs::change_detection::Mut;
use bevy_ecs::component::{Component, Mutable};
use bevy_ecs::entity::Entity;
use skillworld_core::{EntityRecord, StableId};

use crate::agent::ToolSets;
use crate::change_log::ChangeLog;
use crate::curator::{CuratorSettings, CuratorState};
use crate::index::Entities;
use crate::policy::PolicySettings;
use crate::snapshot::{EntityState, WorldGlobals, entity_state};
use crate::state::SkillWorld;
use crate::trust::{TrustPolicy, TrustedKeys};

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

impl SkillWorld {
    /// Drains what changed since the last call (or since the world was
    /// built or loaded): the rows of changed entities, the ids of removed
    /// ones, and the world-wide state if it moved.
    pub fn take_changes(&mut self) -> Changes {
        let world = &mut self.world;
        let mut log = world.resource_mut::<ChangeLog>();
        let touched = std::mem::take(&mut log.touched);
        let despawned = std::mem::take(&mut log.despawned);
        let marked = std::mem::take(&mut log.globals_moved);
        // Every resource of `WorldGlobals` is named here; the store's
        // `world_wide_settings_survive_reopen` test fails on one left out.
        // A new id alone does not move the row: a reader takes the last id
        // as the greater of the row's and the newest entity's
        // (`WorldState::from_parts`), so only a removal, which can take
        // the newest entity away, writes the allocator's position.
        let globals_moved = marked
            || !despawned.is_empty()
            || world.is_resource_changed::<PolicySettings>()
            || world.is_resource_changed::<ToolSets>()
            || world.is_resource_changed::<CuratorSettings>()
            || world.is_resource_changed::<CuratorState>()
            || world.is_resource_changed::<TrustedKeys>()
            || world.is_resource_changed::<TrustPolicy>();
        // A touched entity may be gone (despawned, or rolled back).
        let ids: BTreeSet<StableId> = touched
            .iter()
            .filter_map(|entity| world.get::<EntityRecord>(*entity))
            .map(|record| record.id)
            .filter(|id| !despawned.contains(id))
            .collect();
        #[cfg(debug_assertions)]
        crate::change_check::assert_logged(world, &ids, &despawned);
        let world = &self.world;
        let index = world.resource::<Entities>();
        let rows = ids
            .iter()
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

    /// The one way to change a row's component in place: notes the entity
    /// for the next [`SkillWorld::take_changes`] (an insert is noted by
    /// the component's hook).
    pub(crate) fn row_mut<T: Component<Mutability = Mutable>>(
        &mut self,
        entity: Entity,
    ) -> Option<Mut<'_, T>> {
        self.world
            .resource_mut::<ChangeLog>()
            .touched
            .insert(entity);
        self.world.get_mut::<T>(entity)
    }

    /// Marks the world as written: what changed so far is not reported.
    pub fn forget_changes(&mut self) {
        let mut log = self.world.resource_mut::<ChangeLog>();
        log.touched.clear();
        log.despawned.clear();
        log.globals_moved = false;
        self.world.clear_trackers();
    }
}
