//! The addresses a hosts-file entry or a DNS setting names (issue 18):
//! an entry pointing at this machine's network, a documentation range or a
//! reserved name, and a DNS server that is this machine, a private network
//! or a well-known public resolver, redirect nothing. Each is read as a
//! whole address in its field — `198.8.8.8` is not `8.8.8.8`, and `# 1.1.1.1`
//! after an entry is a comment, not its address.

use std::net::Ipv4Addr;
use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// Well-known public resolvers (and Tailscale's), matched whole.
const PUBLIC_RESOLVERS: [Ipv4Addr; 12] = [
    Ipv4Addr::new(100, 100, 100, 100),
    Ipv4Addr::new(1, 1, 1, 1),
    Ipv4Addr::new(1, 0, 0, 1),
    Ipv4Addr::new(8, 8, 8, 8),
    Ipv4Addr::new(8, 8, 4, 4),
    Ipv4Addr::new(9, 9, 9, 9),
    Ipv4Addr::new(149, 112, 112, 112),
    Ipv4Addr::new(208, 67, 222, 222),
    Ipv4Addr::new(208, 67, 220, 220),
    Ipv4Addr::new(114, 114, 114, 114),
    Ipv4Addr::new(223, 5, 5, 5),
    Ipv4Addr::new(119, 29, 29, 29),
];

/// Top-level names reserved for tests, examples and local networks.
const RESERVED_NAMES: [&str; 8] = [
    "test", "local", "internal", "lan", "home", "corp", "example", "invalid",
];

/// Second-level names reserved for documentation.
const EXAMPLE_DOMAINS: [&str; 3] = ["example.com", "example.org", "example.net"];

/// A dotted IPv4 address (its neighbours checked by `addresses`).
static ADDRESS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d{1,3}(?:\.\d{1,3}){3}").expect("address"));

/// A domain name.
static DOMAIN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b").expect("domain"));

/// The whole IPv4 addresses in `text` (not part of a longer dotted
/// number), and whether anything else there looks like an IPv6 address.
fn addresses(text: &str) -> (Vec<Ipv4Addr>, bool) {
    let bytes = text.as_bytes();
    let whole = ADDRESS.find_iter(text).filter_map(|m| {
        let before = m.start().checked_sub(1).map(|at| bytes[at]);
        let after = &bytes[m.end()..];
        let joined = before.is_some_and(|b| b.is_ascii_digit() || b == b'.')
            || after.first().is_some_and(u8::is_ascii_digit)
            || after.starts_with(b".") && after.get(1).is_some_and(u8::is_ascii_digit);
        (!joined).then(|| m.as_str().parse().ok()).flatten()
    });
    let six = text
        .split(|c: char| !(c.is_ascii_hexdigit() || c == ':'))
        .any(|word| word.matches(':').count() >= 2 && word.chars().any(|c| c.is_ascii_hexdigit()));
    (whole.collect(), six)
}

/// This machine, a private network (10/8, 172.16/12, 192.168/16: not all
/// of 172.x, where Linode's 172.104.9.9 stands), a well-known public
/// resolver, or a documentation range, where no server answers (a
/// firewall's tests write `nameserver 192.0.2.53`, the thirteenth sweep).
fn a_resolver(address: Ipv4Addr) -> bool {
    address.is_loopback()
        || address.is_private()
        || PUBLIC_RESOLVERS.contains(&address)
        || for_documentation(address)
}

/// A private network, a documentation range or a public resolver: an
/// entry pointing there sends no one's traffic to a stranger.
fn a_local_target(address: Ipv4Addr) -> bool {
    address.is_private()
        || address.is_loopback()
        || for_documentation(address)
        || PUBLIC_RESOLVERS.contains(&address)
}

/// The ranges RFC 5737 keeps for documentation: 192.0.2/24, 198.51.100/24,
/// 203.0.113/24.
fn for_documentation(address: Ipv4Addr) -> bool {
    let [a, b, c, _] = address.octets();
    [(192, 0, 2), (198, 51, 100), (203, 0, 113)].contains(&(a, b, c))
}

/// A name under a reserved top-level name or a documentation domain.
fn a_reserved_name(domain: &str) -> bool {
    let domain = domain.to_ascii_lowercase();
    let last = domain.rsplit('.').next().unwrap_or_default();
    RESERVED_NAMES.contains(&last)
        || EXAMPLE_DOMAINS
            .iter()
            .any(|d| domain == *d || domain.ends_with(&format!(".{d}")))
}

/// The code of a shell, PowerShell or hosts-file line: up to a `#` that
/// opens a comment (at the start or after a space, outside quotes: the
/// `#` of `printf 'nameserver 127.0.0.9 #\nnameserver 6.6.6.6'` is
/// written out, and so is the entry after it).
fn code_of(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut quote = None;
    for (at, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(b),
            (None, b'#') if at == 0 || bytes[at - 1].is_ascii_whitespace() => {
                return &line[..at];
            }
            _ => {}
        }
    }
    line
}

