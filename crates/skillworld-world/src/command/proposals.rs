//! Proposals (GOV-1): under `approval = review`, an agent's content write
//! is applied in its proposals world instead of its target — the same
//! command with every rule of its family, on a copy of the skill it
//! changes — and waits there for an admin to approve, reject or let it
//! expire. Whether a write waits is decided by [`needs_approval`] alone;
//! an admin's install the trust policy holds back is proposed the same way,
//! by [`ADMIN_PROPOSER`] in the habitat-wide proposals world.

use bevy_ecs::entity::Entity;
use skillworld_core::{
    EntityRecord, IdAllocator, PrimaryComponent, Proposal, ProposalOutcome, Skill, StableId,
    Status, Timestamp, Trust,
};
use skillworld_format::{BundleFile, SkillDocument};

use super::skills::{WriteTo, apply_document};
use super::{Applied, Caller, Command};
use crate::approval::{ADMIN_PROPOSER, needs_approval, target_layer};
use crate::approval_settings::ApprovalMode;
use crate::error::{ProposalError, WorldError};
use crate::index::{Entities, NameIndex};
use crate::layers::{Layer, WorldConfig};
use crate::policy::PolicySettings;
use crate::revisions::Revisions;
use crate::state::{SkillWorld, record};
use crate::trust::TrustPolicy;

/// The longest expiry an admin may set (ten years).
const MAX_PROPOSAL_DAYS: u32 = 3650;

/// What a proposal starts from: a copy of the skill it changes (unless the
/// agent's proposals world already holds its earlier proposal), and that
/// skill's revision.
#[derive(Default)]
struct Base {
    copy: Option<(SkillDocument, Vec<BundleFile>)>,
    revision: Option<u64>,
}

impl SkillWorld {
    /// The layer `command` writes when it is a content write by `caller`
    /// that waits for an admin; `install` is an install's trust level.
    pub(super) fn proposed_layer(
        &self,
        caller: &Caller,
        command: &Command,
        install: Option<Trust>,
    ) -> Option<Layer> {
        let layer = match command {
            Command::CreateSkill { layer, .. }
            | Command::InstallSkill { layer, .. }
            | Command::ReplaceSkill { layer, .. }
            | Command::PatchSkill { layer, .. }
            | Command::WriteFile { layer, .. }
            | Command::CopySkill { to: layer, .. } => layer,
            _ => return None,
        };
        let settings = self.world.resource::<PolicySettings>().approval;
        let policy = self.world.resource::<TrustPolicy>();
        needs_approval(caller, layer, &settings, policy, install).then(|| layer.clone())
    }

    /// Applies `command` as `caller`'s proposal for `layer`, all or
    /// nothing: when refused, what it spawned is removed and ids are handed
    /// out as if it never ran, so a replayed journal makes the same ids.
    pub(super) fn propose(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        command: &Command,
        layer: &Layer,
    ) -> Result<Applied, WorldError> {
        let mark = self.world.resource::<Entities>().last_allocated();
        let result = self.propose_staged(at, caller, command, layer);
        self.redirect = None;
        if result.is_err() {
            self.forget_since(mark);
        }
        result
    }

    fn propose_staged(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        command: &Command,
        layer: &Layer,
    ) -> Result<Applied, WorldError> {
        let agent = caller
            .agent
            .clone()
            .unwrap_or_else(|| ADMIN_PROPOSER.to_owned());
        let target = self.world_of(layer)?;
        let proposals = match self.proposals_world(&agent)? {
            Some(world) => world,
            None => self.spawn_proposals_world(at, &agent)?,
        };
        let (command, base) = self.staged_command(caller, command, layer, proposals)?;
        if let Some((document, files)) = base.copy {
            self.spawn_skill(at, proposals, document, files)?;
        }
        self.redirect = Some((target, proposals));
        let written = self.dispatch(at, caller, &command)?;
        self.redirect = None;
        // The skill the write landed on: an import from a source the agent
        // proposed before updates that proposal, whatever name it asked for.
        let entity = written
            .id
            .and_then(|id| self.world.resource::<Entities>().get(id))
            .expect("a content write names the skill it wrote");
        let proposal = Proposal {
            target: match layer {
                Layer::Commons => None,
                Layer::Agent(owner) => Some(owner.clone()),
            },
            agent,
            proposed_at: at,
            base_revision: base.revision,
            outcome: None,
        };
        let mut applied = self.rewrite(at, entity, |_, skill| {
            skill.status = Status::Proposed;
            skill.proposal = Some(Box::new(proposal));
        });
        applied.replacements = written.replacements;
        applied.install = written.install;
        applied.proposed = true;
        Ok(applied)
    }

