//! Every occurrence of a set of words (three bytes or longer, compared
//! ASCII-case-insensitively) in one pass over a text, without an
//! automaton. Each word is anchored on one of its four-byte windows, the
//! one least likely in prose (`user` in `the user`, `.env` in
//! `process.env`); each position's last four lower-cased bytes are hashed
//! into a 4 KiB bit set that stays in the L1 cache, and only positions
//! whose window is set are looked up and their words compared in place.
//! Unlike a DFA walk, where each byte's step waits on the previous one,
//! positions are independent, and most cost one bit test. Three-byte words
//! have a bit set of their own.

/// Bits of the hash that index a bit set.
const BITS: u32 = 15;
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
/// A slot with no key.
const EMPTY: u64 = u64::MAX;

type Bits = Box<[u64; 1 << (BITS - 6)]>;

/// Words, each with what it stands for.
pub struct WordSearch {
    quads: Bits,
    triples: Bits,
    /// Words of four bytes or more, by their anchor window.
    long: Table,
    /// Three-byte words, by themselves.
    short: Table,
}

/// Words by key: (key, first entry, end of its entries) in open addressing.
struct Table {
    slots: Vec<(u64, u32, u32)>,
    /// (word in lower case, where its key's window starts in it, payload).
    entries: Vec<(Vec<u8>, usize, usize)>,
    /// The key window's width.
    width: usize,
}

/// `bytes` (at least `width` of them) lower-cased into a key.
fn key(bytes: &[u8], width: usize) -> u64 {
    bytes[..width]
        .iter()
        .fold(0, |key, b| key << 8 | u64::from(b.to_ascii_lowercase()))
}

fn hash(key: u64) -> u64 {
    key.wrapping_mul(MULTIPLIER)
}

/// The word and bit of `key` in a bit set.
fn bit(key: u64) -> (usize, u64) {
    let bit = hash(key) >> (64 - BITS);
    ((bit >> 6) as usize, 1 << (bit & 63))
}

/// How common a byte is in skill text (English prose and code): spaces
/// and frequent letters cost most, punctuation least.
fn commonness(byte: u8) -> u32 {
    match byte.to_ascii_lowercase() {
        b' ' => 12,
        b'e' | b't' | b'a' | b'o' | b'i' | b'n' | b's' | b'r' | b'h' => 8,
        b'l' | b'd' | b'c' | b'u' | b'm' | b'\n' => 6,
        b'f' | b'p' | b'g' | b'w' | b'y' | b'b' => 4,
        b'0'..=b'9' => 3,
        b'v' | b'k' => 2,
        _ => 1,
    }
}

/// Where a word's least common four-byte window starts.
fn anchor(word: &[u8]) -> usize {
    (0..=word.len() - 4)
        .min_by_key(|&at| word[at..at + 4].iter().map(|&b| commonness(b)).sum::<u32>())
        .expect("four bytes at least")
}

impl Table {
    fn new(mut entries: Vec<(u64, Vec<u8>, usize, usize)>, width: usize, bits: &mut Bits) -> Self {
        entries.sort_unstable();
        entries.dedup();
        let distinct = entries.chunk_by(|a, b| a.0 == b.0).count();
        let mut slots = vec![(EMPTY, 0, 0); (distinct * 4).next_power_of_two().max(4)];
        let mask = slots.len() - 1;
        let mut at = 0;
        for group in entries.chunk_by(|a, b| a.0 == b.0) {
            let key = group[0].0;
            let (word, bit_mask) = bit(key);
            bits[word] |= bit_mask;
            let mut slot = hash(key) as usize & mask;
            while slots[slot].0 != EMPTY {
                slot = (slot + 1) & mask;
            }
            let end = at + group.len();
            slots[slot] = (key, at as u32, end as u32);
            at = end;
        }
        Table {
            slots,
            entries: entries
                .into_iter()
                .map(|(_, word, offset, payload)| (word, offset, payload))
                .collect(),
            width,
        }
    }

