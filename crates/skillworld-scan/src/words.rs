//! Every occurrence of a set of words (three bytes or longer, compared
//! ASCII-case-insensitively) in one pass over a text, without an
//! automaton. Each word is anchored on one of its four-byte windows, the
//! one least likely in prose (`user` in `the user`, `.env` in
//! `process.env`, judged by a list of the commonest windows of skill
//! text, by how often each window occurs in a sample of ordinary prose and
//! by its bytes). A gate of 32-bit words (128 KiB,
//! within the L2 cache) answers for every position at once whether a
//! three-byte word may end there and whether an anchor window may start
//! two bytes before it: the position's last three lower-cased bytes pick
//! a word of the gate by their hash; its top bit stands for the three-byte
//! words, its other bits for the byte after (its low five bits) of the
//! anchors that start with those three bytes. One load answers both, and
//! is gathered for eight positions without a branch; only the positions
//! it passes are looked up and their words compared in place, in the
//! copy of the text the gate leaves lower-cased (zeros around it, which no
//! word holds, so a window near an edge needs no check of its own). Unlike a
//! DFA walk, where each byte's step waits on the previous one, positions
//! are independent.

use std::hash::{BuildHasherDefault, Hasher};

#[cfg(target_arch = "x86_64")]
mod avx2;
mod common;

use common::COMMON_QUADGRAMS;

/// Bits of a three-byte window's hash that pick its word of the gate.
/// A bit per window (17 bits, 16 KiB), which the anchors' first three
/// bytes set, passed one position in eleven of the corpus, two thirds of
/// them for nothing: the byte after did not continue an anchor, or only
/// the hash clashed. Words of the gate cost the same load and pass one
/// in twenty-two (at 12 bits, 16 KiB, and with the top bit shared by
/// anchors going on with `_`, one in thirteen). With the rows' ~18,000
/// trigger atoms, 13 bits (32 KiB) passed 210,000 positions a corpus
/// pass for 117,000 keys; every pass is a table lookup, so 15 bits
/// (128 KiB, the gather's loads still within L2) cut the scan bench by
/// 4.35 M instructions (cost86; 14 bits: 2.8 M), with no slower CPU
/// time on the bench.
const GATE_BITS: u32 = 15;
const MULTIPLIER: u32 = 0x9E37_79B1;
/// The tables' own hash (`home`): odd, and unrelated to `MULTIPLIER`.
const HOME_MULTIPLIER: u32 = 0x85EB_CA6B;
/// A slot with no key (no window of text is: 0xFF is never in UTF-8,
/// and a word's key is compared only after the gate passed it).
const EMPTY: u32 = u32::MAX;

/// The gate: a 32-bit word per hash of a three-byte window. Its top bit:
/// a three-byte word may be that window; bit `b & 31`: an anchor window
/// may be that window and then byte `b` (the top bit shared by the bytes
/// whose low five bits are all ones, which only costs a lookup).
struct Gate([u32; 1 << GATE_BITS]);

impl Gate {
    const TRIPLE: u32 = 1 << 31;

    fn empty() -> Box<Self> {
        Box::new(Gate([0; 1 << GATE_BITS]))
    }

    /// The word of the three-byte window `three`.
    #[inline(always)]
    fn word(&mut self, three: u32) -> &mut u32 {
        &mut self.0[(hash(three) >> (32 - GATE_BITS)) as usize]
    }

    /// Whether the four-byte window `four` passes: as 0 or 1, a
    /// three-byte word may be its first three bytes, an anchor may be
    /// the whole window.
    #[inline(always)]
    fn test(&self, four: u32) -> (u64, u64) {
        let word = self.0[(hash(four >> 8) >> (32 - GATE_BITS)) as usize];
        (
            u64::from(word >> 31),
            u64::from(word >> anchor_bit(four) & 1),
        )
    }
}

/// The bit of an anchor window `four`'s last byte in its gate word: its
/// low five bits, but below the three-byte words' top bit (which `_`,
/// `?` and UTF-8's 0xBF would share with them).
#[inline(always)]
fn anchor_bit(four: u32) -> u32 {
    (four & 31).min(30)
}

/// What the gate found in 64 positions, as bit `i` for position `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Passes {
    /// A three-byte word may end here.
    triples: u64,
    /// An anchor window may end at the next byte.
    anchors: u64,
    newlines: u64,
    marked: u64,
}

impl Passes {
    /// Only the first `len` positions.
    fn within(self, len: usize) -> Self {
        let mask = u64::MAX >> (64 - len);
        Passes {
            triples: self.triples & mask,
            anchors: self.anchors & mask,
            newlines: self.newlines & mask,
            marked: self.marked & mask,
        }
    }
}

/// A block's bytes lower-cased, after the two before it and before the
/// one after it, with room for the gate's last 16-byte load.
const LOWERED: usize = 80;

/// ASCII lower case, one load per byte.
static LOWER: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).to_ascii_lowercase();
        byte += 1;
    }
    table
};

/// Bytes whose every position the gate reports beside the newlines (the
/// engine's short anchors, `'`, `\`, `$`, whose own searches each took a
/// pass over the text), at most eight. Each byte has its own bit, set in
/// one table at its low four bits and in the other at its high four: a
/// byte is marked when its two entries share a bit, which is exact (two
/// shuffles for 32 bytes on AVX2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    low: [u8; 16],
    high: [u8; 16],
}

