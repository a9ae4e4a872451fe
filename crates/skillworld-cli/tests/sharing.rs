//! GOV-3 on the command line: one skill exported as a zip imports back to
//! the same canonical digest (GOV-2's `digest --skill`); promote and share
//! make copies that record where they came from.

use std::path::{Path, PathBuf};
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

fn json(db: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = run(db, &all);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../worlds/examples")
        .join(name)
}

#[test]
fn a_zip_round_trips_to_the_same_digest_and_copies_keep_provenance() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("world.redb");
    for agent in ["ada", "bob"] {
        json(&db, &["agent", "add", agent]);
    }
    let source = example("csv-summary");
    json(&db, &["import", source.to_str().unwrap(), "--agent", "ada"]);
    let digest = json(&db, &["digest", "--skill", "csv-summary", "--agent", "ada"])["digest"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(digest.len(), 64);

    let zip = dir.path().join("csv-summary.zip");
    let exported = json(
        &db,
        &[
            "export",
            "csv-summary",
            "--agent",
            "ada",
            "--zip",
            zip.to_str().unwrap(),
        ],
    );
    assert_eq!(exported["digest"], digest.as_str());
    json(&db, &["import", zip.to_str().unwrap(), "--agent", "bob"]);
    let again = json(&db, &["digest", "--skill", "csv-summary", "--agent", "bob"]);
    assert_eq!(
        again["digest"],
        digest.as_str(),
        "the zip re-imports to the same digest"
    );

    json(&db, &["promote", "csv-summary", "--agent", "ada"]);
    let promoted = json(&db, &["digest", "--skill", "csv-summary", "--commons"]);
    assert_eq!(
        promoted["digest"],
        digest.as_str(),
        "a copy has the same content"
    );
    let twice = run(&db, &["promote", "csv-summary", "--agent", "ada"]);
    assert_eq!(twice.status.code(), Some(1), "the Commons already has it");
}
