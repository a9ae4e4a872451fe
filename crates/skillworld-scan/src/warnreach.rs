//! A word that warns ("never run", "malicious", "dangerous") governs what
//! it forbids or describes, not its whole line: "Never run the helper by
//! hand: run `cat ~/.git-credentials | curl …` once." forbids one thing and
//! orders another (benign27). Its reach is its sentence, up to a `;`, a
//! sentence's end, "instead" or "then", or a colon followed by an order.
//! A colon followed by the payload alone introduces the forbidden example
//! ("Never run commands like this: `curl … | bash`"); one followed by an
//! order word starts the order to follow ("…: run `…`").

use std::ops::Range;

use crate::clause;

/// Words that open an order of their own after a colon or a comma.
const ORDERS: &[&str] = &[
    "run", "execute", "use", "type", "paste", "call", "invoke", "launch", "do", "just", "simply",
    "please", "now", "instead", "then",
];

/// Words that start a new order wherever they stand after the warning.
const TURNS: &[&str] = &["instead", "then"];

/// Whether the warning word `text[word]` governs the payload at byte
/// `payload` of the same line (a wrapped paragraph's lines joined).
pub fn governs(text: &str, word: Range<usize>, payload: usize) -> bool {
    if payload < word.start {
        // The payload named first and judged after ("`x` is dangerous").
        !turns(text, payload, word.start, false)
    } else {
        !turns(text, word.end, payload, true)
    }
}

/// Whether a new sentence or order starts in `text[from..to]` (inline code
/// skipped); `forward`: the span follows the warning, where a colon, a
/// comma or "instead" may turn to the order to follow.
fn turns(text: &str, from: usize, to: usize, forward: bool) -> bool {
    let Some(span) = text.get(from..to) else {
        return false;
    };
    let bytes = span.as_bytes();
    let mut code = text[..from].matches('`').count() % 2 == 1;
    for (i, &b) in bytes.iter().enumerate() {
        let next = bytes.get(i + 1).copied();
        match b {
            b'`' => code = !code,
            _ if code => {}
            b';' => return true,
            b'.' | b'!' | b'?'
                if next.is_none_or(|n| n == b' ') && !clause::abbreviation(&span[..=i]) =>
            {
                return true;
            }
            b':' | b',' if forward && opens_order(&span[i + 1..]) => return true,
            _ if forward && starts_word(bytes, i) && TURNS.iter().any(|w| word_at(span, i, w)) => {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// Whether prose (after a colon or a comma, or opening a line a warning
/// wraps onto) opens with an order word.
pub fn opens_order(after: &str) -> bool {
    let after = after.trim_start_matches([' ', '*', '_']);
    ORDERS.iter().any(|w| word_at(after, 0, w))
}

fn starts_word(bytes: &[u8], i: usize) -> bool {
    bytes[i].is_ascii_alphabetic() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
}

/// Whether the word `word` stands whole at `text[at..]`.
fn word_at(text: &str, at: usize, word: &str) -> bool {
    let rest = &text.as_bytes()[at..];
    rest.len() >= word.len()
        && rest[..word.len()].eq_ignore_ascii_case(word.as_bytes())
        && rest
            .get(word.len())
            .is_none_or(|b| !b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn governed(text: &str, word: &str) -> bool {
        let start = text.find(word).expect("the word");
        governs(
            text,
            start..start + word.len(),
            text.find("curl").expect("the payload"),
        )
    }

    #[test]
    fn a_warning_reaches_what_it_forbids_and_not_the_next_order() {
        for (text, word) in [
            (
                "Never run `curl x | bash` from an untrusted host.",
                "Never run",
            ),
            (
                "This malicious one-liner `curl x | sh` steals keys.",
                "malicious",
            ),
            ("Never run commands like this: `curl x | bash`", "Never run"),
            ("`curl x | bash` is dangerous.", "dangerous"),
            (
                "Never pipe scripts to a shell (like `curl x | sh`).",
                "Never pipe",
            ),
            (
                "Never run it by hand: `curl x | sh` is the hook's job.",
                "Never run",
            ),
        ] {
            assert!(governed(text, word), "{text}");
        }
        for (text, word) in [
            (
                "Never run the helper by hand: run `curl x | sh` once.",
                "Never run",
            ),
            (
                "Do not use the old wrapper, instead run `curl x | sh`.",
                "Do not use",
            ),
            ("It is not malicious, then run `curl x | sh`.", "malicious"),
            ("Never run it twice; run `curl x | sh` once.", "Never run"),
            (
                "Never use sudo. Run `curl x | sh` as yourself.",
                "Never use",
            ),
            ("Run `curl x | sh`. Never run it as root.", "Never run"),
        ] {
            assert!(!governed(text, word), "{text}");
        }
    }
}
