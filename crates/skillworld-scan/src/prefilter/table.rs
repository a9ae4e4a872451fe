//! What the prefilter derives from every row's pattern, derived once and
//! checked in (`table.txt`), the way `ucd-generate` tables are: parsing
//! and walking ~140 patterns with `regex-syntax` was over a third of the
//! CPU time of a process's first scan. A row whose pattern is not in the
//! table (changed since it was generated) is derived as before, so a
//! stale table costs start-up time, never a finding; the test
//! `the_table_is_what_the_rows_derive` fails until it is regenerated:
//!
//! `REGENERATE=1 cargo test -p skillworld-scan --lib the_table_is_what_the_rows_derive`

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use super::{Atom, ByteSet, Then, anchors, branches, prefilter, requirements};
#[cfg(test)]
use crate::rules::{RULES, Signal};

/// How one top-level alternative of a rule finds its candidate lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Its groups of atoms, the triggering one first.
    Groups(Vec<Vec<Atom>>),
    /// No group: the short literals it needs.
    Anchors(Vec<Atom>),
    /// Neither: a loosened regex.
    Loose(String),
}

/// The plans of `pattern`'s alternatives, in order: from the table when
/// it holds the pattern (lent, not copied: the engine keeps only the
/// trigger atoms whole), else derived.
pub fn plans(pattern: &str) -> Cow<'static, [Plan]> {
    match TABLE.get(pattern) {
        Some(plans) => Cow::Borrowed(plans),
        None => Cow::Owned(derive(pattern)),
    }
}

/// The plans of `pattern`'s alternatives, read from the pattern.
pub fn derive(pattern: &str) -> Vec<Plan> {
    branches(pattern)
        .into_iter()
        .map(|branch| {
            let groups = requirements(&branch);
            if !groups.is_empty() {
                Plan::Groups(groups)
            } else if let Some(atoms) = anchors(&branch) {
                Plan::Anchors(atoms)
            } else {
                Plan::Loose(prefilter(&format!("(?i){branch}")))
            }
        })
        .collect()
}

const FILE: &str = include_str!("table.txt");

static TABLE: LazyLock<HashMap<String, Vec<Plan>>> =
    LazyLock::new(|| parse(FILE).expect("prefilter/table.txt parses"));

/// The patterns the engine splits into plans: the rest (Unicode rules,
/// rules tried beside a partner) are not prefiltered by atoms.
#[cfg(test)]
fn planned() -> impl Iterator<Item = &'static str> {
    RULES
        .iter()
        .filter(|r| {
            !r.pattern.is_empty() && !r.pattern.starts_with("(?u") && r.beside == Signal::None
        })
        .map(|r| r.pattern)
}

/// The table's text for the rows as they are.
#[cfg(test)]
pub fn generate() -> String {
    let mut out = String::from(
        "# Generated from rules.rs by prefilter/table.rs: do not edit. Regenerate with\n\
         # REGENERATE=1 cargo test -p skillworld-scan --lib the_table_is_what_the_rows_derive\n",
    );
    let mut seen = std::collections::HashSet::new();
    for pattern in planned().filter(|p| seen.insert(*p)) {
        line(&mut out, "rule", [escape(pattern.as_bytes())]);
        for plan in derive(pattern) {
            match plan {
                Plan::Groups(groups) => {
                    out.push_str("groups\n");
                    for group in groups {
                        out.push_str("group\n");
                        group.iter().for_each(|atom| write_atom(&mut out, atom));
                    }
                }
                Plan::Anchors(atoms) => {
                    out.push_str("anchors\n");
                    atoms.iter().for_each(|atom| write_atom(&mut out, atom));
                }
                Plan::Loose(regex) => line(&mut out, "loose", [escape(regex.as_bytes())]),
            }
        }
    }
    out
}

