//! Sharing (GOV-3): a skill copied into the Commons (promote, admin only)
//! or into an agent's world (share), with where it came from recorded. The
//! copy is a new skill: scanned on its own content, without the source's
//! lessons or secrets.

use skillworld_core::{CopiedFrom, ScanStatus, Skill, Timestamp};

use super::admission::{check_changeable, check_files, check_origin};
use super::{Applied, Caller};
use crate::error::ContentError;
use crate::error::WorldError;
use crate::index::NameIndex;
use crate::layers::{Access, Layer};
use crate::revisions::Revisions;
use crate::state::SkillWorld;

impl SkillWorld {
    /// Copies `from`'s skill `name` into `to`. An agent needs read access
    /// to the source's world and write access to the target's (its own, or
    /// a write grant); only the host writes the Commons.
    pub(super) fn copy_skill_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        from: &Layer,
        name: &str,
        to: &Layer,
    ) -> Result<Applied, WorldError> {
        if let Some(agent) = caller.agent.as_deref() {
            self.check_copy_access(agent, from, to)?;
        }
        let entity = self.skill_entity(from, name)?;
        let skill = self.world.get::<Skill>(entity).expect("skill");
        check_changeable(caller, name, skill.origin, None)?;
        if skill.scan == ScanStatus::Blocked {
            return Err(ContentError::BlockedSource {
                skill: name.to_owned(),
            }
            .into());
        }
        let world = self.world_of(to)?;
        if self
            .world
            .resource::<NameIndex>()
            .get(world, name)
            .is_some()
        {
            return Err(WorldError::SkillExists(name.to_owned()));
        }
        let mut document = self.document(entity)?;
        check_origin(caller, &document)?;
        let files = self.bundle_files(entity)?;
        check_files(name, &files)?;
        // Promote and share keep the level (GOV-2): the content is the same.
        self.write_trust = skill.trust_level();
        document.skill.provenance.copied_from = Some(Box::new(CopiedFrom {
            source: source_of(from, name),
            revision: self.world.get::<Revisions>(entity).expect("skill").current,
            actor: caller.agent.clone().unwrap_or_else(|| "admin".to_owned()),
        }));
        self.spawn_skill(at, world, document, files)
    }

    fn check_copy_access(&self, agent: &str, from: &Layer, to: &Layer) -> Result<(), WorldError> {
        let refused = |reason: &str| WorldError::CopyRefused {
            agent: agent.to_owned(),
            reason: reason.to_owned(),
        };
        if let Layer::Agent(owner) = from
            && self.access(agent, owner)?.is_none()
        {
            return Err(WorldError::UnknownAgent(owner.clone()));
        }
        match to {
            Layer::Commons => Err(refused("only an admin promotes a skill into the Commons")),
            Layer::Agent(owner) if self.access(agent, owner)? == Some(Access::Write) => Ok(()),
            Layer::Agent(owner) => Err(refused(&format!(
                "it may not write agent '{owner}'s world (that agent can grant it write access)"
            ))),
        }
    }
}

fn source_of(layer: &Layer, name: &str) -> String {
    match layer {
        Layer::Commons => format!("commons/{name}"),
        Layer::Agent(agent) => format!("agents/{agent}/{name}"),
    }
}
