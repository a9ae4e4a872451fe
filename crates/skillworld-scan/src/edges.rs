//! The bytes that may stand right before and right after each trigger
//! word where its atom fits, as one table: a found word is judged by two
//! loads before `Atom::fits` walks its neighbours. Half the trigger words
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

pub struct Edges {
    /// Per byte, the sets that hold it, as bits. Bit 0 is the set of
    /// every byte, which also stands for any set past the 64th.
    holds: Box<[u64; 256]>,
    /// Per atom: the bit of the set the byte before it must be in, that
    /// of the byte after it, and the word's length.
    sides: Vec<(u64, u64, usize)>,
    /// Per atom: the two bytes are all `fits` reads (nothing but a `\b`
    /// before it, if that).
    exact: Vec<bool>,
}

impl Edges {
    pub fn new<'a>(atoms: impl Iterator<Item = &'a Atom>) -> Self {
        let mut sets = vec![ByteSet::all()];
        // Each set's place, found by hash: thousands of atoms each compared
        // their two sets with every set so far (a tenth of a one-line scan).
        let mut place: HashMap<ByteSet, usize, StartHash> = HashMap::default();
        place.insert(ByteSet::all(), 0);
        let mut bit = |set: ByteSet| -> u64 {
            let at = match place.get(&set) {
                Some(&at) => at,
                None if sets.len() < SETS => {
                    place.insert(set.clone(), sets.len());
                    sets.push(set);
                    sets.len() - 1
                }
                None => 0,
            };
            1 << at
        };
        let (sides, exact) = atoms
            .map(|atom| {
                let (before, after) = atom.neighbours();
                let exact = atom.then.is_none() && atom.before.is_none();
                ((bit(before), bit(after), atom.word.len()), exact)
            })
            .unzip();
        let mut holds = Box::new([0; 256]);
        for (at, set) in sets.iter().enumerate() {
            for byte in 0..=u8::MAX {
                if set.contains(byte) {
                    holds[usize::from(byte)] |= 1 << at;
                }
            }
        }
        Edges {
            holds,
            sides,
            exact,
        }
    }

    /// Whether atom `atom`, found at `start` of `text`, may fit there: false
    /// only where `Atom::fits` is false. The text's ends pass.
    #[inline(always)]
    pub fn may_fit(&self, atom: usize, text: &[u8], start: usize) -> bool {
        let (before, after, len) = self.sides[atom];
        let at = |i: usize| {
            text.get(i)
                .map_or(u64::MAX, |&b| self.holds[usize::from(b)])
        };
        at(start.wrapping_sub(1)) & before != 0 && at(start + len) & after != 0
    }

    /// Whether `may_fit` is `Atom::fits` for atom `atom`.
    pub fn exact(&self, atom: usize) -> bool {
        self.exact[atom]
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
        ];
        let atoms: Vec<Atom> = patterns
            .iter()
            .flat_map(|p| anchors(p).expect("atoms"))
            .collect();
        let edges = Edges::new(atoms.iter());
        let around = ["", " ", "x", "(", "$(", "\n", "  (", "é", "_", "\t"];
        let mut fitted = 0;
        let mut turned = 0;
        for (index, atom) in atoms.iter().enumerate() {
            for before in around {
                for after in around.iter().chain(&[" telling", "all", " (", "'"]) {
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
