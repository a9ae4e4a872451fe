//! The shared corpus of real public skills (`../shared/corpus` beside the
//! repository, when it is there): no skill is blocked, and the warnings are
//! printed by rule (`cargo test -p skillworld-scan --test corpus --
//! --nocapture`). The CLI's `scan` of the same folder runs in CI too; this
//! is the scanner's own, quicker guard.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use skillworld_scan::scan_dir;

fn skills(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    if entries.iter().any(|p| p.ends_with("SKILL.md")) {
        out.push(dir.to_owned());
        return;
    }
    for path in entries.into_iter().filter(|p| p.is_dir()) {
        skills(&path, out);
    }
}

#[test]
fn no_corpus_skill_is_blocked() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut found = Vec::new();
    skills(&corpus, &mut found);
    if found.is_empty() {
        println!("{} not present: nothing to check", corpus.display());
        return;
    }
    let mut warnings: BTreeMap<&str, usize> = BTreeMap::new();
    let mut blocked = Vec::new();
    for skill in &found {
        let report = scan_dir(skill).expect("the corpus reads");
        if report.blocked {
            blocked.push(format!("{}: {:?}", skill.display(), report.findings));
        }
        for finding in &report.findings {
            *warnings.entry(finding.rule).or_default() += 1;
        }
    }
    println!("{} skills, warnings by rule: {warnings:?}", found.len());
    assert!(blocked.is_empty(), "blocked:\n{}", blocked.join("\n"));
}
