//! The rows' spares (`Rule::spares`): readings of a match as the thing
//! named rather than done, each a test of the matched line that a row
//! lists in the table, so that no row's exception lives in the engine by
//! its id (code86, the review of round 85). A match a spare accepts only
//! warns, with the spare's note (`engine::judge`).
//!
//! - a download piped to a shell with nothing to download (`curl |
//!   bash`, `judged::fetches_nothing`) and an inline `eval()` with nothing
//!   to evaluate (`judged::names_a_call`): the technique named;
//! - one look-alike word alone in a table cell, a credential path named
//!   as where a login is kept, a program named alone in inline code;
//! - a look-alike letter among letters no Latin one resembles;
//! - an admin group joined by the account the operator names when running
//!   the script (`usermod -aG sudo "$NEWUSER"`, `NEWUSER="${1:?…}"`).

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;
use crate::rules::Spare;

/// `download-execute`'s.
pub const NOTHING_FETCHED: Spare = Spare {
    test: |line, column, end, _, _| {
        crate::judged::fetches_nothing(line, line.get(column..end).unwrap_or_default())
    },
    note: "names a download piped to a shell with nothing to download: the technique, not a command",
};

/// `dynamic-eval`'s.
pub const EMPTY_CALL: Spare = Spare {
    test: |line, column, _, inline, _| {
        inline && crate::judged::names_a_call(line.get(column..).unwrap_or_default())
    },
    note: "names an evaluating call with nothing to evaluate",
};

/// `homoglyph`'s, before [`FOREIGN_LETTERS`].
pub const TABLE_WORD: Spare = Spare {
    test: |line, column, _, inline, _| inline && lone_word(line, column),
    note: "one look-alike word shown in a table: it runs nothing",
};

/// `homoglyph`'s.
pub const FOREIGN_LETTERS: Spare = Spare {
    test: |line, _, _, _, _| crate::script::shows_foreign(line),
    note: "a look-alike letter among letters no Latin one resembles: nothing is disguised",
};

/// `credential-file`'s.
pub const LOGIN_PLACE: Spare = Spare {
    test: |line, column, _, inline, _| inline && login_kept_in(line, column),
    note: "a credential file named alone in a sentence: where a tool looks, not a read",
};

/// `account-change`'s.
pub const PROGRAM_NAMED: Spare = Spare {
    test: |line, column, _, inline, _| inline && bare_name(line, column),
    note: "a program named alone in inline code: it runs nothing",
};

/// `account-change`'s: code86 (blind68's `c13-server-hardening-twin`, a
/// hardening script that makes the admin user its operator names).
pub const OPERATOR_ACCOUNT: Spare = Spare {
    test: |line, column, _, _, text| operator_account(line.get(column..).unwrap_or_default(), text),
    note: "adds the account the operator names when running the script to the admin group: setup",
};

/// A shell's admin group join of a variable's account (capture 1: the
/// variable).
static GROUP_JOIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^usermod\s+-a?G\s*(?:sudo|wheel|admin)\s+['"]?\$\{?(\w+)\}?['"]?\s*(?:$|[;&|#])"#)
        .expect("the group join pattern compiles")
});

/// Whether `joined` (a line from its `usermod`) adds the account of a
/// positional parameter (`"$1"`), or of a variable every assignment of
/// which in `text` takes one (`NEWUSER="${1:?usage…}"`, `U=$1`) or the
/// operator's answer (`read -rp "user: " U`): whoever runs the script names
/// the account, where a name the skill writes is its own.
fn operator_account(joined: &str, text: &Lines) -> bool {
    let Some(name) = GROUP_JOIN.captures(joined).and_then(|c| c.get(1)) else {
        return false;
    };
    let name = name.as_str();
    if name.bytes().all(|b| b.is_ascii_digit()) {
        return name != "0";
    }
    let assigned = format!("{name}=");
    let mut given = false;
    for line in (0..text.count()).map(|l| text.get(l).trim_start()) {
        let line = line
            .strip_prefix("local ")
            .or_else(|| line.strip_prefix("readonly "))
            .unwrap_or(line);
        if let Some(value) = line.strip_prefix(&assigned) {
            let value = value.trim_start_matches(['"', '\'']);
            // `${1:-x}` and `${1:=x}` name an account when the script is
            // run bare: only a parameter that must be given counts.
            let given_parameter = |v: &str, braced: bool| {
                let rest = v.trim_start_matches(|c: char| c.is_ascii_digit());
                v.starts_with(|c: char| c.is_ascii_digit() && c != '0')
                    && if braced {
                        rest.starts_with('}') || rest.starts_with(":?") || rest.starts_with('?')
                    } else {
                        !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                    }
            };
            let positional = match value.strip_prefix("${") {
                Some(v) => given_parameter(v, true),
                None => value
                    .strip_prefix('$')
                    .is_some_and(|v| given_parameter(v, false)),
            };
            if !positional {
                return false;
            }
            given = true;
        } else if line.starts_with("read ") && line.split_whitespace().last() == Some(name) {
            given = true;
        }
    }
    given
}

