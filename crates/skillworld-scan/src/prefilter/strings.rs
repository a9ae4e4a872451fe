//! A list of byte strings kept one after another in one buffer, with
//! where each ends: an edge's prefixes. The table's are borrowed whole
//! from its statics, which a list of slices could not be without a
//! pointer each for the loader to relocate at every start.

use std::borrow::Cow;
use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strings {
    bytes: Cow<'static, [u8]>,
    /// Each string's end in `bytes`, in order.
    ends: Cow<'static, [u32]>,
}

impl Strings {
    /// `strings` copied into one buffer.
    pub fn of(strings: &[Vec<u8>]) -> Self {
        let mut ends = Vec::with_capacity(strings.len());
        let bytes = strings.concat();
        let mut end = 0;
        for string in strings {
            end += string.len();
            ends.push(u32::try_from(end).expect("an edge's prefixes are under 4 GiB"));
        }
        Strings {
            bytes: Cow::Owned(bytes),
            ends: Cow::Owned(ends),
        }
    }

    /// The strings `bytes` holds, each ending where `ends` says.
    pub fn borrowed(bytes: &'static [u8], ends: &'static [u32]) -> Self {
        Strings {
            bytes: Cow::Borrowed(bytes),
            ends: Cow::Borrowed(ends),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The string at `at`.
    pub fn get(&self, at: usize) -> &[u8] {
        let start = at.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.bytes[start as usize..self.ends[at] as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = &[u8]> {
        (0..self.ends.len()).map(|at| self.get(at))
    }
}

/// As a list of the strings is ordered (the order of a sorted plan's
/// atoms, and so of the table's text, depends on it).
impl Ord for Strings {
    fn cmp(&self, other: &Self) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl PartialOrd for Strings {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strings_read_back_in_order() {
        let list = [b"ab".to_vec(), Vec::new(), b"c".to_vec()];
        let strings = Strings::of(&list);
        assert_eq!(strings.iter().collect::<Vec<_>>(), [&b"ab"[..], b"", b"c"]);
        assert!(!strings.is_empty());
        assert!(Strings::of(&[]).is_empty());
        static BYTES: [u8; 3] = *b"abc";
        static ENDS: [u32; 3] = [2, 2, 3];
        assert_eq!(Strings::borrowed(&BYTES, &ENDS), strings);
    }

    #[test]
    fn strings_order_as_their_lists_do() {
        let lists = [
            vec![],
            vec![b"a".to_vec()],
            vec![b"a".to_vec(), b"b".to_vec()],
            vec![b"ab".to_vec()],
            vec![b"b".to_vec()],
        ];
        for a in &lists {
            for b in &lists {
                assert_eq!(Strings::of(a).cmp(&Strings::of(b)), a.cmp(b), "{a:?} {b:?}");
            }
        }
    }
}
