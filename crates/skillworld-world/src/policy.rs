//! The capability policy (POL-1, POL-2): which tools a caller may use, from
//! policy fragments, tool sets and the kind of caller.

use bevy_ecs::resource::Resource;
use serde::{Deserialize, Serialize};

use crate::agent::ToolSets;
use crate::command::CallerKind;

/// Tools no run may use, whatever allows them (POL-2, configurable).
pub const DEFAULT_HARD_DENY: [&str; 3] = ["toolset_load", "toolset_unload", "toolset_search"];

/// A policy fragment: tool names or `@ToolSet` references to allow and to
/// deny (POL-1). A skill's `allowed-tools`/`denied-tools` are one; so is a
/// caller's own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fragment {
    pub allowed: Vec<String>,
    pub denied: Vec<String>,
}

/// What writes to Commons skills seen by an agent do (TOOL-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommonsWrites {
    /// Copy the skill into the agent's private world, then write the copy.
    #[default]
    CopyOnWrite,
    /// Refuse the write.
    Refuse,
}

/// What `skill_delete` does (TOOL-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeleteMode {
    #[default]
    SoftDelete,
    Archive,
}

/// Policy and write settings of a world.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicySettings {
    pub hard_deny: Vec<String>,
    pub commons_writes: CommonsWrites,
    pub delete: DeleteMode,
    /// Whether agents' writes wait for an admin (GOV-1).
    #[serde(default)]
    pub approval: crate::approval_settings::ApprovalSettings,
}

impl Default for PolicySettings {
    fn default() -> Self {
        PolicySettings {
            hard_deny: DEFAULT_HARD_DENY.iter().map(|t| (*t).to_owned()).collect(),
            commons_writes: CommonsWrites::default(),
            delete: DeleteMode::default(),
            approval: crate::approval_settings::ApprovalSettings::default(),
        }
    }
}

/// A caller's effective tools, sorted, and the `@sets` no one registered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effective {
    pub tools: Vec<String>,
    pub unknown_sets: Vec<String>,
}

impl Effective {
    pub fn allows(&self, tool: &str) -> bool {
        self.tools
            .binary_search_by(|t| t.as_str().cmp(tool))
            .is_ok()
    }
}

/// Expands `@Set` references in registration order; an unknown one is kept
/// literally and reported once.
fn expand(list: &[String], sets: &ToolSets, unknown: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for entry in list {
        match entry.strip_prefix('@').map(|name| (name, sets.get(name))) {
            Some((_, Some(tools))) => out.extend(tools.iter().cloned()),
            Some((name, None)) => {
                if !unknown.iter().any(|u| u == name) {
                    unknown.push(name.to_owned());
                }
                out.push(entry.clone());
            }
            None => out.push(entry.clone()),
        }
    }
    out
}

/// POL-1: allow = ∪ allows, deny = ∪ denies, result = allow − deny, sorted;
/// deny always wins, even inside one fragment.
pub fn merge(fragments: &[&Fragment], extra_deny: &[String], sets: &ToolSets) -> Effective {
    let mut unknown = Vec::new();
    let mut allow: Vec<String> = fragments
        .iter()
        .flat_map(|f| expand(&f.allowed, sets, &mut unknown))
        .collect();
    let mut deny: Vec<String> = fragments
        .iter()
        .flat_map(|f| expand(&f.denied, sets, &mut unknown))
        .collect();
    deny.extend(expand(extra_deny, sets, &mut unknown));
    allow.retain(|tool| !deny.contains(tool));
    allow.sort();
    allow.dedup();
    Effective {
        tools: allow,
        unknown_sets: unknown,
    }
}

/// POL-2: the tools a caller may use given its kind, the agent's pool (a
/// visible chat's default), its own fragment, the fragments of the skills
/// its run loaded, and the hard-deny list.
pub fn effective_tools(
    kind: CallerKind,
    pool: &[String],
    caller: &Fragment,
    skills: &[Fragment],
    hard_deny: &[String],
    sets: &ToolSets,
) -> Effective {
    let skill_denies: Vec<String> = skills
        .iter()
        .flat_map(|f| f.denied.iter().cloned())
        .collect();
    match kind {
        // The whole pool, not narrowed by skills.
        CallerKind::Visible => {
            let pool = Fragment {
                allowed: pool.to_vec(),
                denied: caller.denied.clone(),
            };
            merge(&[&pool], hard_deny, sets)
        }
        // Least privilege: only what skills or the caller allow.
        CallerKind::Invisible => {
            let mut fragments: Vec<&Fragment> = skills.iter().collect();
            fragments.push(caller);
            merge(&fragments, hard_deny, sets)
        }
        // The subagent's own allow list is a ceiling skills cannot raise.
        CallerKind::Subagent => {
            let ceiling = Fragment {
                allowed: caller.allowed.clone(),
                denied: [caller.denied.clone(), skill_denies].concat(),
            };
            merge(&[&ceiling], hard_deny, sets)
        }
    }
}

