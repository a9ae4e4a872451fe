//! The part of change tracking (STO-5) that must run as the world changes:
//! hooks note every entity a row component was inserted into or taken off,
//! and the stable id of every despawned entity (a row that is gone can no
//! longer be found). An in-place change through `Mut` is noted by
//! `SkillWorld::row_mut`, the one way commands change a row's component in
//! place. `changes.rs` drains the log, so a commit costs what it changed,
//! not the world's size.

use std::collections::BTreeSet;

use bevy_ecs::component::Component;
use bevy_ecs::entity::{Entity, EntityHashSet};
use bevy_ecs::lifecycle::HookContext;
use bevy_ecs::resource::Resource;
use bevy_ecs::world::{DeferredWorld, World};
use skillworld_core::{EntityRecord, StableId};

/// What changed since the last take: entities whose row components were
/// inserted, removed or borrowed mutably, stable ids of entities
/// despawned, and whether the world-wide row must be rewritten for a
/// reason no resource's change tick shows (a loaded world's legacy runs
/// moved onto agents).
#[derive(Resource, Debug)]
pub(crate) struct ChangeLog {
    pub(crate) touched: EntityHashSet,
    pub(crate) despawned: BTreeSet<StableId>,
    pub(crate) globals_moved: bool,
    /// While a world is built from its rows (`WorldBuilder`): nothing is
    /// noted (the built world has nothing to write), and the index hooks
    /// leave their indexes to one pass at the end (`index::loaded_indexes`).
    pub(crate) loading: bool,
}

pub(crate) fn register_despawn_hook(world: &mut World) {
    world.insert_resource(ChangeLog {
        touched: EntityHashSet::default(),
        despawned: BTreeSet::new(),
        globals_moved: false,
        loading: false,
    });
    world
        .register_component_hooks::<EntityRecord>()
        .on_despawn(record_despawned);
}

/// Notes every insert of `T` (spawns included) and every removal of it.
/// `EntityRecord` and `Skill` have their hooks in `index.rs`, which call
/// [`touch`] themselves.
pub(crate) fn track<T: Component>(world: &mut World) {
    world
        .register_component_hooks::<T>()
        .on_insert(touched)
        .on_remove(touched);
}

/// Notes that `entity`'s row changed.
pub(crate) fn touch(world: &mut DeferredWorld, entity: Entity) {
    let mut log = world.resource_mut::<ChangeLog>();
    if !log.loading {
        log.touched.insert(entity);
    }
}

/// Whether the world is being built from its rows (see
/// [`ChangeLog::loading`]).
pub(crate) fn loading(world: &DeferredWorld) -> bool {
    world.resource::<ChangeLog>().loading
}

fn touched(mut world: DeferredWorld, context: HookContext) {
    touch(&mut world, context.entity);
}

fn record_despawned(mut world: DeferredWorld, context: HookContext) {
    if let Some(id) = world.get::<EntityRecord>(context.entity).map(|r| r.id) {
        world.resource_mut::<ChangeLog>().despawned.insert(id);
    }
}
