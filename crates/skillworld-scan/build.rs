//! Turns the prefilter's checked-in table (`src/prefilter/table.txt`) into
//! Rust statics in `$OUT_DIR/prefilter_table.rs`, which
//! `src/prefilter/table.rs` includes: every process then builds the plans
//! from them where it used to parse 2.7 MB of text into ~150,000
//! allocations, half of a process's first scan; and says which rows tried
//! beside a partner match line by line, where a process parsed each of
//! their patterns. The text stays the one source:
//! `the_table_is_what_the_rows_derive` checks it against the rows, and
//! against these statics.
//!
//! The statics hold no pointer: every byte string is a span of one byte
//! array (`$OUT_DIR/prefilter_bytes.bin`), and records name each other by
//! index. A slice in a static is a pointer the dynamic loader relocates
//! in a position-independent binary at every start, writing (so copying)
//! its page: the statics of slices were 172,860 relocations and 11 MB of
//! pages copied before `main` (import87); these stay the file's pages,
//! read only, and only when a process scans.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

#[path = "src/prefilter/records.rs"]
mod records;

use records::{Atom, Edge, Plan};

fn main() {
    println!("cargo:rerun-if-changed=src/prefilter/table.txt");
    println!("cargo:rerun-if-changed=src/prefilter/records.rs");
    let text = std::fs::read_to_string("src/prefilter/table.txt").expect("table.txt read");
    let table = records::parse(&text).unwrap_or_else(|e| panic!("prefilter/table.txt: {e}"));
    let mut out = Emitter::default();
    for rule in &table.rules {
        let pattern = out.bytes(rule.pattern.as_bytes());
        let plans = out.plans(&rule.plans);
        out.entries.push(format!("({pattern}, {plans})"));
    }
    for beside in &table.beside {
        let pattern = out.bytes(beside.pattern.as_bytes());
        out.line_local
            .push(format!("({pattern}, {})", beside.line_local));
    }
    let dir = std::env::var_os("OUT_DIR").expect("OUT_DIR");
    std::fs::write(Path::new(&dir).join("prefilter_bytes.bin"), &out.bytes)
        .expect("prefilter_bytes.bin written");
    std::fs::write(Path::new(&dir).join("prefilter_table.rs"), out.code())
        .expect("prefilter_table.rs written");
}

/// An edge as written, and which way it reads.
type EdgeKey = ([u64; 4], usize, Vec<Vec<u8>>, bool);

/// The statics' items written so far. Equal byte strings, edges, atom
/// lists (a plan's group, an alternative's anchors) and group lists are
/// written once, and share their index.
#[derive(Default)]
struct Emitter {
    bytes: Vec<u8>,
    spans: HashMap<Vec<u8>, String>,
    /// Each edge's prefixes' ends, from the start of its prefixes' bytes.
    ends: Vec<u32>,
    edges: Vec<String>,
    edge_at: HashMap<EdgeKey, usize>,
    atoms: Vec<String>,
    atom_lists: HashMap<Vec<String>, String>,
    groups: Vec<String>,
    group_lists: HashMap<Vec<String>, String>,
    plans: Vec<String>,
    entries: Vec<String>,
    line_local: Vec<String>,
}

impl Emitter {
    fn code(&self) -> String {
        let mut code = format!(
            "pub(super) static BYTES: [u8; {}] = \
             *include_bytes!(concat!(env!(\"OUT_DIR\"), \"/prefilter_bytes.bin\"));\n",
            self.bytes.len()
        );
        let ends: Vec<String> = self.ends.iter().map(u32::to_string).collect();
        for (name, ty, items) in [
            ("ENDS", "u32", &ends),
            ("EDGES", "EdgeRow", &self.edges),
            ("ATOMS", "AtomRow", &self.atoms),
            ("GROUPS", "Span", &self.groups),
            ("PLANS", "PlanRow", &self.plans),
            ("ENTRIES", "(Span, Span)", &self.entries),
            ("LINE_LOCAL", "(Span, bool)", &self.line_local),
        ] {
            writeln!(
                code,
                "pub(super) static {name}: [{ty}; {}] = [{}];",
                items.len(),
                items.join(",\n")
            )
            .expect("written");
        }
        code
    }

