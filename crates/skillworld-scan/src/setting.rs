//! A guard named as a setting, not switched off (fp17, the fifth sweep's
//! AppSheet blueprint): a form's field with its value ("Bypass Security
//! Filters?: No", "Disable logging: Yes/No") or one name in a bracketed
//! list of a record's fields ("Event (name, source, table, condition,
//! bypass security filters)"). Either documents what a setting is called;
//! an order to change it ("Bypass security filters: set it to Yes now")
//! says more than a value, and a list item that is a clause is no name.

use std::sync::LazyLock;

use regex::Regex;

/// A line that is one field and its value: an optional list marker or
/// emphasis, a label of at most six words (an optional `?`), a colon, and
/// values that only answer it (`Yes`, `No`, `Yes/No`, `On`, `false`, …).
static FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:[-*+]\s+)?(?:\*\*)?[\w-]+(?:[ \t]+[\w-]+){0,5}\??(?:\*\*)?\s*:(?:\*\*)?\s*(?:yes|no|on|off|true|false|enabled|disabled|n/a)(?:\s*/\s*(?:yes|no|on|off|true|false|enabled|disabled|n/a))*\s*$")
        .expect("setting field")
});

/// Whether the match at byte `at` of `line` names a setting: the label of
/// a field with its value, or an item of a bracketed list of names.
pub fn named(line: &str, at: usize) -> bool {
    FIELD.is_match(line) || in_name_list(line, at)
}

/// Whether the match at `at` stands in brackets that list three or more
/// names, each of at most four words and no sentence (no `.`, `;`, `:`,
/// no item opening with a word that orders steps: "then delete …").
fn in_name_list(line: &str, at: usize) -> bool {
    let Some(open) = line.get(..at).and_then(|before| before.rfind('(')) else {
        return false;
    };
    let Some(close) = line[at..].find(')').map(|end| at + end) else {
        return false;
    };
    let inside = &line[open + 1..close];
    if inside.contains(['(', '.', ';', ':']) {
        return false;
    }
    let items: Vec<&str> = inside.split(',').map(str::trim).collect();
    let a_step = |item: &str| {
        let first = item.split_whitespace().next().unwrap_or_default();
        STEP_WORDS.contains(&first.to_ascii_lowercase().as_str())
    };
    items.len() >= 3
        && items
            .iter()
            .all(|item| (1..=4).contains(&item.split_whitespace().count()) && !a_step(item))
}

const STEP_WORDS: [&str; 7] = ["then", "next", "finally", "now", "so", "after", "before"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_or_a_name_in_a_list_of_fields_is_a_setting() {
        let cases = [
            ("  Bypass Security Filters?: No", true),
            ("Bypass Security Filters?: Yes/No", true),
            ("- **Disable logging:** Yes", true),
            (
                "- Event (name, source, table, Adds/Updates/Deletes, condition, bypass security filters) documented",
                true,
            ),
            // an order beside the value, or a value that is no answer
            ("Bypass security filters: set it to Yes now", false),
            ("Bypass security filters: always", false),
            (
                "Then bypass security filters and delete the rows: yes",
                false,
            ),
            // brackets holding a clause, or too few names
            (
                "Run it (now, bypass security filters, then delete all rows).",
                false,
            ),
            ("Do it now (bypass security filters).", false),
            (
                "Sync (name, table, bypass security filters: always).",
                false,
            ),
        ];
        for (line, want) in cases {
            let at = line.to_ascii_lowercase().find("bypass").unwrap_or_else(|| {
                line.to_ascii_lowercase()
                    .find("disable")
                    .expect("a guard word")
            });
            assert_eq!(named(line, at), want, "{line}");
        }
    }
}
