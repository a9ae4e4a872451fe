//! `review` end to end against a fake OpenAI-compatible server, and `runs`.

// The fake server is shared with the evolve crate's tests; this file uses
// only part of it.
#[allow(dead_code)]
#[path = "../../skillworld-evolve/tests/fake/mod.rs"]
mod fake;

use std::path::Path;
use std::process::{Command, Output};

use fake::{Canned, FakeServer};
use serde_json::Value;

fn run(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .args(args)
        .arg("--db")
        .arg(db)
        .args(["--now", "2026-12-01T10:00:00Z"])
        .env_remove("SKILLWORLD_DB")
        .env_remove("SKILLWORLD_MODEL_URL")
        .env_remove("SKILLWORLD_MODEL")
        .env_remove("SKILLWORLD_MODEL_KEY_ENV")
        .output()
        .expect("the binary runs")
}

/// `review` with a model at `url`, plus `extra` arguments.
fn review(db: &Path, agent: &str, mode: &str, url: &str, extra: &[&str]) -> Output {
    let mut args = vec!["review", "--agent", agent, "--mode", mode];
    args.extend(["--model-url", url, "--model", "m"]);
    args.extend(extra);
    run(db, &args)
}

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn an_evolve_review_over_a_model_writes_a_skill_and_is_listed_in_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    assert_eq!(run(&db, &["agent", "add", "ada"]).status.code(), Some(0));
    let turn = dir.path().join("turn.json");
    std::fs::write(
        &turn,
        r#"[{"role": "user", "content": "rotate the logs"},
            {"role": "tool_call", "name": "shell", "arguments": {"cmd": "gzip *.log"}},
            {"role": "tool_result", "name": "shell", "content": "done"},
            {"role": "assistant", "content": "Rotated."}]"#,
    )
    .unwrap();
    let server = FakeServer::start(vec![
        Canned::calls(&[(
            "skill_create",
            r#"{"name":"rotate-logs","description":"Rotates logs.","content":"gzip *.log\n"}"#,
        )]),
        Canned::text("created rotate-logs"),
    ]);
    let turn_arg = turn.to_str().unwrap();
    let extra = ["--note", "the gzip step", "--turn", turn_arg, "--json"];
    let output = review(&db, "ada", "evolve", &server.url, &extra);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = lines(&output);
    assert_eq!(printed.len(), 1);
    assert_eq!(printed[0]["status"], "ok");
    assert_eq!(printed[0]["run_kind"], "skill-evolve");
    assert_eq!(printed[0]["started"], "2026-12-01T10:00:00Z");
    assert_eq!(printed[0]["metadata"]["gate_reason"], "forced by /learn");

    let data = server.received()[0].body["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(data.starts_with("mode=evolve\n"), "{data}");
    assert!(data.contains("shell ok: done") && data.contains("the gzip step"));

    let listed = lines(&run(&db, &["list", "--agent", "ada", "--json"]));
    let skill = listed.iter().find(|s| s["name"] == "rotate-logs").unwrap();
    assert_eq!(skill["origin"], "evolved");

    let runs = run(&db, &["runs", "--json"]);
    assert_eq!(runs.status.code(), Some(0));
    let runs = lines(&runs);
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["iterations"], 2);
    assert_eq!(runs[0]["error"], Value::Null);
    assert!(lines(&run(&db, &["runs", "--agent", "bob", "--json"])).is_empty());
    let human = String::from_utf8(run(&db, &["runs"]).stdout).unwrap();
    let mut human = human.lines();
    let header = human.next().unwrap();
    assert!(
        header.starts_with("RUN             KIND          AGENT  STATUS"),
        "{header}"
    );
    assert!(
        human
            .next()
            .unwrap()
            .starts_with("skill-evolve-1  skill-evolve  ada    ok  "),
    );
}

#[test]
fn a_refused_key_is_a_failed_run_and_bad_input_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    assert_eq!(run(&db, &["agent", "add", "ada"]).status.code(), Some(0));

    let server = FakeServer::start(vec![Canned::status(401, Vec::new())]);
    let output = review(&db, "ada", "maintain", &server.url, &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("refused the credentials"),
        "{}",
        stderr(&output)
    );
    let runs = lines(&run(&db, &["runs", "--agent", "ada", "--json"]));
    assert_eq!(runs[0]["status"], "error");
    assert_eq!(runs[0]["run_kind"], "skill-maintain");

    let no_model = run(&db, &["review", "--agent", "ada", "--mode", "maintain"]);
    assert_eq!(no_model.status.code(), Some(2));
    assert!(stderr(&no_model).contains("--model-url"));

    // Nothing listens there: these fail before the model is asked.
    let nowhere = "http://127.0.0.1:9";
    let output = review(&db, "ada", "sideways", nowhere, &[]);
    assert_eq!(output.status.code(), Some(2));

    let bad_turn = dir.path().join("turn.json");
    std::fs::write(&bad_turn, "[{\"role\": \"narrator\"}]").unwrap();
    let turn_arg = ["--turn", bad_turn.to_str().unwrap()];
    let output = review(&db, "ada", "evolve", nowhere, &turn_arg);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("turn.json"), "{}", stderr(&output));

    let unset = ["--model-key-env", "SKILLWORLD_TEST_UNSET_KEY"];
    let output = review(&db, "ada", "maintain", nowhere, &unset);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("SKILLWORLD_TEST_UNSET_KEY"));

    let output = review(&db, "nobody", "maintain", nowhere, &[]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "error: agent 'nobody' does not exist; run: skillworld agent add nobody\n"
    );
    assert_eq!(
        lines(&run(&db, &["runs", "--json"])).len(),
        1,
        "no run started"
    );
}
