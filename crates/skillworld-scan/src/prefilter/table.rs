//! What the prefilter derives from every row's pattern, derived once and
//! checked in (`table.txt`), the way `ucd-generate` tables are: parsing
//! and walking ~140 patterns with `regex-syntax` was over a third of the
//! CPU time of a process's first scan. A row whose pattern is not in the
//! table (changed since it was generated) is derived as before, so a
//! stale table costs start-up time, never a finding; the test
//! `the_table_is_what_the_rows_derive` fails until it is regenerated:
//!
//! `REGENERATE=1 cargo test -p skillworld-scan --lib the_table_is_what_the_rows_derive`
//!
//! The text is not parsed at run time: the crate's `build.rs` turns it
//! into statics (`$OUT_DIR/prefilter_table.rs`, included below) that hold
//! no pointer, byte strings as spans of one array and records naming each
//! other by index, so the loader relocates nothing in them at a process's
//! start. A process's first scan builds the plans from them once: the
//! atoms borrow their words and their edges' prefixes from the statics,
//! share their edges (~46,000 atoms, ~4,200 distinct edges) and lend
//! their groups to the plans, so it allocates a few arrays, not ~150,000
//! vectors. Its `beside` records answer [`line_local`] for the rows tried
//! beside a partner, whose patterns a process would otherwise parse once
//! each (~45 M instructions, a quarter of the start-up before a first
//! scan).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use super::strings::Strings;
use super::{Atom, ByteSet, Order, Then, anchors, branches, prefilter, requirements};
#[cfg(test)]
use crate::rules::{RULES, Signal};

/// The statics `build.rs` wrote from `table.txt`.
mod generated {
    use super::{AtomRow, EdgeRow, PlanRow, Span};

    include!(concat!(env!("OUT_DIR"), "/prefilter_table.rs"));
}

/// Where a run of items is in one of the statics: its start and end.
#[derive(Clone, Copy)]
struct Span(u32, u32);

impl Span {
    fn of<T>(self, all: &'static [T]) -> &'static [T] {
        &all[self.0 as usize..self.1 as usize]
    }
}

/// A [`Then`]: its skipped bytes and least run, its prefixes' bytes (in
/// `BYTES`) and their ends (in `ENDS`, from the bytes' start), in the
/// order `Then` keeps them, and whether it is read backwards.
struct EdgeRow {
    skip: [u64; 4],
    least: u32,
    prefixes: Span,
    ends: Span,
    backwards: bool,
}

/// An [`Atom`]: its word (in `BYTES`), its edges (in `EDGES`).
struct AtomRow {
    word: Span,
    bounded: bool,
    then: Option<u32>,
    before: Option<u32>,
}

/// A [`Plan`]: its groups (in `GROUPS`, each a span of `ATOMS`), its
/// anchors (in `ATOMS`) or its loosened regex (in `BYTES`).
enum PlanRow {
    Groups {
        groups: Span,
        line: u32,
    },
    Anchors(Span),
    #[allow(dead_code, reason = "a table written while a row is loose holds one")]
    Loose(Span),
}

/// The records `build.rs` reads, read here for the tests.
#[cfg(test)]
#[path = "records.rs"]
#[allow(dead_code)] // build.rs reads every field; the tests only count them
mod records;

/// How one top-level alternative of a rule finds its candidate lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Its groups of atoms, the cheapest first: the trigger, the one the
    /// word search looks for.
    Groups {
        groups: Cow<'static, [Cow<'static, [Atom]>]>,
        /// The group whose own line is the candidate: the trigger for a
        /// row that reads lines; for a row that reads sentences, the group
        /// whose shortest word is longest ([`Order::Longest`]), whose line
        /// its findings are read from.
        line: usize,
    },
    /// No group: the short literals it needs.
    Anchors(Cow<'static, [Atom]>),
    /// Neither: a loosened regex.
    Loose(Cow<'static, str>),
}

/// The plans of `pattern`'s alternatives, in order: from the table when
/// it holds the pattern (lent, not copied: the engine keeps only the
/// trigger atoms whole), else derived, its groups in `order`.
pub fn plans(pattern: &str, order: Order) -> Cow<'static, [Plan]> {
    match TABLE.get(pattern.as_bytes()) {
        Some(plans) => Cow::Borrowed(plans),
        None => Cow::Owned(derive(pattern, order)),
    }
}

