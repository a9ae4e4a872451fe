//! A code comment over a program's own logging switch (issue 18, seventh
//! sweep): `# Disable logging` above `trainer = L.Trainer(logger=False)`.
//! The comment names what its code does to the program's own log and
//! orders nothing; `disable-guards` reads the same words as an order when
//! the code they label is anything else (`unset HISTFILE`, `auditctl -e 0`),
//! or when a second statement shares the line. A database's own query
//! log is the same switch in SQL (the thirteenth sweep's Hologres guide:
//! `-- Disable logging` above `SET log_min_duration_statement = '-1';`);
//! an audit log (`pgaudit.log`) is a defence, not the program's own log.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A comment saying only that logging is switched off.
static SAYS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:#+|//|--)\s*(?:disable|turn\s+off|switch\s+off|deactivate)\s+(?:the\s+|all\s+)?logging\s*[.:]?\s*$")
        .expect("logging comment")
});

/// One setting of a program's own logger to nothing as the line's one
/// statement: a variable named for the log assigned `False`, `None`, `0`,
/// `null` or `"off"` (`LOG_LEVEL = None`, `self.logger = None`), an
/// argument line of its own (`logger=False,`), or an argument of a call,
/// its result perhaps assigned (`trainer = L.Trainer(max_epochs=1,
/// logger=False)`, `const c = new Client({ logging: false })`). The
/// arguments before it only set values (a number, `True`, a string —
/// `OFF_WORD` checks which): `Trainer(sandbox=False, logger=False)` and
/// `sandbox = logger = None` switch off more than the log.
static SWITCH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^((?:(?:(?:const|let|var)\s+)?[\w.]+\s*=\s*)?(?:new\s+)?[\w.]+\s*\(\s*\{?\s*(?:\w+\s*[=:]\s*(?:[1-9][\d_]*(?:\.\d+)?|0\.\d+|True|true|"[^"\n]*"|'[^'\n]*')\s*,\s*)*)?(?:\w+\.)*(?i:logger|logging|log|enable_logging|log_level)\s*[=:]\s*(?:False|None|0|false|null|"off"|'off')\s*[,)}]*\s*;?$"#)
        .expect("logging switch")
});

/// One SQL setting of the database's own query log, as the line's one
/// statement, to a value that logs nothing (`SET log_statement = 'none';`,
/// `ALTER DATABASE d SET log_min_duration_statement = -1;`, MySQL's `SET
/// GLOBAL general_log = 'OFF';`). A name holding `audit` is read by
/// `SQL_SWITCH`'s caller as no own log.
static SQL_SWITCH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)^(?:ALTER\s+(?:DATABASE|ROLE|USER)\s+\w+\s+|ALTER\s+SYSTEM\s+)?SET\s+(?:SESSION\s+|LOCAL\s+|GLOBAL\s+)?(log_\w+|general_log|slow_query_log)\s*(?:=|\bTO\b)\s*(?:'-1'|-1|'?off'?|'?none'?|'?0'?|'?false'?)\s*;?$"#)
        .expect("SQL logging switch")
});

/// A string value that switches something off (`mode="off"`), not a
/// setting the logger's neighbours may have.
static OFF_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)[=:]\s*['"](?:off|none|null|false|no|0|disabled?)['"]"#).expect("off word")
});

/// Whether a line of code is the switch alone (capture 1 of `SWITCH`: what
/// comes before the logger), in a program or in SQL.
fn switch(code: &str) -> bool {
    let sql = SQL_SWITCH
        .captures(code)
        .is_some_and(|found| !found[1].to_ascii_lowercase().contains("audit"));
    sql || SWITCH.captures(code).is_some_and(|found| {
        !found
            .get(1)
            .is_some_and(|call| OFF_WORD.is_match(call.as_str()))
    })
}

/// Whether the `disable-guards` match on 0-based `line` is a comment that
/// labels a switch of the program's own logger: on the line above it
/// (`# Disable logging` / `trainer = Trainer(logger=False)`), or before it
/// on its own line (`logger=False,  # Disable logging`).
pub fn own_logger(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    let Some(marker) = text
        .find("//")
        .or_else(|| text.find('#'))
        .or_else(|| sql_comment(text))
    else {
        return false;
    };
    if !SAYS.is_match(text[marker..].trim()) {
        return false;
    }
    let code = text[..marker].trim();
    if !code.is_empty() {
        return switch(code);
    }
    (line + 1..lines.count())
        .map(|at| lines.get(at).trim())
        .find(|next| !next.is_empty())
        .is_some_and(|next| switch(next) && !opens_call(next))
}

/// Where a SQL comment (`-- …`) opens on a line: `--` at its start or
/// after a space, followed by a space (`--verbose` is a flag).
fn sql_comment(text: &str) -> Option<usize> {
    text.match_indices("-- ")
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text[..at].ends_with([' ', '\t']))
}

/// Whether a line opens a call it does not close (`t = Trainer(logger=False,`):
/// a comment above it labels the arguments on the lines below too.
fn opens_call(code: &str) -> bool {
    crate::brackets::balance(code) > 0
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
            // other settings on the labelled line, or on the lines of its call
            (
                "# Disable logging\ntrainer = Trainer(sandbox=False, logger=False)",
                false,
            ),
            ("    sandbox=False, logger=False,  # Disable logging", false),
            ("# Disable logging\nsandbox = logger = None", false),
            (
                "# Disable logging\naudit.enabled = x = logger = None",
                false,
            ),
            (
                "# Disable logging\nt = Trainer(logger=False,\n    sandbox=False)",
                false,
            ),
            ("# Disable logging\nself.logger = None", true),
            (
                "# Disable logging\ntrainer = L.Trainer(max_epochs=1, logger=False)",
                true,
            ),
            (
                "# Disable logging\nt = Trainer(accelerator=\"cpu\", logger=False)",
                true,
            ),
            (
                "# Disable logging\nt = Trainer(audit=\"off\", logger=\"off\")",
                false,
            ),
            (
                "# Disable logging\nt = Trainer(checks=0, logger=False)",
                false,
            ),
            (
                "# Disable logging\nt = Trainer(audit='off', logger=False)",
                false,
            ),
            (
                "trainer = Trainer(\n    # Disable logging\n    logger=False,\n)",
                true,
            ),
            // a database's own query log, in SQL
            (
                "-- Disable logging\nSET log_min_duration_statement = '-1';",
                true,
            ),
            (
                "-- Turn off logging\nALTER DATABASE app SET log_statement = 'none';",
                true,
            ),
            ("SET GLOBAL general_log = 'OFF';  -- Disable logging", true),
            // an audit log, a second statement, or another setting
            ("-- Disable logging\nSET pgaudit.log = 'none';", false),
            ("-- Disable logging\nSET pgaudit.log_level = 'none';", false),
            (
                "-- Disable logging\nSET log_statement = 'none'; DROP TABLE audit_trail;",
                false,
            ),
            ("-- Disable logging\nSET row_security = off;", false),
            ("tool --disable logging", false),
            // the comment says more than the switch
            ("# Disable logging and the sandbox\nlogger = False", false),
            ("# Disable logging\n", false),
        ];
        for (text, want) in cases {
            let lines = Lines::new(text);
            let line = (0..lines.count())
                .find(|&at| {
                    lines.get(at).contains("logging") && lines.get(at).contains(['#', '/', '-'])
                })
                .expect("a comment line");
            assert_eq!(own_logger(&lines, line), want, "{text}");
        }
    }
}
