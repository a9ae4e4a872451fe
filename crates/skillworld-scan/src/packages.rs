//! Typosquatted packages (issue 18): an install command naming a package
//! a typo or two away from a well-known package of its ecosystem
//! (`pip install reqeusts`, `npm i expresss`, `cargo add serde_jsonn`), or
//! a well-known scoped npm package under a look-alike scope
//! (`@anthropic/claude-code` for `@anthropic-ai/claude-code`), that is not
//! itself well known. Installing runs the package's own code (`setup.py`,
//! `postinstall`, `build.rs`), so a squat is a warning; installed globally,
//! run at once (`npx`, `uvx`) or fetched from an index the skill chose, it
//! blocks.

mod names;

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::rules::Severity;
use crate::typosquat::{imitates, neighbours};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ecosystem {
    PyPI,
    Npm,
    Crates,
}

/// One ecosystem's well-known names by length, each with its character
/// set: most unknown names (a skill's niche packages) are ruled out by a
/// length and a few bit operations per known name, and the rest by an
/// edit distance bounded to two on the stack — where the skill-name
/// index's deletion keys cost tens of thousands of instructions a name.
struct Known {
    /// Where the names of each length start (and, one further, end).
    starts: [usize; LONGEST + 2],
    /// Character sets and names, by length, side by side.
    sets: Vec<u32>,
    names: Vec<&'static str>,
    /// The scoped names (`@scope/name`) in the same order, each with its
    /// scope as scopes are compared ([`plain`]) and its bare name.
    scoped: Vec<(String, &'static str, &'static str)>,
}

/// Names longer than this are no one's typo here (none is this long).
const LONGEST: usize = 48;

