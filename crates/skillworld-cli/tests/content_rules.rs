//! Issue 16, attack 1 through the command line: `skillworld tool` calls the
//! same habitat service as the server, so the command layer's bundle rules
//! hold here too, and a script tool gets its own skill's secrets.

mod common;

use std::path::Path;
use std::process::Output;

use serde_json::{Value, json};

fn run(db: &Path, args: &[&str]) -> Output {
    common::command(db)
        .args(args)
        .env("SKILLWORLD_SECRET_KEY", KEY)
        .output()
        .expect("the binary runs")
}

fn answer(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&output.stdout)))
}

/// The server's own secret key: in the CLI's environment, never in a
/// script's.
const KEY: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

const SKILL_MD: &str = "---\nname: weather\ndescription: Reads the weather.\nscripts:\n  - id: run\n    path: scripts/run.sh\n---\nRun it.\n";

#[test]
fn the_cli_tool_door_holds_the_content_rules_and_passes_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    let outside = dir.path().join("outside");
    assert!(run(&db, &["agent", "add", "ada"]).status.success());

    let escape = format!("../../../../../../../..{}/x.sh", outside.display());
    let args = json!({"skill_md": SKILL_MD, "files": [{"path": escape, "content": "echo x", "executable": true}]});
    let refused = run(
        &db,
        &["tool", "--agent", "ada", "skill_import", &args.to_string()],
    );
    assert_eq!(refused.status.code(), Some(1));
    let error = answer(&refused)["error"].as_str().unwrap().to_owned();
    assert!(error.contains("is refused"), "{error}");

    let script = "echo \"key=$API_KEY server=${SKILLWORLD_SECRET_KEY:-none}\"\n";
    let args = json!({"skill_md": SKILL_MD, "files": [{"path": "scripts/run.sh", "content": script, "executable": true}]});
    let imported = run(
        &db,
        &["tool", "--agent", "ada", "skill_import", &args.to_string()],
    );
    assert!(imported.status.success(), "{}", answer(&imported));
    let set = run(
        &db,
        &[
            "secret", "set", "weather", "API_KEY", "k-123", "--agent", "ada",
        ],
    );
    assert!(
        set.status.success(),
        "{}",
        String::from_utf8_lossy(&set.stderr)
    );
    let ran = run(&db, &["tool", "--agent", "ada", "skill_weather_run", "{}"]);
    assert!(ran.status.success(), "{}", answer(&ran));
    let stdout = answer(&ran)["stdout"].as_str().unwrap().to_owned();
    assert_eq!(stdout, "key=k-123 server=none\n");
    assert!(!outside.exists());
}
