//! The README's first session, run as written: every `$ skillworld …` line
//! between the `first-session` markers of README.md runs against the built
//! binary in a fresh data directory, from the repository's root, and its
//! output must match the lines the README shows after it. So the README and
//! the command line cannot drift apart.
//!
//! The README's notation: a shown line matches an output line exactly, or
//! as a prefix when it ends with `…`; a line that is only `…` stands for any
//! number of lines. Blank output lines are not shown. Output beyond the
//! shown lines fails, unless the last shown line is `…`.

use std::path::{Path, PathBuf};
use std::process::Command;

const BEGIN: &str = "<!-- first-session:begin -->";
const END: &str = "<!-- first-session:end -->";

/// One command of the session and the lines the README shows for it.
struct Step {
    args: Vec<String>,
    shown: Vec<String>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The session's steps, from the console block between the markers.
fn session(readme: &str) -> Vec<Step> {
    let start = readme.find(BEGIN).expect("README has the begin marker") + BEGIN.len();
    let end = readme.find(END).expect("README has the end marker");
    let block = readme[start..end].trim();
    let body = block
        .strip_prefix("```console\n")
        .and_then(|b| b.strip_suffix("```"))
        .expect("the session is one ```console block");
    let mut steps: Vec<Step> = Vec::new();
    for line in body.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            let words: Vec<&str> = command.split_whitespace().collect();
            assert_eq!(words[0], "skillworld", "only skillworld commands: {line}");
            assert!(
                !command.contains(['\'', '"', '$', '|', '>', '<', ';', '&']),
                "keep the session free of shell syntax: {line}"
            );
            steps.push(Step {
                args: words[1..].iter().map(|w| (*w).to_owned()).collect(),
                shown: Vec::new(),
            });
        } else {
            let step = steps.last_mut().expect("output follows a command");
            step.shown.push(line.to_owned());
        }
    }
    steps
}

/// Whether `output` (blank lines dropped) matches the `shown` lines; the
/// mismatch when not.
fn matches(shown: &[String], output: &str) -> Result<(), String> {
    let mut lines = output.lines().filter(|l| !l.trim().is_empty());
    let mut skipping = false;
    for want in shown {
        if want == "…" {
            skipping = true;
            continue;
        }
        let fits = |line: &str| match want.strip_suffix('…') {
            Some(prefix) => line.starts_with(prefix),
            None => line == want,
        };
        loop {
            match lines.next() {
                Some(line) if fits(line) => break,
                Some(_) if skipping => continue,
                Some(line) => return Err(format!("expected {want:?}, got {line:?}")),
                None => return Err(format!("expected {want:?}, output ended")),
            }
        }
        skipping = false;
    }
    match lines.next() {
        Some(extra) if !skipping => Err(format!("output goes on: {extra:?}")),
        _ => Ok(()),
    }
}

#[test]
fn the_readme_first_session_runs_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let steps = session(&readme);
    let commands: Vec<&str> = steps.iter().map(|s| s.args[0].as_str()).collect();
    assert_eq!(
        commands,
        ["agent", "import", "list", "catalog", "load", "snapshot"],
        "the session the README promises"
    );

    let data = tempfile::tempdir().unwrap();
    for step in &steps {
        let output = Command::new(env!("CARGO_BIN_EXE_skillworld"))
            .args(&step.args)
            .current_dir(root())
            .env("XDG_DATA_HOME", data.path())
            .env("HOME", data.path())
            .env_remove("SKILLWORLD_DB")
            .env_remove("SKILLWORLD_HINTS")
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{:?}: {stderr}", step.args);
        assert_eq!(stderr, "", "{:?}", step.args);
        if let Err(mismatch) = matches(&step.shown, &stdout) {
            panic!("{:?}: {mismatch}\n--- output:\n{stdout}", step.args);
        }
    }
    assert!(
        data.path().join("skillworld/world.redb").exists(),
        "the session used the fresh data directory"
    );
}

#[test]
fn the_notation_can_fail() {
    let shown = |lines: &[&str]| lines.iter().map(|l| (*l).to_owned()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "b…"]), "a\nbc\n").is_ok());
    assert!(matches(&shown(&["a", "…", "z"]), "a\nb\nc\n\nz\n").is_ok());
    assert!(matches(&shown(&["a", "…"]), "a\nb\n").is_ok());
    assert!(matches(&shown(&["a"]), "a\nb\n").is_err(), "extra output");
    assert!(
        matches(&shown(&["a", "c"]), "a\nb\n").is_err(),
        "wrong line"
    );
    assert!(
        matches(&shown(&["a", "…", "z"]), "a\nb\n").is_err(),
        "missing line"
    );
}
