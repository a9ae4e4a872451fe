//! A test's string literals (fp71, the `malskill` look-alike
//! `test-suite-injection-strings`: `"rm -rf /"`, `'notes > ~/.claude/settings.json'`
//! in a Python list of rejected commands and a vitest table). A test of a
//! sanitiser or a detector holds the attacks it checks as data: the strings
//! stand in a list or an assertion, and nothing in the file runs, writes or
//! sends them. Such a file is no payload: a match that stands wholly inside a
//! string literal only warns. It spares nothing where code outside the
//! strings runs a command, evaluates text, writes, deletes or sends
//! (`subprocess`, `os.system`, `execSync`, `eval`, `exec.Command`,
//! `write_text`, `fetch`), nor a match that reaches outside its quotes, nor a
//! shell test (its strings are arguments of commands; `testinput.rs` reads
//! those). A data file of test vectors in a test folder runs nothing itself;
//! a script that hands it to a shell is `datarun.rs`'s `data-payload`.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// Modules that run commands or reach the network, named anywhere in the
/// file (an import's module name is itself a string).
static RUNNING_MODULES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)(?:child_process|subprocess|os/exec|std::process|pty|ctypes|shelljs|execa|zx|net/http|requests|urllib[23]?|httpx|aiohttp|reqwest|axios|node-fetch|socket|Open3)(?-u:\b)")
        .expect("the running modules pattern compiles")
});

/// Calls, outside string literals, that run, evaluate, write, delete,
/// move or send.
static ACTING_CALLS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)(?:system|popen|exec[A-Za-z0-9_]*|eval|spawn[A-Za-z0-9_]*|Function|Command|getattr|__import__|import_module|globals|compile|fetch|urlopen|request[A-Za-z0-9_]*|connect|send[A-Za-z0-9_]*|post|put|write[A-Za-z0-9_]*|append[A-Za-z0-9_]*|create[A-Za-z0-9_]*|copy[A-Za-z0-9_]*|symlink[A-Za-z0-9_]*|link|rmtree|unlink[A-Za-z0-9_]*|remove[A-Za-z0-9_]*|rename[A-Za-z0-9_]*|chmod[A-Za-z0-9_]*|mkdir[A-Za-z0-9_]*|makedirs|shell)(?-u:\b)")
        .expect("the acting calls pattern compiles")
});

/// A file opened for writing (`open(path, "w")`).
static OPENED_TO_WRITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?-u:\b)open[ \t]*\([^)]*,[ \t]*(?:mode[ \t]*=[ \t]*)?['"][^'"]*[wax+]"#)
        .expect("the write mode pattern compiles")
});

/// The words a test checks with.
static ASSERTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?-u:\b)(?:assert[A-Za-z0-9_]*|expect|should|t\.(?:Error|Fatal)[A-Za-z0-9_]*|pytest)(?-u:\b)|#\[test\]",
    )
    .expect("the assertion pattern compiles")
});

/// Source files whose strings are quoted literals, and data files.
const SOURCE_ENDINGS: [&str; 12] = [
    ".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rs", ".go", ".rb", ".java", ".kt",
];
const DATA_ENDINGS: [&str; 4] = [".json", ".yaml", ".yml", ".toml"];

/// Whether test file `file` ([`test_file`]) runs, writes and sends nothing
/// outside its string literals: a test source that asserts, or a data file
/// of test vectors.
pub fn inert_test(file: &str, lines: &Lines) -> bool {
    let text = (0..lines.count())
        .map(|l| lines.get(l))
        .collect::<Vec<_>>()
        .join("\n");
    // The cheap whole-text searches first: most test files fail one.
    if !(ending(file, &DATA_ENDINGS) || ASSERTS.is_match(&text))
        || RUNNING_MODULES.is_match(&text)
        || OPENED_TO_WRITE.is_match(&text)
    {
        return false;
    }
    let code: Vec<String> = (0..lines.count())
        .map(|l| lines.get(l))
        .map(|line| blanked(line).unwrap_or_else(|| line.to_owned()))
        .collect();
    !ACTING_CALLS.is_match(&code.join("\n"))
}

/// Whether `file` is a test source or a test's data file, the files
/// [`inert_test`] reads: asked first, since it reads only the name.
pub fn test_file(file: &str) -> bool {
    (ending(file, &SOURCE_ENDINGS) || ending(file, &DATA_ENDINGS))
        && crate::testinput::test_script(file)
}

fn ending(file: &str, endings: &[&str]) -> bool {
    endings
        .iter()
        .any(|e| crate::naming::ends_with_ignoring_case(file, e))
}

/// `line` with the text of each string literal (`'…'`, `"…"`, a template
/// without `${…}`) replaced by spaces, the quotes kept; `None` where a
/// quote is left open (a lifetime, a regex literal, a string continued on
/// the next line), whose extent the line does not show.
pub fn blanked(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.char_indices();
    while let Some((at, c)) = chars.next() {
        out.push(c);
        if !matches!(c, '"' | '\'' | '`') {
            continue;
        }
        let close = closing_quote(&line[at + 1..], c)?;
        let inside = &line[at + 1..at + 1 + close];
        match c == '`' && inside.contains("${") {
            true => out.push_str(inside),
            false => out.extend(std::iter::repeat_n(' ', inside.len())),
        }
        out.push(c);
        for _ in 0..=inside.chars().count() {
            chars.next();
        }
    }
    Some(out)
}

/// The byte offset in `rest` of the quote `quote` that closes a string, past
/// backslash escapes.
fn closing_quote(rest: &str, quote: char) -> Option<usize> {
    let mut escaped = false;
    for (at, c) in rest.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            _ if c == quote => return Some(at),
            _ => {}
        }
    }
    None
}