    /// The span of `bytes` in `BYTES`.
    fn bytes(&mut self, bytes: &[u8]) -> String {
        if let Some(span) = self.spans.get(bytes) {
            return span.clone();
        }
        let span = span(self.bytes.len(), self.bytes.len() + bytes.len());
        self.bytes.extend_from_slice(bytes);
        self.spans.insert(bytes.to_vec(), span.clone());
        span
    }

    /// The span of `plans` in `PLANS`.
    fn plans(&mut self, plans: &[Plan]) -> String {
        let rows: Vec<String> = plans.iter().map(|plan| self.plan(plan)).collect();
        let start = self.plans.len();
        self.plans.extend(rows);
        span(start, self.plans.len())
    }

    fn plan(&mut self, plan: &Plan) -> String {
        match plan {
            Plan::Groups { groups, line } => {
                let groups: Vec<String> = groups.iter().map(|atoms| self.atoms(atoms)).collect();
                let groups = listed(&mut self.groups, &mut self.group_lists, groups);
                format!("PlanRow::Groups {{ groups: {groups}, line: {line} }}")
            }
            Plan::Anchors(atoms) => format!("PlanRow::Anchors({})", self.atoms(atoms)),
            Plan::Loose(regex) => format!("PlanRow::Loose({})", self.bytes(regex.as_bytes())),
        }
    }

    /// The span of `atoms` in `ATOMS`.
    fn atoms(&mut self, atoms: &[Atom]) -> String {
        let rows: Vec<String> = atoms
            .iter()
            .map(|atom| {
                format!(
                    "AtomRow {{ word: {}, bounded: {}, then: {:?}, before: {:?} }}",
                    self.bytes(&atom.word),
                    atom.bounded,
                    atom.then.as_ref().map(|edge| self.edge(edge, false)),
                    atom.before.as_ref().map(|edge| self.edge(edge, true)),
                )
            })
            .collect();
        listed(&mut self.atoms, &mut self.atom_lists, rows)
    }

    /// The index of `edge` in `EDGES`: its prefixes as written, in the
    /// order `Then` keeps them (by their byte next to the atom).
    fn edge(&mut self, edge: &Edge, backwards: bool) -> usize {
        let key = (edge.skip, edge.least, edge.prefixes.clone(), backwards);
        if let Some(&at) = self.edge_at.get(&key) {
            return at;
        }
        let prefixes = self.bytes(&edge.prefixes.concat());
        let first = self.ends.len();
        let mut end = 0;
        for prefix in &edge.prefixes {
            end += u32::try_from(prefix.len()).expect("a prefix is short");
            self.ends.push(end);
        }
        let [a, b, c, d] = edge.skip;
        self.edges.push(format!(
            "EdgeRow {{ skip: [{a:#x}, {b:#x}, {c:#x}, {d:#x}], least: {}, \
             prefixes: {prefixes}, ends: {}, backwards: {backwards} }}",
            edge.least,
            span(first, self.ends.len()),
        ));
        self.edge_at.insert(key, self.edges.len() - 1);
        self.edges.len() - 1
    }
}

/// The span of `rows` in `all`, where an equal list was written before
/// (`written`) or at the end.
fn listed(
    all: &mut Vec<String>,
    written: &mut HashMap<Vec<String>, String>,
    rows: Vec<String>,
) -> String {
    if let Some(span) = written.get(&rows) {
        return span.clone();
    }
    let span = span(all.len(), all.len() + rows.len());
    all.extend(rows.iter().cloned());
    written.insert(rows, span.clone());
    span
}

fn span(start: usize, end: usize) -> String {
    format!("Span({start}, {end})")
}
