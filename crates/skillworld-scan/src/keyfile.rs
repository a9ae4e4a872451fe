//! A skill's own key kept in the agent's folder and sent to its own
//! service (fp21, the seventeenth sweep's dantelabs-agentic-school):
//! `source ~/.claude/auth/elevenlabs.env` then `curl -X POST
//! "https://api.elevenlabs.io/v1/…" -H "xi-api-key: $ELEVENLABS_API_KEY"`.
//! A key file named for a service, loaded on a line that neither reads
//! its text nor sends anything, is bound to that service's site; a send
//! whose every address is on that site is the key's intended use, not
//! theft (`engine::pick`). The same file sent to any other host, a file
//! named for one service sent to another, the whole `auth/` folder (no
//! file, no name), and a line that reads the file's text or sends it
//! still read as `source-to-sink`. A name that is a listed service's
//! (`hosts::SERVICES`: `github.env`) binds only to that service's own
//! API, so `github.co` does not pass for GitHub; any other name binds
//! only to the site it spells whole (`kie-ai.env` → `kie.ai`), so
//! `elevenlabs.xyz` does not pass for ElevenLabs (listed) nor
//! `voxly.dev` for a `voxly.env` (unlisted: the key's own site is not
//! known, and a send of it anywhere pairs).

use std::sync::LazyLock;

use regex::Regex;

use crate::hosts::SERVICES;
use crate::urlhost::registrable;

/// What a source or a sink is bound to (`Hit::service`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// A listed service (`hosts::SERVICES`) by its name.
    Service(&'static str),
    /// A source: the service a key file in the agent's folder is named
    /// for, normalised (`kie-ai.env` → `kieai`), when no listed
    /// service's.
    KeyFile(String),
    /// A sink: the registrable domain every address it sends to is on
    /// (`api.kie.ai` → `kie.ai`).
    Site(String),
    /// A source: the variable naming the resource a CLI token was minted
    /// for; a sink: the variable its address is built on
    /// (`resource::address_root`).
    Resource(String),
}

/// Whether a source bound to `source` may reach a sink bound to `sink`
/// without sending anything away.
pub fn binds(source: &Bound, sink: &Bound) -> bool {
    match (source, sink) {
        (Bound::Service(a), Bound::Service(b)) => a == b,
        // The whole domain, top level included: `elevenlabs` alone would
        // bind `elevenlabs.xyz`, which anyone may register.
        (Bound::KeyFile(name), Bound::Site(domain)) => domain.replace('.', "") == *name,
        (Bound::Resource(a), Bound::Resource(b)) => a == b,
        _ => false,
    }
}

/// The agent folders' key directories a skill keeps its keys in (reg86:
/// OpenClaw's `credentials/`, where a scraping skill keeps `apify.txt`).
const KEY_DIRS: &[&str] = &[
    ".claude/auth/",
    ".codex/auth/",
    ".cursor/auth/",
    ".gemini/auth/",
    ".openclaw/credentials/",
    ".clawdbot/credentials/",
];

/// A key file's extensions: `.env` holds assignments, the others one key
/// each, so only theirs is a value when its text is substituted.
const KEY_EXTENSIONS: &[&str] = &[".env", ".txt", ".key", ".token"];

/// Words on a line that read a file's text or copy it: the key file is
/// then the payload, not a login loaded into the environment (as it is on
/// a line making a request, `ownserver::requests`).
const TEXT_READS: &[&str] = &[
    "cat ",
    "open(",
    "read",
    "get-content",
    "base64",
    "invoke-",
    "cp ",
    "scp ",
    "rsync",
    "tar ",
    "zip ",
    "@",
    "<",
    "|",
];

/// Words a key file's name carries besides its service's.
const GENERIC: &[&str] = &[
    "api",
    "key",
    "keys",
    "token",
    "tokens",
    "auth",
    "secret",
    "secrets",
    "credentials",
];

/// The binding of a line naming one key file in an agent's key folder
/// (`~/.claude/auth/elevenlabs.env`), with the span of its path, when the
/// line only names or loads it.
pub fn key_file(line: &str) -> Option<(Bound, (usize, usize))> {
    let lower = line.to_ascii_lowercase();
    let mut paths = key_paths(&lower);
    let (file, span) = paths.next()?;
    if paths.next().is_some() {
        return None;
    }
    let rest = match passed_as_value(&lower, file, span) {
        Some((start, end)) => format!("{}$key{}", &lower[..start], &lower[end..]),
        None if crate::ownserver::requests(&lower) => return None,
        None => lower.clone(),
    };
    // The request's answer piped to `jq` reads no key file.
    let rest = rest.split("| jq ").next().unwrap_or_default();
    if TEXT_READS.iter().any(|word| rest.contains(word)) {
        return None;
    }
    let stem = KEY_EXTENSIONS
        .iter()
        .find_map(|extension| file.strip_suffix(extension))?;
    let name: String = stem
        .split(['-', '_', '.'])
        .filter(|word| !word.is_empty() && !GENERIC.contains(word))
        .collect();
    if name.is_empty() {
        return None;
    }
    let bound = match SERVICES.iter().find(|s| listed_as(s, &name)) {
        Some(service) => Bound::Service(service.name),
        None => Bound::KeyFile(name),
    };
    Some((bound, span))
}

