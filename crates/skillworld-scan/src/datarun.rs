//! Commands kept in data (issue 18): a data file of the skill (JSON, YAML,
//! INI, CSV…) holds the command, and what runs it is elsewhere — a script
//! of the same skill that names the file and hands what it reads to a
//! shell, `eval`, `exec` or `import`, or a template whose `{{KEY}}`
//! placeholders the skill's data fills. Each file alone reads clean; read
//! as what runs (the data file's values as command lines, decoded where
//! they are encoded; the template filled), the command is scanned like a
//! script, and what blocks there blocks here.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::{Captures, Regex};

use crate::engine::{Hit, Kind, analyse, excerpt, finish};
use crate::layout::Lang;
use crate::reveal;
use crate::rules::rule;

fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).expect("datarun regexes compile")
}

/// A string literal of a data line that is no key (`"k": …`).
static VALUE: LazyLock<Regex> =
    LazyLock::new(|| regex(r#""((?:[^"\\\n]|\\.)*)"(\s*:)?|'([^'\n]*)'(\s*:)?"#));
/// `key=value`, `key: value`, `- value`: what an unquoted data line holds.
static BARE: LazyLock<Regex> =
    LazyLock::new(|| regex(r"^\s*(?:-\s+|[A-Za-z_][\w.-]*\s*(?:=|:\s)\s*)?(.*)$"));
/// A key and its value on one data line, in any of the forms above.
pub(crate) static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"^\s*["']?([A-Za-z_]\w*)["']?\s*(?:=|:)\s*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([^\s"'#,][^\n#]*?))\s*,?\s*$"#,
    )
});
static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| regex(r"\{\{\s*([A-Za-z_]\w*)\s*\}\}"));
/// What hands text to an interpreter: a pipe into a shell, a shell's `-c`
/// (`sh -c`, `"sh", "-c"`), `eval`/`exec`/`system`/`popen`/`spawn`, a
/// subprocess call, a dynamic `import`, PowerShell's `Invoke-Expression`.
/// Read on the script as it would run (its string assembly undone), so
/// `getattr(os, 'sy'+'stem')` counts.
static SINK: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"\|\s*(?:ba|z|da)?sh\b|\b(?:ba|z)?sh['"]?\s*,?\s*['"]?-c\b|\b(?:eval|exec\w*|system|popen|spawn\w*|run|call|check_call|check_output)\s*\(|\bexec\.Command\(|\bimport\(\s*[A-Za-z_$]|__import__\(|\beval\s+["'$]|\bInvoke-Expression\b|\biex\b|\bsystem\b"#,
    )
});

/// Where data is read as what it is: structured and configuration files.
const DATA: &[&str] = &[
    ".json", ".yaml", ".yml", ".toml", ".ini", ".csv", ".tsv", ".cfg", ".conf", ".env", ".txt",
];

/// The hits of commands kept in the skill's data files; `files` are the
/// skill's files other than SKILL.md (path, text, how it is read).
pub fn hits(files: &[(&str, &str, Kind)]) -> Vec<Hit> {
    let data: Vec<(&str, &str)> = files
        .iter()
        .filter(|(path, _, _)| is_data(path))
        .map(|&(path, text, _)| (path, text))
        .collect();
    if data.is_empty() {
        return Vec::new();
    }
    // Each script is normalised once, not once per data file it may name.
    let runners: Vec<(&str, &str)> = files
        .iter()
        .filter(|(other, script, kind)| {
            matches!(kind, Kind::Script(_)) && !is_data(other) && runs_what_it_reads(script)
        })
        .map(|&(other, script, _)| (other, script))
        .collect();
    let mut out = Vec::new();
    for &(path, text) in &data {
        let name = path.rsplit('/').next().unwrap_or(path);
        let runner = runners.iter().find(|(_, script)| script.contains(name));
        if let Some((script, _)) = runner {
            out.extend(judged(
                path,
                &as_commands(text),
                &format!("`{script}` runs it"),
            ));
        }
    }
    let values = defined(&data);
    if values.is_empty() {
        return out;
    }
    for &(path, text, _) in files.iter().filter(|(_, text, _)| text.contains("{{")) {
        if let Some(filled) = filled(text, &values) {
            out.extend(judged(path, &filled, "filled from the skill's data"));
        }
    }
    out
}

