//! A word's search on AVX2: 32 start positions at a time, each kept where
//! the hay holds the word's two least common bytes at their places (a
//! letter in either case), then the word compared whole where one is
//! kept. The hay must hold a chunk of start positions: the last chunk is
//! read back from the hay's end, over positions the one before it read.

use std::arch::x86_64::*;

use super::{Needle, Probe};

/// Start positions read at once.
pub const CHUNK: usize = 32;

/// Whether one of `needles` occurs in `hay`: by AVX2 where the hay holds
/// a chunk of start positions for it, else by `memchr`. One call for the
/// group: a call for each word cost as much as reading a chunk twice.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn any_occurs(needles: &[Needle], hay: &[u8]) -> bool {
    needles.iter().any(|needle| {
        match hay.len() >= needle.word.len() + CHUNK - 1 {
            // SAFETY: AVX2 is the caller's promise, and the hay is long
            // enough.
            true => unsafe { occurs(needle, hay) },
            false => needle.occurs_in(hay),
        }
    })
}

/// Whether `needle` occurs in `hay`, whose length is at least the word's
/// and `CHUNK - 1` more.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn occurs(needle: &Needle, hay: &[u8]) -> bool {
    // Past the last start position at which the word fits in the hay.
    let starts = hay.len() - needle.word.len() + 1;
    assert!(starts >= CHUNK, "a hay of a chunk at least");
    let [first, second] = needle.probes.map(Probed::new);
    // SAFETY (both reads): a chunk starts at `starts - CHUNK` at most,
    // and a probe's 32 bytes from there end at `starts + probe.at`, at
    // most the hay's length, a probe standing within the word.
    let kept = |chunk: usize| unsafe { first.kept(hay, chunk) & second.kept(hay, chunk) };
    let mut chunk = 0;
    while chunk + CHUNK <= starts {
        let kept = kept(chunk);
        if kept != 0 && fits_one(needle, hay, chunk, kept) {
            return true;
        }
        chunk += CHUNK;
    }
    if chunk == starts {
        return false;
    }
    // The rest, read back from the end (its first positions, read
    // already, are only compared again).
    let back = starts - CHUNK;
    let kept = kept(back);
    kept != 0 && fits_one(needle, hay, back, kept)
}

/// Whether the word fits at one of the start positions `chunk + i` for
/// the set bits `i` of `kept`. Kept out of line: the compiler inlines it
/// or not as unrelated code elsewhere in the crate changes, and inlined
/// it slows the vector loop that calls it (owners70: +0.7 M instructions
/// on the scan bench for a change that touched no code here).
#[inline(never)]
fn fits_one(needle: &Needle, hay: &[u8], chunk: usize, mut kept: u32) -> bool {
    while kept != 0 {
        let at = chunk + kept.trailing_zeros() as usize;
        kept &= kept - 1;
        if needle.fits(hay, at) {
            return true;
        }
    }
    false
}

/// A probe with its bytes set in every lane.
#[derive(Clone, Copy)]
struct Probed {
    at: usize,
    byte: __m256i,
    fold: __m256i,
}

impl Probed {
    #[inline(always)]
    fn new(probe: Probe) -> Self {
        // SAFETY: `_mm256_set1_epi8` only needs AVX, which AVX2 (the
        // only caller's target feature) implies.
        unsafe {
            Probed {
                at: probe.at,
                byte: _mm256_set1_epi8(probe.byte as i8),
                fold: _mm256_set1_epi8(probe.fold as i8),
            }
        }
    }

    /// Bit `i`: the hay's byte at `chunk + i + at` is the probe's.
    ///
    /// # Safety
    /// The CPU must support AVX2, and the hay must hold the 32 bytes
    /// from `chunk + at`.
    #[inline(always)]
    unsafe fn kept(&self, hay: &[u8], chunk: usize) -> u32 {
        // SAFETY: the caller's promises.
        unsafe {
            let bytes = _mm256_loadu_si256(hay.as_ptr().add(chunk + self.at).cast());
            let folded = _mm256_or_si256(bytes, self.fold);
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, self.byte)) as u32
        }
    }
}
