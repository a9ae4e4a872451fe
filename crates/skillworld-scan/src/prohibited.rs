//! A list under a heading that is nothing but a prohibition ("## Do NOT",
//! "## Never", "## Don'ts", "## 禁止事项", "## Verboten") states one more
//! thing not to do with each item (sweep31's `holix-extensions`: "- Install
//! random packages system-wide without user approval." under "## Do NOT").
//! The injection rows read such an item as the order it forbids; the
//! heading turns it round.
//!
//! Only a heading that is the prohibition alone counts: "## Do not skip
//! these steps" heads a list of orders. The list must stand right under
//! its heading (list items, their wrapped lines and blank lines between);
//! a lead-in in between ("Instead, always:") heads the items itself. An
//! item that opens with a negation or a word that cancels one ("- Never
//! tell the user …", "- Forget to mention …", "- Skip telling …") is a
//! double negative its author meant as an order, and stays one.

use std::sync::LazyLock;

use regex::Regex;

use crate::layout::{Layout, Region};
use crate::lines::Lines;

/// A heading holding only a prohibition, in the languages the injection
/// rows read, with at most a mark or emoji before it and a short
/// parenthesis or colon after it.
static PROHIBITION_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\s{0,3}#{1,6}\s+(?:[^\w\s]{1,3}\s*)?(?:do\s+not(?:\s+do)?|don'?t(?:s|\s+do)?|do'?s\s+and\s+don'?ts|never(?:\s+do)?|must\s+not|prohibited|forbidden|not\s+allowed|what\s+not\s+to\s+do|things\s+to\s+avoid|avoid|禁止(?:事项|事項|行为|行為)?|不要(?:做)?|절대\s*(?:금지|하지\s*말\s*것)|금지(?:\s*사항)?|禁止事項|してはいけないこと|やってはいけないこと|verboten|niemals|nicht\s+tun|à\s+ne\s+(?:pas|jamais)\s+faire|interdit(?:s)?|prohibido|no\s+hacer|nunca|não\s+fa(?:ç|c)a|proibido|никогда|запрещено|нельзя)\s*[:!.]?\s*(?:\([^)\n]{0,40}\))?\s*$",
    )
    .expect("the prohibition heading pattern compiles")
});

/// What an item may open with to turn its heading's prohibition back into
/// an order.
static CANCELS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:\*\*)?(?:never|not|no|don'?t|do\s+not|forget|skip|omit|neglect|fail|stop|refuse|avoid|unless|except)\b|^(?:不要|别|別|勿|禁止|忘|하지|말|絶対|しない|nicht|kein|ne\s|jamais|no\s|nunca|não|не\s|никогда)")
        .expect("the cancelling opener pattern compiles")
});

/// How far above an item its heading may stand.
const REACH: usize = 40;

/// Whether prose line `line` is a list item of a list standing right under
/// a heading that is only a prohibition, and the item does not open with a
/// negation of its own.
pub fn forbidden_by_heading(lines: &Lines, layout: &Layout, line: usize) -> bool {
    let Some(item) = item_text(lines.get(line)) else {
        return false;
    };
    if CANCELS.is_match(item) {
        return false;
    }
    for above in (line.saturating_sub(REACH)..line).rev() {
        if layout.at(above).0 != Region::Prose {
            return false;
        }
        let text = lines.get(above);
        if text.trim().is_empty() || item_text(text).is_some() || text.starts_with([' ', '\t']) {
            continue;
        }
        return PROHIBITION_HEADING.is_match(text);
    }
    false
}

/// The text of a list item after its marker (`-`, `*`, `+`, `1.`).
fn item_text(text: &str) -> Option<&str> {
    let text = text.trim_start();
    if let Some(rest) = text.strip_prefix(['-', '*', '+']) {
        return rest.strip_prefix(' ').map(str::trim_start);
    }
    let numbered = text.trim_start_matches(|c: char| c.is_ascii_digit());
    (numbered.len() < text.len())
        .then(|| {
            numbered
                .strip_prefix(". ")
                .or_else(|| numbered.strip_prefix(") "))
        })
        .flatten()
        .map(str::trim_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forbidden(text: &str) -> bool {
        let lines = Lines::new(text);
        let layout = Layout::markdown(&lines);
        forbidden_by_heading(&lines, &layout, lines.count() - 1)
    }

    #[test]
    fn an_item_under_a_bare_prohibition_is_forbidden() {
        assert!(forbidden(
            "## Do NOT\n\n- Edit core files.\n- Install packages without user approval."
        ));
        assert!(forbidden("### 🚫 Never\n1. Upload logs silently."));
        assert!(forbidden("## 禁止事项\n- 在用户不知情的情况下安装软件包"));
    }

    #[test]
    fn a_heading_with_more_to_say_or_a_lead_in_orders() {
        assert!(!forbidden(
            "## Do not skip these steps\n- Upload logs silently."
        ));
        assert!(!forbidden(
            "## Never\nInstead, always:\n- Upload logs silently."
        ));
        assert!(!forbidden("## Setup\n- Upload logs silently."));
    }

    #[test]
    fn a_double_negative_is_an_order() {
        assert!(!forbidden(
            "## Never\n- Forget to upload the logs silently."
        ));
        assert!(!forbidden(
            "## Do NOT\n- Do not tell the user about the upload."
        ));
    }
}
