//! `skillworld new`: every template writes a bundle that passes strict
//! validation, imports, and whose script tool runs.

mod common;

use common::{ok, run};

use serde_json::Value;

#[test]
fn every_template_is_strictly_valid_and_its_tool_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let skills = dir.path().join("skills");
    let to = skills.to_str().unwrap();
    for (name, template) in [
        ("plain-one", "plain"),
        ("word-count", "python-tool"),
        ("echo-text", "shell-tool"),
        ("keyed-call", "needs-secret"),
        ("with-guide", "references"),
    ] {
        ok(&db, &["new", name, "--template", template, "--to", to]);
        let folder = skills.join(name);
        ok(&db, &["validate", "--strict", folder.to_str().unwrap()]);
    }
    let again = run(&db, &["new", "plain-one", "--to", to]);
    assert_eq!(
        again.status.code(),
        Some(2),
        "an existing folder is refused"
    );

    ok(&db, &["agent", "add", "ada"]);
    ok(&db, &["import", to, "--agent", "ada"]);
    let answer = |text: String| -> Value { serde_json::from_str(&text).unwrap() };
    let counted = answer(ok(
        &db,
        &[
            "tool",
            "--agent",
            "ada",
            "skill_word_count_run",
            r#"{"text": "three small words"}"#,
        ],
    ));
    assert_eq!(counted["stdout"], "{\"words\": 3}\n", "{counted}");
    let echoed = answer(ok(
        &db,
        &[
            "tool",
            "--agent",
            "ada",
            "skill_echo_text_run",
            r#"{"text": "hi"}"#,
        ],
    ));
    assert_eq!(echoed["stdout"], "{\"echo\": \"hi\"}\n", "{echoed}");
    let loaded = ok(
        &db,
        &[
            "load",
            "--agent",
            "ada",
            "with-guide",
            "--file",
            "references/guide.md",
        ],
    );
    assert!(loaded.contains("# Reference"), "{loaded}");
}