#[cfg(test)]
fn line(out: &mut String, tag: &str, fields: impl IntoIterator<Item = String>) {
    out.push_str(tag);
    for field in fields {
        out.push('\t');
        out.push_str(&field);
    }
    out.push('\n');
}

#[cfg(test)]
fn write_atom(out: &mut String, atom: &Atom) {
    line(
        out,
        "atom",
        [escape(&atom.word), u8::from(atom.bounded).to_string()],
    );
    for (tag, edge) in [("then", &atom.then), ("before", &atom.before)] {
        if let Some(edge) = edge {
            let head = [
                edge.skip.0.map(|w| format!("{w:016x}")).join(","),
                edge.least.to_string(),
            ];
            line(
                out,
                tag,
                head.into_iter()
                    .chain(edge.prefixes.iter().map(|p| escape(p))),
            );
        }
    }
}

/// Bytes as printable ASCII with Rust's escapes: no tab or newline, so
/// fields are split on tabs and records on newlines.
#[cfg(test)]
fn escape(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}

/// The bytes `escape` wrote as `text`.
fn unescape(text: &str) -> Result<Vec<u8>, String> {
    // Most fields hold no escape (a word, a prefix): copied whole.
    if !text.contains('\\') {
        return Ok(text.as_bytes().to_vec());
    }
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(byte) = bytes.next() {
        if byte != b'\\' {
            out.push(byte);
            continue;
        }
        let escaped = match bytes.next() {
            Some(b't') => b'\t',
            Some(b'r') => b'\r',
            Some(b'n') => b'\n',
            Some(b @ (b'\\' | b'\'' | b'"')) => b,
            Some(b'x') => {
                let hex: Vec<u8> = bytes.by_ref().take(2).collect();
                std::str::from_utf8(&hex)
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("bad \\x escape in {text:?}"))?
            }
            other => return Err(format!("bad escape {other:?} in {text:?}")),
        };
        out.push(escaped);
    }
    Ok(out)
}

/// The table `text` holds, or what is wrong with it and where.
fn parse(text: &str) -> Result<HashMap<String, Vec<Plan>>, String> {
    let mut table: HashMap<String, Vec<Plan>> = HashMap::new();
    let mut rule: Option<(String, Vec<Plan>)> = None;
    for (number, record) in text.lines().enumerate() {
        let at = |why: String| format!("line {}: {why}", number + 1);
        if record.starts_with('#') {
            continue;
        }
        let mut fields = record.split('\t');
        let tag = fields.next().unwrap_or_default();
        let fields: Vec<&str> = fields.collect();
        if tag == "rule" {
            let pattern = String::from_utf8(unescape(field(&fields, 0).map_err(at)?).map_err(at)?)
                .map_err(|e| at(e.to_string()))?;
            table.extend(rule.replace((pattern, Vec::new())));
            continue;
        }
        let plans = &mut rule
            .as_mut()
            .ok_or_else(|| at(format!("`{tag}` before any `rule`")))?
            .1;
        record_into(plans, tag, &fields).map_err(at)?;
    }
    table.extend(rule);
    Ok(table)
}

/// Adds one record (other than `rule`) to the plans of its rule.
fn record_into(plans: &mut Vec<Plan>, tag: &str, fields: &[&str]) -> Result<(), String> {
    match tag {
        "groups" => plans.push(Plan::Groups(Vec::new())),
        "anchors" => plans.push(Plan::Anchors(Vec::new())),
        "loose" => {
            let regex =
                String::from_utf8(unescape(field(fields, 0)?)?).map_err(|e| e.to_string())?;
            plans.push(Plan::Loose(regex));
        }
        "group" => match plans.last_mut() {
            Some(Plan::Groups(groups)) => groups.push(Vec::new()),
            _ => return Err("`group` outside `groups`".to_owned()),
        },
        "atom" => {
            let atom = Atom {
                word: unescape(field(fields, 0)?)?,
                bounded: field(fields, 1)? == "1",
                then: None,
                before: None,
            };
            match plans.last_mut() {
                Some(Plan::Groups(groups)) => {
                    groups.last_mut().ok_or("`atom` before `group`")?.push(atom)
                }
                Some(Plan::Anchors(atoms)) => atoms.push(atom),
                _ => return Err("`atom` outside `groups` or `anchors`".to_owned()),
            }
        }
        "then" | "before" => {
            let edge = read_edge(fields, tag == "before")?;
            let atom = last_atom(plans).ok_or_else(|| format!("`{tag}` before any `atom`"))?;
            *if tag == "then" {
                &mut atom.then
            } else {
                &mut atom.before
            } = Some(edge);
        }
        other => return Err(format!("unknown record `{other}`")),
    }
    Ok(())
}

