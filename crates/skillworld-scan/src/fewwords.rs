//! Whether a line holds one of a few words, ASCII-case-insensitively,
//! without an automaton. A clause's other groups are searched on every
//! line its trigger word finds (8,700 searches a corpus pass), most of
//! them one to four words long, on a line of a hundred bytes: an
//! Aho-Corasick search paid ~900 instructions a call for its setup and
//! prefilter, where `memchr` for each word's rarest byte, then a compare
//! where that byte stands, pays a few dozen. On a line read alone, a word
//! found must also have the neighbours its atom asks for (`Atom::fits`):
//! `nc` in `once` does not send its line to `shell-handover`'s regex.

use crate::prefilter::Atom;

/// A group of at most [`FewWords::MOST`] words (lower case).
pub struct FewWords {
    needles: Vec<Needle>,
}

/// One atom and the byte of its word searched for.
struct Needle {
    atom: Atom,
    /// Where in `word` the searched byte stands.
    at: usize,
    /// The searched byte in both ASCII cases (twice when it has none).
    cases: [u8; 2],
}

impl FewWords {
    /// Past this many words, one automaton's pass beats a pass per word.
    pub const MOST: usize = 4;

    /// The group of `atoms`, whose words are lower case and not empty.
    pub fn new(atoms: &[Atom]) -> Self {
        let needles = atoms
            .iter()
            .map(|atom| {
                let word = &atom.word;
                let at = (0..word.len())
                    .min_by_key(|&i| commonness(word[i]))
                    .expect("a word is not empty");
                let byte = word[at];
                Needle {
                    atom: atom.clone(),
                    at,
                    cases: [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()],
                }
            })
            .collect();
        FewWords { needles }
    }

    /// Whether one of the words occurs in `hay`, in any ASCII case.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        self.needles
            .iter()
            .any(|needle| needle.occurs_in(hay, false))
    }

    /// Whether one of the words occurs in the line `hay` with the
    /// neighbours its atom asks for there.
    pub fn fits_in(&self, hay: &[u8]) -> bool {
        self.needles
            .iter()
            .any(|needle| needle.occurs_in(hay, true))
    }
}

impl Needle {
    fn occurs_in(&self, hay: &[u8], fitting: bool) -> bool {
        let word = &self.atom.word;
        let len = word.len();
        // Where the searched byte may stand with the whole word in `hay`.
        let Some(last) = hay.len().checked_sub(len - self.at) else {
            return false;
        };
        let Some(region) = hay.get(self.at..=last) else {
            return false;
        };
        let fits = |found: usize| {
            hay[found..found + len].eq_ignore_ascii_case(word)
                && (!fitting || self.atom.fits(hay, found))
        };
        match self.cases {
            [lower, upper] if lower == upper => memchr::memchr_iter(lower, region).any(fits),
            [lower, upper] => memchr::memchr2_iter(lower, upper, region).any(fits),
        }
    }
}

/// How often a byte stands in skill text, roughly (higher: more often):
/// only which byte of a word is searched depends on it, never a result.
fn commonness(byte: u8) -> u8 {
    const LETTERS: &[u8] = b"zqjxkvbpygfwmucldrhsnioate";
    match byte.to_ascii_lowercase() {
        b' ' => 40,
        letter @ b'a'..=b'z' => {
            let rank = LETTERS.iter().position(|&l| l == letter).unwrap_or(0);
            10 + rank as u8
        }
        b'.' | b',' | b'-' | b'/' | b'_' | b':' | b'\'' | b'"' | b'`' | b'(' | b')' => 20,
        b'0'..=b'9' => 15,
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atoms(words: &[&[u8]]) -> Vec<Atom> {
        words
            .iter()
            .map(|word| Atom {
                word: word.to_vec(),
                bounded: false,
                then: None,
                before: None,
            })
            .collect()
    }

    #[test]
    fn finds_a_word_in_any_case_where_it_fits_whole() {
        let group = FewWords::new(&atoms(&[b"netcat", b"nc", b".env"]));
        assert!(group.is_match(b"use NetCat here"));
        assert!(group.is_match(b"once"));
        assert!(group.is_match(b"read .ENV"));
        assert!(group.is_match(b"nc"));
        assert!(!group.is_match(b"n"));
        assert!(!group.is_match(b"env and n c"));
        assert!(!group.is_match(b""));
    }

    #[test]
    fn agrees_with_an_automaton() {
        let words: [&[u8]; 4] = [b"to", b"user", b"x", b"q\xc3\xa9"];
        let group = FewWords::new(&atoms(&words));
        let automaton = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(&words)
            .expect("the words compile");
        let texts: [&[u8]; 8] = [
            b"",
            b"t",
            b"TO",
            b"a usEr",
            b"USE",
            b"Q\xc3\xa9",
            b"q\xc3\x89",
            b"abc",
        ];
        for text in texts {
            assert_eq!(group.is_match(text), automaton.is_match(text), "{text:?}");
            assert_eq!(group.fits_in(text), group.is_match(text), "{text:?}");
        }
    }

    #[test]
    fn on_a_line_a_word_must_fit_its_atom() {
        let pattern = r"\b(?:netcat|nc)\b[^\n]{0,100}\bhand\w*\s+(?:a\s+)?shell\b";
        let groups = crate::prefilter::requirements(pattern);
        let group = groups
            .iter()
            .find(|atoms| atoms.iter().any(|a| a.word == b"nc"))
            .expect("a group holds nc");
        let group = FewWords::new(group);
        assert!(group.fits_in(b"use nc to connect and hand it a shell"));
        assert!(group.fits_in(b"NC"));
        assert!(group.is_match(b"once the handler is ready, hand a shell"));
        assert!(!group.fits_in(b"once the handler is ready, hand a shell"));
    }
}