    /// The command as it runs in the proposals world (no revision check or
    /// copy source of its own: those were applied to the target) and what
    /// it starts from. Taken names are judged in the
    /// target, as the write itself would be.
    fn staged_command(
        &self,
        caller: &Caller,
        command: &Command,
        layer: &Layer,
        proposals: StableId,
    ) -> Result<(Command, Base), WorldError> {
        let target = self.world_of(layer)?;
        let index = self.world.resource::<NameIndex>();
        let taken = |name: &str| index.get(target, name).is_some();
        let mut command = command.clone();
        let base = match &mut command {
            Command::CreateSkill { document, .. } => {
                if taken(&document.name) {
                    return Err(WorldError::SkillExists(document.name.clone()));
                }
                Base::default()
            }
            // A share puts a skill in front of another agent: new there.
            Command::CopySkill { name, .. } => {
                if taken(name) {
                    return Err(WorldError::SkillExists(name.clone()));
                }
                Base::default()
            }
            Command::InstallSkill {
                document,
                on_collision,
                ..
            } => {
                let placed = self.place_install(target, document, *on_collision)?;
                document.name = placed.document.name;
                match placed.entity {
                    Some(live) => self.base_of(proposals, live)?,
                    None => Base::default(),
                }
            }
            Command::ReplaceSkill {
                name,
                document,
                expected_revision,
                copy_from,
                ..
            } => {
                if document.name != *name && taken(&document.name) {
                    return Err(WorldError::SkillExists(document.name.clone()));
                }
                self.change_base(
                    caller,
                    (layer, name),
                    expected_revision,
                    copy_from,
                    proposals,
                )?
            }
            Command::PatchSkill {
                name,
                expected_revision,
                copy_from,
                ..
            }
            | Command::WriteFile {
                name,
                expected_revision,
                copy_from,
                ..
            } => self.change_base(
                caller,
                (layer, name),
                expected_revision,
                copy_from,
                proposals,
            )?,
            _ => unreachable!("only content writes are proposed"),
        };
        Ok((command, base))
    }

    /// The base of a change to `name` in `layer`: the agent's earlier
    /// proposal of it, else the skill the write would change, after every
    /// check the write makes on it (its revision and copy source included,
    /// which the staged command then goes without).
    fn change_base(
        &self,
        caller: &Caller,
        (layer, name): (&Layer, &str),
        expected_revision: &mut Option<u64>,
        copy_from: &mut Option<Layer>,
        proposals: StableId,
    ) -> Result<Base, WorldError> {
        let to = WriteTo {
            layer,
            name,
            expected_revision: expected_revision.take(),
            copy_from: copy_from.as_ref(),
        };
        let staged = self.world.resource::<NameIndex>().get(proposals, name);
        let base = match staged {
            Some(staged) => Ok(self.staged_base(staged)),
            None => self.live_base(caller, &to),
        };
        *copy_from = None;
        base
    }

    fn live_base(&self, caller: &Caller, to: &WriteTo<'_>) -> Result<Base, WorldError> {
        let (document, files, live) = self.write_base(caller, to)?;
        Ok(Base {
            copy: Some((document, files)),
            revision: live.map(|live| self.revision_of(live)),
        })
    }

