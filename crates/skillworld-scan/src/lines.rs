//! One text's line index, built once per scan and shared by the rules'
//! candidate search, the Markdown layout and the findings: where each line
//! starts and ends, and which line holds a byte.

use std::ops::Range;

use regex::bytes::Regex as BytesRegex;

/// The newlines of `text`, to place every match by binary search.
pub struct Lines<'t> {
    text: &'t str,
    /// The offset of every `\n`, in order.
    newlines: Vec<usize>,
}

impl<'t> Lines<'t> {
    /// The index of `text` whose newlines the caller found (the word
    /// search reports them in its pass).
    pub fn from_newlines(text: &'t str, newlines: Vec<usize>) -> Self {
        debug_assert!(newlines.iter().all(|&n| text.as_bytes()[n] == b'\n'));
        Lines { text, newlines }
    }

    /// The index of `text`, searched here.
    pub fn new(text: &'t str) -> Self {
        Self::from_newlines(text, memchr::memchr_iter(b'\n', text.as_bytes()).collect())
    }

    pub fn count(&self) -> usize {
        self.newlines.len() + 1
    }

    /// The 0-based line of byte `offset`.
    pub fn of(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&n| n < offset)
    }

    /// [`Lines::of`] `offset`, looked for from line `from` onwards first:
    /// offsets found in the text's order (the word search's words, a
    /// block's three-byte ones before its longer ones) are mostly on the
    /// line of the one before or a few lines after it, where a binary
    /// search over every newline cost ~50 instructions an offset.
    pub fn of_from(&self, offset: usize, from: usize) -> usize {
        let from = from.min(self.newlines.len());
        if from > 0 && self.newlines[from - 1] >= offset {
            return self.of(offset);
        }
        let rest = &self.newlines[from..];
        match rest.iter().take(8).position(|&n| n >= offset) {
            Some(ahead) => from + ahead,
            None => from + rest.partition_point(|&n| n < offset),
        }
    }

    fn start(&self, line: usize) -> usize {
        if line == 0 {
            0
        } else {
            self.newlines[line - 1] + 1
        }
    }

    /// The offsets [`Lines::of`] places on `line`: its bytes and its
    /// newline.
    pub fn extent(&self, line: usize) -> Range<usize> {
        self.start(line)..self.next(line)
    }

    /// Where the line after `line` starts (the text's end for the last).
    pub fn next(&self, line: usize) -> usize {
        self.newlines.get(line).map_or(self.text.len(), |&n| n + 1)
    }

    /// The text of a 0-based line, without its newline.
    pub fn get(&self, line: usize) -> &'t str {
        let end = self.newlines.get(line).copied().unwrap_or(self.text.len());
        &self.text[self.start(line).min(end)..end]
    }

    /// The text of the 0-based lines `range` (clamped to the text), their
    /// newlines between them.
    pub fn span(&self, range: Range<usize>) -> &'t str {
        let last = range.end.min(self.count()).saturating_sub(1);
        let end = self.newlines.get(last).copied().unwrap_or(self.text.len());
        &self.text[self.start(range.start.min(last)).min(end)..end]
    }

    /// The lines of `range` on which a match of `regex` over their text
    /// (newlines between) starts, in order, searching on from the start of
    /// the line after each: a match that runs over a line's end hides no
    /// later line's own. Among them is every line `regex` matches alone,
    /// when it matches line by line (`prefilter::line_local`).
    pub fn starting_matches(&self, regex: &BytesRegex, range: Range<usize>) -> Vec<usize> {
        if range.is_empty() {
            return Vec::new();
        }
        let base = self.start(range.start);
        let span = self.span(range.clone()).as_bytes();
        let mut found = Vec::new();
        let mut at = 0;
        while let Some(matched) = regex.find_at(span, at) {
            let line = self.of(base + matched.start());
            found.push(line);
            if line + 1 >= range.end {
                break;
            }
            at = self.next(line) - base;
        }
        found
    }

    /// Every line's text, in order.
    pub fn all(&self) -> impl Iterator<Item = &'t str> + '_ {
        (0..self.count()).map(|line| self.get(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `of_from` is `of` for every offset from every line, the text's
    /// ends, its newlines and a line past the last among them.
    #[test]
    fn of_from_any_line_is_of() {
        let text = format!("a\n\nbc\n{}\nlast", "x\n".repeat(20));
        let lines = Lines::new(&text);
        for offset in 0..=text.len() {
            for from in 0..=lines.count() + 1 {
                assert_eq!(
                    lines.of_from(offset, from),
                    lines.of(offset),
                    "{offset} from {from}"
                );
            }
        }
        assert_eq!(Lines::new("").of_from(0, 3), 0);
    }

    /// The lines each matched alone, for comparison.
    fn alone(regex: &BytesRegex, lines: &Lines, range: Range<usize>) -> Vec<usize> {
        range
            .filter(|&l| regex.is_match(lines.get(l).as_bytes()))
            .collect()
    }

    /// A match that runs over a line's end (`a` then `b` on the next
    /// line) hides no later line's own match, and every line found holds
    /// the start of a match over the lines.
    #[test]
    fn every_line_a_regex_matches_alone_starts_a_match() {
        let text = "a\nb c\nxx a b\n\nplain\nb\r\nlast a";
        let lines = Lines::new(text);
        for pattern in [
            r"(?m)a\s*b|b c",
            r"(?m)^b\s*$",
            r"(?m)c\W+x",
            r"(?m)^",
            r"(?m)a$",
        ] {
            let regex = BytesRegex::new(pattern).expect("compiles");
            for start in 0..=lines.count() {
                for end in start..=lines.count() {
                    let found = lines.starting_matches(&regex, start..end);
                    let wanted = alone(&regex, &lines, start..end);
                    assert!(
                        wanted.iter().all(|l| found.contains(l)),
                        "{pattern} on {start}..{end}: {found:?} misses some of {wanted:?}"
                    );
                    assert!(found.windows(2).all(|w| w[0] < w[1]), "{found:?}");
                    assert!(found.iter().all(|l| (start..end).contains(l)));
                }
            }
        }
        let regex = BytesRegex::new(r"(?m)a\s*b|b c").expect("compiles");
        assert_eq!(lines.starting_matches(&regex, 0..lines.count()), [0, 1, 2]);
    }
}
