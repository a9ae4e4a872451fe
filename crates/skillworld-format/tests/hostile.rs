//! FMT-1 bounds: hostile frontmatter is refused with a clear error, before
//! or by the YAML parser, never by hanging or panicking. (How long each
//! takes is measured by the `format` bench, not asserted here.)

use skillworld_format::{FormatError, Source, import_skill_md, validate_strict};

fn reject(text: &[u8]) -> FormatError {
    let strict = validate_strict(text, &Source::default());
    assert!(!strict.errors.is_empty());
    import_skill_md(text, &Source::default()).expect_err("hostile input must be refused")
}

/// The billion-laughs alias bomb (each level refers nine times to the one
/// before).
fn alias_bomb() -> String {
    let mut yaml = String::from("---\nname: bomb\ndescription: d\na0: &a0 [\"lol\"]\n");
    for level in 1..10 {
        let previous = format!("*a{}", level - 1);
        let refs = [previous.as_str(); 9].join(", ");
        yaml.push_str(&format!("a{level}: &a{level} [{refs}]\n"));
    }
    yaml.push_str("---\nbody\n");
    yaml
}

#[test]
fn alias_bomb_is_refused() {
    let error = reject(alias_bomb().as_bytes());
    assert!(matches!(error, FormatError::Yaml(_)), "{error}");
}

#[test]
fn deep_nesting_is_refused_before_parsing() {
    let text = format!(
        "---\nname: x\ndescription: d\nx: {}\n---\n",
        "[".repeat(100_000)
    );
    // The nesting bound is checked only on the frontmatter, whose size bound
    // answers first for this one.
    let error = reject(text.as_bytes());
    assert!(
        matches!(error, FormatError::FrontmatterTooLarge { .. }),
        "{error}"
    );

    let text = format!(
        "---\nname: x\ndescription: d\nx: {}\n---\n",
        "[".repeat(60_000)
    );
    let error = reject(text.as_bytes());
    assert!(matches!(error, FormatError::TooDeep { .. }), "{error}");
    assert!(error.to_string().contains("nests deeper than 32"));

    let text = format!(
        "---\nname: x\ndescription: d\nx: {}\n---\n",
        "{a: ".repeat(40)
    );
    assert!(matches!(
        reject(text.as_bytes()),
        FormatError::TooDeep { .. }
    ));
}

#[test]
fn megabyte_frontmatter_is_refused() {
    let text = format!("---\nname: x\ndescription: {}\n---\n", "a".repeat(900_000));
    let error = reject(text.as_bytes());
    assert_eq!(error.to_string(), "frontmatter is larger than 65536 bytes");
    let text = format!(
        "---\nname: x\ndescription: {}\n---\n",
        "a".repeat(1_100_000)
    );
    assert!(matches!(
        reject(text.as_bytes()),
        FormatError::FileTooLarge { .. }
    ));
}

#[test]
fn binary_and_broken_text_are_refused() {
    let mut bytes = b"---\nname: x\ndescription: d\n---\n".to_vec();
    bytes.extend([0u8, 1, 2, 3]);
    assert_eq!(
        reject(&bytes).to_string(),
        "not a text file (NUL byte at offset 31)"
    );
    // Found by the fuzzer: a NUL past the first 8,000 bytes used to slip
    // through, and the (shorter) export then failed to import.
    let mut late_nul =
        format!("---\nname: x\ndescription: d\n---\n{}", "b".repeat(9000)).into_bytes();
    late_nul.push(0);
    assert!(matches!(
        reject(&late_nul),
        FormatError::Binary { offset: 9031 }
    ));
    let bytes = b"---\nname: \xff\xfe\ndescription: d\n---\n";
    assert!(matches!(reject(bytes), FormatError::NotUtf8 { offset: 10 }));
}

#[test]
fn unclosed_fences_are_refused() {
    assert_eq!(
        reject(b"---\nname: x\ndescription: d\n").to_string(),
        "SKILL.md frontmatter not properly closed with ---"
    );
    let long_unclosed = format!("---\nname: x\n{}", "k: v\n".repeat(100_000));
    assert!(matches!(
        reject(long_unclosed.as_bytes()),
        FormatError::FrontmatterTooLarge { .. }
    ));
}

#[test]
fn duplicate_keys_are_an_error() {
    let error = reject(b"---\nname: a\nname: b\ndescription: d\n---\n");
    assert!(error.to_string().contains("duplicate"), "{error}");
}
