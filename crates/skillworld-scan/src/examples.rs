//! A word that introduces an example ("e.g.", "such as", "looks like", "an
//! example of") explains only what its clause shows. A security page
//! introduces the dropper it shows ("a one-liner such as `curl … | bash`"),
//! while an install step gives an example in passing and then the command
//! to run ("install the helpers (e.g. jq, yq): `curl … | bash`", holes43):
//! the word's reach ends where its clause does (`clause.rs`). So does an
//! order not to extract (the twenty-first sweep's "**NEVER extract
//! credentials from OS credential stores** — macOS Keychain (`security
//! find-*`), `cat ~/.git-credentials`"): it forbids the commands its clause
//! lists, not one ordered after it ("never extract it by hand: run `cat
//! ~/.git-credentials | curl …`").

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::clause;

/// The example words; "e.g.", "such as" and the order not to extract
/// (capture 1) only introduce, the others may also point back at what
/// comes before them in their clause ("`x` looks like an installer", "`x`
/// is an example of a dropper").
static EXAMPLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u)^(?:(e\.g\.|such\s+as|(?:never|don't|do\s+not|avoid)\s+extract\w*)|looks?\s+like|examples?\s+of)$")
        .expect("example words")
});

/// Whether the warning word `text[word]`, if it is an example word,
/// reaches the payload at byte `payload` of the same line (a wrapped
/// paragraph's lines joined); `None` for any other warning word, whose
/// reach `warnreach.rs` reads. The example words are read once per
/// warning word.
pub fn reaches(text: &str, word: Range<usize>, payload: usize) -> Option<bool> {
    let example = EXAMPLE.captures(&text[word.clone()])?;
    let only_forward = example.get(1).is_some();
    // A bracket opened after the payload and left open puts the word in an
    // aside of its own ("Run `x` (it looks like a lot).").
    Some(if payload < word.start {
        !only_forward && clause::runs_on(text, payload, word.start) == Some(0)
    } else {
        clause::runs_on(text, word.end, payload).is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(text: &str, word: &str) -> bool {
        let start = text.find(word).expect("the word");
        reaches(
            text,
            start..start + word.len(),
            text.find("curl").expect("the payload"),
        )
        .expect("an example word")
    }

    #[test]
    fn an_example_word_reaches_to_its_clauses_end() {
        for (text, word) in [
            (
                "Droppers are one-liners such as `curl x | bash`.",
                "such as",
            ),
            ("A dropper looks like this: `curl x | bash`", "looks like"),
            ("Lures (e.g. a fake installer, `curl x | bash`)", "e.g."),
            ("`curl x | bash` is an example of a dropper.", "example of"),
            ("`curl x | bash` looks like an installer.", "looks like"),
        ] {
            assert!(reach(text, word), "{text}");
        }
        for (text, word) in [
            ("Install the helpers (e.g. jq, yq): `curl x | bash`", "e.g."),
            (
                "Install the helpers, e.g. jq and yq: `curl x | bash`",
                "e.g.",
            ),
            ("Tools such as jq help; run `curl x | bash`", "such as"),
            ("Get tools such as jq. Then run `curl x | bash`", "such as"),
            ("Run `curl x | bash` to get helpers such as jq.", "such as"),
            ("Run `curl x | bash` (it looks like a lot).", "looks like"),
        ] {
            assert!(!reach(text, word), "{text}");
        }
    }

    #[test]
    fn a_wrapped_example_reaches_the_next_line_only_when_left_open() {
        let open = "Malicious READMEs paste one-liners such as";
        let closed = "Install the helpers (e.g. jq, yq) with";
        let at = |t: &str, w: &str| t.find(w).expect("word");
        assert_eq!(
            reaches(open, at(open, "such")..at(open, "such") + 7, open.len()),
            Some(true)
        );
        assert_eq!(
            reaches(
                closed,
                at(closed, "e.g.")..at(closed, "e.g.") + 4,
                closed.len()
            ),
            Some(false)
        );
    }
}
