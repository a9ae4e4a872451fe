//! Approval (GOV-1): the world's setting, the one decision whether a write
//! waits for an admin, and the proposals as admins and their agents read
//! them. The commands that propose, approve, reject and expire are in
//! `command/proposals.rs`.
//!
//! A proposal is a skill in its agent's *proposals world*: a private world
//! owned by the agent that no layer stack contains, so nothing there is in
//! a catalog, loadable or listed to another agent. A proposed change to a
//! live skill is a copy of it there, changed; the live skill keeps serving.
//! An admin's or the host's install that the trust policy holds back waits
//! in the one habitat-wide proposals world, proposed by [`ADMIN_PROPOSER`].

use bevy_ecs::entity::Entity;
use serde::Serialize;
use skillworld_core::{
    EntityRecord, PrimaryComponent, ProposalOutcome, ScanStatus, Skill, StableId, Status,
    Timestamp, Trust,
};
use skillworld_format::export_skill_md;

use crate::approval_settings::{ApprovalMode, ApprovalSettings};
use crate::command::Caller;
use crate::diff::unified;
use crate::error::WorldError;
use crate::index::NameIndex;
use crate::layers::{Layer, WorldConfig};
use crate::revisions::Revisions;
use crate::state::SkillWorld;
use crate::trust::TrustPolicy;

/// The proposer of an admin's or the host's install that the trust policy
/// holds back: not a valid agent name (MOD-6), so no agent can own, read or
/// be confused with these proposals, and the agent-addressed routes reach
/// them as `agents/_admin/proposals`.
pub const ADMIN_PROPOSER: &str = "_admin";

/// Whether a content write by `caller` into `layer` waits for an admin
/// (GOV-1, GOV-2). The one place this is decided, reached from `apply` for
/// every door. Under `review`, every agent's write is proposed, whatever
/// the layer; whatever the mode, an install whose trust level (`install`,
/// decided from its signature before it is dispatched) the trust policy
/// names is proposed, whoever installs it. Other writes by admins and the
/// host go live.
pub fn needs_approval(
    caller: &Caller,
    _layer: &Layer,
    settings: &ApprovalSettings,
    policy: &TrustPolicy,
    install: Option<Trust>,
) -> bool {
    let reviewed = settings.mode == ApprovalMode::Review && caller.agent.is_some();
    reviewed || install.is_some_and(|level| policy.needs_approval(level))
}

/// Where a proposal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProposalState {
    Pending,
    Approved,
    Rejected,
    /// Past its expiry: expired by the job, or waiting for it (nobody can
    /// approve it any more).
    Expired,
}

/// One proposal as admins and its agent see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProposalView {
    /// The proposing agent.
    pub agent: String,
    pub name: String,
    /// Where it goes live: `commons` or `agents/NAME`.
    pub target: String,
    pub state: ProposalState,
    /// `new`, or `change` of a skill the target already has.
    pub kind: &'static str,
    pub description: String,
    pub proposed_at: Timestamp,
    pub expires_at: Timestamp,
    /// The live skill's revision when proposed, and now.
    pub base_revision: Option<u64>,
    pub live_revision: Option<u64>,
    /// The proposed content's scan verdict.
    pub scan: ScanStatus,
    /// The rejection's reason, kept for the agent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The name it went live under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_as: Option<String>,
    /// What it changes: SKILL.md and each bundle file, against the skill
    /// the agent sees under that name (empty lines: no such skill).
    pub diff: String,
}

impl SkillWorld {
    /// The world's approval settings.
    pub fn approval(&self) -> ApprovalSettings {
        self.world
            .resource::<crate::policy::PolicySettings>()
            .approval
    }

    /// The proposals `caller` may read (GOV-1): an agent reads its own
    /// only (another agent's do not exist for it: `UnknownAgent`), the host
    /// and admins any agent's or, with no agent named, everyone's.
    pub fn proposals_seen_by(
        &mut self,
        caller: &Caller,
        agent: Option<&str>,
        closed: bool,
    ) -> Result<Vec<ProposalView>, WorldError> {
        let agent = match (caller.agent.as_deref(), agent) {
            (Some(own), Some(named)) if named != own => {
                return Err(WorldError::UnknownAgent(named.to_owned()));
            }
            (Some(own), _) => Some(own),
            (None, named) => named,
        };
        self.proposals(agent, closed)
    }

