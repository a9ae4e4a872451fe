//! `import … --commons | --agent` (STO-6, FMT-7): skills from different
//! authors that share a name all survive, a re-import updates, `--replace`
//! replaces, files without frontmatter come in, an empty bucket is kept.

mod common;

use std::fs;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

fn run_in(cwd: &Path, db: &Path, args: &[&str]) -> Output {
    common::command(db)
        .current_dir(cwd)
        .args(["--now", "2026-12-01T10:00:00Z"])
        .args(args)
        .output()
        .expect("the binary runs")
}

/// One JSON object per line of a `--json` run, with its exit code.
fn json_in(cwd: &Path, db: &Path, args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = run_in(cwd, db, &all);
    let lines = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (output.status.code(), lines)
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn skill_md(name: &str, body: &str) -> String {
    format!("---\nname: {name}\ndescription: {name} skill.\n---\n{body}\n")
}

fn codes(result: &Value) -> Vec<&str> {
    result["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect()
}

/// `list --commons --json`: (name, revision, description) per skill.
fn listed(dir: &Path, db: &Path) -> Vec<(String, u64)> {
    let (_, rows) = json_in(dir, db, &["list", "--commons"]);
    let mut rows: Vec<(String, u64)> = rows
        .iter()
        .filter(|r| r["origin"] != "builtin")
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["revision"].as_u64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn same_names_from_two_authors_both_survive_and_reimports_update() {
    let dir = tempfile::tempdir().unwrap();
    let (root, db) = (dir.path(), dir.path().join("w.redb"));
    write(
        &root.join("corpus/alice/pdf/SKILL.md"),
        &skill_md("pdf", "A."),
    );
    write(
        &root.join("corpus/bob/pdf-tools/SKILL.md"),
        &skill_md("PDF", "B."),
    );
    write(&root.join("corpus/carol/x/SKILL.md"), &skill_md("x", "C."));

    let (code, results) = json_in(root, &db, &["import", "corpus", "--commons"]);
    assert_eq!(code, Some(0), "{results:?}");
    let names: Vec<&str> = results
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["pdf", "pdf-2", "x"]);
    assert!(
        codes(&results[1]).contains(&"name-collision"),
        "{results:?}"
    );
    assert!(results.iter().all(|r| r["outcome"] == "created"));
    assert_eq!(
        listed(root, &db),
        [("pdf".into(), 1), ("pdf-2".into(), 1), ("x".into(), 1)]
    );
    // The new database was built at a private path and published whole.
    assert_eq!(private_files(root), Vec::<String>::new());

    // The same folders again, one edited, from another working directory
    // with another spelling of the path: updates, no duplicates.
    write(
        &root.join("corpus/bob/pdf-tools/SKILL.md"),
        &skill_md("PDF", "B2."),
    );
    let (code, again) = json_in(
        &root.join("corpus"),
        &db,
        &["import", "./alice/../bob", "alice", "carol", "--commons"],
    );
    assert_eq!(code, Some(0), "{again:?}");
    let outcomes: Vec<(&str, &str)> = again
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["outcome"].as_str().unwrap()))
        .collect();
    assert!(outcomes.contains(&("pdf-2", "updated")), "{again:?}");
    assert!(!codes(&again[0]).contains(&"name-collision"));
    assert_eq!(
        listed(root, &db),
        [("pdf".into(), 1), ("pdf-2".into(), 2), ("x".into(), 1)]
    );

    // --replace: a third author's pdf replaces the skill of that name.
    write(&root.join("dave/pdf/SKILL.md"), &skill_md("pdf", "D."));
    let (_, replaced) = json_in(root, &db, &["import", "dave", "--commons", "--replace"]);
    assert_eq!(
        (&replaced[0]["name"], &replaced[0]["outcome"]),
        (&Value::from("pdf"), &Value::from("replaced"))
    );
    assert_eq!(
        listed(root, &db),
        [("pdf".into(), 2), ("pdf-2".into(), 2), ("x".into(), 1)]
    );
}

/// Files a new database is built in before it is published.
fn private_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".creating-"))
        .collect()
}

#[test]
fn an_import_that_fails_before_any_skill_leaves_no_new_database() {
    let dir = tempfile::tempdir().unwrap();
    let (root, db) = (dir.path(), dir.path().join("w.redb"));
    write(&root.join("in/a/SKILL.md"), &skill_md("a", "A."));
    let output = run_in(root, &db, &["import", "in", "--agent", "nobody"]);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("nobody"),
        "{output:?}"
    );
    assert!(!db.exists(), "no half-made database is left");
    assert_eq!(private_files(root), Vec::<String>::new());
}

