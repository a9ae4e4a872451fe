//! HAB-4 preflight: whether this host has what a skill needs — tools,
//! binaries on PATH, environment variables or secrets, configuration flags,
//! reachable endpoints, a supported platform.

use std::collections::BTreeSet;
use std::path::Path;

use skillworld_core::{Preflight, Readiness, Requires};

use crate::probe::{EndpointState, MAX_ENDPOINTS_PER_SKILL, Prober};

/// How preflight treats a skill's endpoints.
#[derive(Clone, Copy)]
pub enum Endpoints<'a> {
    /// Not checked at all (`probe_endpoints: false`).
    Off,
    /// A private skill's: never probed — an agent could otherwise make the
    /// habitat scan ports for it — and said so.
    Private,
    /// As the prober's cache has them (preflight never waits for the
    /// network).
    Cached(&'a Prober),
}

/// What the host offers a skill.
pub struct Offer<'a> {
    /// The agent's tool pool, when checking for an agent; at host level
    /// tools are not checked (each agent has its own).
    pub tools: Option<&'a [String]>,
    /// Secret keys set for the skill (the Commons' and the agent's).
    pub secrets: &'a BTreeSet<String>,
    /// Configuration flags the host has set.
    pub flags: &'a BTreeSet<String>,
    /// How the skill's endpoints are checked.
    pub endpoints: Endpoints<'a>,
}

/// This host's platform in the spelling skills use.
pub fn host_platform() -> &'static str {
    match std::env::consts::OS {
        "macos" => "macos",
        "windows" => "windows",
        _ => "linux",
    }
}

/// The skill's readiness on this host, with what is missing.
pub fn preflight(requires: &Requires, offer: &Offer<'_>) -> Preflight {
    if !requires.platforms.is_empty() && !requires.platforms.iter().any(|p| p == host_platform()) {
        return Preflight {
            readiness: Readiness::Unsupported,
            missing: vec![format!(
                "platform: {} (this host is {})",
                requires.platforms.join(", "),
                host_platform()
            )],
            unchecked: Vec::new(),
        };
    }
    let mut missing = Vec::new();
    if let Some(tools) = offer.tools {
        for tool in &requires.tools {
            if !tools.iter().any(|t| t == tool) {
                missing.push(format!("tool: {tool}"));
            }
        }
    }
    for bin in &requires.bins {
        if !on_path(bin) {
            missing.push(format!("binary: {bin}"));
        }
    }
    if !requires.any_bins.is_empty() && !requires.any_bins.iter().any(|b| on_path(b)) {
        missing.push(format!(
            "one of the binaries: {}",
            requires.any_bins.join(", ")
        ));
    }
    for var in &requires.env {
        if !offer.secrets.contains(var) && std::env::var_os(var).is_none() {
            missing.push(format!("env or secret: {var}"));
        }
    }
    for secret in &requires.secrets {
        if !offer.secrets.contains(secret) {
            missing.push(format!("secret: {secret}"));
        }
    }
    for flag in &requires.config {
        if !offer.flags.contains(flag) {
            missing.push(format!("config: {flag}"));
        }
    }
    let unchecked = check_endpoints(&requires.endpoints, offer.endpoints, &mut missing);
    let readiness = if missing.is_empty() || requires.always {
        Readiness::Ready
    } else {
        Readiness::SetupNeeded
    };
    Preflight {
        readiness,
        missing,
        unchecked,
    }
}

/// Adds unreachable endpoints to `missing`; returns what was not checked.
fn check_endpoints(
    endpoints: &[String],
    how: Endpoints<'_>,
    missing: &mut Vec<String>,
) -> Vec<String> {
    let mut unchecked = Vec::new();
    match how {
        Endpoints::Off => {}
        Endpoints::Private if !endpoints.is_empty() => unchecked.push(format!(
            "endpoints not probed: a private skill's endpoints are not checked ({})",
            endpoints.join(", ")
        )),
        Endpoints::Private => {}
        Endpoints::Cached(prober) => {
            for endpoint in endpoints.iter().take(MAX_ENDPOINTS_PER_SKILL) {
                match prober.state(endpoint) {
                    EndpointState::Reachable => {}
                    EndpointState::Unreachable => missing.push(format!("endpoint: {endpoint}")),
                    EndpointState::Unknown => {
                        unchecked.push(format!("endpoint: {endpoint} (not probed yet)"))
                    }
                }
            }
            if endpoints.len() > MAX_ENDPOINTS_PER_SKILL {
                unchecked.push(format!(
                    "{} more endpoints not probed (at most {MAX_ENDPOINTS_PER_SKILL} per skill)",
                    endpoints.len() - MAX_ENDPOINTS_PER_SKILL
                ));
            }
        }
    }
    unchecked
}

