use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::keyword::keyword_enum;
use crate::{JsonMap, StableId, Timestamp};

keyword_enum! {
    /// Where a skill came from (MOD-4).
    Origin, "origin" {
        Builtin => "builtin",
        User => "user",
        Imported => "imported",
        Evolved => "evolved",
        Routine => "routine",
        Mcp => "mcp",
        Acp => "acp",
        Project => "project",
    }
}

impl Origin {
    /// Written by an agent's own background review pass (TOOL-3, CUR-2).
    pub fn is_autonomous(self) -> bool {
        matches!(self, Origin::Evolved | Origin::Routine)
    }
}

keyword_enum! {
    /// Authoring state (MOD-4).
    Status, "status" {
        Draft => "draft",
        Active => "active",
        Discarded => "discarded",
        /// Written by an agent under `approval = review` (GOV-1): waiting
        /// for an admin, never live.
        Proposed => "proposed",
    }
}

keyword_enum! {
    /// Curator state (MOD-4, CUR-1).
    Lifecycle, "lifecycle" {
        Active => "active",
        Stale => "stale",
        Archived => "archived",
    }
}

keyword_enum! {
    /// The type of a skill or script parameter (FMT-6).
    ParamType, "parameter type" {
        String => "string",
        Number => "number",
        Boolean => "boolean",
        Array => "array",
    }
}

keyword_enum! {
    /// How a script receives its arguments (SCR-1).
    #[derive(Default)]
    ArgStyle, "arg_style" {
        #[default]
        Json => "json",
        Flags => "flags",
    }
}

/// A typed input of a skill or a script (FMT-6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Parameter {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ParamType,
    #[serde(default)]
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A typed entry point of a skill (SCR-1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScriptSpec {
    pub id: String,
    pub path: String,
    /// Also read as MateClaw's `fixedArgs`.
    #[serde(default, alias = "fixedArgs", skip_serializing_if = "Vec::is_empty")]
    pub fixed_args: Vec<String>,
    /// Also read as MateClaw's `argStyle`.
    #[serde(default, alias = "argStyle")]
    pub arg_style: ArgStyle,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<Parameter>,
}

impl ScriptSpec {
    /// Every key a script entry may have, in either spelling.
    pub const KEYS: [&'static str; 7] = [
        "id",
        "path",
        "fixed_args",
        "fixedArgs",
        "arg_style",
        "argStyle",
        "parameters",
    ];
}

/// What a skill needs from its host before it is ready (MOD-4, HAB-4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Requires {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bins: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub any_bins: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub config: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub endpoints: Vec<String>,
    /// Host platforms (`linux`, `macos`, `windows`); empty means any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub platforms: Vec<String>,
    /// OpenClaw `always`: offered regardless of requirements.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub always: bool,
    /// OpenClaw `primaryEnv`: the variable that carries the main credential.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primary_env: Option<String>,
}

impl Requires {
    pub fn is_empty(&self) -> bool {
        *self == Requires::default()
    }

    /// Adds what `other` requires, keeping the first occurrence of each item.
    pub fn merge(&mut self, other: Requires) {
        fn union(into: &mut Vec<String>, from: Vec<String>) {
            for item in from {
                if !into.contains(&item) {
                    into.push(item);
                }
            }
        }
        union(&mut self.tools, other.tools);
        union(&mut self.bins, other.bins);
        union(&mut self.any_bins, other.any_bins);
        union(&mut self.env, other.env);
        union(&mut self.secrets, other.secrets);
        union(&mut self.config, other.config);
        union(&mut self.endpoints, other.endpoints);
        union(&mut self.platforms, other.platforms);
        self.always |= other.always;
        if self.primary_env.is_none() {
            self.primary_env = other.primary_env;
        }
    }
}

/// A skill's [`Requires`], kept out of line and only when some are set.
/// Nearly every skill requires nothing, and the `skill` component is
/// stored by value in the world's column for every skill: inline, the
/// eight lists and the option were 224 of its bytes; here they are 8, and
/// no allocation while empty (issue 19, the 100,000-skill open). Reads go
/// through `Deref` (an empty value when none is set); a write through
/// `DerefMut` makes the box. Compares, prints and serializes as the
/// `Requires` it holds, so rows, JSON and digests are unchanged.
#[derive(Clone, Default)]
pub struct RequiresBox(Option<Box<Requires>>);

/// What [`RequiresBox`] reads as when nothing is set.
static NO_REQUIREMENTS: Requires = Requires {
    tools: Vec::new(),
    bins: Vec::new(),
    any_bins: Vec::new(),
    env: Vec::new(),
    secrets: Vec::new(),
    config: Vec::new(),
    endpoints: Vec::new(),
    platforms: Vec::new(),
    always: false,
    primary_env: None,
};

impl RequiresBox {
    /// The requirements themselves, taken out of the box.
    pub fn into_inner(self) -> Requires {
        self.0.map_or_else(Requires::default, |requires| *requires)
    }
}

