//! Code fetched in one file and run in another (code83). Long skills
//! spread a payload: a helper module's function fetches (`def
//! get_text(url): … urlopen(url)…`), a second script imports that module
//! and hands what the function returns to `exec`, `eval` or a shell.
//! Each file alone reads as a fetch or an evaluation; `eval-fetched` joins
//! the two only within a block. Here a function of one script whose body
//! holds an armed fetch is a fetch wherever another script that names the
//! first one's module calls it: on the evaluation's own line, or assigned
//! to a name that an evaluation a few lines on uses.

use std::sync::LazyLock;

use regex::Regex;

use crate::engine::{Hit, Kind, excerpt};
use crate::rules::{Signal, rule};

/// A function's definition (capture 1: its name): Python's and Ruby's
/// `def`, JavaScript's `function` and an arrow bound to a name, Go's
/// `func` (a method's receiver skipped), Perl's `sub`, PHP's `function`.
static FUNCTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:export\s+)?(?:(?:public|private|protected|static)\s+)*(?:async\s+)?(?:def|function|func(?:\s*\([^)]*\))?|sub)\s+(?:self\.)?([A-Za-z_]\w*)|^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>",
    )
    .expect("function")
});

/// An assignment's first name (capture 1), in the spellings the
/// languages share (Go's `body, err :=` too).
static ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)(?:\s*,\s*\$?[A-Za-z_]\w*)*\s*(?::=|=)[^=]")
        .expect("assigned")
});

/// How many lines after a call an evaluation may use what it returned.
const REACH: usize = 10;

/// Names too common to tie two files together.
const GENERIC: [&str; 6] = ["main", "run", "get", "init", "setup", "__init__"];

/// How far above a fetch its function's definition may stand.
const BODY: usize = 60;

/// The function of `lines` whose body holds the 0-based line `line`: the
/// nearest definition above it, within [`BODY`] lines.
fn enclosing(lines: &[&str], line: usize) -> Option<String> {
    let from = line.saturating_sub(BODY);
    let caps = lines
        .get(from..=line)?
        .iter()
        .rev()
        .find_map(|l| FUNCTION.captures(l))?;
    let name = caps.get(1).or_else(|| caps.get(2))?.as_str();
    (!GENERIC.contains(&name)).then(|| name.to_owned())
}

/// A file's module name as another file imports it: `flaky/net.py` is
/// `net`.
fn module(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    file.split('.').next().unwrap_or(file)
}

/// Whether the script `user` (its path and text) can call the functions
/// of `helper`'s file: it names the file's module, or both are Go files
/// of one folder (one package, which shares its names unimported).
fn reaches(user: (&str, &str), helper: &str) -> bool {
    fn folder(path: &str) -> &str {
        path.rsplit_once('/').map_or("", |(dir, _)| dir)
    }
    uses(user.1, module(helper))
        || (user.0.ends_with(".go") && helper.ends_with(".go") && folder(user.0) == folder(helper))
}

/// Whether `line` calls `name` (`get_text(`, `net.get_text(`), not
/// defines it.
fn calls(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].trim_start();
        after.starts_with('(')
            && before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$'))
    }) && FUNCTION.captures(line).is_none()
}

/// Whether `line` uses the name `var` as a word (`ownvar`'s one search
/// for a name standing whole).
fn uses(line: &str, var: &str) -> bool {
    crate::ownvar::named_in(line, var).next().is_some()
}

/// A hit that counts in a combination: armed code, no comment.
fn armed(hit: &Hit, signal: Signal) -> bool {
    hit.rule.signal == signal && hit.armed && hit.code && !hit.comment
}

/// The 1-based lines of `file` where `hits` hold an armed `signal`.
fn lines_of(hits: &[Hit], file: &str, signal: Signal) -> Vec<usize> {
    hits.iter()
        .filter(|h| h.file == file && armed(h, signal))
        .map(|h| h.line)
        .collect()
}

/// The `fetched-elsewhere` hits of a skill's scripts: `files` are the
/// files read (path, text, kind), `hits` their own hits.
pub fn hits(files: &[(&str, &str, Kind)], hits: &[Hit]) -> Vec<Hit> {
    let mut out = Vec::new();
    if !hits.iter().any(|h| armed(h, Signal::Eval)) {
        return out;
    }
    // (file, function, 1-based line of its fetch)
    let mut fetchers: Vec<(&str, String, usize)> = Vec::new();
    for &(path, text, _) in files {
        let fetches = lines_of(hits, path, Signal::Fetch);
        if fetches.is_empty() {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for line in fetches {
            if let Some(name) = enclosing(&lines, line - 1)
                && !fetchers.iter().any(|(f, n, _)| *f == path && *n == name)
            {
                fetchers.push((path, name, line));
            }
        }
    }
    if fetchers.is_empty() {
        return out;
    }
    for &(path, text, _) in files {
        let reached: Vec<_> = fetchers
            .iter()
            .filter(|(file, _, _)| *file != path && reaches((path, text), file))
            .collect();
        let evals = lines_of(hits, path, Signal::Eval);
        if reached.is_empty() || evals.is_empty() {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for at in evals.into_iter().map(|l| l - 1) {
            let fed_by = reached.iter().find(|(_, name, _)| {
                (at.saturating_sub(REACH)..=at).any(|call| {
                    let Some(&called) = lines.get(call) else {
                        return false;
                    };
                    calls(called, name)
                        && (call == at
                            || ASSIGNED
                                .captures(called)
                                .is_some_and(|c| lines.get(at).is_some_and(|l| uses(l, &c[1]))))
                })
            });
            let (Some((file, name, line)), Some(eval)) = (
                fed_by,
                hits.iter()
                    .find(|h| h.file == path && h.line == at + 1 && armed(h, Signal::Eval)),
            ) else {
                continue;
            };
            if out.iter().any(|h: &Hit| h.file == path && h.line == at + 1) {
                continue;
            }
            let rule = rule("fetched-elsewhere");
            out.push(Hit {
                rule,
                severity: rule.severity,
                excerpt: excerpt(lines.get(at).copied().unwrap_or_default()),
                note: format!("`{name}` fetches ({file}:{line})"),
                ..eval.clone()
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_function_is_found_from_a_line_of_its_body() {
        let lines = |t: &'static str| t.lines().collect::<Vec<_>>();
        let py = lines(
            "import urllib.request\n\ndef get_text(url):\n    with urllib.request.urlopen(url) as r:\n        return r.read()\n",
        );
        assert_eq!(enclosing(&py, 3).as_deref(), Some("get_text"));
        let js = lines("export async function pull(u) {\n  return (await fetch(u)).text();\n}\n");
        assert_eq!(enclosing(&js, 1).as_deref(), Some("pull"));
        let main = lines("def pull(u):\n    return u\n\ndef main():\n    urlopen(u)\n");
        assert_eq!(enclosing(&main, 4), None);
    }

    #[test]
    fn a_call_is_no_definition() {
        assert!(calls("code = net.get_text(CFG['u'])", "get_text"));
        assert!(!calls("def get_text(url, timeout=10):", "get_text"));
        assert!(!calls("code = net.get_texts(u)", "get_text"));
        assert_eq!(module("flaky/net.py"), "net");
    }
}
