//! HAB-4 preflight: whether this host has what a skill needs — tools,
//! binaries on PATH, environment variables or secrets, configuration flags,
//! reachable endpoints, a supported platform.

use std::collections::BTreeSet;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use skillworld_core::{Preflight, Readiness, Requires};
use skillworld_sandbox::{Endpoint, SandboxConfig, refused};

use crate::runner::interpreter;

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
    /// Server variables scripts get (SEC-2): with the secrets, the only
    /// ones that count toward `requires.env`.
    pub env_passthrough: &'a [String],
    /// The sandbox scripts run in: binaries are looked up on its `PATH`
    /// and must lie in its read-only folders; endpoints must be ones it
    /// lets through.
    pub sandbox: &'a SandboxConfig,
    /// The skill's script-tool files as (path, text): their interpreters
    /// must be runnable, and the endpoints they visibly use declared
    /// (empty: not checked).
    pub scripts: &'a [(String, String)],
}

/// Words that mark a line as one that opens a connection.
const NETWORK_CALLS: &[&str] = &[
    "requests.",
    "urlopen",
    "urllib",
    "http.client",
    "httpx",
    "aiohttp",
    "fetch(",
    "axios",
    "curl ",
    "wget ",
    "create_connection",
    "http.get",
    "https.get",
    "websocket",
    "nc ",
];

