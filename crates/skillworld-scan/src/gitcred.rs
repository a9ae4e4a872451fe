//! One host's login looked up in git's credential store (the twenty-first
//! sweep's `langstage-hermes` GitHub skills: `GITHUB_TOKEN=$(grep
//! "github.com" ~/.git-credentials | head -1 | sed …)`, then `curl -H
//! "Authorization: token $GITHUB_TOKEN" https://api.github.com/…`). A
//! `grep` of the store for a listed service's own host picks that
//! service's token, as `GITHUB_TOKEN` names it: the source is bound to the
//! service (`keyfile::Bound`), and a send to its API is the token's use.
//! The whole store read (`cat ~/.git-credentials`), a grep for another
//! host or for a pattern, and any send elsewhere still pair.

use std::sync::LazyLock;

use regex::Regex;

use crate::hosts::{SERVICES, Service};
use crate::keyfile::Bound;

/// `grep [-q] "HOST" ~/.git-credentials`, the host a dotted name.
static LOOKUP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\bgrep\s+(?:-[a-z]+\s+)*["']?([a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,})["']?\s+(?:~|\$home|\$\{home\})/\.git-credentials\b"#)
        .expect("the credential-store lookup's pattern compiles")
});

/// The service whose token `line` looks up in git's credential store, by
/// its host, with the span of the lookup.
pub fn host_lookup(line: &str) -> Option<(Bound, (usize, usize))> {
    let lower = line.to_ascii_lowercase();
    let found = LOOKUP.captures(&lower)?;
    let host = found.get(1)?.as_str();
    let service = SERVICES.iter().find(|s| serves(s, host))?;
    let whole = found.get(0)?;
    Some((Bound::Service(service.name), (whole.start(), whole.end())))
}

/// Whether `host` is one of the service's API hosts or the site they are
/// under (`github.com` for `api.github.com`).
fn serves(service: &Service, host: &str) -> bool {
    service.hosts.iter().any(|api| {
        let api = api.trim_start_matches('.');
        crate::urlhost::on_domain(api, host)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookup_of_a_services_host_binds_to_it() {
        let line = r#"GITHUB_TOKEN=$(grep "github.com" ~/.git-credentials 2>/dev/null | head -1)"#;
        let (bound, (start, end)) = host_lookup(line).expect("bound");
        assert_eq!(bound, Bound::Service("GitHub"));
        assert_eq!(&line[start..end], r#"grep "github.com" ~/.git-credentials"#);
        assert!(host_lookup(r#"elif grep -q "github.com" ~/.git-credentials; then"#).is_some());
    }

    #[test]
    fn the_whole_store_another_host_or_a_pattern_is_not() {
        for line in [
            "cat ~/.git-credentials",
            r#"grep "gitlab.example.org" ~/.git-credentials"#,
            r#"grep "com" ~/.git-credentials"#,
            r#"grep -E "." ~/.git-credentials"#,
            r#"grep "github.com.evil.io" ~/.git-credentials"#,
        ] {
            assert!(host_lookup(line).is_none(), "{line}");
        }
    }
}