/// The span of `$(cat <key file>)` (or its backquoted form) around the key
/// file's path, when the file holds one key: its text is then passed as a
/// value (`token=$(cat ~/.openclaw/credentials/apify.txt)`), as a
/// variable loaded from it would be, and the request it stands in is
/// judged by where it goes (`engine::pick`). A file of assignments
/// (`.env`), a read piped or uploaded, stays the payload.
fn passed_as_value(
    lower: &str,
    file: &str,
    (start, end): (usize, usize),
) -> Option<(usize, usize)> {
    if file.ends_with(".env") || !KEY_EXTENSIONS.iter().any(|e| file.ends_with(e)) {
        return None;
    }
    let before = &lower[..start];
    let before = ["${home}/", "$home/", "~/"]
        .iter()
        .find_map(|home| before.strip_suffix(home))
        .unwrap_or(before);
    let (open, close) = [("$(cat ", ')'), ("`cat ", '`')]
        .into_iter()
        .find(|(open, _)| before.ends_with(open))?;
    lower[end..]
        .starts_with(close)
        .then(|| (before.len() - open.len(), end + 1))
}

/// A key directory's path built in pieces (`Path.home() / '.claude' /
/// 'auth' / 'x.env'`, `os.path.join(home, ".codex", "auth", "x.env")`).
static JOINED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"['"`]\.(?:claude|codex|cursor|gemini)['"`]\s*[/,]\s*['"`]auth['"`]\s*[/,]\s*['"`]([\w.-]*)['"`]"#)
        .expect("the joined key path's pattern compiles")
});

/// Each key file a (lower-cased) line names in an agent's key directory,
/// with the span of its path: written whole or in pieces.
fn key_paths(lower: &str) -> impl Iterator<Item = (&str, (usize, usize))> {
    let whole = KEY_DIRS.iter().flat_map(move |dir| {
        lower.match_indices(dir).map(move |(at, _)| {
            let rest = &lower[at + dir.len()..];
            let file = &rest[..rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
                .unwrap_or(rest.len())];
            (file, (at, at + dir.len() + file.len()))
        })
    });
    let joined = JOINED.captures_iter(lower).filter_map(|found| {
        let whole = found.get(0)?;
        Some((found.get(1)?.as_str(), (whole.start(), whole.end())))
    });
    whole.chain(joined)
}

/// Whether `name` is a listed service's: its name, or its hosts' site.
fn listed_as(service: &crate::hosts::Service, name: &str) -> bool {
    // A row with no API host only owns keys by their names: nothing a
    // source is bound to.
    if service.hosts.is_empty() {
        return false;
    }
    let own: String = service
        .name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    own.eq_ignore_ascii_case(name)
        || service.hosts.iter().any(|host| {
            let site = registrable(host.trim_start_matches('.'));
            binds(&Bound::KeyFile(name.to_owned()), &Bound::Site(site))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(line: &str) -> Option<Bound> {
        key_file(line).map(|(bound, _)| bound)
    }

    #[test]
    fn a_key_file_named_for_a_service_binds_to_its_site() {
        let loaded = bound("source ~/.claude/auth/elevenlabs.env").unwrap();
        assert_eq!(loaded, Bound::Service("ElevenLabs"));
        let joined = bound("source ~/.claude/auth/kie-ai.env").unwrap();
        assert!(binds(&joined, &Bound::Site(registrable("api.kie.ai"))));
        assert_eq!(
            bound("2. ~/.claude/auth/github-token.env (auth)"),
            Some(Bound::Service("GitHub"))
        );
    }

    #[test]
    fn another_site_the_folder_or_a_read_of_the_text_is_not_bound() {
        let loaded = bound("source ~/.claude/auth/elevenlabs.env").unwrap();
        assert!(!binds(&loaded, &Bound::Site("elevenlabs.io".into())));
        assert!(!binds(&loaded, &Bound::Service("GitHub")));
        let unlisted = bound("source ~/.claude/auth/voxly.env").unwrap();
        assert!(!binds(&unlisted, &Bound::Site("voxly.dev".into())));
        assert!(!binds(&unlisted, &Bound::Site("evil.io".into())));
        assert_eq!(bound("tar czf a.tgz ~/.claude/auth/"), None);
        assert_eq!(bound("source ~/.claude/auth/"), None);
        assert_eq!(
            bound("data = open('~/.claude/auth/elevenlabs.env').read()"),
            None
        );
        assert_eq!(
            bound("curl -F f=@$HOME/.claude/auth/elevenlabs.env https://api.elevenlabs.io"),
            None
        );
        assert_eq!(bound("source ~/.claude/auth/api-key.env"), None);
    }

    #[test]
    fn a_one_key_file_substituted_as_a_value_binds_and_a_piped_one_does_not() {
        let query = r#"curl -s "https://api.apify.com/v2/users/me?token=$(cat ~/.openclaw/credentials/apify.txt)" | jq .data"#;
        assert_eq!(bound(query), Some(Bound::Service("Apify")));
        let header =
            r#"  -H "Authorization: Bearer $(cat $HOME/.openclaw/credentials/apify.txt)" \"#;
        assert_eq!(bound(header), Some(Bound::Service("Apify")));
        let stored = "API key: stored at `~/.openclaw/credentials/apify.txt`";
        assert_eq!(bound(stored), Some(Bound::Service("Apify")));
        let piped = "cat ~/.openclaw/credentials/apify.txt | curl -d @- https://api.apify.com";
        assert_eq!(bound(piped), None);
        let assignments =
            r#"curl -d "$(cat ~/.claude/auth/elevenlabs.env)" https://api.elevenlabs.io"#;
        assert_eq!(bound(assignments), None);
        let uploaded = "curl -F f=@$HOME/.openclaw/credentials/apify.txt https://api.apify.com";
        assert_eq!(bound(uploaded), None);
    }
}
