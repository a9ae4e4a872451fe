//! The records of `table.txt` read into plain data: shared by the crate's
//! `build.rs`, which turns them into Rust statics (so a process loads the
//! table instead of parsing it), and by `table.rs`'s tests. Plain types
//! only: the build script compiles this file on its own.

/// What `table.txt` holds: the prefiltered rows' plans, and whether each
/// row tried beside a partner signal matches line by line.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub rules: Vec<Rule>,
    pub beside: Vec<Beside>,
}

/// A `beside` record: a pattern and what `prefilter::line_local` says of
/// it (a regex parse each, ~0.5 M instructions, once per row a process).
#[derive(Debug, PartialEq, Eq)]
pub struct Beside {
    pub pattern: String,
    pub line_local: bool,
}

/// One rule's pattern and the plans of its alternatives, in order.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    pub pattern: String,
    pub plans: Vec<Plan>,
}

/// A plan as written: see `table::Plan`.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    Groups { groups: Vec<Vec<Atom>>, line: usize },
    Anchors(Vec<Atom>),
    Loose(String),
}

/// An atom as written: see `prefilter::Atom`.
#[derive(Debug, PartialEq, Eq)]
pub struct Atom {
    pub word: Vec<u8>,
    pub bounded: bool,
    pub then: Option<Edge>,
    pub before: Option<Edge>,
}

/// A `then` or `before` record: the skipped bytes' set (four words of
/// bits), the least run, the prefixes in the order written.
#[derive(Debug, PartialEq, Eq)]
pub struct Edge {
    pub skip: [u64; 4],
    pub least: usize,
    pub prefixes: Vec<Vec<u8>>,
}

/// The records `text` holds, or what is wrong with it and where.
pub fn parse(text: &str) -> Result<Table, String> {
    let mut table = Table::default();
    let rules = &mut table.rules;
    for (number, record) in text.lines().enumerate() {
        let at = |why: String| format!("line {}: {why}", number + 1);
        if record.starts_with('#') {
            continue;
        }
        let mut fields = record.split('\t');
        let tag = fields.next().unwrap_or_default();
        let fields: Vec<&str> = fields.collect();
        if tag == "rule" {
            rules.push(Rule {
                pattern: text_field(&fields, 0).map_err(at)?,
                plans: Vec::new(),
            });
            continue;
        }
        if tag == "beside" {
            table.beside.push(Beside {
                pattern: text_field(&fields, 0).map_err(at)?,
                line_local: flag(&fields, 1).map_err(at)?,
            });
            continue;
        }
        let plans = &mut rules
            .last_mut()
            .ok_or_else(|| at(format!("`{tag}` before any `rule`")))?
            .plans;
        record_into(plans, tag, &fields).map_err(at)?;
    }
    Ok(table)
}

/// Adds one record (other than `rule`) to the plans of its rule.
fn record_into(plans: &mut Vec<Plan>, tag: &str, fields: &[&str]) -> Result<(), String> {
    match tag {
        "groups" => plans.push(Plan::Groups {
            groups: Vec::new(),
            line: field(fields, 0)?
                .parse()
                .map_err(|e| format!("group index: {e}"))?,
        }),
        "anchors" => plans.push(Plan::Anchors(Vec::new())),
        "loose" => plans.push(Plan::Loose(text_field(fields, 0)?)),
        "group" => match plans.last_mut() {
            Some(Plan::Groups { groups, .. }) => groups.push(Vec::new()),
            _ => return Err("`group` outside `groups`".to_owned()),
        },
        "atom" => {
            let atom = Atom {
                word: unescape(field(fields, 0)?)?,
                bounded: flag(fields, 1)?,
                then: None,
                before: None,
            };
            match plans.last_mut() {
                Some(Plan::Groups { groups, .. }) => {
                    groups.last_mut().ok_or("`atom` before `group`")?.push(atom)
                }
                Some(Plan::Anchors(atoms)) => atoms.push(atom),
                _ => return Err("`atom` outside `groups` or `anchors`".to_owned()),
            }
        }
        "then" | "before" => {
            let edge = read_edge(fields)?;
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
        Plan::Groups { groups, .. } => groups.last_mut()?.last_mut(),
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

/// A `0` or `1` field.
fn flag(fields: &[&str], at: usize) -> Result<bool, String> {
    match field(fields, at)? {
        "0" => Ok(false),
        "1" => Ok(true),
        other => Err(format!("flag {other:?} is not 0 or 1")),
    }
}

/// A field that holds UTF-8 text (a pattern, a loosened regex).
fn text_field(fields: &[&str], at: usize) -> Result<String, String> {
    String::from_utf8(unescape(field(fields, at)?)?).map_err(|e| e.to_string())
}

/// A `then` or `before` record: skipped bytes, least run, prefixes.
fn read_edge(fields: &[&str]) -> Result<Edge, String> {
    let words: Vec<u64> = field(fields, 0)?
        .split(',')
        .map(|w| u64::from_str_radix(w, 16).map_err(|e| format!("byte set {w:?}: {e}")))
        .collect::<Result<_, _>>()?;
    let skip = words
        .try_into()
        .map_err(|_| "a byte set is four words".to_owned())?;
    let least = field(fields, 1)?
        .parse()
        .map_err(|e| format!("least {:?}: {e}", fields[1]))?;
    let prefixes = fields[2..]
        .iter()
        .map(|p| unescape(p))
        .collect::<Result<_, _>>()?;
    Ok(Edge {
        skip,
        least,
        prefixes,
    })
}

/// The bytes `table::escape` wrote as `text` (Rust's ASCII escapes).
pub fn unescape(text: &str) -> Result<Vec<u8>, String> {
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
