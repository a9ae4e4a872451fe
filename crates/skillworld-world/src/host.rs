//! The host API: everything a simulation host or server needs, without
//! knowing bevy. The bevy `World` and the resolution `Schedule` stay
//! reachable for hosts that add their own systems.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::resource::Resource;
use bevy_ecs::schedule::Schedule;
use bevy_ecs::world::World;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use skillworld_core::limits::{MAX_CONTENT_CHARS, MAX_DESCRIPTION_CHARS};
use skillworld_core::{
    EntityRecord, Lifecycle, Origin, Preflight, PrimaryComponent, ResourceBody, ResourceKind,
    ResourceRef, ScanStatus, Skill, SkillName, SkillResource, StableId, Status, Timestamp, Usage,
};
use skillworld_format::{BundleFile, SkillDocument, render_body};

use crate::agent::{Agent, AgentUsage, ToolSets};
use crate::catalog::{
    AgentView, AgentViews, Budget, CatalogRequest, Entry, HostPlatform, LayerList, Layers,
    LoadRanking, Signals, compose, ranked, rebuild_layers, refresh_layers, token_limits,
};
use crate::clock::Clock;
use crate::error::{LoadError, WorldError};
use crate::index::{Entities, LayerChanges, NameIndex, register_hooks};
use crate::layers::WorldConfig;
use crate::paging::{PAGE_THRESHOLD_CHARS, pages};
use crate::revisions::Revisions;
use crate::usage::{Lessons, Runs};

/// Where a skill is addressed: the Commons, or an agent's private world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    Commons,
    Agent(String),
}

/// How a world starts.
#[derive(Clone, Debug)]
pub struct WorldSettings {
    pub clock: Clock,
    /// The host platform; `None` for the one this runs on.
    pub platform: Option<String>,
}

impl Default for WorldSettings {
    fn default() -> Self {
        WorldSettings {
            clock: Clock::Wall,
            platform: None,
        }
    }
}

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

/// Bytes of a binary bundle file (an `object_file` resource).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ObjectBytes(pub Vec<u8>);

/// Agents by name.
#[derive(Resource, Debug, Default)]
struct AgentNames(HashMap<String, StableId>);

/// A skill world: one Commons, one private world per agent, the resolution
/// systems, and the host API.
pub struct SkillWorld {
    world: World,
    resolve: Schedule,
    commons: StableId,
}

impl SkillWorld {
    pub fn new(settings: WorldSettings) -> Self {
        let mut world = World::new();
        world.init_resource::<Entities>();
        world.init_resource::<NameIndex>();
        world.init_resource::<LayerChanges>();
        world.init_resource::<Layers>();
        world.init_resource::<AgentViews>();
        world.init_resource::<LoadRanking>();
        world.init_resource::<Runs>();
        world.init_resource::<ToolSets>();
        world.init_resource::<AgentNames>();
        world.insert_resource(settings.clock);
        world.insert_resource(
            settings
                .platform
                .map_or_else(HostPlatform::default, HostPlatform),
        );
        register_hooks(&mut world);
        let mut resolve = Schedule::default();
        resolve.add_systems(refresh_layers);

        let commons = world.resource_mut::<Entities>().allocate();
        let now = settings.clock.now();
        world.spawn((
            record(commons, "commons", None, PrimaryComponent::World, now),
            WorldConfig::commons(),
        ));
        SkillWorld {
            world,
            resolve,
            commons,
        }
    }

    /// The bevy world, for hosts that read components directly.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The bevy world, for hosts that add their own systems' resources.
    /// Writes to skills should go through this API so revisions and usage
    /// stay right; the indexes stay right either way.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The resolution schedule, run before every read; hosts may add systems.
    pub fn schedule_mut(&mut self) -> &mut Schedule {
        &mut self.resolve
    }

    pub fn commons(&self) -> StableId {
        self.commons
    }

    pub fn now(&self) -> Timestamp {
        self.world.resource::<Clock>().now()
    }

