//! A test's injection specimen (the fifteenth sweep's `equation-solver`:
//! `run_test "Command Injection: Semicolon" "x + 1; rm -rf /" 1` in
//! `test-equation-solver.sh`; `cfn-epic-creator`'s `malicious_inputs=(`
//! list of `"test epic; rm -rf /"` in `test-security-fixes.sh`). A test
//! of a validator hands it strings an attacker would send: a command
//! spliced after some text into a quoted string is that input, an argument
//! or a list item, and the test checks that it is refused. It warns in a
//! test script only; the same string on a line that hands it to a shell
//! (`eval`, `sh -c`, `ssh`, a command substitution), kept in a variable
//! (`CMD="x; rm -rf /"`, run later), a script whose helper could run its
//! input (a shell or an interpreter's inline program given it), or a
//! deletion that opens its string or stands outside quotes still blocks.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// Words on a line that run a string as commands.
static RUNS_STRINGS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:eval|exec|system|popen|source|xargs|ssh|su|sudo)\b|(?:^|\s)-c\b|\$\(|`")
        .expect("the runner pattern compiles")
});

/// A recursive deletion's command word.
static DELETION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\brm\s+-").expect("the deletion pattern compiles"));

/// Whether `path` names a test script: in a `test`, `tests`, `__tests__`
/// or `spec` folder, or named `test…`, `…_test`, `…-test`, `….test` or
/// `….spec`.
pub fn test_script(path: &str) -> bool {
    let mut parts = path.rsplit(['/', '\\']);
    let name = parts.next().unwrap_or_default().to_ascii_lowercase();
    let stem = name.split('.').next().unwrap_or_default();
    let named = stem.starts_with("test")
        || [".test.", ".spec.", "_test.", "-test."]
            .iter()
            .any(|mark| name.contains(mark));
    named
        || parts.any(|folder| {
            ["test", "tests", "__tests__", "spec"].contains(&folder.to_ascii_lowercase().as_str())
        })
}

/// A shell given a variable's value as commands (`bash -c "$2"`, `eval
/// "$cmd"`, `$($2)`, `echo "$2" | sh`): a test helper that runs its input.
/// A program held in a variable and given the input as an argument
/// (`$("$SOLVE_SCRIPT" "$equation")`) runs the program, not the input.
static RUNS_VARIABLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(?:\b(?:eval|exec|xargs)|(?:^|\s)-c)\s+["']?\$|\$\(\s*["']?\$\{?\w+\}?["']?\s*(?:2>&1\s*)?\)|`\s*["']?\$\{?\w+\}?["']?\s*`|\|\s*(?:ba|z|k|da)?sh\b|<<<"#)
        .expect("the variable runner pattern compiles")
});

/// An interpreter given a program on its command line (`python3 -c '…'
/// "$input"`, `perl -e`, `node -e`): a helper carrying a program of its own
/// can run its input (`os.system(sys.argv[1])`) where no shell word shows
/// it (holes43).
static INLINE_PROGRAM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:python[\d.]*|perl|ruby|node|php|deno|bun|osascript)\s+(?:-\w+\s+)*-[ce]\b")
        .expect("the inline program pattern compiles")
});

/// Whether every recursive deletion on line `line` of a test script is
/// spliced into a quoted string after text and a command separator, on a
/// line that runs no string and assigns none to a variable, in a script
/// that hands no variable to a shell and runs no interpreter's inline
/// program (its helper would run the input) and defines the function the
/// line calls.
pub fn spliced_into_input(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    if RUNS_STRINGS.is_match(text)
        || (0..lines.count()).any(|other| {
            RUNS_VARIABLE.is_match(lines.get(other)) || INLINE_PROGRAM.is_match(lines.get(other))
        })
        || !called_here(lines, text)
    {
        return false;
    }
    let mut found = DELETION.find_iter(text).peekable();
    found.peek().is_some() && found.all(|deletion| spliced_at(text, deletion.start()))
}

/// Whether the command a line starts with is a function this script
/// defines (`run_test() {`, `function run_test`), or the line starts with
/// no command (a list item): a helper sourced from elsewhere is not read
/// here and could run its input.
fn called_here(lines: &Lines, text: &str) -> bool {
    let Some(called) = text
        .split_whitespace()
        .next()
        .filter(|word| word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
    else {
        return true;
    };
    // `run_test() {`, or `function run_test {` / `function run_test() {`.
    (0..lines.count()).any(|other| {
        let line = lines.get(other).trim_start();
        match line.strip_prefix("function ") {
            Some(named) => named
                .strip_prefix(called)
                .is_some_and(|after| after.starts_with([' ', '{', '('])),
            None => line
                .strip_prefix(called)
                .is_some_and(|after| after.trim_start().starts_with("()")),
        }
    })
}

/// Whether byte `at` stands inside a quoted string whose text before it
/// ends in a separator after some other text (`"x + 1; rm`), and the
/// string is no variable's value.
fn spliced_at(line: &str, at: usize) -> bool {
    let Some((open, _)) = crate::naming::open_quote(&line[..at]) else {
        return false;
    };
    let before = line[..open].trim_end();
    let inside = line[open + 1..at].trim_end();
    let text = inside.trim_end_matches([';', '&', '|']).trim_end();
    !before.ends_with('=') && text.len() < inside.len() && !text.is_empty()
}
