//! Every environment variable walked with its value (wild73's cisco
//! `environment-dump`): `for key, value in os.environ.items():`, `for
//! (const [k, v] of Object.entries(process.env))`, `ENV.each do |k, v|`,
//! `foreach ($v in Get-ChildItem env:)`. `env-loop` finds the rare call,
//! which alone is common (`dict(os.environ.items())` handed to a child);
//! this reads the loop around it. A comprehension that keeps some names
//! (`{k: v for k, v in os.environ.items() if k in NAMES}`) walks no whole
//! environment.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// A loop's head right before the call: Python's `for k, v in`,
/// JavaScript's `for (const [k, v] of`, PowerShell's `foreach ($v in`.
static HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:\bfor\s+\w+\s*,\s*\w+\s+in\s+(?:sorted\(\s*)?|\bfor\s*\(\s*(?:const|let|var)\s*\[\s*\w+\s*,\s*\w+\s*\]\s+of\s+|\bforeach\s*\(\s*\$\w+\s+in\s+)$")
        .expect("the loop head pattern compiles")
});

/// Ruby's block after the call: `ENV.each do |name, value|`.
static BLOCK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^ENV\.(?:each|each_pair)\s*(?:do\s*|\{\s*)\|\s*\w+\s*,\s*\w+\s*\|")
        .expect("the block pattern compiles")
});

/// Keeps an `env-loop` match that a loop over every name and value
/// stands around, and no filter follows on the line (`Rule::confirm`).
pub fn walked(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    crate::naming::matches(at, next)
        .any(|at| {
            let (Some(before), Some(after)) = (line.get(..at), line.get(at..)) else {
                return false;
            };
            (HEAD.is_match(before) || BLOCK.is_match(after)) && !after.contains(" if ")
        })
        .then(|| (Severity::Medium, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str, call: &str) -> bool {
        let at = line.find(call).expect("the call is on the line");
        walked(line, at, &|_| None).is_some()
    }

    #[test]
    fn a_loop_over_every_name_and_value_is_a_walk() {
        for (line, call) in [
            ("for key, value in os.environ.items():", "os.environ"),
            ("for k, v in sorted(os.environ.items()):", "os.environ"),
            (
                "for (const [k, v] of Object.entries(process.env)) console.log(k, v);",
                "Object.entries",
            ),
            ("ENV.each do |name, value|", "ENV.each"),
            ("foreach ($v in Get-ChildItem env:) {", "Get-ChildItem"),
        ] {
            assert!(kept(line, call), "{line}");
        }
    }

    #[test]
    fn a_copy_or_a_filtered_comprehension_is_no_walk() {
        for (line, call) in [
            ("env = dict(os.environ.items())", "os.environ"),
            (
                "keep = {k: v for k, v in os.environ.items() if k in NAMES}",
                "os.environ",
            ),
            ("ENV.each_key { |k| puts k }", "ENV.each"),
        ] {
            assert!(!kept(line, call), "{line}");
        }
    }
}