impl Known {
    fn of(names: &[&'static str]) -> Known {
        let mut names = names.to_vec();
        names.sort_unstable_by_key(|n| (n.len(), *n));
        let scoped = names
            .iter()
            .filter_map(|&name| {
                let (scope, bare) = name.strip_prefix('@')?.split_once('/')?;
                Some((plain(scope), bare, name))
            })
            .collect();
        Known {
            starts: std::array::from_fn(|length| names.partition_point(|n| n.len() < length)),
            sets: names.iter().map(|n| set(n)).collect(),
            names,
            scoped,
        }
    }

    /// Whether `name` is a well-known name, a typo of one, or neither.
    fn find(&self, name: &str) -> Match {
        let length = name.len();
        if length > LONGEST {
            return Match::Unknown;
        }
        // Most names a skill installs are well known: found by their length
        // and a binary search, with no distance to anyone.
        let same_length = &self.names[self.starts[length]..self.starts[length + 1]];
        if same_length.binary_search(&name).is_ok() {
            return Match::Known;
        }
        // Known names of ten characters or more allow two edits, shorter
        // ones one: the lengths within reach.
        let shortest = if length >= 12 { length - 2 } else { length - 1 };
        let longest = if length + 2 >= 10 {
            length + 2
        } else {
            length + 1
        };
        let (from, to) = (self.starts[shortest], self.starts[longest.min(LONGEST) + 1]);
        let bits = set(name);
        let mut near = [false; 64];
        for (from, sets) in (from..to).step_by(64).zip(self.sets[from..to].chunks(64)) {
            if !close(sets, bits, &mut near) {
                continue;
            }
            for at in (0..sets.len()).filter(|&at| near[at]) {
                let (known, known_bits) = (self.names[from + at], sets[at]);
                let limit = if known.len() > 9 { 2 } else { 1 };
                if known.len().abs_diff(length) <= limit
                    && (known_bits ^ bits).count_ones() as usize <= 2 * limit
                    && within(name.as_bytes(), known.as_bytes(), limit)
                    // The distance is settled: of `imitates`, only this is left.
                    && !neighbours(name, known)
                {
                    return Match::Imitates(known);
                }
            }
        }
        Match::Unknown
    }
}

/// Marks in `near` each of `sets` at most four bits from `bits` (two
/// edits), and says whether any is: branch-free on 32-bit lanes, so it
/// runs on vectors, and without a popcount instruction (the lowest set bit
/// cleared four times). Most names have no such neighbour.
fn close(sets: &[u32], bits: u32, near: &mut [bool; 64]) -> bool {
    let mut any = false;
    for (flag, &known) in near.iter_mut().zip(sets) {
        let x = known ^ bits;
        let x = x & x.wrapping_sub(1);
        let x = x & x.wrapping_sub(1);
        let x = x & x.wrapping_sub(1);
        *flag = x & x.wrapping_sub(1) == 0;
        any |= *flag;
    }
    any
}

/// What a package name is to an ecosystem's well-known names.
enum Match {
    Known,
    Imitates(&'static str),
    Unknown,
}

/// Whether `a` and `b` are at most `limit` edits or adjacent swaps apart
/// (their optimal-string-alignment distance): past their common start,
/// each way to mend the first difference is tried with one edit less — at
/// most 4² short paths for two edits, where a distance table would fill
/// every cell.
pub(crate) fn within(a: &[u8], b: &[u8], limit: usize) -> bool {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[common..], &b[common..]);
    if a.is_empty() || b.is_empty() {
        return a.len().max(b.len()) <= limit;
    }
    if limit == 0 || a.len().abs_diff(b.len()) > limit {
        return false;
    }
    let swapped = a.len() >= 2 && b.len() >= 2 && a[0] == b[1] && a[1] == b[0];
    swapped && within(&a[2..], &b[2..], limit - 1)
        || within(&a[1..], &b[1..], limit - 1)
        || within(&a[1..], b, limit - 1)
        || within(a, &b[1..], limit - 1)
}

/// A name's characters as bits (letters and `-` a bit each, digits one,
/// the rest another): an edit changes at most two.
fn set(name: &str) -> u32 {
    name.bytes().fold(0, |bits, byte| {
        bits | 1
            << match byte {
                b'a'..=b'z' => byte - b'a',
                b'0'..=b'9' => 26,
                b'-' => 27,
                _ => 28,
            }
    })
}

static PYPI: LazyLock<Known> = LazyLock::new(|| Known::of(names::PYPI));
static NPM: LazyLock<Known> = LazyLock::new(|| Known::of(names::NPM));
static CRATES: LazyLock<Known> = LazyLock::new(|| Known::of(names::CRATES));

impl Ecosystem {
    fn label(self) -> &'static str {
        match self {
            Ecosystem::PyPI => "PyPI",
            Ecosystem::Npm => "npm",
            Ecosystem::Crates => "crates.io",
        }
    }

