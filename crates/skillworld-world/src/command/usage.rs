//! Usage the world records: counted loads (CAT-6) and lessons (CAT-9,
//! SEC-2).

use skillworld_core::{Lifecycle, Skill, StableId, Timestamp, Usage};

use super::{Applied, Caller};
use crate::agent::AgentUsage;
use crate::catalog::LoadRanking;
use crate::error::ContentError;
use crate::error::WorldError;
use crate::guard::check_autonomous;
use crate::state::SkillWorld;
use crate::usage::{AgentRuns, Lessons};

impl SkillWorld {
    /// A lesson is content another run of the agent will read, so it
    /// passes the TOOL-3 guard; it belongs to the (skill, agent) pair.
    pub(super) fn lesson_at(
        &mut self,
        at: Timestamp,
        agent: &str,
        skill: StableId,
        text: &str,
    ) -> Result<Applied, WorldError> {
        let (agent_id, _) = self.agent_entity(agent)?;
        let entity = self.entity_of(skill)?;
        check_autonomous([text]).map_err(ContentError::from)?;
        self.row_mut::<Lessons>(entity)
            .expect("skills carry Lessons")
            .push(at, agent_id, text.to_owned());
        Ok(Applied {
            id: Some(skill),
            ..Applied::default()
        })
    }

    /// Edits (`Some` text, through the guard) or deletes a lesson that
    /// `caller` may change: an agent only its own, the host any.
    pub(super) fn edit_lesson_at(
        &mut self,
        caller: &Caller,
        skill: StableId,
        id: u64,
        text: Option<&str>,
    ) -> Result<Applied, WorldError> {
        let owner = match caller.agent.as_deref() {
            Some(agent) => Some(self.agent_entity(agent)?.0),
            None => None,
        };
        let entity = self.entity_of(skill)?;
        if let Some(text) = text {
            check_autonomous([text]).map_err(ContentError::from)?;
        }
        let mut lessons = self
            .row_mut::<Lessons>(entity)
            .expect("skills carry Lessons");
        let found = match text {
            Some(text) => lessons
                .find_mut(id, owner)
                .map(|lesson| lesson.text = text.trim().to_owned())
                .is_some(),
            None => lessons.remove(id, owner),
        };
        if !found {
            return Err(WorldError::UnknownLesson { skill, id });
        }
        Ok(Applied {
            id: Some(skill),
            ..Applied::default()
        })
    }

    pub(super) fn entity_of(&self, id: StableId) -> Result<bevy_ecs::entity::Entity, WorldError> {
        self.world
            .resource::<crate::index::Entities>()
            .get(id)
            .ok_or_else(|| WorldError::UnknownSkill(id.to_string()))
    }

    /// A load's usage signals (CAT-6): count, times, the agent's recency,
    /// the run's set, and a stale skill revived.
    pub(super) fn count_load(
        &mut self,
        at: Timestamp,
        agent: &str,
        skill: StableId,
        run: Option<&str>,
    ) -> Result<Applied, WorldError> {
        let (_, agent_entity) = self.agent_entity(agent)?;
        let entity = self.entity_of(skill)?;
        let count = {
            let mut usage = self.row_mut::<Usage>(entity).expect("skills carry Usage");
            usage.load_count += 1;
            usage.last_loaded_at = Some(at);
            usage.last_activity_at = Some(at);
            usage.load_count
        };
        self.world.resource_mut::<LoadRanking>().set(skill, count);
        self.row_mut::<AgentUsage>(agent_entity)
            .expect("agent")
            .record(skill);
        if let Some(run) = run {
            self.row_mut::<AgentRuns>(agent_entity)
                .expect("agents carry AgentRuns")
                .record(run, skill);
        }
        if self
            .world
            .get::<Skill>(entity)
            .is_some_and(|s| s.lifecycle == Lifecycle::Stale)
        {
            self.rewrite(at, entity, |_, skill| skill.lifecycle = Lifecycle::Active);
        }
        Ok(Applied {
            id: Some(skill),
            ..Applied::default()
        })
    }
}
