//! Code continued over physical lines (a line ending in an unescaped `\`)
//! read as the one logical line the shell, Python or C reads: a download
//! and its run split over `\` lines are then seen together. The joined line
//! stands at the first physical line's number and the lines it took in
//! stay, empty, so every later line keeps its number.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::engine::Kind;

/// Built once: a searcher's set-up costs more than most texts' search.
static FENCE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"```"));

/// `text` with its continued code lines joined, or `None` when it has none.
/// Only the lines ending in a backslash are visited (found by `memchr`;
/// the Markdown fences before them by `memmem`, by their ```` ``` ````
/// marks): most texts hold none, and the rest only a few.
pub fn joined(text: &str, kind: Kind) -> Option<String> {
    let bytes = text.as_bytes();
    // One pass for `\` (rare in prose), either line ending checked after.
    let mut slashes = memchr::memchr_iter(b'\\', bytes)
        .filter(|&at| matches!(bytes.get(at + 1..), Some([b'\n', ..] | [b'\r', b'\n', ..])))
        .peekable();
    slashes.peek()?;
    let markdown = kind == Kind::Markdown;
    let mut fences = FENCE
        .find_iter(bytes)
        .filter(|&at| {
            bytes[line_start(bytes, at)..at]
                .iter()
                .all(|b| b.is_ascii_whitespace())
        })
        .peekable();
    let mut open = false;
    let mut out: Option<String> = None;
    let mut copied = 0;
    for slash in slashes {
        let start = line_start(bytes, slash);
        if start < copied {
            continue;
        }
        while fences.next_if(|&at| at < start).is_some() {
            open = !open;
        }
        let mut end = line_end(bytes, start);
        let first = &text[start..end];
        if markdown && (!open || fence(first)) || comment(first) {
            continue;
        }
        let mut logical = first.to_owned();
        let mut taken = 0;
        while end < bytes.len()
            && let Some(keep) = continued(&logical).map(str::len)
        {
            let next = &text[end + 1..line_end(bytes, end + 1)];
            if markdown && fence(next) {
                break;
            }
            logical.truncate(keep);
            logical.push(' ');
            logical.push_str(next.trim_start());
            end += 1 + next.len();
            taken += 1;
        }
        if taken == 0 {
            continue;
        }
        let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
        out.push_str(&text[copied..start]);
        out.push_str(&logical);
        out.extend(std::iter::repeat_n('\n', taken));
        copied = end;
    }
    out.map(|mut out| {
        out.push_str(&text[copied..]);
        out
    })
}

fn line_start(bytes: &[u8], at: usize) -> usize {
    memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |n| n + 1)
}

/// Where the line starting at `start` ends (its newline, or the text's end).
fn line_end(bytes: &[u8], start: usize) -> usize {
    memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |n| start + n)
}

/// The line without its continuing `\` (and a CR before the newline), when
/// it ends in one that is not itself escaped.
fn continued(line: &str) -> Option<&str> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let slashes = line.len() - line.trim_end_matches('\\').len();
    (slashes % 2 == 1).then(|| line[..line.len() - 1].trim_end())
}

/// Whether a Markdown line opens or closes a fenced code block.
pub fn fence(line: &str) -> bool {
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
