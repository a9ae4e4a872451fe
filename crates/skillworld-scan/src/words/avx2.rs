//! The word search's gate on AVX2, 64 positions per call: the bytes are
//! lower-cased 32 at a time, each position's four-byte window (two bytes
//! before it to the one after) is built by one byte shuffle for eight
//! positions, its first three bytes hashed by one multiply and their
//! gate words loaded by one gather; the three-byte words' bit is the sign
//! bit, the anchors' bit is shifted there, and the signs of 32 positions
//! are packed to bytes and read by one mask. The newlines are found by one
//! compare of the same 32 bytes, the marked bytes by a shuffle of each
//! half of every byte into its table and an AND. Equal to the scalar gate
//! bit for bit (tested in the parent module); used only where the CPU has
//! AVX2.

use std::arch::x86_64::*;

use super::{GATE_BITS, Gate, LOWERED, MULTIPLIER, Marks, Passes};

/// What the gate passes in the 64 bytes of `block`, where its newlines
/// are and where its bytes of `marks` are; `lower` comes holding the two
/// bytes before the block and the byte after it (at 66), lower-cased, and
/// is left holding the block between them, lower-cased (the word search
/// reads its keys there).
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn gate(
    bits: &Gate,
    marks: &Marks,
    block: &[u8; 64],
    lower: &mut [u8; LOWERED],
) -> Passes {
    let shifted = _mm256_set1_epi8((0x80u8 - b'A') as i8);
    let last_upper = _mm256_set1_epi8((-128i16 + 26) as i8);
    let case = _mm256_set1_epi8(0x20);
    let newline = _mm256_set1_epi8(b'\n' as i8);
    let nibble = _mm256_set1_epi8(0x0F);
    // SAFETY: 16 bytes each, the tables' whole length.
    let (low, high) = unsafe {
        (
            _mm256_broadcastsi128_si256(_mm_loadu_si128(marks.low.as_ptr().cast())),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(marks.high.as_ptr().cast())),
        )
    };
    let (mut ends, mut marked) = (0u64, 0u64);
    for half in 0..2 {
        // SAFETY: 32 bytes within `block` and within `lower` (2 + 64 <= 80).
        unsafe {
            let bytes = _mm256_loadu_si256(block.as_ptr().add(half * 32).cast());
            let upper = _mm256_cmpgt_epi8(last_upper, _mm256_add_epi8(bytes, shifted));
            let folded = _mm256_or_si256(bytes, _mm256_and_si256(upper, case));
            _mm256_storeu_si256(lower.as_mut_ptr().add(2 + half * 32).cast(), folded);
            let found = _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, newline)) as u32;
            ends |= u64::from(found) << (half * 32);
            let low = _mm256_shuffle_epi8(low, _mm256_and_si256(bytes, nibble));
            let high = _mm256_shuffle_epi8(
                high,
                _mm256_and_si256(_mm256_srli_epi16::<4>(bytes), nibble),
            );
            let unmarked = _mm256_cmpeq_epi8(_mm256_and_si256(low, high), _mm256_setzero_si256());
            let found = !(_mm256_movemask_epi8(unmarked) as u32);
            marked |= u64::from(found) << (half * 32);
        }
    }
    // Lane i of eight: the bytes at i, i + 1, i + 2 (the position) and
    // i + 3, as a big-endian number.
    let windows = _mm256_setr_epi8(
        3, 2, 1, 0, 4, 3, 2, 1, 5, 4, 3, 2, 6, 5, 4, 3, //
        7, 6, 5, 4, 8, 7, 6, 5, 9, 8, 7, 6, 10, 9, 8, 7,
    );
    let multiplier = _mm256_set1_epi32(MULTIPLIER as i32);
    let low_five = _mm256_set1_epi32(31);
    let one = _mm256_set1_epi32(1);
    let table = bits.0.as_ptr().cast::<i32>();
    // Each group's gate words, and the same with the anchor's bit moved
    // to the sign bit: the three-byte words' and the anchors' passes.
    let mut words = [_mm256_setzero_si256(); 8];
    let mut raised = [_mm256_setzero_si256(); 8];
    for group in 0..8 {
        // SAFETY: 16 bytes from 8 * group <= 56 stay within `lower`; the
        // gather's indices are hashes shifted to GATE_BITS bits, inside
        // the gate's 2^GATE_BITS words.
        unsafe {
            let sixteen = _mm_loadu_si128(lower.as_ptr().add(group * 8).cast());
            let fours = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(sixteen), windows);
            let threes = _mm256_srli_epi32::<8>(fours);
            let index = _mm256_srli_epi32::<{ 32 - GATE_BITS as i32 }>(_mm256_mullo_epi32(
                threes, multiplier,
            ));
            words[group] = _mm256_i32gather_epi32::<4>(table, index);
            // The byte after's bit (`anchor_bit`) moved to the sign bit:
            // a shift of 31 - min(b & 31, 30), which is max(!b & 31, 1),
            // two instructions where the bit's own reckoning took three.
            let shift = _mm256_max_epu32(_mm256_andnot_si256(fours, low_five), one);
            raised[group] = _mm256_sllv_epi32(words[group], shift);
        }
    }
    Passes {
        triples: signs(&words),
        anchors: signs(&raised),
        newlines: ends,
        marked,
    }
}

/// The sign bits of eight vectors of eight 32-bit lanes, lane `i` of
/// vector `g` as bit `8 g + i`: packed to bytes (saturating keeps the
/// sign) and read by two byte masks, where a mask per vector and the
/// shifts to place it cost twice the instructions.
#[target_feature(enable = "avx2")]
#[inline]
fn signs(vectors: &[__m256i; 8]) -> u64 {
    u64::from(four_signs(
        &vectors[0],
        &vectors[1],
        &vectors[2],
        &vectors[3],
    )) | u64::from(four_signs(
        &vectors[4],
        &vectors[5],
        &vectors[6],
        &vectors[7],
    )) << 32
}

/// The sign bits of four vectors' lanes, in order. Packing works within
/// each 128-bit half, so the bytes come out as the four vectors' low
/// lanes, then their high lanes, four bytes each: one permute puts them
/// back in order.
#[target_feature(enable = "avx2")]
#[inline]
fn four_signs(a: &__m256i, b: &__m256i, c: &__m256i, d: &__m256i) -> u32 {
    let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    let bytes = _mm256_packs_epi16(_mm256_packs_epi32(*a, *b), _mm256_packs_epi32(*c, *d));
    _mm256_movemask_epi8(_mm256_permutevar8x32_epi32(bytes, order)) as u32
}
