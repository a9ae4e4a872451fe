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
//!
//! holes45: a message is printed somewhere that runs it when the script's
//! output is what the skill runs (`eval "$(bash scripts/env.sh)"`, `bash
//! scripts/plan.sh | bash`, `Invoke-Expression (& reset.ps1)`) or when the
//! line stands in a group whose output is written to a file (`{ echo
//! 'history -c'; } >> ~/.bashrc` over several lines), or a function of
//! the script printing it has its output run (`eval "$(steps)"`): such a
//! hint is armed again (`rearm`, once every file is read).

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::engine::Hit;
use crate::naming::matches;
use crate::rules::Severity;

/// The note of a match spared as a printed hint.
const PRINTED: &str = "quoted in a message the script prints: shown to the user, not run";

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
    Some((Severity::Medium, PRINTED.to_owned()))
}

/// A line that runs what a command prints: `eval`, a process substitution
/// sourced, a pipe into a shell, PowerShell's `Invoke-Expression`.
static RUNS_OUTPUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\beval\b|(?:\bsource|(?:^|[;&|]\s*)\.)\s+<\(|\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\b(?:iex|Invoke-Expression)\b")
        .expect("the output-run pattern compiles")
});

/// The line closing a group whose output goes to a file or a pipe (`} >>
/// "$rc"`, `) | tee -a …`).
static GROUP_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*[})]\s*(?:\d?>>?|\||>\|)").expect("the group end pattern compiles")
});

/// Gives back their row's severity to the printed hints of `hits` that
/// are not only shown after all: the script's output runs (a line of
/// `texts`, every file of the skill, runs what the script prints), or the
/// hint stands in a group written to a file. A hint on standard error
/// (`>&2`, `Write-Host`) is shown whatever runs the output. Each file is
/// read once, whatever the number of its hints.
pub fn rearm(hits: &mut [Hit], texts: &[(&str, &str)]) {
    let mut read: HashMap<String, Printer> = HashMap::new();
    for hit in hits.iter_mut().filter(|hit| hit.note == PRINTED) {
        let printer = read
            .entry(hit.file.clone())
            .or_insert_with(|| Printer::of(&hit.file, texts));
        let grouped = hit
            .line
            .checked_sub(1)
            .and_then(|line| printer.grouped.get(line))
            .is_some_and(|&grouped| grouped);
        let why = if grouped {
            "printed into a group whose output is written on"
        } else if printer.output_run && to_output(&hit.excerpt) {
            "printed by a script whose output the skill runs"
        } else {
            continue;
        };
        hit.severity = hit.rule.severity;
        hit.note = why.to_owned();
    }
}

/// What a file's prints reach: for each line, whether it is a print in a
/// group whose output is redirected; whether the skill runs the file's
/// output.
struct Printer {
    grouped: Vec<bool>,
    output_run: bool,
}

impl Printer {
    fn of(file: &str, texts: &[(&str, &str)]) -> Self {
        let own = texts.iter().find(|(path, _)| *path == file);
        Printer {
            grouped: own.map_or_else(Vec::new, |&(_, text)| grouped_prints(text)),
            output_run: output_run(texts, file)
                || own.is_some_and(|&(_, text)| runs_own_function(text)),
        }
    }
}

fn to_output(line: &str) -> bool {
    let line = line.trim();
    !line.ends_with(">&2") && !line.starts_with("Write-Host")
}

/// For each line of `text`, whether it is a print whose following prints
/// end in a group's closing redirect; one pass from the end.
fn grouped_prints(text: &str) -> Vec<bool> {
    let lines: Vec<&str> = text.lines().collect();
    let mut grouped = vec![false; lines.len()];
    let mut closes = false;
    for (at, line) in lines.iter().enumerate().rev() {
        if line.trim().is_empty() {
            continue;
        }
        if MESSAGE.is_match(line) {
            grouped[at] = closes;
        } else {
            closes = GROUP_END.is_match(line);
        }
    }
    grouped
}

/// A shell or PowerShell function's definition; the name is the capture.
static FUNCTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^\s*(?:function\s+([\w-]+)|([\w-]+)\s*\(\s*\))")
        .expect("the function pattern compiles")
});

/// Whether `text` runs the output of a function of its own (`steps() {
/// echo …; }` then `eval "$(steps)"`, `Get-Steps | iex`).
fn runs_own_function(text: &str) -> bool {
    let names: Vec<&str> = FUNCTION
        .captures_iter(text)
        .filter_map(|found| found.get(1).or(found.get(2)))
        .map(|name| name.as_str())
        .collect();
    !names.is_empty()
        && text
            .lines()
            .any(|line| RUNS_OUTPUT.is_match(line) && names.iter().any(|name| line.contains(name)))
}

/// Whether a line of `texts` names the script `file` and runs its output.
fn output_run(texts: &[(&str, &str)], file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    texts.iter().any(|(_, text)| {
        text.lines()
            .any(|line| line.contains(name) && RUNS_OUTPUT.is_match(line))
    })
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
    fn only_prints_closed_by_a_redirected_group_are_grouped() {
        let text = "{\n  echo 'a'\n\n  echo 'history -c'\n} >> \"$rc\"\necho 'history -c'\n}\n";
        assert_eq!(
            grouped_prints(text),
            [false, true, false, true, false, false, false]
        );
    }

    #[test]
    fn a_script_whose_output_runs_is_named_on_the_running_line() {
        let texts = [
            (
                "SKILL.md",
                "eval \"$(bash scripts/env.sh)\"\nbash scripts/other.sh",
            ),
            ("scripts/env.sh", "echo 'unset HISTFILE'"),
        ];
        assert!(output_run(&texts, "scripts/env.sh"));
        assert!(!output_run(&texts, "scripts/other.sh"));
        assert!(output_run(
            &[("SKILL.md", "bash scripts/plan.sh | bash")],
            "scripts/plan.sh"
        ));
        assert!(runs_own_function(
            "steps() {\n  echo 'history -c'\n}\neval \"$(steps)\""
        ));
        assert!(runs_own_function(
            "function Get-Steps {\n  echo 'Clear-History'\n}\nGet-Steps | iex"
        ));
        assert!(!runs_own_function(
            "steps() {\n  echo 'history -c'\n}\neval \"$(ssh-agent -s)\""
        ));
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
