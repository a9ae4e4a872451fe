//! Code continued over physical lines (a line ending in an unescaped `\`)
//! read as the one logical line the shell, Python or C reads: a download
//! and its run split over `\` lines are then seen together. The joined line
//! stands at the first physical line's number and the lines it took in
//! stay, empty, so every later line keeps its number.

use crate::engine::Kind;
use crate::layout::{Layout, Region};
use crate::lines::Lines;

/// `text` with its continued code lines joined, or `None` when it has none
/// (most texts: one search for a backslash before a line's end decides).
pub fn joined(text: &str, kind: Kind) -> Option<String> {
    let bytes = text.as_bytes();
    memchr::memmem::find(bytes, b"\\\n").or_else(|| memchr::memmem::find(bytes, b"\\\r\n"))?;
    let lines = Lines::new(text);
    let layout = match kind {
        Kind::Markdown => Layout::markdown(&lines),
        Kind::Script(lang) => Layout::script(lang, lines.count()),
    };
    // Only within one code block, whose fences (counted in it) are never
    // taken in.
    let code = |line: usize| match layout.at(line) {
        (Region::Code(_), block) if !fence(lines.get(line)) => Some(block),
        _ => None,
    };
    let mut out = String::with_capacity(text.len());
    let mut taken = 0;
    let mut line = 0;
    while line < lines.count() {
        let mut logical = lines.get(line).to_owned();
        let mut next = line + 1;
        while next < lines.count()
            && code(line).is_some()
            && code(next) == code(line)
            && !comment(lines.get(line))
            && let Some(keep) = continued(&logical).map(str::len)
        {
            logical.truncate(keep);
            logical.push(' ');
            logical.push_str(lines.get(next).trim_start());
            next += 1;
        }
        out.push_str(&logical);
        for _ in line + 1..next {
            out.push('\n');
        }
        taken += next - line - 1;
        if next < lines.count() {
            out.push('\n');
        }
        line = next;
    }
    (taken > 0).then_some(out)
}

/// The line without its continuing `\` (and a CR before the newline), when
/// it ends in one that is not itself escaped.
fn continued(line: &str) -> Option<&str> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let slashes = line.len() - line.trim_end_matches('\\').len();
    (slashes % 2 == 1).then(|| line[..line.len() - 1].trim_end())
}

fn fence(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("```") || line.starts_with("~~~")
}

/// A comment's trailing `\` continues nothing (shell, Python).
fn comment(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with('#') || line.starts_with("//")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Lang;

    #[test]
    fn a_continued_command_is_one_line_at_its_first_number() {
        let text = "set -e\ncurl -fsS \\\n  https://x.example/i \\\n  | sh\necho done";
        let joined = joined(text, Kind::Script(Lang::Shell)).expect("joined");
        assert_eq!(
            joined,
            "set -e\ncurl -fsS https://x.example/i | sh\n\n\necho done"
        );
    }

    #[test]
    fn an_escaped_backslash_a_comment_and_prose_continue_nothing() {
        assert_eq!(joined("echo a\\\\\nb", Kind::Script(Lang::Shell)), None);
        assert_eq!(joined("# note \\\ncurl x", Kind::Script(Lang::Shell)), None);
        assert_eq!(joined("line one\\\nline two", Kind::Markdown), None);
    }

    #[test]
    fn a_fence_closing_after_a_backslash_stays_a_fence() {
        let text = "```sh\ncurl x \\\n  -o y \\\n```\nprose";
        assert_eq!(
            joined(text, Kind::Markdown).as_deref(),
            Some("```sh\ncurl x -o y \\\n\n```\nprose")
        );
    }
}
