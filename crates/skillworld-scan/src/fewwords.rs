//! Whether a line holds one of a few words, ASCII-case-insensitively,
//! without an automaton. A clause's other groups are searched on every
//! line its trigger word finds (about 8,700 searches a corpus pass), most
//! of them groups of one to four words, on a line of a hundred bytes: an
//! Aho-Corasick search paid ~900 instructions a call for its setup and
//! prefilter, where `memchr` for each word's least common byte, then a
//! compare where that byte stands, pays about a third of that a word.

use crate::prefilter::is_word;
use crate::words::commonness;

/// A group of at most [`FewWords::MOST`] words.
pub struct FewWords {
    needles: Vec<Needle>,
}

/// One word and the byte of it searched for.
struct Needle {
    word: Vec<u8>,
    /// Where in `word` the searched byte stands.
    at: usize,
    /// The searched byte in both ASCII cases (twice when it has none).
    cases: [u8; 2],
    /// The word counts only after a byte that is not a word byte: `nc`
    /// of `\bnc\b` is in most lines as a part of `once` or `function`,
    /// which sent them on to the clause's costlier groups.
    bounded: bool,
}

impl FewWords {
    /// Past this many words, one automaton's pass beats a pass per word.
    pub const MOST: usize = 4;

    /// The group of `words`, none of them empty, each with whether it
    /// must start at a word's edge (`bounded`: the byte before it, when
    /// `hay` has one, is not a word byte), as the pattern's `\b` says.
    pub fn new<'w>(words: impl IntoIterator<Item = (&'w [u8], bool)>) -> Self {
        let needles = words
            .into_iter()
            .map(|(word, bounded)| {
                // Which byte is searched only changes the speed, never a result.
                let at = (0..word.len())
                    .min_by_key(|&i| commonness(word[i]))
                    .expect("a word is not empty");
                let byte = word[at];
                Needle {
                    word: word.to_vec(),
                    at,
                    cases: [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()],
                    bounded,
                }
            })
            .collect();
        FewWords { needles }
    }

    /// Whether one of the words occurs in `hay`, in any ASCII case.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        self.needles.iter().any(|needle| needle.occurs_in(hay))
    }
}

impl Needle {
    fn occurs_in(&self, hay: &[u8]) -> bool {
        let len = self.word.len();
        // Where the searched byte may stand with the whole word in `hay`.
        let Some(last) = hay.len().checked_sub(len - self.at) else {
            return false;
        };
        let Some(region) = hay.get(self.at..=last) else {
            return false;
        };
        // A hit at `found` in `region` is the byte `at` of a word starting
        // at `found` in `hay`.
        let fits = |found: usize| {
            hay[found..found + len].eq_ignore_ascii_case(&self.word)
                && !(self.bounded && found.checked_sub(1).is_some_and(|b| is_word(hay[b])))
        };
        match self.cases {
            [lower, upper] if lower == upper => memchr::memchr_iter(lower, region).any(fits),
            [lower, upper] => memchr::memchr2_iter(lower, upper, region).any(fits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_word_in_any_case_where_it_fits_whole() {
        let group = FewWords::new([(&b"netcat"[..], false), (b"nc", false), (b".env", false)]);
        assert!(group.is_match(b"use NetCat here"));
        assert!(group.is_match(b"once"));
        assert!(group.is_match(b"read .ENV"));
        assert!(group.is_match(b"nc"));
        assert!(!group.is_match(b"n"));
        assert!(!group.is_match(b"env and n c"));
        assert!(!group.is_match(b""));
    }

    /// A bounded word counts only where no word byte stands before it
    /// (`\bnc`): at the hay's start, after a space or a quote, not inside
    /// `once`; an unbounded one anywhere.
    #[test]
    fn a_bounded_word_starts_at_a_word_edge() {
        let group = FewWords::new([(&b"nc"[..], true)]);
        assert!(!group.is_match(b"once, in a function"));
        assert!(!group.is_match(b"sync_nc -l"));
        assert!(group.is_match(b"nc -l 4444"));
        assert!(group.is_match(b"then 'NC' or once"));
        assert!(group.is_match(b"pipe|nc"));
        assert!(FewWords::new([(&b"nc"[..], false)]).is_match(b"once"));
    }

    /// The same answers as the automaton it replaces, on every slice of
    /// texts holding the words whole, cut, in both cases and beside
    /// non-ASCII bytes.
    #[test]
    fn agrees_with_an_automaton() {
        let words: [&[u8]; 5] = [b"to", b"user", b"x", b"q\xc3\xa9", b"api key"];
        let group = FewWords::new(words.map(|w| (w, false)));
        let automaton = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(words)
            .expect("the words compile");
        let texts: [&[u8]; 4] = [
            b"Ask the USER to set the API KEY",
            b"a usEr, Q\xc3\xa9 and q\xc3\x89; api\nkey",
            b"tuxedo: X marks it",
            b"no match here at all",
        ];
        let mut found = 0;
        for text in texts {
            for start in 0..text.len() {
                for end in start..=text.len() {
                    let hay = &text[start..end];
                    let expected = automaton.is_match(hay);
                    assert_eq!(group.is_match(hay), expected, "{hay:?}");
                    found += usize::from(expected);
                }
            }
        }
        assert!(found > 100, "{found}");
    }
}
