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

/// An assignment's name (capture 1), in the spellings the languages share.
static ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*(?::=|=)[^=]")
        .expect("assigned")
});

/// How many lines after a call an evaluation may use what it returned.
const REACH: usize = 10;

/// Names too common to tie two files together.
const GENERIC: [&str; 6] = ["main", "run", "get", "init", "setup", "__init__"];

/// The function of `text` whose body holds the 0-based line `line`: the
/// nearest definition above it.
fn enclosing(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().take(line + 1).collect();
    lines.iter().rev().find_map(|l| {
        let caps = FUNCTION.captures(l)?;
        let name = caps.get(1).or_else(|| caps.get(2))?.as_str();
        (!GENERIC.contains(&name)).then(|| name.to_owned())
    })
}

/// A file's module name as another file imports it: `flaky/net.py` is
/// `net`.
fn module(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    file.split('.').next().unwrap_or(file)
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

/// Whether `line` uses the name `var` as a word.
fn uses(line: &str, var: &str) -> bool {
    line.match_indices(var).any(|(at, _)| {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        line[..at].chars().next_back().is_none_or(|c| !word(c))
            && line[at + var.len()..].chars().next().is_none_or(|c| !word(c))
    })
}

/// The `fetched-elsewhere` hits of a skill's scripts: `files` are the
/// files read (path, text, kind), `hits` their own hits.
pub fn hits(files: &[(&str, &str, Kind)], hits: &[Hit]) -> Vec<Hit> {
    let armed = |signal: Signal| {
        move |h: &&Hit| h.rule.signal == signal && h.armed && h.code && !h.comment
    };
    if hits.iter().filter(armed(Signal::Eval)).next().is_none() {
        return Vec::new();
    }
    let text_of = |path: &str| files.iter().find(|f| f.0 == path).map(|f| f.1);
    let mut fetchers: Vec<(&str, String, usize)> = Vec::new();
    for fetch in hits.iter().filter(armed(Signal::Fetch)) {
        let Some(text) = text_of(&fetch.file) else {
            continue;
        };
        if let Some(name) = enclosing(text, fetch.line - 1)
            && !fetchers.iter().any(|(f, n, _)| *f == fetch.file && *n == name)
        {
            fetchers.push((fetch.file.as_str(), name, fetch.line));
        }
    }
    let mut out = Vec::new();
    for eval in hits.iter().filter(armed(Signal::Eval)) {
        let Some(text) = text_of(&eval.file) else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let at = eval.line - 1;
        for (file, name, line) in &fetchers {
            if *file == eval.file || !uses(text, module(file)) {
                continue;
            }
            let fed = (at.saturating_sub(REACH)..=at).any(|call| {
                let Some(&called) = lines.get(call) else {
                    return false;
                };
                calls(called, name)
                    && (call == at
                        || ASSIGNED
                            .captures(called)
                            .is_some_and(|c| uses(lines[at], &c[1])))
            });
            if fed && !out.iter().any(|h: &Hit| h.file == eval.file && h.line == eval.line) {
                let rule = rule("fetched-elsewhere");
                out.push(Hit {
                    rule,
                    severity: rule.severity,
                    excerpt: excerpt(lines[at]),
                    note: format!("`{name}` fetches ({file}:{line})"),
                    ..eval.clone()
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_function_is_found_from_a_line_of_its_body() {
        let text = "import urllib.request\n\ndef get_text(url):\n    with urllib.request.urlopen(url) as r:\n        return r.read()\n";
        assert_eq!(enclosing(text, 3).as_deref(), Some("get_text"));
        let js = "export async function pull(u) {\n  return (await fetch(u)).text();\n}\n";
        assert_eq!(enclosing(js, 1).as_deref(), Some("pull"));
        assert_eq!(enclosing("def main():\n    urlopen(u)\n", 1), None);
    }

    #[test]
    fn a_call_is_no_definition() {
        assert!(calls("code = net.get_text(CFG['u'])", "get_text"));
        assert!(!calls("def get_text(url, timeout=10):", "get_text"));
        assert!(!calls("code = net.get_texts(u)", "get_text"));
        assert_eq!(module("flaky/net.py"), "net");
    }
}
