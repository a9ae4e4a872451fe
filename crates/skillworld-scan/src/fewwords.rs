//! Whether a line holds one of a few words, ASCII-case-insensitively,
//! without an automaton. A clause's other groups are searched on every
//! line its trigger word finds (about 8,700 searches a corpus pass), most
//! of them groups of one to eight words, on a line of a hundred bytes: an
//! Aho-Corasick search paid ~900 instructions a call for its setup and
//! prefilter, where `memchr` for each word's least common byte, then a
//! compare where that byte stands, pays about a third of that a word.
//! On AVX2 a hay of a chunk or more is read 32 start positions at a
//! time for the word's two least common bytes (`avx2`): `memchr` paid a
//! call and its setup for every occurrence of the one byte (4.4 a
//! search), and most of them were not the word. A word costs so about a
//! hundred instructions a line, and groups of up to eight words are
//! searched so rather than by an automaton (about 2,000 a line).

#[cfg(target_arch = "x86_64")]
mod avx2;

use std::sync::LazyLock;

use crate::prefilter::is_word;
use crate::words::{commonness, simd};

/// Whether the searches run on AVX2, read once for every group.
static SIMD: LazyLock<bool> = LazyLock::new(simd);

/// A group of at most [`FewWords::most`] words.
pub struct FewWords {
    needles: Vec<Needle>,
    /// The CPU runs the AVX2 search.
    simd: bool,
}

/// One word and the byte of it searched for.
struct Needle {
    word: Vec<u8>,
    /// Where in `word` the searched byte stands.
    at: usize,
    /// The searched byte in both ASCII cases (twice when it has none).
    cases: [u8; 2],
    /// The word's two least common bytes (its one byte twice when it has
    /// one), each as the AVX2 search compares it.
    probes: [Probe; 2],
    /// The word counts only after a byte that is not a word byte: `nc`
    /// of `\bnc\b` is in most lines as a part of `once` or `function`,
    /// which sent them on to the clause's costlier groups.
    bounded: bool,
}

/// A byte of a word at its place: a hay's byte there, OR-ed with `fold`,
/// is `byte` (a letter, lower case, with `fold` 0x20, which only its two
/// cases meet; any other byte as it is, with `fold` 0).
#[derive(Clone, Copy)]
struct Probe {
    at: usize,
    byte: u8,
    fold: u8,
}

impl Probe {
    fn new(word: &[u8], at: usize) -> Self {
        let byte = word[at];
        match byte.is_ascii_alphabetic() {
            true => Probe {
                at,
                byte: byte.to_ascii_lowercase(),
                fold: 0x20,
            },
            false => Probe { at, byte, fold: 0 },
        }
    }
}

impl FewWords {
    /// Past this many words, one automaton's pass beats a pass per word:
    /// four by `memchr`, eight on AVX2 (measured on the scan bench: 132.0 M
    /// instructions at eight, 132.6 M at four, 132.8 M at twelve, 133.3 M
    /// at sixteen).
    pub fn most() -> usize {
        match *SIMD {
            true => 8,
            false => 4,
        }
    }

    /// The group of `words`, none of them empty, each with whether it
    /// must start at a word's edge (`bounded`: the byte before it, when
    /// `hay` has one, is not a word byte), as the pattern's `\b` says.
    pub fn new<'w>(words: impl IntoIterator<Item = (&'w [u8], bool)>) -> Self {
        let needles = words
            .into_iter()
            .map(|(word, bounded)| {
                // Which bytes are searched only changes the speed, never a
                // result. Picked without sorting the word's places: a
                // process builds thousands of groups before its first scan.
                let least = |but: Option<usize>| {
                    (0..word.len())
                        .filter(|&i| Some(i) != but)
                        .min_by_key(|&i| commonness(word[i]))
                };
                let at = least(None).expect("a word is not empty");
                let second = least(Some(at)).unwrap_or(at);
                let byte = word[at];
                Needle {
                    // Lower case: a found place is compared folding only
                    // the hay's side.
                    word: word.to_ascii_lowercase(),
                    at,
                    cases: [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()],
                    probes: [Probe::new(word, at), Probe::new(word, second)],
                    bounded,
                }
            })
            .collect();
        FewWords {
            needles,
            simd: *SIMD,
        }
    }

    /// Whether one of the words occurs in `hay`, in any ASCII case.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is set only where the CPU has AVX2.
            return unsafe { avx2::any_occurs(&self.needles, hay) };
        }
        self.needles.iter().any(|needle| needle.occurs_in(hay))
    }
}

impl Needle {
    /// Whether the word stands at `start` of `hay` (long enough to hold
    /// it there), at a word's edge when it must.
    fn fits(&self, hay: &[u8], start: usize) -> bool {
        crate::prefilter::is_folded(&hay[start..start + self.word.len()], &self.word)
            && !(self.bounded && start.checked_sub(1).is_some_and(|b| is_word(hay[b])))
    }

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
        let fits = |found: usize| self.fits(hay, found);
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

    /// On hays of a chunk of start positions or more, the AVX2 search
    /// answers as `memchr`'s: words at either end, across the chunks'
    /// edges, in the chunk read back from the end, in both cases, cut,
    /// beside non-ASCII bytes, and bounded words after word bytes and
    /// after others.
    #[test]
    fn the_avx2_search_is_memchrs() {
        let group = FewWords::new([
            (&b"netcat"[..], false),
            (b"nc", true),
            (b".env", false),
            (b"q\xc3\xa9", false),
        ]);
        if !group.simd {
            eprintln!("no AVX2 on this CPU: nothing to compare");
            return;
        }
        let mut texts: Vec<Vec<u8>> = vec![
            b"NetCat first, then a long run of plain words that hold none of them, .ENV last"
                .to_vec(),
            b"once, in a function, sync_nc; then 'NC' at last, and a Q\xc3\x89 or q\xc3\xa9 after"
                .to_vec(),
            b"neTca .en qu\xc3\xa9 n c netca t .e nv and more words to make it long, ending nETCAT"
                .to_vec(),
        ];
        // The word at every offset of a hay of other bytes.
        for at in 0..=96 {
            let mut text = b"abdfghijklmopqrsuvwyz 0123456789-_".repeat(3);
            text[at..at + 6].copy_from_slice(b"NETcat");
            texts.push(text);
        }
        let (mut long, mut found) = (0, 0);
        for text in &texts {
            for start in 0..text.len() {
                for end in start..=text.len() {
                    let hay = &text[start..end];
                    let expected = group.needles.iter().any(|n| n.occurs_in(hay));
                    assert_eq!(group.is_match(hay), expected, "{hay:?}");
                    long += usize::from(hay.len() > 32);
                    found += usize::from(expected && hay.len() > 32);
                }
            }
        }
        assert!(
            long > 100_000 && found > 100_000,
            "{long} long, {found} found"
        );
    }
}
