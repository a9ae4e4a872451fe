//! GOV-4 on the command line: an agent's lessons listed, edited and
//! deleted; another agent sees none of them; the admin view sees all.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn run(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("SKILLWORLD_DB")
        .output()
        .expect("the binary runs")
}

fn lessons(db: &Path, who: &[&str]) -> Vec<Value> {
    let mut args = vec!["--json", "lessons", "list", "skill-authoring"];
    args.extend_from_slice(who);
    let output = run(db, &args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn an_agent_lists_edits_and_deletes_its_own_lessons() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    for agent in ["ada", "bob"] {
        assert!(run(&db, &["agent", "add", agent]).status.success());
        let lesson =
            format!(r#"{{"name": "skill-authoring", "lesson": "{agent} says: keep it short."}}"#);
        let recorded = run(&db, &["tool", "--agent", agent, "record_lesson", &lesson]);
        assert!(
            recorded.status.success(),
            "{}",
            String::from_utf8_lossy(&recorded.stdout)
        );
    }
    let mine = lessons(&db, &["--agent", "ada"]);
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["text"], "ada says: keep it short.");
    let id = mine[0]["id"].as_u64().unwrap().to_string();
    assert_eq!(lessons(&db, &["--commons"]).len(), 2);

    let bobs = lessons(&db, &["--agent", "bob"])[0]["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let refused = run(
        &db,
        &[
            "lessons",
            "edit",
            "skill-authoring",
            &bobs,
            "Mine.",
            "--agent",
            "ada",
        ],
    );
    assert_eq!(refused.status.code(), Some(1));

    let edited = run(
        &db,
        &[
            "lessons",
            "edit",
            "skill-authoring",
            &id,
            "Shorter.",
            "--agent",
            "ada",
        ],
    );
    assert!(
        edited.status.success(),
        "{}",
        String::from_utf8_lossy(&edited.stderr)
    );
    assert_eq!(lessons(&db, &["--agent", "ada"])[0]["text"], "Shorter.");
    let deleted = run(
        &db,
        &[
            "lessons",
            "delete",
            "skill-authoring",
            &id,
            "--agent",
            "ada",
        ],
    );
    assert!(deleted.status.success());
    assert!(lessons(&db, &["--agent", "ada"]).is_empty());
    assert_eq!(lessons(&db, &["--agent", "bob"]).len(), 1);
}