/// Keeps a `resolver-redirect` or `resolver-entry` line unless every
/// address its code names is a resolver (`Rule::confirm`).
pub fn resolver(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let (found, six) = addresses(code_of(line));
    let spared = !six && !found.is_empty() && found.into_iter().all(a_resolver);
    (!spared).then(|| (Severity::High, String::new()))
}

/// Keeps a `hosts-redirect` line unless each match points nowhere
/// foreign: its address is a local target, or every name the entry (for
/// an address in quotes, its own string: `IP, TAG = "45.1.2.3",
/// "build.local"` names nothing the entry gets) gives it is reserved
/// (`Rule::confirm`).
pub fn hosts_entry(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let foreign = |at: usize| {
        let rest = line.get(at..).unwrap_or_default().trim_start();
        let quote = rest.chars().next().filter(|c| ['\'', '"'].contains(c));
        // A string's own line break before the entry (`"`n45.9.1.3 …"`,
        // `"\n45.9.1.3 …"`) opens the line the hosts file gets.
        let rest = rest.trim_start_matches(['\'', '"']);
        let rest = rest
            .strip_prefix("`n")
            .or_else(|| rest.strip_prefix("\\n"))
            .unwrap_or(rest);
        let Some(address) = ADDRESS.find(rest).filter(|m| m.start() == 0) else {
            return true;
        };
        if address.as_str().parse().is_ok_and(a_local_target) {
            return false;
        }
        let after = &rest[address.end()..];
        let names = match quote {
            Some(quote) => after.split(quote).next().unwrap_or_default(),
            None => code_of(after),
        };
        let mut domains = DOMAIN.find_iter(names).map(|d| d.as_str()).peekable();
        domains.peek().is_none() || !domains.all(a_reserved_name)
    };
    std::iter::successors(Some(at), |&at| next(at + 1))
        .any(foreign)
        .then(|| (Severity::High, String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(confirm: crate::rules::Confirm, line: &str, at: usize) -> bool {
        confirm(line, at, &|_| None).is_some()
    }

    #[test]
    fn a_resolver_is_a_whole_address_in_the_code() {
        let cases = [
            ("nameserver 1.1.1.1", false),
            ("nameserver 10.0.0.2", false),
            ("nameserver 8.8.8.8 >> /etc/resolv.conf", false),
            ("networksetup -setdnsservers Wi-Fi 1.1.1.1 8.8.4.4", false),
            // a longer address holding a resolver's, or one in a comment
            ("nameserver 198.8.8.8", true),
            ("nameserver 45.33.10.9", true),
            ("nameserver 6.6.6.6 # 1.1.1.1", true),
            ("nameserver 172.104.9.9", true),
            ("nameserver 172.20.0.2", false),
            ("nameserver 192.0.2.53", false),
            ("nameserver 192.0.3.53", true),
            (
                "printf 'nameserver 127.0.0.9 #\\nnameserver 6.6.6.6\\n'",
                true,
            ),
            ("networksetup -setdnsservers Wi-Fi 6.6.6.6 1.1.1.1", true),
            (
                "networksetup -setdnsservers Wi-Fi 1.1.1.1 2001:db8::53",
                true,
            ),
            ("chattr +i /etc/resolv.conf", true),
        ];
        for (line, want) in cases {
            assert_eq!(kept(resolver, line, 0), want, "{line}");
        }
    }

    #[test]
    fn a_hosts_entry_is_spared_by_its_own_address_or_names() {
        let cases = [
            ("192.168.1.5 nas.example.net", false),
            ("172.20.0.3 registry.npmjs.org", false),
            ("93.184.216.34 myapp.local dev.test", false),
            ("hosts.append('45.1.2.3 api.internal')", false),
            ("hosts.append(('45.1.2.3', 'api.internal'))", true),
            // a public address named only beside a local one, or in a comment
            ("198.8.8.8 registry.npmjs.org", true),
            ("45.1.192.168 registry.npmjs.org", true),
            ("45.1.2.3 registry.npmjs.org # 1.1.1.1", true),
            ("45.1.2.3 registry.npmjs.org # dev.local", true),
            ("45.1.2.3 pypi.org app.local", true),
            ("45.1.2.3 pypi.testing.org", true),
            ("172.2.0.3 registry.npmjs.org", true),
        ];
        for (line, want) in cases {
            let at = line.find(|c: char| c.is_ascii_digit()).expect("an address");
            let at = if line[..at].ends_with('\'') {
                at - 1
            } else {
                at
            };
            assert_eq!(kept(hosts_entry, line, at), want, "{line}");
        }
    }
}
