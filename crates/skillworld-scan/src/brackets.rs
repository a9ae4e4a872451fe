//! Brackets on a line of code: which are still open at its end, and
//! whether it opens more than it closes. The sparings read them to tell a
//! call's argument from data and a call left open from a finished one.

/// The brackets still open at the end of `head`, with their bytes
/// (quoted text skipped, a quote's line at most).
pub fn unclosed(head: &str) -> Vec<(char, usize)> {
    let mut open = Vec::new();
    let mut quote: Option<char> = None;
    for (at, c) in head.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q || c == '\n' && q != '`' => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '(' | '[' | '{') => open.push((c, at)),
            (None, ')' | ']' | '}') => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}

/// Brackets `code` opens minus those it closes, quotes not skipped: above
/// zero it leaves a call open for the next line, below zero it closes one
/// an earlier line opened.
pub fn balance(code: &str) -> isize {
    code.chars()
        .map(|c| match c {
            '(' | '[' | '{' => 1,
            ')' | ']' | '}' => -1,
            _ => 0,
        })
        .sum()
}

/// The byte of the bracket in `rest` that closes one opened before it
/// (`rest` is what follows a call's `(`), quotes not skipped.
pub fn closing(rest: &str) -> Option<usize> {
    let mut depth = 0usize;
    rest.char_indices().find_map(|(at, c)| match c {
        '(' | '[' | '{' => {
            depth += 1;
            None
        }
        ')' | ']' | '}' if depth == 0 => Some(at),
        ')' | ']' | '}' => {
            depth -= 1;
            None
        }
        _ => None,
    })
}
