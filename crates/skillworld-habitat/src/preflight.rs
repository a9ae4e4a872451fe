//! HAB-4 preflight: whether this host has what a skill needs — tools,
//! binaries on PATH, environment variables or secrets, configuration flags,
//! reachable endpoints, a supported platform.

use std::collections::BTreeSet;

use skillworld_core::{Preflight, Readiness, Requires};
use skillworld_sandbox::{Endpoint, SandboxConfig, refused};

use crate::probe::{EndpointState, MAX_ENDPOINTS_PER_SKILL, Prober};
use crate::runner::interpreter;

/// How preflight treats a skill's endpoints' reachability.
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
    /// How the skill's endpoints' reachability is checked.
    pub endpoints: Endpoints<'a>,
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
            endpoints: Endpoints::Off,
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
            endpoints: Endpoints::Off,
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
                endpoints: Endpoints::Off,
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
