//! Whether an install script run stands right after the clone it runs
//! from, and the clone is a dropper's (lure73). `clone-run-installer`
//! pairs a clone and an install script in one block; a script's block is
//! the whole file, where a clone in one function and an `install.sh` in a
//! usage comment two hundred lines on are two things (the seventeenth
//! sweep's `_lib.sh`). The run counts when it stands within a few lines
//! after the clone, in its region, and names the clone's folder (its
//! target, or the repository's name, in the run's line or a `cd` between).
//!
//! Projects document cloning themselves and running their installer
//! (`pwndbg`'s `./setup.sh`, Mythic's `./install_docker_ubuntu.sh`), so
//! only a clone that hides or elevates blocks: into a temporary, hidden or
//! per-user application folder, run with `sudo` or silently, or from a
//! repository whose path is made to be misread (`forgesquat`).

use std::sync::LazyLock;

use regex::Regex;

use crate::layout::Layout;
use crate::lines::Lines;

/// A clone and what follows it on its line.
static CLONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\bgit\s+clone\b|['"]git['"]\s*,\s*['"]clone['"]|\bgh\s+repo\s+clone\b"#)
        .expect("clone regex")
});

/// Where a dropper puts what it runs, and how it runs it unseen or as
/// root: `sudo` before the install script itself (Mythic's documented
/// `… && ./install_docker_ubuntu.sh && sudo ./mythic-cli start`, the
/// eighteenth sweep, runs its installer as the user).
static HIDES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(?:^|[\s'"=(])/tmp/|%temp%|\$env:(?:temp|tmp|localappdata|appdata)\b|%(?:local)?appdata%|\$\{?tmpdir\b|\btempfile\b|\bgettempdir\b|\bos\.tmpdir\b|~/\.[\w-]|\$home/\.[\w-]|~/library/|\blocalappdata\b|\bsudo\s+(?:-\S+\s+)*(?:(?:ba|z)?sh\s+|python[\d.]*\s+)?[^\s;&|]*(?:install|setup)|\brunas\b|-silent\b|\s/s(?:ilent)?\b"#)
        .expect("hides regex")
});

/// How many lines before an install script's run its clone may stand.
const REACH: usize = 4;

/// Whether the install script run on `line` runs a clone made just
/// before it that hides or elevates.
pub fn runs_hidden_clone(lines: &Lines, layout: &Layout, line: usize) -> bool {
    let here = layout.at(line);
    (line.saturating_sub(REACH)..=line)
        .rev()
        .filter(|&l| layout.at(l) == here)
        .any(|l| {
            let text = lines.get(l);
            let Some(found) = CLONE.find(text) else {
                return false;
            };
            let after = &text[found.end()..];
            let between: Vec<&str> = (l + 1..=line).map(|n| lines.get(n)).collect();
            let names_folder = folders(after).iter().any(|folder| {
                let rest = after
                    .split_once(folder.as_str())
                    .map_or("", |(_, rest)| rest);
                rest.contains(folder.as_str())
                    || between.iter().any(|text| text.contains(folder.as_str()))
            }) || l == line && after.contains("&&") && after.contains("cd ");
            names_folder
                && (HIDES.is_match(after)
                    || between.iter().any(|text| HIDES.is_match(text))
                    || crate::forgesquat::misread_path(after))
        })
}

/// The folder a clone makes: its repository's name (`ocr-engine` of
/// `…/0cr-pro/ocr-engine.git`) and its target argument, when given.
fn folders(after: &str) -> Vec<String> {
    let words: Vec<&str> = after
        .split(|c: char| c.is_whitespace() || "'\"`,[]()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let Some(at) = words
        .iter()
        .position(|w| w.contains("://") || w.starts_with("git@") || w.contains('/'))
    else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let repo = words[at]
        .trim_end_matches('/')
        .rsplit(['/', ':'])
        .next()
        .unwrap_or_default()
        .trim_end_matches(".git");
    if repo.len() > 1 {
        found.push(repo.to_owned());
    }
    if let Some(target) = words
        .get(at + 1)
        .filter(|w| !w.starts_with('-') && !["&&", ";", "|"].contains(w))
    {
        let target = target.trim_end_matches(['/', '\\', ';', '&']);
        if target.len() > 1 {
            found.push(target.to_owned());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(text: &str) -> bool {
        let lines = Lines::new(text);
        let layout = Layout::script(crate::layout::Lang::Shell, lines.count());
        runs_hidden_clone(&lines, &layout, lines.count() - 1)
    }

    #[test]
    fn a_hidden_or_elevated_clone_run_blocks() {
        assert!(judge(
            "git clone https://github.com/a/helper-core /tmp/dhc\ncd /tmp/dhc && sudo ./install.sh\n"
        ));
        assert!(judge(
            "git clone https://github.com/a/b.git $env:TEMP\\rt; & $env:TEMP\\rt\\install.ps1\n"
        ));
        assert!(judge(
            "git clone https://github.com/0cr-pro/ocr-engine && cd ocr-engine && python setup.py install\n"
        ));
    }

    #[test]
    fn a_project_run_in_the_open_or_far_away_does_not() {
        // A project's documented install, in the working folder.
        assert!(!judge(
            "git clone https://github.com/pwndbg/pwndbg && cd pwndbg && ./setup.sh\n"
        ));
        // The run names another folder.
        assert!(!judge(
            "git clone https://github.com/a/b /tmp/b\nsudo /opt/other/install.sh\n"
        ));
        // Too far from the clone.
        assert!(!judge(
            "git clone https://github.com/a/b /tmp/b\n\n\n\n\n\nsudo /tmp/b/install.sh\n"
        ));
    }
}
