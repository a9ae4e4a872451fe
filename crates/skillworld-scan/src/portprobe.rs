//! A port probe (the twenty-sixth sweep's `asciinema-player`: `with
//! socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:` and, on the
//! next line, `return s.connect_ex(("localhost", port)) == 0`, to learn
//! whether a local server already listens): a Python socket that the text
//! only connects to this machine's loopback address, and times or closes,
//! carries no peer's commands. `socket-open` already spares a loopback
//! connection written on the line that opens the socket; this reads the
//! lines after it, where Python names the address.
//!
//! The socket stays one when the text does anything else with its name: a
//! connection to any other host or to a variable (`s.connect((HOST,
//! PORT))`), a bind, a listen or an accept (a server a tunnel can reach),
//! a read or a write, its descriptor handed on (`os.dup2(s.fileno(), 0)`)
//! or the name itself passed to a call (`stdin=s`), bound to another
//! name (`t = s`) or returned. Names are read over
//! the whole text, so a name that two sockets share is spared only when
//! both are probes.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// A socket made and named on one line (capture 1: `with … as name:`,
/// capture 2: `name = socket.socket(`).
static MADE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\bwith\s+socket\.socket\([^\n]*\)\s+as\s+([A-Za-z_]\w*)\s*:|^\s*([A-Za-z_]\w*)\s*=\s*socket\.socket\(",
    )
    .expect("made")
});

/// What a probe does with its socket besides connecting it.
const HARMLESS: &[&str] = &["settimeout", "setblocking", "setsockopt", "close"];

/// Connection calls, whose address must be a loopback literal.
const CONNECTS: &[&str] = &["connect", "connect_ex"];

/// The loopback address literals a probe may name, quotes included.
const LOOPBACK: &[&str] = &[
    "\"localhost\"",
    "'localhost'",
    "\"127.0.0.1\"",
    "'127.0.0.1'",
    "\"::1\"",
    "'::1'",
];

/// Whether the socket made on `line` is only a probe of a local port.
pub fn probes_local_port(lines: &Lines, line: usize) -> bool {
    let Some(name) = MADE
        .captures(lines.get(line))
        .and_then(|c| c.get(1).or_else(|| c.get(2)))
        .map(|m| m.as_str())
    else {
        return false;
    };
    let Ok(uses) = Regex::new(&format!(r"\b{name}\.(\w+)\(")) else {
        return false;
    };
    let Ok(handed) = Regex::new(&format!(
        r"(?:[(,=\[{{:]|\breturn\b|\byield\b)\s*{name}\s*(?:[),\]}};]|$)"
    )) else {
        return false;
    };
    let mut connected = false;
    for text in lines.all() {
        if handed.is_match(text) {
            return false;
        }
        for call in uses.captures_iter(text) {
            let (Some(whole), Some(method)) = (call.get(0), call.get(1)) else {
                return false;
            };
            if CONNECTS.contains(&method.as_str()) {
                if !to_loopback(&text[whole.end()..]) {
                    return false;
                }
                connected = true;
            } else if !HARMLESS.contains(&method.as_str()) {
                return false;
            }
        }
    }
    connected
}

/// Whether the arguments `rest` of a connection call start with an
/// address tuple whose host is a loopback literal.
fn to_loopback(rest: &str) -> bool {
    rest.trim_start().strip_prefix('(').is_some_and(|tuple| {
        LOOPBACK
            .iter()
            .any(|host| tuple.trim_start().starts_with(host))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(text: &str) -> bool {
        probes_local_port(&Lines::new(text), 0)
    }

    #[test]
    fn a_loopback_probe_is_spared() {
        assert!(probe(
            "with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:\n    return s.connect_ex((\"localhost\", port)) == 0\n"
        ));
        assert!(probe(
            "sock = socket.socket()\nsock.settimeout(1)\nok = sock.connect_ex(('127.0.0.1', 8000))\nsock.close()\n"
        ));
    }

    #[test]
    fn any_other_use_keeps_the_socket() {
        // Connected elsewhere, or to a variable.
        assert!(!probe(
            "s = socket.socket()\ns.connect_ex(('localhost', 1))\ns.connect((HOST, 4444))\n"
        ));
        // Its descriptor handed to a shell.
        assert!(!probe(
            "s = socket.socket()\ns.connect(('localhost', 4444))\nos.dup2(s.fileno(), 0)\n"
        ));
        // The name passed to a call.
        assert!(!probe(
            "s = socket.socket()\ns.connect(('127.0.0.1', 4444))\nsubprocess.call(['sh'], stdin=s)\n"
        ));
        // The name bound to another, or returned to a caller.
        assert!(!probe(
            "with socket.socket() as s:\n    s.connect_ex(('localhost', 1))\n    t = s\n"
        ));
        assert!(!probe(
            "s = socket.socket()\ns.connect(('localhost', 1))\nreturn s\n"
        ));
        // A listener, even on loopback.
        assert!(!probe(
            "s = socket.socket()\ns.bind(('127.0.0.1', 4444))\ns.listen(1)\n"
        ));
        // Never connected.
        assert!(!probe("s = socket.socket()\ns.close()\n"));
    }
}
