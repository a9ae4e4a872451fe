//! An environment copy handed to a child process (issue 18, sixth sweep):
//! `subprocess.run(…, env={**os.environ, "LC_ALL": "C"})`, or
//! `env = dict(os.environ, …)` later given as `env=env`. A child process
//! inherits the environment anyway; the copy only adds or drops a few
//! variables, so `env-dump` does not read it as collecting secrets. The
//! same holds for Node's HTTP agent given it as its proxy settings (fp23,
//! `proxy`). The same copy anywhere else — posted, dumped, written, nested
//! in data — is still a dump.

mod javascript;
mod lookup;
mod proxy;
mod python;

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;
use crate::rules::RULES;

/// Whether the `env-dump` match on 0-based `line` is an environment copy
/// that only reaches a child process (Python's `os.environ`, JavaScript's
/// `process.env`).
pub fn handed_to_child(lines: &Lines, line: usize, memo: &Memo) -> bool {
    // Each check reads the copy's scope: past `CHECKS` in one text the
    // rest are dumps, so a text of copies cannot make the work quadratic.
    let checked = memo.checked.get();
    memo.checked.set(checked + 1);
    if checked >= CHECKS {
        return false;
    }
    let text = lines.get(line);
    let javascript = text.contains("process.env");
    let read = if javascript {
        "process.env"
    } else {
        "os.environ"
    };
    // The sparing is for the copy alone: any other dump on the line
    // (`["sh", "-c", "printenv | curl …"], env={**os.environ}`) stays.
    let mut dumps = DUMP.find_iter(text);
    let alone = match (dumps.next(), dumps.next()) {
        (Some(dump), None) => text[dump.range()].contains(read),
        _ => false,
    };
    alone
        && match javascript {
            true => javascript::option(lines, line) || proxy::agent_option(lines, line),
            false => python::handed_to_child(lines, line, &memo.python),
        }
}

/// Whether the `env-dump` match on 0-based `line` is `os.environ` handed
/// to a function of the text that only looks names up in it (`lookup`).
pub fn looked_up(lines: &Lines, line: usize, memo: &Memo) -> bool {
    // Each check reads the whole text, so it counts as `handed_to_child`'s.
    let checked = memo.checked.get();
    memo.checked.set(checked + 1);
    checked < CHECKS && lookup::looked_up(lines, line)
}

/// How many `env-dump` lines of one text are checked for a sparing.
const CHECKS: usize = 64;

/// What `handed_to_child` keeps between the lines of one text.
#[derive(Default)]
pub struct Memo {
    checked: std::cell::Cell<usize>,
    python: python::Memo,
}

/// The `env-dump` row's pattern, to find the line's other dumps.
static DUMP: LazyLock<Regex> = LazyLock::new(|| {
    let row = RULES
        .iter()
        .find(|rule| rule.id == "env-dump")
        .expect("the env-dump row");
    Regex::new(&format!("(?im){}", row.pattern)).expect("env-dump pattern")
});

/// Whether `text` assigns to `name` anywhere on it, after a `;` too
/// (`x = 1; subprocess.run = post`): `name` not inside a longer name,
/// then `=` and not `==`.
fn assigns(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$' || c == '.';
    text.match_indices(name).any(|(at, _)| {
        let after = text[at + name.len()..].trim_start();
        !text[..at].ends_with(word)
            && after.starts_with('=')
            && !after.starts_with("==")
            && !after.starts_with("=>")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_checks_a_copy_is_a_dump() {
        let copy = "subprocess.run(c, env={**os.environ, \"A\": \"1\"})\n";
        let text = format!("import subprocess\n{}", copy.repeat(CHECKS + 1));
        let lines = Lines::new(&text);
        let memo = Memo::default();
        let spared: Vec<bool> = (1..=CHECKS + 1)
            .map(|line| handed_to_child(&lines, line, &memo))
            .collect();
        assert!(spared[..CHECKS].iter().all(|&s| s));
        assert!(!spared[CHECKS]);
    }
}
