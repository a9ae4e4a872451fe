//! MCP both ways through the binary: `skillworld mcp` over one database,
//! registered with `mcp-server add` as an MCP server of a habitat on a
//! second database, whose tools become a virtual skill there.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn skillworld(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillworld"))
        .arg("--db")
        .arg(db)
        .args(args)
        .env_remove("SKILLWORLD_DB")
        .output()
        .unwrap()
}

fn ok(output: &Output) -> String {
    assert!(
        output.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn skillworld_mcp_becomes_a_virtual_skill_of_another_habitat() {
    let dir = tempfile::tempdir().unwrap();
    let (served, habitat) = (
        dir.path().join("served.redb"),
        dir.path().join("habitat.redb"),
    );
    ok(&skillworld(&served, &["agent", "add", "ada"]));
    ok(&skillworld(&habitat, &["agent", "add", "cat"]));

    // The served database reaches the child only through the registered
    // environment, which is kept sealed and shown masked.
    let binary = env!("CARGO_BIN_EXE_skillworld");
    let served_db = served.to_str().unwrap();
    let added = ok(&skillworld(
        &habitat,
        &[
            "--json",
            "mcp-server",
            "add",
            "ada-skills",
            "--env",
            &format!("SKILLWORLD_DB={served_db}"),
            "--command",
            binary,
            "mcp",
            "--agent",
            "ada",
        ],
    ));
    let added: Value = serde_json::from_str(added.trim()).unwrap();
    assert_eq!(added["skill"], "installed", "{added}");
    assert_eq!(added["transport"], "stdio");
    assert_eq!(added["env"]["SKILLWORLD_DB"], "/t••••db", "{added}");
    let bytes = std::fs::read(&habitat).unwrap();
    assert!(
        !bytes
            .windows(served_db.len())
            .any(|window| window == served_db.as_bytes()),
        "the environment's value is not stored in the clear"
    );
    let tools: Vec<&str> = added["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(tools.contains(&"skill_search"), "{tools:?}");

    // The virtual skill is a Commons skill of origin mcp, in cat's catalog.
    let listed = ok(&skillworld(&habitat, &["--json", "list", "--commons"]));
    let row: Value = listed
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|row| row["name"] == "ada-skills")
        .expect("the virtual skill is listed");
    assert_eq!(row["origin"], "mcp");
    let catalog = ok(&skillworld(&habitat, &["catalog", "--agent", "cat"]));
    assert!(catalog.contains("**ada-skills**"), "{catalog}");

    // Its SKILL.md names the transport, the command and the tools.
    let out = dir.path().join("export");
    ok(&skillworld(
        &habitat,
        &[
            "export",
            "ada-skills",
            "--commons",
            "--to",
            out.to_str().unwrap(),
        ],
    ));
    let skill_md = std::fs::read_to_string(out.join("ada-skills/SKILL.md")).unwrap();
    assert!(skill_md.contains("Transport: stdio"), "{skill_md}");
    assert!(
        skill_md.contains(&format!("Command: `{binary} mcp --agent ada`")),
        "{skill_md}"
    );
    assert!(!skill_md.contains(served_db), "{skill_md}");
    assert!(
        skill_md.contains("- `skill_search`: Find skills"),
        "{skill_md}"
    );
    assert!(skill_md.contains("- `skill_create`:"), "{skill_md}");

    // Listing again rebuilds it: unchanged while the tools are the same.
    let again = ok(&skillworld(&habitat, &["--json", "mcp-server", "list"]));
    let again: Value = serde_json::from_str(again.trim()).unwrap();
    assert_eq!(again["skill"], "unchanged", "{again}");
    assert_eq!(again["env"]["SKILLWORLD_DB"], "/t••••db");
    let secrets = ok(&skillworld(
        &habitat,
        &["secret", "list", "ada-skills", "--commons"],
    ));
    assert!(secrets.contains("SKILLWORLD_DB"), "{secrets}");
    assert!(secrets.contains("/t••••db"), "{secrets}");

    // Removing the registration removes the virtual skill.
    ok(&skillworld(
        &habitat,
        &["mcp-server", "remove", "ada-skills"],
    ));
    let listed = ok(&skillworld(&habitat, &["--json", "list", "--commons"]));
    assert!(!listed.contains("\"ada-skills\""), "{listed}");
    let secrets = ok(&skillworld(
        &habitat,
        &["secret", "list", "ada-skills", "--commons"],
    ));
    assert_eq!(secrets, "", "the environment's secrets go with it");
    let missing = skillworld(&habitat, &["mcp-server", "remove", "ada-skills"]);
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn a_real_commons_skill_shadows_the_virtual_one() {
    let dir = tempfile::tempdir().unwrap();
    let (served, habitat) = (
        dir.path().join("served.redb"),
        dir.path().join("habitat.redb"),
    );
    ok(&skillworld(&served, &["agent", "add", "ada"]));
    let skill = dir.path().join("same-name");
    std::fs::create_dir(&skill).unwrap();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: same-name\ndescription: A real skill.\n---\nReal.\n",
    )
    .unwrap();
    ok(&skillworld(
        &habitat,
        &["import", skill.to_str().unwrap(), "--commons"],
    ));
    let added = ok(&skillworld(
        &habitat,
        &[
            "--json",
            "mcp-server",
            "add",
            "same-name",
            "--command",
            env!("CARGO_BIN_EXE_skillworld"),
            "--db",
            served.to_str().unwrap(),
            "mcp",
            "--agent",
            "ada",
        ],
    ));
    let added: Value = serde_json::from_str(added.trim()).unwrap();
    assert_eq!(added["skill"], "shadowed");
    let listed = ok(&skillworld(&habitat, &["--json", "list", "--commons"]));
    assert!(listed.contains("\"origin\":\"imported\""), "{listed}");
}

#[test]
fn an_unreachable_server_is_reported_not_installed() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = dir.path().join("habitat.redb");
    let added = skillworld(
        &habitat,
        &[
            "mcp-server",
            "add",
            "ghost",
            "--command",
            "/nonexistent/mcp-server",
        ],
    );
    assert_eq!(added.status.code(), Some(1));
    let table = String::from_utf8_lossy(&added.stdout);
    assert!(
        table.starts_with("SERVER  TOOLS  SKILL  ERROR\n"),
        "{table}"
    );
    assert!(
        table
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("ghost   0      -      MCP server 'ghost'"),
        "{table}"
    );
    let bad = skillworld(
        &habitat,
        &["mcp-server", "add", "Bad Name", "--url", "http://x"],
    );
    assert_eq!(bad.status.code(), Some(2));
}
