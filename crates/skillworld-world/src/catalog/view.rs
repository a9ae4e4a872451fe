//! What one agent sees (CAT-1, CAT-2): for each layer of its stack, which
//! entries a higher layer shadows, plus its expanded tool pool. Kept per
//! agent and recomputed only when a layer's shape or the agent changed.

use std::collections::{HashMap, HashSet};

use bevy_ecs::entity::Entity;
use bevy_ecs::resource::Resource;
use skillworld_core::StableId;

use super::layer_list::{Entry, LayerList, Layers};
use crate::agent::{Agent, ToolSets};
use crate::index::NameIndex;

#[derive(Debug)]
pub struct AgentView {
    key: Vec<u64>,
    /// Per layer, aligned with that layer's list: shadowed by a higher layer.
    shadowed: Vec<Vec<bool>>,
    pool: HashSet<String>,
}

/// Every agent's view, rebuilt lazily.
#[derive(Resource, Debug, Default)]
pub struct AgentViews {
    pub(crate) views: HashMap<StableId, AgentView>,
}

/// What a view depends on: each layer's shape epoch, then the agent's.
fn key_of<'a>(agent: &'a Agent, layers: &'a Layers) -> impl Iterator<Item = u64> + 'a {
    agent
        .layers
        .iter()
        .map(|w| layers.get(*w).map_or(0, |l| l.shape_epoch))
        .chain([agent.epoch])
}

impl AgentView {
    /// Compared without collecting the key: this runs on every read.
    pub fn is_current(&self, agent: &Agent, layers: &Layers) -> bool {
        self.key.iter().copied().eq(key_of(agent, layers))
    }

    pub fn build(agent: &Agent, layers: &Layers, names: &NameIndex, toolsets: &ToolSets) -> Self {
        let empty = LayerList::default();
        let list = |world: &StableId| layers.get(*world).unwrap_or(&empty);
        let mut shadowed = Vec::with_capacity(agent.layers.len());
        for (depth, world) in agent.layers.iter().enumerate() {
            let lower = list(world);
            let mut bits = vec![false; lower.entries.len()];
            for higher in &agent.layers[..depth] {
                for entry in &list(higher).entries {
                    if let Some(position) = names
                        .get(*world, &entry.name)
                        .and_then(|e| lower.position(e))
                    {
                        bits[position] = true;
                    }
                }
            }
            shadowed.push(bits);
        }
        AgentView {
            key: key_of(agent, layers).collect(),
            shadowed,
            pool: toolsets.expand(&agent.tool_pool),
        }
    }

    /// CAT-2 for this agent: live, every required tool in its pool, and
    /// bound when it has bindings.
    pub fn admits(&self, agent: &Agent, entry: &Entry) -> bool {
        entry.live
            && entry
                .required_tools
                .iter()
                .all(|tool| self.pool.contains(tool))
            && (agent.bindings.is_empty() || agent.bindings.contains(&*entry.name))
    }

    /// The visible entries of each layer, layer by layer (each in the
    /// recommended order).
    pub fn visible<'a>(
        &'a self,
        agent: &'a Agent,
        layers: &'a Layers,
    ) -> impl Iterator<Item = impl Iterator<Item = &'a Entry> + 'a> + 'a {
        agent.layers.iter().enumerate().map(move |(depth, world)| {
            let entries = layers.get(*world).map_or(&[][..], |l| l.entries.as_slice());
            entries
                .iter()
                .enumerate()
                .filter(move |(position, entry)| {
                    !self.shadowed[depth][*position] && self.admits(agent, entry)
                })
                .map(|(_, entry)| entry)
        })
    }

    /// The entry of `entity` when the agent sees it.
    pub fn visible_entry<'a>(
        &self,
        agent: &Agent,
        layers: &'a Layers,
        entity: Entity,
    ) -> Option<&'a Entry> {
        agent.layers.iter().enumerate().find_map(|(depth, world)| {
            let list = layers.get(*world)?;
            let position = list.position(entity)?;
            let entry = &list.entries[position];
            (!self.shadowed[depth][position] && self.admits(agent, entry)).then_some(entry)
        })
    }
}