    /// The words whose key window, `key`, ends at `end`, found in place.
    fn check(&self, text: &[u8], end: usize, key: u64, found: &mut impl FnMut(usize, usize)) {
        let mask = self.slots.len() - 1;
        let mut slot = hash(key) as usize & mask;
        let (first, last) = loop {
            match self.slots[slot] {
                (EMPTY, ..) => return,
                (k, first, last) if k == key => break (first as usize, last as usize),
                _ => slot = (slot + 1) & mask,
            }
        };
        for (word, offset, payload) in &self.entries[first..last] {
            let Some(start) = (end + 1).checked_sub(self.width + offset) else {
                continue;
            };
            let there = text.get(start..start + word.len());
            if there.is_some_and(|there| there.eq_ignore_ascii_case(word)) {
                found(start, *payload);
            }
        }
    }
}

impl WordSearch {
    /// The search for `words` (at least three bytes each).
    pub fn new(words: Vec<(Vec<u8>, usize)>) -> Self {
        assert!(
            words.iter().all(|(w, _)| w.len() >= 3),
            "every word has three bytes at least"
        );
        let mut quads: Bits = Box::new([0; 1 << (BITS - 6)]);
        let mut triples: Bits = Box::new([0; 1 << (BITS - 6)]);
        let (short, long): (Vec<_>, Vec<_>) = words
            .into_iter()
            .map(|(word, payload)| (word.to_ascii_lowercase(), payload))
            .partition(|(word, _)| word.len() == 3);
        let long = long
            .into_iter()
            .map(|(word, payload)| {
                let at = anchor(&word);
                (key(&word[at..], 4), word, at, payload)
            })
            .collect();
        let short = short
            .into_iter()
            .map(|(word, payload)| (key(&word, 3), word, 0, payload))
            .collect();
        WordSearch {
            long: Table::new(long, 4, &mut quads),
            short: Table::new(short, 3, &mut triples),
            quads,
            triples,
        }
    }

    /// Calls `found(start, payload)` for every occurrence of every word in
    /// `text`.
    pub fn each(&self, text: &[u8], mut found: impl FnMut(usize, usize)) {
        let mut window = 0u64;
        for (end, &byte) in text.iter().enumerate() {
            window = (window << 8 | u64::from(byte.to_ascii_lowercase())) & 0xFFFF_FFFF;
            let (at, mask) = bit(window);
            if self.quads[at] & mask != 0 && end >= 3 {
                self.long.check(text, end, window, &mut found);
            }
            let three = window & 0x00FF_FFFF;
            let (at, mask) = bit(three);
            if self.triples[at] & mask != 0 && end >= 2 {
                self.short.check(text, end, three, &mut found);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every occurrence, overlapping and in any case, as a naive search
    /// finds them.
    #[test]
    fn every_occurrence_is_found() {
        let words: Vec<(Vec<u8>, usize)> = [
            "act",
            "action",
            "ACTION",
            "env",
            "process.env",
            "ion",
            "\u{feff}x",
        ]
        .iter()
        .enumerate()
        .map(|(i, w)| (w.as_bytes().to_vec(), i))
        .collect();
        let search = WordSearch::new(words.clone());
        let text = "Reaction: PROCESS.ENV and process.env; actionACTION enviro ion\u{feff}x ac";
        let mut found = Vec::new();
        search.each(text.as_bytes(), |start, payload| {
            found.push((start, payload))
        });
        let mut expected = Vec::new();
        for start in 0..text.len() {
            for (word, payload) in &words {
                let there = text.as_bytes().get(start..start + word.len());
                if there.is_some_and(|t| t.eq_ignore_ascii_case(word)) {
                    expected.push((start, *payload));
                }
            }
        }
        found.sort_unstable();
        expected.sort_unstable();
        assert_eq!(found, expected);
        assert!(found.len() > 10);
    }
}
