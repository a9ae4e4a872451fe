//! Where a text's base64 and hex literals stand, found in one pass over
//! its bytes: the runs of the base64 alphabet, and within the long ones
//! the hex words. Two regexes (`[A-Za-z0-9+/_-]{20,}={0,2}` and
//! `\b(?:[0-9a-fA-F]{2}){10,}\b`, ASCII `\b`) each read every byte of a
//! file where decoding was seen, most of its decoding's cost; every hex
//! word lies inside a run of the alphabet, so one pass finds both.

use std::ops::Range;

/// The fewest bytes of a literal of either kind.
const SHORTEST: usize = 20;

/// The bytes of the base64 alphabets (standard and URL-safe).
static ALPHABET: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'_' | b'-');
        byte += 1;
    }
    table
};

/// An ASCII word byte, as an ASCII `\b` reads it.
fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The literals of `text`: (base64 literals, hex literals), each in
/// order, as the regexes above find them leftmost-first. A base64
/// literal is a whole run of the alphabet of [`SHORTEST`] bytes or more
/// with up to two `=` after it; a hex literal a whole ASCII word of hex
/// digits, of even length and [`SHORTEST`] bytes or more.
pub fn literals(text: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let (mut base64, mut hex) = (Vec::new(), Vec::new());
    let mut at = 0;
    while let Some(start) = bytes[at..].iter().position(|&b| ALPHABET[usize::from(b)]) {
        let start = at + start;
        let end = bytes[start..]
            .iter()
            .position(|&b| !ALPHABET[usize::from(b)])
            .map_or(bytes.len(), |length| start + length);
        at = end;
        if end - start < SHORTEST {
            continue;
        }
        let padding = bytes[end..]
            .iter()
            .take(2)
            .take_while(|&&b| b == b'=')
            .count();
        base64.push(start..end + padding);
        hex.extend(hex_words(bytes, start..end));
    }
    (base64, hex)
}

/// The hex literals within `run` of `bytes`: its words (runs of word
/// bytes; the run's ends are no word bytes' neighbours) of hex digits
/// only, even in length and long enough.
fn hex_words(bytes: &[u8], run: Range<usize>) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = run.start;
    std::iter::from_fn(move || {
        while at < run.end {
            let start = at + bytes[at..run.end].iter().position(|&b| is_word(b))?;
            let end = bytes[start..run.end]
                .iter()
                .position(|&b| !is_word(b))
                .map_or(run.end, |length| start + length);
            at = end;
            let word = &bytes[start..end];
            if word.len() >= SHORTEST
                && word.len().is_multiple_of(2)
                && word.iter().all(u8::is_ascii_hexdigit)
            {
                return Some(start..end);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tests::texts;
    use regex::Regex;

    fn by_regex(pattern: &str, text: &str) -> Vec<Range<usize>> {
        Regex::new(pattern)
            .expect("compiles")
            .find_iter(text)
            .map(|m| m.range())
            .collect()
    }

    /// The same literals as the regexes they replace, on every fixture
    /// and corpus file and on runs cut at every length around the limits,
    /// glued to words, padding, non-ASCII letters and the text's ends.
    #[test]
    fn agrees_with_the_regexes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        texts(&root.join("tests/fixtures"), &mut files);
        texts(&root.join("../../../shared/corpus"), &mut files);
        assert!(files.len() > 200, "files found: {}", files.len());
        let pieces = [
            "0123456789abcdefABCDEF",
            "Y3VybCBodHRw+/_-",
            "x",
            "_",
            "=",
            " ",
            "é",
            "-",
        ];
        for a in 0..pieces.len() {
            for b in 0..pieces.len() {
                for cut in 17..24 {
                    let hex = &"00112233445566778899aabbccddeeff"[..cut];
                    files.push(format!("{}{hex}{}", pieces[a], pieces[b]));
                    files.push(format!("{}{}==={}", pieces[a], hex, pieces[b]));
                    files.push(format!("{hex}{}{hex}", pieces[a]));
                    let run = &"Y3VybCBodHRwOi8vMS4yLjMuNC94IHwgYmFzaA"[..cut];
                    files.push(format!("{}{run}={}{run}", pieces[a], pieces[b]));
                }
            }
        }
        let mut found = 0;
        for text in &files {
            let (base64, hex) = literals(text);
            assert_eq!(
                base64,
                by_regex(r"[A-Za-z0-9+/_-]{20,}={0,2}", text),
                "{text:?}"
            );
            assert_eq!(
                hex,
                by_regex(r"(?-u:\b)(?:[0-9a-fA-F]{2}){10,}(?-u:\b)", text),
                "{text:?}"
            );
            found += base64.len() + hex.len();
        }
        assert!(found > 1000, "{found}");
    }
}
