//! An inline program (`node -e`, `python -c`) that prints a secret's value:
//! what a launched command prints lands in the agent's transcript and
//! logs, where the model's provider and any later instruction read it. A
//! check that a key is set prints whether it is, not the key.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// An environment variable named as a secret, or the whole environment
/// handed to the printer.
static SECRET_VALUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)[\w-]*(?:token|secret|passw(?:or)?d|api_?key|access_?key|private_?key|credential)[\w-]*|\b(?:process\.env|os\.environ)\s*\)")
        .expect("the secret-value pattern compiles")
});

/// Keeps a print of the environment only where what is printed is a
/// secret (`Rule::confirm` of `prints-secret`); `print(os.getenv("MY_VAR"))`
/// shows a setting.
pub fn prints_a_secret(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    SECRET_VALUE
        .is_match(line)
        .then(|| (Severity::High, String::new()))
}
