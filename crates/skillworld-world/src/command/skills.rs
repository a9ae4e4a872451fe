//! Skills: create, install, replace, patch, file writes, delete, switches
//! and revert. Every content change ends in [`SkillWorld::rewrite`] or
//! [`SkillWorld::spawn_skill`], which recompute the scan verdict from the
//! content they leave (SEC-2) — or, for an install's new skill, take the
//! report a reader made on that very content; the rules before it are in
//! `admission.rs`.

use bevy_ecs::entity::Entity;
use skillworld_core::{
    Body, BodyError, EntityRecord, PrimaryComponent, ResourceBody, ResourceKind, ResourceRef,
    ScanFinding, ScanStatus, Skill, SkillName, SkillResource, StableId, Timestamp,
};
use skillworld_format::{BundleFile, BundleSignature, SkillDocument};

use super::InstallRules;
use super::admission::{
    body_of, check_changeable, check_document, check_files, check_origin, digest_of,
    guard_autonomous, unreadable_verdict, verdict, verdict_scanned_ahead,
};
use super::{Applied, Caller, Switches};
use crate::error::{ContentError, PatchError, WorldError};
use crate::host::document_of;
use crate::index::{Entities, NameIndex};
use crate::layers::Layer;
use crate::policy::{CommonsWrites, PolicySettings};
use crate::revisions::{Revisions, authored_changed};
use crate::state::{ObjectBytes, SkillWorld, record};
use crate::usage::Lessons;

/// The skill a write addresses: its layer and name, the revision the
/// caller read, and where to copy it from when the layer lacks it.
pub(super) struct WriteTo<'a> {
    pub layer: &'a Layer,
    pub name: &'a str,
    pub expected_revision: Option<u64>,
    pub copy_from: Option<&'a Layer>,
}

/// What an install brings: the document, its files and its `SKILL.sig`.
pub(super) struct InstallBundle<'a> {
    pub document: &'a SkillDocument,
    pub files: &'a [BundleFile],
    pub signature: Option<&'a BundleSignature>,
}

/// TOOL-2's literal patch.
pub(super) struct Patch<'a> {
    pub old_string: &'a str,
    pub new_string: &'a str,
    pub replace_all: bool,
}

/// One bundle file written (`Some` bytes) or removed.
pub(super) struct FileWrite<'a> {
    pub path: &'a str,
    pub bytes: Option<&'a [u8]>,
    pub executable: bool,
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

