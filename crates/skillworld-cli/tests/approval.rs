//! GOV-1 from the command line: `approval`, `proposals`, `approve`,
//! `reject`, `list --all`; agents' writes go through `tool --agent`, time
//! through `--now`.

mod common;

use std::path::Path;

use common::{at, ok_at};
use serde_json::{Value, json};

const DAY1: &str = "2026-12-01T10:00:00Z";

fn ok(db: &Path, args: &[&str]) -> String {
    ok_at(db, DAY1, args)
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// An agent's tool call, as its JSON answer.
fn tool(db: &Path, now: &str, agent: &str, name: &str, args: Value) -> Value {
    let args = args.to_string();
    json_of(&ok_at(db, now, &["tool", "--agent", agent, name, &args]))
}

fn create(db: &Path, now: &str, name: &str, body: &str) -> Value {
    let args = json!({"name": name, "description": "Does a thing.", "content": body});
    tool(db, now, "ada", "skill_create", args)
}

fn loads(db: &Path, name: &str) -> Option<String> {
    let output = at(db, DAY1, &["load", "--agent", "ada", name]);
    output
        .status
        .success()
        .then(|| String::from_utf8(output.stdout).unwrap())
}

#[test]
fn an_operator_reviews_what_an_agent_proposes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    ok(&db, &["agent", "add", "ada"]);
    assert_eq!(
        ok(&db, &["approval"]),
        "approval: auto (proposals expire after 14 days)\n"
    );
    // auto: an agent's skill is live at once, as before.
    let answer = create(&db, DAY1, "live-one", "Live.\n");
    assert!(answer.get("proposed").is_none(), "{answer}");
    assert!(loads(&db, "live-one").is_some());

    ok(&db, &["approval", "review"]);
    let answer = create(&db, DAY1, "idea", "Check the logs first.\n");
    assert_eq!(
        (answer["ok"].clone(), answer["proposed"].clone()),
        (json!(true), json!(true))
    );
    assert!(loads(&db, "idea").is_none(), "a proposal is not loadable");
    let listed = ok(&db, &["list", "--agent", "ada"]);
    assert!(!listed.contains("idea"), "{listed}");
    let all = ok(&db, &["list", "--agent", "ada", "--all"]);
    let line = all
        .lines()
        .find(|l| l.starts_with("idea "))
        .expect("listed with --all");
    assert!(
        line.contains("proposal") && line.contains("proposed"),
        "{line}"
    );

    let shown = ok(&db, &["proposals", "--agent", "ada"]);
    assert!(
        shown.starts_with("idea by ada for agents/ada (new, pending"),
        "{shown}"
    );
    assert!(shown.contains("+Check the logs first."), "{shown}");
    let listed = json_of(&ok(&db, &["--json", "proposals"]));
    assert_eq!(listed[0]["name"], "idea");

    // Approved under another name.
    let approved = ok(
        &db,
        &["approve", "idea", "--agent", "ada", "--as", "log-first"],
    );
    assert_eq!(approved, "approved idea of agent ada; live as log-first\n");
    assert!(
        loads(&db, "log-first")
            .unwrap()
            .contains("Check the logs first.")
    );
    assert_eq!(ok(&db, &["proposals"]), "no proposals\n");

    // A change to a live skill waits while the live one serves; rejected,
    // its reason is ada's lesson on the skill.
    let patch = json!({"name": "live-one", "old_string": "Live.", "new_string": "Gone."});
    assert_eq!(
        tool(&db, DAY1, "ada", "skill_patch", patch)["proposed"],
        true
    );
    assert!(loads(&db, "live-one").unwrap().contains("Live."));
    let shown = ok(&db, &["proposals"]);
    assert!(
        shown.contains("(change, pending") && shown.contains("-Live.\n+Gone."),
        "{shown}"
    );
    ok(
        &db,
        &[
            "reject",
            "live-one",
            "--agent",
            "ada",
            "--reason",
            "Keep it live.",
        ],
    );
    let lessons = ok(&db, &["lessons", "list", "live-one", "--agent", "ada"]);
    assert!(lessons.contains("Keep it live."), "{lessons}");
    assert!(loads(&db, "live-one").unwrap().contains("Live."));

    // A rejected new skill keeps its reason on the proposal.
    create(&db, DAY1, "vague", "Do stuff.\n");
    ok(
        &db,
        &[
            "reject",
            "vague",
            "--agent",
            "ada",
            "--reason",
            "Say what stuff.",
        ],
    );
    let closed = ok(&db, &["proposals", "--agent", "ada", "--all"]);
    assert!(
        closed.contains("vague by ada") && closed.contains("reason: Say what stuff."),
        "{closed}"
    );

    // Nothing to approve: a clear error naming the command that lists them.
    let missing = at(&db, DAY1, &["approve", "vague", "--agent", "ada"]);
    assert_eq!(missing.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("run: skillworld proposals --agent ada"),
        "{stderr}"
    );
}

#[test]
fn proposals_expire_on_the_worlds_clock() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    ok(&db, &["agent", "add", "ada"]);
    ok(&db, &["approval", "review", "--expire-after-days", "2"]);
    create(&db, DAY1, "short-lived", "Body.\n");
    create(&db, DAY1, "approved-in-time", "Body.\n");
    // A day later both are there; one is approved.
    let in_time = "2026-12-02T10:00:00Z";
    ok_at(
        &db,
        in_time,
        &["approve", "approved-in-time", "--agent", "ada"],
    );
    assert!(loads(&db, "approved-in-time").is_some());
    // Two days after it was made, the other has expired.
    let later = "2026-12-03T10:00:00Z";
    let all = json_of(&ok_at(&db, later, &["--json", "proposals", "--all"]));
    let state = |name: &str| {
        let entries = all.as_array().unwrap();
        entries.iter().find(|p| p["name"] == name).unwrap()["state"].clone()
    };
    assert_eq!(
        (state("short-lived"), state("approved-in-time")),
        (json!("expired"), json!("approved"))
    );
    assert_eq!(ok_at(&db, later, &["proposals"]), "no proposals\n");
    let late = at(&db, later, &["approve", "short-lived", "--agent", "ada"]);
    assert_eq!(late.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&late.stderr).contains("has expired"));
    assert!(loads(&db, "short-lived").is_none());
}
