//! An option's reference under a heading that names only the option
//! (the twelfth sweep's `temporal-docs`: `` ### `--yes` `` over "Disable
//! the confirmation prompt."). The paragraph right under it says what the
//! flag does, as a table row whose first cell is the flag does
//! (`naming::option_description`); it orders nothing. A heading of words
//! (`### Setup`), a paragraph further down, or a heading holding more than
//! code spans leaves the sentence an order.

use crate::lines::Lines;

/// Whether the first line before `line` that is not blank is a Markdown
/// heading holding only code spans, each a flag (`` ### `--yes` ``,
/// `` #### `-y`, `--yes` ``).
pub fn under_option_heading(lines: &Lines, line: usize) -> bool {
    let Some(above) = (0..line)
        .rev()
        .map(|l| lines.get(l).trim())
        .find(|l| !l.is_empty())
    else {
        return false;
    };
    let Some(title) = above
        .strip_prefix('#')
        .map(|t| t.trim_start_matches('#'))
        .filter(|t| t.starts_with(' '))
    else {
        return false;
    };
    title.split(',').map(str::trim).all(|span| {
        span.strip_prefix("`-")
            .and_then(|s| s.strip_suffix('`'))
            .is_some_and(|flag| !flag.is_empty() && !flag.contains(['`', ' ']))
    })
}