    fn known(self) -> &'static Known {
        match self {
            Ecosystem::PyPI => &PYPI,
            Ecosystem::Npm => &NPM,
            Ecosystem::Crates => &CRATES,
        }
    }

    /// The package a command-line argument names, as its registry compares
    /// names (PyPI: lower case, runs of `-_.` as `-`; crates: `_` as `-`);
    /// `None` for a path, a URL, a file or a variable.
    fn package(self, arg: &str) -> Option<Cow<'_, str>> {
        if arg.is_empty()
            || arg.starts_with(['.', '~', '/'])
            || arg.contains([':', '\\', '$', '{', '<', '*', '%'])
        {
            return None;
        }
        match self {
            Ecosystem::PyPI => {
                let end = arg
                    .find(['[', '=', '<', '>', '!', '~', ';', '@', ','])
                    .unwrap_or(arg.len());
                let name = &arg[..end];
                if name.contains('/') || !name.bytes().all(pypi_byte) {
                    return None;
                }
                let normal =
                    name.bytes()
                        .zip(name.bytes().skip(1).chain([b'a']))
                        .all(|(b, next)| {
                            (b.is_ascii_lowercase() || b.is_ascii_digit())
                                || b == b'-' && next != b'-'
                        });
                if normal {
                    return Some(Cow::Borrowed(name));
                }
                let mut out = String::with_capacity(name.len());
                for byte in name.bytes() {
                    if matches!(byte, b'-' | b'_' | b'.') {
                        if !out.ends_with('-') {
                            out.push('-');
                        }
                    } else {
                        out.push(byte.to_ascii_lowercase() as char);
                    }
                }
                Some(Cow::Owned(out))
            }
            Ecosystem::Npm => {
                let scoped = arg.starts_with('@');
                let end = arg
                    .bytes()
                    .skip(1)
                    .position(|b| b == b'@')
                    .map_or(arg.len(), |at| at + 1);
                let name = &arg[..end];
                let slashes = name.matches('/').count();
                let valid = name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~@/".contains(&b));
                (valid && slashes == usize::from(scoped)).then(|| lower(name))
            }
            Ecosystem::Crates => {
                let name = arg.split('@').next().unwrap_or(arg);
                let valid = name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                valid.then(|| match lower(name) {
                    Cow::Borrowed(name) if !name.contains('_') => Cow::Borrowed(name),
                    name => Cow::Owned(name.replace('_', "-")),
                })
            }
        }
    }

    /// Options whose value is the next argument (unless written `--o=v`).
    fn takes_value(self, option: &str) -> bool {
        INDEX_OPTIONS.contains(&option)
            || ["--prefix", "--target", "--root"].contains(&option)
            || match self {
                Ecosystem::PyPI => [
                    "-f",
                    "--find-links",
                    "-r",
                    "--requirement",
                    "-c",
                    "--constraint",
                    "-e",
                    "--editable",
                    "-t",
                    "--trusted-host",
                    "--python",
                    "-p",
                    "--platform",
                    "--python-version",
                    "--group",
                    "--optional",
                    "--extra",
                    "--cache-dir",
                    "--src",
                ]
                .contains(&option),
                Ecosystem::Npm => {
                    ["-w", "--workspace", "--tag", "--cache", "-C", "--dir"].contains(&option)
                }
                Ecosystem::Crates => [
                    "--git",
                    "--path",
                    "--branch",
                    "--tag",
                    "--rev",
                    "--version",
                    "--vers",
                    "-F",
                    "--features",
                    "-p",
                    "--package",
                    "--bin",
                    "--rename",
                ]
                .contains(&option),
            }
    }
}

/// `name` in ASCII lower case, copied only when it is not already.
fn lower(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

fn pypi_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.')
}

/// An install command: what it installs from, where its packages start,
/// and what makes a squat worse.
struct Install {
    ecosystem: Ecosystem,
    /// Index of the first argument after the command words.
    args: usize,
    /// Runs the package at once (`npx`, `uvx`, `pipx run`, `pnpm dlx`):
    /// only its first argument is a package.
    runs: bool,
    /// Installs onto the PATH for every later shell (`-g`, `sudo`,
    /// `cargo install`, `pipx install`, `uv tool install`).
    global: bool,
}

/// The install command that starts at `words[at]`, if one does.
fn command(words: &[&str], at: usize) -> Option<Install> {
    let word = |i: usize| words.get(at + i).copied().unwrap_or("");
    let install = |ecosystem, skip: usize, runs, global| {
        Some(Install {
            ecosystem,
            args: at + skip,
            runs,
            global,
        })
    };
    let pip = |w: &str| {
        w.strip_prefix("pip")
            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    };
    match (word(0), word(1), word(2)) {
        (p, "install", _) if pip(p) => install(Ecosystem::PyPI, 2, false, false),
        ("uv", "pip", "install") => install(Ecosystem::PyPI, 3, false, false),
        ("uv", "tool", "install") => install(Ecosystem::PyPI, 3, false, true),
        ("uv" | "poetry", "add", _) => install(Ecosystem::PyPI, 2, false, false),
        ("pipx", "install", _) => install(Ecosystem::PyPI, 2, false, true),
        ("pipx", "run", _) => install(Ecosystem::PyPI, 2, true, false),
        ("uvx", ..) => install(Ecosystem::PyPI, 1, true, false),
        ("npm" | "pnpm" | "bun", "install" | "i" | "add", _) => {
            install(Ecosystem::Npm, 2, false, false)
        }
        ("yarn", "add", _) => install(Ecosystem::Npm, 2, false, false),
        ("yarn", "global", "add") => install(Ecosystem::Npm, 3, false, true),
        ("pnpm" | "yarn", "dlx", _) | ("npm", "exec", _) => install(Ecosystem::Npm, 2, true, false),
        ("npx" | "bunx", ..) => install(Ecosystem::Npm, 1, true, false),
        ("cargo", "add", _) => install(Ecosystem::Crates, 2, false, false),
        ("cargo", "install", _) => install(Ecosystem::Crates, 2, false, true),
        _ => None,
    }
}

