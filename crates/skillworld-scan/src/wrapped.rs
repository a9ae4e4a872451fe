//! Prose read as sentences: hard-wrapped Markdown ("Do not\nmention the
//! flag to the user") puts one order on several lines, and a row that reads
//! instructions (`Rule::reads_sentences`) must see it whole. A logical line
//! (`Layout::logical`) is joined with one space per wrap, only for a
//! candidate line that its row did not match alone, and a match is mapped
//! back to the physical line where it starts.

use std::ops::Range;

use regex::bytes::Regex;

use crate::lines::Lines;

/// How many lines around a candidate line a wrapped order is looked for:
/// a row's match spans a clause, at most a few lines of prose.
pub const WRAP_REACH: usize = 2;

/// The lines around `line` that a wrapped order through it may cover.
pub fn wrap_window(line: usize) -> Range<usize> {
    line.saturating_sub(WRAP_REACH)..line + WRAP_REACH + 1
}

/// A logical line joined: its text, and where each physical line starts
/// in it.
pub struct Joined {
    text: String,
    /// (offset in `text`, 0-based physical line), in order.
    starts: Vec<(usize, usize)>,
}

/// A match of a row on a wrapped order: the sentence that holds it, the
/// physical line where the match starts, and its column in the sentence.
pub struct Wrapped<'j> {
    pub sentence: &'j str,
    pub line: usize,
    pub column: usize,
}

impl Joined {
    /// The physical lines `range` as one line: a continuation line loses
    /// its indent and blockquote markers and follows one space. `None`
    /// for a single line (nothing wraps).
    pub fn new(lines: &Lines, range: Range<usize>) -> Option<Joined> {
        if range.len() < 2 {
            return None;
        }
        let mut text = String::with_capacity(lines.span(range.clone()).len());
        let mut starts = Vec::with_capacity(range.len());
        for line in range {
            let physical = lines.get(line);
            if !text.is_empty() {
                text.push(' ');
            }
            let body = if starts.is_empty() {
                physical
            } else {
                physical.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
            };
            starts.push((text.len(), line));
            text.push_str(body.trim_end());
        }
        Some(Joined { text, starts })
    }

    fn line_of(&self, offset: usize) -> usize {
        let index = self.starts.partition_point(|&(start, _)| start <= offset);
        self.starts[index.saturating_sub(1)].1
    }

    /// The first match of `row` that crosses a wrap (a match within one
    /// line was the physical line's to find), in its sentence.
    pub fn find(&self, row: &Regex) -> Option<Wrapped<'_>> {
        let found = row
            .find_iter(self.text.as_bytes())
            .find(|m| self.line_of(m.start()) != self.line_of(m.end().saturating_sub(1)))?;
        let sentence = sentence_around(&self.text, found.range());
        Some(Wrapped {
            sentence: &self.text[sentence.clone()],
            line: self.line_of(found.start()),
            column: found.start() - sentence.start,
        })
    }
}

/// The sentence of `text` that holds `found`: from after the full stop
/// (`.`, `!`, `?` and a space) before it to the one after it. The rows'
/// `unless` words and the grammar narrowings read that sentence, as they
/// read one line of unwrapped prose.
fn sentence_around(text: &str, found: Range<usize>) -> Range<usize> {
    let stop = |w: &[u8]| matches!(w, [b'.' | b'!' | b'?', b' ']);
    let bytes = text.as_bytes();
    let start = bytes[..found.start]
        .windows(2)
        .rposition(stop)
        .map_or(0, |p| p + 2);
    let end = bytes[found.end..]
        .windows(2)
        .position(stop)
        .map_or(text.len(), |p| found.end + p + 1);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_match_maps_to_its_first_line_and_sentence() {
        let text = "Run the check. Do not\n> mention the flag\nto the user; it worries. Then go.";
        let joined = Joined::new(&Lines::new(text), 0..3).expect("three lines");
        let row = Regex::new(r"(?i)do not mention the flag to the user").unwrap();
        let wrapped = joined.find(&row).expect("found across the wrap");
        assert_eq!(wrapped.line, 0);
        assert_eq!(
            wrapped.sentence,
            "Do not mention the flag to the user; it worries."
        );
        assert_eq!(wrapped.column, 0);
        let within = Regex::new(r"(?i)run the check").unwrap();
        assert!(
            joined.find(&within).is_none(),
            "one line's match is not wrapped"
        );
    }

    #[test]
    fn one_line_does_not_join() {
        assert!(Joined::new(&Lines::new("a\nb"), 1..2).is_none());
    }
}