impl SkillWorld {
    pub(super) fn create_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        layer: &Layer,
        document: &SkillDocument,
    ) -> Result<Applied, WorldError> {
        check_document(document)?;
        check_origin(caller, document)?;
        guard_autonomous(caller, document, &[])?;
        let world = self.world_of(layer)?;
        if self
            .world
            .resource::<NameIndex>()
            .get(world, &document.name)
            .is_some()
        {
            return Err(WorldError::SkillExists(document.name.clone()));
        }
        self.spawn_skill(at, world, document.clone(), Vec::new())
    }

    /// An import (STO-6): created, updating the skill from the same
    /// source, or for a taken name as `rules` say; a reinstall keeps the
    /// buckets the bundle leaves empty unless told to prune (FMT-7).
    /// Imports may carry a longer description (FMT-4), so only the name
    /// and the bundle are checked; the verdict is on the merged content.
    /// The trust level, from the signature or the installer (GOV-2), was
    /// decided before dispatch (`install_level_of`); a signed bundle prunes
    /// every bucket, so the skill is what was signed.
    pub(super) fn install_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        layer: &Layer,
        bundle: InstallBundle<'_>,
        mut rules: InstallRules,
    ) -> Result<Applied, WorldError> {
        let InstallBundle {
            document,
            files,
            signature,
        } = bundle;
        SkillName::new(&document.name)?;
        check_origin(caller, document)?;
        check_files(&document.name, files)?;
        let trust = self.write_trust;
        rules.force_prune |= signature.is_some();
        let world = self.world_of(layer)?;
        let placed = self.place_install(world, document, rules.on_collision)?;
        if let Some(entity) = placed.entity {
            let origin = self.world.get::<Skill>(entity).expect("skill").origin;
            check_changeable(
                caller,
                &placed.document.name,
                origin,
                Some(document.skill.origin),
            )?;
        }
        let merged = self.merge_kept_buckets(placed.entity, files, rules.force_prune)?;
        check_files(&placed.document.name, &merged.files)?;
        guard_autonomous(caller, &placed.document, &merged.files)?;
        let mut document = placed.document;
        let mut applied = match placed.entity {
            None => {
                // A report a reader made ahead is on the bundle's files as
                // given: it holds only while the skill gets exactly those.
                let as_given = merged.kept_buckets.is_empty() && merged.files.len() == files.len();
                let judged = as_given
                    .then(|| verdict_scanned_ahead(&mut self.world, &document))
                    .flatten();
                self.spawn_judged(at, world, document, merged.files, judged)?
            }
            Some(entity) => {
                let resources = self.reinstall_resources(at, world, entity, merged.files);
                let provenance = document.skill.provenance.clone();
                let content = body_of(&self.world, std::mem::take(&mut document.body));
                self.rewrite(at, entity, |record, skill| {
                    apply_document(record, skill, document);
                    record.content = content;
                    skill.provenance.import_source = provenance.import_source;
                    skill.provenance.original_name = provenance.original_name;
                    skill.resources = resources;
                    // The same content installed again takes the new
                    // install's level (say, now signed).
                    skill.trust = Some(trust);
                })
            }
        };
        applied.install = Some((placed.outcome, merged.kept_buckets));
        Ok(applied)
    }

    pub(super) fn replace_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        to: WriteTo<'_>,
        document: &SkillDocument,
    ) -> Result<Applied, WorldError> {
        let (layer, name) = (to.layer, to.name);
        check_document(document)?;
        if document.name != name
            && self
                .world
                .resource::<NameIndex>()
                .get(self.world_of(layer)?, &document.name)
                .is_some()
        {
            return Err(WorldError::SkillExists(document.name.clone()));
        }
        let target = self.writable(caller, &to)?;
        check_origin(caller, document)?;
        guard_autonomous(caller, document, &self.target_files(&target)?)?;
        let document = document.clone();
        match target {
            Target::Existing(entity) => Ok(self.rewrite(at, entity, |record, skill| {
                let resources = std::mem::take(&mut skill.resources);
                apply_document(record, skill, document);
                skill.resources = resources;
            })),
            Target::Copy { files, .. } => self.spawn_copy(at, layer, document, files),
        }
    }

    /// TOOL-2's literal patch of the body as it is when applied.
    pub(super) fn patch_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        to: WriteTo<'_>,
        patch: Patch<'_>,
    ) -> Result<Applied, WorldError> {
        let target = self.writable(caller, &to)?;
        let mut document = self.target_document(&target)?;
        let (patched, replacements) = literal_patch(
            to.name,
            &document.body,
            patch.old_string,
            patch.new_string,
            patch.replace_all,
        )?;
        document.body = patched;
        super::admission::check_limits(&document)?;
        guard_autonomous(caller, &document, &self.target_files(&target)?)?;
        let mut applied = match target {
            Target::Existing(entity) => self.rewrite(at, entity, |record, _| {
                record.content = document.body.into()
            }),
            Target::Copy { files, .. } => self.spawn_copy(at, to.layer, document, files)?,
        };
        applied.replacements = Some(replacements);
        Ok(applied)
    }

    /// One bundle file written or removed; the rest of the bundle stays.
    pub(super) fn write_file_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        to: WriteTo<'_>,
        file: FileWrite<'_>,
    ) -> Result<Applied, WorldError> {
        let (layer, name) = (to.layer, to.name);
        let FileWrite {
            path,
            bytes,
            executable,
        } = file;
        let target = self.writable(caller, &to)?;
        let document = self.target_document(&target)?;
        let mut files = self.target_files(&target)?;
        let before = files.len();
        files.retain(|f| f.path != path);
        match bytes {
            Some(bytes) => files.push(BundleFile {
                path: path.to_owned(),
                bytes: bytes.to_vec(),
                executable,
            }),
            None if files.len() == before => {
                return Err(WorldError::UnknownFile {
                    name: name.to_owned(),
                    path: path.to_owned(),
                });
            }
            None => {}
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        check_files(name, &files)?;
        guard_autonomous(caller, &document, &files)?;
        match target {
            Target::Existing(entity) => {
                let world = self.world_of(layer)?;
                let skill_id = self.world.get::<EntityRecord>(entity).expect("skill").id;
                let resources = self.spawn_resources(at, world, skill_id, files);
                Ok(self.rewrite(at, entity, |_, skill| skill.resources = resources))
            }
            Target::Copy { .. } => self.spawn_copy(at, layer, document, files),
        }
    }

    pub(super) fn delete_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        layer: &Layer,
        name: &str,
        expected_revision: Option<u64>,
    ) -> Result<Applied, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        self.check_revision(entity, name, expected_revision)?;
        if caller.agent.is_some() {
            let origin = self.world.get::<Skill>(entity).expect("skill").origin;
            check_changeable(caller, name, origin, None)?;
        }
        Ok(self.rewrite(at, entity, |record, _| record.deleted_at = Some(at)))
    }

    pub(super) fn switch_at(
        &mut self,
        at: Timestamp,
        layer: &Layer,
        name: &str,
        switches: &Switches,
    ) -> Result<Applied, WorldError> {
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
            if let Some(preflight) = switches.preflight {
                skill.preflight = preflight;
            }
        }))
    }

    /// Revert restores content only (SEC-2): the authored fields of the kept
    /// revision; files, lifecycle, enabled, pinned and the verdict's inputs
    /// stay current, and the content is scanned again.
    pub(super) fn revert_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        layer: &Layer,
        name: &str,
        number: u64,
    ) -> Result<Applied, WorldError> {
        let entity = self.skill_entity(layer, name)?;
        let origin = self.world.get::<Skill>(entity).expect("skill").origin;
        check_changeable(caller, name, origin, None)?;
        let revision = self
            .world
            .get::<Revisions>(entity)
            .and_then(|r| r.get(number))
            .cloned()
            .ok_or_else(|| WorldError::UnknownRevision {
                name: name.to_owned(),
                number,
            })?;
        let document = SkillDocument {
            name: revision.record.title,
            description: revision.record.summary,
            body: revision.record.content.into_text().map_err(|error| {
                skillworld_core::BodyError {
                    entity: name.to_owned(),
                    ..error
                }
            })?,
            tags: revision.record.tags,
            skill: revision.skill,
        };
        check_origin(caller, &document)?;
        guard_autonomous(caller, &document, &self.bundle_files(entity)?)?;
        Ok(self.rewrite(at, entity, |record, skill| {
            let resources = std::mem::take(&mut skill.resources);
            apply_document(record, skill, document);
            skill.resources = resources;
        }))
    }

    pub(super) fn check_revision(
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

    /// The skill a write changes: the one in `layer`, or a copy of the one
    /// in `copy_from` still to be created there. A copy is refused when the
    /// world refuses agents' writes to the Commons, and for a blocked,
    /// builtin (for agents) or virtual source.
    fn writable(&self, caller: &Caller, to: &WriteTo<'_>) -> Result<Target, WorldError> {
        let (name, expected_revision) = (to.name, to.expected_revision);
        let (entity, copy) = match (self.skill_entity(to.layer, name), to.copy_from) {
            (Ok(entity), _) => (entity, false),
            (Err(_), Some(source)) => (self.skill_entity(source, name)?, true),
            (Err(error), None) => return Err(error),
        };
        self.check_revision(entity, name, expected_revision)?;
        let skill = self.world.get::<Skill>(entity).expect("skill");
        check_changeable(caller, name, skill.origin, None)?;
        if !copy {
            return Ok(Target::Existing(entity));
        }
        if skill.scan == ScanStatus::Blocked {
            return Err(ContentError::BlockedSource {
                skill: name.to_owned(),
            }
            .into());
        }
        let policy = self.world.resource::<PolicySettings>().commons_writes;
        if caller.agent.is_some() && policy == CommonsWrites::Refuse {
            return Err(WorldError::CommonsWritesRefused(name.to_owned()));
        }
        Ok(Target::Copy {
            document: Box::new(self.document(entity)?),
            files: self.bundle_files(entity)?,
        })
    }

    /// What a write to `to` starts from, after every check a write makes
    /// there (revision, origin, blocked source, the Commons policy): the
    /// document, its files, and the skill when `to.layer` has it. A
    /// proposal (GOV-1) copies this into its agent's proposals world.
    pub(super) fn write_base(
        &self,
        caller: &Caller,
        to: &WriteTo<'_>,
    ) -> Result<(SkillDocument, Vec<BundleFile>, Option<Entity>), WorldError> {
        let target = self.writable(caller, to)?;
        let existing = match target {
            Target::Existing(entity) => Some(entity),
            Target::Copy { .. } => None,
        };
        Ok((
            self.target_document(&target)?,
            self.target_files(&target)?,
            existing,
        ))
    }

    fn target_document(&self, target: &Target) -> Result<SkillDocument, WorldError> {
        match target {
            Target::Existing(entity) => self.document(*entity),
            Target::Copy { document, .. } => Ok((**document).clone()),
        }
    }

    fn target_files(&self, target: &Target) -> Result<Vec<BundleFile>, BodyError> {
        match target {
            Target::Existing(entity) => self.bundle_files(*entity),
            Target::Copy { files, .. } => Ok(files.clone()),
        }
    }

    /// A skill's resources as bundle files; fails when a text left in the
    /// store (issue 19) cannot be read.
    pub(crate) fn bundle_files(&self, entity: Entity) -> Result<Vec<BundleFile>, BodyError> {
        let skill = self.world.get::<Skill>(entity).expect("skill");
        self.files_of(&skill.resources)
    }

    fn files_of(&self, resources: &[ResourceRef]) -> Result<Vec<BundleFile>, BodyError> {
        let entities = self.world.resource::<Entities>();
        let mut files = Vec::with_capacity(resources.len());
        for reference in resources {
            let Some(resource_entity) = entities.get(reference.entity_id) else {
                continue;
            };
            let Some(resource) = self.world.get::<SkillResource>(resource_entity) else {
                continue;
            };
            let bytes = match resource.text() {
                Some(text) => text?.as_bytes().to_vec(),
                None => match self.world.get::<ObjectBytes>(resource_entity) {
                    Some(bytes) => bytes.0.clone(),
                    None => continue,
                },
            };
            files.push(BundleFile {
                path: resource.path.clone(),
                bytes,
                executable: resource.executable,
            });
        }
        Ok(files)
    }

    fn spawn_copy(
        &mut self,
        at: Timestamp,
        layer: &Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<Applied, WorldError> {
        let world = self.world_of(layer)?;
        self.spawn_skill(at, world, document, files)
    }

    /// A new skill entity, scanned on the content it starts with.
    pub(super) fn spawn_skill(
        &mut self,
        at: Timestamp,
        world: StableId,
        document: SkillDocument,
        files: Vec<BundleFile>,
    ) -> Result<Applied, WorldError> {
        self.spawn_judged(at, world, document, files, None)
    }

    /// [`Self::spawn_skill`] with its verdict, when already known.
    fn spawn_judged(
        &mut self,
        at: Timestamp,
        world: StableId,
        mut document: SkillDocument,
        files: Vec<BundleFile>,
        judged: Option<(ScanStatus, Vec<ScanFinding>)>,
    ) -> Result<Applied, WorldError> {
        SkillName::new(&document.name)?;
        let (scan, findings) =
            judged.unwrap_or_else(|| verdict(&mut self.world, &document, &files));
        let content = body_of(&self.world, std::mem::take(&mut document.body));
        let id = self.world.resource_mut::<Entities>().allocate();
        let mut entity_record =
            record(id, &document.name, Some(world), PrimaryComponent::Skill, at);
        let mut skill = Skill::new(document.skill.origin);
        // A new skill starts with the provenance its document brings (an
        // import's source, a copy's origin); later writes keep it.
        let provenance = document.skill.provenance.clone();
        apply_document(&mut entity_record, &mut skill, document);
        entity_record.content = content;
        skill.provenance = provenance;
        skill.scan = scan;
        skill.findings = findings;
        skill.trust = Some(self.write_trust);
        let entity = self
            .world
            .spawn((
                skillworld_core::Usage::default(),
                Revisions::default(),
                Lessons::default(),
            ))
            .id();
        skill.resources = self.spawn_resources(at, world, id, files);
        self.world.entity_mut(entity).insert((entity_record, skill));
        Ok(Applied {
            id: Some(id),
            revision: Some(Revisions::default().current),
            ..Applied::default()
        })
    }

    pub(crate) fn spawn_resources(
        &mut self,
        at: Timestamp,
        world: StableId,
        skill_id: StableId,
        files: Vec<BundleFile>,
    ) -> Vec<ResourceRef> {
        let mut refs = Vec::with_capacity(files.len());
        for file in files {
            let id = self.world.resource_mut::<Entities>().allocate();
            let digest = digest_of(&self.world, &file);
            let sha256 = hex::encode(digest);
            let size = file.bytes.len() as u64;
            let (body, kind, primary, bytes) = match String::from_utf8(file.bytes) {
                Ok(text) => (
                    ResourceBody::Text(Body::hashed(text, digest)),
                    ResourceKind::Text,
                    PrimaryComponent::SkillResource,
                    None,
                ),
                Err(binary) => (
                    ResourceBody::ObjectFile {
                        cid: sha256.clone(),
                        mime: skillworld_core::mime_of(&file.path).to_owned(),
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
    /// hooks see the change, the revision moves. When the authored content
    /// or the files changed, the verdict is recomputed from what the change
    /// leaves — never carried over (SEC-2).
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
        // The same text as a body left in the store keeps its handle: it is
        // hashed once here, not again by every comparison below, and its
        // row refers to the stored blob (issue 19: a re-import).
        if before_record.content.stored_sha256().is_some()
            && record.content == before_record.content
        {
            record.content = before_record.content.clone();
        }
        if authored_changed((&before_record, &before_skill), (&record, &skill)) {
            let read = document_of(&record, &skill)
                .and_then(|document| Ok((document, self.files_of(&skill.resources)?)));
            (skill.scan, skill.findings) = match read {
                Ok((document, files)) => verdict(&mut self.world, &document, &files),
                Err(error) => unreadable_verdict(&error),
            };
            // GOV-2: new content is vouched for by whoever wrote it.
            skill.trust = Some(self.write_trust);
        }
        // A change that changes nothing (a folder imported again as it
        // was) writes no row: its skill's body is not read back to be
        // written unchanged (issue 19).
        if record == before_record && skill == before_skill {
            return Applied {
                id: Some(record.id),
                revision: Some(self.world.get::<Revisions>(entity).expect("skill").current),
                ..Applied::default()
            };
        }
        record.updated_at = at;
        let mut revisions = self.row_mut::<Revisions>(entity).expect("skill");
        revisions.record((&before_record, &before_skill), (&record, &skill), at);
        let applied = Applied {
            id: Some(record.id),
            revision: Some(revisions.current),
            ..Applied::default()
        };
        self.world.entity_mut(entity).insert((record, skill));
        applied
    }
}

/// Writes a document's authored fields into a skill's components; runtime
/// state (switches, lifecycle, scan, preflight, provenance, trust) stays.
pub(super) fn apply_document(
    record: &mut EntityRecord,
    skill: &mut Skill,
    document: SkillDocument,
) {
    record.title = document.name;
    record.summary = document.description;
    record.content = document.body.into();
    record.tags = document.tags;
    let keep = (
        skill.enabled,
        skill.lifecycle,
        skill.scan,
        skill.preflight.clone(),
        skill.provenance.clone(),
        skill.trust,
    );
    *skill = document.skill;
    (
        skill.enabled,
        skill.lifecycle,
        skill.scan,
        skill.preflight,
        skill.provenance,
        skill.trust,
    ) = keep;
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