/// Options that point the install at an index the skill chose.
const INDEX_OPTIONS: &[&str] = &[
    "-i",
    "--index-url",
    "--extra-index-url",
    "--index",
    "--default-index",
    "--registry",
];

/// Where a shell clause ends (a comment ends it too).
fn ends_clause(byte: u8) -> bool {
    matches!(byte, b'|' | b';' | b'&' | b'`' | b'(' | b')' | b'#')
}

/// The first typosquatted package that the install commands on `line`
/// name, with the severity its install earns and a note naming the
/// package it imitates: the command at byte `at`, then each found by
/// `next` (the row's own pattern, from a byte on).
/// (`Rule::confirm` of the row `package-typosquat`.)
pub fn squat(
    line: &str,
    mut at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    let bytes = line.as_bytes();
    loop {
        let start = bytes[..at]
            .iter()
            .rposition(|&b| ends_clause(b))
            .map_or(0, |end| end + 1);
        let end = bytes[at..]
            .iter()
            .position(|&b| ends_clause(b))
            .map_or(bytes.len(), |end| at + end);
        let sudo = line
            .get(start..at)?
            .split_ascii_whitespace()
            .any(|w| w == "sudo");
        if let Some(found) = squat_in(line.get(at..end)?, sudo) {
            return Some(found);
        }
        // The line or a comment ends here: no command follows.
        if bytes.get(end).is_none_or(|&b| b == b'#') {
            return None;
        }
        at = next(end)?;
    }
}

/// The squat the install command opening `clause` names.
fn squat_in(clause: &str, sudo: bool) -> Option<(Severity, String)> {
    let mut words = clause
        .split_ascii_whitespace()
        .map(|w| w.trim_matches(['"', '\'']));
    let head: [&str; 3] = std::array::from_fn(|_| words.next().unwrap_or(""));
    let install = command(&head, 0)?;
    let ecosystem = install.ecosystem;
    let mut index = false;
    let mut global = install.global || sudo;
    let mut found = None;
    // A command ends its clause in prose ("pip install x, then …"), and
    // no install names more than a few dozen packages.
    let mut rest = head[install.args..]
        .iter()
        .copied()
        .filter(|w| !w.is_empty())
        .chain(words)
        .take(32);
    while let Some(word) = rest.next() {
        let arg = word.trim_end_matches(['.', ':', ',']);
        if arg.starts_with('-') {
            let option = arg.split('=').next().unwrap_or(arg);
            index |= INDEX_OPTIONS.contains(&option)
                || ecosystem == Ecosystem::PyPI && matches!(option, "-f" | "--find-links");
            global |= matches!(option, "-g" | "--global" | "--location=global");
            if !arg.contains('=') && ecosystem.takes_value(option) {
                rest.next();
            }
        } else {
            if found.is_none() {
                found = ecosystem
                    .package(arg)
                    .and_then(|name| imitated(ecosystem, &name).map(|known| (name, known)));
            }
            if install.runs {
                break;
            }
        }
        if arg.len() != word.len() {
            break;
        }
    }
    let (name, known) = found?;
    let how = if install.runs {
        Some("and runs it at once")
    } else if index {
        Some("from an index the skill chose")
    } else if global {
        Some("globally")
    } else {
        None
    };
    let note = format!(
        "`{name}` is close to the well-known {} package `{known}`",
        ecosystem.label()
    );
    Some(match how {
        Some(how) => (Severity::High, format!("{note}; installed {how}")),
        None => (Severity::Medium, note),
    })
}

