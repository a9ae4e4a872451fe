//! A host under a reserved example domain whose own labels declare the
//! attack (`data.exfil.example.com`, `c2-relay.example.org`). A reserved
//! example domain is otherwise a blank the reader fills in (`engine`'s
//! placeholders); a writer who names the host after the theft, the
//! command channel or the attacker has said what it is for, and a code
//! line aimed at it is the payload, not a template. Only whole parts of a
//! label count (split at dots and hyphens): `phishtank`, `badge` and
//! `evilution` name nothing.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// Parts of a host's label that name an attacker or an attack.
const ATTACK_WORDS: &[&str] = &[
    "adversary",
    "attack",
    "attacker",
    "attackers",
    "backdoor",
    "bad",
    "botnet",
    "c2",
    "cnc",
    "covert",
    "dropper",
    "evil",
    "exfil",
    "exfiltrate",
    "exfiltration",
    "exploit",
    "hacker",
    "hostile",
    "implant",
    "keylog",
    "keylogger",
    "lateral",
    "malicious",
    "malware",
    "phish",
    "phishing",
    "pwn",
    "pwned",
    "ransom",
    "ransomware",
    "rogue",
    "sniff",
    "sniffer",
    "spoof",
    "sqli",
    "stager",
    "stealer",
];

const EXAMPLE_DOMAINS: &[&str] = &["example.com", "example.org", "example.net"];

/// Whether `text` names a host under a reserved example domain whose
/// labels declare the attack.
pub fn names_hostile_host(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    EXAMPLE_DOMAINS.iter().any(|domain| {
        lower
            .match_indices(domain)
            .any(|(at, _)| ends_name(&lower[at + domain.len()..]) && hostile_labels(&lower[..at]))
    })
}

/// Whether the domain's name ends here (`example.com/x`, not
/// `example.community`).
fn ends_name(after: &str) -> bool {
    !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
}

/// Whether the labels written right before a reserved domain (`data.exfil.`)
/// hold an attack word as a whole part.
fn hostile_labels(before: &str) -> bool {
    let Some(labels) = before.strip_suffix('.') else {
        return false;
    };
    // By bytes: the last byte of any other character is never part of a
    // name, so the one after it starts one.
    let start = labels
        .bytes()
        .rposition(|b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'.'))
        .map_or(0, |at| at + 1);
    labels[start..]
        .split(['.', '-'])
        .any(|part| ATTACK_WORDS.contains(&part))
}

/// A network client: a fetch, a send, a socket or a name lookup.
static CLIENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:curl|wget|nc|ncat|socat|dig|nslookup|urlopen|urlretrieve|requests\.\w+|httpx\.\w+|fetch|axios|WebSocket|Invoke-RestMethod|Invoke-WebRequest|iwr|irm)\b")
        .expect("the network-client pattern compiles")
});

/// A network client on the line aimed at a host that declares the attack
/// (`Rule::confirm` of `hostile-host`); any other example host is a blank.
pub fn aimed_at_hostile_host(
    line: &str,
    _at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    (names_hostile_host(line) && CLIENT.is_match(line)).then(|| (Severity::High, String::new()))
}

#[cfg(test)]
mod tests {
    use super::names_hostile_host;

    #[test]
    fn a_label_naming_the_attack_is_no_blank() {
        assert!(names_hostile_host("curl https://data.exfil.example.com/x"));
        assert!(names_hostile_host("http://c2-relay.example.org:8443/"));
        assert!(names_hostile_host("dig @ns.ATTACKER.example.net"));
    }

    #[test]
    fn other_example_hosts_and_words_inside_labels_stay_blanks() {
        assert!(!names_hostile_host("curl https://api.example.com/v1"));
        assert!(!names_hostile_host("curl https://phishtank.example.com/"));
        assert!(!names_hostile_host("https://evil.example.community/"));
        assert!(!names_hostile_host("see attacker.com and example.com"));
        assert!(!names_hostile_host(
            "ｃｕｒｌ　ｈｔｔｐｓ：／／x.example.com"
        ));
        assert!(names_hostile_host("→c2.example.com"));
    }
}