#[test]
fn a_bad_skill_changes_nothing_and_stops_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (root, db) = (dir.path(), dir.path().join("w.redb"));
    write(&root.join("in/a/SKILL.md"), &skill_md("a", "A."));
    write(
        &root.join("in/b/SKILL.md"),
        "---\nname: b\ndescription: never closed\n",
    );
    write(&root.join("in/c/SKILL.md"), &skill_md("c", "C."));
    let (code, results) = json_in(root, &db, &["import", "in", "--commons"]);
    assert_eq!(code, Some(1));
    let oks: Vec<bool> = results.iter().map(|r| r["ok"].as_bool().unwrap()).collect();
    assert_eq!(oks, [true, false, true]);
    assert!(
        results[1]["errors"][0]
            .as_str()
            .unwrap()
            .contains("not properly closed"),
        "{results:?}"
    );
    assert_eq!(listed(root, &db), [("a".into(), 1), ("c".into(), 1)]);
}

#[test]
fn a_file_without_frontmatter_is_imported_leniently_and_fails_strictly() {
    let dir = tempfile::tempdir().unwrap();
    let (root, db) = (dir.path(), dir.path().join("w.redb"));
    let folder = root.join("in/Release Notes");
    write(
        &folder.join("SKILL.md"),
        "# Release notes\n\nWrite release notes from the git log.\n\n## Steps\n\n1. Read.\n",
    );
    let folder_arg = folder.to_str().unwrap();

    let (code, lenient) = json_in(root, &db, &["validate", folder_arg]);
    assert_eq!(code, Some(0));
    assert_eq!(codes(&lenient[0])[0], "no-frontmatter");
    let (code, strict) = json_in(root, &db, &["validate", "--strict", folder_arg]);
    assert_eq!(code, Some(1));
    assert_eq!(
        strict[0]["errors"][0],
        "SKILL.md must start with YAML frontmatter (---)"
    );

    let (code, imported) = json_in(root, &db, &["import", "in", "--commons"]);
    assert_eq!(code, Some(0), "{imported:?}");
    assert_eq!(imported[0]["name"], "release-notes");
    assert_eq!(codes(&imported[0])[0], "no-frontmatter");
    let (_, rows) = json_in(root, &db, &["list", "--commons"]);
    let row = rows.iter().find(|r| r["name"] == "release-notes").unwrap();
    assert_eq!(row["description"], "Write release notes from the git log.");

    let out = root.join("out");
    let (code, _) = json_in(
        root,
        &db,
        &["import", "in", "--into", out.to_str().unwrap()],
    );
    assert_eq!(code, Some(0));
    let (code, _) = json_in(
        root,
        &db,
        &[
            "validate",
            "--strict",
            out.join("release-notes").to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(0), "the normalised copy is strictly valid");
}

#[test]
fn a_reimport_keeps_a_bucket_that_arrives_empty_unless_force_prune() {
    let dir = tempfile::tempdir().unwrap();
    let (root, db) = (dir.path(), dir.path().join("w.redb"));
    let skill = root.join("in/tool");
    write(&skill.join("SKILL.md"), &skill_md("tool", "v1"));
    write(&skill.join("scripts/run.sh"), "echo run\n");
    json_in(root, &db, &["import", "in", "--commons"]);

    fs::remove_dir_all(skill.join("scripts")).unwrap();
    write(&skill.join("SKILL.md"), &skill_md("tool", "v2"));
    let (_, kept) = json_in(root, &db, &["import", "in", "--commons"]);
    assert!(codes(&kept[0]).contains(&"bucket-kept"), "{kept:?}");
    let exported = |to: &str| {
        let to = root.join(to);
        let (code, _) = json_in(
            root,
            &db,
            &["export", "tool", "--commons", "--to", to.to_str().unwrap()],
        );
        assert_eq!(code, Some(0));
        to.join("tool/scripts/run.sh").exists()
    };
    assert!(exported("first"), "the stored script survives");

    let (_, pruned) = json_in(root, &db, &["import", "in", "--commons", "--force-prune"]);
    assert!(!codes(&pruned[0]).contains(&"bucket-kept"));
    assert!(!exported("second"), "--force-prune empties scripts/");
}
