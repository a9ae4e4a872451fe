//! One write path (STO-3): every change to the world is a serialisable
//! [`Command`] carried in an [`Envelope`] with its time and caller. The
//! world applies envelopes one at a time, all or nothing, and keeps the
//! applied ones in its journal; replaying a journal on the world it started
//! from rebuilds the same world.

use std::collections::BTreeSet;

use bevy_ecs::entity::Entity;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_core::{
    EntityRecord, Lifecycle, Preflight, PrimaryComponent, ResourceBody, ResourceKind, ResourceRef,
    ScanFinding, ScanStatus, Skill, SkillName, SkillResource, StableId, Status, Timestamp, Usage,
};
use skillworld_format::{BundleFile, SkillDocument, export_skill_md};
use skillworld_scan::scan_bundle;

use crate::agent::{Agent, AgentUsage};
use crate::catalog::LoadRanking;
use crate::curator::{
    CuratorReport, CuratorSettings, CuratorState, SCHEDULED_DRY_RUN_HOURS, SweepAt, SweepPlan,
};
use crate::error::{PatchError, WorldError};
use crate::host::{
    AgentNames, Layer, ObjectBytes, SkillWorld, apply_document, check_limits, hex, mime_of, record,
};
use crate::index::{Entities, NameIndex};
use crate::layers::WorldConfig;
use crate::revisions::Revisions;
use crate::usage::{Lessons, Runs};

/// Who asks for a tool call or a write (POL-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallerKind {
    /// A chat with a user present.
    #[default]
    Visible,
    /// A run without a user: cron, memory maintenance, the review pass.
    Invisible,
    /// A subagent, limited by its own allow list.
    Subagent,
}

/// The caller of a write or a tool: which agent (none for the host or an
/// operator), what kind of caller, which run, and its own policy fragment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caller {
    pub agent: Option<String>,
    pub kind: CallerKind,
    pub run: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_tools: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub denied_tools: Vec<String>,
}

impl Caller {
    /// The host or an operator, acting on no agent's behalf.
    pub fn host() -> Self {
        Caller::default()
    }

    /// An agent in a visible chat.
    pub fn agent(name: &str) -> Self {
        Caller {
            agent: Some(name.to_owned()),
            ..Caller::default()
        }
    }
}

/// Changes to an agent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentChange {
    pub enabled: Option<bool>,
    pub tool_pool: Option<Vec<String>>,
}

/// Changes to a skill's switches and runtime state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    pub enabled: Option<bool>,
    pub pinned: Option<bool>,
    pub lifecycle: Option<Lifecycle>,
    pub status: Option<Status>,
    pub scan: Option<ScanStatus>,
    pub preflight: Option<Preflight>,
}

