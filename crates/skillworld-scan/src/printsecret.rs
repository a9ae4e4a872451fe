//! An inline program (`node -e`, `python -c`) that prints a secret's value:
//! what a launched command prints lands in the agent's transcript and
//! logs, where the model's provider and any later instruction read it. A
//! check that a key is set prints whether it is, not the key.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// A one-line program given to an interpreter that prints: Node's `-e`
/// with `console.log` or its `-p`, Python's `-c` with `print` or a write
/// to standard output.
static INLINE_PRINT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\b(?:node|bun)\s+(?:-e|--eval)\s+['"][^\n]*\bconsole\.(?:log|error|info)\(|\b(?:node|bun)\s+(?:-p|--print)\s|\bpython[23]?\s+-c\s+['"][^\n]*\b(?:print|sys\.stdout\.write)\("#)
        .expect("the inline-print pattern compiles")
});

/// A read of an environment variable named as a secret, or the whole
/// environment handed to the printer.
static SECRET_READ: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(?:process\.env(?:\.|\[\s*['"])|os\.environ(?:\.get\(|\[)\s*['"]|os\.getenv\(\s*['"])[\w-]*(?:token|secret|passw(?:or)?d|api_?key|access_?key|private_?key|credential)[\w-]*['"]?\s*\]?|\b(?:print|log|write)\(\s*(?:dict\(\s*)?(?:process\.env|os\.environ)\s*\)"#)
        .expect("the secret-read pattern compiles")
});

/// What after a read asks only whether the secret is there.
const PRESENCE_TESTS: &[&str] = &["?", "&&", "||", "==", "!=", "is ", ".length"];

/// Keeps a read of the environment only in an inline program that prints,
/// and only where the value printed is a secret (`Rule::confirm` of `prints-secret`): `print(os.getenv("MY_VAR"))`
/// shows a setting, and `process.env.GH_TOKEN ? 'set' : 'unset'` or
/// `'KEY' in os.environ` says whether a key is there, not what it is.
pub fn prints_a_secret(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let secret_read = || {
        SECRET_READ.find_iter(line).any(|read| {
            let after = line[read.end()..].trim_start();
            !PRESENCE_TESTS.iter().any(|test| after.starts_with(test))
        })
    };
    (INLINE_PRINT.is_match(line) && secret_read()).then(|| (Severity::High, String::new()))
}
