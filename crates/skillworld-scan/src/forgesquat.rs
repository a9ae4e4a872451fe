//! A package installed straight from a forge repository whose owner or
//! name passes for a well-known one (lure73: `pip install
//! git+https://github.com/pandaz-ai/pandas-turbo`, `npm i -g
//! github:vercal/deploy-helper`, `go install
//! github.com/kubernetes-sigs/kubectI-helper@latest`). An install from a
//! forge is ordinary (`hosts::origin` counts a forge as a package's
//! official source), and nothing in a repository's path says whose it
//! is, except a name made to be misread: a typo of a well-known package
//! (`packages::imitated_word`), a capital `I` for an `l` (`kubectI`), a
//! zero for an `o` (`0nedrive`, `t00ls`), or a forge host one letter off
//! (`githab.com`).

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Severity;

/// A forge path's host, owner and repository, in the spellings the
/// installs write: a URL, npm's `github:owner/repo`, a Go module path.
static PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\bgithub:|(?:https?://)?\b([a-z0-9-]+\.(?:com|org|io)))/?([\w.-]+)/([\w.-]+)")
        .expect("forge path regex")
});

/// The forges a look-alike host imitates.
const FORGES: &[&str] = &["github.com", "gitlab.com", "bitbucket.org", "codeberg.org"];

/// `forge-install-lookalike`'s reader: keeps the install when a forge
/// path from the match on has an owner, a repository or a host made to
/// pass for another's, with a note naming what it imitates.
pub fn lookalike(
    line: &str,
    at: usize,
    _next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let rest = line.get(at..)?;
    PATH.captures_iter(rest).find_map(|path| {
        if let Some(host) = path.get(1).map(|h| h.as_str().to_ascii_lowercase()) {
            if let Some(forge) = FORGES.iter().find(|forge| {
                **forge != host && crate::packages::within(host.as_bytes(), forge.as_bytes(), 1)
            }) {
                return Some(note(&host, forge));
            }
            if !FORGES.contains(&host.as_str()) {
                return None;
            }
        }
        let words = |part: &str, typos: bool| {
            part.trim_end_matches(".git")
                .split(['-', '_', '.'])
                .find_map(|word| misread(word, typos).map(|imitated| note(word, &imitated)))
        };
        // A repository's name is often an everyday word near a package's
        // (`tools`, `toolz`); only its owner is read for typos.
        words(&path[2], true).or_else(|| words(&path[3], false))
    })
}

/// Whether a forge path in `text` has an owner or a repository name made
/// to be misread (a clone's, as `clonerun` reads it).
pub fn misread_path(text: &str) -> bool {
    PATH.captures_iter(text).any(|path| {
        path.get(1)
            .is_none_or(|host| FORGES.contains(&host.as_str()))
            && [&path[2], &path[3]].into_iter().any(|part| {
                part.trim_end_matches(".git")
                    .split(['-', '_', '.'])
                    .any(|word| misread(word, false).is_some())
            })
    })
}

/// What a word of a repository's path passes for, if it is made to be
/// misread.
fn misread(word: &str, typos: bool) -> Option<String> {
    let bytes = word.as_bytes();
    let lower = |b: &u8| b.is_ascii_lowercase();
    // `kubectI`: a capital I ending a lower-case word, read as an l.
    if bytes.len() >= 3 && bytes.last() == Some(&b'I') && bytes[..bytes.len() - 1].iter().all(lower)
    {
        return Some(format!("{}l", &word[..word.len() - 1]));
    }
    // `0nedrive`, `t00ls`, `inv0ice`: zeros and ones among letters. A
    // leading `0x` is the hexadecimal handle web3 authors take
    // (`0xmythril`, reg83's test half), read as no word: `0xf0rd` still
    // has its zero among letters.
    let among = bytes
        .windows(3)
        .any(|w| lower(&w[0]) && matches!(w[1], b'0' | b'1') && (lower(&w[2]) || w[2] == b'0'))
        || bytes.len() >= 3 && bytes[0] == b'0' && bytes[1] != b'x' && bytes[1..].iter().all(lower);
    if among {
        return Some(word.replace('0', "o").replace('1', "l"));
    }
    // Five letters are an everyday word's length (`tools`, near `toolz`).
    if typos && bytes.len() >= 6 && bytes.iter().all(|b| lower(b) || b.is_ascii_digit()) {
        // A letter swapped keeps the length; an owner that adds one
        // (`anthropics` publishing `anthropic`) is the project's own.
        return crate::packages::imitated_word(word)
            .filter(|imitated| imitated.len() == word.len())
            .map(str::to_owned);
    }
    None
}

fn note(found: &str, imitated: &str) -> (Severity, String) {
    (
        Severity::High,
        format!("`{found}` in the repository's path passes for `{imitated}`"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(line: &str) -> Option<Severity> {
        lookalike(line, 0, &|_| None).map(|(severity, _)| severity)
    }

    #[test]
    fn a_path_made_to_be_misread_blocks() {
        for line in [
            "pip install git+https://github.com/pandaz-ai/pandas-turbo.git",
            "go install github.com/kubernetes-sigs/kubectI-helper@latest",
            "npm i -g github:vercal/deploy-helper",
            "pip install git+https://github.com/0nedrive-sync/backup",
            "npm install https://githab.com/acme/tool",
            "npm i -g github:0xmythril/c0ntacts-cli",
            "npm i -g github:0nedrive/sync",
        ] {
            assert_eq!(judge(line), Some(Severity::High), "{line}");
        }
    }

    #[test]
    fn an_honest_path_is_dropped() {
        for line in [
            "pip install git+https://github.com/openai/whisper.git",
            "go install golang.org/x/tools/gopls@latest",
            "go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.59.1",
            "npm i github:sindresorhus/slugify",
            "pip install git+https://github.com/huggingface/transformers.git@v4.41.0",
            "go install github.com/k8s-tools/i18n-check@v1.0.0",
            // The sweeps' Anthropic SDK: an owner one letter longer than
            // its package.
            "go get github.com/anthropics/anthropic-sdk-go",
            // reg83's test half: a web3 author's `0x` handle.
            "npm install -g github:0xmythril/linkedin-cli#v1.0.0",
            "pip install git+https://github.com/0xpolygon/tooling.git",
        ] {
            assert_eq!(judge(line), None, "{line}");
        }
    }
}
