//! `skillworld scan [--explain] PATH…` (SEC-1, SEC-4, SPEC CLI-1).

use std::path::PathBuf;

use serde::Serialize;
use skillworld_scan::{Finding, ScanReport, scan_bundle, scan_dir};

use crate::discover::{Target, find_skills};
use crate::{Failure, say};

#[derive(Serialize)]
struct ScanResult {
    path: String,
    name: Option<String>,
    blocked: bool,
    findings: Vec<Finding>,
}

pub fn run(paths: &[PathBuf], explain: bool, json: bool) -> Result<bool, Failure> {
    let targets = find_skills(paths)?;
    let mut blocked = 0;
    for target in &targets {
        let result = scan_target(target);
        blocked += usize::from(result.blocked);
        if json {
            say(serde_json::to_string(&result).expect("results serialise"));
            continue;
        }
        let verdict = if result.blocked { "BLOCKED" } else { "ok     " };
        say(format!(
            "{verdict} {} ({})",
            result.path,
            result.name.as_deref().unwrap_or("-")
        ));
        for f in &result.findings {
            say(format!(
                "        {} {} {}:{}: {}",
                f.severity.as_str(),
                f.rule,
                f.file,
                f.line,
                f.excerpt
            ));
            if explain {
                say(format!("            why: {}", f.explanation));
            }
        }
    }
    if !json {
        say(format!(
            "{} skill(s) scanned: {blocked} blocked",
            targets.len()
        ));
    }
    if targets.is_empty() {
        eprintln!("error: no skills found");
    }
    Ok(!targets.is_empty() && blocked == 0)
}

fn scan_target(target: &Target) -> ScanResult {
    let path = target.path().display().to_string();
    let raw = target.read_bundle();
    let name = raw
        .as_ref()
        .ok()
        .and_then(|r| r.clone().import().ok())
        .map(|b| b.imported.document.name);
    let report = match target {
        Target::Folder(dir) => scan_dir(dir),
        Target::File(file) => scan_dir(file.parent().unwrap_or(std::path::Path::new("."))),
        Target::Zip(_) => Ok(match &raw {
            Ok(raw) => scan_bundle(&String::from_utf8_lossy(&raw.skill_md), &raw.files),
            Err(_) => ScanReport::default(),
        }),
    };
    let report = report.unwrap_or_default();
    ScanResult {
        path,
        name,
        blocked: report.blocked,
        findings: report.findings,
    }
}
