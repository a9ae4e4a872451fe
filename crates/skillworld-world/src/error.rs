use skillworld_format::RenderError;
use thiserror::Error;

use skillworld_core::limits::{MAX_BUNDLE_BYTES, MAX_BUNDLE_FILES, MAX_FILE_BYTES};
use skillworld_core::{NameError, Origin, StableId};

use crate::guard::GuardRefusal;
use crate::layers::WorldConfigError;

/// Why a world operation was refused. Messages are written for a model or a
/// person to act on; nothing is changed when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WorldError {
    #[error("Agent '{0}' is not registered")]
    UnknownAgent(String),
    #[error("Agent '{0}' already exists")]
    AgentExists(String),
    #[error("Agent '{0}' is disabled")]
    AgentDisabled(String),
    #[error(transparent)]
    WorldConfig(#[from] WorldConfigError),
    #[error(transparent)]
    InvalidName(#[from] NameError),
    #[error("Skill '{0}' already exists in this world")]
    SkillExists(String),
    #[error("Skill '{0}' is not registered")]
    UnknownSkill(String),
    #[error("{field} of skill '{name}' is {chars} characters, over the {limit}-character limit")]
    TooLong {
        name: String,
        field: &'static str,
        chars: usize,
        limit: usize,
    },
    #[error("Skill '{name}' has no revision {number}")]
    UnknownRevision { name: String, number: u64 },
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A body left in the store at open could not be read (issue 19).
    #[error(transparent)]
    Body(#[from] skillworld_core::BodyError),
    #[error(
        "Skill '{name}' changed since you read it: expected revision {expected}, current revision is {current}. Read it again and retry."
    )]
    Conflict {
        name: String,
        expected: u64,
        current: u64,
    },
    #[error(transparent)]
    Patch(#[from] PatchError),
    #[error("{0}")]
    Curator(String),
    #[error("Skill '{name}' is bound to {agents}; archive it with force, or unbind it first")]
    BoundSkill { name: String, agents: String },
    /// An agent name that breaks the skill-name rules (MOD-6).
    #[error("Agent name '{name}' is refused: {reason}")]
    AgentName { name: String, reason: String },
    /// A tool set that cannot be defined or removed.
    #[error("Tool set '{name}' cannot be changed: {reason}")]
    ToolSet { name: String, reason: String },
    /// A file write or removal names a file the skill does not have.
    #[error("Skill '{name}' has no file '{path}'")]
    UnknownFile { name: String, path: String },
    /// The world refuses agents' writes to Commons skills (POL-3).
    #[error(
        "Skill '{0}' is shared in the commons and this world refuses agents' writes to it; create your own skill instead"
    )]
    CommonsWritesRefused(String),
    /// No lesson of that id the caller may change (another agent's lessons
    /// do not exist for it).
    #[error("Skill {skill} has no lesson {id} of yours")]
    UnknownLesson { skill: StableId, id: u64 },
    /// An agent may not make this copy (GOV-3).
    #[error("Agent '{agent}' cannot copy this skill: {reason}")]
    CopyRefused { agent: String, reason: String },
    /// A key or trust-policy change refused (GOV-2).
    #[error("Key '{name}' is refused: {reason}")]
    KeyRefused { name: String, reason: String },
    /// Content refused by the rules every content-changing command obeys.
    #[error(transparent)]
    Content(#[from] ContentError),
    /// A refused approval command (GOV-1).
    #[error(transparent)]
    Proposal(#[from] ProposalError),
}

/// Why an approval command (GOV-1) was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProposalError {
    /// Approval settings and decisions are an admin's.
    #[error("Only an admin may {0}")]
    AdminOnly(&'static str),
    /// No undecided proposal of that name by that agent.
    #[error("Agent '{agent}' has no pending proposal '{name}'")]
    Unknown { agent: String, name: String },
    /// Past its expiry: nobody can approve it any more.
    #[error("Proposal '{name}' of agent '{agent}' has expired; the agent may propose it again")]
    Expired { agent: String, name: String },
    /// A rejection without a reason would teach the agent nothing.
    #[error("A rejection needs a reason: the agent reads it")]
    EmptyReason,
    /// An expiry outside the bounds.
    #[error("Proposals expire after 1 to {max} days, not {days}")]
    BadExpiry { days: u32, max: u32 },
}

/// Why a literal patch did not apply (TOOL-2), with the exact messages.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatchError {
    #[error("old_string cannot be empty")]
    EmptyOldString,
    #[error("old_string not found in skill '{name}'")]
    NotFound { name: String },
    #[error(
        "old_string matches {matches} times in skill '{name}'; pass replace_all=true or use a more unique string"
    )]
    Ambiguous { name: String, matches: usize },
}