    pub fn clock_mut(&mut self) -> bevy_ecs::change_detection::Mut<'_, Clock> {
        self.world.resource_mut::<Clock>()
    }

    pub fn tool_sets_mut(&mut self) -> bevy_ecs::change_detection::Mut<'_, ToolSets> {
        self.world.resource_mut::<ToolSets>()
    }

    // ---- agents -------------------------------------------------------

    /// Adds an agent with its private world; `tools` is its tool pool
    /// (default `@skill`).
    pub fn add_agent(
        &mut self,
        name: &str,
        tools: Option<Vec<String>>,
    ) -> Result<StableId, WorldError> {
        if self.world.resource::<AgentNames>().0.contains_key(name) {
            return Err(WorldError::AgentExists(name.to_owned()));
        }
        let now = self.now();
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
                now,
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
            record(agent_id, name, None, PrimaryComponent::Agent, now),
            agent,
            AgentUsage::default(),
        ));
        self.world
            .resource_mut::<AgentNames>()
            .0
            .insert(name.to_owned(), agent_id);
        Ok(agent_id)
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

    fn agent_entity(&self, name: &str) -> Result<(StableId, Entity), WorldError> {
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

    /// Changes an agent (tool pool, enabled, bindings, layers).
    pub fn update_agent(
        &mut self,
        name: &str,
        change: impl FnOnce(&mut Agent),
    ) -> Result<(), WorldError> {
        let (_, entity) = self.agent_entity(name)?;
        let mut agent = self
            .world
            .get_mut::<Agent>(entity)
            .expect("agent entities carry Agent");
        change(&mut agent);
        agent.epoch += 1;
        Ok(())
    }

    /// Binds an agent to the skill it sees under `skill` (MOD-8).
    pub fn bind(&mut self, agent: &str, skill: &str) -> Result<(), WorldError> {
        self.update_agent(agent, |a| {
            a.bindings.insert(skill.to_owned());
        })
    }

    pub fn unbind(&mut self, agent: &str, skill: &str) -> Result<(), WorldError> {
        self.update_agent(agent, |a| {
            a.bindings.remove(skill);
        })
    }

    // ---- skills: writes -------------------------------------------------

    fn world_of(&self, layer: &Layer) -> Result<StableId, WorldError> {
        match layer {
            Layer::Commons => Ok(self.commons),
            Layer::Agent(name) => Ok(self.agent(name)?.private_world),
        }
    }

    fn skill_entity(&self, layer: &Layer, name: &str) -> Result<Entity, WorldError> {
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
        check_limits(&document)?;
        let world = self.world_of(layer)?;
        if self
            .world
            .resource::<NameIndex>()
            .get(world, &document.name)
            .is_some()
        {
            return Err(WorldError::SkillExists(document.name));
        }
        self.spawn_skill(world, document, Vec::new())
    }

    /// Installs an imported skill with its bundle files: creates it, or
    /// replaces the skill of that name (keeping its id, usage, lessons and
    /// revisions). Imports may carry a longer description (FMT-4).
    pub fn install(
        &mut self,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<StableId, WorldError> {
        SkillName::new(&document.name)?;
        let world = self.world_of(layer)?;
        match self
            .world
            .resource::<NameIndex>()
            .get(world, &document.name)
        {
            None => self.spawn_skill(world, document, files),
            Some(entity) => {
                let resources = self.spawn_resources(world, entity, files);
                self.rewrite(entity, |record, skill| {
                    apply_document(record, skill, document);
                    skill.resources = resources;
                });
                Ok(self.world.get::<EntityRecord>(entity).expect("skill").id)
            }
        }
    }

    fn spawn_skill(
        &mut self,
        world: StableId,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<StableId, WorldError> {
        SkillName::new(&document.name)?;
        let now = self.now();
        let id = self.world.resource_mut::<Entities>().allocate();
        let mut entity_record = record(
            id,
            &document.name,
            Some(world),
            PrimaryComponent::Skill,
            now,
        );
        let mut skill = Skill::new(document.skill.origin);
        apply_document(&mut entity_record, &mut skill, document);
        let entity = self
            .world
            .spawn((Usage::default(), Revisions::default(), Lessons::default()))
            .id();
        skill.resources = self.spawn_resources(world, entity, files);
        self.world.entity_mut(entity).insert((entity_record, skill));
        Ok(id)
    }

    fn spawn_resources(
        &mut self,
        world: StableId,
        skill: Entity,
        files: Vec<BundleFile>,
    ) -> Vec<ResourceRef> {
        let now = self.now();
        let skill_id = self.world.get::<EntityRecord>(skill).map(|r| r.id);
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
                skill_id: skill_id.unwrap_or(StableId(0)),
                path: file.path.clone(),
                body,
                sha256,
                size,
                executable: file.executable,
            };
            let mut spawned = self
                .world
                .spawn((record(id, &file.path, Some(world), primary, now), resource));
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

    /// Changes a skill's authored fields, keeping its resources (TOOL-2);
    /// returns the new revision number.
    pub fn update(
        &mut self,
        layer: &Layer,
        name: &str,
        change: impl FnOnce(&mut SkillDocument),
    ) -> Result<u64, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let mut document = self.document(entity);
        change(&mut document);
        check_limits(&document)?;
        SkillName::new(&document.name)?;
        if document.name != name {
            let world = self.world_of(layer)?;
            if self
                .world
                .resource::<NameIndex>()
                .get(world, &document.name)
                .is_some()
            {
                return Err(WorldError::SkillExists(document.name));
            }
        }
        self.rewrite(entity, |record, skill| {
            let resources = std::mem::take(&mut skill.resources);
            apply_document(record, skill, document);
            skill.resources = resources;
        });
        Ok(self.world.get::<Revisions>(entity).expect("skill").current)
    }

    /// Soft-deletes a skill: it leaves every view at once, and a commons
    /// skill it shadowed comes back.
    pub fn delete(&mut self, layer: &Layer, name: &str) -> Result<(), WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let now = self.now();
        self.rewrite(entity, |record, _| record.deleted_at = Some(now));
        Ok(())
    }

    /// Changes a skill's switches and runtime state (enabled, lifecycle,
    /// status, pinned, scan, preflight).
    pub fn set(
        &mut self,
        layer: &Layer,
        name: &str,
        change: impl FnOnce(&mut EntityRecord, &mut Skill),
    ) -> Result<(), WorldError> {
        let entity = self.skill_entity(layer, name)?;
        self.rewrite(entity, change);
        Ok(())
    }

    /// Restores a kept revision (MOD-7): the skill's fields become that
    /// version's; the current one is kept in turn.
    pub fn revert(&mut self, layer: &Layer, name: &str, number: u64) -> Result<u64, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let revision = self
            .world
            .get::<Revisions>(entity)
            .and_then(|r| r.get(number))
            .cloned()
            .ok_or_else(|| WorldError::UnknownRevision {
                name: name.to_owned(),
                number,
            })?;
        self.rewrite(entity, |record, skill| {
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
        });
        Ok(self.world.get::<Revisions>(entity).expect("skill").current)
    }

    pub fn revisions(&self, layer: &Layer, name: &str) -> Result<&Revisions, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        Ok(self
            .world
            .get::<Revisions>(entity)
            .expect("skills carry Revisions"))
    }

    /// Replaces a skill's immutable components with changed copies; the
    /// hooks see the change, the revision moves.
    fn rewrite(&mut self, entity: Entity, change: impl FnOnce(&mut EntityRecord, &mut Skill)) {
        let now = self.now();
        let before_record = self
            .world
            .get::<EntityRecord>(entity)
            .expect("skill")
            .clone();
        let before_skill = self.world.get::<Skill>(entity).expect("skill").clone();
        let (mut record, mut skill) = (before_record.clone(), before_skill.clone());
        change(&mut record, &mut skill);
        if record == before_record && skill == before_skill {
            return;
        }
        record.updated_at = now;
        self.world
            .get_mut::<Revisions>(entity)
            .expect("skill")
            .record((&before_record, &before_skill), (&record, &skill), now);
        self.world.entity_mut(entity).insert((record, skill));
    }

    /// A skill as a document (for updates and export).
    fn document(&self, entity: Entity) -> SkillDocument {
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        let skill = self.world.get::<Skill>(entity).expect("skill");
        SkillDocument {
            name: record.title.clone(),
            description: record.summary.clone(),
            body: record.content.clone(),
            tags: record.tags.clone(),
            skill: skill.clone(),
        }
    }

    // ---- reads ----------------------------------------------------------

    /// Runs resolution (cheap when nothing changed) and brings the agent's
    /// view up to date.
    fn prepare(&mut self, agent: &str) -> Result<(StableId, Entity), WorldError> {
        self.resolve.run(&mut self.world);
        let (id, entity) = self.agent_entity(agent)?;
        let agent_state = self.world.get::<Agent>(entity).expect("agent");
        if !agent_state.enabled {
            return Err(WorldError::AgentDisabled(agent.to_owned()));
        }
        let layers = self.world.resource::<Layers>();
        let current = self
            .world
            .resource::<AgentViews>()
            .views
            .get(&id)
            .is_some_and(|v| v.is_current(agent_state, layers));
        if !current {
            let view = AgentView::build(
                agent_state,
                layers,
                self.world.resource::<NameIndex>(),
                self.world.resource::<ToolSets>(),
            );
            self.world
                .resource_mut::<AgentViews>()
                .views
                .insert(id, view);
        }
        Ok((id, entity))
    }

    /// The agent's catalog text (CAT-2 … CAT-5, CAT-9).
    pub fn catalog(&mut self, agent: &str, request: &CatalogRequest) -> Result<String, WorldError> {
        let (id, entity) = self.prepare(agent)?;
        let world = &self.world;
        let agent_state = world.get::<Agent>(entity).expect("agent");
        let view = &world.resource::<AgentViews>().views[&id];
        let layers = world.resource::<Layers>();
        let signals = Signals {
            run_loaded: request
                .run
                .as_deref()
                .map_or(&[], |run| world.resource::<Runs>().loaded(id, run)),
            recent: &world.get::<AgentUsage>(entity).expect("agent").recent,
            ranking: world.resource::<LoadRanking>(),
            today: world.resource::<Clock>().day(),
            entities: world.resource::<Entities>(),
        };
        let bound = !agent_state.bindings.is_empty();
        let limit = match request.budget {
            Budget::Tokens(tokens) if !bound => Some(token_limits(tokens).0),
            _ => None,
        };
        let (entries, total) = ranked(view, agent_state, layers, &signals, limit);
        let mut out = String::with_capacity(1024);
        compose(&mut out, &entries, total, request, bound);
        self.write_lessons(&mut out, agent_state, view, layers, &signals);
        Ok(out)
    }

    /// Lessons of bound and recently loaded skills (CAT-9), newest three
    /// each, marked advisory.
    fn write_lessons(
        &self,
        out: &mut String,
        agent: &Agent,
        view: &AgentView,
        layers: &Layers,
        signals: &Signals<'_>,
    ) {
        let mut skills: Vec<&Entry> = Vec::new();
        let bound = agent
            .layers
            .iter()
            .filter_map(|w| layers.get(*w))
            .flat_map(|l| l.entries.iter())
            .filter(|e| agent.bindings.contains(&*e.name));
        let recent = signals
            .recent
            .iter()
            .filter_map(|id| signals.entities.get(*id))
            .filter_map(|e| view.visible_entry(agent, layers, e));
        for entry in bound.chain(recent) {
            if view.visible_entry(agent, layers, entry.entity).is_some()
                && !skills.iter().any(|s| s.entity == entry.entity)
            {
                skills.push(entry);
            }
        }
        skills.sort_by(|a, b| a.name.cmp(&b.name));
        let mut heading = false;
        for entry in skills {
            let Some(lessons) = self.world.get::<Lessons>(entry.entity) else {
                continue;
            };
            for lesson in lessons.entries.iter().rev().take(3) {
                if !heading {
                    out.push_str("\n## Lessons learned (advisory)\n");
                    heading = true;
                }
                let _ = writeln!(
                    out,
                    "- {} ({}): {}",
                    entry.name,
                    date(lesson.at),
                    lesson.text
                );
            }
        }
    }

    /// Resolves a name in the agent's layer stack (CAT-1): the first world
    /// with an undeleted, non-discarded skill of that name wins. Returns the
    /// entity and the entities it shadows.
    pub fn resolve(
        &mut self,
        agent: &str,
        name: &str,
    ) -> Result<Option<(Entity, Vec<Entity>)>, WorldError> {
        self.prepare(agent)?;
        let agent_state = self.agent(agent)?;
        let index = self.world.resource::<NameIndex>();
        let mut found: Option<(Entity, Vec<Entity>)> = None;
        for world in &agent_state.layers {
            let Some(entity) = index.get(*world, name) else {
                continue;
            };
            if self
                .world
                .get::<Skill>(entity)
                .is_some_and(|s| s.status == Status::Discarded)
            {
                continue;
            }
            match &mut found {
                None => found = Some((entity, Vec::new())),
                Some((_, shadowed)) => shadowed.push(entity),
            }
        }
        Ok(found)
    }

    /// `skill_load` (CAT-6): the rendered body or a bundle file, with the
    /// skill's resources; counts the load.
    pub fn load(&mut self, agent: &str, request: LoadRequest<'_>) -> Result<Loaded, WorldError> {
        let name = request.name.trim();
        if name.is_empty() {
            return Err(LoadError::EmptyName.into());
        }
        let (agent_id, agent_entity) = self.prepare(agent)?;
        let Some((entity, _)) = self.resolve(agent, name)? else {
            return Err(LoadError::Unknown(name.to_owned()).into());
        };
        self.check_available(agent_id, agent_entity, entity, name)?;
        let record = self
            .world
            .get::<EntityRecord>(entity)
            .expect("skill")
            .clone();
        let skill = self.world.get::<Skill>(entity).expect("skill").clone();
        let revision = self.world.get::<Revisions>(entity).expect("skill").current;
        let resources: Vec<String> = skill.resources.iter().map(|r| r.path.clone()).collect();

        let first_page = request.page.is_none_or(|p| p <= 1);
        if let Some(run) = request.run
            && request.file.is_none()
            && first_page
            && self
                .world
                .resource::<Runs>()
                .loaded(agent_id, run)
                .contains(&record.id)
        {
            return Ok(Loaded {
                name: name.to_owned(),
                text: format!(
                    "Skill '{name}' is already loaded in this run; its instructions are above."
                ),
                resources,
                revision,
                page: None,
                already_loaded: true,
            });
        }

        let (text, page) = match request.file {
            Some(path) => (self.bundle_file(name, &skill, path)?, None),
            None => {
                let body = render_body(&record.content, &skill.parameters, &request.args).map_err(
                    |source| LoadError::Parameters {
                        name: name.to_owned(),
                        source,
                    },
                )?;
                page_of(name, &body, request.page)?
            }
        };
        self.count_load(agent_id, agent_entity, entity, request.run);
        Ok(Loaded {
            name: name.to_owned(),
            text,
            resources,
            revision,
            page,
            already_loaded: false,
        })
    }

    fn check_available(
        &self,
        agent_id: StableId,
        agent_entity: Entity,
        entity: Entity,
        name: &str,
    ) -> Result<(), LoadError> {
        let agent = self.world.get::<Agent>(agent_entity).expect("agent");
        let view = &self.world.resource::<AgentViews>().views[&agent_id];
        if view
            .visible_entry(agent, self.world.resource::<Layers>(), entity)
            .is_some()
        {
            return Ok(());
        }
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let reason = if !skill.enabled {
            return Err(LoadError::Disabled(name.to_owned()));
        } else if skill.lifecycle == Lifecycle::Archived {
            "it is archived".to_owned()
        } else if skill.status != Status::Active {
            format!("it is a {} skill", skill.status)
        } else if skill.scan == ScanStatus::Blocked {
            "it was blocked by the security scan".to_owned()
        } else if !agent.bindings.is_empty() && !agent.bindings.contains(name) {
            "the agent is not bound to it".to_owned()
        } else if skill.disable_model_invocation {
            "it can only be invoked by a user".to_owned()
        } else {
            let pool = self.world.resource::<ToolSets>().expand(&agent.tool_pool);
            let missing: Vec<&str> = skill
                .requires
                .tools
                .iter()
                .filter(|t| !pool.contains(*t))
                .map(String::as_str)
                .collect();
            if missing.is_empty() {
                "it does not support this host".to_owned()
            } else {
                format!(
                    "it needs tools this agent does not have ({})",
                    missing.join(", ")
                )
            }
        };
        Err(LoadError::NotAvailable {
            name: name.to_owned(),
            reason,
        })
    }

    fn bundle_file(&self, name: &str, skill: &Skill, path: &str) -> Result<String, LoadError> {
        let normalized = path.trim_start_matches("./");
        if normalized.starts_with('/') || normalized.split(['/', '\\']).any(|part| part == "..") {
            return Err(LoadError::OutsideBundle {
                name: name.to_owned(),
                path: path.to_owned(),
            });
        }
        let Some(reference) = skill.resources.iter().find(|r| r.path == normalized) else {
            let files = skill
                .resources
                .iter()
                .map(|r| r.path.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let files = if files.is_empty() {
                "none".to_owned()
            } else {
                files
            };
            return Err(LoadError::NoSuchFile {
                name: name.to_owned(),
                path: path.to_owned(),
                files,
            });
        };
        let entity = self.world.resource::<Entities>().get(reference.entity_id);
        let resource = entity.and_then(|e| self.world.get::<SkillResource>(e));
        Ok(match resource.map(|r| &r.body) {
            Some(ResourceBody::Text(text)) => text.clone(),
            Some(ResourceBody::ObjectFile { mime, .. }) => {
                format!(
                    "[binary file {normalized}: {mime}, {} bytes]",
                    resource.map_or(0, |r| r.size)
                )
            }
            None => String::new(),
        })
    }

    /// A load's usage signals (CAT-6): count, times, recency, the run's
    /// set, and a stale skill revived.
    fn count_load(
        &mut self,
        agent_id: StableId,
        agent_entity: Entity,
        entity: Entity,
        run: Option<&str>,
    ) {
        let now = self.now();
        let id = self.world.get::<EntityRecord>(entity).expect("skill").id;
        let count = {
            let mut usage = self
                .world
                .get_mut::<Usage>(entity)
                .expect("skills carry Usage");
            usage.load_count += 1;
            usage.last_loaded_at = Some(now);
            usage.last_activity_at = Some(now);
            usage.load_count
        };
        self.world.resource_mut::<LoadRanking>().set(id, count);
        self.world
            .get_mut::<AgentUsage>(agent_entity)
            .expect("agent")
            .record(id);
        if let Some(run) = run {
            self.world.resource_mut::<Runs>().record(agent_id, run, id);
        }
        if self
            .world
            .get::<Skill>(entity)
            .is_some_and(|s| s.lifecycle == Lifecycle::Stale)
        {
            self.rewrite(entity, |_, skill| skill.lifecycle = Lifecycle::Active);
        }
    }

    /// The one-line hint of what a run has loaded so far (CAT-6), for a
    /// host to put beside the catalog; `None` before the first load.
    pub fn run_hint(&self, agent: &str, run: &str) -> Result<Option<String>, WorldError> {
        let (id, _) = self.agent_entity(agent)?;
        let entities = self.world.resource::<Entities>();
        let names: Vec<&str> = self
            .world
            .resource::<Runs>()
            .loaded(id, run)
            .iter()
            .filter_map(|skill| entities.get(*skill))
            .filter_map(|entity| self.world.get::<EntityRecord>(entity))
            .map(|record| record.title.as_str())
            .collect();
        Ok((!names.is_empty())
            .then(|| format!("Skills already loaded in this run: {}.", names.join(", "))))
    }

    /// `skill_list` (CAT-7).
    pub fn list(&mut self, agent: &str, query: &ListQuery) -> Result<Listing, WorldError> {
        self.prepare(agent)?;
        let limit = query.limit.unwrap_or(LIST_LIMIT.0).clamp(1, LIST_LIMIT.1);
        let keyword = query.keyword.as_deref().map(str::to_lowercase);
        let mut items = Vec::new();
        for (item, visible) in self.resolved_items(agent)? {
            let status_ok = match query.status.as_deref() {
                None => visible,
                Some("all") => true,
                Some("disabled") => !item.enabled,
                Some("draft") => false,
                Some(lifecycle) => item.lifecycle.as_str() == lifecycle,
            };
            let source_ok = query
                .source
                .as_deref()
                .is_none_or(|s| s == item.layer || s == item.origin.as_str());
            let keyword_ok = keyword.as_deref().is_none_or(|k| matches_text(&item, k));
            if status_ok && source_ok && keyword_ok {
                items.push(item);
            }
        }
        Ok(listing(items, limit, true))
    }

    /// `skill_search` (CAT-7): case-insensitive substring over name and
    /// description of the skills the agent sees.
    pub fn search(&mut self, agent: &str, query: &str) -> Result<Listing, WorldError> {
        self.prepare(agent)?;
        let needle = query.to_lowercase();
        let items: Vec<ListItem> = self
            .resolved_items(agent)?
            .into_iter()
            .filter(|(item, visible)| *visible && matches_text(item, &needle))
            .map(|(item, _)| item)
            .collect();
        Ok(listing(items, usize::MAX, false))
    }

    /// Every skill the agent resolves (undeleted, not discarded, not
    /// shadowed), in the recommended order, with whether it sees it.
    fn resolved_items(&self, agent: &str) -> Result<Vec<(ListItem, bool)>, WorldError> {
        let (id, entity) = self.agent_entity(agent)?;
        let agent_state = self.world.get::<Agent>(entity).expect("agent");
        let view = &self.world.resource::<AgentViews>().views[&id];
        let layers = self.world.resource::<Layers>();
        let index = self.world.resource::<NameIndex>();
        let empty = LayerList::default();
        let mut entries: Vec<(&Entry, &'static str)> = Vec::new();
        for (depth, world) in agent_state.layers.iter().enumerate() {
            let label = if *world == self.commons {
                "commons"
            } else {
                "private"
            };
            for entry in &layers.get(*world).unwrap_or(&empty).entries {
                let shadowed = agent_state.layers[..depth].iter().any(|higher| {
                    index.get(*higher, &entry.name).is_some_and(|e| {
                        layers.get(*higher).is_some_and(|l| l.position(e).is_some())
                    })
                });
                if !shadowed {
                    entries.push((entry, label));
                }
            }
        }
        entries.sort_by(|(a, _), (b, _)| a.recommended_cmp(b));
        Ok(entries
            .into_iter()
            .map(|(entry, layer)| {
                let skill = self.world.get::<Skill>(entry.entity).expect("skill");
                let item = ListItem {
                    name: entry.name.to_string(),
                    layer,
                    origin: skill.origin,
                    lifecycle: skill.lifecycle,
                    enabled: skill.enabled,
                    description: entry.description.to_string(),
                };
                (
                    item,
                    view.visible_entry(agent_state, layers, entry.entity)
                        .is_some(),
                )
            })
            .collect())
    }

    /// CAT-8: a model called a tool named like a visible skill; answers
    /// with the skill's body instead of "tool not found". `None` when no
    /// visible skill has that name.
    pub fn redirect_tool_call(
        &mut self,
        agent: &str,
        tool: &str,
        args: &Value,
    ) -> Result<Option<String>, WorldError> {
        let name = tool.to_lowercase();
        self.prepare(agent)?;
        let Some((entity, _)) = self.resolve(agent, &name)? else {
            return Ok(None);
        };
        let (agent_id, agent_entity) = self.agent_entity(agent)?;
        if self
            .check_available(agent_id, agent_entity, entity, &name)
            .is_err()
        {
            return Ok(None);
        }
        let loaded = self.load(
            agent,
            LoadRequest {
                name: &name,
                ..LoadRequest::default()
            },
        )?;
        Ok(Some(format!(
            "[auto-redirect] '{tool}' is a skill, not a tool. Its instructions follow; the arguments you passed were: {args}\n\n{}",
            loaded.text
        )))
    }

    /// `record_lesson` (CAT-9): a dated lesson on the skill the agent sees
    /// under `name`.
    pub fn record_lesson(
        &mut self,
        agent: &str,
        name: &str,
        text: &str,
    ) -> Result<usize, WorldError> {
        let Some((entity, _)) = self.resolve(agent, name)? else {
            return Err(WorldError::UnknownSkill(name.to_owned()));
        };
        let now = self.now();
        let mut lessons = self
            .world
            .get_mut::<Lessons>(entity)
            .expect("skills carry Lessons");
        lessons.push(now, text.trim().to_owned());
        Ok(lessons.entries.len())
    }

    /// Forgets every cached list and view and rebuilds them from all
    /// skills: the from-scratch path incremental resolution must agree with.
    pub fn rebuild_caches(&mut self) {
        rebuild_layers(&mut self.world);
        self.world.resource_mut::<AgentViews>().views.clear();
    }
}

fn record(
    id: StableId,
    title: &str,
    world: Option<StableId>,
    primary: PrimaryComponent,
    now: Timestamp,
) -> EntityRecord {
    EntityRecord {
        id,
        title: title.to_owned(),
        summary: String::new(),
        content: String::new(),
        world,
        pinned: false,
        tags: Vec::new(),
        created_at: now,
        updated_at: now,
        deleted_at: None,
        primary,
    }
}

/// Writes a document's authored fields into a skill's components; runtime
/// state (switches, lifecycle, scan, preflight, provenance) stays.
fn apply_document(record: &mut EntityRecord, skill: &mut Skill, document: SkillDocument) {
    record.title = document.name;
    record.summary = document.description;
    record.content = document.body;
    record.tags = document.tags;
    let keep = (
        skill.enabled,
        skill.lifecycle,
        skill.scan,
        skill.preflight.clone(),
        skill.provenance.clone(),
    );
    *skill = document.skill;
    (
        skill.enabled,
        skill.lifecycle,
        skill.scan,
        skill.preflight,
        skill.provenance,
    ) = keep;
}

fn check_limits(document: &SkillDocument) -> Result<(), WorldError> {
    let checks = [
        (
            "Description",
            document.description.chars().count(),
            MAX_DESCRIPTION_CHARS,
        ),
        ("Content", document.body.chars().count(), MAX_CONTENT_CHARS),
    ];
    for (field, chars, limit) in checks {
        if chars > limit {
            return Err(WorldError::TooLong {
                name: document.name.clone(),
                field,
                chars,
                limit,
            });
        }
    }
    Ok(())
}

/// The page asked for, or the whole body when it is short and no page was
/// asked for; pages end with how to get the next one.
fn page_of(
    name: &str,
    body: &str,
    page: Option<usize>,
) -> Result<(String, Option<(usize, usize)>), LoadError> {
    if page.is_none() && body.chars().count() <= PAGE_THRESHOLD_CHARS {
        return Ok((body.to_owned(), None));
    }
    let ranges = pages(body);
    let total = ranges.len();
    let number = page.unwrap_or(1);
    let Some(range) = number.checked_sub(1).and_then(|i| ranges.get(i)) else {
        return Err(LoadError::NoSuchPage {
            name: name.to_owned(),
            page: number,
            pages: total,
        });
    };
    let mut text = body[range.clone()].to_owned();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    if number < total {
        let _ = write!(
            text,
            "\n[Page {number} of {total}. Call skill_load with name=\"{name}\" and page={} for the next page.]",
            number + 1
        );
    } else {
        let _ = write!(text, "\n[Page {number} of {total}, the last.]");
    }
    Ok((text, Some((number, total))))
}

fn matches_text(item: &ListItem, needle: &str) -> bool {
    item.name.to_lowercase().contains(needle) || item.description.to_lowercase().contains(needle)
}

fn listing(items: Vec<ListItem>, limit: usize, hint: bool) -> Listing {
    let total = items.len();
    let items: Vec<ListItem> = items.into_iter().take(limit).collect();
    let mut text = String::new();
    for item in &items {
        let _ = writeln!(
            text,
            "- {} [{}, {}, {}]: {}",
            item.name, item.layer, item.origin, item.lifecycle, item.description
        );
    }
    let _ = write!(text, "Showing: {} of {total} skill(s).", items.len());
    if hint && items.len() < total {
        let _ = write!(
            text,
            " Narrow the list with a keyword, or raise limit (at most {}).",
            LIST_LIMIT.1
        );
    }
    Listing { items, total, text }
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

fn mime_of(path: &str) -> &'static str {
    match path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .as_deref()
    {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("zip") => "application/zip",
        _ => "application/octet-stream",
    }
}

fn date(at: Timestamp) -> String {
    jiff::Timestamp::from_millisecond(at.as_millis())
        .map(|t| t.strftime("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| "?".to_owned())
}

impl SkillWorld {
    /// The origin a new skill gets when its document does not say (used by
    /// hosts seeding worlds): builtins for the shipped Commons.
    pub fn install_builtin(
        &mut self,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<StableId, WorldError> {
        let mut document = document;
        document.skill.origin = Origin::Builtin;
        self.install(&Layer::Commons, document, files)
    }

    /// Sets a skill's readiness (HAB-4 fills it; tests set it directly).
    pub fn set_preflight(
        &mut self,
        layer: &Layer,
        name: &str,
        preflight: Preflight,
    ) -> Result<(), WorldError> {
        self.set(layer, name, |_, skill| skill.preflight = preflight)
    }
}
