//! A word found in a line without a searcher's set-up: `str::contains`
//! and `str::match_indices` build a Two-Way searcher for every call, a
//! few hundred instructions, more than a line's whole search by `memchr`
//! on the word's first byte (cost85: the rows' exception words, asked of
//! each candidate line). Not for many words with common first bytes: a
//! block's language guessed from its head by eighteen such words cost
//! more so than by `contains`.

/// Where `word` next stands in `hay` at or after byte `from`.
pub fn find_from(hay: &[u8], word: &[u8], from: usize) -> Option<usize> {
    let (&first, rest) = word.split_first()?;
    let mut at = from;
    while let Some(found) = hay.get(at..).and_then(|h| memchr::memchr(first, h)) {
        let start = at + found;
        if hay[start + 1..].starts_with(rest) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// Where `word` stands in `hay`, leftmost first and not overlapping, as
/// `str::match_indices` finds it (`word` not empty).
pub fn occurrences<'h>(hay: &'h str, word: &'h str) -> impl Iterator<Item = usize> + 'h {
    debug_assert!(!word.is_empty());
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = find_from(hay.as_bytes(), word.as_bytes(), from)?;
        from = at + word.len();
        Some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_as_the_standard_searches_do() {
        let hays = [
            "",
            "a",
            "never never",
            "xa a a ",
            "aaaa",
            "é never é",
            "abcabcab",
            "nev",
        ];
        let words = ["a", "a a ", "never ", "aa", "é", "abcab", "nev", "never"];
        for hay in hays {
            for word in words {
                let ours: Vec<usize> = occurrences(hay, word).collect();
                let theirs: Vec<usize> = hay.match_indices(word).map(|(at, _)| at).collect();
                assert_eq!(ours, theirs, "{hay:?} {word:?}");
            }
        }
    }
}