/// Why `skill_load` gave no body (CAT-6), as text a model can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    #[error("Skill name is empty. Pass the name of a skill from the catalog.")]
    EmptyName,
    #[error("Skill '{0}' not found. Use skill_search to find available skills.")]
    Unknown(String),
    #[error("Skill '{0}' is disabled. Use skill_search to find another skill.")]
    Disabled(String),
    #[error("Skill '{name}' is not available to this agent: {reason}.")]
    NotAvailable { name: String, reason: String },
    #[error("Path '{path}' is outside the bundle of skill '{name}'.")]
    OutsideBundle { name: String, path: String },
    #[error("File '{path}' is not part of skill '{name}'. Its files: {files}.")]
    NoSuchFile {
        name: String,
        path: String,
        files: String,
    },
    #[error("Skill '{name}' has {pages} page(s); page {page} does not exist.")]
    NoSuchPage {
        name: String,
        page: usize,
        pages: usize,
    },
    /// A page past the end of a bundle file (CAT-6).
    #[error("File '{path}' of skill '{name}' has {pages} page(s); page {page} does not exist.")]
    NoSuchFilePage {
        name: String,
        path: String,
        page: usize,
        pages: usize,
    },
    #[error("Skill '{name}': {source}")]
    Parameters { name: String, source: RenderError },
}

/// Why content was refused. Nothing was written when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContentError {
    /// A bundle path that could leave the skill's folder or lands nowhere.
    #[error(
        "Skill '{skill}': file path '{path}' is refused: {reason}. Paths are relative, '/'-separated and start with scripts/, references/, assets/ or templates/."
    )]
    BadPath {
        skill: String,
        path: String,
        reason: &'static str,
    },
    /// Two files of one bundle at the same path.
    #[error("Skill '{skill}': file path '{path}' appears twice")]
    DuplicatePath { skill: String, path: String },
    /// One file over MOD-5's per-file limit.
    #[error(
        "Skill '{skill}': file '{path}' is {bytes} bytes, over the {MAX_FILE_BYTES}-byte limit per file"
    )]
    FileTooLarge {
        skill: String,
        path: String,
        bytes: u64,
    },
    /// The whole bundle over MOD-5's limit.
    #[error("Skill '{skill}': the bundle is {bytes} bytes, over the {MAX_BUNDLE_BYTES}-byte limit")]
    BundleTooLarge { skill: String, bytes: u64 },
    /// More files than MOD-5 allows.
    #[error("Skill '{skill}': the bundle has {count} files, over the limit of {MAX_BUNDLE_FILES}")]
    TooManyFiles { skill: String, count: usize },
    /// An agent claimed an origin only the host may give.
    #[error(
        "Skill '{skill}': origin '{origin}' is reserved for the host; an agent's skills are user, imported, evolved or routine"
    )]
    ReservedOrigin { skill: String, origin: Origin },
    /// A builtin skill, which agents may not change or copy.
    #[error("Skill '{skill}' is builtin and cannot be changed by an agent")]
    Builtin { skill: String },
    /// A virtual skill that mirrors something outside (an MCP server).
    #[error(
        "Skill '{skill}' is a read-only {origin} skill; it changes only when its source is registered again"
    )]
    ReadOnly { skill: String, origin: Origin },
    /// A copy-on-write of a skill the scanner blocked.
    #[error("Skill '{skill}' was blocked by the security scan and cannot be copied")]
    BlockedSource { skill: String },
    /// The TOOL-3 guard refused what an autonomous write would store.
    #[error(transparent)]
    Guard(#[from] GuardRefusal),
    /// The bundle's `SKILL.sig` does not match its content (GOV-2): it was
    /// changed after signing, or the signature is not the named key's.
    #[error(
        "Skill '{skill}': the install is refused, its SKILL.sig signed by key {key} does not verify: {reason}. The bundle was changed after it was signed; get it again from its publisher"
    )]
    BadSignature {
        skill: String,
        key: String,
        reason: String,
    },
}
