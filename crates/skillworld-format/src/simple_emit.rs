//! A fast path for writing the frontmatter most skills have, the mirror of
//! `simple_yaml`: `key: text` lines and at most one level of nested
//! `key: text` mappings, every key and value a one-line printable text
//! that YAML writes plain (unquoted). Anything else returns `None`
//! and goes to `serde_yaml`. Where it answers, it answers byte for byte
//! what `serde_yaml::to_string` writes (the tests compare the two on
//! generated mappings and on every fixture's frontmatter): the bulk
//! import exports each SKILL.md once to scan it, and the YAML emitter was
//! a third of that export's cost.

use serde_yaml::{Mapping, Value as Yaml};

/// `top` as `serde_yaml::to_string` writes it, when every entry is plain.
pub fn emit_simple(top: &Mapping) -> Option<String> {
    let mut out = String::with_capacity(512);
    for (key, value) in top {
        let key = plain_key(key)?;
        match value {
            Yaml::Mapping(nested) if !nested.is_empty() => {
                push_line(&mut out, "", key, None);
                for (key, value) in nested {
                    push_line(&mut out, "  ", plain_key(key)?, Some(plain(value)?));
                }
            }
            value => push_line(&mut out, "", key, Some(plain(value)?)),
        }
    }
    Some(out)
}

fn push_line(out: &mut String, indent: &str, key: &str, value: Option<&str>) {
    out.push_str(indent);
    out.push_str(key);
    out.push(':');
    if let Some(value) = value {
        out.push(' ');
        out.push_str(value);
    }
    out.push('\n');
}

/// A key's text when YAML writes it plain: as a value's, and short enough
/// (128 bytes) to stay a simple key.
fn plain_key(key: &Yaml) -> Option<&str> {
    plain(key).filter(|text| text.len() <= 128)
}

/// The text of `value` when YAML writes it plain: it starts with an ASCII
/// letter, or a digit in a text that cannot be a number (a version
/// `1.2.0`), so with no indicator; holds only characters YAML prints as
/// they are (no tab, no line break, no byte-order mark); does not end
/// with a space or `:`; has no `: ` (a key's end) or ` #` (a comment);
/// and does not read as a boolean or null (those are quoted).
fn plain(value: &Yaml) -> Option<&str> {
    let Yaml::String(text) = value else {
        return None;
    };
    let bytes = text.as_bytes();
    let starts = match bytes.first() {
        Some(b) if b.is_ascii_alphabetic() => true,
        Some(b) if b.is_ascii_digit() => not_a_number(bytes),
        _ => false,
    };
    let fits = starts
        && text.chars().all(printed_as_is)
        && !matches!(bytes.last(), Some(b' ' | b':'))
        && !text.contains(": ")
        && !text.contains(" #")
        && !matches!(
            text.as_str(),
            "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
        );
    fits.then_some(text.as_str())
}

/// A character YAML's emitter writes as it is in a plain scalar: printable
/// (YAML 1.2's set, Unicode output) and not a line break.
fn printed_as_is(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
        && !matches!(c, '\u{FEFF}' | '\u{2028}' | '\u{2029}')
}

/// A text no reading as a number takes (integers in any base, floats):
/// two dots, or a byte no number holds.
fn not_a_number(bytes: &[u8]) -> bool {
    bytes.iter().filter(|&&b| b == b'.').count() >= 2
        || bytes
            .iter()
            .any(|&b| !(b.is_ascii_hexdigit() || b"+-.xXoO".contains(&b)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn yaml_of(text: &str) -> String {
        serde_yaml::to_string(&Yaml::Mapping(
            serde_yaml::from_str::<Mapping>(text).expect("a mapping"),
        ))
        .expect("serialises")
    }

    #[test]
    fn common_frontmatter_is_written_as_yaml_writes_it() {
        let text = "name: pdf-tools\ndescription: Use when the user asks for PDFs, forms (fill, sign) or tables; see https://x.example/a?b=c.\nlicense: MIT\nallowed-tools: Read Write Bash\nmetadata:\n  version: 1.2.0\n  skill-author: bench\n  skillworld.origin: imported\n";
        let top: Mapping = serde_yaml::from_str(text).expect("a mapping");
        assert_eq!(emit_simple(&top).as_deref(), Some(yaml_of(text).as_str()));
        assert_eq!(emit_simple(&top).as_deref(), Some(text));
    }

    #[test]
    fn what_yaml_quotes_is_left_to_yaml() {
        for value in [
            "true",
            "null",
            "1.0",
            "0755",
            "1e5",
            "0x1F",
            "12",
            "1.5",
            "0o17",
            "-1",
            "- item",
            "a: b",
            "a #b",
            "a:",
            "'q'",
            "x ",
            "é",
            "a\u{2028}b",
            "a\u{feff}",
            "a\u{85}b",
            "a\tb",
            "",
            "[a]",
            "*ref",
            "&anchor",
            "!tag",
            "%x",
            "@x",
            "`x`",
            "|x",
            ">x",
        ] {
            let mut top = Mapping::new();
            top.insert(Yaml::from("key"), Yaml::from(value));
            assert_eq!(emit_simple(&top), None, "{value:?}");
        }
        let mut top = Mapping::new();
        top.insert(Yaml::from("metadata"), Yaml::Mapping(Mapping::new()));
        assert_eq!(emit_simple(&top), None, "an empty mapping is `{{}}`");
        top.insert(Yaml::from("n"), Yaml::from(1));
        assert_eq!(emit_simple(&top), None);
    }

    /// Texts built of the bytes YAML treats specially, beside letters.
    fn awkward_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("a"),
                Just("Z"),
                Just("7"),
                Just(" "),
                Just(":"),
                Just("#"),
                Just("-"),
                Just("'"),
                Just("\""),
                Just(","),
                Just("["),
                Just("{"),
                Just("?"),
                Just("&"),
                Just("*"),
                Just("!"),
                Just("%"),
                Just("."),
                Just("\\"),
                Just("\t"),
                Just("é"),
                Just("—"),
                Just("\u{85}"),
                Just("\u{2028}"),
                Just("\u{feff}"),
                Just("\u{1F600}"),
                Just("true"),
                Just("null"),
                Just("0x1"),
                Just("e5"),
                Just("1.2.0"),
                Just("0"),
                Just("1"),
            ],
            0..8,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        /// Where the fast path answers, it is what `serde_yaml` writes.
        #[test]
        fn emit_simple_is_serde_yaml(
            entries in proptest::collection::vec((awkward_text(), awkward_text()), 1..5),
            nested in proptest::collection::vec((awkward_text(), awkward_text()), 0..4),
        ) {
            let mut top: Mapping = entries
                .into_iter()
                .map(|(k, v)| (Yaml::from(k), Yaml::from(v)))
                .collect();
            let nested: Mapping = nested
                .into_iter()
                .map(|(k, v)| (Yaml::from(k), Yaml::from(v)))
                .collect();
            top.insert(Yaml::from("metadata"), Yaml::Mapping(nested));
            if let Some(fast) = emit_simple(&top) {
                let yaml = serde_yaml::to_string(&Yaml::Mapping(top)).expect("serialises");
                prop_assert_eq!(fast, yaml);
            }
        }
    }
}
