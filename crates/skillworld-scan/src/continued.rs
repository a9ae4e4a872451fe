//! Code continued over physical lines (a line ending in an unescaped `\`)
//! read as the one logical line the shell, Python or C reads: a download
//! and its run split over `\` lines are then seen together. The joined line
//! stands at the first physical line's number and the lines it took in
//! stay, empty, so every later line keeps its number.

use crate::engine::Kind;

/// `text` with its continued code lines joined, or `None` when it has none
/// (most texts: one search for a backslash before a line's end decides).
/// In Markdown only fenced code is joined, its fences found here by their
/// opening marks (the full layout costs more than the rest of the join).
pub fn joined(text: &str, kind: Kind) -> Option<String> {
    let bytes = text.as_bytes();
    memchr::memmem::find(bytes, b"\\\n").or_else(|| memchr::memmem::find(bytes, b"\\\r\n"))?;
    let markdown = kind == Kind::Markdown;
    let mut code = !markdown;
    let mut out: Option<String> = None;
    let mut lines = text.split('\n').peekable();
    let mut at = 0;
    while let Some(line) = lines.next() {
        let start = at;
        at += line.len() + 1;
        if markdown && fence(line) {
            code = !code;
        }
        let mut logical = std::borrow::Cow::Borrowed(line);
        let mut taken = 0;
        while code
            && !fence(&logical)
            && !comment(&logical)
            && let Some(keep) = continued(&logical).map(str::len)
            && let Some(next) = lines.next_if(|next| !(markdown && fence(next)))
        {
            let joined = logical.to_mut();
            joined.truncate(keep);
            joined.push(' ');
            joined.push_str(next.trim_start());
            at += next.len() + 1;
            taken += 1;
        }
        if taken == 0 {
            if let Some(out) = out.as_mut() {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        let out = out.get_or_insert_with(|| text[..start].to_owned());
        out.push_str(&logical);
        out.push('\n');
        out.extend(std::iter::repeat_n('\n', taken));
    }
    // The loop ends every line with a newline; the text's last has none.
    out.map(|mut out| {
        out.pop();
        out
    })
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
