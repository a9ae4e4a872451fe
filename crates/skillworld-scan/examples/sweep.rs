//! Scans a sweep of real skills and prints what blocks.
//!
//! `cargo run --release -p skillworld-scan --example sweep -- <folder>
//! [--warnings]` walks `<folder>` (as `benches/sweep/fetch.py` lays it
//! out), scans every outermost folder holding a `SKILL.md` with
//! [`scan_dir`] — the same call as `tests/corpus.rs`, so the figures
//! compare with the earlier sweeps' — and prints each blocked folder with
//! its blocking findings, then the totals: folders, and distinct `SKILL.md`
//! texts, since a package often ships one skill for several agents.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use skillworld_scan::{Finding, scan_dir};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next().map(PathBuf::from) else {
        eprintln!("usage: sweep <folder> [--warnings]");
        return ExitCode::from(2);
    };
    let warnings = args.next().as_deref() == Some("--warnings");
    let mut skills = Vec::new();
    if let Err(error) = find_skills(&root, &mut skills) {
        eprintln!("error: {}: {error}", root.display());
        return ExitCode::from(2);
    }
    if skills.is_empty() {
        eprintln!(
            "error: no folder holding a SKILL.md under {}",
            root.display()
        );
        return ExitCode::from(2);
    }
    let mut tally = Tally::default();
    for skill in &skills {
        scan_one(skill, &relative(skill, &root), warnings, &mut tally);
    }
    tally.print(skills.len());
    ExitCode::SUCCESS
}

/// Prints one folder's verdict and findings if it has any to show, and counts it.
fn scan_one(skill: &Path, shown_as: &str, warnings: bool, tally: &mut Tally) {
    let scanned =
        scan_dir(skill).and_then(|report| Ok((report, std::fs::read(skill.join("SKILL.md"))?)));
    let (report, text) = match scanned {
        Ok(scanned) => scanned,
        Err(error) => {
            println!("ERROR   {shown_as}: {error}");
            tally.unread += 1;
            return;
        }
    };
    let shown: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| warnings || f.severity.blocks())
        .collect();
    if report.blocked || !shown.is_empty() {
        let verdict = if report.blocked { "BLOCKED" } else { "warned " };
        println!("{verdict} {shown_as}");
        for f in shown {
            let (severity, rule, file, line) = (f.severity.as_str(), f.rule, &f.file, f.line);
            println!("        {severity} {rule} {file}:{line}: {}", f.excerpt);
        }
    }
    tally.count(text, &report.findings, report.blocked);
}

/// The outermost folders holding a `SKILL.md`: a skill's own subfolders
/// (examples, templates) are part of it, as an import would take them.
fn find_skills(folder: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if folder.join("SKILL.md").is_file() {
        found.push(folder.to_owned());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for entry in entries {
        if std::fs::symlink_metadata(&entry)?.is_dir() {
            find_skills(&entry, found)?;
        }
    }
    Ok(())
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[derive(Default)]
struct Tally {
    blocked: usize,
    unread: usize,
    texts: BTreeSet<Vec<u8>>,
    blocked_texts: BTreeSet<Vec<u8>>,
    /// Blocked folders by rule: a folder counts once for each rule that blocks it.
    by_rule: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn count(&mut self, text: Vec<u8>, findings: &[Finding], blocked: bool) {
        if blocked {
            self.blocked += 1;
            let rules: BTreeSet<&'static str> = findings
                .iter()
                .filter(|f| f.severity.blocks())
                .map(|f| f.rule)
                .collect();
            for rule in rules {
                *self.by_rule.entry(rule).or_default() += 1;
            }
            self.blocked_texts.insert(text.clone());
        }
        self.texts.insert(text);
    }

    fn print(&self, folders: usize) {
        let rules: Vec<String> = self
            .by_rule
            .iter()
            .map(|(rule, n)| format!("{rule} {n}"))
            .collect();
        println!("blocking rules (folders): {}", rules.join(", "));
        println!(
            "{}/{folders} folders blocked, {}/{} distinct SKILL.md texts blocked, {} not readable",
            self.blocked,
            self.blocked_texts.len(),
            self.texts.len(),
            self.unread
        );
    }
}
