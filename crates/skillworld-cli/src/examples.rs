//! One example for `skillworld --help` and for each sub-command's `--help`,
//! kept in one table and attached to the parsed command tree, so a new
//! command gets its example here (a test fails until it has one).

use clap::Command;

/// `(command path, example)`: the path as typed after `skillworld`, the
/// root being `""`. The examples use the shipped `worlds/examples/` folder.
const EXAMPLES: &[(&str, &str)] = &[
    ("", "skillworld agent add ada"),
    ("validate", "skillworld validate --strict worlds/examples"),
    ("import", "skillworld import worlds/examples --agent ada"),
    ("scan", "skillworld scan worlds/examples"),
    ("agent", "skillworld agent add ada"),
    (
        "agent add",
        "skillworld agent add ada --tools '@skill web_fetch'",
    ),
    ("agent remove", "skillworld agent remove ada"),
    ("agent list", "skillworld agent list"),
    ("agent grant", "skillworld agent grant ada bob read"),
    (
        "export",
        "skillworld export csv-summary --agent ada --to out/",
    ),
    ("keys", "skillworld keys new acme --out keys/"),
    ("keys new", "skillworld keys new acme --out keys/"),
    (
        "keys trust",
        "skillworld keys trust keys/acme.pub --level official",
    ),
    ("keys list", "skillworld keys list"),
    ("keys remove", "skillworld keys remove acme"),
    (
        "sign",
        "skillworld sign worlds/examples/csv-summary --key keys/acme.key",
    ),
    ("skill", "skillworld skill pin csv-summary --agent ada"),
    ("promote", "skillworld promote csv-summary --agent ada"),
    ("share", "skillworld share csv-summary --agent ada --to bob"),
    ("revisions", "skillworld revisions csv-summary --agent ada"),
    ("revert", "skillworld revert csv-summary 1 --agent ada"),
    (
        "new",
        "skillworld new word-count --template python-tool --to skills/",
    ),
    ("lessons", "skillworld lessons list csv-summary --agent ada"),
    (
        "lessons list",
        "skillworld lessons list csv-summary --agent ada",
    ),
    (
        "lessons edit",
        "skillworld lessons edit csv-summary 3 'Quote fields with commas.' --agent ada",
    ),
    (
        "lessons delete",
        "skillworld lessons delete csv-summary 3 --agent ada",
    ),
    ("purge", "skillworld purge --older-than 30"),
    ("approval", "skillworld approval review"),
    ("proposals", "skillworld proposals --agent ada"),
    (
        "approve",
        "skillworld approve csv-summary --agent ada --as csv-report",
    ),
    (
        "reject",
        "skillworld reject csv-summary --agent ada --reason 'Quote fields with commas.'",
    ),
    ("bind", "skillworld bind ada csv-summary"),
    ("unbind", "skillworld unbind ada csv-summary"),
    ("list", "skillworld list --agent ada"),
    ("catalog", "skillworld catalog --agent ada --tokens 16384"),
    ("load", "skillworld load --agent ada csv-summary"),
    (
        "tool",
        "skillworld tool --agent ada skill_search '{\"query\":\"csv\"}'",
    ),
    ("snapshot", "skillworld snapshot save before-cleanup"),
    ("snapshot save", "skillworld snapshot save before-cleanup"),
    ("snapshot list", "skillworld snapshot list"),
    (
        "snapshot restore",
        "skillworld snapshot restore before-cleanup",
    ),
    (
        "snapshot delete",
        "skillworld snapshot delete before-cleanup",
    ),
    (
        "snapshot export",
        "skillworld snapshot export before-cleanup before.ron",
    ),
    ("snapshot import", "skillworld snapshot import before.ron"),
    ("curate", "skillworld curate dry-run"),
    ("curate status", "skillworld curate status"),
    ("curate dry-run", "skillworld curate dry-run"),
    ("curate run", "skillworld curate run"),
    ("curate activate", "skillworld curate activate"),
    ("curate pause", "skillworld curate pause"),
    ("curate resume", "skillworld curate resume"),
    (
        "curate restore",
        "skillworld curate restore csv-summary --agent ada",
    ),
    (
        "curate archive",
        "skillworld curate archive csv-summary --agent ada",
    ),
    ("curate settings", "skillworld curate settings"),
    ("replay", "skillworld replay --from before-cleanup"),
    ("serve", "skillworld serve --port 4780"),
    ("token", "skillworld token create --agent ada"),
    (
        "token create",
        "skillworld token create --agent ada --read-only",
    ),
    ("token list", "skillworld token list"),
    ("token revoke", "skillworld token revoke ID"),
    ("secret", "skillworld secret list csv-summary --commons"),
    (
        "secret set",
        "skillworld secret set csv-summary API_KEY sk-123 --agent ada",
    ),
    (
        "secret list",
        "skillworld secret list csv-summary --agent ada",
    ),
    (
        "secret delete",
        "skillworld secret delete csv-summary API_KEY --agent ada",
    ),
    ("preflight", "skillworld preflight --agent ada"),
    ("digest", "skillworld digest"),
    (
        "review",
        "skillworld review --agent ada --mode maintain --model-url http://127.0.0.1:8080/v1 --model qwen3",
    ),
    ("runs", "skillworld runs --agent ada"),
    ("mcp", "skillworld mcp --agent ada"),
    ("mcp-server", "skillworld mcp-server list"),
    (
        "mcp-server add",
        "skillworld mcp-server add files --command npx -y @modelcontextprotocol/server-filesystem /tmp",
    ),
    ("mcp-server list", "skillworld mcp-server list"),
    ("mcp-server remove", "skillworld mcp-server remove files"),
    ("doctor", "skillworld doctor"),
];

/// The example for the command at `path`.
fn example(path: &str) -> Option<&'static str> {
    EXAMPLES
        .iter()
        .find(|(at, _)| *at == path)
        .map(|(_, example)| *example)
}

/// `command` and every sub-command under it with its example as
/// `after_help`.
pub fn with_examples(command: Command) -> Command {
    attach(command, "")
}

fn attach(command: Command, path: &str) -> Command {
    let command = match example(path) {
        Some(text) => command.after_help(format!("Example:\n  $ {text}")),
        None => command,
    };
    command.mut_subcommands(|sub| {
        let path = format!("{path} {}", sub.get_name());
        attach(sub, path.trim_start())
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// Every command path under `command`, clap's own `help` left out.
    fn paths(command: &Command, path: &str, out: &mut Vec<String>) {
        out.push(path.to_owned());
        for sub in command.get_subcommands() {
            if sub.get_name() != "help" {
                let path = format!("{path} {}", sub.get_name());
                paths(sub, path.trim_start(), out);
            }
        }
    }

    #[test]
    fn every_command_has_an_example_that_names_it() {
        let mut all = Vec::new();
        paths(&crate::Cli::command(), "", &mut all);
        assert!(all.len() > 40, "{all:?}");
        for path in &all {
            let example = example(path).unwrap_or_else(|| panic!("no example for '{path}'"));
            assert!(
                example.starts_with(format!("skillworld {path}").trim_end()),
                "'{path}': {example}"
            );
        }
    }
}