/// The plans of `pattern`'s alternatives, read from the pattern, their
/// candidate lines chosen in `order`.
pub fn derive(pattern: &str, order: Order) -> Vec<Plan> {
    branches(pattern)
        .into_iter()
        .map(|branch| {
            let groups = requirements(&branch, Order::Measured);
            if !groups.is_empty() {
                let line = match order {
                    Order::Measured => 0,
                    Order::Longest => {
                        let first = &requirements(&branch, Order::Longest)[0];
                        groups.iter().position(|g| g == first).unwrap_or(0)
                    }
                };
                Plan::Groups {
                    groups: groups.into_iter().map(Cow::Owned).collect(),
                    line,
                }
            } else if let Some(atoms) = anchors(&branch) {
                Plan::Anchors(Cow::Owned(atoms))
            } else {
                Plan::Loose(Cow::Owned(prefilter(&format!("(?i){branch}"))))
            }
        })
        .collect()
}

/// Whether `pattern` matches line by line ([`super::line_local`]): from
/// the table when it holds the pattern (the rows tried beside a partner),
/// else derived.
pub fn line_local(pattern: &str) -> bool {
    match LOCAL.get(pattern.as_bytes()) {
        Some(&local) => local,
        None => super::line_local(pattern),
    }
}

#[cfg(test)]
const FILE: &str = include_str!("table.txt");

/// The plans of each pattern the table holds, by the pattern.
static TABLE: LazyLock<HashMap<&[u8], &[Plan]>> = LazyLock::new(|| {
    (generated::ENTRIES.iter())
        .map(|&(pattern, plans)| (pattern.of(&generated::BYTES), plans.of(&PLANS)))
        .collect()
});

static LOCAL: LazyLock<HashMap<&[u8], bool>> = LazyLock::new(|| {
    (generated::LINE_LOCAL.iter())
        .map(|&(pattern, local)| (pattern.of(&generated::BYTES), local))
        .collect()
});

/// The statics of the same names, built: each item of `generated`'s at
/// the same index.
static EDGES: LazyLock<Box<[Arc<Then>]>> = LazyLock::new(|| {
    (generated::EDGES.iter())
        .map(|edge| {
            let prefixes = Strings::borrowed(
                edge.prefixes.of(&generated::BYTES),
                edge.ends.of(&generated::ENDS),
            );
            let (skip, least) = (ByteSet(edge.skip), edge.least as usize);
            Arc::new(Then::of_ordered(skip, least, prefixes, edge.backwards))
        })
        .collect()
});

static ATOMS: LazyLock<Box<[Atom]>> = LazyLock::new(|| {
    let edge = |at: Option<u32>| at.map(|at| Arc::clone(&EDGES[at as usize]));
    (generated::ATOMS.iter())
        .map(|atom| Atom {
            word: Cow::Borrowed(atom.word.of(&generated::BYTES)),
            bounded: atom.bounded,
            then: edge(atom.then),
            before: edge(atom.before),
        })
        .collect()
});

static GROUPS: LazyLock<Box<[Cow<'static, [Atom]>]>> = LazyLock::new(|| {
    (generated::GROUPS.iter())
        .map(|atoms| Cow::Borrowed(atoms.of(&ATOMS)))
        .collect()
});

static PLANS: LazyLock<Box<[Plan]>> = LazyLock::new(|| {
    (generated::PLANS.iter())
        .map(|plan| match *plan {
            PlanRow::Groups { groups, line } => Plan::Groups {
                groups: Cow::Borrowed(groups.of(&GROUPS)),
                line: line as usize,
            },
            PlanRow::Anchors(atoms) => Plan::Anchors(Cow::Borrowed(atoms.of(&ATOMS))),
            PlanRow::Loose(regex) => Plan::Loose(Cow::Borrowed(
                std::str::from_utf8(regex.of(&generated::BYTES))
                    .expect("build.rs writes the table's text as it read it"),
            )),
        })
        .collect()
});

