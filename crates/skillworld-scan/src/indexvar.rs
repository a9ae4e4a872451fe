//! A package index held in a variable (sweep 19's `sealclaw`): `pip
//! install --dry-run --index-url "$mirror" pip` in a loop over three public
//! mirrors listed at the top of the same script. `hosts::origin` sees no URL
//! on the line, so the install is read as from anywhere; but a variable can
//! only hold what the text gives it, and when every value the same text
//! gives it — a loop's list, the array a loop walks, a plain assignment —
//! is a literal URL of a listed index, the install is from that index.
//! A value from anywhere else (an argument, the environment, `read`, a
//! command's output, a name never assigned, and — holes44 — a value given
//! after a test, as a default or by `printf -v`) keeps the line unknown.
//!
//! fp28: a download is read the same way (batch 57's bootstrap script:
//! `curl -fsSL "$url" -o "$script"` with `url="${URL[$tool]:-}"` and an
//! associative array of each vendor's documented installer URL): when every
//! value the variables the download is given can hold is a listed official
//! installer's URL, the download is that installer's. An element set
//! anywhere else (`URL[x]=…`, `URL+=(…)`, `eval`) or a default other than
//! nothing keeps it unknown.

use std::sync::LazyLock;

use regex::Regex;

use crate::hosts::{Origin, origin};
use crate::lines::Lines;

/// An index option given a variable (capture 1 the flag, 2 the name):
/// `--index-url "$mirror"`, `--extra-index-url=${IDX}`, PowerShell's
/// `--index-url $mirror`. `${NAME:-default}` and other expansions are no
/// plain name and do not match.
static INDEX_FLAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(--(?:extra-)?index-url|--trusted-host|\s-i)[=\s]+["']?\$\{?([A-Za-z_]\w*)\}?["']?(?:\s|$|\\)"#)
        .expect("index flag")
});

/// Any index option at all, with whatever value.
static ANY_FLAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"--(?:extra-)?index-url\b|--trusted-host\b|\s-i\s").expect("any flag")
});

/// A line that binds a name (capture 1 the name, 2 the operator, 3 the
/// value): a shell or PowerShell assignment, `local`/`export`/`readonly`.
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s*(?:(?:local|export|readonly|declare(?:\s+-\w+)*|\[\w+(?:\[\])?\])\s+)?\$?([A-Za-z_]\w*)\s*([-+.]?=)(.*)$",
    )
    .expect("assign")
});

/// A loop over a list (capture 1 the name, 2 the list): the shell's `for
/// NAME in …;` and PowerShell's `foreach ($NAME in …)`.
static LOOP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bfor(?:each)?\s*\(?\s*\$?([A-Za-z_]\w*)\s+in\s+([^;)]*)").expect("loop")
});

/// Other ways a name is given a value the text does not show: read from
/// input, or a function's parameter (`function f([string]$mirror)`), which
/// each call fills.
static READS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:read|mapfile|readarray|getopts|param|function|eval)\b").expect("reads")
});

/// An array's element set on its own (capture 1 the array, 2 the operator,
/// 3 the value): `URL[brew]="https://…"`.
static ELEMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\$?([A-Za-z_]\w*)\[[^\]\n]*\]\s*([-+.]?=)(\S*)").expect("element")
});

/// A reference to another variable as a whole value: `"${ARR[@]}"`,
/// `$ARR`, `"$ARR"`, one element (`"${URL[$tool]}"`), perhaps defaulting
/// to nothing (`"${URL[$tool]:-}"`).
static REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^["']?\$\{?([A-Za-z_]\w*)(?:\[(?:[@*]|\$\{?\w+\}?|\w+)\])?(?::-)?\}?["']?$"#)
        .expect("reference")
});

/// The options a download's output file follows (`-o "$script"`): that
/// variable is where it goes, not where it comes from.
const OUTPUT_OPTIONS: &[&str] = &["-o", "-O", "--output", "-OutFile", ">"];

/// How many variables deep a value is followed (a loop over an array).
const DEPTH: usize = 2;

/// How many lines an array literal may run over.
const ARRAY_LINES: usize = 64;

/// Whether every index option on `line` is given a variable whose every
/// value in `lines` is a listed package index (and there is one such
/// option, and no `--trusted-host`, which turns off the index's TLS check).
pub fn listed_index_only(lines: &Lines, line: &str) -> bool {
    let given: Vec<_> = INDEX_FLAG.captures_iter(line).collect();
    !given.is_empty()
        && given.len() == ANY_FLAG.find_iter(line).count()
        && given
            .iter()
            .all(|c| &c[1] != "--trusted-host" && every_value_listed(lines, &c[2], DEPTH, true))
}

