//! Typosquatting (SEC-4): a skill named one typo away from a known skill
//! from another origin. A warning only, never a block: `docx`/`pptx`/`xlsx`
//! and numbered names (`pdf-2`) are legitimate neighbours.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::WELL_KNOWN_SKILLS;

/// What the world knows when it scans a skill.
#[derive(Clone, Copy, Debug)]
pub struct ScanContext<'a> {
    /// Skills already installed (the world's Commons), each with its
    /// origin, kept by the world as it changes.
    pub known: Option<&'a KnownNames>,
    /// Where the scanned skill comes from (its import source, else its
    /// origin keyword): a known skill of the same origin is its sibling.
    pub origin: Option<&'a str>,
    /// Also compare with the compiled-in list of well-known skill names.
    pub well_known: bool,
}

impl Default for ScanContext<'_> {
    /// No world: the compiled-in list only, as `skillworld scan PATH` uses.
    fn default() -> Self {
        ScanContext {
            known: None,
            origin: None,
            well_known: true,
        }
    }
}

/// An index of skill names with their origins, to find the names one
/// typo away from a given one without comparing against every name: each
/// entry keeps its length and a 64-bit set of the characters it holds,
/// and an edit changes at most two bits of that set and the length by at
/// most one, so most names are ruled out by a subtraction and a popcount
/// over a dense array before any edit distance is computed.
#[derive(Clone, Debug, Default)]
pub struct KnownNames {
    /// (character set, length in characters), parallel to `entries`.
    keys: Vec<(u64, u32)>,
    /// (name, origin).
    entries: Vec<(String, String)>,
    by_name: HashMap<String, usize>,
    /// Names the content: 0 when empty, a number no other change of any
    /// index has drawn after each change, kept by clones (which hold the
    /// same content), so a verdict remembered for a version still holds.
    version: u64,
}

/// The last version drawn by any index.
static VERSIONS: AtomicU64 = AtomicU64::new(0);

impl KnownNames {
    pub fn new() -> Self {
        KnownNames::default()
    }

    /// Adds `name`, or changes its origin (empty when unknown: an unknown
    /// origin is shared with no other skill).
    pub fn insert(&mut self, name: &str, origin: &str) {
        self.version = VERSIONS.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(&at) = self.by_name.get(name) {
            origin.clone_into(&mut self.entries[at].1);
            return;
        }
        self.by_name.insert(name.to_owned(), self.entries.len());
        self.keys.push(key(name));
        self.entries.push((name.to_owned(), origin.to_owned()));
    }

    /// Removes `name` (nothing when it is not there).
    pub fn remove(&mut self, name: &str) {
        let Some(at) = self.by_name.remove(name) else {
            return;
        };
        self.version = VERSIONS.fetch_add(1, Ordering::Relaxed) + 1;
        self.keys.swap_remove(at);
        self.entries.swap_remove(at);
        if let Some((moved, _)) = self.entries.get(at) {
            self.by_name.insert(moved.clone(), at);
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What the index holds: equal versions, equal content.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// Whether `name` is here.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The first name (in insertion order, ties aside) that `name`
    /// (folded as `folded`) imitates, among those of another origin.
    fn imitated(&self, name: &str, folded: &str, origin: Option<&str>) -> Option<&str> {
        let (set, length) = key(folded);
        self.keys
            .iter()
            .zip(&self.entries)
            .filter(|((known_set, known_length), _)| {
                let limit = limit_for(*known_length);
                *known_length >= 4
                    && length.abs_diff(*known_length) <= limit
                    && (set ^ known_set).count_ones() <= 2 * limit
            })
            .map(|(_, (known, known_origin))| (known.as_str(), known_origin.as_str()))
            .find(|(known, known_origin)| {
                (known_origin.is_empty() || Some(*known_origin) != origin)
                    && imitates(name, folded, known)
            })
            .map(|(known, _)| known)
    }
}

/// The compiled-in well-known names, indexed once.
static WELL_KNOWN: LazyLock<KnownNames> = LazyLock::new(|| {
    let mut names = KnownNames::new();
    for name in WELL_KNOWN_SKILLS {
        names.insert(name, "");
    }
    names
});

/// A name's character set and length: letters, digits, `-` and `_` have a
/// bit each, anything else shares the remaining bits.
fn key(name: &str) -> (u64, u32) {
    let mut set = 0u64;
    let mut length = 0u32;
    for c in name.chars() {
        let bit = match c {
            'a'..='z' => c as u32 - 'a' as u32,
            '0'..='9' => 26 + c as u32 - '0' as u32,
            '-' => 36,
            '_' => 37,
            _ => 38 + c as u32 % 26,
        };
        set |= 1 << bit;
        length += 1;
    }
    (set, length)
}

/// The known name `name` imitates, if any: the world's installed names of
/// another origin first, then the compiled-in list. A name that is itself
/// known imitates nothing (a same-name skill shadows or collides, STO-6).
pub fn imitated<'c>(name: &str, context: &ScanContext<'c>) -> Option<&'c str> {
    if WELL_KNOWN.contains(name) || context.known.is_some_and(|known| known.contains(name)) {
        return None;
    }
    let folded: String = name.chars().map(fold_confusable).collect();
    let from_world = context
        .known
        .and_then(|known| known.imitated(name, &folded, context.origin));
    from_world.or_else(|| {
        context
            .well_known
            .then(|| WELL_KNOWN.imitated(name, &folded, None))
            .flatten()
    })
}