/// The message a refused call gets (POL-2).
pub fn restricted(tool: &str) -> String {
    format!("Tool '{tool}' is restricted by capability policy")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets() -> ToolSets {
        let mut sets = ToolSets::default();
        sets.register(
            "files",
            vec!["read_file".into(), "write_file".into(), "list_dir".into()],
        );
        sets
    }

    fn fragment(allowed: &[&str], denied: &[&str]) -> Fragment {
        Fragment {
            allowed: allowed.iter().map(|s| (*s).to_owned()).collect(),
            denied: denied.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    fn hard() -> Vec<String> {
        PolicySettings::default().hard_deny
    }

    #[test]
    fn skill_allows_and_a_tool_set_minus_caller_denies() {
        let skill = fragment(&["@files", "web_fetch"], &[]);
        let caller = fragment(&[], &["write_file"]);
        let effective = effective_tools(
            CallerKind::Invisible,
            &[],
            &caller,
            &[skill],
            &hard(),
            &sets(),
        );
        assert_eq!(effective.tools, ["list_dir", "read_file", "web_fetch"]);
    }

    #[test]
    fn deny_beats_allow_inside_one_fragment() {
        let effective = merge(&[&fragment(&["a", "b"], &["b"])], &[], &sets());
        assert_eq!(effective.tools, ["a"]);
    }

    #[test]
    fn skill_denies_apply_in_invisible_runs() {
        let skills = [fragment(&["@files"], &[]), fragment(&[], &["read_file"])];
        let effective = effective_tools(
            CallerKind::Invisible,
            &[],
            &Fragment::default(),
            &skills,
            &hard(),
            &sets(),
        );
        assert_eq!(effective.tools, ["list_dir", "write_file"]);
    }

    #[test]
    fn no_fragments_no_tools() {
        let pool = vec!["@skill".to_owned()];
        let effective = effective_tools(
            CallerKind::Invisible,
            &pool,
            &Fragment::default(),
            &[],
            &hard(),
            &sets(),
        );
        assert!(effective.tools.is_empty());
    }

    #[test]
    fn a_subagents_skill_allows_never_widen_its_ceiling() {
        let caller = fragment(&["read_file", "list_dir"], &[]);
        let skills = [fragment(&["write_file", "web_fetch"], &["list_dir"])];
        let effective = effective_tools(
            CallerKind::Subagent,
            &[],
            &caller,
            &skills,
            &hard(),
            &sets(),
        );
        assert_eq!(effective.tools, ["read_file"]);
    }

    #[test]
    fn hard_deny_always_removes_the_tool_loading_tools() {
        let loaders = fragment(
            &["toolset_load", "toolset_unload", "toolset_search", "x"],
            &[],
        );
        for kind in [
            CallerKind::Visible,
            CallerKind::Invisible,
            CallerKind::Subagent,
        ] {
            let pool = loaders.allowed.clone();
            let effective = effective_tools(
                kind,
                &pool,
                &loaders,
                std::slice::from_ref(&loaders),
                &hard(),
                &sets(),
            );
            assert_eq!(effective.tools, ["x"], "{kind:?}");
        }
    }

    #[test]
    fn visible_chats_get_the_pool_not_narrowed_by_skills() {
        let pool = vec!["@files".to_owned(), "web_fetch".to_owned()];
        let skills = [fragment(&["read_file"], &["web_fetch"])];
        let effective = effective_tools(
            CallerKind::Visible,
            &pool,
            &Fragment::default(),
            &skills,
            &hard(),
            &sets(),
        );
        assert_eq!(
            effective.tools,
            ["list_dir", "read_file", "web_fetch", "write_file"]
        );
    }

    #[test]
    fn unknown_sets_are_kept_and_reported_once() {
        let effective = merge(
            &[
                &fragment(&["@nope", "a"], &["@nope"]),
                &fragment(&["@nope"], &[]),
            ],
            &[],
            &sets(),
        );
        assert_eq!(effective.unknown_sets, ["nope"]);
        assert_eq!(effective.tools, ["a"]);
    }
}
