//! The host API: everything a simulation host or server needs, without
//! knowing bevy. The bevy `World` and the resolution `Schedule` stay
//! reachable for hosts that add their own systems.

use std::collections::HashSet;

use bevy_ecs::entity::Entity;
use serde_json::{Map, Value};
use skillworld_core::{EntityRecord, Lifecycle, Origin, Preflight, Skill, StableId};
use skillworld_format::{BundleFile, BundleSignature, SkillDocument};

use crate::agent::Agent;
use crate::command::{AgentChange, Caller, Command, Switches};
use crate::command::{Applied, InstallRules, Installed, OnCollision, Prescan, scanning_ahead};
use crate::curator::{CuratorReport, CuratorSettings, CuratorState};
use crate::error::WorldError;
use crate::index::{Entities, NameIndex, SourceIndex};
use crate::layers::Layer;
use crate::revisions::Revisions;
use crate::state::{AgentNames, SkillWorld};

/// What `load` returns (CAT-6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub name: String,
    /// The rendered body (or page, with its footer), or the bundle file.
    pub text: String,
    /// The bundle's files, by path.
    pub resources: Vec<String>,
    pub revision: u64,
    /// `(page, pages)` when the body came in pages.
    pub page: Option<(usize, usize)>,
    /// The run had loaded this skill before; `text` says so instead.
    pub already_loaded: bool,
}

/// A load request (CAT-6).
#[derive(Clone, Debug, Default)]
pub struct LoadRequest<'a> {
    pub name: &'a str,
    pub file: Option<&'a str>,
    pub page: Option<usize>,
    pub run: Option<&'a str>,
    /// Parameter values (FMT-6).
    pub args: Map<String, Value>,
}

/// One row of `skill_list` (CAT-7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListItem {
    pub name: String,
    pub layer: &'static str,
    pub origin: Origin,
    pub lifecycle: Lifecycle,
    pub enabled: bool,
    pub description: String,
}

/// One skill in a listing (`skillworld list`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SkillRow {
    pub name: String,
    pub layer: &'static str,
    pub origin: Origin,
    pub status: skillworld_core::Status,
    pub lifecycle: Lifecycle,
    pub enabled: bool,
    pub pinned: bool,
    pub revision: u64,
    pub description: String,
    /// The security scan's verdict (blocked skills are stored, not live).
    pub scan: skillworld_core::ScanStatus,
    /// Whether the host has what the skill needs (HAB-4).
    pub readiness: skillworld_core::Readiness,
    /// Active, enabled, not archived, not blocked ([`Skill::is_live`]).
    ///
    /// [`Skill::is_live`]: skillworld_core::Skill::is_live
    pub live: bool,
    /// When the skill was last loaded, if ever (the page's "recently used").
    pub last_used_at: Option<skillworld_core::Timestamp>,
    /// How far its content is vouched for (GOV-2).
    pub trust: skillworld_core::Trust,
}

/// A `skill_list` query (CAT-7).
#[derive(Clone, Debug, Default)]
pub struct ListQuery {
    pub keyword: Option<String>,
    /// `commons`, `private` or an origin.
    pub source: Option<String>,
    /// Without it: what the agent sees. `all`, a lifecycle (`active`,
    /// `stale`, `archived`), `disabled` or `draft` widen the list.
    pub status: Option<String>,
    pub limit: Option<usize>,
}

/// `skill_list` and `skill_search` results and their text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub items: Vec<ListItem>,
    pub total: usize,
    pub text: String,
}

/// Default and largest `skill_list` limit (CAT-7).
pub const LIST_LIMIT: (usize, usize) = (20, 50);

impl SkillWorld {
    // ---- agents -------------------------------------------------------

    /// Adds an agent with its private world; `tools` is its tool pool
    /// (default `@skill`).
    pub fn add_agent(
        &mut self,
        name: &str,
        tools: Option<Vec<String>>,
    ) -> Result<StableId, WorldError> {
        let applied = self.execute(
            Caller::host(),
            Command::AddAgent {
                name: name.to_owned(),
                tools,
            },
        )?;
        Ok(applied.id.expect("an added agent has an id"))
    }

