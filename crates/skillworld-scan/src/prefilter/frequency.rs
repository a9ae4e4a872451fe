//! How often each atom the prefilter may trigger on fits in skill text,
//! measured: a clause of a row that reads lines triggers on its group that
//! fits least often in a sample (`Order::Measured`), where the shortest
//! word's length and a list of everyday words only guessed it. On the
//! corpus the guess tried 10,166 lines a pass; the cheapest group of
//! each clause fits on about 3,200 (a common verb like `give` or `before`
//! is the longest word of many clauses whose other groups are rare).
//!
//! `frequency.txt` holds, for every atom of every row's groups (its word
//! and what the pattern says of the bytes around it, as one key), the
//! lines of a sample where the atom fits and the times its word occurs
//! (a word found costs the search a check even where it does not fit).
//! The sample: 16 MB of Markdown, Python, shell, JavaScript, TypeScript
//! and text files under 100 KB drawn at random (seed 76) from the public
//! skills of the benign sweeps 13–17, never from the corpus the scanner
//! is measured on. An atom not counted (a row added since) is given the
//! mean of the counted atoms of its word's length. Regenerate with a list
//! of sample files, one path a line:
//!
//! `SAMPLE=files.txt cargo test -p skillworld-scan --lib frequency -- --ignored`

use std::collections::HashMap;
use std::sync::LazyLock;

use super::{Atom, Then};

/// What fitting once on a line costs against finding the word once: the
/// line is searched for the clause's other groups.
const LINE_WEIGHT: u64 = 8;

/// (key, lines, occurrences) per line of the file.
static COUNTS: LazyLock<HashMap<u64, u64>> = LazyLock::new(|| parse(include_str!("frequency.txt")));

/// The mean cost of the counted atoms by their word's length (one to
/// twelve bytes or more): what an atom not counted is taken to cost.
const MEAN_BY_LENGTH: [u64; 12] = [
    60_000, 51_400, 10_203, 3_075, 1_247, 863, 632, 315, 102, 85, 59, 9,
];

/// What triggering on `atom` costs, as measured on the sample.
pub fn cost(atom: &Atom) -> u64 {
    COUNTS
        .get(&key(atom))
        .copied()
        .unwrap_or_else(|| MEAN_BY_LENGTH[atom.word.len().clamp(1, MEAN_BY_LENGTH.len()) - 1])
}

/// The atom as one number: FNV-1a over its word, its boundary and its
/// edges (stable across builds, unlike std's hasher).
fn key(atom: &Atom) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for &byte in bytes.iter().chain(&[0xFF]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&atom.word);
    eat(&[u8::from(atom.bounded)]);
    for edge in [&atom.then, &atom.before] {
        match edge.as_deref() {
            None => eat(b"-"),
            Some(Then {
                skip,
                least,
                prefixes,
                ..
            }) => {
                for word in skip.0 {
                    eat(&word.to_le_bytes());
                }
                eat(&least.to_le_bytes());
                prefixes.iter().for_each(&mut eat);
            }
        }
    }
    hash
}

fn parse(text: &str) -> HashMap<u64, u64> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let key = u64::from_str_radix(fields.next()?, 16).ok()?;
            let lines: u64 = fields.next()?.parse().ok()?;
            let found: u64 = fields.next()?.parse().ok()?;
            Some((key, lines * LINE_WEIGHT + found))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::prefilter::Order;
    use crate::prefilter::table::{Plan, plans};
    use crate::rules::RULES;

    #[test]
    fn an_atom_not_counted_costs_by_its_length() {
        let atom = |word: &'static [u8]| Atom {
            word: word.into(),
            bounded: false,
            then: None,
            before: None,
        };
        assert_eq!(cost(&atom(b"\x01never counted, and long")), 9);
        assert!(cost(&atom(b"\x01\x02\x03")) > cost(&atom(b"\x01\x02\x03\x04\x05\x06")));
    }

    #[test]
    #[ignore = "needs a sample of skill text: SAMPLE=files.txt"]
    fn frequency() {
        let sample = std::env::var("SAMPLE").expect("SAMPLE: a file listing sample files");
        let list = std::fs::read_to_string(&sample).expect("the sample's list");
        let mut atoms = BTreeSet::new();
        for rule in RULES {
            for plan in plans(rule.pattern, Order::Measured).iter() {
                if let Plan::Groups { groups, .. } = plan {
                    atoms.extend(groups.iter().flat_map(|g| g.iter()).cloned());
                }
            }
        }
        let atoms: Vec<Atom> = atoms.into_iter().collect();
        let mut words: Vec<&[u8]> = atoms.iter().map(|a| &*a.word).collect();
        words.dedup();
        let search = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(&words)
            .expect("the words' automaton");
        let mut by_word: HashMap<&[u8], Vec<usize>> = HashMap::new();
        for (at, atom) in atoms.iter().enumerate() {
            by_word.entry(&atom.word).or_default().push(at);
        }
        // (lines, occurrences, the last line counted) per atom.
        let mut counts = vec![(0u64, 0u64, usize::MAX); atoms.len()];
        for (file, path) in list.lines().enumerate() {
            let text = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let newlines: Vec<usize> = memchr::memchr_iter(b'\n', &text).collect();
            for found in search.find_overlapping_iter(&text) {
                let line = file << 32 | newlines.partition_point(|&n| n < found.start());
                for &at in &by_word[words[found.pattern().as_usize()]] {
                    let count = &mut counts[at];
                    count.1 += 1;
                    if count.2 != line && atoms[at].fits(&text, found.start()) {
                        count.0 += 1;
                        count.2 = line;
                    }
                }
            }
        }
        let mut out = String::from(
            "# Generated by prefilter/frequency.rs from a sample of skill text: do not edit.\n\
             # key\tlines fitted\toccurrences\tword\n",
        );
        for (atom, (lines, found, _)) in atoms.iter().zip(counts) {
            let word = atom.word.escape_ascii();
            out.push_str(&format!("{:016x}\t{lines}\t{found}\t{word}\n", key(atom)));
        }
        std::fs::write("src/prefilter/frequency.txt", out).expect("frequency.txt written");
    }
}
