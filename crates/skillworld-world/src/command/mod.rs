//! One write path (STO-3): every change to the world is a serialisable
//! [`Command`] carried in an [`Envelope`] with its time and caller. The
//! world applies envelopes one at a time, all or nothing, and keeps the
//! applied ones in its journal; replaying a journal on the world it started
//! from rebuilds the same world.

use serde::{Deserialize, Serialize};
use skillworld_core::{Bucket, Lifecycle, Preflight, StableId, Status, Timestamp, Trust};
use skillworld_format::{BundleFile, BundleSignature, SkillDocument};

use crate::layers::Layer;

mod admission;
mod agents;
mod apply;
mod curator;
mod proposals;
mod sharing;
mod skills;
mod trust;
mod usage;

pub use admission::{Prescan, prehash, prescan, prescan_named};
pub(crate) use admission::{Scans, digest_of, scanning_ahead};

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

impl std::str::FromStr for CallerKind {
    type Err = String;

    /// The spellings every front door accepts (`?caller=`, `--caller`).
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "visible" => Ok(CallerKind::Visible),
            "invisible" => Ok(CallerKind::Invisible),
            "subagent" => Ok(CallerKind::Subagent),
            other => Err(format!(
                "caller '{other}' is not visible, invisible or subagent"
            )),
        }
    }
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

/// Changes to a skill's switches and runtime state. The scan verdict is
/// not among them: it follows the content (SEC-2), so no switch sets it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    pub enabled: Option<bool>,
    pub pinned: Option<bool>,
    pub lifecycle: Option<Lifecycle>,
    pub status: Option<Status>,
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
    /// An imported skill with its files: created, or updating the skill
    /// from the same source, or, for a name taken by another source, as
    /// `on_collision` says (STO-6); a reinstall keeps buckets the bundle
    /// leaves empty unless `force_prune` (FMT-7).
    InstallSkill {
        layer: Layer,
        document: SkillDocument,
        files: Vec<BundleFile>,
        #[serde(default = "OnCollision::before_sto6")]
        on_collision: OnCollision,
        #[serde(default = "pruned_before_sto6")]
        force_prune: bool,
        /// The bundle's `SKILL.sig` (GOV-2): checked against the content
        /// and the registered keys; it sets the skill's trust level, and a
        /// signed install replaces the whole bundle (every bucket pruned),
        /// so the skill holds exactly what was signed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signature: Option<BundleSignature>,
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
    /// Writes one bundle file of a skill (or, without `bytes`, removes
    /// it); with `copy_from`, copy-on-write as for patches.
    WriteFile {
        layer: Layer,
        name: String,
        path: String,
        bytes: Option<Vec<u8>>,
        executable: bool,
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
    /// A lesson of `agent` on a skill (CAT-9, SEC-2): kept for that
    /// (skill, agent) pair, seen by that agent and admins only.
    RecordLesson {
        agent: String,
        skill: StableId,
        text: String,
    },
    /// Changes the text of a lesson (GOV-4): an agent its own, an admin any.
    EditLesson {
        skill: StableId,
        id: u64,
        text: String,
    },
    /// Deletes a lesson under the same rule.
    DeleteLesson {
        skill: StableId,
        id: u64,
    },
    /// Copies a skill to another layer (GOV-3): into the Commons is a
    /// promotion, into an agent's world a share.
    CopySkill {
        from: Layer,
        name: String,
        to: Layer,
    },
    /// Registers a publisher's Ed25519 key with a level (official or
    /// trusted), replacing a key of that name (GOV-2; admin only).
    TrustKey {
        name: String,
        #[serde(with = "hex::serde")]
        key: [u8; 32],
        level: Trust,
    },
    /// Removes a registered key; skills it signed keep their level.
    RemoveKey {
        name: String,
    },
    /// Which trust levels need approval (GOV-2; admin only).
    SetTrustPolicy {
        needs_approval: Vec<Trust>,
    },
    /// Defines a named tool set (POL-1 `@name`), or with no tools removes it.
    SetToolSet {
        name: String,
        tools: Option<Vec<String>>,
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
    /// How agents' writes go live (GOV-1, admin only), and when given the
    /// days before an undecided proposal expires.
    SetApproval {
        mode: crate::approval_settings::ApprovalMode,
        expire_after_days: Option<u32>,
    },
    /// Makes an agent's proposal live (admin only), under `rename` when
    /// given.
    ApproveProposal {
        agent: String,
        name: String,
        rename: Option<String>,
    },
    /// Refuses an agent's proposal (admin only) with the reason the agent
    /// reads: its lesson on the skill when there is one, else on the
    /// rejected proposal.
    RejectProposal {
        agent: String,
        name: String,
        reason: String,
    },
    /// Expires every undecided proposal past the world's expiry.
    ExpireProposals,
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
    /// How an install landed, and the buckets it kept (STO-6, FMT-7).
    pub install: Option<(InstallOutcome, Vec<Bucket>)>,
    /// The write waits for an admin as a proposal (GOV-1); `id` and
    /// `revision` are the proposal's.
    pub proposed: bool,
}

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
    /// It waits for an admin as a proposal (GOV-1, GOV-2's trust policy)
    /// instead of going live.
    pub proposed: bool,
}
