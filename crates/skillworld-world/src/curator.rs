//! The curator (CUR-1 … CUR-5): ages unused agent-made skills
//! (active → stale → archived) without deleting anything. Planning is a
//! bevy system over the skills, driven by the time of the sweep command;
//! applying the plan is part of that one command, so sweeps replay.

use bevy_ecs::entity::Entity;
use bevy_ecs::query::With;
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Query, Res, ResMut};
use serde::{Deserialize, Serialize};
use skillworld_core::{EntityRecord, Lifecycle, Origin, Skill, StableId, Timestamp, Usage};

use crate::agent::Agent;

/// Which skills the curator ages (CUR-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CuratorScope {
    /// Skills the agent wrote itself (origins `evolved`, `routine`).
    #[default]
    AgentCreated,
    /// Also skills people made (`user`, `imported`, `project`).
    AllDynamic,
    Off,
}

/// Curator settings, part of the world's configuration (CUR-5).
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CuratorSettings {
    pub scope: CuratorScope,
    pub stale_after_days: i64,
    pub archive_after_days: i64,
    /// Names starting with one of these are never touched (CUR-3).
    pub protected_prefixes: Vec<String>,
    /// When sweeps run (cron, with seconds).
    pub schedule: String,
}

impl Default for CuratorSettings {
    fn default() -> Self {
        CuratorSettings {
            scope: CuratorScope::default(),
            stale_after_days: 30,
            archive_after_days: 90,
            protected_prefixes: vec!["sys-".to_owned(), "ops-".to_owned()],
            schedule: "0 0 2 * * *".to_owned(),
        }
    }
}

/// One planned or applied lifecycle change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transition {
    pub skill: String,
    pub id: StableId,
    pub from: Lifecycle,
    pub to: Lifecycle,
    pub days_idle: i64,
}

/// A sweep's report (CUR-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CuratorReport {
    pub id: u64,
    pub at: Timestamp,
    pub dry_run: bool,
    pub scope: CuratorScope,
    pub scanned: usize,
    pub newly_observed: usize,
    pub transitions: Vec<Transition>,
    pub applied: usize,
    /// Skills that would change but are bound to an enabled agent.
    pub blocked_by_bindings: Vec<String>,
}

/// How many reports are kept, newest first.
pub const KEPT_REPORTS: usize = 50;
/// Scheduled dry-runs run at most this often.
pub const SCHEDULED_DRY_RUN_HOURS: i64 = 23;

/// Activation, pause and the kept reports (CUR-4, CUR-5).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CuratorState {
    pub activated: bool,
    pub paused: bool,
    pub last_run: Option<Timestamp>,
    pub last_dry_run: Option<Timestamp>,
    pub next_report: u64,
    pub reports: Vec<CuratorReport>,
}

impl CuratorState {
    pub(crate) fn keep(&mut self, mut report: CuratorReport) -> u64 {
        self.next_report += 1;
        report.id = self.next_report;
        let id = report.id;
        self.reports.insert(0, report);
        self.reports.truncate(KEPT_REPORTS);
        id
    }
}

/// The input of the planning system: the sweep's time.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SweepAt(pub Timestamp);

/// The planning system's output.
#[derive(Resource, Clone, Debug, Default)]
pub struct SweepPlan {
    pub scanned: usize,
    /// Skills to stamp as first observed (real sweeps only).
    pub observe: Vec<Entity>,
    pub transitions: Vec<(Entity, Transition)>,
    pub blocked_by_bindings: Vec<String>,
}

fn in_scope(scope: CuratorScope, origin: Origin) -> bool {
    match scope {
        CuratorScope::Off => false,
        CuratorScope::AgentCreated => origin.is_autonomous(),
        CuratorScope::AllDynamic => {
            origin.is_autonomous()
                || matches!(origin, Origin::User | Origin::Imported | Origin::Project)
        }
    }
}

/// CUR-1 … CUR-3 as a system: which skills age, by whole idle days since
/// their anchor (activity, else first observation, else creation).
pub fn plan_sweep(
    at: Res<SweepAt>,
    settings: Res<CuratorSettings>,
    skills: Query<(Entity, &EntityRecord, &Skill, &Usage)>,
    agents: Query<(&Agent, &EntityRecord), With<Agent>>,
    mut plan: ResMut<SweepPlan>,
) {
    *plan = SweepPlan::default();
    let now = at.0;
    let bound_names: Vec<(&str, StableId)> = agents
        .iter()
        .filter(|(agent, record)| agent.enabled && !record.is_deleted())
        .flat_map(|(agent, _)| {
            agent.bindings.iter().flat_map(|name| {
                agent
                    .layers
                    .iter()
                    .map(move |world| (name.as_str(), *world))
            })
        })
        .collect();
    // Only what the plan produces is put in id order (at the end), not
    // every skill: with a million skills the sort was most of the cost.
    let mut blocked: Vec<(StableId, String)> = Vec::new();
    for (entity, record, skill, usage) in skills.iter() {
        // The name's prefixes last: they are the one check that reads
        // outside the components (the name's bytes).
        let skipped = record.is_deleted()
            || !in_scope(settings.scope, skill.origin)
            || matches!(skill.origin, Origin::Builtin | Origin::Mcp | Origin::Acp)
            || record.pinned
            || skill.proposal.is_some()
            || settings
                .protected_prefixes
                .iter()
                .any(|p| record.title.starts_with(p.as_str()));
        if skipped {
            continue;
        }
        plan.scanned += 1;
        let anchor = match (usage.last_activity_at, usage.curator_seen_at) {
            (Some(activity), _) => activity,
            (None, Some(seen)) => seen,
            (None, None) => {
                plan.observe.push(entity);
                continue;
            }
        };
        let idle = now.whole_days_since(anchor);
        let to = match skill.lifecycle {
            Lifecycle::Archived => continue,
            _ if idle >= settings.archive_after_days => Lifecycle::Archived,
            Lifecycle::Active if idle >= settings.stale_after_days => Lifecycle::Stale,
            Lifecycle::Stale if idle < settings.stale_after_days => Lifecycle::Active,
            _ => continue,
        };
        let bound = record.world.is_some_and(|w| {
            bound_names
                .iter()
                .any(|(name, world)| *name == record.title && *world == w)
        });
        if bound {
            blocked.push((record.id, record.title.clone()));
            continue;
        }
        let transition = Transition {
            skill: record.title.clone(),
            id: record.id,
            from: skill.lifecycle,
            to,
            days_idle: idle,
        };
        plan.transitions.push((entity, transition));
    }
    plan.transitions.sort_unstable_by_key(|(_, t)| t.id);
    blocked.sort_unstable_by_key(|(id, _)| *id);
    plan.blocked_by_bindings = blocked.into_iter().map(|(_, name)| name).collect();
}
