//! Where a URL written in a skill goes: its host, read as a client reads
//! it, and the site that owns the host. Every rule that spares a send
//! because of its destination (a loopback address, a key file's own
//! service, a keychain password's own server, a service's official API)
//! asks here, so a spelling one of them reads differently from curl —
//! `https://api.github.com@evil.example/` (a login, then the host) or
//! `https://api.github.com:443@evil.example/` (a login with a password) —
//! cannot send to one host while the rule sees another, nor can an
//! option that routes the request elsewhere (`reroutes`).

use std::sync::LazyLock;

use regex::Regex;

/// The host of a URL's text after `://`: its authority up to a path,
/// query, fragment or a character that ends a URL written in code or
/// prose, past any `user@` or `user:password@`, without its port or
/// IPv6 brackets. A template's placeholder stays in it: inside the host
/// (`bedrock-runtime.{region}.amazonaws.com`) the last labels still name
/// the site; right after it (`api.kie.ai{endpoint}`) it could be more of
/// the host (`.evil.example/`), so that host names no site a rule knows.
pub fn host_of(after_scheme: &str) -> &str {
    let end = after_scheme
        .find([
            '/', '?', '#', '"', '\'', '`', '\\', '(', ')', ',', ';', '<', '>', '|', ' ', '\t',
        ])
        .unwrap_or(after_scheme.len());
    let authority = &after_scheme[..end];
    let host = authority.rsplit('@').next().unwrap_or(authority);
    match host.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    }
}

/// Options and settings that send a request somewhere its URL does not
/// say: curl's `--connect-to`/`--resolve` (the URL's name, another
/// address), a proxy (`-x`, `--proxy`, `--socks5`, `HTTPS_PROXY=`,
/// `proxies=`) or a resolver of the author's (`--doh-url`,
/// `--dns-servers`). With `-k` the other end need not even hold the
/// host's certificate.
static REROUTES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u)--connect-to\b|--resolve\b|--(?:pre)?proxy\b|(?:^|\s)-x\s|--socks[45]|--doh-url\b|--dns-servers\b|(?i:\b(?:https?|all)_proxy\s*=|\bproxies\s*=)")
        .expect("the reroute pattern compiles")
});

/// Whether a line sends through a route its URL does not name
/// (`REROUTES`, holes43): the URL's host then tells nothing of where the
/// request goes, so no spare may trust it.
pub fn reroutes(text: &str) -> bool {
    REROUTES.is_match(text)
}

/// The registrable domain every `https://` address in `text` is on, if
/// there is one and they share it.
pub fn one_site(text: &str) -> Option<String> {
    let mut sites = text.match_indices("://").map(|(at, _)| {
        let scheme_ok = text[..at].to_ascii_lowercase().ends_with("https");
        let host = host_of(&text[at + 3..]);
        (scheme_ok && host.contains('.')).then(|| registrable(host))
    });
    let first = sites.next()??;
    sites
        .all(|site| site.as_deref() == Some(first.as_str()))
        .then_some(first)
}

/// Whether `host` is `domain` or a name under it (`api.github.com` for
/// `github.com`; `notgithub.com` is not).
pub fn on_domain(host: &str, domain: &str) -> bool {
    host == domain
        || host
            .strip_suffix(domain)
            .is_some_and(|sub| sub.ends_with('.'))
}

/// A host's registrable domain, lower-cased: its last two labels, three
/// where the second-last is a country's generic one (`example.co.uk`).
pub fn registrable(host: &str) -> String {
    let labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    let country = labels.len() >= 3
        && labels[labels.len() - 1].len() == 2
        && ["co", "com", "org", "net", "ac", "gov"].contains(&labels[labels.len() - 2]);
    let keep = if country { 3 } else { 2 };
    labels[labels.len().saturating_sub(keep)..]
        .join(".")
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_is_the_one_a_client_connects_to() {
        for (url, host) in [
            ("api.github.com/user", "api.github.com"),
            ("api.github.com@evil.example/x", "evil.example"),
            ("api.github.com:443@evil.example/x", "evil.example"),
            ("user:p@ss@evil.example", "evil.example"),
            ("127.0.0.1:8765/query", "127.0.0.1"),
            ("[::1]:8080/", "::1"),
            ("api.x.io`", "api.x.io"),
            ("api.x.io\"", "api.x.io"),
            ("${HOST}.evil.example/x", "${HOST}.evil.example"),
            ("{region}.amazonaws.com/model", "{region}.amazonaws.com"),
            ("api.kie.ai{endpoint}", "api.kie.ai{endpoint}"),
            ("api.x.io?next=https://y.io", "api.x.io"),
        ] {
            assert_eq!(host_of(url), host, "{url}");
        }
    }

    #[test]
    fn a_site_keeps_a_country_code_second_level_domain() {
        assert_eq!(registrable("api.github.com"), "github.com");
        assert_eq!(registrable("API.Example.co.uk"), "example.co.uk");
        assert_eq!(registrable("evil.co.uk"), "evil.co.uk");
        assert_eq!(registrable("localhost"), "localhost");
    }
}
