//! The result lines of `validate`, `import` and friends (SPEC CLI-1).

use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use skillworld_format::Warning;

/// Progress bars appear only for this many skills or more, and only on a
/// terminal.
const PROGRESS_THRESHOLD: usize = 20;

/// One skill's outcome.
#[derive(Debug, Serialize)]
pub struct SkillResult {
    pub path: String,
    pub name: Option<String>,
    pub ok: bool,
    pub errors: Vec<String>,
    pub warnings: Vec<Warning>,
    /// An import into the world: `created`, `updated` or `replaced`, or
    /// `proposed` when it waits for an admin (GOV-1, GOV-2's trust policy).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'static str>,
}

impl SkillResult {
    pub fn new(path: &Path) -> Self {
        SkillResult {
            path: path.display().to_string(),
            name: None,
            ok: false,
            errors: Vec::new(),
            warnings: Vec::new(),
            outcome: None,
        }
    }

    pub fn failed(path: &Path, error: impl ToString) -> Self {
        SkillResult {
            errors: vec![error.to_string()],
            ..SkillResult::new(path)
        }
    }
}

/// Prints results (already sorted by path) and a summary; `true` when every
/// skill passed and there was at least one.
pub fn print_results(results: &[SkillResult], json: bool, verb: &str) -> bool {
    let mut out = String::new();
    for result in results {
        if json {
            out.push_str(&serde_json::to_string(result).expect("results serialise"));
            out.push('\n');
            continue;
        }
        let name = result.name.as_deref().unwrap_or("-");
        if result.ok {
            out.push_str(&format!("ok    {} ({name})\n", result.path));
        } else {
            out.push_str(&format!("FAIL  {} ({name})\n", result.path));
            for error in &result.errors {
                out.push_str(&format!("      error: {error}\n"));
            }
        }
        for warning in &result.warnings {
            out.push_str(&format!(
                "      warning {}: {}\n",
                warning.code, warning.message
            ));
        }
    }
    let passed = results.iter().filter(|r| r.ok).count();
    if !json {
        let warnings: usize = results.iter().map(|r| r.warnings.len()).sum();
        out.push_str(&format!(
            "{} skill(s) {verb}: {passed} ok, {} failed, {warnings} warning(s)\n",
            results.len(),
            results.len() - passed
        ));
    }
    if !out.is_empty() {
        crate::say(out.trim_end_matches('\n'));
    }
    if results.is_empty() {
        eprintln!("error: no skills found");
    }
    !results.is_empty() && passed == results.len()
}

/// A progress bar on stderr for bulk work; hidden when stderr is not a
/// terminal or the work is small.
pub fn progress(len: usize) -> ProgressBar {
    if len < PROGRESS_THRESHOLD {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}").expect("the template is valid"),
    );
    bar
}