impl From<Requires> for RequiresBox {
    fn from(requires: Requires) -> Self {
        RequiresBox((!requires.is_empty()).then(|| Box::new(requires)))
    }
}

impl std::ops::Deref for RequiresBox {
    type Target = Requires;

    fn deref(&self) -> &Requires {
        self.0.as_deref().unwrap_or(&NO_REQUIREMENTS)
    }
}

impl std::ops::DerefMut for RequiresBox {
    fn deref_mut(&mut self) -> &mut Requires {
        self.0.get_or_insert_with(Box::default)
    }
}

impl PartialEq for RequiresBox {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for RequiresBox {}

impl std::fmt::Debug for RequiresBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for RequiresBox {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RequiresBox {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Requires::deserialize(deserializer).map(RequiresBox::from)
    }
}

keyword_enum! {
    /// How a resource's bytes are stored (MOD-5).
    ResourceKind, "resource kind" {
        Text => "text",
        ObjectFile => "object_file",
    }
}

/// A skill's pointer to one of its bundle files (MOD-4 `resources`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceRef {
    pub path: String,
    pub entity_id: StableId,
    pub kind: ResourceKind,
}

/// Usage signals (MOD-4), read by ranking (CAT-3) and the curator (CUR-1).
/// A component of its own: loads change it often, and nothing that
/// resolution caches depends on it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::component::Component))]
pub struct Usage {
    pub load_count: u64,
    pub last_loaded_at: Option<Timestamp>,
    pub last_activity_at: Option<Timestamp>,
    pub curator_seen_at: Option<Timestamp>,
}

/// Where a skill came from, beyond its origin (MOD-4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Provenance {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_conversation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_run: Option<String>,
    /// The path or URL an imported skill was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub import_source: Option<String>,
    /// The name as written, when an import had to normalise it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_name: Option<String>,
    /// The skill this one was promoted or shared from (GOV-3).
    /// Boxed: set only on promoted or shared copies, and the `skill`
    /// component carries it by value for every skill (issue 19).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copied_from: Option<Box<CopiedFrom>>,
}

/// Where a promoted or shared copy came from (GOV-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopiedFrom {
    /// `commons/NAME` or `agents/AGENT/NAME`.
    pub source: String,
    /// The source's revision when it was copied.
    pub revision: u64,
    /// Who copied it: an agent's name, or `admin`.
    pub actor: String,
}

keyword_enum! {
    /// The security scan's verdict on a skill (SEC-1).
    #[derive(Default)]
    ScanStatus, "scan status" {
        #[default]
        Unscanned => "unscanned",
        Clean => "clean",
        Warned => "warned",
        Blocked => "blocked",
    }
}

keyword_enum! {
    /// Readiness of a skill on its host (HAB-4).
    #[derive(Default)]
    Readiness, "readiness" {
        #[default]
        Ready => "ready",
        SetupNeeded => "setup-needed",
        Unsupported => "unsupported",
    }
}

/// One finding of the security scan, as stored with the skill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanFinding {
    pub rule: String,
    pub severity: String,
    pub file: String,
    pub line: usize,
    pub excerpt: String,
    /// One line saying what the finding means and what to do (SEC-4);
    /// empty in journals written before it existed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub explanation: String,
}

/// The preflight result of a skill: its readiness and what is missing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preflight {
    pub readiness: Readiness,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// What was not checked, and why (endpoints of a private skill, not yet
    /// probed, or over the per-skill bound); does not count against
    /// readiness.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unchecked: Vec<String>,
}

/// The `skill` component (MOD-4): everything a skill is beyond the common
/// entity fields (name, description, body, tags and `pinned` live on
/// [`EntityRecord`](crate::EntityRecord)) and its usage ([`Usage`]).
/// Immutable in the ECS: a change inserts a new value, so the world's hooks
/// see every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "bevy",
    derive(bevy_ecs::component::Component),
    component(immutable)
)]
pub struct Skill {
    /// MateClaw's human-readable `title`, distinct from the name.
    pub display_title: Option<String>,
    pub license: Option<String>,
    pub compatibility: Option<String>,
    /// Frontmatter `metadata`, nested values kept as they were written.
    pub metadata: JsonMap,
    pub allowed_tools: Vec<String>,
    pub denied_tools: Vec<String>,
    pub origin: Origin,
    pub status: Status,
    pub lifecycle: Lifecycle,
    pub enabled: bool,
    pub version: Option<String>,
    pub author: Option<String>,
    pub parameters: Vec<Parameter>,
    pub scripts: Vec<ScriptSpec>,
    pub requires: RequiresBox,
    /// OpenClaw `user-invocable`; `None` when the file does not say.
    pub user_invocable: Option<bool>,
    pub disable_model_invocation: bool,
    pub when_to_use: Option<String>,
    pub argument_hint: Option<String>,
    pub model: Option<String>,
    pub resources: Vec<ResourceRef>,
    /// The security scan's verdict (SEC-1); blocked skills are never live.
    pub scan: ScanStatus,
    /// What the scan found, for admins deciding about a blocked skill.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<ScanFinding>,
    /// Readiness on this host (HAB-4), shown in catalogs.
    pub preflight: Preflight,
    pub provenance: Provenance,
    /// Frontmatter keys no dialect knows, kept verbatim for export.
    pub extras: JsonMap,
    /// How far the content is vouched for (GOV-2): set by the world on
    /// every content change, never read from a file; `None` only in
    /// states written before trust levels, which migrate on load.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust: Option<crate::Trust>,
    /// What this skill proposes, when it is an agent's proposal (GOV-1).
    /// Boxed: only an agent's proposals carry one, and the `skill`
    /// component carries it by value for every skill (issue 19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposal: Option<Box<Proposal>>,
}