/// Variables every script gets.
const GIVEN_ENV: &[&str] = &["PATH", "LANG", "HOME", "TMPDIR"];

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
        if let Err(reason) = runnable(offer.sandbox, bin) {
            missing.push(format!("binary: {bin}{reason}"));
        }
    }
    let mut interpreters: Vec<(&str, &str)> = offer
        .scripts
        .iter()
        .filter_map(|(path, _)| Some((interpreter(std::path::Path::new(path))?, path.as_str())))
        .collect();
    interpreters.sort_unstable();
    interpreters.dedup_by_key(|(name, _)| *name);
    for (name, script) in interpreters {
        if !requires.bins.iter().any(|b| b == name)
            && let Err(reason) = runnable(offer.sandbox, name)
        {
            missing.push(format!("binary: {name}{reason} (runs {script})"));
        }
    }
    if !requires.any_bins.is_empty()
        && !requires
            .any_bins
            .iter()
            .any(|b| runnable(offer.sandbox, b).is_ok())
    {
        missing.push(format!(
            "one of the binaries: {}",
            requires.any_bins.join(", ")
        ));
    }
    for var in &requires.env {
        let given = GIVEN_ENV.contains(&var.as_str())
            || (offer.env_passthrough.contains(var) && std::env::var_os(var).is_some());
        if !offer.secrets.contains(var) && !given {
            missing.push(format!("env or secret: {var}"));
        }
    }
    if offer.sandbox.enabled {
        for endpoint in &requires.endpoints {
            if let Some(reason) = blocked(offer.sandbox, endpoint) {
                missing.push(format!("endpoint: {endpoint} ({reason})"));
            }
        }
        let declared: Vec<Endpoint> = requires
            .endpoints
            .iter()
            .filter_map(|e| Endpoint::parse(e))
            .collect();
        let texts: Vec<&str> = offer.scripts.iter().map(|(_, t)| t.as_str()).collect();
        for used in endpoints_used(&texts) {
            if !declared.contains(&used) {
                missing.push(format!(
                    "endpoint: {}:{} (a script connects to it; the sandbox lets scripts reach only `requires.endpoints`)",
                    used.host, used.port
                ));
            }
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

/// Endpoints the scripts visibly connect to: URLs on lines that call a
/// network function or tool (comments left out), once each.
fn endpoints_used(scripts: &[&str]) -> Vec<Endpoint> {
    let mut used = Vec::new();
    for line in scripts.iter().flat_map(|text| text.lines()) {
        let code = line.trim_start();
        if code.starts_with('#') || code.starts_with("//") {
            continue;
        }
        if !NETWORK_CALLS.iter().any(|call| line.contains(call)) {
            continue;
        }
        for (at, _) in line.match_indices("://") {
            let start = line[..at]
                .rfind(|c: char| !c.is_ascii_alphanumeric())
                .map_or(0, |i| i + 1);
            let end = line[at..]
                .find(|c: char| c.is_whitespace() || "'\"`)<>{}$".contains(c))
                .map_or(line.len(), |i| at + i);
            if let Some(endpoint) = Endpoint::parse(&line[start..end])
                && !used.contains(&endpoint)
            {
                used.push(endpoint);
            }
        }
    }
    used
}

/// Whether a script can run `bin`: on the scripts' `PATH` and, with the
/// sandbox on, inside its read-only folders. `Err` tells why not (empty
/// when it is simply not there).
fn runnable(sandbox: &SandboxConfig, bin: &str) -> Result<(), String> {
    let Some(path) = sandbox.find_program(bin) else {
        return Err(String::new());
    };
    if sandbox.enabled && !sandbox.reaches(&path) {
        return Err(format!(
            " ({} is outside the sandbox's read-only folders)",
            path.display()
        ));
    }
    Ok(())
}

/// Why the sandbox would keep a script from a declared endpoint, where
/// that can be told without resolving names.
fn blocked(sandbox: &SandboxConfig, endpoint: &str) -> Option<&'static str> {
    let Some(parsed) = Endpoint::parse(endpoint) else {
        return Some("no host and port the sandbox can let through");
    };
    match parsed.address() {
        Some(address) if refused(&parsed, address, &sandbox.allow, sandbox.habitat_port) => Some(
            "a loopback, private or link-local address, or the habitat's own port, that the admin's `sandbox.allow` list does not name",
        ),
        Some(std::net::IpAddr::V6(v6)) if !v6.is_loopback() => {
            Some("IPv6 endpoints other than ::1 are not reachable from the sandbox")
        }
        _ => None,
    }
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
        static SANDBOX: std::sync::LazyLock<SandboxConfig> =
            std::sync::LazyLock::new(|| SandboxConfig {
                allow: vec!["127.0.0.1".into()],
                ..SandboxConfig::default()
            });
        Offer {
            tools: None,
            secrets,
            flags,
            probe_endpoints: true,
            env_passthrough: &[],
            sandbox: &SANDBOX,
            scripts: &[],
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

    #[test]
    fn the_sandbox_and_the_cleared_environment_shape_readiness() {
        use std::os::unix::fs::PermissionsExt;
        let none = BTreeSet::new();
        let dir = tempfile::tempdir().unwrap();
        let tool = dir.path().join("tool");
        std::fs::write(&tool, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
        // SAFETY: this test alone reads this variable.
        unsafe { std::env::set_var("SKILLWORLD_TEST_PREFLIGHT_VAR", "set") };
        let requires = Requires {
            bins: vec![tool.display().to_string(), "sh".into()],
            env: vec!["SKILLWORLD_TEST_PREFLIGHT_VAR".into(), "HOME".into()],
            endpoints: vec![
                "10.0.0.5:5432".into(),
                "127.0.0.1:9".into(),
                "https://api.example.com/v1".into(),
            ],
            ..Requires::default()
        };
        let sandbox = SandboxConfig {
            allow: vec!["127.0.0.1".into()],
            ..SandboxConfig::default()
        };
        let offer = |passthrough: &'static [String], sandbox: &'static SandboxConfig| Offer {
            probe_endpoints: false,
            env_passthrough: passthrough,
            sandbox,
            ..offer(&none, &none)
        };
        let sandbox: &'static SandboxConfig = Box::leak(Box::new(sandbox));
        let checked = preflight(&requires, &offer(&[], sandbox));
        assert_eq!(checked.readiness, Readiness::SetupNeeded);
        assert_eq!(
            checked.missing,
            [
                format!(
                    "binary: {} ({} is outside the sandbox's read-only folders)",
                    tool.display(),
                    tool.display()
                ),
                "env or secret: SKILLWORLD_TEST_PREFLIGHT_VAR".to_owned(),
                "endpoint: 10.0.0.5:5432 (a loopback, private or link-local address, or the habitat's own port, that the admin's `sandbox.allow` list does not name)".to_owned(),
            ]
        );
        let passed: &'static [String] =
            Box::leak(Box::new(["SKILLWORLD_TEST_PREFLIGHT_VAR".to_owned()]));
        let off: &'static SandboxConfig = Box::leak(Box::new(SandboxConfig::off()));
        assert_eq!(
            preflight(&requires, &offer(passed, off)).readiness,
            Readiness::Ready
        );
    }

    #[test]
    fn endpoints_scripts_connect_to_must_be_declared() {
        let scripts = [
            ("scripts/get.py".to_owned(), "import requests\n# see https://docs.example.org/guide\nr = requests.get(\"https://api.weather.example/v1/now\")\nprint('https://not-a-call.example')\n".to_owned()),
            ("scripts/get.sh".to_owned(), "curl -s http://10.0.0.5:8080/x | jq .\n".to_owned()),
        ];
        let texts: Vec<&str> = scripts.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            endpoints_used(&texts),
            [
                Endpoint::parse("api.weather.example:443").unwrap(),
                Endpoint::parse("10.0.0.5:8080").unwrap()
            ]
        );
        let none = BTreeSet::new();
        let requires = Requires {
            endpoints: vec!["https://api.weather.example".into()],
            ..Requires::default()
        };
        let checked = preflight(
            &requires,
            &Offer {
                probe_endpoints: false,
                scripts: &scripts,
                ..offer(&none, &none)
            },
        );
        assert_eq!(
            checked.missing,
            [
                "endpoint: 10.0.0.5:8080 (a script connects to it; the sandbox lets scripts reach only `requires.endpoints`)"
            ]
        );
    }
}
