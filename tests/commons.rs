//! The shipped Commons in `worlds/commons/`: every skill passes strict
//! validation and carries a semver `metadata.version` (STO-4 upgrades by it).

use std::fs;
use std::path::Path;

use skillworld::format::{RawBundle, read_bundle_dir};

fn shipped() -> Vec<RawBundle> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("worlds/commons");
    let mut skills: Vec<RawBundle> = fs::read_dir(&root)
        .unwrap()
        .map(|entry| read_bundle_dir(&entry.unwrap().path()).unwrap())
        .collect();
    skills.sort_by(|a, b| a.dir_name.cmp(&b.dir_name));
    skills
}

#[test]
fn the_builtin_meta_skills_are_shipped() {
    let names: Vec<String> = shipped()
        .iter()
        .filter_map(|s| s.dir_name.clone())
        .collect();
    assert!(names.contains(&"skill-curation".to_owned()));
    assert!(names.contains(&"skill-authoring".to_owned()));
}

#[test]
fn every_shipped_skill_is_strictly_valid_and_versioned() {
    for raw in shipped() {
        let report = raw.validate_strict();
        assert!(
            report.errors.is_empty(),
            "{:?}: {:?}",
            raw.dir_name,
            report.errors
        );
        assert!(
            report.warnings.is_empty(),
            "{:?}: {:?}",
            raw.dir_name,
            report.warnings
        );
        let bundle = raw.import().unwrap();
        let version = bundle
            .imported
            .document
            .skill
            .effective_version()
            .expect("metadata.version");
        let parts: Vec<&str> = version.split('.').collect();
        assert!(
            parts.len() == 3 && parts.iter().all(|p| p.parse::<u64>().is_ok()),
            "semver: {version}"
        );
    }
}

#[test]
fn the_scanner_finds_nothing_in_the_shipped_commons() {
    for raw in shipped() {
        let report =
            skillworld::scan::scan_bundle(&String::from_utf8_lossy(&raw.skill_md), &raw.files);
        assert!(
            report.findings.is_empty(),
            "{:?}: {:?}",
            raw.dir_name,
            report.findings
        );
    }
}