/// Whether a download line naming no URL (`curl -fsSL "$url" -o "$file"`)
/// is given only variables whose every value in `lines` is a listed
/// official installer's URL (and at least one): each other word holding
/// a `$` but an output file's name keeps it unknown.
pub fn listed_installer_only(lines: &Lines, line: &str) -> bool {
    if !line.contains('$') {
        return false;
    }
    let mut given = false;
    let mut before = "";
    for word in line.split_whitespace() {
        let output = OUTPUT_OPTIONS.contains(&before);
        before = word;
        if !word.contains('$') || output {
            continue;
        }
        let Some(c) = REFERENCE.captures(word) else {
            return false;
        };
        if !every_value_listed(lines, &c[1], DEPTH, false) {
            return false;
        }
        given = true;
    }
    given
}

/// A registry setting whose whole value is one variable (capture 1 the
/// name): `registry=${REGISTRY_URL:?set it to your registry}`,
/// `registry=$NPM_MIRROR`, `--index-url "${PIP_INDEX}"`. A default
/// (`${NAME:-…}`) gives a value of the text's own and does not match.
static OPERATOR_VALUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?:registry|index-url)["']?(?:\s*=\s*|\s+)["']?\$\{?([A-Za-z_]\w*)(?::\?[^}\n]*)?\}?["'`]?(?:\s|$|\\)"#,
    )
    .expect("operator value")
});

/// Whether a registry line (`registry-redirect`) names no host and takes
/// its registry from a variable the user brings: nothing in `lines` sets
/// it, or only the script's argument does (`ownvar`, as a root
/// certificate's variable is read). The operator supplies it (cisco's
/// `registry-default-mirror`, wild73), so the skill chooses nowhere for
/// installs to go; a variable the text sets (`MIRROR=https://…`, `const
/// MIRROR = …`, a loop, a `:=` default) is the skill's choice.
pub fn operator_registry(lines: &Lines, line: &str) -> bool {
    !line.contains("://")
        && OPERATOR_VALUE.is_match(line)
        && OPERATOR_VALUE.captures_iter(line).all(|c| {
            let name = &c[1];
            // The line itself sets nothing (it names no host): what its
            // `:?` message says ("export NAME first") is no binding.
            let set = lines.all().any(|text| {
                text != line && (crate::ownvar::sets(text, name) || assigned_spaced(text, name))
            });
            !set || crate::ownvar::set_only_from_arguments(lines, name)
        })
}

/// Whether `text` gives `name` a value with spaces or a brace before the
/// operator (`const MIRROR = …`, `${MIRROR:=…}`), which the shell's
/// readings (`ownvar::sets`) leave to other languages.
fn assigned_spaced(text: &str, name: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let name = name.to_ascii_lowercase();
    crate::ownvar::named_in(&lower, &name).any(|(_, after)| {
        let after = after.trim_start_matches(['}', ' ', '\t']);
        (after.starts_with('=') && !after.starts_with("=="))
            || after.starts_with(":=")
            || after.starts_with("+=")
    })
}

/// Whether `name` is bound somewhere in the text, and every binding gives
/// it only listed URLs (`packages`: of package indexes too, else of
/// official installers only).
fn every_value_listed(lines: &Lines, name: &str, depth: usize, packages: bool) -> bool {
    let mut bound = false;
    for at in 0..lines.count() {
        let text = lines.get(at);
        if !mentions(text, name) {
            continue;
        }
        let value = if let Some(c) = LOOP.captures(text).filter(|c| same_name(text, c, name)) {
            c.get(2).map_or("", |m| m.as_str())
        } else if let Some(c) = ELEMENT
            .captures_iter(text)
            .find(|c| same_name(text, c, name))
        {
            if &c[2] != "=" {
                return false;
            }
            c.get(3).map_or("", |m| m.as_str())
        } else if let Some(c) = ASSIGN.captures(text).filter(|c| same_name(text, c, name)) {
            if &c[2] != "=" {
                return false;
            }
            c.get(3).map_or("", |m| m.as_str())
        } else if [&*LOOP, &*ELEMENT, &*ASSIGN].iter().any(|binding| {
            binding
                .captures_iter(text)
                .any(|c| c[1].eq_ignore_ascii_case(name))
        }) {
            // The shell's namesake in another case: another variable.
            continue;
        } else if READS.is_match(text) {
            return false;
        } else if crate::ownvar::binds(text, name) {
            if !inline_values_listed(text, name, packages) {
                return false;
            }
            bound = true;
            continue;
        } else {
            continue;
        };
        if !values_listed(lines, at, value, depth, packages) {
            return false;
        }
        bound = true;
    }
    bound
}

/// Whether a binding's name (capture 1) is `name`: PowerShell's (`$Url
/// =`, `foreach ($url in`) ignore case; the shell's (`URL=`, `for url
/// in`) do not, so `url` and `URL` are two shell variables.
fn same_name(text: &str, binding: &regex::Captures, name: &str) -> bool {
    binding.get(1).is_some_and(|written| {
        if text[..written.start()].ends_with('$') {
            written.as_str().eq_ignore_ascii_case(name)
        } else {
            written.as_str() == name
        }
    })
}

/// Whether `value` (bound on line `at`) is only listed index URLs: a list
/// of literals, an array literal running on over the next lines, or
/// another variable whose values are.
fn values_listed(lines: &Lines, at: usize, value: &str, depth: usize, packages: bool) -> bool {
    let value = value.trim();
    if let Some(c) = REFERENCE.captures(value) {
        return depth > 0 && every_value_listed(lines, &c[1], depth - 1, packages);
    }
    let Some(open) = value.strip_prefix('(').or_else(|| value.strip_prefix("@(")) else {
        return literals_listed(value, packages);
    };
    // An array literal: its elements up to the `)` that closes it.
    let mut elements = String::from(open);
    let mut next = at + 1;
    while !elements.contains(')') {
        if next >= lines.count() || next > at + ARRAY_LINES {
            return false;
        }
        elements.push(' ');
        elements.push_str(lines.get(next));
        next += 1;
    }
    // The loop above ends only once a `)` is read.
    let Some((inside, after)) = elements.split_once(')') else {
        return false;
    };
    after.trim().is_empty() && literals_listed(inside, packages)
}

/// Whether every value `text` gives `name` inside a line (`[ -n "$CN" ] &&
/// NAME="https://…"`) is a listed index's URL. A default (`${NAME:=…}`),
/// a value grown or printed in (`printf -v`), and a line that also reads
/// the name (`[ -z "$NAME" ] && NAME=…` keeps the environment's) are not.
fn inline_values_listed(text: &str, name: &str, packages: bool) -> bool {
    let lower = text.to_ascii_lowercase();
    let name = name.to_ascii_lowercase();
    let marks = [
        format!("{name}+="),
        format!("${name}"),
        format!("${{{name}"),
    ];
    if lower.contains("printf") || marks.iter().any(|mark| lower.contains(mark.as_str())) {
        return false;
    }
    lower.match_indices(&name).all(|(at, _)| {
        let after = &text[at + name.len()..];
        after.strip_prefix('=').is_none_or(|value| {
            let end = value.find([';', ' ', '\t', ')']).unwrap_or(value.len());
            literals_listed(&value[..end], packages)
        })
    })
}

/// Whether `list` is one or more quoted or bare literals, each the URL of
/// a listed index (with `packages`) or official installer, an associative
/// array's element perhaps keyed (`[brew]="https://…"`).
fn literals_listed(list: &str, packages: bool) -> bool {
    let mut tokens = list
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|token| match token.strip_prefix('[') {
            Some(keyed) => keyed.split_once("]=").map_or(keyed, |(_, value)| value),
            None => token,
        })
        .map(|token| token.trim_matches(['"', '\'', '[', ']']))
        .filter(|token| !token.is_empty())
        .peekable();
    tokens.peek().is_some()
        && tokens.all(|url| {
            url.starts_with("https://")
                && !url.contains(['$', '`', '(', '{'])
                && origin(url, packages) == Origin::Official
        })
}