/// The patterns the engine splits into plans: the rest (Unicode rules,
/// rules tried beside a partner) are not prefiltered by atoms.
/// Each with its groups' order: a pattern two rows share is ordered as
/// for rows that read sentences if either does.
#[cfg(test)]
fn planned() -> impl Iterator<Item = (&'static str, Order)> {
    let rows = || {
        RULES.iter().filter(|r| {
            !r.pattern.is_empty() && !r.pattern.starts_with("(?u") && r.beside == Signal::None
        })
    };
    rows().map(move |r| {
        let sentences = rows().any(|o| o.pattern == r.pattern && o.reads_sentences());
        (r.pattern, Order::of(sentences))
    })
}

/// The patterns the engine asks [`line_local`] of: the rows tried beside
/// a partner signal.
#[cfg(test)]
fn tried_beside() -> impl Iterator<Item = &'static str> {
    RULES
        .iter()
        .filter(|r| {
            !r.pattern.is_empty() && !r.pattern.starts_with("(?u") && r.beside != Signal::None
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
    for (pattern, order) in planned().filter(|(p, _)| seen.insert(*p)) {
        line(&mut out, "rule", [escape(pattern.as_bytes())]);
        for plan in derive(pattern, order) {
            match plan {
                Plan::Groups { groups, line } => {
                    out.push_str(&format!("groups\t{line}\n"));
                    for group in groups.iter() {
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
    let mut seen = std::collections::HashSet::new();
    for pattern in tried_beside().filter(|p| seen.insert(*p)) {
        let local = u8::from(super::line_local(pattern)).to_string();
        line(&mut out, "beside", [escape(pattern.as_bytes()), local]);
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
                head.into_iter().chain(edge.prefixes.iter().map(escape)),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in table is what the rows derive today, and the
    /// statics `build.rs` made of it are what was derived.
    #[test]
    fn the_table_is_what_the_rows_derive() {
        let generated = generate();
        if std::env::var_os("REGENERATE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/prefilter/table.txt");
            std::fs::write(path, &generated).expect("table.txt written");
            return;
        }
        assert!(
            FILE == generated,
            "prefilter/table.txt is stale: regenerate it with\n\
             REGENERATE=1 cargo test -p skillworld-scan --lib the_table_is_what_the_rows_derive"
        );
        for (pattern, order) in planned() {
            assert_eq!(
                TABLE.get(pattern.as_bytes()).copied(),
                Some(&derive(pattern, order)[..]),
                "{pattern}"
            );
        }
        for pattern in tried_beside() {
            assert_eq!(
                LOCAL.get(pattern.as_bytes()).copied(),
                Some(super::super::line_local(pattern)),
                "{pattern}"
            );
        }
        let records = records::parse(FILE).expect("table.txt parses");
        assert_eq!(records.rules.len(), TABLE.len());
        assert_eq!(records.beside.len(), LOCAL.len());
    }

    /// A pattern the table does not hold is derived.
    /// A loose plan runs its regex over every file the scanner reads: one
    /// row's Spanish `(?:o|ó)`, a class no literal survives, tripled the
    /// scan bench's instructions (2026-12-04). Spell such a choice as
    /// whole words (`(?:on|ón)`) so the words anchor it. Anchors are for
    /// punctuation (`'`, `$(`): an alternative of common words only fell
    /// back to anchoring on "do", and the search stopped at every one
    /// (+77 %); give it a group of uncommon words instead.
    #[test]
    fn every_row_is_anchored_by_words_or_literals() {
        for (pattern, order) in planned() {
            for plan in derive(pattern, order) {
                match plan {
                    Plan::Loose(_) => {
                        panic!(
                            "an alternative of {pattern} has neither words nor literals to find it by"
                        )
                    }
                    Plan::Anchors(atoms) => assert!(
                        atoms.iter().all(|a| !a.word[0].is_ascii_alphanumeric()),
                        "an alternative of {pattern} is found only by common words"
                    ),
                    Plan::Groups { .. } => {}
                }
            }
        }
    }

    /// The prefilter reads patterns byte by byte (`unicode(false)`), the
    /// rows' regexes by character. A character beyond ASCII written in a
    /// bracketed class (`[\[【]`) does not parse byte by byte, so its
    /// alternative is loose and `every_row_is_anchored_by_words_or_literals`
    /// refuses it; but an escape (`[\[\x90]`) parses as a byte here and
    /// as the character U+0090 in the regex, and a class of a few bytes is
    /// spelt out as literals, which would then never occur where the regex
    /// matches: the row would never fire. Write such a choice as
    /// alternatives (`(?:\[|【)`) or the class in Unicode mode
    /// (`(?u:[…'])`), which both read alike.
    #[test]
    fn no_small_class_holds_a_byte_beyond_ascii() {
        use regex_syntax::hir::{Class, Hir, HirKind};
        fn spelled_high_byte(hir: &Hir) -> bool {
            match hir.kind() {
                HirKind::Class(Class::Bytes(class)) => {
                    !super::super::is_wide(hir) && class.ranges().iter().any(|r| r.end() >= 0x80)
                }
                HirKind::Capture(c) => spelled_high_byte(&c.sub),
                HirKind::Repetition(r) => spelled_high_byte(&r.sub),
                HirKind::Concat(parts) | HirKind::Alternation(parts) => {
                    parts.iter().any(spelled_high_byte)
                }
                _ => false,
            }
        }
        let parse = |pattern: &str| {
            super::super::parse(pattern).unwrap_or_else(|| panic!("{pattern} does not parse"))
        };
        assert!(spelled_high_byte(&parse(r"^[\[\x90]系统通知")));
        assert!(!spelled_high_byte(&parse(r"^(?:\[|【)系统通知|(?u:[…'])$")));
        for (pattern, _) in planned() {
            assert!(
                !spelled_high_byte(&parse(pattern)),
                "a class of a few bytes in {pattern} holds a byte beyond ASCII"
            );
        }
    }

    #[test]
    fn a_pattern_not_in_the_table_is_derived() {
        let pattern = r"\bnot\s+a\s+row\s+(?:of|in)\s+rules\b|x'y";
        assert!(!TABLE.contains_key(pattern.as_bytes()));
        let order = Order::Measured;
        assert_eq!(plans(pattern, order), derive(pattern, order));
        assert!(matches!(plans(pattern, order)[0], Plan::Groups { .. }));
        for (pattern, local) in [(r"\bnot\s+a\s+row\b", true), (r"\Anot a row\b", false)] {
            assert!(!LOCAL.contains_key(pattern.as_bytes()));
            assert_eq!(line_local(pattern), local, "{pattern}");
        }
    }

    #[test]
    fn bad_records_are_named() {
        for (text, expected) in [
            ("atom\tx\t1\n", "line 1: `atom` before any `rule`"),
            (
                "rule\tx\ngroups\t0\natom\tx\t1\n",
                "line 3: `atom` before `group`",
            ),
            ("rule\tx\ngroups\n", "line 2: field 1 missing"),
            ("rule\tx\ngroups\tz\n", "line 2: group index: invalid digit"),
            ("rule\tx\nloose\t\\q\n", "line 2: bad escape Some(113)"),
            ("beside\tx\t2\n", "line 1: flag \"2\" is not 0 or 1"),
            (
                "rule\tx\nanchors\natom\tx\t0\nthen\tzz\t1\n",
                "line 4: byte set \"zz\"",
            ),
        ] {
            let error = records::parse(text).expect_err(text);
            assert!(error.starts_with(expected), "{error}");
        }
    }
}
