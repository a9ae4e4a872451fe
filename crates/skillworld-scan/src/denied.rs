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
//!
//! The verdict may head the column instead (reg88's dev half, a guard
//! skill's `| 类别 | 拦截命令 | 风险说明 |` over `| **网络攻击** |
//! `iptables -F`, `systemctl disable` | 防止服务中断 |`): a cell that is
//! nothing but code spans, one command each, under a header cell that
//! names the column blocked, denied or forbidden commands ("Blocked
//! commands", "拦截命令", "禁止コマンド", "차단 명령") lists what the guard
//! refuses (`blocked_column`, read by `engine::warned` for every payload
//! row in Markdown prose). A header that names commands to run ("Command",
//! "命令"), a cell with words beside the spans, or a span chaining a second
//! command (`;`, `&`, `$`, `>`, `<`) keeps its block.

use std::sync::LazyLock;

use regex::Regex;

use crate::layout::{Layout, Region};
use crate::lines::Lines;

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

/// A column header that names what a guard refuses: blocked, denied,
/// forbidden or intercepted commands or operations, a block or deny list,
/// in the languages the guards of the registry sets write.
static REFUSED_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:(?:blocked|denied|forbidden|prohibited|banned|disallowed|intercepted|refused|rejected)(?:\s+(?:commands?|operations?|actions?|patterns?|calls?))?|(?:commands?|operations?|actions?|patterns?)\s+(?:blocked|denied|forbidden|prohibited|banned|refused|rejected)|(?:block|deny|ban)[- ]?list(?:ed)?(?:\s+(?:commands?|patterns?))?|被?(?:拦截|禁止|屏蔽|阻止|阻断|禁用|拒绝)的?(?:命令|操作|指令|模式)?|黑名单(?:命令|操作)?|(?:禁止|ブロック|拒否)(?:される|された)?(?:コマンド|操作)?|(?:차단|금지|거부)(?:된|되는)?\s*(?:명령어?|작업)?|(?:запрещ|заблокирован|блокируем)\w*(?:\s+(?:команды|операции))?)$",
    )
    .expect("the refused-column header pattern compiles")
});

/// Whether the match at byte `at` of table row `line` stands in a cell of
/// code spans alone, each one command, in a column whose header cell names
/// commands a guard refuses.
pub fn blocked_column(lines: &Lines, layout: &Layout, line: usize, at: usize) -> bool {
    let row = lines.get(line);
    if !row.trim_start().starts_with('|') || layout.at(line).0 != Region::Prose {
        return false;
    }
    let Some(before) = row.get(..at) else {
        return false;
    };
    let column = before.matches('|').count();
    let Some(cell_text) = cell(row, column) else {
        return false;
    };
    if !spans_alone(cell_text) {
        return false;
    }
    let Some(header) = header_row(lines, layout, line) else {
        return false;
    };
    cell(header, column).is_some_and(|name| {
        REFUSED_HEADER.is_match(name.trim().trim_matches(['*', '_', '`', ' ']).trim())
    })
}

/// The text of the `column`-th cell of a table row (1: the first cell).
fn cell(row: &str, column: usize) -> Option<&str> {
    let row = row.trim();
    let mut cells = row.strip_prefix('|')?.split('|');
    cells.nth(column.checked_sub(1)?)
}

/// A cell made only of code spans, each a command with nothing chained to
/// it, separated by commas.
fn spans_alone(cell: &str) -> bool {
    let mut items = cell
        .split([',', '，', '、'])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .peekable();
    items.peek().is_some()
        && items.all(|item| {
            item.len() > 2
                && item.starts_with('`')
                && item.ends_with('`')
                && !item[1..item.len() - 1].contains([';', '&', '$', '>', '<', '`'])
        })
}

/// The header row of the table `line` stands in: the row above the
/// table's delimiter row (`|---|---|`), within the same run of rows.
fn header_row<'t>(lines: &Lines<'t>, layout: &Layout, line: usize) -> Option<&'t str> {
    let delimiter = |text: &str| {
        let text = text.trim();
        text.starts_with('|')
            && text.contains('-')
            && text.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
    };
    let mut above = line;
    while above > 0 && line - above < 60 {
        above -= 1;
        let text = lines.get(above);
        if !text.trim_start().starts_with('|') || layout.at(above).0 != Region::Prose {
            return None;
        }
        if delimiter(text) {
            let header = lines.get(above.checked_sub(1)?);
            return header.trim_start().starts_with('|').then_some(header);
        }
    }
    None
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
