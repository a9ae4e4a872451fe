//! The curator's commands (CUR-1): sweeps, activation, settings, archiving
//! and restoring by hand, and purging long-deleted skills.

use bevy_ecs::entity::Entity;
use skillworld_core::{EntityRecord, Lifecycle, Skill, StableId, Timestamp, Usage};

use super::{Applied, Command};
use crate::catalog::LoadRanking;
use crate::curator::{
    CuratorReport, CuratorSettings, CuratorState, SCHEDULED_DRY_RUN_HOURS, SweepAt, SweepPlan,
};
use crate::error::WorldError;
use crate::index::Entities;
use crate::layers::Layer;
use crate::state::SkillWorld;

impl SkillWorld {
    /// Creating, updating and patching a skill count as activity (CUR-1);
    /// imports and switches do not.
    pub(super) fn count_activity(
        &mut self,
        at: Timestamp,
        applied: Result<Applied, WorldError>,
    ) -> Result<Applied, WorldError> {
        let applied = applied?;
        if let Some(entity) = applied
            .id
            .and_then(|id| self.world.resource::<Entities>().get(id))
            && let Some(mut usage) = self.row_mut::<Usage>(entity)
        {
            usage.last_activity_at = Some(at);
        }
        Ok(applied)
    }

    pub(super) fn sweep(
        &mut self,
        at: Timestamp,
        dry_run: bool,
        scheduled: bool,
    ) -> Result<Applied, WorldError> {
        let state = self.world.resource::<CuratorState>();
        if dry_run
            && scheduled
            && state.last_dry_run.is_some_and(|last| {
                at.as_millis() - last.as_millis() < SCHEDULED_DRY_RUN_HOURS * 3_600_000
            })
        {
            return Err(WorldError::Curator(
                "a scheduled dry-run ran less than 23 h ago".into(),
            ));
        }
        if !dry_run && !state.activated {
            return Err(WorldError::Curator(
                "the curator is not activated; until then it only runs dry-runs".into(),
            ));
        }
        if !dry_run && state.paused {
            return Err(WorldError::Curator("the curator is paused".into()));
        }
        self.world.insert_resource(SweepAt(at));
        self.curator.run(&mut self.world);
        let plan = std::mem::take(&mut *self.world.resource_mut::<SweepPlan>());
        let scope = self.world.resource::<CuratorSettings>().scope;
        let mut applied = 0;
        if !dry_run {
            for entity in &plan.observe {
                self.row_mut::<Usage>(*entity)
                    .expect("skills carry Usage")
                    .curator_seen_at = Some(at);
            }
            for (entity, transition) in &plan.transitions {
                let to = transition.to;
                self.rewrite(at, *entity, |_, skill| {
                    skill.lifecycle = to;
                    if to == Lifecycle::Archived {
                        skill.enabled = false;
                    }
                });
                applied += 1;
            }
        }
        let report = CuratorReport {
            id: 0,
            at,
            dry_run,
            scope,
            scanned: plan.scanned,
            newly_observed: plan.observe.len(),
            transitions: plan.transitions.into_iter().map(|(_, t)| t).collect(),
            applied,
            blocked_by_bindings: plan.blocked_by_bindings,
        };
        let mut state = self.world.resource_mut::<CuratorState>();
        if dry_run {
            state.last_dry_run = Some(at);
        } else {
            state.last_run = Some(at);
        }
        let id = state.keep(report);
        Ok(Applied {
            replacements: Some(applied),
            report: Some(id),
            ..Applied::default()
        })
    }

    /// Enabled agents bound to the skill of `name` in `layer`.
    fn bound_agents(&self, layer: &Layer, name: &str) -> Result<Vec<String>, WorldError> {
        let world = self.world_of(layer)?;
        Ok(self
            .agents()
            .into_iter()
            .filter(|agent| {
                agent.enabled && agent.bindings.contains(name) && agent.layers.contains(&world)
            })
            .map(|agent| agent.name.clone())
            .collect())
    }

    pub(super) fn curator_switch(&mut self, command: &Command) -> Result<Applied, WorldError> {
        let mut state = self.world.resource_mut::<CuratorState>();
        match command {
            Command::CuratorActivate => state.activated = true,
            Command::CuratorPause => state.paused = true,
            _ => state.paused = false,
        }
        Ok(Applied::default())
    }

    pub(super) fn curator_configure(
        &mut self,
        settings: &CuratorSettings,
    ) -> Result<Applied, WorldError> {
        *self.world.resource_mut::<CuratorSettings>() = settings.clone();
        Ok(Applied::default())
    }

    /// Archives a skill by hand (disabled, lifecycle archived); a skill
    /// bound to enabled agents needs `force`.
    pub(super) fn archive_at(
        &mut self,
        at: Timestamp,
        layer: &Layer,
        name: &str,
        force: bool,
    ) -> Result<Applied, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let bound = self.bound_agents(layer, name)?;
        if !bound.is_empty() && !force {
            return Err(WorldError::BoundSkill {
                name: name.to_owned(),
                agents: bound.join(", "),
            });
        }
        Ok(self.rewrite(at, entity, |_, skill| {
            skill.lifecycle = Lifecycle::Archived;
            skill.enabled = false;
        }))
    }

    /// Brings an archived or stale skill back (enabled, active).
    pub(super) fn restore_at(
        &mut self,
        at: Timestamp,
        layer: &Layer,
        name: &str,
    ) -> Result<Applied, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let mut usage = self.row_mut::<Usage>(entity).expect("skills carry Usage");
        usage.last_activity_at = Some(at);
        Ok(self.rewrite(at, entity, |_, skill| {
            skill.lifecycle = Lifecycle::Active;
            skill.enabled = true;
        }))
    }

    /// Removes soft-deleted skills (and their files) deleted at least
    /// `older_than_days` days before `at`.
    pub(super) fn purge_at(
        &mut self,
        at: Timestamp,
        older_than_days: u32,
    ) -> Result<Applied, WorldError> {
        let cutoff = at.plus_days(-i64::from(older_than_days));
        let mut query = self.world.query::<(Entity, &EntityRecord, &Skill)>();
        let doomed: Vec<(Entity, StableId, Vec<StableId>)> = query
            .iter(&self.world)
            .filter(|(_, record, _)| record.deleted_at.is_some_and(|deleted| deleted <= cutoff))
            .map(|(entity, record, skill)| {
                (
                    entity,
                    record.id,
                    skill.resources.iter().map(|r| r.entity_id).collect(),
                )
            })
            .collect();
        for (entity, id, resources) in &doomed {
            for resource in resources {
                if let Some(file) = self.world.resource::<Entities>().get(*resource) {
                    self.world.despawn(file);
                }
                self.world.resource_mut::<Entities>().forget(*resource);
            }
            self.world.despawn(*entity);
            self.world.resource_mut::<Entities>().forget(*id);
            self.world.resource_mut::<LoadRanking>().set(*id, 0);
        }
        Ok(Applied {
            replacements: Some(doomed.len()),
            ..Applied::default()
        })
    }
}
