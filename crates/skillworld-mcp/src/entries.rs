//! What the MCP server lists, whichever backend it came from: tools,
//! skills, and one skill's text and parameters.

use serde_json::Value;
use skillworld_core::{Parameter, Trust};

/// A tool as MCP lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolDef {
    pub name: String,
    pub description: String,
    pub schema: Value,
}

/// A skill the agent can use, as far as listings need it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkillEntry {
    pub name: String,
    pub description: String,
    pub revision: u64,
    /// How far its content is vouched for (GOV-2), in resource metadata.
    pub trust: Trust,
}

/// One skill's text, bundle paths and FMT-6 parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillDetail {
    pub skill_md: String,
    pub files: Vec<String>,
    pub parameters: Vec<Parameter>,
}
