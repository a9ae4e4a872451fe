//! Agents and their policy: adding, changing, binding, granting, removing,
//! and the named tool sets their pools refer to.

use std::collections::BTreeSet;

use skillworld_core::{EntityRecord, PrimaryComponent, SkillName, Timestamp};

use super::{AgentChange, Applied};
use crate::agent::{Agent, AgentUsage, ToolSets};
use crate::catalog::AgentViews;
use crate::error::WorldError;
use crate::index::Entities;
use crate::layers::{Access, Grant, WorldConfig};
use crate::state::{AgentNames, SkillWorld, record};
use crate::usage::AgentRuns;

/// The tool set every world defines; it names the skill tools themselves.
const BUILTIN_TOOL_SET: &str = "skill";

impl SkillWorld {
    /// An agent's name follows the skill-name rules (MOD-6): it appears in
    /// paths, routes and workspace folders.
    pub(super) fn add_agent_at(
        &mut self,
        at: Timestamp,
        name: &str,
        tools: Option<Vec<String>>,
    ) -> Result<Applied, WorldError> {
        SkillName::new(name).map_err(|error| WorldError::AgentName {
            name: name.to_owned(),
            reason: error.to_string(),
        })?;
        if self.world.resource::<AgentNames>().0.contains_key(name) {
            return Err(WorldError::AgentExists(name.to_owned()));
        }
        let (agent_id, private) = {
            let mut entities = self.world.resource_mut::<Entities>();
            (entities.allocate(), entities.allocate())
        };
        let config = WorldConfig::private_for(agent_id);
        config.validate()?;
        self.world.spawn((
            record(
                private,
                &format!("{name} (private)"),
                None,
                PrimaryComponent::World,
                at,
            ),
            config,
        ));
        let agent = Agent {
            name: name.to_owned(),
            enabled: true,
            tool_pool: tools.unwrap_or_else(|| vec!["@skill".to_owned()]),
            private_world: private,
            layers: vec![private, self.commons],
            bindings: BTreeSet::new(),
            epoch: 0,
        };
        self.world.spawn((
            record(agent_id, name, None, PrimaryComponent::Agent, at),
            agent,
            AgentUsage::default(),
            AgentRuns::default(),
        ));
        self.world
            .resource_mut::<AgentNames>()
            .0
            .insert(name.to_owned(), agent_id);
        Ok(Applied {
            id: Some(agent_id),
            ..Applied::default()
        })
    }

    pub(super) fn update_agent_at(
        &mut self,
        name: &str,
        change: &AgentChange,
    ) -> Result<Applied, WorldError> {
        let change = change.clone();
        self.change_agent(name, |agent| {
            if let Some(enabled) = change.enabled {
                agent.enabled = enabled;
            }
            if let Some(pool) = change.tool_pool {
                agent.tool_pool = pool;
            }
        })
    }

    pub(super) fn bind_at(
        &mut self,
        agent: &str,
        skill: &str,
        bound: bool,
    ) -> Result<Applied, WorldError> {
        self.change_agent(agent, |a| {
            if bound {
                a.bindings.insert(skill.to_owned());
            } else {
                a.bindings.remove(skill);
            }
        })
    }

    pub(super) fn grant_at(
        &mut self,
        owner: &str,
        subject: &str,
        access: Option<Access>,
    ) -> Result<Applied, WorldError> {
        let private = self.agent(owner)?.private_world;
        let (subject_id, _) = self.agent_entity(subject)?;
        let entity = self
            .world
            .resource::<Entities>()
            .get(private)
            .ok_or_else(|| WorldError::UnknownAgent(owner.to_owned()))?;
        let mut config = self
            .world
            .get::<WorldConfig>(entity)
            .expect("a private world has its configuration")
            .clone();
        config.grants.retain(|grant| grant.subject != subject_id);
        if let Some(access) = access {
            config.grants.push(Grant {
                subject: subject_id,
                access,
            });
        }
        config.validate()?;
        self.world.entity_mut(entity).insert(config);
        Ok(Applied::default())
    }

    /// The agent's record stays, marked deleted; its name is free again.
    /// Its tokens are the habitat's records, revoked there in the same
    /// service call.
    pub(super) fn remove_agent_at(
        &mut self,
        at: Timestamp,
        name: &str,
    ) -> Result<Applied, WorldError> {
        let (id, entity) = self.agent_entity(name)?;
        let mut record = self
            .world
            .get::<EntityRecord>(entity)
            .expect("agent")
            .clone();
        record.deleted_at = Some(at);
        self.world.entity_mut(entity).insert(record);
        self.world.resource_mut::<AgentNames>().0.remove(name);
        self.world.resource_mut::<AgentViews>().views.remove(&id);
        Ok(Applied {
            id: Some(id),
            ..Applied::default()
        })
    }

    /// Tool sets are part of the world (journaled, in snapshots), so a set
    /// registered through the API or the configuration replays.
    pub(super) fn set_tool_set_at(
        &mut self,
        name: &str,
        tools: Option<&[String]>,
    ) -> Result<Applied, WorldError> {
        let bare = name.trim_start_matches('@');
        if bare == BUILTIN_TOOL_SET {
            return Err(WorldError::ToolSet {
                name: name.to_owned(),
                reason: "it is the built-in set of skill tools".to_owned(),
            });
        }
        SkillName::new(bare).map_err(|error| WorldError::ToolSet {
            name: name.to_owned(),
            reason: error.to_string(),
        })?;
        let mut sets = self.world.resource_mut::<ToolSets>();
        match tools {
            Some(tools) => sets.register(bare, tools.to_vec()),
            None if !sets.remove(bare) => {
                return Err(WorldError::ToolSet {
                    name: name.to_owned(),
                    reason: "no such tool set".to_owned(),
                });
            }
            None => {}
        }
        // Pools name sets, so every agent's effective tools may change.
        self.world.resource_mut::<AgentViews>().views.clear();
        Ok(Applied::default())
    }

    fn change_agent(
        &mut self,
        name: &str,
        change: impl FnOnce(&mut Agent),
    ) -> Result<Applied, WorldError> {
        let (id, entity) = self.agent_entity(name)?;
        let mut agent = self
            .row_mut::<Agent>(entity)
            .expect("agent entities carry Agent");
        change(&mut agent);
        agent.epoch += 1;
        Ok(Applied {
            id: Some(id),
            ..Applied::default()
        })
    }
}
