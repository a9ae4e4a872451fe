//! One text's line index, built once per scan and shared by the rules'
//! candidate search, the Markdown layout and the findings: where each line
//! starts and ends, and which line holds a byte.

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

    fn start(&self, line: usize) -> usize {
        if line == 0 {
            0
        } else {
            self.newlines[line - 1] + 1
        }
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
    pub fn span(&self, range: std::ops::Range<usize>) -> &'t str {
        let last = range.end.min(self.count()).saturating_sub(1);
        let end = self.newlines.get(last).copied().unwrap_or(self.text.len());
        &self.text[self.start(range.start.min(last)).min(end)..end]
    }

    /// Every line's text, in order.
    pub fn all(&self) -> impl Iterator<Item = &'t str> + '_ {
        (0..self.count()).map(|line| self.get(line))
    }
}
