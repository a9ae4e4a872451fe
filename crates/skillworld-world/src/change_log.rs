//! The part of change tracking (STO-5) that must run as the world changes:
//! a hook on `EntityRecord` notes the stable id of every despawned entity,
//! since a row that is gone can no longer be found by its change ticks.
//! `changes.rs` drains it.

use std::collections::BTreeSet;

use bevy_ecs::lifecycle::HookContext;
use bevy_ecs::resource::Resource;
use bevy_ecs::world::{DeferredWorld, World};
use skillworld_core::{EntityRecord, StableId};

/// Stable ids of entities despawned since the last take, and the last id
/// allocated as of then.
#[derive(Resource, Debug)]
pub(crate) struct ChangeLog {
    pub(crate) despawned: BTreeSet<StableId>,
    pub(crate) last_id: StableId,
}

pub(crate) fn register_despawn_hook(world: &mut World) {
    world.insert_resource(ChangeLog {
        despawned: BTreeSet::new(),
        last_id: StableId(0),
    });
    world
        .register_component_hooks::<EntityRecord>()
        .on_despawn(record_despawned);
}

fn record_despawned(mut world: DeferredWorld, context: HookContext) {
    if let Some(id) = world.get::<EntityRecord>(context.entity).map(|r| r.id) {
        world.resource_mut::<ChangeLog>().despawned.insert(id);
    }
}