impl Marks {
    /// The most bytes a gate marks: one bit each of a table's byte.
    pub const MOST: usize = 8;

    /// Marks `bytes` (at most `MOST` distinct ones).
    pub fn of(bytes: &[u8]) -> Self {
        let mut distinct = bytes.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(
            distinct.len() <= Self::MOST,
            "{distinct:?}: too many to mark"
        );
        let mut marks = Marks::default();
        for (bit, byte) in distinct.into_iter().enumerate() {
            marks.low[usize::from(byte & 15)] |= 1 << bit;
            marks.high[usize::from(byte >> 4)] |= 1 << bit;
        }
        marks
    }

    /// Whether `byte` is marked.
    #[inline(always)]
    fn has(&self, byte: u8) -> bool {
        self.low[usize::from(byte & 15)] & self.high[usize::from(byte >> 4)] != 0
    }
}

/// Words, each with what it stands for.
pub struct WordSearch {
    /// The three-byte words and the long words' anchor windows.
    gate: Box<Gate>,
    /// Words of four bytes or more, by their anchor window.
    long: Table,
    /// Three-byte words, by themselves.
    short: Table,
    /// The bytes whose positions the gate reports.
    marks: Marks,
    /// The CPU runs the AVX2 gate.
    simd: bool,
}

/// Words by key: (key, first entry, end of its entries) in open addressing.
struct Table {
    slots: Vec<(u32, u32, u32)>,
    /// How far a key's hash shifts to index `slots`.
    shift: u32,
    entries: Vec<Entry>,
    /// The key window's width.
    width: usize,
}

/// A word of a table, with its first eight bytes as one number, so that
/// most comparisons take one load and a few operations.
struct Entry {
    /// The word's first eight bytes, lower case, little-endian, zero
    /// past its end.
    head: u64,
    /// The bytes of `head` the word has.
    mask: u64,
    /// The whole word, lower case.
    word: Box<[u8]>,
    /// Where its key's window starts in it.
    offset: usize,
    /// Up to eight bytes before the key's window, ending at the top byte,
    /// zero where the word has none, and the bytes of it the word has.
    before: u64,
    before_mask: u64,
    /// Up to eight bytes after the key's window, from the bottom byte,
    /// and the bytes of it the word has.
    after: u64,
    after_mask: u64,
    /// `before` and `after` hold the whole word around its window.
    whole: bool,
    payload: usize,
}

impl Entry {
    fn new(word: Vec<u8>, offset: usize, width: usize, payload: usize) -> Self {
        let (head, mask) = Self::eight(word.iter().take(8), 0);
        let prefix = &word[..offset];
        let suffix = &word[offset + width..];
        let (before, before_mask) = Self::eight(
            prefix.iter().skip(prefix.len().saturating_sub(8)),
            8 - prefix.len().min(8),
        );
        let (after, after_mask) = Self::eight(suffix.iter().take(8), 0);
        Entry {
            head,
            mask,
            before,
            before_mask,
            after,
            after_mask,
            whole: prefix.len() <= 8 && suffix.len() <= 8,
            word: word.into_boxed_slice(),
            offset,
            payload,
        }
    }

    /// `bytes` (eight at most) as a little-endian number from byte `from`,
    /// and the mask of the bytes they fill.
    fn eight<'a>(bytes: impl Iterator<Item = &'a u8>, from: usize) -> (u64, u64) {
        let (mut value, mut mask) = ([0u8; 8], [0u8; 8]);
        for (at, &byte) in bytes.enumerate() {
            value[from + at] = byte;
            mask[from + at] = 0xFF;
        }
        (u64::from_le_bytes(value), u64::from_le_bytes(mask))
    }

    /// Whether `text` holds the word at `start` (ASCII case ignored).
    #[inline]
    fn at(&self, text: &[u8], start: usize) -> bool {
        match text.get(start..start + 8) {
            Some(eight) => {
                let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                lower8(eight) & self.mask == self.head
                    && (self.word.len() <= 8
                        || text
                            .get(start + 8..start + self.word.len())
                            .is_some_and(|rest| rest.eq_ignore_ascii_case(&self.word[8..])))
            }
            None => text
                .get(start..start + self.word.len())
                .is_some_and(|there| there.eq_ignore_ascii_case(&self.word)),
        }
    }
}

/// Eight bytes ASCII-lower-cased at once (what `LOWER` does to each).
fn lower8(bytes: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let seven = bytes & (ONES * 0x7F);
    let ascii = !bytes & (ONES * 0x80);
    let from_a = seven + ONES * u64::from(0x80 - b'A');
    let past_z = seven + ONES * u64::from(0x80 - b'Z' - 1);
    let upper = ascii & from_a & !past_z;
    bytes | (upper >> 2)
}

/// `bytes` (at least `width` of them) lower-cased into a key.
fn key(bytes: &[u8], width: usize) -> u32 {
    bytes[..width]
        .iter()
        .fold(0, |key, &b| key << 8 | u32::from(LOWER[usize::from(b)]))
}

fn hash(key: u32) -> u32 {
    key.wrapping_mul(MULTIPLIER)
}

/// The slot of a table (of `32 - shift` bits) where `key`'s search starts:
/// the top bits of a second multiplicative hash. The gate passes a
/// three-byte window by the top bits of `hash`, so a table of three-byte
/// keys homed by those bits put nearly every window the gate passed for
/// nothing on a key's own slot, to walk on from (more than one step a
/// lookup on the corpus); the low bits of `hash` depend only on the
/// window's last bytes, and clustered.
fn home(key: u32, shift: u32) -> usize {
    (key.wrapping_mul(HOME_MULTIPLIER) >> shift) as usize
}

