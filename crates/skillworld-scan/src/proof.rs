//! An encoded proof of concept (the eighteenth sweep's `vulnclaw`
//! `ctf-web`: `echo Y2F0IGZsYWcucGhw | base64 -d | bash` and `echo
//! 63617420666c61672e706870 | xxd -r -p | bash`, a filter bypass shown on a
//! CTF target). Offensive-security notes show how an encoding slips a
//! command past a filter with a command that only proves it ran: `cat
//! flag.php`, `id`, `whoami`. The encoding hides nothing when the literal
//! is on the line and decodes to such a command, so the pipe warns. A
//! literal that decodes to anything else (a download, a second command, a
//! redirect, a variable) or to a read of a secret (`~/.ssh/…`, `.env`,
//! `/etc/shadow`, and since holes43 any hidden file, `.npmrc`, or
//! `/proc/self/environ`; since misses22 any credential store the table's
//! `credential-file` row knows: `.netrc`, `.kube/config`, `.pgpass`), and
//! a literal the line does not hold, still block.
//! (`Rule::confirm` of `decode-execute`.)

use std::sync::LazyLock;

use base64::Engine;
use regex::Regex;

use crate::naming::matches;
use crate::rules::Severity;

/// `echo LITERAL | base64 -d |` or `printf 'LITERAL' | xxd -r -p |`: the
/// literal and its decoder.
static ECHOED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\b(?:echo|printf)\s+(?:-\w+\s+)*['"]?([A-Za-z0-9+/]+={0,2})['"]?\s*\|\s*(base64\s+(?:-d|-D|--decode)|xxd\s+(?:-r\s+-p|-p\s+-r|-rp|-pr))\s*\|"#)
        .expect("the echoed literal pattern compiles")
});

/// A command that only shows who ran it, where, or one file: the whole
/// decoded text, one command with plain words on one line (a line break
/// would start a second command: `ls` then `poweroff`).
static PROOF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:id|whoami|hostname|pwd|uname(?:[ \t]+-a)?|(?:cat|head|ls)(?:[ \t]+-\w+)*(?:[ \t]+[\w./-]+)?)$",
    )
    .expect("the proof pattern compiles")
});

/// Words of a read that reaches a secret by its name.
const SECRETS: [&str; 11] = [
    "shadow",
    "ssh",
    "aws",
    ".env",
    "id_",
    "key",
    "token",
    "secret",
    "credential",
    "wallet",
    "history",
];

/// The table's own credential stores (`credential-file`), read in the
/// decoded command and in what feeds an upload (`pipedkey`): one list of
/// them for the whole scanner. Built the first time either is read (rare).
pub(crate) static CREDENTIAL_FILE: LazyLock<Regex> = LazyLock::new(|| {
    let row = crate::rules::rule("credential-file");
    Regex::new(&format!("(?i){}", row.pattern)).expect("the credential-file row compiles")
});

/// Every `decode-execute` match on the line is an echoed literal that
/// decodes to a proof of concept: a warning; otherwise the row's own
/// severity.
pub fn decodes_to_proof(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    if !matches(at, next).all(|at| proof_at(line, at)) {
        return Some((Severity::Critical, String::new()));
    }
    Some((
        Severity::Medium,
        "the encoded command on the line decodes to a proof of concept that only shows it ran"
            .to_owned(),
    ))
}

/// Whether the whole line is one echoed literal decoded into a shell,
/// `echo LITERAL | base64 -d | bash`, whose literal is a proof of concept:
/// its decoding and its shell are then no signals for a combination.
pub fn whole_line(line: &str) -> bool {
    let Some(found) = ECHOED.captures(line) else {
        return false;
    };
    let whole = found.get(0).expect("a match has a whole");
    let shell = line[whole.end()..].trim();
    let opens = line[..whole.start()].trim_start_matches(['$', ' ', '\t']);
    opens.is_empty()
        && ["sh", "bash", "zsh", "dash"].contains(&shell)
        && proof_at(line, found.get(2).expect("the decoder is captured").start())
}

/// Whether the pipe read at byte `at` decodes a literal of the line to a
/// proof of concept.
fn proof_at(line: &str, at: usize) -> bool {
    let start = line[..at].rfind('|').map_or(0, |pipe| {
        line[..pipe]
            .rfind(['|', ';', '&'])
            .map_or(0, |before| before + 1)
    });
    let Some(found) = ECHOED.captures(&line[start..]) else {
        return false;
    };
    if found.get(2).map(|decoder| start + decoder.start()) != Some(at) {
        return false;
    }
    let literal = &found[1];
    let bytes = if found[2].starts_with("base64") {
        base64::engine::general_purpose::STANDARD
            .decode(literal)
            .ok()
    } else {
        hex(literal)
    };
    bytes
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .is_some_and(|text| proof(text.trim()))
}

fn hex(literal: &str) -> Option<Vec<u8>> {
    if !literal.len().is_multiple_of(2) {
        return None;
    }
    (0..literal.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(literal.get(at..at + 2)?, 16).ok())
        .collect()
}

fn proof(command: &str) -> bool {
    let lower = command.to_ascii_lowercase();
    PROOF.is_match(command)
        && !SECRETS.iter().any(|word| lower.contains(word))
        && !command.split_whitespace().skip(1).any(kept_by_the_system)
        && !CREDENTIAL_FILE.is_match(command)
}

/// Whether a path the command reads is a hidden file or folder (`.npmrc`,
/// `.netrc`, `~/.kube/config`: where tools keep their logins, whatever the
/// name) or the kernel's view of a process (`/proc/self/environ`, the
/// environment and its tokens). A proof reads a file of the challenge.
fn kept_by_the_system(path: &str) -> bool {
    path.starts_with("/proc/")
        || path.starts_with("/sys/")
        || path.starts_with("/dev/")
        || path
            .split('/')
            .any(|part| part.starts_with('.') && part != "." && part != "..")
}