/// The well-known PyPI or npm package a plain lower-case word is a typo
/// of (`pandaz` for `pandas`), for names that are no package's own: a
/// forge repository's owner or name (`forgesquat`).
pub(crate) fn imitated_word(word: &str) -> Option<&'static str> {
    [Ecosystem::PyPI, Ecosystem::Npm]
        .into_iter()
        .find_map(|ecosystem| match ecosystem.known().find(word) {
            Match::Imitates(imitated) if word.len() >= 5 => Some(imitated),
            _ => None,
        })
}

/// The well-known package `name` (normalised) imitates: a typo of one,
/// or a scoped npm package's name under a look-alike scope.
fn imitated(ecosystem: Ecosystem, name: &str) -> Option<&'static str> {
    let known = ecosystem.known();
    if name.len() < 5 {
        return None;
    }
    match known.find(name) {
        Match::Known => None,
        Match::Imitates(imitated) => Some(imitated),
        Match::Unknown => look_alike_scope(known, name),
    }
}

/// The scopes of well-known MCP server packages (misses16): the
/// protocol's own and the vendors' whose servers skills register most.
/// An MCP entry runs its package with the tokens its `env` hands it.
const MCP_SCOPES: &[&str] = &[
    "modelcontextprotocol",
    "playwright",
    "upstash",
    "notionhq",
    "supabase",
    "cloudflare",
    "browserbasehq",
    "executeautomation",
];

/// A scoped npm package, quoted (`"@modeicontextprotocol/server-github"`)
/// or run by `npx`, whose scope is a look-alike of a well-known MCP
/// server's scope, or whose name is a well-known MCP server's under a
/// look-alike scope: the first such package of the row's matches on
/// `line`, with a note naming what it imitates. (`Rule::confirm` of the
/// row `mcp-package-lookalike`.)
pub fn mcp_lookalike(
    line: &str,
    at: usize,
    next: &dyn Fn(usize) -> Option<usize>,
) -> Option<(Severity, String)> {
    std::iter::successors(Some(at), |&at| next(at + 1)).find_map(|at| {
        let from = at + line.get(at..)?.find('@')?;
        let rest = line.get(from..)?;
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "@/._-^~".contains(c)))
            .unwrap_or(rest.len());
        let name = rest[..end].to_ascii_lowercase();
        // A version or tag after the name (`@scope/name@1.2`).
        let name = match name[1..].find('@') {
            Some(version) => &name[..version + 1],
            None => name.as_str(),
        };
        let (written, _) = name.strip_prefix('@')?.split_once('/')?;
        let scope = plain(written);
        // `@model-context-protocol` imitates by its dashes alone.
        let imitated = MCP_SCOPES
            .iter()
            .find(|known| {
                let plain_known = plain(known);
                written != **known
                    && (scope == plain_known || imitates(&scope, &scope, &plain_known))
            })
            .map(|known| format!("@{known}"))
            .or_else(|| {
                look_alike_scope(&NPM, name)
                    .filter(|known| {
                        MCP_SCOPES
                            .iter()
                            .any(|scope| known.starts_with(&format!("@{scope}/")))
                    })
                    .map(str::to_owned)
            })?;
        Some((
            Severity::High,
            format!("`{name}` imitates the well-known MCP scope or package `{imitated}`"),
        ))
    })
}

/// `@anthropic/claude-code` for `@anthropic-ai/claude-code`: the same
/// package name under a scope that one of the two extends or misspells.
fn look_alike_scope(known: &Known, name: &str) -> Option<&'static str> {
    let (scope, bare) = name.strip_prefix('@')?.split_once('/')?;
    let scope = plain(scope);
    let (_, _, imitated) = known.scoped.iter().find(|(other, other_bare, _)| {
        *other_bare == bare
            && *other != scope
            && (other.starts_with(&scope) && scope.len() >= 4
                || scope.starts_with(other.as_str()) && other.len() >= 4
                || imitates(&scope, &scope, other))
    })?;
    Some(imitated)
}