/// Every change the world knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    AddAgent {
        name: String,
        tools: Option<Vec<String>>,
    },
    UpdateAgent {
        name: String,
        change: AgentChange,
    },
    Bind {
        agent: String,
        skill: String,
    },
    Unbind {
        agent: String,
        skill: String,
    },
    /// Lets `subject` read or write `owner`'s private world (MOD-2 grants),
    /// or, with no access, takes that back.
    Grant {
        owner: String,
        subject: String,
        access: Option<crate::layers::Access>,
    },
    /// A new skill; the name must be free in that world.
    CreateSkill {
        layer: Layer,
        document: SkillDocument,
    },
    /// An imported skill with its files: created, or replacing the skill of
    /// that name.
    InstallSkill {
        layer: Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
    },
    /// New authored fields for an existing skill; resources stay. With
    /// `copy_from`, a skill absent from `layer` is first copied from there
    /// (copy-on-write).
    ReplaceSkill {
        layer: Layer,
        name: String,
        document: SkillDocument,
        expected_revision: Option<u64>,
        copy_from: Option<Layer>,
    },
    /// A literal replacement in the body, against the body as it is when
    /// applied (TOOL-2).
    PatchSkill {
        layer: Layer,
        name: String,
        old_string: String,
        new_string: String,
        replace_all: bool,
        expected_revision: Option<u64>,
        copy_from: Option<Layer>,
    },
    DeleteSkill {
        layer: Layer,
        name: String,
        expected_revision: Option<u64>,
    },
    SetSwitches {
        layer: Layer,
        name: String,
        switches: Switches,
    },
    Revert {
        layer: Layer,
        name: String,
        number: u64,
    },
    /// A counted load (CAT-6).
    RecordLoad {
        agent: String,
        skill: StableId,
        run: Option<String>,
    },
    RecordLesson {
        agent: String,
        skill: StableId,
        text: String,
    },
    /// Removes an agent: its name is free again; its record stays, marked
    /// deleted, and its private skills stay for revisions and replay.
    RemoveAgent {
        name: String,
    },
    /// A curator sweep (CUR-1): a dry-run plans and reports; a real sweep
    /// (only once activated, not paused) stamps first observations and
    /// applies the transitions. A scheduled dry-run is skipped within 23 h
    /// of the last one.
    CuratorSweep {
        dry_run: bool,
        scheduled: bool,
    },
    CuratorActivate,
    CuratorPause,
    CuratorResume,
    CuratorConfigure {
        settings: crate::curator::CuratorSettings,
    },
    /// Archives a skill by hand (disabled, lifecycle archived); a skill bound
    /// to enabled agents needs `force`.
    CuratorArchive {
        layer: Layer,
        name: String,
        force: bool,
    },
    /// Brings an archived or stale skill back (enabled, active).
    CuratorRestore {
        layer: Layer,
        name: String,
    },
    /// Removes soft-deleted skills (and their files) deleted at least
    /// `older_than_days` days before the command's time.
    Purge {
        older_than_days: u32,
    },
}

/// A command with the time it happened and who asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    pub at: Timestamp,
    pub caller: Caller,
    pub command: Command,
}

/// What applying a command produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The agent or skill the command made or changed.
    pub id: Option<StableId>,
    /// The skill's revision after the change.
    pub revision: Option<u64>,
    /// How many replacements a patch made (or skills a purge removed,
    /// transitions a sweep applied).
    pub replacements: Option<usize>,
    /// The id of the report a curator sweep wrote.
    pub report: Option<u64>,
}

impl SkillWorld {
    /// Applies a command now, as `caller`, and journals it.
    pub fn execute(&mut self, caller: Caller, command: Command) -> Result<Applied, WorldError> {
        let envelope = Envelope {
            at: self.now(),
            caller,
            command,
        };
        self.apply(envelope)
    }

    /// Applies an envelope (live or replayed): all of it or, with an error,
    /// none of it. Applied envelopes are appended to the journal.
    pub fn apply(&mut self, envelope: Envelope) -> Result<Applied, WorldError> {
        let applied = self.apply_command(envelope.at, &envelope.command)?;
        self.journal.push(envelope);
        Ok(applied)
    }

    /// The envelopes applied so far, oldest first.
    pub fn journal(&self) -> &[Envelope] {
        &self.journal
    }

    /// Hands the journal over (to a store) and starts a new one.
    pub fn take_journal(&mut self) -> Vec<Envelope> {
        std::mem::take(&mut self.journal)
    }

    fn apply_command(&mut self, at: Timestamp, command: &Command) -> Result<Applied, WorldError> {
        let applied = self.apply_inner(at, command);
        match command {
            Command::CreateSkill { .. }
            | Command::ReplaceSkill { .. }
            | Command::PatchSkill { .. } => self.count_activity(at, applied),
            _ => applied,
        }
    }