fn is_data(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    DATA.iter().any(|e| lower.ends_with(e))
}

fn runs_what_it_reads(script: &str) -> bool {
    SINK.is_match(script) || SINK.is_match(&reveal::normalize_with(script, script))
}

/// A data file's values as command lines, line for line: the values of a
/// line joined by spaces (JSON's `{"tool": "curl", "args": […]}` reads as
/// `curl …`), an encoded value as what it decodes to.
fn as_commands(text: &str) -> String {
    text.lines()
        .map(|line| {
            let values: Vec<String> = if line.contains(['"', '\'']) {
                VALUE
                    .captures_iter(line)
                    .filter(|c| c.get(2).is_none() && c.get(4).is_none())
                    .filter_map(|c| c.get(1).or(c.get(3)))
                    .map(|m| decoded(&m.as_str().replace("\\/", "/")))
                    .collect()
            } else {
                let value = BARE
                    .captures(line)
                    .map_or("", |c| c.get(1).map_or("", |m| m.as_str()));
                vec![decoded(value)]
            };
            values.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A value that is one encoded literal, decoded; any other as it is.
fn decoded(value: &str) -> String {
    let token = value.trim();
    if token.len() < 16 || token.contains(char::is_whitespace) {
        return value.to_owned();
    }
    reveal::decoded_literals(token)
        .into_iter()
        .next()
        .map_or_else(|| value.to_owned(), |(_, text)| text)
}

/// The keys the skill's data files define, with their values.
fn defined<'a>(data: &[(&str, &'a str)]) -> HashMap<&'a str, &'a str> {
    let mut values = HashMap::new();
    for (_, text) in data {
        for line in text.lines() {
            if let Some(c) = PAIR.captures(line) {
                let value = (2..5).find_map(|i| c.get(i)).map_or("", |m| m.as_str());
                values.insert(c.get(1).expect("a key").as_str(), value);
            }
        }
    }
    values
}

/// A template's lines with every placeholder the data defines filled, line
/// for line (a line whose placeholders are not all defined stays empty);
/// nothing when no line is filled.
fn filled(text: &str, values: &HashMap<&str, &str>) -> Option<String> {
    let mut any = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let names: Vec<&str> = PLACEHOLDER
                .captures_iter(line)
                .map(|c| c.get(1).expect("a name").as_str())
                .collect();
            if names.is_empty() || !names.iter().all(|n| values.contains_key(n)) {
                return String::new();
            }
            any = true;
            PLACEHOLDER
                .replace_all(line, |c: &Captures| {
                    values.get(&c[1]).copied().unwrap_or_default().to_owned()
                })
                .into_owned()
        })
        .collect();
    any.then(|| lines.join("\n"))
}

/// `commands` (line for line with `path`) scanned as a shell script: one
/// hit per line where something blocks, saying what it reads as.
fn judged(path: &str, commands: &str, how: &str) -> Vec<Hit> {
    let inner = finish(analyse(path, commands, Kind::Script(Lang::Shell)));
    let lines: Vec<&str> = commands.lines().collect();
    let mut out: Vec<Hit> = Vec::new();
    for found in inner.iter().filter(|h| h.severity.blocks()) {
        if out.iter().any(|h| h.line == found.line) {
            continue;
        }
        let rule = rule("data-payload");
        let line = lines.get(found.line - 1).copied().unwrap_or_default();
        out.push(Hit {
            rule,
            file: path.to_owned(),
            line: found.line,
            block: None,
            code: true,
            severity: rule.severity,
            armed: true,
            inline: false,
            comment: false,
            service: None,
            excerpt: excerpt(line),
            note: format!("{how}: {}", found.rule.what),
        });
    }
    out
}
