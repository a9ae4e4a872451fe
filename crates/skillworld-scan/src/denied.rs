//! A destructive command as the record of a refusal (reg83's test half, a
//! guard skill's audit log: `{"tool_input_summary":"rm -rf /",
//! "decision":"deny",…}` in a JSON sample, and `| Bash | rm -rf / | DENY |`
//! in a table of recent events). The command is data that a verdict beside
//! it says was refused: a string value of a one-line JSON object whose
//! `decision`, `verdict`, `action`, `result`, `status` or `outcome` is
//! `deny`, `block` or `reject` (any tense), under a key that runs nothing
//! (not `command`, `cmd`, `run`, `script`, `exec`, `shell`, `args`); or a
//! Markdown table cell that is the command alone, in a row with a cell
//! that is such a verdict. A command allowed, a key that runs it, or a
//! cell with more than the one command keeps its block
//! (`naming::quoted_for_the_shell`, `Rule::confirm` of `rm-rf-root`).

use std::sync::LazyLock;

use regex::Regex;

static VERDICT_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)"(?:decision|verdict|action|result|status|outcome)"\s*:\s*"(?:deny|denied|block|blocked|reject|rejected|refused)""#)
        .expect("verdict field")
});

const VERDICTS: &[&str] = &[
    "deny", "denied", "block", "blocked", "reject", "rejected", "refused",
];

/// Keys whose string a hook, a task or a launcher runs.
const RUNNING_KEYS: &[&str] = &[
    "command",
    "commands",
    "cmd",
    "run",
    "script",
    "exec",
    "shell",
    "args",
    "argv",
    "entrypoint",
];

/// Whether the match at byte `at` of `line` is a refused command's record.
pub fn denied_record(line: &str, at: usize) -> bool {
    json_record(line, at) || table_row(line, at)
}

fn json_record(line: &str, at: usize) -> bool {
    if !line.trim_start().starts_with('{') {
        return false;
    }
    let Some(key) = line
        .get(..at)
        .and_then(|before| before.strip_suffix('"'))
        .and_then(|before| before.trim_end().strip_suffix(':'))
        .and_then(|before| before.trim_end().strip_suffix('"'))
        .and_then(|before| before.rsplit('"').next())
    else {
        return false;
    };
    !RUNNING_KEYS.contains(&key.to_ascii_lowercase().as_str()) && VERDICT_FIELD.is_match(line)
}

fn table_row(line: &str, at: usize) -> bool {
    let row = line.trim();
    if !(row.starts_with('|') && row.ends_with('|')) {
        return false;
    }
    let (Some(before), Some(after)) = (line.get(..at), line.get(at..)) else {
        return false;
    };
    let Some(open) = before.rfind('|') else {
        return false;
    };
    let cell_end = after.find('|').unwrap_or(after.len());
    let lead = &before[open + 1..];
    let command = &after[..cell_end];
    let alone = lead.trim().trim_matches('`').is_empty()
        && !command
            .trim()
            .trim_end_matches('`')
            .contains([';', '&', '$', '>', '<', '`']);
    alone
        && row.split('|').any(|cell| {
            let cell = cell
                .trim()
                .trim_matches(['`', '*', '_'])
                .to_ascii_lowercase();
            VERDICTS.contains(&cell.as_str())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn denied(line: &str) -> bool {
        denied_record(line, line.find("rm -rf").expect("a wipe"))
    }

    #[test]
    fn a_refused_command_recorded_is_data() {
        for line in [
            r#"{"timestamp":"...","tool_name":"Bash","tool_input_summary":"rm -rf /","decision":"deny","risk_level":"critical"}"#,
            r#"{"input": "rm -rf /", "verdict": "blocked"}"#,
            "| 2025-01-15 14:30 | Bash | rm -rf / | DENY | critical |",
            "| `rm -rf ~` | **Blocked** |",
        ] {
            assert!(denied(line), "{line}");
        }
    }

    #[test]
    fn a_command_allowed_or_run_stands() {
        for line in [
            r#"{"command":"rm -rf /","decision":"deny"}"#,
            r#"{"tool_input_summary":"rm -rf /","decision":"allow"}"#,
            r#"{"summary":"rm -rf /"}"#,
            "| cleanup | rm -rf / | ALLOW |",
            "| Bash | rm -rf / && echo done | DENY |",
            "| Bash | x; rm -rf / | DENY |",
            "rm -rf / # DENY",
        ] {
            assert!(!denied(line), "{line}");
        }
    }
}
