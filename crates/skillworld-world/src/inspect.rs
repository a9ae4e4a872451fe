//! Inspecting skills as an operator or an API client sees them: where a
//! name lives for a reader, one skill's full view, listing rows. Unlike
//! the agent reads (`reads.rs`), these show disabled, archived and blocked
//! skills too, and count nothing.

use bevy_ecs::entity::Entity;
use skillworld_core::{EntityRecord, Lifecycle, Skill, StableId, Status, Usage};
use skillworld_format::SkillDocument;

use crate::agent::Agent;
use crate::error::WorldError;
use crate::host::SkillRow;
use crate::index::{Entities, NameIndex};
use crate::layers::Layer;
use crate::layers::{Access, WorldConfig};
use crate::revisions::Revisions;
use crate::state::SkillWorld;
use crate::usage::{Lesson, Lessons};

/// One bundle file in a view: its path and size, not its bytes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FileInfo {
    pub path: String,
    pub bytes: usize,
    pub executable: bool,
}

/// Everything about one skill, for `GET …/skills/{name}` and the page.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillView {
    pub row: SkillRow,
    /// The layer the skill lives in (a reader of an agent's layer may see a
    /// commons skill).
    pub layer: Layer,
    /// Whether this private skill hides a commons skill of the same name.
    pub shadows: bool,
    pub document: SkillDocument,
    pub files: Vec<FileInfo>,
    pub lessons: Vec<Lesson>,
}