    /// The Commons, then every agent's private world by name: each layer
    /// once, for work that visits the whole world layer by layer.
    pub fn layers(&self) -> Vec<Layer> {
        std::iter::once(Layer::Commons)
            .chain(
                self.agents()
                    .into_iter()
                    .map(|agent| Layer::Agent(agent.name.clone())),
            )
            .collect()
    }

    pub fn agents(&self) -> Vec<&Agent> {
        let names = &self.world.resource::<AgentNames>().0;
        let mut agents: Vec<&Agent> = names
            .values()
            .filter_map(|id| self.agent_by_id(*id))
            .collect();
        agents.sort_by(|a, b| a.name.cmp(&b.name));
        agents
    }

    pub fn agent(&self, name: &str) -> Result<&Agent, WorldError> {
        self.world
            .resource::<AgentNames>()
            .0
            .get(name)
            .and_then(|id| self.agent_by_id(*id))
            .ok_or_else(|| WorldError::UnknownAgent(name.to_owned()))
    }

    fn agent_by_id(&self, id: StableId) -> Option<&Agent> {
        let entity = self.world.resource::<Entities>().get(id)?;
        self.world.get::<Agent>(entity)
    }

    pub(crate) fn agent_entity(&self, name: &str) -> Result<(StableId, Entity), WorldError> {
        let id = *self
            .world
            .resource::<AgentNames>()
            .0
            .get(name)
            .ok_or_else(|| WorldError::UnknownAgent(name.to_owned()))?;
        let entity = self
            .world
            .resource::<Entities>()
            .get(id)
            .ok_or_else(|| WorldError::UnknownAgent(name.to_owned()))?;
        Ok((id, entity))
    }

