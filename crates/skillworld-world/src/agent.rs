//! Agents (MOD-8): enabled flag, tool pool, layer stack and bindings.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use bevy_ecs::component::Component;
use bevy_ecs::resource::Resource;
use skillworld_core::StableId;

/// The tools of the `skill` tool set (TOOL-1).
pub const SKILL_TOOLS: [&str; 11] = [
    "skill_list",
    "skill_search",
    "skill_view",
    "skill_export",
    "skill_load",
    "skill_create",
    "skill_patch",
    "skill_update",
    "skill_delete",
    "skill_import",
    "record_lesson",
];

/// Named tool sets (`@skill`, `@memory`, …) a host registers, each an
/// ordered list of tool names.
#[derive(Resource, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ToolSets {
    sets: BTreeMap<String, Vec<String>>,
}

impl Default for ToolSets {
    fn default() -> Self {
        let mut sets = BTreeMap::new();
        sets.insert(
            "skill".to_owned(),
            SKILL_TOOLS.iter().map(|t| (*t).to_owned()).collect(),
        );
        ToolSets { sets }
    }
}

impl ToolSets {
    /// Registers (or replaces) the tool set `@name`.
    pub fn register(&mut self, name: &str, tools: Vec<String>) {
        self.sets
            .insert(name.trim_start_matches('@').to_owned(), tools);
    }

    /// Every set by name, sorted.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.sets
            .iter()
            .map(|(name, tools)| (name.as_str(), tools.as_slice()))
    }

    /// Removes the tool set `@name`; `false` when there was none.
    pub fn remove(&mut self, name: &str) -> bool {
        self.sets.remove(name.trim_start_matches('@')).is_some()
    }

    pub fn get(&self, name: &str) -> Option<&[String]> {
        self.sets
            .get(name.trim_start_matches('@'))
            .map(Vec::as_slice)
    }

    /// A pool of `@set` references and tool names as the set of tools it
    /// grants; the references themselves stay in it, so a skill may require
    /// a whole set.
    pub fn expand(&self, pool: &[String]) -> HashSet<String> {
        let mut tools = HashSet::new();
        for entry in pool {
            if let Some(set) = entry.strip_prefix('@').and_then(|name| self.get(name)) {
                tools.extend(set.iter().cloned());
            }
            tools.insert(entry.clone());
        }
        tools
    }
}

/// An agent entity's state (MOD-8).
#[derive(Component, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Agent {
    pub name: String,
    pub enabled: bool,
    /// Tool sets (`@skill`) and tool names the host registered for it.
    pub tool_pool: Vec<String>,
    pub private_world: StableId,
    /// Worlds to resolve names in, highest precedence first (MOD-1).
    pub layers: Vec<StableId>,
    /// Skill names the agent is bound to; when any, only those are listed.
    pub bindings: BTreeSet<String>,
    /// Bumped on every change that can change what the agent sees.
    pub epoch: u64,
}

/// How many recent loads an agent remembers for ranking (CAT-3 tier 3).
pub const RECENT_LOADS: usize = 8;

/// Which skills an agent loaded most recently, newest first, distinct.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AgentUsage {
    pub recent: Vec<StableId>,
}

impl AgentUsage {
    pub fn record(&mut self, skill: StableId) {
        self.recent.retain(|id| *id != skill);
        self.recent.insert(0, skill);
        self.recent.truncate(RECENT_LOADS);
    }
}