impl SkillWorld {
    /// The stable id of the skill `name` in `layer` itself (not resolved):
    /// what a skill's secrets bind to, with its layer (SEC-2).
    pub fn skill_id(&self, layer: &Layer, name: &str) -> Result<StableId, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        Ok(self.world.get::<EntityRecord>(entity).expect("skill").id)
    }

    /// The layer holding the skill a reader of `layer` means by `name`: the
    /// Commons itself, or the first of the agent's layers with an undeleted
    /// skill of that name (whatever its lifecycle, so archived skills can be
    /// restored).
    pub fn locate(&self, layer: &Layer, name: &str) -> Result<Layer, WorldError> {
        let worlds = match layer {
            Layer::Commons => vec![self.commons],
            Layer::Agent(agent) => self.agent(agent)?.layers.clone(),
        };
        let index = self.world.resource::<NameIndex>();
        worlds
            .into_iter()
            .find(|world| index.get(*world, name).is_some())
            .map(|world| self.layer_of_world(world))
            .ok_or_else(|| WorldError::UnknownSkill(name.to_owned()))
    }

    /// The skill a reader of `layer` means by `name` (see [`locate`]), with
    /// the lessons `viewer` may see: an agent its own, an admin (`None`)
    /// every agent's.
    ///
    /// [`locate`]: SkillWorld::locate
    pub fn skill_view(
        &mut self,
        layer: &Layer,
        name: &str,
        viewer: Option<&str>,
    ) -> Result<SkillView, WorldError> {
        self.resolve.run(&mut self.world);
        let home = self.locate(layer, name)?;
        let entity = self.skill_entity(&home, name)?;
        let world = self.world_of(&home)?;
        let shadows = home != Layer::Commons
            && self
                .world
                .resource::<NameIndex>()
                .get(self.commons, name)
                .is_some();
        let files = self
            .bundle_files(entity)?
            .into_iter()
            .map(|file| FileInfo {
                bytes: file.bytes.len(),
                path: file.path,
                executable: file.executable,
            })
            .collect();
        let lessons = self.lessons(&home, name, viewer)?;
        Ok(SkillView {
            row: self.row(world, name, entity),
            layer: home,
            shadows,
            document: self.document(entity)?,
            files,
            lessons,
        })
    }

    /// Listing rows of a layer: the Commons, or an agent's resolved view
    /// (each name once, the winning layer's skill). `all` adds draft,
    /// discarded and archived skills.
    pub fn rows(&mut self, scope: &Layer, all: bool) -> Result<Vec<SkillRow>, WorldError> {
        self.resolve.run(&mut self.world);
        let worlds = match scope {
            Layer::Commons => vec![self.commons],
            Layer::Agent(name) => self.agent(name)?.layers.clone(),
        };
        let index = self.world.resource::<NameIndex>();
        let mut rows: Vec<SkillRow> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for world in &worlds {
            for (name, entity) in index.names(*world) {
                let skill = self.world.get::<Skill>(entity).expect("skill");
                if skill.status == Status::Discarded && !all {
                    continue;
                }
                if !seen.insert(name.to_owned()) {
                    continue;
                }
                let hidden = matches!(skill.status, Status::Draft | Status::Discarded)
                    || skill.lifecycle == Lifecycle::Archived;
                if hidden && !all {
                    continue;
                }
                rows.push(self.row(*world, name, entity));
            }
        }
        rows.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(rows)
    }

    /// An agent's pending proposals as rows of the layer `proposal` (GOV-1),
    /// by name: its `list --all` shows them to it. Not part of [`rows`],
    /// which every reader of the agent's layer may get.
    ///
    /// [`rows`]: SkillWorld::rows
    pub fn proposal_rows(&self, agent: &str) -> Result<Vec<SkillRow>, WorldError> {
        let Some(world) = self.proposals_world(agent)? else {
            return Ok(Vec::new());
        };
        let index = self.world.resource::<NameIndex>();
        Ok(index
            .names(world)
            .map(|(name, entity)| SkillRow {
                layer: "proposal",
                ..self.row(world, name, entity)
            })
            .collect())
    }

    /// What `reader` may do in `owner`'s private world: its own world is
    /// writable; another's only through that world's grants (MOD-2).
    pub fn access(&self, reader: &str, owner: &str) -> Result<Option<Access>, WorldError> {
        let private_world = self.agent(owner)?.private_world;
        let (reader_id, _) = self.agent_entity(reader)?;
        if reader == owner {
            return Ok(Some(Access::Write));
        }
        let config = self.world_config(private_world);
        Ok(config.and_then(|config| {
            config
                .grants
                .iter()
                .find(|grant| grant.subject == reader_id)
                .map(|grant| grant.access)
        }))
    }

    /// A skill's lessons that `viewer` may see, oldest first: an agent's
    /// own (SEC-2), or with no viewer (an admin) every one.
    pub fn lessons(
        &self,
        layer: &Layer,
        name: &str,
        viewer: Option<&str>,
    ) -> Result<Vec<Lesson>, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let Some(lessons) = self.world.get::<Lessons>(entity) else {
            return Ok(Vec::new());
        };
        Ok(match viewer {
            None => lessons.entries.clone(),
            Some(agent) => {
                let (id, _) = self.agent_entity(agent)?;
                lessons.of(id).cloned().collect()
            }
        })
    }

    fn row(&self, world: StableId, name: &str, entity: Entity) -> SkillRow {
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        SkillRow {
            name: name.to_owned(),
            layer: if world == self.commons {
                "commons"
            } else {
                "private"
            },
            origin: skill.origin,
            status: skill.status,
            lifecycle: skill.lifecycle,
            enabled: skill.enabled,
            pinned: record.pinned,
            revision: self.world.get::<Revisions>(entity).expect("skill").current,
            description: record.summary.clone(),
            scan: skill.scan,
            live: skill.is_live(),
            trust: skill.trust_level(),
            readiness: skill.preflight.readiness,
            last_used_at: self
                .world
                .get::<Usage>(entity)
                .and_then(|usage| usage.last_loaded_at),
        }
    }

    fn world_config(&self, world: StableId) -> Option<&WorldConfig> {
        let entity = self.world.resource::<Entities>().get(world)?;
        self.world.get::<WorldConfig>(entity)
    }

    /// The layer a world entity is: the Commons or its owner's private world.
    fn layer_of_world(&self, world: StableId) -> Layer {
        let owner = self
            .world_config(world)
            .and_then(|config| config.owner)
            .and_then(|owner| self.world.resource::<Entities>().get(owner))
            .and_then(|entity| self.world.get::<Agent>(entity));
        match owner {
            Some(agent) => Layer::Agent(agent.name.clone()),
            None => Layer::Commons,
        }
    }
}