/// A scope as scopes are compared: without `-`, `_` and `.`.
fn plain(scope: &str) -> String {
    scope.replace(['-', '_', '.'], "")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `squat` as the engine calls it: at each match of the row.
    fn find(line: &str) -> Option<(Severity, String)> {
        let row = regex::Regex::new(crate::rules::rule("package-typosquat").pattern).unwrap();
        let at = row.find(line)?.start();
        squat(line, at, &|from| row.find_at(line, from).map(|m| m.start()))
    }

    fn severity(line: &str) -> Option<Severity> {
        find(line).map(|(severity, _)| severity)
    }

    #[test]
    fn the_banded_distance_agrees_with_the_full_one() {
        let words = [
            "requests",
            "reqeusts",
            "requets",
            "rqeuests",
            "requestss",
            "reqests",
            "resquest",
            "numpy",
            "nunpy",
            "numpyy",
            "nmupy",
            "serde-json",
            "serde-jsonn",
            "serde-jos",
            "a",
            "ab",
            "ba",
            "abc",
            "",
            "python-dateutil",
            "python-dateutils",
            "pyhton-dateutil",
        ];
        for a in words {
            for b in words {
                for limit in [1, 2] {
                    assert_eq!(
                        within(a.as_bytes(), b.as_bytes(), limit),
                        crate::typosquat::distance(a, b) <= limit,
                        "{a} {b} {limit}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// Random names over a small alphabet (so many are close).
        #[test]
        fn the_short_paths_agree_with_the_distance_table(
            a in "[abc-]{0,9}",
            b in "[abc-]{0,9}",
        ) {
            for limit in [1, 2] {
                proptest::prop_assert_eq!(
                    within(a.as_bytes(), b.as_bytes(), limit),
                    crate::typosquat::distance(&a, &b) <= limit,
                    "{} {} {}", a, b, limit
                );
            }
        }
    }

    #[test]
    fn typos_of_well_known_packages_are_found() {
        for line in [
            "pip install reqeusts",
            "pip3 install --upgrade python-dateutils==2.9",
            "uv pip install numpyy pandas",
            "npm i expresss",
            "yarn add lodahs",
            "cargo add serde_jsonn",
            "Run `pip install beautifulsup4` first.",
            "pip install requests && pip install reqeusts # second",
            "sudo apt-get install -y git; pip install reqeusts",
        ] {
            assert_eq!(severity(line), Some(Severity::Medium), "{line}");
        }
        for line in [
            "npm install -g @anthropic/claude-code",
            "sudo pip install reqeusts",
            "pip install --index-url https://pypi.example.dev/simple reqeusts",
            "npx create-reactt-app my-app",
            "uvx blackk .",
            "cargo install ripgrepp",
            "pipx install poetri",
            "sudo -H pip install reqeusts",
        ] {
            assert_eq!(severity(line), Some(Severity::High), "{line}");
        }
        let (_, note) = find("npm install -g @anthropic/claude-code").expect("a squat");
        assert!(note.contains("`@anthropic-ai/claude-code`"), "{note}");
    }

    #[test]
    fn well_known_names_and_their_real_neighbours_pass() {
        for line in [
            "pip install requests requests-oauthlib types-requests",
            "pip install pillow-simd opencv-contrib-python python-dateutil",
            "pip install Pillow PyYAML typing_extensions scikit-learn",
            "pip install -r requirements.txt -e .",
            "pip install git+https://github.com/psf/requests.git",
            "npm install -g @anthropic-ai/claude-code",
            "npm i express react react-dom preact @types/node",
            "npx create-react-app my-app",
            "npx tsc --noEmit",
            "cargo add serde_json serde --features derive",
            "cargo install ripgrep",
            "pip install my-internal-tool",
            "pip install torchx docket openapi jsonpath httpie",
        ] {
            assert_eq!(severity(line), None, "{line}");
        }
    }
}
