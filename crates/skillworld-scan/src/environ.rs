//! An environment copy handed to a child process (issue 18, sixth sweep):
//! `subprocess.run(…, env={**os.environ, "LC_ALL": "C"})`, or
//! `env = dict(os.environ, …)` later given as `env=env`. A child process
//! inherits the environment anyway; the copy only adds or drops a few
//! variables, so `env-dump` does not read it as collecting secrets. The
//! same copy anywhere else — posted, dumped, written, nested in data — is
//! still a dump.

mod javascript;
mod python;

use crate::lines::Lines;

/// Whether the `env-dump` match on 0-based `line` is an environment copy
/// that only reaches a child process (Python's `os.environ`, JavaScript's
/// `process.env`).
pub fn handed_to_child(lines: &Lines, line: usize) -> bool {
    match lines.get(line).contains("process.env") {
        true => javascript::option(lines, line),
        false => python::handed_to_child(lines, line),
    }
}

/// The brackets still open at the end of `head`, with their bytes
/// (quoted text skipped, a quote's line at most).
fn unclosed(head: &str) -> Vec<(char, usize)> {
    let mut open = Vec::new();
    let mut quote: Option<char> = None;
    for (at, c) in head.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q || c == '\n' && q != '`' => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '(' | '[' | '{') => open.push((c, at)),
            (None, ')' | ']' | '}') => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}
