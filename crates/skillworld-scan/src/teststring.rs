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
    Regex::new(r"\b(?:child_process|subprocess|os/exec|std::process|pty|ctypes|shelljs|execa|zx|net/http|requests|urllib\d?|httpx|aiohttp|reqwest|axios|node-fetch|socket|Open3)\b")
        .expect("the running modules pattern compiles")
});

/// Calls, outside string literals, that run, evaluate, write, delete,
/// move or send.
static ACTING_CALLS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:system|popen|exec\w*|eval|spawn\w*|Function|Command|getattr|__import__|import_module|globals|compile|fetch|urlopen|request\w*|connect|send\w*|post|put|write\w*|append\w*|create\w*|copy\w*|symlink\w*|link|rmtree|unlink\w*|remove\w*|rename\w*|chmod\w*|mkdir\w*|makedirs|shell)\b")
        .expect("the acting calls pattern compiles")
});

/// A file opened for writing (`open(path, "w")`).
static OPENED_TO_WRITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]"#)
        .expect("the write mode pattern compiles")
});

/// The words a test checks with.
static ASSERTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:assert\w*|expect|should|t\.(?:Error|Fatal)\w*|pytest)\b|#\[test\]")
        .expect("the assertion pattern compiles")
});

/// Source files whose strings are quoted literals, and data files.
const SOURCE_ENDINGS: [&str; 12] = [
    ".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rs", ".go", ".rb", ".java", ".kt",
];
const DATA_ENDINGS: [&str; 4] = [".json", ".yaml", ".yml", ".toml"];

/// Whether `file` is a test whose text runs, writes and sends nothing
/// outside its string literals: a test source that asserts, or a data file
/// of test vectors.
pub fn inert_test(file: &str, lines: &Lines) -> bool {
    if !crate::testinput::test_script(file) {
        return false;
    }
    let name = file.to_ascii_lowercase();
    let ends = |endings: &[&str]| endings.iter().any(|e| name.ends_with(e));
    let text = || (0..lines.count()).map(|l| lines.get(l));
    let quiet = !text().any(|line| {
        RUNNING_MODULES.is_match(line)
            || OPENED_TO_WRITE.is_match(line)
            || ACTING_CALLS.is_match(&blanked(line).unwrap_or_else(|| line.to_owned()))
    });
    quiet && (ends(&DATA_ENDINGS) || ends(&SOURCE_ENDINGS) && text().any(|l| ASSERTS.is_match(l)))
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
