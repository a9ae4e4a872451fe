//! What the command line tells a person. The world's errors are written for
//! a model (they point at tools such as `skill_search`) and stay that way
//! for the tools; at a terminal each becomes one line that names the
//! command that fixes it (`run: skillworld agent add ada`).

use std::io::IsTerminal;

use skillworld_store::StoreError;
use skillworld_world::{Layer, LoadError, ProposalError, WorldError, token_limits};

/// Set to `1` to show the hints meant for a person on stderr even when
/// stderr is not a terminal (tests, `script`), or `0` to hide them.
pub const HINTS_ENV: &str = "SKILLWORLD_HINTS";

/// Whether hints for a person go to stderr: on a terminal, unless
/// [`HINTS_ENV`] says otherwise.
pub fn hints_wanted() -> bool {
    match std::env::var(HINTS_ENV).as_deref() {
        Ok("1") => true,
        Ok("0") => false,
        _ => std::io::stderr().is_terminal(),
    }
}

/// The flags that address `layer` on the command line.
fn flags(layer: &Layer) -> String {
    match layer {
        Layer::Commons => "--commons".to_owned(),
        Layer::Agent(agent) => format!("--agent {agent}"),
    }
}

/// The command that lists what a reader of `layer` sees.
fn list_command(layer: Option<&Layer>) -> String {
    match layer {
        Some(layer) => format!("skillworld list {}", flags(layer)),
        None => "skillworld list --commons (or --agent NAME)".to_owned(),
    }
}

/// A world error as a person at a terminal should read it: what is wrong
/// and, where a command fixes it, `run: <command>`. `layer` is where the
/// command looked, when it is known.
pub fn world_error(error: &WorldError, layer: Option<&Layer>) -> String {
    match error {
        WorldError::UnknownAgent(agent) => {
            format!("agent '{agent}' does not exist; run: skillworld agent add {agent}")
        }
        WorldError::AgentExists(agent) => {
            format!("agent '{agent}' already exists; run: skillworld agent list")
        }
        WorldError::UnknownSkill(name) | WorldError::Load(LoadError::Unknown(name)) => {
            format!(
                "skill '{name}' not found; run: {} to see the skills there are",
                list_command(layer)
            )
        }
        WorldError::Load(LoadError::Disabled(name)) => format!(
            "skill '{name}' is disabled; run: skillworld skill enable {name} --commons \
             (or --agent NAME where it is private)"
        ),
        WorldError::Load(LoadError::EmptyName) => {
            format!(
                "no skill name given; run: {} to see the names",
                list_command(layer)
            )
        }
        WorldError::UnknownRevision { name, number } => {
            let flags = layer.map_or_else(|| "--commons".to_owned(), flags);
            format!(
                "skill '{name}' has no revision {number}; run: skillworld revisions {name} {flags}"
            )
        }
        WorldError::BoundSkill { name, agents } => {
            let agent = if agents.contains([',', ' ']) {
                "AGENT"
            } else {
                agents
            };
            format!(
                "skill '{name}' is bound to {agents}; add --force to archive it anyway, \
                 or run: skillworld unbind {agent} {name}"
            )
        }
        WorldError::Curator(reason) if reason.contains("not activated") => {
            format!("{reason}; run: skillworld curate activate")
        }
        WorldError::Curator(reason) if reason.contains("paused") => {
            format!("{reason}; run: skillworld curate resume")
        }
        WorldError::Proposal(ProposalError::Unknown { agent, .. }) => {
            format!("{error}; run: skillworld proposals --agent {agent}")
        }
        other => other.to_string(),
    }
}

/// A store error for a person: the world's errors as [`world_error`], a
/// missing snapshot with the command that lists them.
pub fn store_error(error: &StoreError) -> String {
    match error {
        StoreError::World(error) => world_error(error, None),
        StoreError::UnknownSnapshot(name) => {
            format!("no snapshot named '{name}'; run: skillworld snapshot list")
        }
        other => other.to_string(),
    }
}