fn last_atom(plans: &mut [Plan]) -> Option<&mut Atom> {
    match plans.last_mut()? {
        Plan::Groups(groups) => groups.last_mut()?.last_mut(),
        Plan::Anchors(atoms) => atoms.last_mut(),
        Plan::Loose(_) => None,
    }
}

fn field<'a>(fields: &[&'a str], at: usize) -> Result<&'a str, String> {
    fields
        .get(at)
        .copied()
        .ok_or_else(|| format!("field {} missing", at + 1))
}

/// A `then` or `before` record: skipped bytes, least run, prefixes.
fn read_edge(fields: &[&str], backwards: bool) -> Result<Then, String> {
    let words: Vec<u64> = field(fields, 0)?
        .split(',')
        .map(|w| u64::from_str_radix(w, 16).map_err(|e| format!("byte set {w:?}: {e}")))
        .collect::<Result<_, _>>()?;
    let skip = ByteSet(
        words
            .try_into()
            .map_err(|_| "a byte set is four words".to_owned())?,
    );
    let least = field(fields, 1)?
        .parse()
        .map_err(|e| format!("least {:?}: {e}", fields[1]))?;
    let prefixes = fields[2..]
        .iter()
        .map(|p| unescape(p))
        .collect::<Result<_, _>>()?;
    Ok(Then::new(skip, least, prefixes, backwards))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in table is what the rows derive today, and reads back
    /// as what was derived.
    #[test]
    fn the_table_is_what_the_rows_derive() {
        let generated = generate();
        if std::env::var_os("REGENERATE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/prefilter/table.txt");
            std::fs::write(path, &generated).expect("table.txt written");
            return;
        }
        let parsed = parse(&generated).expect("the generated table parses");
        for pattern in planned() {
            assert_eq!(parsed.get(pattern), Some(&derive(pattern)), "{pattern}");
        }
        assert!(
            FILE == generated,
            "prefilter/table.txt is stale: regenerate it with\n\
             REGENERATE=1 cargo test -p skillworld-scan --lib the_table_is_what_the_rows_derive"
        );
    }

    /// A pattern the table does not hold is derived.
    #[test]
    fn a_pattern_not_in_the_table_is_derived() {
        let pattern = r"\bnot\s+a\s+row\s+(?:of|in)\s+rules\b|x'y";
        assert!(!TABLE.contains_key(pattern));
        assert_eq!(plans(pattern), derive(pattern));
        assert!(matches!(plans(pattern)[0], Plan::Groups(_)));
    }

    #[test]
    fn bad_records_are_named() {
        for (text, expected) in [
            ("atom\tx\t1\n", "line 1: `atom` before any `rule`"),
            (
                "rule\tx\ngroups\natom\tx\t1\n",
                "line 3: `atom` before `group`",
            ),
            ("rule\tx\nloose\t\\q\n", "line 2: bad escape Some(113)"),
            (
                "rule\tx\nanchors\natom\tx\t0\nthen\tzz\t1\n",
                "line 4: byte set \"zz\"",
            ),
        ] {
            let error = parse(text).expect_err(text);
            assert!(error.starts_with(expected), "{error}");
        }
    }
}
