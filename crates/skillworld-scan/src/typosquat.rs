//! Typosquatting (SEC-4): a skill named one typo away from a known skill
//! from another origin. A warning only, never a block: `docx`/`pptx`/`xlsx`
//! and numbered names (`pdf-2`) are legitimate neighbours.

mod keys;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, OnceLock};

use self::keys::KeyTable;
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
/// typo away from a given one in a time that does not grow with the
/// number of names: each name long enough to be imitated is filed under
/// the hashed keys of its deletion neighbourhood ([`keys`]), and a name
/// asked about is compared only with the names under its own keys.
#[derive(Clone, Debug, Default)]
pub struct KnownNames {
    /// By slot, in the order the names were added; `None` once removed
    /// (the tables still list the slot until the next compaction).
    entries: Vec<Option<Known>>,
    by_name: HashMap<String, u32>,
    /// The key tables, built at the first question and kept up to date
    /// after it: a world opened with 100,000 Commons names pays for them
    /// only when something is installed (issue 19's open time).
    tables: OnceLock<Tables>,
    /// Removed slots the tables still list.
    removed: usize,
    /// Names the content: 0 when empty, a number no other change of any
    /// index has drawn after each change, kept by clones (which hold the
    /// same content), so a verdict remembered for a version still holds.
    version: u64,
}

/// The names' slots by hashed key.
#[derive(Clone, Debug, Default)]
struct Tables {
    /// Names of 4 to [`keys::SHORT`] characters.
    short: KeyTable,
    /// Longer names, by their first characters and by their last.
    heads: KeyTable,
    tails: KeyTable,
}

impl Tables {
    /// Files `name` under `slot`.
    fn file(&mut self, slot: u32, name: &str) {
        let base = keys::base_key(name);
        let chars: Vec<char> = name.chars().collect();
        let mut found = Vec::new();
        if chars.len() > keys::SHORT {
            keys::head_keys(&chars, &mut found);
            found.iter().for_each(|&k| self.heads.add(k, slot, base));
            keys::tail_keys(&chars, &mut found);
            found.iter().for_each(|&k| self.tails.add(k, slot, base));
        } else if chars.len() >= 4 {
            keys::short_keys(&chars, &mut found);
            found.iter().for_each(|&k| self.short.add(k, slot, base));
        }
    }
}

#[derive(Clone, Debug)]
struct Known {
    name: String,
    origin: String,
    /// [`key`] of the name.
    set: u64,
    length: u32,
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
        if let Some(&slot) = self.by_name.get(name) {
            if let Some(known) = &mut self.entries[slot as usize] {
                origin.clone_into(&mut known.origin);
            }
            return;
        }
        self.add(name.to_owned(), origin.to_owned());
    }

    /// Files a new name under a new slot.
    fn add(&mut self, name: String, origin: String) {
        let slot = u32::try_from(self.entries.len()).expect("fewer than 2^32 names");
        let (set, length) = key(&name);
        if let Some(tables) = self.tables.get_mut() {
            tables.file(slot, &name);
        }
        self.by_name.insert(name.clone(), slot);
        self.entries.push(Some(Known {
            name,
            origin,
            set,
            length,
        }));
    }

    /// Removes `name` (nothing when it is not there). Once more slots are
    /// removed than kept, the tables are rebuilt from the kept names, in
    /// their order: removals cost constant time on average.
    pub fn remove(&mut self, name: &str) {
        let Some(slot) = self.by_name.remove(name) else {
            return;
        };
        self.version = VERSIONS.fetch_add(1, Ordering::Relaxed) + 1;
        self.entries[slot as usize] = None;
        self.removed += 1;
        if self.removed > 64 && self.removed > self.by_name.len() {
            let kept = std::mem::take(&mut self.entries);
            let version = self.version;
            *self = KnownNames {
                version,
                ..KnownNames::default()
            };
            for known in kept.into_iter().flatten() {
                self.add(known.name, known.origin);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// What the index holds: equal versions, equal content.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// Whether `name` is here.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The earliest added name still here (a name whose origin changed
    /// keeps its place) that `probe`'s name imitates, among those of
    /// another origin.
    fn imitated(&self, probe: &Probe, origin: Option<&str>) -> Option<&str> {
        let mut slots = self.candidates(probe);
        slots.sort_unstable();
        slots.dedup();
        let (set, length) = key(&probe.folded);
        slots
            .into_iter()
            .filter_map(|slot| self.entries[slot as usize].as_ref())
            .find(|known| {
                let limit = limit_for(known.length);
                length.abs_diff(known.length) <= limit
                    && (set ^ known.set).count_ones() <= 2 * limit
                    && (known.origin.is_empty() || Some(known.origin.as_str()) != origin)
                    && imitates(probe.name, &probe.folded, &known.name)
            })
            .map(|known| known.name.as_str())
    }

    /// The key tables, filed from every name kept the first time.
    fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| {
            let mut tables = Tables::default();
            for (slot, known) in self.entries.iter().enumerate() {
                if let Some(known) = known {
                    let slot = u32::try_from(slot).expect("fewer than 2^32 names");
                    tables.file(slot, &known.name);
                }
            }
            tables
        })
    }

    /// The slots of every name the probe's name may be a typo of (and
    /// some more), leaving out keys whose names all share the probe's
    /// base: numbered copies of it, never its typos.
    fn candidates(&self, probe: &Probe) -> Vec<u32> {
        let tables = self.tables();
        let base = probe.base;
        let mut slots = Vec::new();
        tables.short.extend(&probe.short, base, &mut slots);
        if !probe.heads.is_empty() {
            if tables.heads.count(&probe.heads, base) <= tables.tails.count(&probe.tails, base) {
                tables.heads.extend(&probe.heads, base, &mut slots);
            } else {
                tables.tails.extend(&probe.tails, base, &mut slots);
            }
        }
        slots
    }
}