/// Why a catalog left skills out and how to see them, from the catalog's
/// own `Showing n of m available skills.` footer (CAT-4); `None` when
/// nothing was left out.
pub fn catalog_hint(
    text: &str,
    agent: &str,
    tokens: Option<u64>,
    chars: Option<usize>,
) -> Option<String> {
    let (shown, total) = text.lines().find_map(showing)?;
    let budget = match (chars, tokens.unwrap_or(DEFAULT_TOKENS)) {
        (Some(chars), _) => format!("the --chars {chars} budget"),
        (None, tokens) => {
            let (entries, description) = token_limits(tokens);
            format!(
                "the --tokens {tokens} budget (at most {entries} skills, descriptions cut to {description} characters)"
            )
        }
    };
    let entries = token_limits(tokens.unwrap_or(DEFAULT_TOKENS)).0;
    let larger = LARGER_BUDGETS
        .iter()
        .find(|&&larger| token_limits(larger).0 > entries);
    let more = match (chars, larger) {
        (None, Some(larger)) => format!(
            "skillworld catalog --agent {agent} --tokens {larger} shows up to {}, and ",
            token_limits(*larger).0
        ),
        _ => String::new(),
    };
    Some(format!(
        "note: the catalog shows {shown} of {total} skills: {budget} left {} out; \
         {more}every skill is in: skillworld list --agent {agent}",
        total - shown
    ))
}

/// The default `--tokens` of `catalog` (CLI-1).
const DEFAULT_TOKENS: u64 = 8192;
/// Budgets worth suggesting, one per step of CAT-4's table.
const LARGER_BUDGETS: [u64; 3] = [16_384, 32_768, 40_000];

/// The command for the next page when a loaded text is one page of
/// several (its footer `[Page n of m. …]`, CAT-6, tells the model the tool
/// call); `None` on the last page or an unpaged text.
pub fn load_hint(text: &str, agent: &str, skill: &str, file: Option<&str>) -> Option<String> {
    let footer = text.lines().rev().find(|l| l.starts_with("[Page "))?;
    let (number, total) = footer
        .strip_prefix("[Page ")?
        .split_once('.')?
        .0
        .split_once(" of ")?;
    let (number, total): (usize, usize) = (number.parse().ok()?, total.parse().ok()?);
    if number >= total {
        return None;
    }
    let file = file.map_or_else(String::new, |file| format!(" --file {file}"));
    Some(format!(
        "note: page {number} of {total}; next: skillworld load --agent {agent} {skill}{file} --page {}",
        number + 1
    ))
}

/// `(n, m)` from a line `Showing n of m available skills. …`.
fn showing(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("Showing ")?;
    let (shown, rest) = rest.split_once(" of ")?;
    let (total, _) = rest.split_once(" available skills")?;
    Some((shown.parse().ok()?, total.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_message_for_a_person_points_at_a_tool() {
        let errors = [
            WorldError::Load(LoadError::Unknown("nope".into())),
            WorldError::Load(LoadError::Disabled("off".into())),
            WorldError::UnknownSkill("nope".into()),
        ];
        for error in &errors[..2] {
            assert!(error.to_string().contains("skill_search"), "tool text kept");
        }
        for error in &errors {
            let text = world_error(error, Some(&Layer::Agent("ada".into())));
            assert!(!text.contains("skill_"), "{text}");
            assert!(text.contains("run: skillworld "), "{text}");
        }
    }

    #[test]
    fn a_paged_load_names_the_next_page() {
        let text = "Body.\n\n[Page 1 of 3. Call skill_load with name=\"big\" and page=2 for the next page.]";
        assert_eq!(
            load_hint(text, "ada", "big", None).unwrap(),
            "note: page 1 of 3; next: skillworld load --agent ada big --page 2"
        );
        let last = "Body.\n\n[Page 3 of 3. Call skill_load …]";
        assert_eq!(load_hint(last, "ada", "big", None), None);
        assert_eq!(load_hint("Body.\n", "ada", "big", None), None);
    }

    #[test]
    fn the_footer_gives_the_counts() {
        let text = "- **a**: A.\nShowing 8 of 17 available skills. Use skill_list or skill_search to find the others.\n";
        let hint = catalog_hint(text, "ada", None, None).unwrap();
        assert_eq!(
            hint,
            "note: the catalog shows 8 of 17 skills: the --tokens 8192 budget (at most 8 skills, \
             descriptions cut to 80 characters) left 9 out; skillworld catalog --agent ada \
             --tokens 16384 shows up to 12, and every skill is in: skillworld list --agent ada"
        );
        let wide = catalog_hint(text, "ada", Some(20_000), None).unwrap();
        assert!(wide.contains("--tokens 40000 shows up to 32"), "{wide}");
        let widest = catalog_hint(text, "ada", Some(100_000), None).unwrap();
        assert!(!widest.contains("shows up to"), "{widest}");
        assert_eq!(catalog_hint("- **a**: A.\n", "ada", None, None), None);
        assert!(
            catalog_hint(text, "ada", None, Some(300))
                .unwrap()
                .contains("--chars 300 budget")
        );
    }
}