    /// The base of an install that lands on the live skill `live`.
    fn base_of(&self, proposals: StableId, live: Entity) -> Result<Base, WorldError> {
        let name = &self.world.get::<EntityRecord>(live).expect("skill").title;
        Ok(
            match self.world.resource::<NameIndex>().get(proposals, name) {
                Some(staged) => self.staged_base(staged),
                None => Base {
                    copy: Some((self.document(live)?, self.bundle_files(live)?)),
                    revision: Some(self.revision_of(live)),
                },
            },
        )
    }

    fn staged_base(&self, staged: Entity) -> Base {
        let skill = self.world.get::<Skill>(staged).expect("skill");
        Base {
            copy: None,
            revision: skill.proposal.as_ref().and_then(|p| p.base_revision),
        }
    }

    fn revision_of(&self, entity: Entity) -> u64 {
        self.world
            .get::<Revisions>(entity)
            .expect("skills carry Revisions")
            .current
    }

    /// A world of `proposer`'s that no layer stack contains: a private one
    /// of the agent's, or the habitat-wide one.
    fn spawn_proposals_world(
        &mut self,
        at: Timestamp,
        proposer: &str,
    ) -> Result<StableId, WorldError> {
        let config = match self.check_proposer(proposer)? {
            Some(agent) => WorldConfig::private_for(agent),
            None => WorldConfig::habitat_proposals(),
        };
        let id = self.world.resource_mut::<Entities>().allocate();
        let title = format!("{proposer} (proposals)");
        self.world.spawn((
            record(id, &title, None, PrimaryComponent::World, at),
            config,
        ));
        Ok(id)
    }

    /// Removes every entity spawned after `mark` and hands ids out from
    /// there again.
    fn forget_since(&mut self, mark: StableId) {
        let mut query = self.world.query::<(Entity, &EntityRecord)>();
        let spawned: Vec<(Entity, StableId)> = query
            .iter(&self.world)
            .filter(|(_, record)| record.id > mark)
            .map(|(entity, record)| (entity, record.id))
            .collect();
        for (entity, id) in spawned {
            self.world.despawn(entity);
            self.world.resource_mut::<Entities>().forget(id);
        }
        self.world.resource_mut::<Entities>().allocator = IdAllocator::after(mark);
    }

