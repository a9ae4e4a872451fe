//! Deletion neighbourhoods of names, hashed: two names within the
//! typosquatting check's edit distance always share a key, so a name's
//! possible imitations are found by looking its keys up instead of
//! comparing it with every known name.
//!
//! An optimal-string-alignment distance of `d` means both names reach one
//! common string by deleting at most `d` characters each (a substitution
//! deletes on both sides, an insertion on one, a swap one character on
//! each). So:
//! - a known name of [`SHORT`] characters or fewer (one edit allowed) is
//!   keyed by itself and each string one deletion away, and so is the
//!   name asked about;
//! - a longer known name (two edits) is keyed twice, by the two-deletion
//!   strings of its first [`EDGE`] characters (its head) and of its last
//!   [`EDGE`] (its tail): the common string's first `EDGE - 2` characters
//!   come from the first `EDGE` of each name, with at most two of them
//!   deleted, so the head keys of two such names always meet, and so do
//!   their tail keys. Either side alone finds every match; the one with
//!   fewer candidates is read (numbered copies share their heads, names
//!   of one family their tails).
//!
//! Keys are hashes: a collision only adds a candidate, which the edit
//! distance then rules out.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};
use std::sync::LazyLock;

/// The longest known name allowed one edit (longer ones are allowed two).
pub(super) const SHORT: usize = 9;

/// Characters at each end of a long name that its keys are made of.
const EDGE: usize = 7;

/// The shortest name that can be two edits from a long known name.
pub(super) const NEAR_LONG: usize = SHORT + 1 - 2;

/// Slot numbers of the known names under each key.
#[derive(Clone, Debug, Default)]
pub(super) struct KeyTable {
    slots: HashMap<u64, Slots, BuildHasherDefault<Prehashed>>,
}

/// Most keys belong to one name: no allocation for those. Numbered
/// copies (`pdf-tool-2`, `pdf-tool-3`) share most keys and are never
/// typos of each other (nor of their unnumbered name), so a key whose
/// names all have one base ([`base_key`]) says so, and a name of that
/// base skips it whole.
#[derive(Clone, Debug)]
enum Slots {
    One { slot: u32, base: u64 },
    Family { base: u64, slots: Vec<u32> },
    Many(Vec<u32>),
}

impl KeyTable {
    pub(super) fn add(&mut self, key: u64, slot: u32, base: u64) {
        let Some(slots) = self.slots.get_mut(&key) else {
            self.slots.insert(key, Slots::One { slot, base });
            return;
        };
        match slots {
            Slots::Many(slots) => slots.push(slot),
            Slots::Family {
                base: family,
                slots,
            } if *family == base => slots.push(slot),
            Slots::Family { slots: family, .. } => {
                let mut many = std::mem::take(family);
                many.push(slot);
                *slots = Slots::Many(many);
            }
            Slots::One {
                slot: first,
                base: first_base,
            } => {
                let pair = vec![*first, slot];
                *slots = if *first_base == base {
                    Slots::Family { base, slots: pair }
                } else {
                    Slots::Many(pair)
                };
            }
        }
    }

    /// The slots under `key`, but none when all are of the `base` asked
    /// about.
    fn get(&self, key: u64, base: u64) -> &[u32] {
        match self.slots.get(&key) {
            None => &[],
            Some(Slots::One { base: of, .. } | Slots::Family { base: of, .. }) if *of == base => {
                &[]
            }
            Some(Slots::One { slot, .. }) => std::slice::from_ref(slot),
            Some(Slots::Family { slots, .. } | Slots::Many(slots)) => slots,
        }
    }

    /// How many slots [`KeyTable::extend`] would add.
    pub(super) fn count(&self, keys: &[u64], base: u64) -> usize {
        keys.iter().map(|&key| self.get(key, base).len()).sum()
    }

    /// Adds the slots under `keys` (as [`KeyTable::get`] gives them) to
    /// `slots`.
    pub(super) fn extend(&self, keys: &[u64], base: u64, slots: &mut Vec<u32>) {
        for &key in keys {
            slots.extend_from_slice(self.get(key, base));
        }
    }
}

/// A name without the digits and dashes that end it (`pdf-2` → `pdf`),
/// hashed: numbered copies of one name share it. Keyed per process, so no
/// name can be made to collide with another's base and skip the check.
pub(super) fn base_key(name: &str) -> u64 {
    static BASES: LazyLock<RandomState> = LazyLock::new(RandomState::new);
    BASES.hash_one(numbered_base(name))
}

/// A name without the digits and dashes that end it.
pub(super) fn numbered_base(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
}

/// `name` and each string one deletion away, hashed, into `keys`.
pub(super) fn short_keys(name: &[char], keys: &mut Vec<u64>) {
    keys.clear();
    keys.push(hash(&[name]));
    for at in 0..name.len() {
        keys.push(hash(&[&name[..at], &name[at + 1..]]));
    }
    keys.sort_unstable();
    keys.dedup();
}

/// Each string two deletions away from `name`'s first [`EDGE`]
/// characters (`name` has at least that many), hashed, into `keys`.
pub(super) fn head_keys(name: &[char], keys: &mut Vec<u64>) {
    two_deletions(&name[..EDGE], keys);
}

/// The same from `name`'s last [`EDGE`] characters.
pub(super) fn tail_keys(name: &[char], keys: &mut Vec<u64>) {
    two_deletions(&name[name.len() - EDGE..], keys);
}

fn two_deletions(edge: &[char], keys: &mut Vec<u64>) {
    keys.clear();
    for first in 0..edge.len() {
        for second in first + 1..edge.len() {
            keys.push(hash(&[
                &edge[..first],
                &edge[first + 1..second],
                &edge[second + 1..],
            ]));
        }
    }
    keys.sort_unstable();
    keys.dedup();
}

/// The characters of `parts` in order, hashed (FxHash's step, then
/// MurmurHash3's finaliser so the table's low and high bits both vary).
fn hash(parts: &[&[char]]) -> u64 {
    let mut state = 0u64;
    for &c in parts.iter().copied().flatten() {
        state = (state.rotate_left(5) ^ u64::from(c)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    state ^= state >> 33;
    state = state.wrapping_mul(0xff51_afd7_ed55_8ccd);
    state ^= state >> 33;
    state = state.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    state ^ (state >> 33)
}

/// The keys are hashes already: the table uses them as they are.
#[derive(Clone, Copy, Debug, Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8) | u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn one_edit_shares_a_short_key() {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        short_keys(&chars("weather"), &mut a);
        for typo in ["weathr", "wheather", "waether", "weathex"] {
            short_keys(&chars(typo), &mut b);
            assert!(b.iter().any(|k| a.contains(k)), "{typo}");
        }
        short_keys(&chars("notes"), &mut b);
        assert!(!b.iter().any(|k| a.contains(k)));
    }

    #[test]
    fn two_edits_share_a_head_and_a_tail_key() {
        let known = chars("invoice-parser");
        let (mut head, mut tail, mut b) = (Vec::new(), Vec::new(), Vec::new());
        head_keys(&known, &mut head);
        tail_keys(&known, &mut tail);
        for typo in [
            "xxinvoice-parser",
            "nvoice-parsr",
            "ivnoice-paresr",
            "invoice-parserxx",
        ] {
            let typo = chars(typo);
            head_keys(&typo, &mut b);
            assert!(b.iter().any(|k| head.contains(k)), "{typo:?} head");
            tail_keys(&typo, &mut b);
            assert!(b.iter().any(|k| tail.contains(k)), "{typo:?} tail");
        }
    }
}
