//! Pages of long bodies (CAT-6).

/// Bodies longer than this (in characters) are paged even unasked.
pub const PAGE_THRESHOLD_CHARS: usize = 32_000;
/// At most this many lines on a page.
pub const PAGE_MAX_LINES: usize = 200;
/// At most this many characters on a page.
pub const PAGE_MAX_CHARS: usize = 8_000;

/// Splits text into pages of at most 200 lines and 8,000 characters, at
/// line ends where it can and at character boundaries where a line alone is
/// longer. Returns byte ranges; concatenated they are the text.
pub fn pages(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut pages = Vec::new();
    let (mut start, mut lines, mut chars) = (0, 0, 0);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let mut piece = line;
        loop {
            let piece_chars = piece.chars().count();
            if lines > 0 && (lines + 1 > PAGE_MAX_LINES || chars + piece_chars > PAGE_MAX_CHARS) {
                pages.push(start..offset);
                (start, lines, chars) = (offset, 0, 0);
            }
            if piece_chars <= PAGE_MAX_CHARS {
                offset += piece.len();
                lines += 1;
                chars += piece_chars;
                break;
            }
            // One line longer than a page: a page of its first characters.
            let cut = piece
                .char_indices()
                .nth(PAGE_MAX_CHARS)
                .map_or(piece.len(), |(i, _)| i);
            offset += cut;
            pages.push(start..offset);
            (start, lines, chars) = (offset, 0, 0);
            piece = &piece[cut..];
        }
    }
    if start < text.len() || pages.is_empty() {
        pages.push(start..text.len());
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Vec<std::ops::Range<usize>> {
        let pages = pages(text);
        let joined: String = pages.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(joined, text);
        for range in &pages {
            let page = &text[range.clone()];
            assert!(page.chars().count() <= PAGE_MAX_CHARS);
            assert!(page.split_inclusive('\n').count() <= PAGE_MAX_LINES);
        }
        pages
    }

    #[test]
    fn lines_and_characters_bound_a_page() {
        assert_eq!(check("").len(), 1);
        assert_eq!(check("one\ntwo\n").len(), 1);
        assert_eq!(check(&"x\n".repeat(450)).len(), 3);
        assert_eq!(check(&format!("{}\n", "y".repeat(99)).repeat(200)).len(), 3);
        assert_eq!(check(&"é".repeat(20_001)).len(), 3);
    }
}