    /// Proposals, oldest first: one agent's or (`None`) everyone's;
    /// `closed` adds approved, rejected and expired ones.
    pub fn proposals(
        &mut self,
        agent: Option<&str>,
        closed: bool,
    ) -> Result<Vec<ProposalView>, WorldError> {
        if let Some(agent) = agent {
            self.check_proposer(agent)?;
        }
        self.resolve.run(&mut self.world);
        let now = self.now();
        let mut found: Vec<(Timestamp, StableId, Entity)> = Vec::new();
        let mut query = self.world.query::<(Entity, &EntityRecord, &Skill)>();
        for (entity, record, skill) in query.iter(&self.world) {
            let Some(proposal) = &skill.proposal else {
                continue;
            };
            let open = proposal.outcome.is_none();
            if (open || closed) && agent.is_none_or(|a| a == proposal.agent) {
                found.push((proposal.proposed_at, record.id, entity));
            }
        }
        found.sort_unstable();
        found
            .into_iter()
            .map(|(_, _, entity)| self.proposal_view(entity, now))
            .filter(|view| {
                view.as_ref()
                    .map_or(true, |v| closed || v.state == ProposalState::Pending)
            })
            .collect()
    }

    fn proposal_view(&self, entity: Entity, now: Timestamp) -> Result<ProposalView, WorldError> {
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let proposal = skill.proposal.clone().expect("a proposal");
        let settings = self.approval();
        let expires_at = settings.expires_at(proposal.proposed_at);
        let (state, reason, approved_as) = match &proposal.outcome {
            None if now >= expires_at => (ProposalState::Expired, None, None),
            None => (ProposalState::Pending, None, None),
            Some(ProposalOutcome::Approved { name, .. }) => {
                (ProposalState::Approved, None, Some(name.clone()))
            }
            Some(ProposalOutcome::Rejected { reason, .. }) => {
                (ProposalState::Rejected, Some(reason.clone()), None)
            }
            Some(ProposalOutcome::Expired { .. }) => (ProposalState::Expired, None, None),
        };
        let target = target_layer(&proposal.target);
        let live = self.seen_in(&target, &record.title);
        let base = match live {
            Some(live) => Some((self.document(live)?, self.bundle_files(live)?)),
            None => None,
        };
        // The diff shows the content as it would go live, not the status
        // it waits in.
        let mut document = self.document(entity)?;
        document.skill.status = base
            .as_ref()
            .map_or(Status::Active, |(live, _)| live.skill.status);
        document.skill.proposal = None;
        let proposed = (export_skill_md(&document), self.bundle_files(entity)?);
        let base = base.map(|(live, files)| (export_skill_md(&live), files));
        Ok(ProposalView {
            agent: proposal.agent.clone(),
            name: record.title.clone(),
            target: layer_name(&target),
            state,
            kind: if proposal.base_revision.is_some() {
                "change"
            } else {
                "new"
            },
            description: record.summary.clone(),
            proposed_at: proposal.proposed_at,
            expires_at,
            base_revision: proposal.base_revision,
            live_revision: self
                .skill_entity(&target, &record.title)
                .ok()
                .and_then(|live| self.world.get::<Revisions>(live))
                .map(|revisions| revisions.current),
            scan: skill.scan,
            reason,
            approved_as,
            diff: bundle_diff(base.as_ref(), &proposed),
        })
    }

    /// How many undecided proposals are past their expiry at `at` (what a
    /// [`Command::ExpireProposals`](crate::Command::ExpireProposals) then
    /// would expire).
    pub fn proposals_due(&self, at: Timestamp) -> usize {
        self.due_proposals(at).len()
    }

