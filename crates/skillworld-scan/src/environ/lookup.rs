//! Python: the environment handed to the skill's own lookup function (the
//! twentieth sweep's `apsimo-hermes`: `_environment_value(name,
//! os.environ, default)`, whose parameter is only indexed by name). A
//! function the text defines once, whose parameter is only subscripted
//! (`values[key]`), tested (`key in values`) or asked (`values.get(k)`),
//! reads the variables it is named, not the environment; so does a line
//! whose every `os.environ` is read so (the sweep's `pacomind-hermes`:
//! `{k: os.environ[k] for k in names if k in os.environ}`). Iterated
//! (`for k in values`), copied (`dict(values)`, `values.items()`), passed
//! on or returned, it is still a dump.

use super::python::{code_of, item_set, rebinds, whole_word};
use crate::brackets::unclosed;
use crate::lines::Lines;

/// Whether every `os.environ` of the line is a lookup by name (`{k:
/// os.environ[k] for k in names if k in os.environ}`, the twentieth
/// sweep's `pacomind-hermes`), or its one `os.environ` is a positional
/// argument of a call to a function the text defines, which only looks
/// names up in it.
pub(super) fn looked_up(lines: &Lines, line: usize) -> bool {
    let code = code_of(lines.get(line));
    const READ: &str = "os.environ";
    let mut reads = code.match_indices(READ).map(|(at, _)| at).peekable();
    if reads.peek().is_some() && reads.all(|at| a_lookup(&code[..at], &code[at + READ.len()..])) {
        return true;
    }
    let Some(at) = code.find(READ).filter(|_| code.matches(READ).count() == 1) else {
        return false;
    };
    let after = code[at + READ.len()..].trim_start();
    if !after.starts_with([',', ')']) {
        return false;
    }
    let Some((callee, index)) = positional_call(&code[..at]) else {
        return false;
    };
    definition(lines, callee)
        .and_then(|def| parameter(lines.get(def), index).map(|p| (def, p)))
        .is_some_and(|(def, parameter)| only_looked_up(lines, def, parameter))
}

/// The bare name of the call whose argument starts at the end of `head`,
/// and that argument's position: the innermost open bracket is a `(` after
/// a name (no method, no keyword `name=` before the argument).
fn positional_call(head: &str) -> Option<(&str, usize)> {
    let &(open, at) = unclosed(head).last()?;
    let callee_end = head[..at].trim_end();
    let start = callee_end
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let callee = &callee_end[start..];
    let qualified = callee_end[..start].ends_with('.');
    if open != '(' || callee.is_empty() || qualified || callee.starts_with(char::is_numeric) {
        return None;
    }
    let arguments = &head[at + 1..];
    let mut depth = 0usize;
    let mut commas = 0;
    let mut last = 0;
    for (i, c) in arguments.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => (commas, last) = (commas + 1, i + 1),
            _ => {}
        }
    }
    arguments[last..]
        .trim()
        .is_empty()
        .then_some((callee, commas))
}

/// The 0-based line of the one `def callee(` of the text, where nothing
/// else binds the name.
fn definition(lines: &Lines, callee: &str) -> Option<usize> {
    let opens = format!("def {callee}(");
    let mut found = None;
    for (at, text) in lines.all().enumerate() {
        if !rebinds(text, callee) {
            continue;
        }
        let code = code_of(text).trim_start();
        let code = code.strip_prefix("async ").unwrap_or(code);
        if found.is_some() || !code.starts_with(&opens) {
            return None;
        }
        found = Some(at);
    }
    found
}

/// The name of the `index`th parameter of a `def` closed on its line (no
/// `*args` or `/`, `*` before it).
fn parameter(def: &str, index: usize) -> Option<&str> {
    let code = code_of(def);
    let open = code.find('(')? + 1;
    let close = open + code[open..].find(')')?;
    let parameters: Vec<&str> = code[open..close].split(',').map(str::trim).collect();
    if parameters[..parameters.len().min(index + 1)]
        .iter()
        .any(|p| p.starts_with(['*', '/']) || p.contains(['[', '(']))
    {
        return None;
    }
    let name = parameters.get(index)?.split([':', '=']).next()?.trim();
    (!name.is_empty()).then_some(name)
}

