//! Debug builds' check of the change log (STO-5): bevy's change ticks,
//! read over every entity, must name no changed entity the log missed.
//! Every test that writes runs it, so a component changed in place without
//! `SkillWorld::row_mut` (or a row component left out of `track_rows`)
//! fails the first test that changes it.

use std::collections::BTreeSet;

use bevy_ecs::query::{Changed, Or};
use bevy_ecs::world::World;
use skillworld_core::{EntityRecord, Skill, SkillResource, StableId, Usage};

use crate::agent::{Agent, AgentUsage};
use crate::layers::WorldConfig;
use crate::revisions::Revisions;
use crate::state::ObjectBytes;
use crate::usage::{AgentRuns, Lessons};

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
    Changed<AgentRuns>,
    Changed<WorldConfig>,
    Changed<ObjectBytes>,
)>;

/// Panics, naming them, on living entities whose row components changed
/// since the last take but which the change log lacks (`logged`, or
/// `despawned` for an id that went meanwhile).
pub(crate) fn assert_logged(
    world: &mut World,
    logged: &BTreeSet<StableId>,
    despawned: &BTreeSet<StableId>,
) {
    let mut changed = world.query_filtered::<&EntityRecord, RowChanged>();
    let missed: Vec<StableId> = changed
        .iter(world)
        .map(|record| record.id)
        .filter(|id| !logged.contains(id) && !despawned.contains(id))
        .collect();
    assert!(
        missed.is_empty(),
        "rows changed without a change-log entry (use SkillWorld::row_mut): {missed:?}"
    );
}
