//! `skillworld scan [--explain] PATH…` (SEC-1, SEC-4, SPEC CLI-1).

use std::path::PathBuf;

use serde::Serialize;
use skillworld_scan::{Finding, scan_bundle};

use crate::discover::{Target, find_skills};
use crate::{Failure, say};

#[derive(Serialize)]
struct ScanResult {
    path: String,
    name: Option<String>,
    blocked: bool,
    findings: Vec<Finding>,
    /// Why the bundle could not be read (too large, a symlink, not UTF-8
    /// where text is needed…): nothing was scanned, so it is no pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

pub fn run(paths: &[PathBuf], explain: bool, json: bool) -> Result<bool, Failure> {
    let targets = find_skills(paths)?;
    let (mut blocked, mut unread) = (0, 0);
    for target in &targets {
        let result = scan_target(target);
        blocked += usize::from(result.blocked);
        unread += usize::from(result.error.is_some());
        if json {
            say(serde_json::to_string(&result).expect("results serialise"));
        } else {
            print(&result, explain);
        }
    }
    if !json {
        say(format!(
            "{} skill(s) scanned: {blocked} blocked, {unread} not readable",
            targets.len()
        ));
    }
    if targets.is_empty() {
        eprintln!("error: no skills found");
    }
    Ok(!targets.is_empty() && blocked == 0 && unread == 0)
}

fn print(result: &ScanResult, explain: bool) {
    let name = result.name.as_deref().unwrap_or("-");
    if let Some(error) = &result.error {
        say(format!("ERROR   {} ({name}): {error}", result.path));
        return;
    }
    let verdict = if result.blocked { "BLOCKED" } else { "ok     " };
    say(format!("{verdict} {} ({name})", result.path));
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

/// One read of the bundle, with the importer's limits, feeds both the
/// name and the scan: what is scanned is what an import would install.
fn scan_target(target: &Target) -> ScanResult {
    let path = target.path().display().to_string();
    match target.read_bundle() {
        Ok(raw) => {
            let report = scan_bundle(&String::from_utf8_lossy(&raw.skill_md), &raw.files);
            let name = raw.import().ok().map(|b| b.imported.document.name);
            ScanResult {
                path,
                name,
                blocked: report.blocked,
                findings: report.findings,
                error: None,
            }
        }
        Err(error) => ScanResult {
            path,
            name: None,
            blocked: false,
            findings: Vec::new(),
            error: Some(error.to_string()),
        },
    }
}
