//! Rotated log archives removed to free disk (reg87, a Linux
//! administration guide's clean-up list: `sudo journalctl
//! --vacuum-size=100M`, `sudo apt-get clean`, `sudo rm -f
//! /var/log/syslog.* /var/log/kern.log.*`). `syslog.*` names only the
//! archives logrotate left (`syslog.1`, `syslog.2.gz`): the live log keeps
//! recording. A removal hides what happened when it takes a live log
//! (`/var/log/syslog`), every log (`/var/log/*`, `/var/log/*.gz`), or any
//! file of a login or audit record (`auth.log.*`, `secure-20261201`,
//! `wtmp.1`, `/var/log/audit/…`): those stay `log-tamper`'s.

use std::sync::LazyLock;

use regex::Regex;

use crate::naming::unless_all;
use crate::rules::Severity;

/// A command that removes files, as `log-tamper`'s first spelling may
/// begin: `shred` and `truncate` of a log are no way to free disk.
static REMOVAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:rm|unlink)\b").expect("removal"));

/// A rotated archive of one named log under `/var/log/` (capture 1: the
/// log's name): a numbered or dated copy, perhaps compressed, or a glob
/// standing for them (`syslog.*`, `kern.log.[0-9]*`); no glob before the
/// suffix.
static ROTATED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^/var/log/(?:[\w.-]+/)*([A-Za-z][\w.-]*?)(?:\.\*|\.\[0-9\]\*?|\.\d+(?:\.gz|\.\*)?|\.gz|\.old|-\d{8}(?:\.gz)?)$")
        .expect("rotated log")
});

/// Logs whose archives are a record of logins or audits.
const RECORDS: &[&str] = &[
    "auth", "secure", "wtmp", "btmp", "lastlog", "faillog", "audit", "sudo", "tallylog",
];

/// Whether one argument names rotated archives of a log that records no
/// logins or audits.
fn archive(argument: &str) -> bool {
    let path = argument.trim_matches(|c| c == '\'' || c == '"');
    ROTATED.captures(path).is_some_and(|found| {
        let name = found[1].to_ascii_lowercase();
        !path.to_ascii_lowercase().contains("/audit")
            && !RECORDS.iter().any(|record| name.starts_with(record))
    })
}

/// Whether the removal the match begins (its command, up to the next
/// separator or comment) names `/var/log/` only in rotated archives of
/// logs that record no logins or audits.
fn archives_only(rest: &str) -> bool {
    if !REMOVAL.is_match(rest) {
        return false;
    }
    let end = rest
        .find([';', '&', '|', '`', ')', '\n'])
        .unwrap_or(rest.len());
    let command = &rest[..end];
    let command = command.find(" #").map_or(command, |hash| &command[..hash]);
    let mut logs = command
        .split_whitespace()
        .filter(|word| word.contains("/var/log/"))
        .peekable();
    logs.peek().is_some() && logs.all(archive)
}

/// `log-tamper`'s confirm: keeps the line unless every match on it removes
/// only rotated archives of logs that record no logins or audits.
pub fn not_rotated_only(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    unless_all(line, at, next, Severity::High, |_, _, rest| {
        archives_only(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::archives_only;

    #[test]
    fn rotated_archives_of_plain_logs_only() {
        assert!(archives_only("rm -f /var/log/syslog.* /var/log/kern.log.*"));
        assert!(archives_only(
            "rm -f /var/log/nginx/access.log.1 /var/log/nginx/error.log.2.gz"
        ));
        assert!(archives_only("rm -f '/var/log/syslog.1'"));
        assert!(!archives_only("shred -u /var/log/syslog.1"));
        assert!(!archives_only("truncate -s 0 /var/log/syslog.1"));
        assert!(!archives_only("rm -f /var/log/syslog.* /var/log/syslog"));
        assert!(!archives_only("rm -f /var/log/auth.log.*"));
        assert!(!archives_only("rm -f /var/log/secure-20261201"));
        assert!(!archives_only("rm -rf /var/log/*"));
        assert!(!archives_only("rm -f /var/log/*.gz"));
        assert!(!archives_only("rm -f /var/log/audit/audit.log.1"));
        assert!(!archives_only(
            "rm -f /tmp/x /var/log/syslog.1>/var/log/syslog"
        ));
    }
}