    fn apply_inner(&mut self, at: Timestamp, command: &Command) -> Result<Applied, WorldError> {
        match command {
            Command::AddAgent { name, tools } => self.add_agent_at(at, name, tools.clone()),
            Command::UpdateAgent { name, change } => {
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
            Command::Bind { agent, skill } => self.change_agent(agent, |a| {
                a.bindings.insert(skill.clone());
            }),
            Command::Unbind { agent, skill } => self.change_agent(agent, |a| {
                a.bindings.remove(skill);
            }),
            Command::Grant {
                owner,
                subject,
                access,
            } => {
                let private = self.agent(owner)?.private_world;
                let (subject_id, _) = self.agent_entity(subject)?;
                let entity = self
                    .world
                    .resource::<Entities>()
                    .get(private)
                    .ok_or_else(|| WorldError::UnknownAgent(owner.clone()))?;
                let mut config = self
                    .world
                    .get::<WorldConfig>(entity)
                    .expect("a private world has its configuration")
                    .clone();
                config.grants.retain(|grant| grant.subject != subject_id);
                if let Some(access) = access {
                    config.grants.push(crate::layers::Grant {
                        subject: subject_id,
                        access: *access,
                    });
                }
                config.validate()?;
                self.world.entity_mut(entity).insert(config);
                Ok(Applied::default())
            }
            Command::CreateSkill { layer, document } => {
                check_limits(document)?;
                let world = self.world_of(layer)?;
                if self
                    .world
                    .resource::<NameIndex>()
                    .get(world, &document.name)
                    .is_some()
                {
                    return Err(WorldError::SkillExists(document.name.clone()));
                }
                self.spawn_skill(at, world, document.clone(), Vec::new(), None)
            }
            Command::InstallSkill {
                layer,
                document,
                files,
            } => {
                SkillName::new(&document.name)?;
                let world = self.world_of(layer)?;
                // SEC-1: every skill that enters from outside is scanned;
                // HIGH or CRITICAL findings keep it stored but not live.
                let report = scan_bundle(&export_skill_md(document), files);
                let findings: Vec<ScanFinding> = report
                    .findings
                    .iter()
                    .map(|f| ScanFinding {
                        rule: f.rule.to_owned(),
                        severity: f.severity.as_str().to_owned(),
                        file: f.file.clone(),
                        line: f.line,
                        excerpt: f.excerpt.clone(),
                        explanation: f.explanation.clone(),
                    })
                    .collect();
                let verdict = match (report.blocked, report.findings.is_empty()) {
                    (true, _) => ScanStatus::Blocked,
                    (false, false) => ScanStatus::Warned,
                    (false, true) => ScanStatus::Clean,
                };
                match self
                    .world
                    .resource::<NameIndex>()
                    .get(world, &document.name)
                {
                    None => self.spawn_skill(
                        at,
                        world,
                        document.clone(),
                        files.clone(),
                        Some((verdict, findings)),
                    ),
                    Some(entity) => {
                        let resources = self.spawn_resources(at, world, entity, files.clone());
                        let document = document.clone();
                        Ok(self.rewrite(at, entity, |record, skill| {
                            apply_document(record, skill, document);
                            skill.resources = resources;
                            skill.scan = verdict;
                            skill.findings = findings;
                        }))
                    }
                }
            }
            Command::ReplaceSkill {
                layer,
                name,
                document,
                expected_revision,
                copy_from,
            } => {
                check_limits(document)?;
                SkillName::new(&document.name)?;
                if document.name != *name
                    && self
                        .world
                        .resource::<NameIndex>()
                        .get(self.world_of(layer)?, &document.name)
                        .is_some()
                {
                    return Err(WorldError::SkillExists(document.name.clone()));
                }
                let document = document.clone();
                match self.writable(layer, name, *expected_revision, copy_from.as_ref())? {
                    Target::Existing(entity) => Ok(self.rewrite(at, entity, |record, skill| {
                        let resources = std::mem::take(&mut skill.resources);
                        apply_document(record, skill, document);
                        skill.resources = resources;
                    })),
                    Target::Copy { files, .. } => self.spawn_copy(at, layer, document, files),
                }
            }
            Command::PatchSkill {
                layer,
                name,
                old_string,
                new_string,
                replace_all,
                expected_revision,
                copy_from,
            } => {
                let body = self.body_for_write(layer, name, copy_from.as_ref())?;
                let (patched, replacements) =
                    literal_patch(name, &body, old_string, new_string, *replace_all)?;
                let mut applied =
                    match self.writable(layer, name, *expected_revision, copy_from.as_ref())? {
                        Target::Existing(entity) => {
                            self.rewrite(at, entity, |record, _| record.content = patched)
                        }
                        Target::Copy {
                            mut document,
                            files,
                        } => {
                            document.body = patched;
                            self.spawn_copy(at, layer, *document, files)?
                        }
                    };
                applied.replacements = Some(replacements);
                Ok(applied)
            }
            Command::DeleteSkill {
                layer,
                name,
                expected_revision,
            } => {
                let entity = self.skill_entity(layer, name)?;
                self.check_revision(entity, name, *expected_revision)?;
                Ok(self.rewrite(at, entity, |record, _| record.deleted_at = Some(at)))
            }
            Command::SetSwitches {
                layer,
                name,
                switches,
            } => {
                let entity = self.skill_entity(layer, name)?;
                let switches = switches.clone();
                Ok(self.rewrite(at, entity, |record, skill| {
                    if let Some(pinned) = switches.pinned {
                        record.pinned = pinned;
                    }
                    if let Some(enabled) = switches.enabled {
                        skill.enabled = enabled;
                    }
                    if let Some(lifecycle) = switches.lifecycle {
                        skill.lifecycle = lifecycle;
                    }
                    if let Some(status) = switches.status {
                        skill.status = status;
                    }
                    if let Some(scan) = switches.scan {
                        skill.scan = scan;
                    }
                    if let Some(preflight) = switches.preflight {
                        skill.preflight = preflight;
                    }
                }))
            }
            Command::Revert {
                layer,
                name,
                number,
            } => {
                let entity = self.skill_entity(layer, name)?;
                let revision = self
                    .world
                    .get::<Revisions>(entity)
                    .and_then(|r| r.get(*number))
                    .cloned()
                    .ok_or_else(|| WorldError::UnknownRevision {
                        name: name.clone(),
                        number: *number,
                    })?;
                Ok(self.rewrite(at, entity, |record, skill| {
                    let (id, created_at, deleted_at, world) = (
                        record.id,
                        record.created_at,
                        record.deleted_at,
                        record.world,
                    );
                    *record = EntityRecord {
                        id,
                        created_at,
                        deleted_at,
                        world,
                        ..revision.record
                    };
                    let resources = std::mem::take(&mut skill.resources);
                    *skill = Skill {
                        resources,
                        ..revision.skill
                    };
                }))
            }
            Command::RemoveAgent { name } => {
                let (id, entity) = self.agent_entity(name)?;
                let mut record = self
                    .world
                    .get::<EntityRecord>(entity)
                    .expect("agent")
                    .clone();
                record.deleted_at = Some(at);
                self.world.entity_mut(entity).insert(record);
                self.world.resource_mut::<AgentNames>().0.remove(name);
                self.world
                    .resource_mut::<crate::catalog::AgentViews>()
                    .views
                    .remove(&id);
                Ok(Applied {
                    id: Some(id),
                    ..Applied::default()
                })
            }
            Command::CuratorSweep { dry_run, scheduled } => self.sweep(at, *dry_run, *scheduled),
            Command::CuratorActivate | Command::CuratorPause | Command::CuratorResume => {
                let mut state = self.world.resource_mut::<CuratorState>();
                match command {
                    Command::CuratorActivate => state.activated = true,
                    Command::CuratorPause => state.paused = true,
                    _ => state.paused = false,
                }
                Ok(Applied::default())
            }
            Command::CuratorConfigure { settings } => {
                *self.world.resource_mut::<CuratorSettings>() = settings.clone();
                Ok(Applied::default())
            }
            Command::CuratorArchive { layer, name, force } => {
                let entity = self.skill_entity(layer, name)?;
                let bound = self.bound_agents(layer, name)?;
                if !bound.is_empty() && !force {
                    return Err(WorldError::BoundSkill {
                        name: name.clone(),
                        agents: bound.join(", "),
                    });
                }
                Ok(self.rewrite(at, entity, |_, skill| {
                    skill.lifecycle = Lifecycle::Archived;
                    skill.enabled = false;
                }))
            }
            Command::CuratorRestore { layer, name } => {
                let entity = self.skill_entity(layer, name)?;
                let mut usage = self
                    .world
                    .get_mut::<Usage>(entity)
                    .expect("skills carry Usage");
                usage.last_activity_at = Some(at);
                Ok(self.rewrite(at, entity, |_, skill| {
                    skill.lifecycle = Lifecycle::Active;
                    skill.enabled = true;
                }))
            }
            Command::Purge { older_than_days } => {
                let cutoff = at.plus_days(-i64::from(*older_than_days));
                let mut query = self.world.query::<(Entity, &EntityRecord, &Skill)>();
                let doomed: Vec<(Entity, StableId, Vec<StableId>)> = query
                    .iter(&self.world)
                    .filter(|(_, record, _)| {
                        record.deleted_at.is_some_and(|deleted| deleted <= cutoff)
                    })
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
            Command::RecordLoad { agent, skill, run } => {
                self.count_load(at, agent, *skill, run.as_deref())
            }
            Command::RecordLesson { agent, skill, text } => {
                self.agent_entity(agent)?;
                let entity = self.entity_of(*skill)?;
                let mut lessons = self
                    .world
                    .get_mut::<Lessons>(entity)
                    .expect("skills carry Lessons");
                lessons.push(at, text.clone());
                Ok(Applied {
                    id: Some(*skill),
                    ..Applied::default()
                })
            }
        }
    }

    /// Creating, updating and patching a skill count as activity (CUR-1);
    /// imports and switches do not.
    fn count_activity(
        &mut self,
        at: Timestamp,
        applied: Result<Applied, WorldError>,
    ) -> Result<Applied, WorldError> {
        let applied = applied?;
        if let Some(entity) = applied
            .id
            .and_then(|id| self.world.resource::<Entities>().get(id))
            && let Some(mut usage) = self.world.get_mut::<Usage>(entity)
        {
            usage.last_activity_at = Some(at);
        }
        Ok(applied)
    }

    fn sweep(
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
                self.world
                    .get_mut::<Usage>(*entity)
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

    fn add_agent_at(
        &mut self,
        at: Timestamp,
        name: &str,
        tools: Option<Vec<String>>,
    ) -> Result<Applied, WorldError> {
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

    fn change_agent(
        &mut self,
        name: &str,
        change: impl FnOnce(&mut Agent),
    ) -> Result<Applied, WorldError> {
        let (id, entity) = self.agent_entity(name)?;
        let mut agent = self
            .world
            .get_mut::<Agent>(entity)
            .expect("agent entities carry Agent");
        change(&mut agent);
        agent.epoch += 1;
        Ok(Applied {
            id: Some(id),
            ..Applied::default()
        })
    }

    fn entity_of(&self, id: StableId) -> Result<Entity, WorldError> {
        self.world
            .resource::<Entities>()
            .get(id)
            .ok_or_else(|| WorldError::UnknownSkill(id.to_string()))
    }

    fn check_revision(
        &self,
        entity: Entity,
        name: &str,
        expected: Option<u64>,
    ) -> Result<(), WorldError> {
        let current = self
            .world
            .get::<Revisions>(entity)
            .expect("skills carry Revisions")
            .current;
        match expected {
            Some(expected) if expected != current => Err(WorldError::Conflict {
                name: name.to_owned(),
                expected,
                current,
            }),
            _ => Ok(()),
        }
    }

    /// The body a write starts from: the skill in `layer`, else (for
    /// copy-on-write) the one in `copy_from`.
    fn body_for_write(
        &self,
        layer: &Layer,
        name: &str,
        copy_from: Option<&Layer>,
    ) -> Result<String, WorldError> {
        let entity = match (self.skill_entity(layer, name), copy_from) {
            (Ok(entity), _) => entity,
            (Err(_), Some(source)) => self.skill_entity(source, name)?,
            (Err(error), None) => return Err(error),
        };
        Ok(self
            .world
            .get::<EntityRecord>(entity)
            .expect("skill")
            .content
            .clone())
    }

    /// The skill a write changes: the one in `layer`, or a copy of the one
    /// in `copy_from` still to be created there.
    fn writable(
        &self,
        layer: &Layer,
        name: &str,
        expected_revision: Option<u64>,
        copy_from: Option<&Layer>,
    ) -> Result<Target, WorldError> {
        match (self.skill_entity(layer, name), copy_from) {
            (Ok(entity), _) => {
                self.check_revision(entity, name, expected_revision)?;
                Ok(Target::Existing(entity))
            }
            (Err(_), Some(source)) => {
                let entity = self.skill_entity(source, name)?;
                self.check_revision(entity, name, expected_revision)?;
                Ok(Target::Copy {
                    document: Box::new(self.document(entity)),
                    files: self.bundle_files(entity),
                })
            }
            (Err(error), None) => Err(error),
        }
    }

    /// A skill's resources as bundle files (for a copy-on-write).
    pub(crate) fn bundle_files(&self, entity: Entity) -> Vec<BundleFile> {
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let entities = self.world.resource::<Entities>();
        skill
            .resources
            .iter()
            .filter_map(|reference| {
                let resource_entity = entities.get(reference.entity_id)?;
                let resource = self.world.get::<SkillResource>(resource_entity)?;
                let bytes = match &resource.body {
                    ResourceBody::Text(text) => text.clone().into_bytes(),
                    ResourceBody::ObjectFile { .. } => {
                        self.world.get::<ObjectBytes>(resource_entity)?.0.clone()
                    }
                };
                Some(BundleFile {
                    path: resource.path.clone(),
                    bytes,
                    executable: resource.executable,
                })
            })
            .collect()
    }

    fn spawn_copy(
        &mut self,
        at: Timestamp,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<Applied, WorldError> {
        let world = self.world_of(layer)?;
        self.spawn_skill(at, world, document, files, None)
    }

    fn spawn_skill(
        &mut self,
        at: Timestamp,
        world: StableId,
        document: SkillDocument,
        files: Vec<BundleFile>,
        scan: Option<(ScanStatus, Vec<ScanFinding>)>,
    ) -> Result<Applied, WorldError> {
        SkillName::new(&document.name)?;
        let id = self.world.resource_mut::<Entities>().allocate();
        let mut entity_record =
            record(id, &document.name, Some(world), PrimaryComponent::Skill, at);
        let mut skill = Skill::new(document.skill.origin);
        apply_document(&mut entity_record, &mut skill, document);
        if let Some((verdict, findings)) = scan {
            skill.scan = verdict;
            skill.findings = findings;
        }
        let entity = self
            .world
            .spawn((Usage::default(), Revisions::default(), Lessons::default()))
            .id();
        skill.resources = self.spawn_resources(at, world, entity, files);
        self.world.entity_mut(entity).insert((entity_record, skill));
        Ok(Applied {
            id: Some(id),
            revision: Some(Revisions::default().current),
            ..Applied::default()
        })
    }

    fn spawn_resources(
        &mut self,
        at: Timestamp,
        world: StableId,
        skill: Entity,
        files: Vec<BundleFile>,
    ) -> Vec<ResourceRef> {
        let skill_id = self
            .world
            .get::<EntityRecord>(skill)
            .map_or(StableId(0), |r| r.id);
        let mut refs = Vec::with_capacity(files.len());
        for file in files {
            let id = self.world.resource_mut::<Entities>().allocate();
            let sha256 = hex(&Sha256::digest(&file.bytes));
            let size = file.bytes.len() as u64;
            let (body, kind, primary, bytes) = match String::from_utf8(file.bytes) {
                Ok(text) => (
                    ResourceBody::Text(text),
                    ResourceKind::Text,
                    PrimaryComponent::SkillResource,
                    None,
                ),
                Err(binary) => (
                    ResourceBody::ObjectFile {
                        cid: sha256.clone(),
                        mime: mime_of(&file.path).to_owned(),
                    },
                    ResourceKind::ObjectFile,
                    PrimaryComponent::ObjectFile,
                    Some(ObjectBytes(binary.into_bytes())),
                ),
            };
            let resource = SkillResource {
                skill_id,
                path: file.path.clone(),
                body,
                sha256,
                size,
                executable: file.executable,
            };
            let mut spawned = self
                .world
                .spawn((record(id, &file.path, Some(world), primary, at), resource));
            if let Some(bytes) = bytes {
                spawned.insert(bytes);
            }
            refs.push(ResourceRef {
                path: file.path,
                entity_id: id,
                kind,
            });
        }
        refs
    }

    /// Replaces a skill's immutable components with changed copies; the
    /// hooks see the change, the revision moves.
    pub(crate) fn rewrite(
        &mut self,
        at: Timestamp,
        entity: Entity,
        change: impl FnOnce(&mut EntityRecord, &mut Skill),
    ) -> Applied {
        let before_record = self
            .world
            .get::<EntityRecord>(entity)
            .expect("skill")
            .clone();
        let before_skill = self.world.get::<Skill>(entity).expect("skill").clone();
        let (mut record, mut skill) = (before_record.clone(), before_skill.clone());
        change(&mut record, &mut skill);
        let mut revisions = self.world.get_mut::<Revisions>(entity).expect("skill");
        if record != before_record || skill != before_skill {
            record.updated_at = at;
            revisions.record((&before_record, &before_skill), (&record, &skill), at);
        }
        let applied = Applied {
            id: Some(record.id),
            revision: Some(revisions.current),
            ..Applied::default()
        };
        if record != before_record || skill != before_skill {
            self.world.entity_mut(entity).insert((record, skill));
        }
        applied
    }

    /// A load's usage signals (CAT-6): count, times, the agent's recency,
    /// the run's set, and a stale skill revived.
    fn count_load(
        &mut self,
        at: Timestamp,
        agent: &str,
        skill: StableId,
        run: Option<&str>,
    ) -> Result<Applied, WorldError> {
        let (agent_id, agent_entity) = self.agent_entity(agent)?;
        let entity = self.entity_of(skill)?;
        let count = {
            let mut usage = self
                .world
                .get_mut::<Usage>(entity)
                .expect("skills carry Usage");
            usage.load_count += 1;
            usage.last_loaded_at = Some(at);
            usage.last_activity_at = Some(at);
            usage.load_count
        };
        self.world.resource_mut::<LoadRanking>().set(skill, count);
        self.world
            .get_mut::<AgentUsage>(agent_entity)
            .expect("agent")
            .record(skill);
        if let Some(run) = run {
            self.world
                .resource_mut::<Runs>()
                .record(agent_id, run, skill);
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

/// What a write lands on: a skill in the target layer, or a copy (with its
/// files) of one seen through a lower layer, still to be created.
enum Target {
    Existing(Entity),
    Copy {
        document: Box<SkillDocument>,
        files: Vec<BundleFile>,
    },
}

/// TOOL-2's literal patch: no pattern syntax, `$` and backslashes literal.
fn literal_patch(
    name: &str,
    body: &str,
    old: &str,
    new: &str,
    replace_all: bool,
) -> Result<(String, usize), PatchError> {
    if old.is_empty() {
        return Err(PatchError::EmptyOldString);
    }
    let matches = body.matches(old).count();
    match matches {
        0 => Err(PatchError::NotFound {
            name: name.to_owned(),
        }),
        1 => Ok((body.replacen(old, new, 1), 1)),
        n if replace_all => Ok((body.replace(old, new), n)),
        n => Err(PatchError::Ambiguous {
            name: name.to_owned(),
            matches: n,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_are_literal() {
        assert_eq!(
            literal_patch("n", "a $1 b", "$1", "$&\\0", false).unwrap(),
            ("a $&\\0 b".to_owned(), 1)
        );
        assert_eq!(
            literal_patch("n", "x.*x", ".*", "+", false).unwrap().0,
            "x+x"
        );
        assert_eq!(
            literal_patch("n", "aaa", "a", "b", true).unwrap(),
            ("bbb".to_owned(), 3)
        );
        assert_eq!(
            literal_patch("n", "aaa", "a", "b", false),
            Err(PatchError::Ambiguous {
                name: "n".into(),
                matches: 3
            })
        );
        assert_eq!(
            literal_patch("n", "abc", "", "b", false),
            Err(PatchError::EmptyOldString)
        );
        assert_eq!(
            literal_patch("n", "abc", "z", "b", false),
            Err(PatchError::NotFound { name: "n".into() })
        );
    }
}
