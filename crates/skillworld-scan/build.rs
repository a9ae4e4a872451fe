//! Turns the prefilter's checked-in table (`src/prefilter/table.txt`) into
//! Rust statics in `$OUT_DIR/prefilter_table.rs`, which
//! `src/prefilter/table.rs` includes: every process then loads the plans
//! (borrowed slices in the binary) where it used to parse 2.7 MB of text
//! into ~150,000 allocations, half of a process's first scan; and says
//! which rows tried beside a partner match line by line, where a process
//! parsed each of their patterns. The text stays the one source:
//! `the_table_is_what_the_rows_derive` checks it against the rows, and
//! against these statics.

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
    let entries: Vec<String> = table
        .rules
        .iter()
        .map(|rule| {
            let plans: Vec<String> = rule.plans.iter().map(|p| out.plan(p)).collect();
            let name = out.array("Plan", &plans);
            format!("({}, &{name})", string(&rule.pattern))
        })
        .collect();
    let mut code = out.code;
    writeln!(
        code,
        "pub(super) static ENTRIES: &[(&str, &[Plan])] = &[{}];",
        entries.join(",\n")
    )
    .expect("written");
    let beside: Vec<String> = table
        .beside
        .iter()
        .map(|b| format!("({}, {})", string(&b.pattern), b.line_local))
        .collect();
    writeln!(
        code,
        "pub(super) static LINE_LOCAL: &[(&str, bool)] = &[{}];",
        beside.join(",\n")
    )
    .expect("written");
    let path = Path::new(&std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("prefilter_table.rs");
    std::fs::write(path, code).expect("prefilter_table.rs written");
}

/// The statics written so far, each array named once: equal prefix lists
/// (a group's atoms share their edges) are one static.
#[derive(Default)]
struct Emitter {
    code: String,
    named: HashMap<String, String>,
}

impl Emitter {
    /// The name of a static array of `items` (Rust expressions of `ty`).
    fn array(&mut self, ty: &str, items: &[String]) -> String {
        let body = items.join(",\n");
        let key = format!("{ty}[{body}]");
        if let Some(name) = self.named.get(&key) {
            return name.clone();
        }
        let name = format!("S{}", self.named.len());
        writeln!(
            self.code,
            "static {name}: [{ty}; {}] = [{body}];",
            items.len()
        )
        .expect("written");
        self.named.insert(key, name.clone());
        name
    }

    fn plan(&mut self, plan: &Plan) -> String {
        match plan {
            Plan::Groups { groups, line } => {
                let groups: Vec<String> = groups
                    .iter()
                    .map(|atoms| format!("B(&{})", self.atoms(atoms)))
                    .collect();
                format!(
                    "Plan::Groups {{ groups: B(&{}), line: {line} }}",
                    self.array("Cow<'static, [Atom]>", &groups)
                )
            }
            Plan::Anchors(atoms) => format!("Plan::Anchors(B(&{}))", self.atoms(atoms)),
            Plan::Loose(regex) => format!("Plan::Loose(B({}))", string(regex)),
        }
    }

    fn atoms(&mut self, atoms: &[Atom]) -> String {
        let atoms: Vec<String> = atoms
            .iter()
            .map(|atom| {
                format!(
                    "Atom {{ word: B({}), bounded: {}, then: {}, before: {} }}",
                    bytes(&atom.word),
                    atom.bounded,
                    self.edge(atom.then.as_ref(), false),
                    self.edge(atom.before.as_ref(), true),
                )
            })
            .collect();
        self.array("Atom", &atoms)
    }

    /// A `Then` as `Then::new` builds it: the prefixes ordered by their
    /// byte next to the atom (the last one, read `backwards`), that byte's
    /// set in both cases, and the bytes in order.
    fn edge(&mut self, edge: Option<&Edge>, backwards: bool) -> String {
        let Some(edge) = edge else {
            return "None".to_owned();
        };
        let next_to = |p: &Vec<u8>| if backwards { p.last() } else { p.first() }.copied();
        let mut prefixes: Vec<&Vec<u8>> = edge.prefixes.iter().collect();
        prefixes.sort_by_key(|p| next_to(p));
        let mut set = [0u64; 4];
        for byte in prefixes.iter().filter_map(|p| next_to(p)) {
            for byte in [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()] {
                set[usize::from(byte >> 6)] |= 1 << (byte & 63);
            }
        }
        let edge_bytes: Vec<u8> = prefixes.iter().map(|p| next_to(p).unwrap_or(0)).collect();
        let listed: Vec<String> = prefixes
            .iter()
            .map(|p| format!("B({})", bytes(p)))
            .collect();
        let prefixes = self.array("Cow<'static, [u8]>", &listed);
        format!(
            "Some(Then {{ skip: {}, least: {}, prefixes: B(&{prefixes}), edge: {}, edge_bytes: B({}) }})",
            byte_set(&edge.skip),
            edge.least,
            byte_set(&set),
            bytes(&edge_bytes),
        )
    }
}

fn byte_set(words: &[u64; 4]) -> String {
    format!(
        "ByteSet([{:#x}, {:#x}, {:#x}, {:#x}])",
        words[0], words[1], words[2], words[3]
    )
}

/// A byte string literal of `bytes`.
fn bytes(bytes: &[u8]) -> String {
    format!("b\"{}\"", bytes.escape_ascii())
}

/// A string literal of `text` (`Debug` writes Rust's escapes).
fn string(text: &str) -> String {
    format!("{text:?}")
}
