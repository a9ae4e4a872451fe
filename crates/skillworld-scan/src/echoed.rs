//! A command quoted in a message a script prints (batch 57's history
//! search: `echo "also run: history -c  (your shell keeps its own copy)"`)
//! is advice shown to the person at the terminal, not a command run. The
//! line must be one `echo`, `printf` or `Write-Host` of one quoted string
//! whose output goes to the terminal (nothing after the closing quote but
//! `>&2`), the quoted text must start no command of its own (`$(…)`, a
//! backquote), and every match must stand inside the quotes: `echo "…" |
//! sh`, `echo "…" >> ~/.bash_logout`, `eval "echo …"` and `echo x;
//! history -c` all still run what they name. (`Rule::confirm` of
//! `history-tamper`.)

use std::sync::LazyLock;

use regex::Regex;

use crate::naming::matches;
use crate::rules::Severity;

/// The whole line: a print command, its flags, one quoted string and at
/// most a redirect to standard error. The string is the one capture.
static MESSAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"^\s*(?:echo|printf|Write-Host|Write-Output)\s+(?:-\w+\s+)*("[^"\n]*"|'[^'\n]*')\s*(?:1?>&2)?\s*;?\s*$"#,
    )
    .expect("the printed message pattern compiles")
});

/// Every match on the line stands in the quoted text of a message the
/// line only prints: a warning; otherwise the row's own severity.
pub fn only_printed(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let keep = Some((Severity::High, String::new()));
    let Some(quoted) = MESSAGE.captures(line).and_then(|found| found.get(1)) else {
        return keep;
    };
    if quoted.as_str().contains("$(") || quoted.as_str().contains('`') {
        return keep;
    }
    if !matches(at, next).all(|at| quoted.start() < at && at < quoted.end()) {
        return keep;
    }
    Some((
        Severity::Medium,
        "quoted in a message the script prints: shown to the user, not run".to_owned(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn severity(line: &str) -> Severity {
        let at = line.find("history").expect("the test line names history");
        let next = |from: usize| line[from..].find("history").map(|i| from + i);
        only_printed(line, at, &next).expect("kept").0
    }

    #[test]
    fn a_printed_hint_only_warns() {
        assert_eq!(
            severity(r#"echo "also run: history -c  (current shell keeps its own copy)""#),
            Severity::Medium
        );
        assert_eq!(
            severity(r#"  printf 'then type history -c\n' >&2"#),
            Severity::Medium
        );
    }

    #[test]
    fn a_message_that_runs_or_is_written_somewhere_still_blocks() {
        for line in [
            r#"echo "history -c" | sh"#,
            r#"echo "history -c" >> ~/.bash_logout"#,
            r#"echo "$(history -c) done""#,
            r#"echo "clearing"; history -c"#,
            r#"eval "echo x; history -c""#,
            r#"bash -c "history -c""#,
        ] {
            assert_eq!(severity(line), Severity::High, "{line}");
        }
    }
}