/// Whether the inline code span around `column` is one word alone in a
/// table cell (``| `раураl.com` |`` in a table of spoofed domains): a name
/// shown, where a command has words and a URL has a scheme. The same word
/// in a sentence ("open `раураl.com` and sign in") is a place to go.
fn lone_word(text: &str, column: usize) -> bool {
    let before = text.get(..column).unwrap_or_default();
    let open = before.rfind('`').map_or(0, |at| at + 1);
    let span = text[open..].split('`').next().unwrap_or_default();
    let cell_before = text[..open.saturating_sub(1)].trim_end().ends_with('|');
    let after = text.get(open + span.len() + 1..).unwrap_or_default();
    !span.contains(char::is_whitespace)
        && !span.contains("://")
        && cell_before
        && after.trim_start().starts_with('|')
}

/// Whether the inline code span around `column` is a path alone that the
/// sentence names as where a login is kept ("credentials from `~/.netrc`,
/// as `ftplib` expects", batch 40): where a tool looks, while a command
/// that reads it has more words (`` `cat ~/.netrc` ``) and a list of files
/// a scan should cover ("dotfiles (`.aws`, `.npmrc`) are covered") names
/// what the skill gathers.
fn login_kept_in(text: &str, column: usize) -> bool {
    let Some(open) = text.get(..column).and_then(|before| before.rfind('`')) else {
        return false;
    };
    let span = text[open + 1..].split('`').next().unwrap_or_default();
    !span.is_empty()
        && !span.contains(char::is_whitespace)
        && !span.contains("://")
        && LOGIN_KEPT_IN.is_match(&text[..open])
}

/// The words before a path that name it as where the user's login lives.
static LOGIN_KEPT_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:credentials?|passwords?|logins?|tokens?)\s+(?:(?:are|is)\s+)?(?:(?:read|taken|loaded|stored|kept|looked\s+up)\s+)?(?:from|in)\s*$")
        .expect("the login-kept-in pattern compiles")
});

/// Whether the inline code span around `column` is one bare word
/// (`` `chpasswd` reads `user:password` … ``, the thirteenth sweep's
/// input-sanitization guide): a program named in a sentence, given no
/// argument and no input, where a command has more (`` `echo u:p |
/// chpasswd` ``).
fn bare_name(text: &str, column: usize) -> bool {
    let Some(open) = text.get(..column).and_then(|before| before.rfind('`')) else {
        return false;
    };
    let span = text[open + 1..].split('`').next().unwrap_or_default();
    !span.is_empty()
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parameter with a default names an account when the script runs
    /// bare (the skill's own choice); one that must be given, or an
    /// answer read, is the operator's.
    #[test]
    fn only_a_parameter_that_must_be_given_is_the_operators_account() {
        let joined = "usermod -aG sudo \"$U\"";
        for (script, operator) in [
            ("U=\"${1:?usage: h.sh USER}\"\n", true),
            ("U=$1\n", true),
            ("U=\"${2}\"\n", true),
            ("read -rp \"user: \" U\n", true),
            ("U=\"${1:-svc_helper}\"\n", false),
            ("U=\"${1:=svc_helper}\"\n", false),
            ("U=$1x\n", false),
            ("U=svc_helper\n", false),
        ] {
            let text = format!("{script}{joined}\n");
            assert_eq!(
                operator_account(joined, &Lines::new(&text)),
                operator,
                "{script:?}"
            );
        }
    }
}
