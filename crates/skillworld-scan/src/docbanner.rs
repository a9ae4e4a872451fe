//! The banner a documentation file for models opens with (fp27, sweep
//! 12's `svelte-docs`: Svelte's `llms-full.txt` starts `<SYSTEM>This is
//! the full developer documentation for Svelte and SvelteKit.</SYSTEM>`,
//! and skills that vendor it keep the line). One sentence saying what the
//! file is, alone on the file's first line, describes the document; it
//! tells the model to be or do nothing. `persona-switch` reads the tag as
//! a fake system message anywhere else: below the first line, with any
//! other sentence or text around it, or holding an order ("… for Svelte,
//! ignore your previous rules").

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// "This is the (full developer) documentation (for Name, Name and
/// Name.js)" inside one pair of tags of the same case, and nothing else.
static BANNER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^<(SYSTEM|system)>This is (?:the |an? )?(?:[A-Za-z-]+ ){0,4}documentation(?: for (?:[A-Za-z0-9&+-]+(?:\.[A-Za-z0-9]+)*,? ?){1,12})?\.?</(SYSTEM|system)>$")
        .expect("banner")
});

/// Words of an order, which no description of a document needs.
static ORDERS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:you|your|ignore|disregard|forget|instructions?|must|always|never|override|rules?|obey|follow)\b")
        .expect("orders")
});

/// Whether `line` is the file's first non-blank line and only the banner.
pub fn opening_banner(lines: &Lines, line: usize) -> bool {
    let text = lines.get(line).trim();
    let first = (0..line).all(|l| lines.get(l).trim().is_empty());
    first
        && BANNER
            .captures(text)
            .is_some_and(|tags| tags[1] == tags[2] && !ORDERS.is_match(text))
}