/// Pushes `base + i` for every set bit `i` of `bits`, lowest first.
#[inline(always)]
fn push_bits(out: &mut Vec<usize>, base: usize, mut bits: u64) {
    while bits != 0 {
        out.push(base + bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// How common a byte is in skill text (English prose and code): spaces
/// and frequent letters cost most, punctuation least. A table: the
/// anchors' choice weighs three bytes of every window of every word
/// (~330,000 a process), where a call and a match each was a tenth of
/// `WordSearch::new` (cost35).
#[inline(always)]
pub(crate) fn commonness(byte: u8) -> u32 {
    u32::from(COMMONNESS[usize::from(byte)])
}

static COMMONNESS: [u8; 256] = {
    let mut table = [1; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = match (byte as u8).to_ascii_lowercase() {
            b' ' => 12,
            b'e' | b't' | b'a' | b'o' | b'i' | b'n' | b's' | b'r' | b'h' => 8,
            b'l' | b'd' | b'c' | b'u' | b'm' | b'\n' => 6,
            b'f' | b'p' | b'g' | b'w' | b'y' | b'b' => 4,
            b'0'..=b'9' => 3,
            b'v' | b'k' => 2,
            _ => 1,
        };
        byte += 1;
    }
    table
};

/// The commonest three-letter sequences of English text and code, which
/// a word's anchor window should not start with: the gate tests every
/// position's last three bytes against the anchors' first three.
const COMMON_TRIGRAMS: &[&[u8]] = &[
    b"the", b"and", b"ing", b"ion", b"tio", b"ent", b"ati", b"for", b"her", b"ter", b"hat", b"tha",
    b"ere", b"ate", b"his", b"con", b"res", b"ver", b"all", b"ons", b"nce", b"men", b"ith", b"ted",
    b"ers", b"pro", b"thi", b"wit", b"are", b"ess", b"not", b"ive", b"was", b"ect", b"rea", b"com",
    b"eve", b"per", b"int", b"est", b"sta", b"cti", b"ica", b"ist", b"ear", b"ain", b"one", b"our",
    b"iti", b"rat", b"str", b"ode", b"ult", b"ile", b"tor", b"ana", b"era", b"nte", b"mat", b"tra",
    b"ssi", b"min", b"ini", b"ten", b"tho", b"ome", b"ort", b"ord", b"red", b"out", b"ase", b"use",
    b"art", b"nde", b"tur", b"ack", b"igh", b"ght", b"ure", b"ous", b"ill", b"lin", b"lly",
];

/// What a word's anchor choice weighs, each window by its `key`: window
/// counts of sample prose (three-byte ones tagged by the top bit), and
/// whether the window is one of `COMMON_QUADGRAMS` (on its four-byte key)
/// or its first three bytes one of `COMMON_TRIGRAMS` (on their tagged
/// key). Keys, not bytes: comparing each window with every common
/// trigram, and SipHash, were two fifths of a process's first scan
/// (issue 19); and one map answering both questions of a key, where four
/// lookups a window (two sets, two counts) were half of `WordSearch::new`
/// (cost34). The map is open addressing over the keys themselves (homed
/// as the word tables are), where a `HashMap`'s insert and lookup were
/// three fifths of the anchors' choice (cost35).
struct Usage {
    /// (key, what is seen of it), `EMPTY` keys free: no key of prose is
    /// (0xFF is never in UTF-8), and a word's window that is reads an
    /// empty slot's nothing seen, as a missing key would.
    slots: Vec<(u32, Seen)>,
    /// How far a key's hash shifts to index `slots`.
    shift: u32,
    /// Keys held: at most a quarter of the slots (most of the anchors'
    /// lookups are of windows prose lacks, and a miss walks on to a free
    /// slot: at half full, ~96 instructions a window).
    len: usize,
}

/// What `Usage` knows of one key.
#[derive(Clone, Copy, Default)]
struct Seen {
    count: u32,
    /// How common a four-byte key of `COMMON_QUADGRAMS` is: the list's
    /// length less its place in it (the list is commonest first), 0 for a
    /// key it lacks.
    usual: u16,
    /// A tagged three-byte key of `COMMON_TRIGRAMS`.
    trigram: bool,
}

/// The same hash for the engine's start-up maps, keyed by what the rule
/// table derives (its trigger atoms, their edges' byte sets): SipHash of
/// every atom, and again at each of the map's growths, was a sixth of a
/// one-line scan (cost34).
pub(crate) type StartHash = BuildHasherDefault<KeyHasher>;

#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    /// Eight bytes a multiply (a byte set is 32 bytes).
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in chunks.by_ref() {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        for &byte in chunks.remainder() {
            self.write_u32(u32::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u32(&mut self, key: u32) {
        self.0 = (self.0 ^ u64::from(key)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The tag of a three-byte key among the four-byte ones (a rare clash
/// only shifts an anchor, never what is found).
const THREE: u32 = 1 << 31;

impl Usage {
    /// Prose past this many bytes could overflow `anchor`'s fields (the
    /// rule table's whole source is 0.65 MB).
    const MOST: usize = 1 << 21;

    fn of(prose: &str) -> Self {
        assert!(
            prose.len() < Self::MOST,
            "the anchors' prose is under 2 MiB"
        );
        // About a slot a byte: prose has fewer distinct windows than a
        // quarter of its bytes (the rule table's 122 KB, ~30,000), so the
        // table is sized once, where each growth from 4,096 slots filled a
        // fresh one (3 MB allocated for 1.5 MB, import88).
        let size = prose.len().next_power_of_two().max(1 << 12);
        let mut usage = Usage {
            slots: vec![(EMPTY, Seen::default()); size],
            shift: 32 - size.trailing_zeros(),
            len: 0,
        };
        // Each byte ends a four-byte window and a three-byte one, whose key
        // is the four-byte key's low bytes (`key` folds high to low).
        let mut four = 0u32;
        for (at, &byte) in prose.as_bytes().iter().enumerate() {
            four = four << 8 | u32::from(LOWER[usize::from(byte)]);
            if at >= 3 {
                usage.entry(four).count += 1;
            }
            if at >= 2 {
                usage.entry(four & 0xFF_FFFF | THREE).count += 1;
            }
        }
        for (place, window) in COMMON_QUADGRAMS.iter().enumerate() {
            let usual = &mut usage.entry(key(window, 4)).usual;
            *usual = (*usual).max((COMMON_QUADGRAMS.len() - place) as u16);
        }
        for trigram in COMMON_TRIGRAMS {
            usage.entry(key(trigram, 3) | THREE).trigram = true;
        }
        usage
    }

    /// The slot where `key` is, or the free one where it would be.
    #[inline(always)]
    fn slot(&self, key: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = home(key, self.shift);
        while self.slots[slot].0 != key && self.slots[slot].0 != EMPTY {
            slot = (slot + 1) & mask;
        }
        slot
    }

    #[inline(always)]
    fn entry(&mut self, key: u32) -> &mut Seen {
        let mut slot = self.slot(key);
        if self.slots[slot].0 == EMPTY {
            if (self.len + 1) * 4 > self.slots.len() {
                self.grow();
                slot = self.slot(key);
            }
            self.slots[slot].0 = key;
            self.len += 1;
        }
        &mut self.slots[slot].1
    }

    /// Twice the slots, the keys placed again.
    #[cold]
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![(EMPTY, Seen::default()); size]);
        self.shift -= 1;
        for (key, seen) in old.into_iter().filter(|&(key, _)| key != EMPTY) {
            let slot = self.slot(key);
            self.slots[slot] = (key, seen);
        }
    }

    #[inline(always)]
    fn get(&self, key: u32) -> Seen {
        self.slots[self.slot(key)].1
    }
}

/// Where a word's anchor window starts: the one that is not a common
/// window of skill text (or, where every window is, the least common of
/// them: `s as` of `import requests as `, which the gate passed 272 times
/// a corpus pass, not `impo`, 1,541 times), whose first three bytes
/// (which pick its gate word) are not a common English trigram and occur
/// least in the prose, then the one of the rarest bytes. `word` is
/// lower-cased, so a window's bytes are its key. The ranking is one
/// number, its fields from the most significant down (a tuple's compare,
/// field by field, was a third of the choice's cost, and a 128-bit one
/// a fifth more than this; no count of a prose under `Usage::MOST` bytes
/// fills its 21 bits, no sum of three bytes' `commonness` its 6).
fn anchor(word: &[u8], usage: &Usage) -> usize {
    const { assert!(COMMON_QUADGRAMS.len() < 1 << 13, "a place in 13 bits") };
    (0..=word.len() - 4)
        .min_by_key(|&at| {
            let four = u32::from_be_bytes(word[at..at + 4].try_into().expect("four bytes"));
            let (quad, three) = (usage.get(four), usage.get(four >> 8 | THREE));
            let rarity: u32 = word[at..at + 3].iter().map(|&b| commonness(b)).sum();
            u64::from(quad.usual) << 51
                | u64::from(three.trigram) << 50
                | u64::from(three.count) << 29
                | u64::from(rarity) << 23
                | u64::from(quad.count)
        })
        .expect("four bytes at least")
}

/// A word of a table as `WordSearch::new` makes it: (key, word, offset
/// of the key's window, payload).
type TableEntry = (u32, Vec<u8>, usize, usize);

/// `entries` sorted as a tuple: by key, keys being nearly all distinct,
/// as numbers that carry their entry's index (a sort of the tuples moved
/// 48 bytes and compared a vector at each step, a fifth of
/// `WordSearch::new`), then each key's few entries whole.
fn sorted(entries: Vec<TableEntry>) -> Vec<TableEntry> {
    let mut order: Vec<u64> = (0..entries.len())
        .map(|at| u64::from(entries[at].0) << 32 | at as u64)
        .collect();
    order.sort_unstable();
    let mut taken: Vec<Option<TableEntry>> = entries.into_iter().map(Some).collect();
    let mut sorted: Vec<TableEntry> = order
        .iter()
        .map(|&at| taken[at as u32 as usize].take().expect("each index once"))
        .collect();
    for group in sorted.chunk_by_mut(|a, b| a.0 == b.0) {
        group.sort_unstable();
    }
    sorted
}

impl Table {
    fn new(entries: Vec<TableEntry>, width: usize) -> Self {
        let mut entries = sorted(entries);
        entries.dedup();
        let distinct = entries.chunk_by(|a, b| a.0 == b.0).count();
        // At most a quarter full: most lookups are of windows the gate
        // passed that are no key, and at half full a miss walked about
        // three slots.
        let size = (distinct * 4).next_power_of_two().max(4);
        let shift = 32 - size.trailing_zeros();
        let mut slots = vec![(EMPTY, 0, 0); size];
        let mask = size - 1;
        let mut at = 0;
        for group in entries.chunk_by(|a, b| a.0 == b.0) {
            let key = group[0].0;
            let mut slot = home(key, shift);
            while slots[slot].0 != EMPTY {
                slot = (slot + 1) & mask;
            }
            let end = at + group.len();
            slots[slot] = (key, at as u32, end as u32);
            at = end;
        }
        Table {
            slots,
            shift,
            entries: entries
                .into_iter()
                .map(|(_, word, offset, payload)| Entry::new(word, offset, width, payload))
                .collect(),
            width,
        }
    }

    /// Where key `key`'s words are in `entries`, if it is a key.
    #[inline(always)]
    fn find(&self, key: u32) -> Option<(usize, usize)> {
        let mask = self.slots.len() - 1;
        let mut slot = home(key, self.shift);
        loop {
            match self.slots[slot] {
                (EMPTY, ..) => return None,
                (k, first, last) if k == key => return Some((first as usize, last as usize)),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The words whose key window (`key`) starts at `window` of `text`,
    /// found in place; `near` holds the window's bytes lower-cased, from
    /// the eight before it to the eight after it (at `NEAR_WINDOW`), zeros
    /// past the text's ends (no word holds a zero byte). Inlined into
    /// `settle` with the caller's closure: a call for each anchor window
    /// found (~78,000 a corpus pass) cost 1 % of a scan.
    #[inline(always)]
    fn check(
        &self,
        text: &[u8],
        window: usize,
        key: u32,
        near: &[u8; NEAR],
        found: &mut impl FnMut(usize, usize),
    ) {
        let Some((first, last)) = self.find(key) else {
            return;
        };
        let entries = &self.entries[first..last];
        if self.width == 3 {
            // A three-byte word is its key, lower-cased: found already.
            for entry in entries {
                found(window, entry.payload);
            }
            return;
        }
        // The key's window already matched: each word is settled against
        // the eight bytes either side of it, read from the bytes the gate
        // lower-cased (words sharing a window are ~2 a lookup).
        let eight = |at: usize| u64::from_le_bytes(near[at..at + 8].try_into().expect("eight"));
        let before = eight(NEAR_WINDOW - 8);
        let after = eight(NEAR_WINDOW + 4);
        for entry in entries {
            if before & entry.before_mask == entry.before
                && after & entry.after_mask == entry.after
                && let Some(start) = window.checked_sub(entry.offset)
                && (entry.whole || entry.at(text, start))
            {
                found(start, entry.payload);
            }
        }
    }
}

thread_local! {
    /// The buffer `each` lower-cases a text into, kept for the thread's
    /// next text (taken while in use: a search inside `found` gets its
    /// own).
    static LOWERED_TEXT: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The lower-cased bytes a key window is settled against: eight before
/// it, its four, eight after it.
const NEAR: usize = 20;
/// Where the window starts in them.
const NEAR_WINDOW: usize = 8;

/// How far the lower-cased copy of a text is offset into its buffer: the
/// first block's gate reads two bytes before the text, and the first
/// window's settling eight before its start, two before the text.
const LEAD: usize = 16;
/// The zeros the buffer keeps past the last block: the gate's next byte,
/// and the last window's eight bytes after it.
const TRAIL: usize = 80;

/// Whether this CPU runs the AVX2 gate (`SKILLWORLD_SCAN_SCALAR` set in
/// the environment keeps the scalar one, to compare them).
pub(crate) fn simd() -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::env::var_os("SKILLWORLD_SCAN_SCALAR").is_none() {
        return std::arch::is_x86_feature_detected!("avx2");
    }
    false
}

impl WordSearch {
    /// The search for `words` (at least three bytes each), anchored away
    /// from what is common in `prose`.
    pub fn new(words: Vec<(Vec<u8>, usize)>, prose: &str) -> Self {
        assert!(
            words.iter().all(|(w, _)| w.len() >= 3),
            "every word has three bytes at least"
        );
        // The search reads zeros around the text: no word may match them.
        assert!(
            words.iter().all(|(w, _)| !w.contains(&0)),
            "no word holds a zero byte"
        );
        let usage = Usage::of(prose);
        let mut gate = Gate::empty();
        // Sized once: partitioned, each list grew by copying (2 MB of a
        // process's start-up, import88).
        let three = words.iter().filter(|(word, _)| word.len() == 3).count();
        let (mut short, mut long) = (
            Vec::with_capacity(three),
            Vec::with_capacity(words.len() - three),
        );
        for (mut word, payload) in words {
            word.make_ascii_lowercase();
            match word.len() {
                3 => short.push((word, payload)),
                _ => long.push((word, payload)),
            }
        }
        let long = long
            .into_iter()
            .map(|(word, payload)| {
                let at = anchor(&word, &usage);
                (key(&word[at..], 4), word, at, payload)
            })
            .collect();
        let short = short
            .into_iter()
            .map(|(word, payload)| (key(&word, 3), word, 0, payload))
            .collect();
        let long = Table::new(long, 4);
        let short = Table::new(short, 3);
        for &(key, ..) in &long.slots {
            if key != EMPTY {
                *gate.word(key >> 8) |= 1 << anchor_bit(key);
            }
        }
        for &(key, ..) in &short.slots {
            if key != EMPTY {
                *gate.word(key) |= Gate::TRIPLE;
            }
        }
        WordSearch {
            gate,
            long,
            short,
            marks: Marks::default(),
            simd: simd(),
        }
    }

    /// The search that also reports every position of the bytes `marks`
    /// holds (`each`'s `marked`).
    pub fn marking(self, marks: Marks) -> Self {
        WordSearch { marks, ..self }
    }

    /// Calls `found(start, payload)` for every occurrence of every word in
    /// `text`, and pushes the offset of every newline of `text` onto
    /// `newlines` in order, and of every marked byte onto `marked`: the
    /// gate reads every byte anyway, and a separate search for line ends
    /// cost more than a tenth of a scan.
    pub fn each(
        &self,
        text: &[u8],
        newlines: &mut Vec<usize>,
        marked: &mut Vec<usize>,
        found: impl FnMut(usize, usize),
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is set only where the CPU has AVX2.
            return unsafe { self.each_avx2(text, newlines, marked, found) };
        }
        self.each_by::<false>(text, newlines, marked, found);
    }

    /// `each` compiled for AVX2, so that the gate is inlined into its loop:
    /// called once a block, it set up its constants and handed its passes
    /// back through memory each time, and the loop reloaded its own state
    /// from the stack after every call.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn each_avx2(
        &self,
        text: &[u8],
        newlines: &mut Vec<usize>,
        marked: &mut Vec<usize>,
        found: impl FnMut(usize, usize),
    ) {
        self.each_by::<true>(text, newlines, marked, found);
    }

    /// `each` on the AVX2 gate (`SIMD`, where the CPU has it) or the
    /// scalar one.
    #[inline(always)]
    fn each_by<const SIMD: bool>(
        &self,
        text: &[u8],
        newlines: &mut Vec<usize>,
        marked: &mut Vec<usize>,
        mut found: impl FnMut(usize, usize),
    ) {
        // The text lower-cased, LEAD bytes into a buffer of zeros: the
        // gate writes each block there, and the words are settled there
        // without folding case or checking bounds at each window (they
        // were two fifths of the search's own instructions). A block is
        // settled once the gate has written the next one: a window's
        // eight bytes after it reach into that.
        let mut lowered = LOWERED_TEXT.take();
        let len = LEAD + text.len().next_multiple_of(64) + TRAIL;
        if lowered.len() < len {
            lowered.resize(len, 0);
        }
        // Only the zeros around the text need writing: the gate writes
        // every block before it is read (zeroing the whole buffer for each
        // text cost 4 % of a scan).
        lowered[..LEAD].fill(0);
        lowered[LEAD + text.len()..len].fill(0);
        let mut pending = None;
        // The tail, as a block of its bytes and zeros, whose positions
        // past the text are dropped: read by the same call of the gate as
        // every other block, so that it is inlined once.
        let mut tail = [0; 64];
        // Settled 64 positions at a time: a call per eight bytes cost
        // more than the gate itself (most blocks of eight have no pass).
        let mut base = 0;
        while base < text.len() {
            let (block, within) = match text.get(base..base + 64) {
                Some(block) => (block.try_into().expect("64 bytes"), 64),
                None => {
                    let rest = &text[base..];
                    tail[..rest.len()].copy_from_slice(rest);
                    (&tail, rest.len())
                }
            };
            let next = text.get(base + 64).copied().unwrap_or(0);
            let mut passes = self.gated::<SIMD>(block, base, next, &mut lowered);
            if within < 64 {
                passes = passes.within(within);
            }
            push_bits(newlines, base, passes.newlines);
            push_bits(marked, base, passes.marked);
            if let Some((at, passes)) = pending.replace((base, passes)) {
                self.settle(text, at, passes, &lowered, &mut found);
            }
            base += 64;
        }
        if let Some((at, passes)) = pending {
            self.settle(text, at, passes, &lowered, &mut found);
        }
        LOWERED_TEXT.set(lowered);
    }

    /// The gate over the block at `base`, followed by byte `next`, which
    /// writes it lower-cased into `lowered` (the text's, at `LEAD`).
    #[inline(always)]
    fn gated<const SIMD: bool>(
        &self,
        block: &[u8; 64],
        base: usize,
        next: u8,
        lowered: &mut [u8],
    ) -> Passes {
        lowered[LEAD + base + 64] = LOWER[usize::from(next)];
        let lower = (&mut lowered[LEAD + base - 2..][..LOWERED])
            .try_into()
            .expect("the buffer holds every block's bytes around it");
        #[cfg(target_arch = "x86_64")]
        if SIMD {
            // SAFETY: `SIMD` is set only where the CPU has AVX2 (`each`).
            return unsafe { avx2::gate(&self.gate, &self.marks, block, lower) };
        }
        self.scalar_block(block, lower)
    }

    fn scalar_block(&self, block: &[u8; 64], lower: &mut [u8; LOWERED]) -> Passes {
        for (to, &byte) in lower[2..66].iter_mut().zip(block) {
            *to = LOWER[usize::from(byte)];
        }
        let mut passes = Passes {
            triples: 0,
            anchors: 0,
            newlines: 0,
            marked: 0,
        };
        for (at, &byte) in block.iter().enumerate() {
            let four = u32::from_be_bytes([lower[at], lower[at + 1], lower[at + 2], lower[at + 3]]);
            let (triple, anchor) = self.gate.test(four);
            passes.triples |= triple << at;
            passes.anchors |= anchor << at;
            passes.newlines |= u64::from(byte == b'\n') << at;
            passes.marked |= u64::from(self.marks.has(byte)) << at;
        }
        passes
    }

    /// Looks up the words behind the gate's passes in the block at
    /// `base`: a three-byte word ending at a position, a long word's
    /// anchor ending at the byte after it, each window read from
    /// `lowered` (the text's lower-cased bytes at `LEAD`, the next block's
    /// written too). Inlined into `each`: nearly every block has a pass,
    /// and a call per block cost 3 % of a scan's instructions (registers
    /// saved and put back, the block's state reloaded).
    #[inline(always)]
    fn settle(
        &self,
        text: &[u8],
        base: usize,
        passes: Passes,
        lowered: &[u8],
        found: &mut impl FnMut(usize, usize),
    ) {
        // The block's bytes from 16 before it to 16 after it: a position
        // `at` of the block is 16 + `at` here, its window starts two
        // before it.
        let area: &[u8; 96] = lowered[LEAD + base - 16..][..96]
            .try_into()
            .expect("the buffer holds every block's bytes around it");
        let near = |at: usize| -> &[u8; NEAR] {
            area[at + 14 - NEAR_WINDOW..][..NEAR]
                .try_into()
                .expect("within the block's area")
        };
        let four =
            |at: usize| u32::from_be_bytes(area[at + 14..at + 18].try_into().expect("four bytes"));
        let (mut triples, mut anchors) = (passes.triples, passes.anchors);
        // A window before the text's start holds its zeros: it is no key.
        while triples != 0 {
            let at = triples.trailing_zeros() as usize & 63;
            triples &= triples - 1;
            let window = (base + at).wrapping_sub(2);
            self.short
                .check(text, window, four(at) >> 8, near(at), found);
        }
        while anchors != 0 {
            let at = anchors.trailing_zeros() as usize & 63;
            anchors &= anchors - 1;
            let window = (base + at).wrapping_sub(2);
            self.long.check(text, window, four(at), near(at), found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables' order is the tuples' own, ties of keys and whole
    /// duplicates included.
    #[test]
    fn tables_sort_as_tuples_do() {
        let mut entries: Vec<TableEntry> = Vec::new();
        for at in 0..300u32 {
            let key = at.wrapping_mul(0x9E37_79B1) % 37;
            let word = vec![b'a' + (at % 5) as u8; 3 + (at % 3) as usize];
            entries.push((key, word, (at % 4) as usize, (at % 7) as usize));
        }
        let mut expected = entries.clone();
        expected.sort_unstable();
        assert_eq!(sorted(entries), expected);
    }

    /// Every key's count and flags are what counting each window of the
    /// prose says, past the map's first growths, and a key of no window is
    /// seen nowhere.
    #[test]
    fn usage_counts_every_window() {
        let prose: String = (0..3000)
            .map(|i| format!("w{} the{} ", i % 700, i % 13))
            .collect();
        let usage = Usage::of(&prose);
        let mut counts: std::collections::HashMap<u32, u32> = Default::default();
        for window in prose.as_bytes().windows(4) {
            *counts.entry(key(window, 4)).or_default() += 1;
        }
        for window in prose.as_bytes().windows(3) {
            *counts.entry(key(window, 3) | THREE).or_default() += 1;
        }
        assert!(usage.slots.len() > 1 << 12, "the map grew");
        for (&key, &count) in &counts {
            assert_eq!(usage.get(key).count, count, "{key:x}");
        }
        assert!(usage.get(key(b"the", 3) | THREE).trigram);
        assert!(!usage.get(key(b"w12", 3) | THREE).trigram);
        assert_eq!(usage.get(key(b"zzzz", 4)).count, 0);
    }

    /// The eight-at-once lower case is the table's, for every byte in
    /// every lane beside every other.
    #[test]
    fn eight_bytes_lower_as_the_table_does() {
        for byte in 0..=255u8 {
            for other in 0..=255u8 {
                let mut eight = [other; 8];
                eight[usize::from(byte % 8)] = byte;
                let expected = eight.map(|b| LOWER[usize::from(b)]);
                let found = lower8(u64::from_le_bytes(eight)).to_le_bytes();
                assert_eq!(found, expected, "{eight:?}");
            }
        }
    }

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
        let search = WordSearch::new(words.clone(), "the action of the environment");
        let text = "Reaction: PROCESS.ENV and process.env; actionACTION enviro ion\u{feff}x ac";
        let mut found = Vec::new();
        let mut newlines = Vec::new();
        search.each(
            text.as_bytes(),
            &mut newlines,
            &mut Vec::new(),
            |start, payload| found.push((start, payload)),
        );
        assert!(newlines.is_empty());
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

    /// The AVX2 gate and the scalar one agree bit for bit (passes and
    /// newlines), and leave the same lower-cased bytes for the word search
    /// and the next block, on every block of the fixtures,
    /// of every byte value and of pseudo-random bytes.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_gate_is_the_scalar_gate() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this CPU: nothing to compare");
            return;
        }
        let words: Vec<(Vec<u8>, usize)> = crate::RULES
            .iter()
            .flat_map(|r| r.explain.split_whitespace())
            .filter(|w| w.len() >= 3)
            .enumerate()
            .map(|(i, w)| (w.as_bytes().to_vec(), i))
            .collect();
        let search = WordSearch::new(words, "").marking(Marks::of(b"'\"\\$%+!\xff"));
        let mut texts: Vec<Vec<u8>> = vec![(0..=255u8).cycle().take(64 * 9).collect()];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        texts.push(
            (0..64 * 200)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    b"aAeEtT sS\nzZ\xff.'_"[(state % 16) as usize]
                })
                .collect(),
        );
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    texts.push(bytes.to_ascii_uppercase());
                    texts.push(bytes);
                }
            }
        }
        let (mut passes, mut marked) = (0, 0);
        for text in &texts {
            let (mut scalar, mut simd) = ([0; LOWERED], [0; LOWERED]);
            for (at, block) in text.chunks_exact(64).enumerate() {
                let block = block.try_into().expect("64 bytes");
                let after = LOWER[usize::from(text.get(at * 64 + 64).copied().unwrap_or(0))];
                for lower in [&mut scalar, &mut simd] {
                    lower.copy_within(64..66, 0);
                    lower[66] = after;
                }
                let expected = search.scalar_block(block, &mut scalar);
                // SAFETY: AVX2 was detected above.
                let found = unsafe { avx2::gate(&search.gate, &search.marks, block, &mut simd) };
                assert_eq!(found, expected);
                assert_eq!(simd[..67], scalar[..67]);
                passes += found.triples.count_ones() + found.anchors.count_ones();
                marked += found.marked.count_ones();
            }
        }
        assert!(
            texts.len() > 100 && passes > 10_000 && marked > 10_000,
            "{} texts, {passes} passes, {marked} marked",
            texts.len()
        );
    }

    /// Words that start or end the text, or straddle the eight-byte
    /// groups the gate is read in or the 64-byte blocks it is settled
    /// in, are found at every offset.
    #[test]
    fn words_at_every_offset_and_edge() {
        let search = WordSearch::new(vec![(b"env".to_vec(), 0), (b"process.env".to_vec(), 1)], "");
        for pad in 0..140 {
            for word in ["env", "process.env", "PROCESS.ENV"] {
                let text = format!("{}{word}", "x".repeat(pad));
                let mut found = Vec::new();
                search.each(
                    text.as_bytes(),
                    &mut Vec::new(),
                    &mut Vec::new(),
                    |start, payload| found.push((start, payload)),
                );
                found.sort_unstable();
                let mut expected = vec![(pad + word.len() - 3, 0)];
                if word.len() > 3 {
                    expected.insert(0, (pad, 1));
                }
                assert_eq!(found, expected, "{text:?}");
            }
        }
    }

    /// Words reaching more than eight bytes past their window on either
    /// side are compared whole: a text that differs from one only at its
    /// first or last byte holds none, at every offset from either edge.
    #[test]
    fn long_words_are_compared_whole() {
        let forward = b"0123456789abcdefghijklmnopqrstuvwxyz".to_vec();
        let backward: Vec<u8> = forward.iter().rev().copied().collect();
        let words = vec![(forward, 0), (backward, 1), (b"mnopq".to_vec(), 2)];
        let search = WordSearch::new(words.clone(), "");
        for (word, payload) in words.iter().take(2) {
            // The short word, inside the forward one only.
            let inner = word.windows(5).position(|w| w == b"mnopq");
            for pad in 0..80 {
                for (changed, whole) in [(None, true), (Some(0), false), (Some(35), false)] {
                    let mut written = word.to_ascii_uppercase();
                    if let Some(at) = changed {
                        written[at] = b'#';
                    }
                    let text = [&b".".repeat(pad), &written[..], &b".".repeat(80 - pad)].concat();
                    let mut found = Vec::new();
                    search.each(&text, &mut Vec::new(), &mut Vec::new(), |start, p| {
                        found.push((start, p))
                    });
                    found.sort_unstable();
                    let mut expected: Vec<_> = inner.map(|at| (pad + at, 2)).into_iter().collect();
                    if whole {
                        expected.push((pad, *payload));
                        expected.sort_unstable();
                    }
                    assert_eq!(found, expected, "{:?}", String::from_utf8_lossy(&text));
                }
            }
        }
    }

    /// Every newline and every marked byte is reported, in order, wherever
    /// it stands: across the eight-byte groups, the 64-byte blocks and the
    /// tail, on either gate.
    #[test]
    fn every_newline_and_mark_in_order() {
        let search =
            WordSearch::new(vec![(b"env".to_vec(), 0)], "").marking(Marks::of(b"'\\\xffE"));
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for len in (0..200).chain([1000, 4099]) {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    b"\nab \n\xffE'\\e"[(state % 10) as usize]
                })
                .collect();
            let (mut newlines, mut marked) = (Vec::new(), Vec::new());
            search.each(&text, &mut newlines, &mut marked, |_, _| {});
            let expected: Vec<usize> = memchr::memchr_iter(b'\n', &text).collect();
            assert_eq!(newlines, expected, "{text:?}");
            let expected: Vec<usize> = (0..text.len())
                .filter(|&at| b"'\\\xffE".contains(&text[at]))
                .collect();
            assert_eq!(marked, expected, "{text:?}");
        }
    }
}