/// Whether `text` holds `name` as a word (any case: PowerShell's names are
/// not case-sensitive, and reading more bindings is the stricter reading).
fn mentions(text: &str, name: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let name = name.to_ascii_lowercase();
    crate::ownvar::named_in(&lower, &name).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spared(text: &str, line: &str) -> bool {
        listed_index_only(&Lines::new(text), line)
    }

    const SHELL_LOOP: &str = "MIRRORS=(\n    \"https://mirrors.aliyun.com/pypi/simple/\"\n    \"https://pypi.tuna.tsinghua.edu.cn/simple/\"\n)\nfor mirror in \"${MIRRORS[@]}\"; do\n    pip install --dry-run --index-url \"$mirror\" pip\ndone\n";

    #[test]
    fn a_loop_over_listed_mirrors_installs_from_them() {
        let line = "    pip install --dry-run --index-url \"$mirror\" pip";
        assert!(spared(SHELL_LOOP, line));
        let powershell = "$CnMirrors = @(\n    \"https://mirrors.aliyun.com/pypi/simple/\"\n)\nforeach ($mirror in $CnMirrors) {\n  & $Python -m pip install --index-url $mirror pip\n}\n";
        assert!(spared(
            powershell,
            "  & $Python -m pip install --index-url $mirror pip"
        ));
        let inline = "for idx in https://pypi.tuna.tsinghua.edu.cn/simple https://mirrors.aliyun.com/pypi/simple/; do\n  pip install -i \"$idx\" requests\ndone\n";
        assert!(spared(inline, "  pip install -i \"$idx\" requests"));
    }

    const BOOTSTRAP: &str = "declare -A URL=(\n  [rustup]=\"https://sh.rustup.rs\"\n  [uv]=\"https://astral.sh/uv/install.sh\"\n)\nfor tool in \"$@\"; do\n  url=\"${URL[$tool]:-}\"\n  curl -fsSL \"$url\" -o \"$script\"\ndone\n";
    const FETCH: &str = "  curl -fsSL \"$url\" -o \"$script\"";

    #[test]
    fn an_array_of_official_installers_downloads_from_them() {
        let installs = |text: &str, line: &str| listed_installer_only(&Lines::new(text), line);
        assert!(installs(BOOTSTRAP, FETCH));
        let direct = BOOTSTRAP.replace(FETCH, "  curl -fsSL \"${URL[$tool]}\" | sh");
        assert!(installs(&direct, "  curl -fsSL \"${URL[$tool]}\" | sh"));
        for outsider in [
            BOOTSTRAP.replace(
                "https://astral.sh/uv/install.sh",
                "https://get.devtools-cdn.io/uv.sh",
            ),
            format!("{BOOTSTRAP}URL[uv]=\"https://get.devtools-cdn.io/uv.sh\"\n"),
            format!("{BOOTSTRAP}ARGS[x]=1; URL[uv]=\"https://get.devtools-cdn.io/uv.sh\"\n"),
            format!("{BOOTSTRAP}URL+=([helper]=\"https://get.devtools-cdn.io/h.sh\")\n"),
            format!("{BOOTSTRAP}eval \"URL[$1]=$2\"\n"),
            BOOTSTRAP.replace("${URL[$tool]:-}", "${URL[$tool]:-$FALLBACK}"),
            // a package index is no installer
            BOOTSTRAP.replace(
                "https://astral.sh/uv/install.sh",
                "https://pypi.org/simple/",
            ),
        ] {
            assert!(!installs(&outsider, FETCH), "{outsider}");
        }
        // a URL built around the variable, or a name never bound
        assert!(!installs(BOOTSTRAP, "  curl -fsSL \"$url/extra.sh\" | sh"));
        assert!(!installs(BOOTSTRAP, "  curl -fsSL \"$INSTALLER\" | sh"));
    }

    #[test]
    fn any_other_value_keeps_the_index_unknown() {
        let line = "    pip install --dry-run --index-url \"$mirror\" pip";
        let outsider = SHELL_LOOP.replace(
            "\"https://pypi.tuna.tsinghua.edu.cn/simple/\"",
            "\"https://pypi.example-cdn.io/simple/\"",
        );
        assert!(!spared(&outsider, line));
        let grown = format!("{SHELL_LOOP}mirror=\"$1\"\n");
        assert!(!spared(&grown, line));
        let read = format!("{SHELL_LOOP}read -r mirror\n");
        assert!(!spared(&read, line));
        // holes44: a listed value given after a test is read; a value from
        // anywhere else after a test, a default or printf is not.
        let switched = format!(
            "[ -n \"$CN\" ] && mirror=\"https://mirrors.aliyun.com/pypi/simple/\"\n{SHELL_LOOP}"
        );
        assert!(spared(&switched, line));
        // holes44: a value given after a test, as a default, or by printf.
        for bound in [
            "[ -n \"$CI\" ] && mirror=\"https://cache.acme-buildfarm.net/py/\"",
            ": \"${mirror:=https://cache.acme-buildfarm.net/py/}\"",
            "curl -fsS \"$U\" || printf -v mirror '%s' \"https://cache.acme-buildfarm.net/py/\"",
        ] {
            assert!(!spared(&format!("{bound}\n{SHELL_LOOP}"), line), "{bound}");
        }
        let parameter = "$m = \"https://mirrors.aliyun.com/pypi/simple/\"\nfunction Get-Pkg([string]$m) {\n  pip install --index-url $m pkg\n}\nGet-Pkg \"https://pkgs.example.io/simple\"\n";
        assert!(!spared(parameter, "  pip install --index-url $m pkg"));
        // Never bound in the text: the environment's.
        assert!(!spared(
            "pip install --index-url \"$MIRROR\" pip\n",
            "pip install --index-url \"$MIRROR\" pip"
        ));
        // A default from the environment is no plain name.
        let defaulted =
            "pip install --index-url \"${MIRROR:-https://mirrors.aliyun.com/pypi/simple/}\" x";
        assert!(!spared(defaulted, defaulted));
        // TLS checks off for the index: not this reading.
        let trusted = "    pip install --index-url \"$mirror\" --trusted-host \"$mirror\" pip";
        assert!(!spared(SHELL_LOOP, trusted));
    }
}
