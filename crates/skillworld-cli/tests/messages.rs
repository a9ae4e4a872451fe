//! What a person at a terminal reads (issue 23): errors that name the
//! command that fixes them and never a model's tool, tables with headers
//! and aligned columns, the catalog's "why and how to see more" line on
//! stderr while stdout keeps the tool text, and an example in `--help`.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs the binary on `db`; `hints` sets `SKILLWORLD_HINTS` (else unset:
/// stderr is a pipe here, so no hints).
fn run_with(db: &Path, hints: Option<&str>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_skillworld"));
    command
        .args(args)
        .arg("--db")
        .arg(db)
        .args(["--now", "2026-12-01T10:00:00Z"])
        .env_remove("SKILLWORLD_DB")
        .env_remove("SKILLWORLD_HINTS");
    if let Some(hints) = hints {
        command.env("SKILLWORLD_HINTS", hints);
    }
    command.output().expect("the binary runs")
}

fn run(db: &Path, args: &[&str]) -> Output {
    run_with(db, None, args)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn ok(db: &Path, args: &[&str]) -> String {
    let output = run(db, args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// `count` skills `tool-00`… with long descriptions under `root`.
fn skills(root: &Path, count: usize) -> String {
    for index in 0..count {
        let name = format!("tool-{index:02}");
        fs::create_dir_all(root.join(&name)).unwrap();
        fs::write(
            root.join(&name).join("SKILL.md"),
            format!(
                "---\nname: {name}\ndescription: Does task {index} for the team, with a long description that a budgeted catalog cuts short.\n---\nBody {index}.\n"
            ),
        )
        .unwrap();
    }
    root.to_str().unwrap().to_owned()
}

/// A fresh database where agent `ada` has `count` private skills.
fn ada_with_skills(count: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    ok(&db, &["agent", "add", "ada"]);
    ok(
        &db,
        &[
            "import",
            &skills(&dir.path().join("s"), count),
            "--agent",
            "ada",
        ],
    );
    (dir, db)
}

/// Asserts a failure: exit code 1, nothing on stdout, one line on stderr
/// that says `fix` and names no tool; returns that line.
fn fails_with_fix(output: &Output, fix: &str) -> String {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert_eq!(stdout(output), "", "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains(&format!("run: {fix}")), "{text}");
    for tool in ["skill_search", "skill_list", "skill_load"] {
        assert!(!text.contains(tool), "{text}");
    }
    text
}

#[test]
fn errors_name_the_command_that_fixes_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let folder = skills(&dir.path().join("skills"), 2);

    let early = run(&db, &["import", &folder, "--agent", "ada"]);
    let text = fails_with_fix(&early, "skillworld agent add ada");
    assert_eq!(
        text,
        "error: agent 'ada' does not exist; run: skillworld agent add ada\n"
    );
    ok(&db, &["agent", "add", "ada"]);
    ok(&db, &["import", &folder, "--agent", "ada"]);

    let missing = run(&db, &["load", "--agent", "ada", "nope"]);
    fails_with_fix(&missing, "skillworld list --agent ada");
    // The tool keeps its text for the model.
    let tool = stdout(&run(
        &db,
        &["tool", "--agent", "ada", "skill_load", r#"{"name":"nope"}"#],
    ));
    assert!(tool.contains("skill_search"), "{tool}");

    fails_with_fix(
        &run(&db, &["catalog", "--agent", "bob"]),
        "skillworld agent add bob",
    );
    fails_with_fix(
        &run(&db, &["skill", "pin", "nope", "--agent", "ada"]),
        "skillworld list --agent ada",
    );
    fails_with_fix(
        &run(&db, &["revert", "tool-00", "9", "--agent", "ada"]),
        "skillworld revisions tool-00 --agent ada",
    );
    fails_with_fix(&run(&db, &["curate", "run"]), "skillworld curate activate");
    fails_with_fix(
        &run(&db, &["snapshot", "restore", "never-saved"]),
        "skillworld snapshot list",
    );
}

/// The columns of `header`'s words: where each starts.
fn starts(line: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut previous = ' ';
    for (index, c) in line.char_indices() {
        if c != ' ' && previous == ' ' && (index == 0 || line[..index].ends_with("  ")) {
            starts.push(index);
        }
        previous = c;
    }
    starts
}

#[test]
fn tables_have_headers_and_aligned_columns_and_json_is_unchanged() {
    let (_dir, db) = ada_with_skills(2);

    let listed = ok(&db, &["list", "--agent", "ada"]);
    let lines: Vec<&str> = listed.lines().collect();
    assert!(
        lines[0].starts_with("NAME")
            && lines[0].contains("STATUS")
            && lines[0].contains("LIFECYCLE"),
        "{listed}"
    );
    let columns = starts(lines[0]);
    assert_eq!(columns.len(), 7, "{listed}");
    for line in &lines[1..] {
        for &column in &columns[1..] {
            assert!(
                line[..column].ends_with("  ") && !line[column..].starts_with(' '),
                "column at {column} in {line:?}\n{listed}"
            );
        }
    }
    let private = lines.iter().find(|l| l.starts_with("tool-00 ")).unwrap();
    assert_eq!(&private[columns[1]..columns[1] + 7], "private");
    assert_eq!(&private[columns[3]..columns[3] + 6], "active");

    let json = ok(&db, &["--json", "list", "--agent", "ada"]);
    for line in json.lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        assert!(row["name"].is_string() && row["lifecycle"].is_string());
    }
    assert_eq!(json.lines().count(), lines.len() - 1, "no header in --json");

    let agents = ok(&db, &["agent", "list"]);
    assert!(
        agents.starts_with("AGENT  STATE    BINDINGS  TOOLS\nada    enabled  0         @skill\n"),
        "{agents}"
    );

    let saved = ok(&db, &["snapshot", "save", "first"]);
    assert!(
        saved.starts_with("saved snapshot first: named at journal seq "),
        "{saved}"
    );
    assert!(saved.contains(", digest "), "{saved}");
    let snapshots = ok(&db, &["snapshot", "list"]);
    assert!(
        snapshots.starts_with("NAME   KIND   SEQ  TAKEN"),
        "{snapshots}"
    );
    assert!(
        snapshots
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("first  named  "),
        "{snapshots}"
    );
}

#[test]
fn the_catalog_says_on_stderr_why_skills_were_left_out() {
    let (_dir, db) = ada_with_skills(10);

    let tool_text = {
        let json = ok(&db, &["--json", "catalog", "--agent", "ada"]);
        let value: Value = serde_json::from_str(&json).unwrap();
        value["catalog"].as_str().unwrap().to_owned()
    };
    assert!(
        tool_text.contains("Showing 8 of 12 available skills."),
        "{tool_text}"
    );

    let on_terminal = run_with(&db, Some("1"), &["catalog", "--agent", "ada"]);
    assert_eq!(on_terminal.status.code(), Some(0));
    assert_eq!(
        stdout(&on_terminal),
        format!("{}\n", tool_text.trim_end()),
        "stdout is the tool text"
    );
    assert_eq!(
        stderr(&on_terminal),
        "note: the catalog shows 8 of 12 skills: the --tokens 8192 budget \
         (at most 8 skills, descriptions cut to 80 characters) left 4 out; \
         skillworld catalog --agent ada --tokens 16384 shows up to 12, \
         and every skill is in: skillworld list --agent ada\n"
    );
    let piped = run(&db, &["catalog", "--agent", "ada"]);
    assert_eq!(stdout(&piped), stdout(&on_terminal));
    assert_eq!(stderr(&piped), "", "no hint when stderr is not a terminal");
    assert_eq!(
        stderr(&run_with(&db, Some("0"), &["catalog", "--agent", "ada"])),
        ""
    );

    let wide = run_with(
        &db,
        Some("1"),
        &["catalog", "--agent", "ada", "--tokens", "40000"],
    );
    assert!(!stdout(&wide).contains("Showing"), "{}", stdout(&wide));
    assert_eq!(stderr(&wide), "", "nothing left out, nothing to say");

    let load = run_with(&db, Some("1"), &["load", "--agent", "ada", "tool-03"]);
    assert_eq!(stdout(&load), "Body 3.\n");
    assert_eq!(stderr(&load), "");
}

#[test]
fn a_paged_load_names_the_next_page_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let big = dir.path().join("s/big");
    fs::create_dir_all(&big).unwrap();
    let body: String = (0..1000)
        .map(|i| format!("Step {i}: do the thing carefully.\n"))
        .collect();
    fs::write(
        big.join("SKILL.md"),
        format!("---\nname: big\ndescription: A long skill.\n---\n{body}"),
    )
    .unwrap();
    ok(&db, &["agent", "add", "ada"]);
    ok(&db, &["import", big.to_str().unwrap(), "--agent", "ada"]);

    let first = run_with(&db, Some("1"), &["load", "--agent", "ada", "big"]);
    assert_eq!(first.status.code(), Some(0));
    let text = stdout(&first);
    assert!(
        text.contains("[Page 1 of 5. Call skill_load with name=\"big\" and page=2"),
        "stdout keeps the tool text: {text}"
    );
    assert_eq!(
        stderr(&first),
        "note: page 1 of 5; next: skillworld load --agent ada big --page 2\n"
    );
    let last = run_with(
        &db,
        Some("1"),
        &["load", "--agent", "ada", "big", "--page", "5"],
    );
    assert_eq!(stderr(&last), "", "no next page");
    assert_eq!(
        stderr(&run(&db, &["load", "--agent", "ada", "big"])),
        "",
        "not on a pipe"
    );
}

#[test]
fn empty_listings_say_what_to_run() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    for (args, said) in [
        (
            &["agent", "list"][..],
            "no agents yet; run: skillworld agent add NAME\n",
        ),
        (
            &["snapshot", "list"],
            "no snapshots yet; run: skillworld snapshot save NAME\n",
        ),
    ] {
        let output = run(&db, args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&output), "", "no header over nothing");
        assert_eq!(stderr(&output), said);
        assert_eq!(stdout(&run(&db, &[&["--json"], args].concat())), "");
    }
}

#[test]
fn help_shows_one_example() {
    for args in [
        &["--help"][..],
        &["catalog", "--help"],
        &["snapshot", "save", "--help"],
        &["agent", "add", "--help"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_skillworld"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = stdout(&output);
        let examples: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("  $ skillworld"))
            .collect();
        assert_eq!(examples.len(), 1, "{args:?}: {text}");
        let named = args[..args.len() - 1].join(" ");
        assert!(
            examples[0].starts_with(format!("  $ skillworld {named}").trim_end()),
            "{text}"
        );
    }
}