/// Whether an executable named `bin` is in a `PATH` directory.
fn on_path(bin: &str) -> bool {
    if bin.contains('/') {
        return is_executable_file(Path::new(bin));
    }
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| is_executable_file(&dir.join(bin)))
    })
}

fn is_executable_file(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && skillworld_format::is_executable(&meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer<'a>(secrets: &'a BTreeSet<String>, flags: &'a BTreeSet<String>) -> Offer<'a> {
        Offer {
            tools: None,
            secrets,
            flags,
            endpoints: Endpoints::Off,
        }
    }

    #[test]
    fn a_missing_secret_is_setup_needed_until_set() {
        let requires = Requires {
            env: vec!["SKILLWORLD_TEST_SURELY_UNSET_VAR".into()],
            ..Requires::default()
        };
        let none = BTreeSet::new();
        let result = preflight(&requires, &offer(&none, &none));
        assert_eq!(result.readiness, Readiness::SetupNeeded);
        assert_eq!(
            result.missing,
            ["env or secret: SKILLWORLD_TEST_SURELY_UNSET_VAR"]
        );
        let set = BTreeSet::from(["SKILLWORLD_TEST_SURELY_UNSET_VAR".to_owned()]);
        assert_eq!(
            preflight(&requires, &offer(&set, &none)).readiness,
            Readiness::Ready
        );
    }

    #[test]
    fn binaries_flags_platforms_and_endpoints() {
        let none = BTreeSet::new();
        let requires = Requires {
            bins: vec!["sh".into(), "surely-not-a-binary-xyz".into()],
            config: vec!["browser.enabled".into()],
            ..Requires::default()
        };
        assert_eq!(
            preflight(&requires, &offer(&none, &none)).missing,
            ["binary: surely-not-a-binary-xyz", "config: browser.enabled"]
        );
        let elsewhere = Requires {
            platforms: vec!["plan9".into()],
            ..Requires::default()
        };
        assert_eq!(
            preflight(&elsewhere, &offer(&none, &none)).readiness,
            Readiness::Unsupported
        );
    }

    #[tokio::test]
    async fn endpoints_from_the_cache_private_ones_unprobed_and_bounded() {
        let none = BTreeSet::new();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let live = format!("http://{}/", listener.local_addr().unwrap());
        let gone = {
            let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            closed.local_addr().unwrap().to_string()
        };
        let requires = Requires {
            endpoints: vec![live.clone(), gone.clone()],
            ..Requires::default()
        };
        let prober = Prober::default();
        let with = |endpoints| Offer {
            endpoints,
            ..offer(&none, &none)
        };
        // Not probed yet: said so, and not held against the skill.
        let before = preflight(&requires, &with(Endpoints::Cached(&prober)));
        assert_eq!(before.readiness, Readiness::Ready);
        assert_eq!(before.unchecked.len(), 2);
        prober.probe(requires.endpoints.clone()).await;
        let after = preflight(&requires, &with(Endpoints::Cached(&prober)));
        assert_eq!(after.readiness, Readiness::SetupNeeded);
        assert_eq!(after.missing, [format!("endpoint: {gone}")]);
        assert!(after.unchecked.is_empty());
        // A private skill's endpoints: never looked up, even when cached.
        let private = preflight(&requires, &with(Endpoints::Private));
        assert_eq!(private.readiness, Readiness::Ready);
        assert!(private.missing.is_empty());
        assert!(
            private.unchecked[0].contains("private skill"),
            "{private:?}"
        );
        // Over the bound: the rest are named as not probed.
        let many = Requires {
            endpoints: (0..20).map(|i| format!("127.0.0.1:{}", 1 + i)).collect(),
            ..Requires::default()
        };
        let bounded = preflight(&many, &with(Endpoints::Cached(&prober)));
        assert_eq!(bounded.unchecked.len(), MAX_ENDPOINTS_PER_SKILL + 1);
        assert!(
            bounded
                .unchecked
                .last()
                .unwrap()
                .starts_with("4 more endpoints")
        );
    }
}
