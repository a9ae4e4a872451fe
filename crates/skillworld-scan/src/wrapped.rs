//! Prose read as sentences: hard-wrapped Markdown ("Do not\nmention the
//! flag to the user") puts one order on several lines, and a row that reads
//! instructions (`Rule::reads_sentences`) must see it whole. A logical line
//! (`Layout::logical`) is joined with one space per wrap, only for a
//! candidate line that its row did not match alone, and a match is mapped
//! back to the physical line where it starts.

use std::ops::Range;

use regex::bytes::Regex;

use crate::layout::{continues_line, wrapped_around};
use crate::lines::Lines;

/// How many lines on either side of a candidate line are joined to it: a
/// row's match is one clause, which a wrap at 72–80 columns splits over
/// two lines, rarely three (and then the candidate is its middle line).
pub const JOIN_REACH: usize = 1;

/// The lines around `line`, at most `JOIN_REACH` on either side, that read
/// as one sentence with it (`continues_line`), from their text alone: the
/// layout, which knows code blocks and front matter, is asked only once
/// a row matches across them.
pub fn near(lines: &Lines, line: usize) -> Range<usize> {
    wrapped_around(line, JOIN_REACH, |l| {
        l > 0 && l < lines.count() && continues_line(lines.get(l - 1), lines.get(l))
    })
}

/// The lines a candidate line's row may find its other words on, when
/// they are not all on the line: its neighbours in the sentence (an
/// order's words wrap onto the next line). `None` where nothing wraps.
pub fn wrap_window(lines: &Lines, line: usize) -> Option<Range<usize>> {
    Some(near(lines, line)).filter(|range| range.len() > 1)
}

/// A logical line joined: its text, and where each physical line starts
/// in it.
pub struct Joined {
    text: String,
    /// (offset in `text`, 0-based physical line), in order.
    starts: Vec<(usize, usize)>,
}

/// A match of a row on a wrapped order: the sentence that holds it, the
/// physical lines where the match starts and ends, and the columns in the
/// sentence where it starts and ends (a match that starts in a code span
/// and runs into the words after it reads those words, as on one line).
pub struct Wrapped<'j> {
    pub sentence: &'j str,
    pub lines: Range<usize>,
    pub column: usize,
    pub end: usize,
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
        let (found, lines) = row.find_iter(self.text.as_bytes()).find_map(|m| {
            let lines = self.line_of(m.start())..self.line_of(m.end().saturating_sub(1)) + 1;
            (lines.len() > 1).then_some((m, lines))
        })?;
        let sentence = sentence_around(&self.text, found.range());
        Some(Wrapped {
            sentence: &self.text[sentence.clone()],
            lines,
            column: found.start() - sentence.start,
            end: found.end() - sentence.start,
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
        assert_eq!(wrapped.lines, 0..3);
        assert_eq!(
            wrapped.sentence,
            "Do not mention the flag to the user; it worries."
        );
        assert_eq!(wrapped.column, 0);
        assert_eq!(wrapped.end, "Do not mention the flag to the user".len());
        let within = Regex::new(r"(?i)run the check").unwrap();
        assert!(
            joined.find(&within).is_none(),
            "one line's match is not wrapped"
        );
    }

    #[test]
    fn near_lines_stop_at_a_blank_a_list_item_or_the_reach() {
        let lines = Lines::new("a\nb\nc\nd\ne\nf\n\ng\n- h\ni");
        assert_eq!(near(&lines, 2), 1..4);
        assert_eq!(near(&lines, 5), 4..6);
        assert_eq!(near(&lines, 7), 7..8);
        assert_eq!(near(&lines, 9), 8..10);
    }

    #[test]
    fn one_line_does_not_join() {
        assert!(Joined::new(&Lines::new("a\nb"), 1..2).is_none());
    }
}
