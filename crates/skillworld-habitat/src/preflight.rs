//! HAB-4 preflight: whether this host has what a skill needs — tools,
//! binaries on PATH, environment variables or secrets, configuration flags,
//! reachable endpoints, a supported platform.

use std::collections::BTreeSet;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::time::Duration;

use skillworld_core::{Preflight, Readiness, Requires};

/// How long an endpoint may take to accept a connection.
pub const ENDPOINT_TIMEOUT: Duration = Duration::from_millis(800);

/// What the host offers a skill.
pub struct Offer<'a> {
    /// The agent's tool pool, when checking for an agent; at host level
    /// tools are not checked (each agent has its own).
    pub tools: Option<&'a [String]>,
    /// Secret keys set for the skill (the Commons' and the agent's).
    pub secrets: &'a BTreeSet<String>,
    /// Configuration flags the host has set.
    pub flags: &'a BTreeSet<String>,
    /// Whether to connect to the skill's endpoints (slow when they are not
    /// reachable).
    pub probe_endpoints: bool,
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
    if offer.probe_endpoints {
        for endpoint in &requires.endpoints {
            if !reachable(endpoint) {
                missing.push(format!("endpoint: {endpoint}"));
            }
        }
    }
    let readiness = if missing.is_empty() || requires.always {
        Readiness::Ready
    } else {
        Readiness::SetupNeeded
    };
    Preflight { readiness, missing }
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

/// Whether a TCP connection to the endpoint's host and port opens: a URL
/// (`https://host[:port]/…`) or `host:port`.
fn reachable(endpoint: &str) -> bool {
    let (default_port, rest) = match endpoint.split_once("://") {
        Some(("https", rest)) => (443, rest),
        Some((_, rest)) => (80, rest),
        None => (0, endpoint),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit('@').next().unwrap_or_default();
    let target = if authority
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
    {
        authority.to_owned()
    } else if default_port == 0 {
        return false;
    } else {
        format!("{authority}:{default_port}")
    };
    let Ok(addresses) = target.to_socket_addrs() else {
        return false;
    };
    addresses
        .into_iter()
        .any(|address| TcpStream::connect_timeout(&address, ENDPOINT_TIMEOUT).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer<'a>(secrets: &'a BTreeSet<String>, flags: &'a BTreeSet<String>) -> Offer<'a> {
        Offer {
            tools: None,
            secrets,
            flags,
            probe_endpoints: true,
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
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let open = format!("http://{}/health", listener.local_addr().unwrap());
        drop(listener);
        let closed = Requires {
            endpoints: vec![open],
            ..Requires::default()
        };
        assert_eq!(
            preflight(&closed, &offer(&none, &none)).readiness,
            Readiness::SetupNeeded
        );
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let live = Requires {
            endpoints: vec![format!("http://{}/", listener.local_addr().unwrap())],
            ..Requires::default()
        };
        assert_eq!(
            preflight(&live, &offer(&none, &none)).readiness,
            Readiness::Ready
        );
    }
}
