//! Where a clause of a prose line ends, for readings that ask whether a
//! word governs a match: a bracket closing that opened before, a `;`, a
//! sentence's end, a colon after other words ("install the helpers,
//! e.g. jq: `curl …`"), or a comma before a word that goes on to what is
//! done ("…, such as jq and yq, with `curl …`"). A colon right after the
//! word, or after "this" or "the following", introduces what follows
//! instead; a comma alone lists.

/// Words a colon may follow and still introduce what comes after it.
const POINTERS: &[&str] = &["", "this", "these", "the following", "so"];

/// Words that, after a comma, leave a list for the act itself.
const ACTS: &[&str] = &[
    "with ",
    "using ",
    "via ",
    "by ",
    "then ",
    "and then ",
    "and run ",
];

/// The brackets left open in `text[from..to]` when no clause ends there
/// (inline code spans skipped), or `None` when one does. A bracket opened
/// and closed inside is the clause's own aside.
pub fn runs_on(text: &str, from: usize, to: usize) -> Option<u32> {
    let span = text.get(from..to)?;
    let mut open = 0u32;
    // A match may start inside its code span.
    let mut code = text[..from].matches('`').count() % 2 == 1;
    let bytes = span.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let next = bytes.get(i + 1).copied();
        match b {
            b'`' => code = !code,
            _ if code => {}
            b'(' | b'[' => open += 1,
            b')' | b']' => open = open.checked_sub(1)?,
            b';' => return None,
            b'.' | b'!' | b'?' if next.is_none_or(|n| n == b' ') && !abbreviation(&span[..=i]) => {
                return None;
            }
            b':' if !POINTERS.contains(&span[..i].trim().to_ascii_lowercase().as_str()) => {
                return None;
            }
            b',' if goes_on_to_act(&span[i + 1..]) => return None,
            _ => {}
        }
    }
    Some(open)
}

/// Whether the text after a comma opens with a word of the act (`get`: a
/// word's length may end inside a letter, "żółw").
fn goes_on_to_act(after: &str) -> bool {
    let after = after.trim_start();
    ACTS.iter().any(|word| {
        after
            .get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word))
    })
}

/// Whether `before` ends with an abbreviation's dot ("e.g.", "etc.").
pub(crate) fn abbreviation(before: &str) -> bool {
    ["e.g.", "i.e.", "etc.", "vs."]
        .iter()
        .any(|a| crate::naming::ends_with_ignoring_case(before, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(text: &str) -> Option<u32> {
        runs_on(text, 0, text.len())
    }

    #[test]
    fn a_clause_ends_at_its_boundaries_and_not_inside_code() {
        assert_eq!(open("one-liners such as "), Some(0));
        assert_eq!(open(" this: "), Some(0));
        assert_eq!(open(" (a fake installer, "), Some(1));
        assert_eq!(open(" jq, yq (see `a.b; c`) then "), Some(0));
        assert_eq!(open(" e.g. jq and "), Some(0));
        assert_eq!(open(" a fake installer, "), Some(0));
        // review53: a dot or a comma beside letters of more than a byte.
        assert_eq!(open(" éé. "), None);
        assert_eq!(open(" jq, żółw and "), Some(0));
        for ended in [
            " jq, yq): ",
            " jq and yq: ",
            " jq help; run ",
            " jq. Then ",
            " jq and yq, with ",
            " jq, then run ",
        ] {
            assert_eq!(open(ended), None, "{ended}");
        }
    }
}