/// A name asked about, folded and keyed once for every index it is looked
/// up in (issue 19: an install asked the world's names and the compiled-in
/// list, and each made the name's deletion keys anew).
struct Probe<'n> {
    name: &'n str,
    folded: String,
    /// [`keys::base_key`] of the name as given.
    base: u64,
    /// The short names' keys, for a name that can be one edit from one.
    short: Vec<u64>,
    /// The long names' keys, for a name that can be two edits from one.
    heads: Vec<u64>,
    tails: Vec<u64>,
}

impl<'n> Probe<'n> {
    fn of(name: &'n str) -> Self {
        let folded: String = name.chars().map(fold_confusable).collect();
        let chars: Vec<char> = folded.chars().collect();
        let (mut short, mut heads, mut tails) = (Vec::new(), Vec::new(), Vec::new());
        if chars.len() <= keys::SHORT + 1 {
            keys::short_keys(&chars, &mut short);
        }
        if chars.len() >= keys::NEAR_LONG {
            keys::head_keys(&chars, &mut heads);
            keys::tail_keys(&chars, &mut tails);
        }
        Probe {
            name,
            folded,
            base: keys::base_key(name),
            short,
            heads,
            tails,
        }
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
/// A context with no names at all (a bulk import's readers, which scan
/// before the installed names are known) answers at once.
pub fn imitated<'c>(name: &str, context: &ScanContext<'c>) -> Option<&'c str> {
    if (context.known.is_none() && !context.well_known)
        || WELL_KNOWN.contains(name)
        || context.known.is_some_and(|known| known.contains(name))
    {
        return None;
    }
    let probe = Probe::of(name);
    let from_world = context
        .known
        .and_then(|known| known.imitated(&probe, context.origin));
    from_world.or_else(|| {
        context
            .well_known
            .then(|| WELL_KNOWN.imitated(&probe, None))
            .flatten()
    })
}

/// Whether `name` (folded as `folded`) is a typo of `known` (skill and
/// package names alike).
pub(crate) fn imitates(name: &str, folded: &str, known: &str) -> bool {
    known != name
        && !neighbours(name, known)
        && (folded == known || distance(folded, known) <= limit(known))
}

fn limit(known: &str) -> usize {
    limit_for(known.chars().count() as u32) as usize
}

/// Edits allowed from a known name of `length` characters.
fn limit_for(length: u32) -> u32 {
    // The key tables find every match only while this follows their
    // boundary between short and long names.
    if length as usize > keys::SHORT { 2 } else { 1 }
}