/// Whether every use of `parameter` in the body of the `def` on line `def`
/// is a lookup by name, and there is one.
fn only_looked_up(lines: &Lines, def: usize, parameter: &str) -> bool {
    let indent = |text: &str| text.len() - text.trim_start().len();
    let outer = indent(lines.get(def));
    let mut looked = false;
    for at in def + 1..lines.count() {
        let text = lines.get(at);
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            continue;
        }
        if indent(text) <= outer {
            break;
        }
        let code = code_of(text);
        for (found, _) in code.match_indices(parameter) {
            if !whole_word(code, found, parameter.len()) {
                continue;
            }
            if !a_lookup(&code[..found], &code[found + parameter.len()..]) {
                return false;
            }
            looked = true;
        }
    }
    looked
}

/// A use between `before` and `after` that reads one name: `P[key]` (not
/// an item set), `P.get(`, or `key in P` as a test, not a loop's `for k in
/// P`.
fn a_lookup(before: &str, after: &str) -> bool {
    let after = after.trim_start();
    if after.starts_with('[') {
        return !item_set(after);
    }
    if after.starts_with(".get(") {
        return true;
    }
    let before = before.trim_end();
    let tested = before.ends_with(" in") || before == "in";
    let looped = before
        .rfind("for ")
        .is_some_and(|f| !before[f..].contains(" if "));
    tested && !looped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(text: &str) -> bool {
        let lines = Lines::new(text);
        let line = (0..lines.count())
            .find(|&at| lines.get(at).contains("os.environ"))
            .expect("a line with os.environ");
        looked_up(&lines, line)
    }

    const HELPER: &str = "def pick(name, values, default=\"\"):\n    names = (name, \"X_\" + name)\n    selected = {k: values[k] for k in names if k in values}\n    return selected.get(name, values.get(name, default))\n\n";

    #[test]
    fn a_lookup_function_given_the_environment_reads_names() {
        assert!(spared(&format!(
            "{HELPER}def env(n):\n    return pick(n, os.environ, \"\")\n"
        )));
        assert!(spared(&format!("{HELPER}x = pick(\"A\", os.environ)\n")));
    }

    #[test]
    fn a_line_that_only_looks_names_up_reads_names() {
        assert!(spared(
            "x = {k: os.environ[k] for k in names if k in os.environ}\n"
        ));
        assert!(spared(
            "if \"A\" in os.environ and os.environ.get(\"B\"):\n"
        ));
        for dump in [
            "x = {k: os.environ[k] for k in os.environ}\n",
            "x = [os.environ[k] for k in names] + list(os.environ)\n",
            "post(u, json={\"k\": os.environ[\"K\"], \"all\": os.environ})\n",
        ] {
            assert!(!spared(dump), "{dump}");
        }
    }

    #[test]
    fn any_other_use_of_the_environment_is_still_a_dump() {
        let dumps = [
            "def pick(n, values):\n    return dict(values)\n\nx = pick(\"A\", os.environ)\n",
            "def pick(n, values):\n    for k in values:\n        send(k, values[k])\n\nx = pick(\"A\", os.environ)\n",
            "def pick(n, values):\n    return values\n\nx = pick(\"A\", os.environ)\n",
            "def pick(n, values):\n    values[n] = \"1\"\n    post(values)\n\nx = pick(\"A\", os.environ)\n",
            "def pick(n, values):\n    return values.items()\n\nx = pick(\"A\", os.environ)\n",
            "x = pick(\"A\", os.environ)\n",
            "x = api.pick(\"A\", os.environ)\n",
            "x = pick(\"A\", data=os.environ)\n",
        ];
        for text in dumps {
            assert!(!spared(text), "{text}");
        }
        // Defined twice, or rebound: which one runs is not read.
        let twice = format!("{HELPER}pick = post\nx = pick(\"A\", os.environ)\n");
        assert!(!spared(&twice));
    }
}