/// Whether `name` (folded as `folded`) is a typo of `known`.
fn imitates(name: &str, folded: &str, known: &str) -> bool {
    known != name
        && !neighbours(name, known)
        && (folded == known || distance(folded, known) <= limit(known))
}

fn limit(known: &str) -> usize {
    limit_for(known.chars().count() as u32) as usize
}

/// Edits allowed from a known name of `length` characters.
fn limit_for(length: u32) -> u32 {
    if length >= 10 { 2 } else { 1 }
}

/// Names that are legitimately close: a numbered copy (FMT-4) or the
/// office formats.
fn neighbours(a: &str, b: &str) -> bool {
    const OFFICE: &[&str] = &[
        "docx", "pptx", "xlsx", "pdf", "doc", "ppt", "xls", "csv", "docs",
    ];
    fn base(s: &str) -> &str {
        s.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
    }
    (OFFICE.contains(&a) && OFFICE.contains(&b))
        || (base(a) == base(b) && (a != base(a) || b != base(b)))
}

fn fold_confusable(c: char) -> char {
    match c {
        'а' => 'a',
        'е' => 'e',
        'о' | 'ο' | '0' => 'o',
        'р' => 'p',
        'с' => 'c',
        'х' => 'x',
        'у' => 'y',
        'і' | 'ı' => 'i',
        'ѕ' => 's',
        _ => c,
    }
}

/// Optimal string alignment distance: edits plus adjacent swaps.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(names: &[(&str, &str)]) -> KnownNames {
        let mut index = KnownNames::new();
        for (name, origin) in names {
            index.insert(name, origin);
        }
        index
    }

    fn world<'a>(known: &'a KnownNames, origin: &'a str) -> ScanContext<'a> {
        ScanContext {
            known: Some(known),
            origin: Some(origin),
            well_known: false,
        }
    }

    #[test]
    fn typos_of_known_names_are_caught() {
        let context = ScanContext::default();
        assert_eq!(imitated("clawhubb", &context), Some("clawhub"));
        assert_eq!(imitated("cllawhub", &context), Some("clawhub"));
        assert_eq!(imitated("skill-cretor", &context), Some("skill-creator"));
        assert_eq!(imitated("yahoo-finnace", &context), Some("yahoo-finance"));
        assert_eq!(imitated("githuh", &context), Some("github"));
        assert_eq!(imitated("gіthub", &context), Some("github"), "homoglyph");
    }

    #[test]
    fn legitimate_neighbours_pass() {
        let context = ScanContext::default();
        for name in [
            "docx",
            "pptx",
            "xlsx",
            "pdf-2",
            "github",
            "my-weather-tool",
            "notes",
            "csv",
        ] {
            assert_eq!(imitated(name, &context), None, "{name}");
        }
    }

    #[test]
    fn the_world_names_count_by_origin() {
        let known = names(&[("invoice-parser", "https://a.example/skills")]);
        let context = world(&known, "https://b.example/x");
        assert_eq!(imitated("invoice-parsr", &context), Some("invoice-parser"));
        let same = world(&known, "https://a.example/skills");
        assert_eq!(imitated("invoice-parsr", &same), None, "same origin");
    }
}

#[cfg(test)]
mod index_tests {
    use super::*;

    /// The index finds exactly what comparing with every name finds, as
    /// names come and go.
    #[test]
    fn the_index_agrees_with_a_full_comparison() {
        let pool = [
            "invoice-parser",
            "invoice-parse",
            "invoce-parser",
            "pdf-tools",
            "pdf-tool",
            "pdf-toolz",
            "weather",
            "weathr",
            "wheather",
            "notes-2",
            "notes",
            "n0tes",
            "data-cleaner",
            "data-claener",
            "github",
            "githuh",
            "skill-creator",
            "sk1ll-creator",
            "abcd",
            "abce",
            "commons-0007",
            "private-0007",
        ];
        let mut index = KnownNames::new();
        let mut held: Vec<(&str, &str)> = Vec::new();
        for (step, name) in pool.iter().enumerate() {
            let origin = if step % 3 == 0 { "a" } else { "b" };
            index.insert(name, origin);
            held.retain(|(n, _)| n != name);
            held.push((name, origin));
            if step % 4 == 3 {
                let gone = held.remove(step % held.len());
                index.remove(gone.0);
            }
            for query in pool {
                for origin in ["a", "b"] {
                    let folded: String = query.chars().map(fold_confusable).collect();
                    let expected = held.iter().any(|(known, known_origin)| {
                        known.chars().count() >= 4
                            && *known_origin != origin
                            && imitates(query, &folded, known)
                    });
                    assert_eq!(
                        index.imitated(query, &folded, Some(origin)).is_some(),
                        expected,
                        "{query} from {origin} after step {step}"
                    );
                }
            }
        }
        assert_eq!(index.len(), held.len());
    }

    /// Every change draws a version never seen before; a clone keeps its
    /// original's until either changes.
    #[test]
    fn versions_name_the_content() {
        let mut a = KnownNames::new();
        assert_eq!(a.version(), 0);
        a.insert("weather", "x");
        let first = a.version();
        let mut b = a.clone();
        assert_eq!(b.version(), first);
        b.insert("notes", "x");
        a.insert("notes", "y");
        assert!(a.version() > first && b.version() > first);
        assert_ne!(a.version(), b.version());
        let before = a.version();
        a.remove("absent");
        assert_eq!(a.version(), before, "nothing changed");
        a.remove("notes");
        assert_ne!(a.version(), before);
    }
}
