//! A code comment over a program's own logging switch (issue 18, seventh
//! sweep): `# Disable logging` above `trainer = L.Trainer(logger=False)`.
//! The comment names what its code does to the program's own log and
//! orders nothing; `disable-guards` reads the same words as an order when
//! the code they label is anything else (`unset HISTFILE`, `auditctl -e 0`),
//! or when a second statement shares the line.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A comment saying only that logging is switched off.
static SAYS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:#+|//)\s*(?:disable|turn\s+off|switch\s+off|deactivate)\s+(?:the\s+|all\s+)?logging\s*[.:]?\s*$")
        .expect("logging comment")
});

/// One setting of a program's own logger to nothing: a keyword, option
/// or variable named for the log, given `False`, `None`, `0`, `null` or
/// `"off"`, as the line's one statement.
static SWITCH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^[\w.\s=(,{]*\b(?i:logger|logging|log|enable_logging|log_level)\s*[=:]\s*(?:False|None|0|false|null|"off"|'off')\s*[,)}]*\s*;?$"#)
        .expect("logging switch")
});

/// Whether the `disable-guards` match on 0-based `line` is a comment that
/// labels a switch of the program's own logger: on the line above it
/// (`# Disable logging` / `trainer = Trainer(logger=False)`), or before it
/// on its own line (`logger=False,  # Disable logging`).
pub fn own_logger(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let Some(marker) = text.find("//").or_else(|| text.find('#')) else {
        return false;
    };
    if !SAYS.is_match(text[marker..].trim()) {
        return false;
    }
    let code = text[..marker].trim();
    if !code.is_empty() {
        return SWITCH.is_match(code);
    }
    (line + 1..lines.count())
        .map(|at| lines.get(at).trim())
        .find(|next| !next.is_empty())
        .is_some_and(|next| SWITCH.is_match(next))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_comment_over_the_programs_own_log_switch_is_spared() {
        let cases = [
            ("# Disable logging\ntrainer = L.Trainer(logger=False)", true),
            ("    logger=False,                 # Disable logging", true),
            (
                "// Turn off logging\nconst client = new Client({ logging: false });",
                true,
            ),
            ("# Disable logging\n\nLOG_LEVEL = None", true),
            // the code it labels is no logger of the program's own
            ("# Disable logging\nunset HISTFILE", false),
            ("# Disable logging\nauditctl -e 0", false),
            // a second statement shares the switch's line
            ("# Disable logging\nlogger = None; os.system(cmd)", false),
            // the comment says more than the switch
            ("# Disable logging and the sandbox\nlogger = False", false),
            ("# Disable logging\n", false),
        ];
        for (text, want) in cases {
            let lines = Lines::new(text);
            let line = (0..lines.count())
                .find(|&at| lines.get(at).contains("logging") && lines.get(at).contains(['#', '/']))
                .expect("a comment line");
            assert_eq!(own_logger(&lines, line), want, "{text}");
        }
    }
}
