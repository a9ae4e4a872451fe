//! The bytes that may stand right before and right after each trigger
//! word where its atom fits, and second before and after it, as two
//! tables: a found word is judged by four loads before `Atom::fits` walks
//! its neighbours. Half the trigger words
//! found in skill text fail at the byte next to them (a `\b` before
//! `mode`, a space or `(` after `eval`), and a call of `fits` for each
//! cost ~75 instructions (8 % of a scan). The check is necessary: what
//! passes it is still asked of `fits`, unless the two bytes are all that
//! the atom asks (`exact`); together they settle three found words in five.

use std::collections::HashMap;

use crate::prefilter::{Atom, ByteSet};
use crate::words::StartHash;

/// Distinct byte sets one table can tell apart, a bit each.
const SETS: usize = u64::BITS as usize;

/// The bit of the set of every byte.
const ALL: u64 = 1;

pub struct Edges {
    /// The bytes next to each word: per byte, the sets that hold it, as
    /// bits.
    next: Sets,
    /// The bytes second from each word, where a run of spaces must
    /// stand next to it (`without\s+telling`): most everyday words are
    /// followed by a space, and the byte after it settles them here,
    /// before a call of `fits` (`walk_fits` 10.1 M → 7.1 M instructions
    /// on the scan bench).
    second: Sets,
    /// Per atom: the bit of the set the byte before it must be in, that
    /// of the byte after it, and the word's length.
    sides: Vec<(u64, u64, usize)>,
    /// Per atom: the bits of the sets of the bytes second before and
    /// second after it.
    seconds: Vec<(u64, u64)>,
    /// Per atom: the two bytes are all `fits` reads (nothing but a `\b`
    /// before it, if that).
    exact: Vec<bool>,
}

impl Edges {
    pub fn new<'a>(atoms: impl Iterator<Item = &'a Atom>) -> Self {
        let atoms: Vec<&Atom> = atoms.collect();
        let (next, sides) = Sets::of(atoms.iter().map(|atom| atom.neighbours()));
        let (second, seconds) = Sets::of(atoms.iter().map(|atom| atom.second_neighbours()));
        Edges {
            next,
            second,
            sides: sides
                .iter()
                .zip(&atoms)
                .map(|(&(before, after), atom)| (before, after, atom.word.len()))
                .collect(),
            seconds,
            // A set past the 64th checks nothing: its atom is not settled
            // by its bytes alone.
            exact: atoms
                .iter()
                .zip(&sides)
                .map(|(atom, &(before, _))| {
                    atom.then.is_none()
                        && atom.before.is_none()
                        && (before != ALL || atom.neighbours().0 == ByteSet::all())
                })
                .collect(),
        }
    }

    /// Whether atom `atom`, found at `start` of `text`, may fit there: false
    /// only where `Atom::fits` is false. The text's ends pass.
    #[inline(always)]
    pub fn may_fit(&self, atom: usize, text: &[u8], start: usize) -> bool {
        let (before, after, len) = self.sides[atom];
        let (second_before, second_after) = self.seconds[atom];
        self.next.holds(text, start.wrapping_sub(1), before)
            && self.next.holds(text, start + len, after)
            && self
                .second
                .holds(text, start.wrapping_sub(2), second_before)
            && self.second.holds(text, start + len + 1, second_after)
    }

    /// Whether `may_fit` is `Atom::fits` for atom `atom`.
    pub fn exact(&self, atom: usize) -> bool {
        self.exact[atom]
    }
}

/// Distinct byte sets, a bit each: per byte, the sets that hold it. Bit 0
/// is the set of every byte, which also stands for any set past the
/// 64th.
struct Sets {
    holds: Box<[u64; 256]>,
}

impl Sets {
    /// The sets of each atom's two sides, and each side's bit. The sets
    /// most atoms share get bits first: past the 64th, a set checks
    /// nothing.
    fn of(sides: impl Iterator<Item = (ByteSet, ByteSet)>) -> (Self, Vec<(u64, u64)>) {
        let sides: Vec<(ByteSet, ByteSet)> = sides.collect();
        // Each set's count, found by hash: thousands of atoms each compared
        // their two sets with every set so far (a tenth of a one-line scan).
        let mut uses: HashMap<&ByteSet, usize, StartHash> = HashMap::default();
        for (before, after) in &sides {
            *uses.entry(before).or_default() += 1;
            *uses.entry(after).or_default() += 1;
        }
        let all = ByteSet::all();
        uses.remove(&all);
        let mut sets: Vec<(&ByteSet, usize)> = uses.into_iter().collect();
        // Most used first; among equals, in the sets' order, so that a
        // build's table does not depend on the hash.
        sets.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        sets.truncate(SETS - 1);
        let place: HashMap<&ByteSet, u64, StartHash> = sets
            .iter()
            .enumerate()
            .map(|(at, (set, _))| (*set, 1 << (at + 1)))
            .collect();
        let mut holds = Box::new([ALL; 256]);
        for (set, bit) in &place {
            for byte in 0..=u8::MAX {
                if set.contains(byte) {
                    holds[usize::from(byte)] |= bit;
                }
            }
        }
        let bit = |set: &ByteSet| place.get(set).copied().unwrap_or(ALL);
        let bits = sides
            .iter()
            .map(|(before, after)| (bit(before), bit(after)))
            .collect();
        (Sets { holds }, bits)
    }

    /// Whether the byte at `at` of `text` is in the set of `bit`; past
    /// the text's ends, it is.
    #[inline(always)]
    fn holds(&self, text: &[u8], at: usize, bit: u64) -> bool {
        text.get(at)
            .map_or(u64::MAX, |&b| self.holds[usize::from(b)])
            & bit
            != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prefilter::anchors;

    /// Every atom of a few patterns, at every position of texts built
    /// around it: wherever `fits` holds, `may_fit` does.
    #[test]
    fn passes_whatever_fits() {
        let patterns = [
            r"\beval\s*\(",
            r"\bwithout\s+(?:telling|asking)\b",
            r"\$\(\s*rev\b",
            r"[a-z]'[a-z]{1,3}'[a-z]",
            r"curl\b",
            r"\bignore (?:all|previous)",
            r"(?:never|don't)\s+ask\s{2,}\w",
            r"\bsend\s+it",
        ];
        let atoms: Vec<Atom> = patterns
            .iter()
            .flat_map(|p| anchors(p).expect("atoms"))
            .collect();
        let edges = Edges::new(atoms.iter());
        let around = [
            "", " ", "x", "(", "$(", "\n", "  (", "é", "_", "\t", "never ", "never  ", " never ",
            "x ",
        ];
        let mut fitted = 0;
        let mut turned = 0;
        for (index, atom) in atoms.iter().enumerate() {
            for before in around {
                for after in around
                    .iter()
                    .chain(&[" telling", "all", " (", "'", "  asking", " x", "  x", "   "])
                {
                    let text = [before.as_bytes(), &*atom.word, after.as_bytes()].concat();
                    let start = before.len();
                    let fits = atom.fits(&text, start);
                    let may = edges.may_fit(index, &text, start);
                    assert!(may || !fits, "{text:?}: fits, but the edges refuse it");
                    assert!(!edges.exact(index) || may == fits, "{text:?}: not exact");
                    fitted += usize::from(fits);
                    turned += usize::from(!may);
                }
            }
        }
        assert!(
            fitted > 0 && turned > 0,
            "{fitted} fitted, {turned} turned away"
        );
    }
}