    /// Makes `agent`'s proposal live in its target, as a new revision of
    /// the live skill it changes or as a new skill (always one under
    /// `rename`); the live skill's switches and provenance stay, and the
    /// content is scanned again where it lands.
    pub(super) fn approve_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        agent: &str,
        name: &str,
        rename: Option<&str>,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, "approve a proposal")?;
        let rename = rename.filter(|new| *new != name);
        let staged = self.open_proposal(at, agent, name)?;
        let proposal = self.proposal_of(staged);
        let world = self.world_of(&target_layer(&proposal.target))?;
        let final_name = rename.unwrap_or(name);
        let mut document = self.document(staged)?;
        let files = self.bundle_files(staged)?;
        // Approving lets content go live; it keeps the level it was
        // proposed with (an unsigned import stays community).
        self.write_trust = self
            .world
            .get::<Skill>(staged)
            .expect("skill")
            .trust_level();
        document.name = final_name.to_owned();
        document.skill.proposal = None;
        let live = self.world.resource::<NameIndex>().get(world, final_name);
        let applied = match live {
            Some(_) if rename.is_some() => {
                return Err(WorldError::SkillExists(final_name.to_owned()));
            }
            Some(live) => {
                document.skill.status = self.world.get::<Skill>(live).expect("skill").status;
                let resources = self.reinstall_resources(at, world, live, files);
                self.rewrite(at, live, |record, skill| {
                    apply_document(record, skill, document);
                    skill.resources = resources;
                })
            }
            None => {
                document.skill.status = Status::Active;
                self.spawn_skill(at, world, document, files)?
            }
        };
        let outcome = ProposalOutcome::Approved {
            at,
            name: final_name.to_owned(),
        };
        self.close_proposal(at, staged, outcome);
        Ok(applied)
    }

    /// Refuses `agent`'s proposal: the reason becomes the agent's lesson on
    /// the skill it would have changed when that skill exists (and an agent
    /// proposed it), and stays on the rejected proposal either way.
    pub(super) fn reject_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
        agent: &str,
        name: &str,
        reason: &str,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, "reject a proposal")?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(ProposalError::EmptyReason.into());
        }
        let staged = self.undecided_proposal(agent, name)?;
        let proposal = self.proposal_of(staged);
        let live = self.seen_in(&target_layer(&proposal.target), name);
        if let Some(live) = live.filter(|_| agent != ADMIN_PROPOSER) {
            let id = self.world.get::<EntityRecord>(live).expect("skill").id;
            self.lesson_at(at, agent, id, reason)?;
        }
        let outcome = ProposalOutcome::Rejected {
            at,
            reason: reason.to_owned(),
        };
        Ok(self.close_proposal(at, staged, outcome))
    }

    /// Expires every undecided proposal past the world's expiry; counts
    /// them in `replacements`.
    pub(super) fn expire_at(
        &mut self,
        at: Timestamp,
        caller: &Caller,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, "expire proposals")?;
        let due = self.due_proposals(at);
        for staged in &due {
            self.close_proposal(at, *staged, ProposalOutcome::Expired { at });
        }
        Ok(Applied {
            replacements: Some(due.len()),
            ..Applied::default()
        })
    }

    /// Sets the approval mode and, when given, the expiry.
    pub(super) fn set_approval_at(
        &mut self,
        caller: &Caller,
        mode: ApprovalMode,
        expire_after_days: Option<u32>,
    ) -> Result<Applied, WorldError> {
        admin_only(caller, "change the approval setting")?;
        if let Some(days) = expire_after_days
            && !(1..=MAX_PROPOSAL_DAYS).contains(&days)
        {
            return Err(ProposalError::BadExpiry {
                days,
                max: MAX_PROPOSAL_DAYS,
            }
            .into());
        }
        let mut policy = self.world.resource_mut::<PolicySettings>();
        policy.approval.mode = mode;
        if let Some(days) = expire_after_days {
            policy.approval.expire_after_days = days;
        }
        Ok(Applied::default())
    }

    /// An undecided proposal that has not yet expired.
    fn open_proposal(&self, at: Timestamp, agent: &str, name: &str) -> Result<Entity, WorldError> {
        let staged = self.undecided_proposal(agent, name)?;
        let proposed_at = self.proposal_of(staged).proposed_at;
        if at >= self.approval().expires_at(proposed_at) {
            return Err(ProposalError::Expired {
                agent: agent.to_owned(),
                name: name.to_owned(),
            }
            .into());
        }
        Ok(staged)
    }

    fn undecided_proposal(&self, agent: &str, name: &str) -> Result<Entity, WorldError> {
        self.check_proposer(agent)?;
        self.pending_proposal(agent, name)
            .filter(|staged| {
                self.world
                    .get::<Skill>(*staged)
                    .and_then(|skill| skill.proposal.as_ref())
                    .is_some_and(|p| p.outcome.is_none())
            })
            .ok_or_else(|| {
                ProposalError::Unknown {
                    agent: agent.to_owned(),
                    name: name.to_owned(),
                }
                .into()
            })
    }

    fn proposal_of(&self, staged: Entity) -> Proposal {
        self.world
            .get::<Skill>(staged)
            .and_then(|skill| skill.proposal.as_deref().cloned())
            .expect("a proposal")
    }

    /// Ends a proposal: deleted from its agent's proposals world (the name
    /// is free for a new one), kept with its outcome for the agent to read.
    fn close_proposal(
        &mut self,
        at: Timestamp,
        staged: Entity,
        outcome: ProposalOutcome,
    ) -> Applied {
        self.rewrite(at, staged, |record, skill| {
            record.deleted_at = Some(at);
            skill.status = Status::Discarded;
            if let Some(proposal) = &mut skill.proposal {
                proposal.outcome = Some(outcome);
            }
        })
    }
}

/// Approval settings and decisions belong to admins and the host.
fn admin_only(caller: &Caller, what: &'static str) -> Result<(), ProposalError> {
    match caller.agent {
        Some(_) => Err(ProposalError::AdminOnly(what)),
        None => Ok(()),
    }
}