/// An agent's proposal (GOV-1): where it would go live, since when, and
/// how it ended. The proposed content is the skill carrying it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// The agent whose private world it targets; `None` for the Commons.
    pub target: Option<String>,
    /// The agent that proposed it.
    pub agent: String,
    pub proposed_at: Timestamp,
    /// The live skill's revision it changes; `None` for a new skill.
    pub base_revision: Option<u64>,
    /// Set once the proposal is decided or expired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<ProposalOutcome>,
}

/// How a proposal ended (GOV-1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ProposalOutcome {
    /// Made live under `name` at `at`.
    Approved { at: Timestamp, name: String },
    /// Refused by an admin, with the reason the agent reads.
    Rejected { at: Timestamp, reason: String },
    /// Left undecided past the world's expiry.
    Expired { at: Timestamp },
}

impl Skill {
    /// Whether the skill may be used at all: active, enabled, not archived,
    /// not blocked by the scan. Catalogs add the rules that depend on the
    /// host and the agent (CAT-2).
    pub fn is_live(&self) -> bool {
        self.status == Status::Active
            && self.enabled
            && self.lifecycle != Lifecycle::Archived
            && self.scan != ScanStatus::Blocked
    }

    /// A fresh, enabled, active skill of the given origin with no fields set.
    pub fn new(origin: Origin) -> Self {
        Skill {
            display_title: None,
            license: None,
            compatibility: None,
            metadata: JsonMap::default(),
            allowed_tools: Vec::new(),
            denied_tools: Vec::new(),
            origin,
            status: Status::Active,
            lifecycle: Lifecycle::Active,
            enabled: true,
            version: None,
            author: None,
            parameters: Vec::new(),
            scripts: Vec::new(),
            requires: RequiresBox::default(),
            user_invocable: None,
            disable_model_invocation: false,
            when_to_use: None,
            argument_hint: None,
            model: None,
            resources: Vec::new(),
            scan: ScanStatus::Unscanned,
            findings: Vec::new(),
            preflight: Preflight::default(),
            provenance: Provenance::default(),
            extras: JsonMap::default(),
            trust: None,
            proposal: None,
        }
    }

    /// The skill's version for upgrade decisions: the `version` field, else
    /// the string `metadata.version` (where strictly valid files keep it).
    pub fn effective_version(&self) -> Option<&str> {
        self.version
            .as_deref()
            .or_else(|| self.metadata.get("version").and_then(Value::as_str))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_are_boxed_only_when_set() {
        let mut skill = Skill::new(Origin::User);
        assert!(skill.requires.0.is_none());
        assert!(RequiresBox::from(Requires::default()).0.is_none());
        // A write makes the box; an emptied one still equals none.
        skill.requires.bins.push("jq".into());
        assert_eq!(skill.requires.bins, ["jq"]);
        skill.requires.bins.clear();
        assert_eq!(skill.requires, RequiresBox::default());
        assert_eq!(skill.requires.into_inner(), Requires::default());
    }

    #[test]
    fn boxed_requirements_read_and_write_as_requires() {
        let requires = Requires {
            env: vec!["API_KEY".into()],
            always: true,
            ..Requires::default()
        };
        let boxed = RequiresBox::from(requires.clone());
        let json = serde_json::to_string(&boxed).unwrap();
        assert_eq!(json, serde_json::to_string(&requires).unwrap());
        assert_eq!(serde_json::from_str::<RequiresBox>(&json).unwrap(), boxed);
        assert_eq!(format!("{boxed:?}"), format!("{requires:?}"));
        let none = serde_json::to_string(&RequiresBox::default()).unwrap();
        assert_eq!(none, "{}");
        assert!(
            serde_json::from_str::<RequiresBox>(&none)
                .unwrap()
                .0
                .is_none()
        );
    }

    /// The `skill` component is stored by value for every skill (issue 19):
    /// its rarely set parts stay out of line.
    #[test]
    fn the_skill_component_stays_small() {
        assert_eq!(size_of::<RequiresBox>(), size_of::<usize>());
        assert_eq!(size_of::<Option<Box<Proposal>>>(), size_of::<usize>());
        assert!(size_of::<Skill>() <= 600, "{}", size_of::<Skill>());
    }
}