/// Names that are legitimately close: a numbered copy (FMT-4) or the
/// office formats.
pub(crate) fn neighbours(a: &str, b: &str) -> bool {
    const OFFICE: &[&str] = &[
        "docx", "pptx", "xlsx", "pdf", "doc", "ppt", "xls", "csv", "docs",
    ];
    use keys::numbered_base as base;
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
pub(crate) fn distance(a: &str, b: &str) -> usize {
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
                        index.imitated(&Probe::of(query), Some(origin)).is_some(),
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

#[cfg(test)]
mod oracle_tests {
    use proptest::prelude::*;

    use super::*;

    /// The answer by comparing with every name, in the order they were
    /// added: what the index must give.
    fn linear<'a>(
        held: &'a [(String, String)],
        name: &str,
        origin: Option<&str>,
    ) -> Option<&'a str> {
        let folded: String = name.chars().map(fold_confusable).collect();
        held.iter()
            .find(|(known, known_origin)| {
                known.chars().count() >= 4
                    && (known_origin.is_empty() || Some(known_origin.as_str()) != origin)
                    && imitates(name, &folded, known)
            })
            .map(|(known, _)| known.as_str())
    }

    /// `name` with one edit, chosen by `how` at `at`.
    fn edited(name: &str, how: u8, at: usize, c: char) -> String {
        let mut chars: Vec<char> = name.chars().collect();
        let at = at % (chars.len() + 1);
        match how % 4 {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, c),
            2 if at + 1 < chars.len() => chars.swap(at, at + 1),
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
        chars.into_iter().collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random names come and go (with few letters, so many are near
        /// each other); every name and typos of them get the same answer
        /// from the index as from the full comparison.
        #[test]
        fn the_index_answers_as_the_full_comparison(
            pool in prop::collection::vec("[abc1о-]{2,13}(-[12])?", 6..14),
            steps in prop::collection::vec((any::<bool>(), 0usize..64, 0usize..3), 1..60),
            typos in prop::collection::vec((any::<u8>(), 0usize..20, prop::sample::select(vec!['a', 'b', 'x', '-', '0'])), 1..4),
        ) {
            let origins = ["", "a", "b"];
            let mut index = KnownNames::new();
            let mut held: Vec<(String, String)> = Vec::new();
            for (step, &(add, pick, origin)) in steps.iter().enumerate() {
                let name = &pool[pick % pool.len()];
                if add {
                    index.insert(name, origins[origin]);
                    match held.iter_mut().find(|(known, _)| known == name) {
                        Some(entry) => entry.1 = origins[origin].to_owned(),
                        None => held.push((name.clone(), origins[origin].to_owned())),
                    }
                } else {
                    index.remove(name);
                    held.retain(|(known, _)| known != name);
                }
                prop_assert_eq!(index.len(), held.len());
                if step % 5 != 4 && step + 1 != steps.len() {
                    continue;
                }
                let mut queries = pool.clone();
                for name in &pool {
                    let mut typo = name.clone();
                    for &(how, at, c) in &typos {
                        typo = edited(&typo, how, at, c);
                        queries.push(typo.clone());
                    }
                }
                for query in &queries {
                    for origin in [None, Some("a"), Some("b")] {
                        prop_assert_eq!(
                            index.imitated(&Probe::of(query), origin),
                            linear(&held, query, origin),
                            "{} from {:?}", query, origin
                        );
                    }
                }
            }
        }
    }

    /// A key shared by names of two bases is read by a name of either:
    /// `task` (base `task`, as `task-`) is still a typo of `tasks`.
    #[test]
    fn a_key_of_two_families_is_not_skipped() {
        let mut index = KnownNames::new();
        index.insert("tasks", "a");
        index.insert("task-", "a");
        assert_eq!(index.imitated(&Probe::of("task"), Some("b")), Some("tasks"));
        assert_eq!(index.imitated(&Probe::of("task-2"), Some("b")), None);
    }

    /// Many removals compact the tables without changing an answer.
    #[test]
    fn compaction_keeps_order_and_answers() {
        let mut index = KnownNames::new();
        for i in 0..300 {
            index.insert(&format!("family-{i}-tool"), "a");
        }
        index.insert("invoice-parser", "a");
        index.insert("invoice-parsers", "a");
        for i in 0..300 {
            index.remove(&format!("family-{i}-tool"));
        }
        assert_eq!(index.len(), 2);
        assert!(index.entries.len() < 300, "compacted");
        assert_eq!(
            index.imitated(&Probe::of("invoice-parsr"), Some("b")),
            Some("invoice-parser")
        );
    }
}
