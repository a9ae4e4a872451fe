//! STO-6 and FMT-7 for installs into the world: which skill an install
//! lands on (never a silent replace), and which files a reinstall keeps.
//! Every door (CLI import, `POST …/bundles`, `skill_import`, shipped
//! skills) issues `Command::InstallSkill`, whose arm calls these.

use std::collections::BTreeSet;

use bevy_ecs::entity::Entity;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_core::{
    Bucket, EntityRecord, ResourceRef, Skill, SkillResource, StableId, Timestamp,
};
use skillworld_format::{BundleFile, SkillDocument, numbered_name};

use crate::error::WorldError;
use crate::index::{Entities, NameIndex, SourceIndex};
use crate::state::{SkillWorld, hex};

/// What an install does when its layer already has a skill of its name
/// that came from another source (STO-6). A skill from the *same* source
/// (path or URL in its provenance) is always updated, whatever this says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnCollision {
    /// Refuse with `Skill 'n' already exists in this world` (HTTP 409
    /// `skill_exists`): `POST …/bundles` and `skill_import` without
    /// `replace`.
    Refuse,
    /// Take the first free `name-2`, `name-3`… (FMT-4's numbering): the
    /// CLI's bulk import.
    Number,
    /// Replace that skill as a new revision of it: `--replace`,
    /// `replace=true`, shipped-skill upgrades.
    Replace,
}

impl OnCollision {
    /// What journal entries written before STO-6 meant: replace by name.
    pub(crate) fn before_sto6() -> Self {
        OnCollision::Replace
    }
}

/// Journal entries written before STO-6 pruned every bucket on reinstall.
pub(crate) fn pruned_before_sto6() -> bool {
    true
}

/// How an import treats taken names and empty buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InstallRules {
    pub on_collision: OnCollision,
    pub force_prune: bool,
}

/// How an install landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum InstallOutcome {
    /// A new skill under the name it asked for.
    Created,
    /// A new skill under a numbered name: `requested` was taken by a skill
    /// from another source.
    Numbered { requested: String },
    /// The skill imported earlier from the same source, as a new revision
    /// (under the name it has in the world).
    Updated,
    /// Another source's skill of that name, replaced as a new revision.
    Replaced,
}

/// What an install did (from [`SkillWorld::install_with`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    pub id: StableId,
    /// The name the skill has in the world now.
    pub name: String,
    pub revision: u64,
    pub outcome: InstallOutcome,
    /// Buckets the new bundle left empty and that kept their old files
    /// (FMT-7; `force_prune` prunes them).
    pub kept_buckets: Vec<Bucket>,
}

/// Where an install lands and the document as it will be stored.
pub(crate) struct Placement {
    pub entity: Option<Entity>,
    pub document: SkillDocument,
    pub outcome: InstallOutcome,
}

/// The files a reinstall ends with: the bundle's, plus the old files of
/// buckets the bundle left empty.
pub(crate) struct MergedFiles {
    pub files: Vec<BundleFile>,
    pub kept_buckets: Vec<Bucket>,
}

impl SkillWorld {
    /// STO-6: the same source updates its skill; a free name creates; a
    /// taken name follows `on_collision`.
    pub(crate) fn place_install(
        &self,
        world: StableId,
        document: &SkillDocument,
        on_collision: OnCollision,
    ) -> Result<Placement, WorldError> {
        let mut document = document.clone();
        if let Some(entity) = self.imported_from(world, &document) {
            let record = self.world.get::<EntityRecord>(entity).expect("skill");
            document.name = record.title.clone();
            return Ok(Placement {
                entity: Some(entity),
                document,
                outcome: InstallOutcome::Updated,
            });
        }
        let names = self.world.resource::<NameIndex>();
        let Some(existing) = names.get(world, &document.name) else {
            return Ok(Placement {
                entity: None,
                document,
                outcome: InstallOutcome::Created,
            });
        };
        match on_collision {
            OnCollision::Refuse => Err(WorldError::SkillExists(document.name)),
            OnCollision::Replace => Ok(Placement {
                entity: Some(existing),
                document,
                outcome: InstallOutcome::Replaced,
            }),
            OnCollision::Number => {
                let requested = std::mem::take(&mut document.name);
                document.name = (2..)
                    .map(|n| numbered_name(&requested, n))
                    .find(|name| names.get(world, name).is_none())
                    .expect("some number is free");
                Ok(Placement {
                    entity: None,
                    document,
                    outcome: InstallOutcome::Numbered { requested },
                })
            }
        }
    }

    /// The undeleted skill of `world` imported from the document's source.
    fn imported_from(&self, world: StableId, document: &SkillDocument) -> Option<Entity> {
        let source = document.skill.provenance.import_source.as_deref()?;
        let entity = self.world.resource::<SourceIndex>().get(world, source)?;
        let record = self.world.get::<EntityRecord>(entity)?;
        let skill = self.world.get::<Skill>(entity)?;
        let same = record.world == Some(world)
            && !record.is_deleted()
            && skill.provenance.import_source.as_deref() == Some(source);
        same.then_some(entity)
    }

    /// FMT-7 for a reinstall: a bucket that arrives empty while the skill
    /// has files in it keeps them, unless `force_prune`.
    pub(crate) fn merge_kept_buckets(
        &self,
        entity: Option<Entity>,
        files: &[BundleFile],
        force_prune: bool,
    ) -> MergedFiles {
        let mut merged = MergedFiles {
            files: files.to_vec(),
            kept_buckets: Vec::new(),
        };
        let Some(entity) = entity.filter(|_| !force_prune) else {
            return merged;
        };
        let arrived: BTreeSet<Bucket> = files
            .iter()
            .filter_map(|f| Bucket::of_path(&f.path))
            .collect();
        for old in self.bundle_files(entity) {
            let Some(bucket) = Bucket::of_path(&old.path) else {
                continue;
            };
            if !arrived.contains(&bucket) {
                merged.kept_buckets.push(bucket);
                merged.files.push(old);
            }
        }
        merged.kept_buckets.sort();
        merged.kept_buckets.dedup();
        merged.files.sort_by(|a, b| a.path.cmp(&b.path));
        merged
    }

    /// The resources a reinstalled skill ends with: a file identical to
    /// one it has (path, bytes, mode) keeps that resource; others are new.
    pub(crate) fn reinstall_resources(
        &mut self,
        at: Timestamp,
        world: StableId,
        entity: Entity,
        files: Vec<BundleFile>,
    ) -> Vec<ResourceRef> {
        let old: Vec<(ResourceRef, String, bool)> = {
            let entities = self.world.resource::<Entities>();
            let skill = self.world.get::<Skill>(entity).expect("skill");
            skill
                .resources
                .iter()
                .filter_map(|reference| {
                    let resource = self
                        .world
                        .get::<SkillResource>(entities.get(reference.entity_id)?)?;
                    Some((
                        reference.clone(),
                        resource.sha256.clone(),
                        resource.executable,
                    ))
                })
                .collect()
        };
        let mut refs = Vec::with_capacity(files.len());
        let mut fresh = Vec::new();
        for file in files {
            let digest = hex(&Sha256::digest(&file.bytes));
            let same = old.iter().find(|(reference, sha256, executable)| {
                reference.path == file.path && *executable == file.executable && *sha256 == digest
            });
            match same {
                Some((reference, _, _)) => refs.push(reference.clone()),
                None => fresh.push(file),
            }
        }
        refs.extend(self.spawn_resources(at, world, entity, fresh));
        refs.sort_by(|a, b| a.path.cmp(&b.path));
        refs
    }
}
