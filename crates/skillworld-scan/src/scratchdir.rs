//! A test's throwaway project (the fifteenth sweep's `cfn-expert-update`:
//! `TEST_DIR="/tmp/cfn-expert-test-$$"`, `cd "$TEST_DIR"`, then `cat >
//! .claude/agents/custom/cfn-system-expert.md`). A script that has moved
//! into a scratch folder under `/tmp`, or one `mktemp -d` made, writes the
//! agent folder of that folder, which no agent reads. `agent-tamper`
//! keeps reading a write after any other `cd` (or none), a path from home
//! or the root (`~/.claude/…`, `$HOME/.claude/…`, `/root/.claude/…`), a
//! `cd` into the scratch folder run in a subshell or chained on its line,
//! and a folder variable not set to such a place.

use crate::lines::Lines;

/// How far above a write its `cd` is looked for.
const REACH: usize = 60;

/// The agent folders a relative write may name.
const AGENT_FOLDERS: [&str; 7] = [
    ".claude/",
    ".codex/",
    ".cursor/",
    ".gemini/",
    ".openclaw/",
    ".clawdbot/",
    ".moltbot/",
];

/// Whether the agent folder written on `line` is relative and the script's
/// last `cd` above it went into a scratch folder.
pub fn writes_scratch_project(lines: &Lines, line: usize) -> bool {
    if !only_relative(lines.get(line)) {
        return false;
    }
    let Some(target) = (line.saturating_sub(REACH)..line)
        .rev()
        .map(|l| lines.get(l))
        .find(|text| changes_folder(text))
        .and_then(alone)
    else {
        return false;
    };
    scratch(target) || variable(target).is_some_and(|name| set_to_scratch(lines, line, name))
}

/// Every agent folder the line names stands at the start of a relative
/// path (`.claude/…`, `./.claude/…`), after a space, a quote or `=`.
fn only_relative(line: &str) -> bool {
    let mut named = false;
    for folder in AGENT_FOLDERS {
        for (at, _) in line.match_indices(folder) {
            named = true;
            let before = line[..at].strip_suffix("./").unwrap_or(&line[..at]);
            if !(before.is_empty() || before.ends_with([' ', '\t', '"', '\'', '='])) {
                return false;
            }
        }
    }
    named
}

/// Whether the line moves the shell to another folder: a `cd`, `pushd`
/// or `popd` anywhere a command starts (not in a `$(cd …)` that only
/// computes a path).
fn changes_folder(line: &str) -> bool {
    let line = line.trim();
    ["cd", "pushd", "popd"].iter().any(|command| {
        line.match_indices(command).any(|(at, _)| {
            let before = line[..at].trim_end();
            let after = &line[at + command.len()..];
            (after.is_empty() || after.starts_with(' '))
                && (before.is_empty() || before.ends_with(['&', ';', '|', '{', '(']))
                && !before.ends_with("$(")
        })
    })
}

/// The target of a folder change that is the line's one command (`cd
/// "$TEST_DIR"`), unquoted; a `cd` in a subshell or chained with another
/// command, or a `popd`, is none.
fn alone(line: &str) -> Option<&str> {
    let line = line.trim();
    let target = line
        .strip_prefix("cd ")
        .or_else(|| line.strip_prefix("pushd "))?
        .trim();
    let target = target.strip_suffix("|| exit 1").unwrap_or(target).trim();
    (!target.contains([';', '&', '|', '(', ')', ' '])).then(|| target.trim_matches(['"', '\'']))
}

/// `/tmp/…` or `$(mktemp -d …)` written out.
fn scratch(path: &str) -> bool {
    (path.starts_with("/tmp/") && path.len() > "/tmp/".len()) || path.starts_with("$(mktemp -d")
}

/// `$NAME` or `${NAME}`: the variable a `cd` goes to.
fn variable(target: &str) -> Option<&str> {
    let name = target.strip_prefix('$')?;
    let name = name
        .strip_prefix('{')
        .and_then(|n| n.strip_suffix('}'))
        .unwrap_or(name);
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        .then_some(name)
}

/// Whether every assignment of `name` above `line` sets it to a scratch
/// folder, and there is one.
fn set_to_scratch(lines: &Lines, line: usize, name: &str) -> bool {
    let prefix = format!("{name}=");
    let mut values = (0..line).filter_map(|l| {
        let text = lines.get(l).trim();
        let text = text.strip_prefix("local ").unwrap_or(text);
        let text = text.strip_prefix("export ").unwrap_or(text);
        text.strip_prefix(prefix.as_str())
    });
    let mut any = false;
    values.all(|value| {
        any = true;
        let value = value.trim().trim_matches(['"', '\'']);
        scratch(value)
    }) && any
}
