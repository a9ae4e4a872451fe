//! Writes every finding of every fixture skill and every corpus skill
//! (rule, severity, file, line, excerpt, explanation), and every rule each
//! of their files matches, quiet signals included, and its findings alone,
//! as written and upper-cased. Two dumps
//! `cmp`-equal show that a change to the scanner changed no finding.
//!
//! `cargo run --release -p skillworld-scan --example dump_findings > dump.txt`
//! (`DUMP_EXTRA=<folder>` adds the skills under another folder).

use std::io::Write;
use std::path::{Path, PathBuf};

use skillworld_scan::{matched_rules, scan_dir, scan_markdown, scan_script};

/// The skills under `root` (folders with a SKILL.md), in walk order; a
/// skill within a skill is one of its files, as `scan_dir` reads it.
fn skills(root: &Path, out: &mut Vec<PathBuf>) {
    let mut within = Vec::new();
    files(root, &mut within);
    for file in within.iter().filter(|f| f.ends_with("SKILL.md")) {
        let Some(dir) = file.parent() else { continue };
        if !out.iter().any(|skill| dir.starts_with(skill)) {
            out.push(dir.to_owned());
        }
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() -> std::io::Result<()> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    skills(&crate_dir.join("tests/fixtures"), &mut found);
    skills(&crate_dir.join("../../../shared/corpus"), &mut found);
    // More skills to compare on (a folder of variants made for the check).
    if let Some(extra) = std::env::var_os("DUMP_EXTRA") {
        skills(Path::new(&extra), &mut found);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for skill in &found {
        let report = scan_dir(skill)?;
        writeln!(out, "== {} blocked={}", skill.display(), report.blocked)?;
        for f in &report.findings {
            writeln!(
                out,
                "{} {:?} {}:{} {:?} {:?}",
                f.rule, f.severity, f.file, f.line, f.excerpt, f.explanation
            )?;
        }
        let mut within = Vec::new();
        files(skill, &mut within);
        for file in within {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let name = file
                .strip_prefix(skill)
                .unwrap_or(&file)
                .display()
                .to_string();
            // Upper case too: the rows read ASCII case-insensitively, and
            // their literal pre-checks must do the same.
            for text in [text.clone(), text.to_uppercase()] {
                writeln!(out, "  {name}: {:?}", matched_rules(&name, &text))?;
                let findings = match name.ends_with(".md") {
                    true => scan_markdown(&name, &text),
                    false => scan_script(&name, &text),
                };
                for f in findings {
                    writeln!(
                        out,
                        "    {} {:?} {} {:?}",
                        f.rule, f.severity, f.line, f.excerpt
                    )?;
                }
            }
        }
    }
    out.flush()
}
