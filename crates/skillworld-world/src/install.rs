//! STO-6 and FMT-7 for installs into the world: which skill an install
//! lands on (never a silent replace), and which files a reinstall keeps.
//! Every door (CLI import, `POST …/bundles`, `skill_import`, shipped
//! skills) issues `Command::InstallSkill`, whose arm calls these.

use std::collections::BTreeSet;

use bevy_ecs::entity::Entity;

use skillworld_core::{
    BodyError, Bucket, EntityRecord, ResourceRef, Skill, SkillResource, StableId, Timestamp,
};
use skillworld_format::{BundleFile, SkillDocument, numbered_name};

use crate::command::{InstallOutcome, OnCollision, digest_of};
use crate::error::WorldError;
use crate::index::{Entities, NameIndex, SourceIndex};
use crate::state::SkillWorld;

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
    /// has files in it keeps them, unless `force_prune`. Fails when a kept
    /// file's text cannot be read from the store.
    pub(crate) fn merge_kept_buckets(
        &self,
        entity: Option<Entity>,
        files: &[BundleFile],
        force_prune: bool,
    ) -> Result<MergedFiles, BodyError> {
        let mut merged = MergedFiles {
            files: files.to_vec(),
            kept_buckets: Vec::new(),
        };
        let Some(entity) = entity.filter(|_| !force_prune) else {
            return Ok(merged);
        };
        let arrived: BTreeSet<Bucket> = files
            .iter()
            .filter_map(|f| Bucket::of_path(&f.path))
            .collect();
        for old in self.bundle_files(entity)? {
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
        Ok(merged)
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
            let digest = hex::encode(digest_of(&self.world, &file));
            let same = old.iter().find(|(reference, sha256, executable)| {
                reference.path == file.path && *executable == file.executable && *sha256 == digest
            });
            match same {
                Some((reference, _, _)) => refs.push(reference.clone()),
                None => fresh.push(file),
            }
        }
        let skill_id = self.world.get::<EntityRecord>(entity).expect("skill").id;
        refs.extend(self.spawn_resources(at, world, skill_id, fresh));
        refs.sort_by(|a, b| a.path.cmp(&b.path));
        refs
    }
}