    /// Changes an agent's enabled flag or tool pool.
    pub fn update_agent(&mut self, name: &str, change: AgentChange) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::UpdateAgent {
                name: name.to_owned(),
                change,
            },
        )
        .map(drop)
    }

    /// Binds an agent to the skill it sees under `skill` (MOD-8).
    pub fn bind(&mut self, agent: &str, skill: &str) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::Bind {
                agent: agent.to_owned(),
                skill: skill.to_owned(),
            },
        )
        .map(drop)
    }

    /// Lets `subject` read or write `owner`'s private world, or (`None`)
    /// takes that back (MOD-2 grants).
    pub fn grant(
        &mut self,
        owner: &str,
        subject: &str,
        access: Option<crate::layers::Access>,
    ) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::Grant {
                owner: owner.to_owned(),
                subject: subject.to_owned(),
                access,
            },
        )
        .map(drop)
    }

    /// Defines the tool set `@name`, or with `None` removes it (POL-1).
    pub fn set_tool_set(
        &mut self,
        name: &str,
        tools: Option<Vec<String>>,
    ) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::SetToolSet {
                name: name.to_owned(),
                tools,
            },
        )
        .map(drop)
    }

    pub fn unbind(&mut self, agent: &str, skill: &str) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::Unbind {
                agent: agent.to_owned(),
                skill: skill.to_owned(),
            },
        )
        .map(drop)
    }

    // ---- skills: writes (each one command, see `command.rs`) ------------

    pub(crate) fn world_of(&self, layer: &Layer) -> Result<StableId, WorldError> {
        let world = match layer {
            Layer::Commons => self.commons,
            Layer::Agent(name) => self.agent(name)?.private_world,
        };
        Ok(match self.redirect {
            Some((target, proposals)) if target == world => proposals,
            _ => world,
        })
    }

    pub(crate) fn skill_entity(&self, layer: &Layer, name: &str) -> Result<Entity, WorldError> {
        let world = self.world_of(layer)?;
        self.world
            .resource::<NameIndex>()
            .get(world, name)
            .ok_or_else(|| WorldError::UnknownSkill(name.to_owned()))
    }

    /// Creates a skill written through tools or the API: the name must be
    /// valid and new in that world, and the MOD-6 limits hold.
    pub fn create(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
    ) -> Result<StableId, WorldError> {
        let applied = self.execute(
            Caller::host(),
            Command::CreateSkill {
                layer: layer.clone(),
                document,
            },
        )?;
        Ok(applied.id.expect("a created skill has an id"))
    }

    /// Installs a skill with its bundle files as the host itself: creates
    /// it, or replaces the skill of that name with the files given
    /// (keeping its id, usage, lessons and revisions). Imports may carry a
    /// longer description (FMT-4). Imports from outside go through
    /// [`SkillWorld::install_with`] and its collision rules instead.
    pub fn install(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<StableId, WorldError> {
        let rules = InstallRules {
            on_collision: OnCollision::Replace,
            force_prune: true,
        };
        Ok(self.install_with(layer, document, files, rules)?.id)
    }

    /// Imports a skill with its bundle files (STO-6, FMT-7): the skill from
    /// the same source (path or URL in its provenance) is updated as a new
    /// revision; a name taken by another source follows
    /// `rules.on_collision`; a reinstall keeps buckets the bundle leaves
    /// empty unless `rules.force_prune`. Every door's import comes here
    /// (or issues the same command).
    pub fn install_with(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
        rules: InstallRules,
    ) -> Result<Installed, WorldError> {
        self.install_signed(layer, document, files, None, rules)
    }

    /// [`SkillWorld::install_with`] for a bundle with its `SKILL.sig`
    /// (GOV-2): a valid signature by a registered key sets that key's trust
    /// level; one that does not match the content refuses the install.
    pub fn install_signed(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
        signature: Option<BundleSignature>,
        rules: InstallRules,
    ) -> Result<Installed, WorldError> {
        let applied = self.execute(
            Caller::host(),
            Command::InstallSkill {
                layer: layer.clone(),
                document,
                files,
                on_collision: rules.on_collision,
                force_prune: rules.force_prune,
                signature,
            },
        )?;
        Ok(self.installed(applied))
    }

    /// The import sources (STO-6) of `layer`'s skills: an install from one
    /// of them updates its skill, which a bulk import's readers need not
    /// scan ahead ([`crate::prehash`]).
    pub fn import_sources(&self, layer: &Layer) -> Result<HashSet<String>, WorldError> {
        let world = self.world_of(layer)?;
        let index = self.world.resource::<SourceIndex>();
        Ok(index.sources_of(world).map(str::to_owned).collect())
    }

    /// [`SkillWorld::install_signed`] of the files `prescan` scanned: a new
    /// skill's verdict takes the reader's report (issue 19); any other
    /// install is scanned as usual.
    pub fn install_prescanned(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
        prescan: Prescan,
        signature: Option<BundleSignature>,
        rules: InstallRules,
    ) -> Result<Installed, WorldError> {
        let (files, scanned) = prescan.into_parts();
        scanning_ahead(&mut self.world, Some(scanned));
        let installed = self.install_signed(layer, document, files, signature, rules);
        scanning_ahead(&mut self.world, None);
        installed
    }

    fn installed(&self, applied: Applied) -> Installed {
        let id = applied.id.expect("an installed skill has an id");
        let (outcome, kept_buckets) = applied.install.expect("an install says how it landed");
        let entity = self
            .world
            .resource::<Entities>()
            .get(id)
            .expect("an installed skill is in the world");
        Installed {
            id,
            name: self
                .world
                .get::<EntityRecord>(entity)
                .expect("skill")
                .title
                .clone(),
            revision: applied.revision.expect("an installed skill has a revision"),
            outcome,
            kept_buckets,
            proposed: applied.proposed,
        }
    }

    /// Registers a publisher's key with a level (`official` or `trusted`)
    /// under a name (GOV-2); journaled like every write.
    pub fn trust_key(
        &mut self,
        name: &str,
        key: [u8; 32],
        level: skillworld_core::Trust,
    ) -> Result<(), WorldError> {
        let command = Command::TrustKey {
            name: name.to_owned(),
            key,
            level,
        };
        self.execute(Caller::host(), command).map(drop)
    }

    /// Removes a registered key; skills it signed keep their level.
    pub fn remove_key(&mut self, name: &str) -> Result<(), WorldError> {
        let command = Command::RemoveKey {
            name: name.to_owned(),
        };
        self.execute(Caller::host(), command).map(drop)
    }

    /// The registered publishers' keys (GOV-2).
    pub fn trusted_keys(&self) -> &crate::TrustedKeys {
        self.world.resource::<crate::TrustedKeys>()
    }

    /// Sets which trust levels need approval (GOV-2).
    pub fn set_trust_policy(
        &mut self,
        needs_approval: Vec<skillworld_core::Trust>,
    ) -> Result<(), WorldError> {
        let command = Command::SetTrustPolicy { needs_approval };
        self.execute(Caller::host(), command).map(drop)
    }

    /// The trust policy: which levels need approval (GOV-2).
    pub fn trust_policy(&self) -> &crate::TrustPolicy {
        self.world.resource::<crate::TrustPolicy>()
    }

    /// Installs a shipped skill into the Commons as a builtin.
    pub fn install_builtin(
        &mut self,
        mut document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<StableId, WorldError> {
        document.skill.origin = Origin::Builtin;
        // The one way to the builtin level (GOV-2): no file can set a
        // document's trust, so a SKILL.md claiming `origin: builtin` is not
        // vouched for by being installed.
        document.skill.trust = Some(skillworld_core::Trust::Builtin);
        self.install(&Layer::Commons, document, files)
    }

    /// Changes a skill's authored fields, keeping its resources (TOOL-2);
    /// returns the new revision number.
    pub fn update(
        &mut self,
        layer: &Layer,
        name: &str,
        change: impl FnOnce(&mut SkillDocument),
    ) -> Result<u64, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let mut document = self.document(entity)?;
        change(&mut document);
        let command = Command::ReplaceSkill {
            layer: layer.clone(),
            name: name.to_owned(),
            document,
            expected_revision: None,
            copy_from: None,
        };
        Ok(self
            .execute(Caller::host(), command)?
            .revision
            .expect("a replaced skill has a revision"))
    }

    /// Soft-deletes a skill: it leaves every view at once, and a commons
    /// skill it shadowed comes back.
    pub fn delete(&mut self, layer: &Layer, name: &str) -> Result<(), WorldError> {
        let command = Command::DeleteSkill {
            layer: layer.clone(),
            name: name.to_owned(),
            expected_revision: None,
        };
        self.execute(Caller::host(), command).map(drop)
    }

    /// Changes a skill's switches and runtime state.
    pub fn set(&mut self, layer: &Layer, name: &str, switches: Switches) -> Result<(), WorldError> {
        let command = Command::SetSwitches {
            layer: layer.clone(),
            name: name.to_owned(),
            switches,
        };
        self.execute(Caller::host(), command).map(drop)
    }

    /// Sets a skill's readiness (HAB-4 fills it; tests set it directly).
    pub fn set_preflight(
        &mut self,
        layer: &Layer,
        name: &str,
        preflight: Preflight,
    ) -> Result<(), WorldError> {
        self.set(
            layer,
            name,
            Switches {
                preflight: Some(preflight),
                ..Switches::default()
            },
        )
    }

    /// Restores a kept revision (MOD-7) as a new change; returns the new
    /// revision number.
    pub fn revert(&mut self, layer: &Layer, name: &str, number: u64) -> Result<u64, WorldError> {
        let command = Command::Revert {
            layer: layer.clone(),
            name: name.to_owned(),
            number,
        };
        Ok(self
            .execute(Caller::host(), command)?
            .revision
            .expect("a reverted skill has a revision"))
    }

    /// Edits (with `Some` text) or deletes lesson `id` of the skill `name`
    /// in `layer`, as `caller` (GOV-4): an agent changes only its own.
    pub fn change_lesson(
        &mut self,
        caller: Caller,
        layer: &Layer,
        name: &str,
        id: u64,
        text: Option<String>,
    ) -> Result<(), WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let skill = self.world.get::<EntityRecord>(entity).expect("skill").id;
        let command = match text {
            Some(text) => Command::EditLesson { skill, id, text },
            None => Command::DeleteLesson { skill, id },
        };
        self.execute(caller, command).map(drop)
    }

    /// Copies `from`'s skill `name` into `to` as `caller` (GOV-3): into
    /// the Commons is a promotion (admin), into an agent's world a share.
    pub fn copy_skill(
        &mut self,
        caller: Caller,
        from: &Layer,
        name: &str,
        to: &Layer,
    ) -> Result<StableId, WorldError> {
        let command = Command::CopySkill {
            from: from.clone(),
            name: name.to_owned(),
            to: to.clone(),
        };
        Ok(self.execute(caller, command)?.id.expect("a copy has an id"))
    }

    /// Removes an agent (its record stays, marked deleted).
    pub fn remove_agent(&mut self, name: &str) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::RemoveAgent {
                name: name.to_owned(),
            },
        )
        .map(drop)
    }

    /// Removes skills soft-deleted at least `days` days ago; returns how many.
    pub fn purge(&mut self, days: u32) -> Result<usize, WorldError> {
        let applied = self.execute(
            Caller::host(),
            Command::Purge {
                older_than_days: days,
            },
        )?;
        Ok(applied.replacements.unwrap_or(0))
    }

    /// A skill as the scope sees it — in the Commons, or resolved for an
    /// agent — with its bundle files (for export).
    pub fn bundle(
        &mut self,
        scope: &Layer,
        name: &str,
    ) -> Result<(SkillDocument, Vec<BundleFile>), WorldError> {
        let entity = match scope {
            Layer::Commons => self.skill_entity(scope, name)?,
            Layer::Agent(agent) => {
                self.resolve(agent, name)?
                    .ok_or_else(|| WorldError::UnknownSkill(name.to_owned()))?
                    .0
            }
        };
        Ok((self.document(entity)?, self.bundle_files(entity)?))
    }

    /// Runs a curator sweep now (a dry-run plans and reports only); returns
    /// its report.
    pub fn curate(&mut self, dry_run: bool) -> Result<CuratorReport, WorldError> {
        let applied = self.execute(
            Caller::host(),
            Command::CuratorSweep {
                dry_run,
                scheduled: false,
            },
        )?;
        let id = applied.report.expect("a sweep writes a report");
        Ok(self
            .curator_state()
            .reports
            .iter()
            .find(|r| r.id == id)
            .expect("just kept")
            .clone())
    }

    /// Activation, pause and the newest reports.
    pub fn curator_state(&self) -> &CuratorState {
        self.world.resource::<CuratorState>()
    }

    pub fn curator_settings(&self) -> &CuratorSettings {
        self.world.resource::<CuratorSettings>()
    }

    /// Archives a skill by hand; a bound skill needs `force` (the error lists
    /// the bound agents).
    pub fn archive(&mut self, layer: &Layer, name: &str, force: bool) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::CuratorArchive {
                layer: layer.clone(),
                name: name.to_owned(),
                force,
            },
        )
        .map(drop)
    }

    /// Brings an archived or stale skill back.
    pub fn restore(&mut self, layer: &Layer, name: &str) -> Result<(), WorldError> {
        self.execute(
            Caller::host(),
            Command::CuratorRestore {
                layer: layer.clone(),
                name: name.to_owned(),
            },
        )
        .map(drop)
    }

    /// The names of a layer's undeleted skills, sorted.
    pub fn layer_skill_names(&self, layer: &Layer) -> Result<Vec<String>, WorldError> {
        let world = self.world_of(layer)?;
        Ok(self
            .world
            .resource::<NameIndex>()
            .names(world)
            .map(|(name, _)| name.to_owned())
            .collect())
    }

    /// A skill of one layer (not resolved) with its bundle files.
    pub fn skill_bundle_in(
        &self,
        layer: &Layer,
        name: &str,
    ) -> Result<(SkillDocument, Vec<BundleFile>), WorldError> {
        let entity = self.skill_entity(layer, name)?;
        Ok((self.document(entity)?, self.bundle_files(entity)?))
    }

    /// A skill of a layer as a document.
    pub fn skill_document(&self, layer: &Layer, name: &str) -> Result<SkillDocument, WorldError> {
        self.document(self.skill_entity(layer, name)?)
    }

    pub fn revisions(&self, layer: &Layer, name: &str) -> Result<&Revisions, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        Ok(self
            .world
            .get::<Revisions>(entity)
            .expect("skills carry Revisions"))
    }

    /// A skill as a document (for updates, views and export).
    /// Fails only when its body, left in the store, cannot be read.
    pub(crate) fn document(&self, entity: Entity) -> Result<SkillDocument, WorldError> {
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        let skill = self.world.get::<Skill>(entity).expect("skill");
        Ok(document_of(record, skill)?)
    }
}

/// A skill's record and component as a document; fails only when its
/// body, left in the store, cannot be read.
pub(crate) fn document_of(
    record: &EntityRecord,
    skill: &Skill,
) -> Result<SkillDocument, skillworld_core::BodyError> {
    Ok(SkillDocument {
        name: record.title.clone(),
        description: record.summary.clone(),
        body: record.body()?.to_owned(),
        tags: record.tags.clone(),
        skill: skill.clone(),
    })
}