    /// Undecided proposals past their expiry at `at`, in stable-id order.
    pub(crate) fn due_proposals(&self, at: Timestamp) -> Vec<Entity> {
        let settings = self.approval();
        let mut query = self
            .world
            .try_query::<(Entity, &EntityRecord, &Skill)>()
            .expect("skills are registered");
        let mut due: Vec<(StableId, Entity)> = query
            .iter(&self.world)
            .filter(|(_, record, skill)| {
                !record.is_deleted()
                    && skill.proposal.as_ref().is_some_and(|p| {
                        p.outcome.is_none() && at >= settings.expires_at(p.proposed_at)
                    })
            })
            .map(|(entity, record, _)| (record.id, entity))
            .collect();
        due.sort_unstable();
        due.into_iter().map(|(_, entity)| entity).collect()
    }

    /// The undeleted skill a reader of `layer` sees as `name`, if any.
    pub(crate) fn seen_in(&self, layer: &Layer, name: &str) -> Option<Entity> {
        let home = self.locate(layer, name).ok()?;
        self.skill_entity(&home, name).ok()
    }

    /// `proposer`'s proposals world, if it has made one: a private world of
    /// the agent's besides its own, or the habitat-wide one of
    /// [`ADMIN_PROPOSER`] (public, ownerless, not the Commons).
    pub(crate) fn proposals_world(&self, proposer: &str) -> Result<Option<StableId>, WorldError> {
        let (owner, private) = match self.check_proposer(proposer)? {
            Some(agent) => (Some(agent), Some(self.agent(proposer)?.private_world)),
            None => (None, None),
        };
        let mut query = self
            .world
            .try_query::<(&EntityRecord, &WorldConfig)>()
            .expect("worlds are registered");
        Ok(query
            .iter(&self.world)
            .find(|(record, config)| {
                record.primary == PrimaryComponent::World
                    && config.owner == owner
                    && !config.common
                    && Some(record.id) != private
            })
            .map(|(record, _)| record.id))
    }

    /// The agent `proposer` names (`None`: [`ADMIN_PROPOSER`]).
    pub(crate) fn check_proposer(&self, proposer: &str) -> Result<Option<StableId>, WorldError> {
        if proposer == ADMIN_PROPOSER {
            return Ok(None);
        }
        Ok(Some(self.agent_entity(proposer)?.0))
    }

    /// The pending proposal `name` of `agent`.
    pub(crate) fn pending_proposal(&self, agent: &str, name: &str) -> Option<Entity> {
        let world = self.proposals_world(agent).ok()??;
        self.world.resource::<NameIndex>().get(world, name)
    }
}

/// The layer a proposal's target names.
pub(crate) fn target_layer(target: &Option<String>) -> Layer {
    match target {
        Some(agent) => Layer::Agent(agent.clone()),
        None => Layer::Commons,
    }
}

fn layer_name(layer: &Layer) -> String {
    match layer {
        Layer::Commons => "commons".to_owned(),
        Layer::Agent(agent) => format!("agents/{agent}"),
    }
}

/// SKILL.md and every bundle file, old against new, as unified diffs.
fn bundle_diff(
    old: Option<&(String, Vec<skillworld_format::BundleFile>)>,
    new: &(String, Vec<skillworld_format::BundleFile>),
) -> String {
    let empty = (String::new(), Vec::new());
    let old = old.unwrap_or(&empty);
    let mut out = unified("SKILL.md", &old.0, &new.0);
    let mut paths: Vec<&str> = old
        .1
        .iter()
        .chain(&new.1)
        .map(|file| file.path.as_str())
        .collect();
    paths.sort_unstable();
    paths.dedup();
    let text = |files: &[skillworld_format::BundleFile], path: &str| {
        files.iter().find(|f| f.path == path).map(|f| {
            String::from_utf8(f.bytes.clone())
                .unwrap_or_else(|_| format!("(binary, {} bytes)\n", f.bytes.len()))
        })
    };
    for path in paths {
        let (before, after) = (text(&old.1, path), text(&new.1, path));
        if before != after {
            out.push_str(&unified(
                path,
                before.as_deref().unwrap_or(""),
                after.as_deref().unwrap_or(""),
            ));
        }
    }
    out
}
