//! An entry of generated release notes (the twelfth sweep's
//! `fastmcp-docs`: "* Add setting to disable logging configuration by",
//! among "* Improve debug logging … by", "* Add GitHub pull request
//! template by"). GitHub's notes list each merged pull request as `* Title
//! by @author in <link>`; a scraped page keeps the trailing "by" once the
//! link is dropped. The title names a change someone made, not an order
//! to the agent. One item credited so is not enough: it must stand in a
//! run of such items, so a lone order ending in "by" still reads.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// How many items around an entry (itself included) are looked at, and
/// how many of them must be credited.
const WINDOW: usize = 2;
const CREDITED: usize = 3;

/// `by` closing the item, or `by @author` with an optional `in <link>`.
static CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\sby(?:\s+@[\w-]+(?:\s+in\s+\S+)?)?\s*$").expect("the credit pattern compiles")
});

/// Whether `line` is a list item credited to its author among at least
/// `CREDITED` such items within `WINDOW` lines of it.
pub fn entry(lines: &Lines, line: usize) -> bool {
    if !credited_item(lines.get(line)) {
        return false;
    }
    let around = line.saturating_sub(WINDOW)..(line + WINDOW + 1).min(lines.count());
    around.filter(|&l| credited_item(lines.get(l))).count() >= CREDITED
}

/// `* Title by` or `- Title by @author in …`.
fn credited_item(text: &str) -> bool {
    let item = text.trim_start();
    (item.starts_with("* ") || item.starts_with("- ")) && CREDIT.is_match(item)
}
