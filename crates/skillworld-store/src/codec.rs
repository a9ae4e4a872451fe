//! How a stored value's bytes are packed (schema 3): one codec byte, then
//! the bytes as they are or LZ4-compressed. Text (bodies, JSON rows)
//! shrinks two to four times and decompresses at gigabytes per second, so
//! the file stays within twice its content and opening stays fast.

use std::cell::RefCell;

/// The bytes follow as they are.
const RAW: u8 = 0;
/// An LZ4 block follows, its decompressed length first (u32, little
/// endian).
const LZ4: u8 = 1;

/// Values shorter than this are not worth a compression attempt.
const MIN_COMPRESSED: usize = 64;

/// LZ4 cannot expand a block more than 255 times: a longer declared length
/// is a damaged value, refused before anything is allocated.
const MAX_RATIO: usize = 255;

/// A thread keeps a compression room of at most this many bytes; a
/// bigger value's block is made for it alone.
const ROOM_KEPT: usize = 1 << 20;

thread_local! {
    /// Where this thread compresses values: zeroed once, reused.
    static ROOM: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Appends `bytes` packed to `out`: compressed when that saves at least an
/// eighth, else as they are (binary files, hashes, short values). The
/// block is compressed in this thread's reused room, then copied into
/// `out` at its size (issue 19: compressing straight into `out` zeroed a
/// block's worst case, about the value's whole length, for every blob and
/// row of an import, and left each stored value holding three times the
/// memory it used).
pub(crate) fn pack_into(bytes: &[u8], out: &mut Vec<u8>) {
    if bytes.len() >= MIN_COMPRESSED {
        let worst = lz4_flex::block::get_maximum_output_size(bytes.len());
        let packed = if worst <= ROOM_KEPT {
            ROOM.with_borrow_mut(|room| {
                if room.len() < worst {
                    room.resize(worst, 0);
                }
                append_compressed(bytes, &mut room[..worst], out)
            })
        } else {
            append_compressed(bytes, &mut vec![0; worst], out)
        };
        if packed {
            return;
        }
    }
    out.reserve_exact(1 + bytes.len());
    out.push(RAW);
    out.extend_from_slice(bytes);
}

/// Compresses `bytes` in `room` (room for the worst case) and appends the
/// block to `out` if it saves at least an eighth; says whether it did.
fn append_compressed(bytes: &[u8], room: &mut [u8], out: &mut Vec<u8>) -> bool {
    let written =
        lz4_flex::block::compress_into(bytes, room).expect("the block fits its maximum size");
    if 4 + written > bytes.len() - bytes.len() / 8 {
        return false;
    }
    let length = u32::try_from(bytes.len()).expect("a value under 4 GiB");
    out.reserve_exact(1 + 4 + written);
    out.push(LZ4);
    out.extend_from_slice(&length.to_le_bytes());
    out.extend_from_slice(&room[..written]);
    true
}

pub(crate) fn pack(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    pack_into(bytes, &mut out);
    out
}

/// The bytes a packed value stands for.
pub(crate) fn unpack(packed: &[u8]) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    unpack_into(packed, &mut bytes)?;
    Ok(bytes)
}

/// [`unpack`] into `buffer` (emptied first): a pass over many values
/// (opening a world decodes every row) reuses one buffer instead of
/// allocating and freeing one per value (a compressed value is still
/// zeroed to its length before it is decompressed into).
pub(crate) fn unpack_into<'b>(packed: &[u8], buffer: &'b mut Vec<u8>) -> Result<&'b [u8], String> {
    let (&codec, rest) = packed.split_first().ok_or("an empty value")?;
    buffer.clear();
    match codec {
        RAW => buffer.extend_from_slice(rest),
        LZ4 => {
            let (length, block) = rest
                .split_first_chunk::<4>()
                .ok_or("a compressed value cut short")?;
            let length = u32::from_le_bytes(*length) as usize;
            if length > block.len().saturating_mul(MAX_RATIO) + 16 {
                return Err(format!(
                    "a compressed value of {} bytes claims {length}",
                    block.len()
                ));
            }
            buffer.resize(length, 0);
            let written =
                lz4_flex::block::decompress_into(block, buffer).map_err(|e| e.to_string())?;
            buffer.truncate(written);
        }
        other => return Err(format!("unknown value codec {other}")),
    }
    Ok(buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_compressed_and_comes_back() {
        let text = "Step: check the result against the notes.\n".repeat(40);
        let packed = pack(text.as_bytes());
        assert_eq!(packed[0], LZ4);
        assert!(packed.len() < text.len() / 4, "{}", packed.len());
        assert_eq!(unpack(&packed).unwrap(), text.as_bytes());
    }

    #[test]
    fn short_and_incompressible_values_stay_raw() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        for bytes in [b"short".as_slice(), noise.as_slice(), b"".as_slice()] {
            let packed = pack(bytes);
            assert_eq!(packed[0], RAW);
            assert_eq!(unpack(&packed).unwrap(), bytes);
        }
    }

    #[test]
    fn a_value_packed_after_others_leaves_them_and_reads_as_lz4_wrote_it() {
        let text = "a line the block repeats, then repeats again.\n".repeat(30);
        for bytes in [text.as_bytes(), b"short".as_slice()] {
            let mut out = b"prefix".to_vec();
            pack_into(bytes, &mut out);
            assert_eq!(&out[..6], b"prefix");
            assert_eq!(unpack(&out[6..]).unwrap(), bytes);
        }
        // The layout lz4_flex's own `compress_prepend_size` gives, which
        // values written before this packing hold.
        let mut expected = vec![LZ4];
        expected.extend(lz4_flex::block::compress_prepend_size(text.as_bytes()));
        assert_eq!(pack(text.as_bytes()), expected);
    }

    #[test]
    fn a_packed_value_holds_the_memory_it_uses_whatever_its_size() {
        // Below and above the room a thread keeps.
        for lines in [40, 2 * ROOM_KEPT / 40] {
            let text = "Step: check the result against the notes.\n".repeat(lines);
            let packed = pack(text.as_bytes());
            assert_eq!(packed[0], LZ4);
            assert_eq!(packed.capacity(), packed.len());
            assert_eq!(unpack(&packed).unwrap(), text.as_bytes());
        }
    }

    #[test]
    fn damaged_values_are_refused_not_allocated() {
        assert!(unpack(&[]).is_err());
        assert!(unpack(&[9, 1, 2]).unwrap_err().contains("codec 9"));
        assert!(unpack(&[LZ4, 1, 0]).unwrap_err().contains("cut short"));
        let mut huge = vec![LZ4];
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        huge.extend_from_slice(&[0x10, b'a']);
        assert!(unpack(&huge).unwrap_err().contains("claims"));
    }

    #[test]
    fn a_reused_buffer_holds_only_the_last_value() {
        let long = "a longer value that compresses, ".repeat(8);
        let mut buffer = Vec::new();
        assert_eq!(
            unpack_into(&pack(long.as_bytes()), &mut buffer).unwrap(),
            long.as_bytes()
        );
        assert_eq!(unpack_into(&pack(b"short"), &mut buffer).unwrap(), b"short");
    }
}
