//! A fast path for the frontmatter most skills have: `key: scalar` lines and
//! at most one level of nested `key: scalar` mappings, with plain, single-
//! or double-quoted (escape-free) one-line scalars that are text. Anything
//! else — and anything YAML would read as other than text, such as `true`,
//! `1.0` or `null` — returns `None` and goes to the full parser. Where it
//! answers, it answers exactly what the full parser would (the `yaml`
//! fuzz target checks this).

use serde_yaml::{Mapping, Value as Yaml};

pub fn parse_simple(yaml: &str) -> Option<Mapping> {
    if has_awkward_characters(yaml.as_bytes()) {
        return None;
    }
    let mut top = Mapping::new();
    // The open nested mapping: its key, indentation and entries.
    let mut nested: Option<(String, Option<usize>, Mapping)> = None;
    for line in yaml.split('\n') {
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        let content = &line[indent..];
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (key, value) = split_entry(content)?;
        if indent > 0 {
            let (_, expected, entries) = nested.as_mut()?;
            if *expected.get_or_insert(indent) != indent || value.is_empty() {
                return None;
            }
            insert_unique(entries, key, scalar(value)?)?;
            continue;
        }
        close(&mut top, nested.take())?;
        if value.is_empty() {
            nested = Some((key.to_owned(), None, Mapping::new()));
        } else {
            insert_unique(&mut top, key, scalar(value)?)?;
        }
    }
    close(&mut top, nested)?;
    Some(top)
}

fn close(top: &mut Mapping, nested: Option<(String, Option<usize>, Mapping)>) -> Option<()> {
    match nested {
        None => Some(()),
        // `key:` with nothing under it is null.
        Some((key, None, _)) => insert_unique(top, &key, Yaml::Null),
        Some((key, Some(_), entries)) => insert_unique(top, &key, Yaml::Mapping(entries)),
    }
}

fn insert_unique(map: &mut Mapping, key: &str, value: Yaml) -> Option<()> {
    // A duplicate key is an error the full parser reports.
    map.insert(Yaml::String(key.to_owned()), value)
        .is_none()
        .then_some(())
}

/// `key: value` or `key:` with a plain key that YAML reads as text.
fn split_entry(content: &str) -> Option<(&str, &str)> {
    let colon = content.find(':')?;
    let key = &content[..colon];
    let rest = &content[colon + 1..];
    let key_ok = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        && !key.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.')
        && !is_special_word(key);
    if !key_ok {
        return None;
    }
    if rest.is_empty() {
        return Some((key, ""));
    }
    let value = rest.strip_prefix(' ')?;
    Some((key, value.trim_matches(' ')))
}

fn scalar(value: &str) -> Option<Yaml> {
    let text = match value.as_bytes()[0] {
        b'"' => {
            let inner = value.strip_prefix('"')?.strip_suffix('"')?;
            if inner.contains(['"', '\\']) {
                return None;
            }
            inner.to_owned()
        }
        b'\'' => {
            let inner = value.strip_prefix('\'')?.strip_suffix('\'')?;
            // '' is an escaped quote; a lone ' would end the scalar early.
            if inner.replace("''", "").contains('\'') {
                return None;
            }
            inner.replace("''", "'")
        }
        first => {
            let indicator = b"-?:,[]{}#&*!|>%@`".contains(&first);
            let looks_typed = first.is_ascii_digit() || matches!(first, b'+' | b'.' | b'~');
            let awkward = value.contains(": ") || value.contains(" #") || value.ends_with(':');
            if indicator || looks_typed || awkward || is_special_word(value) {
                return None;
            }
            value.to_owned()
        }
    };
    Some(Yaml::String(text))
}

/// Control characters (tabs included), line and paragraph separators, the
/// BOM and non-characters need the full parser's rules, even in comments.
/// Works on UTF-8 bytes: C1 controls are `C2 80..9F`, U+2028/9 `E2 80 A8/A9`,
/// U+FEFF `EF BB BF`, U+FFFE/F `EF BF BE/BF`.
fn has_awkward_characters(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(i, &b)| {
        let next = |k: usize| bytes.get(i + k).copied().unwrap_or(0);
        match b {
            b'\n' => false,
            0..=0x1f | 0x7f => true,
            0xc2 => (0x80..=0x9f).contains(&next(1)),
            0xe2 => next(1) == 0x80 && matches!(next(2), 0xa8 | 0xa9),
            0xef => {
                (next(1) == 0xbb && next(2) == 0xbf)
                    || (next(1) == 0xbf && matches!(next(2), 0xbe | 0xbf))
            }
            _ => false,
        }
    })
}

/// Words some YAML schema reads as null, a boolean or a number.
fn is_special_word(word: &str) -> bool {
    const SPECIAL: [&str; 14] = [
        "null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan", "inf", ".nan", ".inf",
        "~",
    ];
    word.len() <= 5 && SPECIAL.iter().any(|s| s.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agrees(yaml: &str) -> bool {
        let fast = parse_simple(yaml);
        if let Some(fast) = &fast {
            let full: Yaml = serde_yaml::from_str(yaml).unwrap();
            assert_eq!(&Yaml::Mapping(fast.clone()), &full, "{yaml}");
        }
        fast.is_some()
    }

    #[test]
    fn common_frontmatter_takes_the_fast_path() {
        assert!(agrees(
            "name: pdf\ndescription: Fill PDF forms, merge files.\nlicense: 'Apache 2.0'\nallowed-tools: Read Write\nmetadata:\n  version: \"1.0\"\n  skill-author: K-Dense Inc.\n"
        ));
        assert!(agrees("metadata:\nname: x\n"));
        assert!(agrees("# comment\nname: it''s\nd: 'it''s'\n"));
        assert!(agrees("name:    spaced   \nd: x\n"));
    }

    #[test]
    fn anything_else_falls_back() {
        for yaml in [
            "version: 1.0\n",
            "flag: true\n",
            "n: null\n",
            "d: a: b\n",
            "d: >\n  folded\n",
            "d: |-\n  literal\n",
            "tags:\n  - a\n",
            "m: {a: b}\n",
            "d: \"esc\\n\"\n",
            "d: plain\n  continued\n",
            "a: x\na: y\n",
            "m:\n  a: x\n    b: y\n",
            "1: x\n",
            "d: x # comment\n",
            "d: &anchor x\n",
        ] {
            assert!(!agrees(yaml), "{yaml}");
        }
    }
}
