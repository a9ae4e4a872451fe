//! A command that is the pattern a matcher looks for (fp72, the `ctxaudit`
//! look-alike `benign-hook`: `grep -qE "rm -rf /" && echo "warning"` under
//! the comment `# warn about rm -rf / and similar`). A guard holds the text
//! it refuses as the quoted argument of `grep`, `re.search(`, `.test(` or
//! `=~`: searched for, never run. A match that stands wholly inside that
//! argument only warns, and so does a comment just above such a line that
//! names the same thing. It spares nothing where the line also runs what it
//! finds (`eval`, `| sh`, `$(…)`, `xargs`, `exec`), nor a match that reaches
//! outside the quotes (`grep -q "rm -rf /" f && rm -rf /`).

use std::sync::LazyLock;

use regex::Regex;

/// A matcher whose first quoted argument is the pattern it searches for.
static MATCHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:(?-u:\b)(?:[ef]?grep|rg|ag|ack|select-string)(?-u:\b)|(?-u:\b)re\.(?:compile|search|match|fullmatch|findall|finditer|sub)[ \t]*\(|\.(?:test|match|matches|search)[ \t]*\(|=~)")
        .expect("the matcher pattern compiles")
});

/// What hands the line's text on to run: a detector that also runs what it
/// matches is no detector.
static RUNS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:(?-u:\b)(?:eval|exec|xargs|system|popen|source|sh[ \t]+-c|bash[ \t]+-c|subprocess|spawn|Function|invoke-expression|iex)(?-u:\b)|\|[ \t]*(?:ba|z|da)?sh(?-u:\b)|\$\(|`)")
        .expect("the runs pattern compiles")
});

/// The line with each matcher's pattern argument blanked, or `None` where
/// it has no matcher or also runs what it matches.
pub fn blanked(line: &str) -> Option<String> {
    let mut blanked = line.to_owned();
    for matcher in MATCHER.find_iter(line) {
        let pattern = match matcher.as_str().starts_with('.') {
            true => literal_before(line, matcher.start()),
            false => None,
        }
        .or_else(|| quoted_after(line, matcher.end()));
        if let Some((open, close)) = pattern {
            blanked.replace_range(open..close, &" ".repeat(close - open));
        }
    }
    (blanked != line && !RUNS.is_match(&blanked)).then_some(blanked)
}

/// The inside of the quoted string that is the first argument after byte
/// `after`, past a matcher's flags (`grep -qE "…"`) or a string prefix
/// (`re.search(r"…"`); a quote further on is another command's.
fn quoted_after(line: &str, after: usize) -> Option<(usize, usize)> {
    let (open, quote) = line[after..]
        .char_indices()
        .find(|&(_, c)| c == '"' || c == '\'')
        .map(|(at, c)| (after + at + 1, c))?;
    let gap = &line[after..open - 1];
    let prefix = gap.trim_end_matches(|c: char| "rRbBuUf".contains(c));
    let only_flags = prefix
        .split_whitespace()
        .all(|token| token.starts_with('-'))
        && (prefix.len() == gap.len() || prefix.is_empty() || prefix.ends_with([' ', '(']));
    if !only_flags {
        return None;
    }
    let close = closing(line, open, quote)?;
    Some((open, close))
}

/// The inside of the regex literal (`/…/flags`) that a method call at
/// byte `dot` is called on.
fn literal_before(line: &str, dot: usize) -> Option<(usize, usize)> {
    let before = line[..dot].trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let inside = before.strip_suffix('/')?;
    let bytes = inside.as_bytes();
    let open = (0..bytes.len())
        .rev()
        .find(|&at| bytes[at] == b'/' && (at == 0 || bytes[at - 1] != b'\\'))?;
    Some((open + 1, inside.len()))
}

/// The byte of the quote that closes one opened before `from`.
fn closing(line: &str, from: usize, quote: char) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut at = from;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' if quote == '"' => at += 1,
            b if b == quote as u8 => return Some(at),
            _ => {}
        }
        at += 1;
    }
    None
}

/// Rows whose harm is the characters shown, not a command run.
pub const DISPLAY_RULES: [&str; 2] = ["hidden-unicode", "homoglyph"];

/// How far below a comment the matcher it names may stand.
pub const REACH: usize = 2;
