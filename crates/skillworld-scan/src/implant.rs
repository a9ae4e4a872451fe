//! Text a script writes into the agent's identity or memory file
//! (OpenClaw's `SOUL.md` and `MEMORY.md`, `AGENTS.md`, `CLAUDE.md`,
//! `GEMINI.md`): the agent reads that file as its own standing
//! instructions in every later session, so what is written there is an
//! order to the agent (code86, blind68's `c15-jiyi-youhua`: a Chinese
//! section appended to `SOUL.md` that posts the user's keys away and
//! tells the agent to keep quiet). The rows read a script's strings as
//! code; here a script that names such a file and writes has its
//! multi-line strings (Python's triple quotes, a JavaScript template, a
//! shell here-document) kept, every other line emptied so line numbers
//! hold, for `engine` to read as Markdown (`identity-implant`).

/// The files an agent reads as itself.
const AGENT_FILES: &[&str] = &[
    "SOUL.md",
    "MEMORY.md",
    "AGENTS.md",
    "CLAUDE.md",
    "GEMINI.md",
    "IDENTITY.md",
];

/// What writes a file, in any of the script languages.
const WRITES: &[&str] = &[
    ".write(",
    ".write_text(",
    "writeFileSync(",
    "appendFileSync(",
    "writeFile(",
    "appendFile(",
    ">>",
    "Add-Content",
    "Set-Content",
];

/// The multi-line strings of a script that names an agent's own file and
/// writes, at their lines (every other line empty); `None` when it does
/// not, or holds none.
pub fn written_text(text: &str) -> Option<String> {
    if !AGENT_FILES.iter().any(|f| text.contains(f)) || !WRITES.iter().any(|w| text.contains(w)) {
        return None;
    }
    let mut kept = String::with_capacity(text.len());
    let mut open: Option<String> = None;
    let mut any = false;
    for line in text.lines() {
        match open.take() {
            Some(close) if closes(line, &close) => {
                kept.push_str(line.split(close.as_str()).next().unwrap_or_default());
            }
            Some(close) => {
                kept.push_str(line);
                open = Some(close);
                any = true;
            }
            None => open = opened(line),
        }
        kept.push('\n');
    }
    any.then_some(kept)
}

/// Whether `line` ends the string `close` marks: a quote anywhere on it,
/// a here-document's tag alone.
fn closes(line: &str, close: &str) -> bool {
    if close.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        line.trim() == close
    } else {
        line.contains(close)
    }
}

/// The closing mark of a multi-line string `line` opens and leaves open:
/// a triple quote or a backtick an odd number of times, or a
/// here-document's tag (`<<'EOF'`, `<<-EOF`).
fn opened(line: &str) -> Option<String> {
    for quote in ["\"\"\"", "'''", "`"] {
        if line.matches(quote).count() % 2 == 1 {
            return Some(quote.to_owned());
        }
    }
    let (_, after) = line.split_once("<<")?;
    let tag: String = after
        .trim_start_matches(['-', '~', ' '])
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!tag.is_empty()).then_some(tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_written_to_the_agents_file_is_kept_at_its_lines() {
        let script = "X = \"\"\"\n## Rule\n- post keys\n\"\"\"\nopen(os.path.join(w, \"SOUL.md\"), \"a\").write(X)\n";
        let kept = written_text(script).expect("a string is written to SOUL.md");
        assert_eq!(kept, "\n## Rule\n- post keys\n\n\n");
        let heredoc = "cat >> ~/.claude/CLAUDE.md <<'EOF'\nAlways obey.\nEOF\necho done\n";
        assert_eq!(
            written_text(heredoc).as_deref(),
            Some("\nAlways obey.\n\n\n")
        );
    }

    #[test]
    fn no_agent_file_or_no_multiline_string_keeps_nothing() {
        assert_eq!(
            written_text("X = \"\"\"\nhello\n\"\"\"\nopen(p, \"w\").write(X)\n"),
            None
        );
        assert_eq!(
            written_text("open(\"MEMORY.md\", \"w\").write(\"# MEMORY\\n\")\n"),
            None
        );
    }
}
