//! FMT-4 strict validation: the reference validator's messages.

use skillworld_format::{Source, validate_strict};

fn errors_in(dir: &str, text: &str) -> Vec<String> {
    let source = Source {
        dir_name: Some(dir),
        file_name: Some("SKILL.md"),
        location: None,
    };
    validate_strict(text.as_bytes(), &source).errors
}

#[test]
fn a_valid_skill_has_no_errors() {
    let text = "---\nname: good\ndescription: Good.\nlicense: MIT\ncompatibility: any\nallowed-tools: Read\nmetadata:\n  version: \"1.0\"\n---\n";
    assert!(errors_in("good", text).is_empty());
    let flow = "---\n{name: good, description: Good., metadata: {a: b}}\n---\n";
    assert!(errors_in("good", flow).is_empty(), "flow style is accepted");
}

#[test]
fn reference_messages() {
    let cases = [
        (
            "---\nname: Bad\ndescription: d\n---\n",
            "Bad",
            "Skill name 'Bad' must be lowercase",
        ),
        (
            "---\nname: a--b\ndescription: d\n---\n",
            "a--b",
            "Skill name cannot contain consecutive hyphens",
        ),
        (
            "---\nname: -a\ndescription: d\n---\n",
            "-a",
            "Skill name cannot start or end with a hyphen",
        ),
        (
            "---\nname: n\ndescription: d\n---\n",
            "d",
            "Directory name 'd' must match skill name 'n'",
        ),
        (
            "---\nname: n\n---\n",
            "n",
            "Missing required field in frontmatter: description",
        ),
        (
            "---\ndescription: d\n---\n",
            "n",
            "Missing required field in frontmatter: name",
        ),
        (
            "---\nname: n\ndescription: ''\n---\n",
            "n",
            "Field 'description' must be a non-empty string",
        ),
        (
            "---\nname: n\ndescription: d\ncompatibility: [a]\n---\n",
            "n",
            "Field 'compatibility' must be a string",
        ),
        (
            "---\nname: n\ndescription: d\nallowed-tools: {a: b}\n---\n",
            "n",
            "Field 'allowed-tools' must be either a string or a list of strings",
        ),
        (
            "---\nname: n\ndescription: d\nmetadata:\n  k: [1]\n---\n",
            "n",
            "Field 'metadata' must map strings to strings ('k' is a list)",
        ),
        (
            "---\nname: n\ndescription: d\nmetadata:\n  v: 1.0\n---\n",
            "n",
            "Field 'metadata' must map strings to strings ('v' is a number)",
        ),
        (
            "---\nname: n\ndescription: d\nauthor: x\nversion: y\n---\n",
            "n",
            "Unexpected fields in frontmatter: author, version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
        ),
        (
            "no frontmatter\n",
            "n",
            "SKILL.md must start with YAML frontmatter (---)",
        ),
        (
            "---\nname: n\n",
            "n",
            "SKILL.md frontmatter not properly closed with ---",
        ),
        (
            "---\n- a\n---\n",
            "n",
            "SKILL.md frontmatter must be a YAML mapping",
        ),
    ];
    for (text, dir, message) in cases {
        assert_eq!(errors_in(dir, text), [message], "{text}");
    }
}

#[test]
fn lengths_are_counted_in_characters() {
    let text = format!("---\nname: n\ndescription: {}\n---\n", "é".repeat(1025));
    assert_eq!(
        errors_in("n", &text),
        ["Description exceeds 1024 character limit (1025 chars)"]
    );
    let text = format!("---\nname: n\ndescription: {}\n---\n", "é".repeat(1024));
    assert!(errors_in("n", &text).is_empty());
    let text = format!(
        "---\nname: n\ndescription: d\ncompatibility: {}\n---\n",
        "c".repeat(501)
    );
    assert_eq!(
        errors_in("n", &text),
        ["Compatibility exceeds 500 character limit (501 chars)"]
    );
    let long = "a".repeat(65);
    let text = format!("---\nname: {long}\ndescription: d\n---\n");
    assert_eq!(
        errors_in(&long, &text),
        [format!(
            "Skill name '{long}' exceeds 64 character limit (65 chars)"
        )]
    );
}

#[test]
fn names_are_nfkc_normalised_and_ascii_only() {
    assert!(errors_in("pdf", "---\nname: ｐｄｆ\ndescription: d\n---\n").is_empty());
    assert_eq!(
        errors_in("技能", "---\nname: 技能\ndescription: d\n---\n"),
        [
            "Skill name '技能' contains invalid characters. Only letters, digits, and hyphens are allowed."
        ]
    );
}

#[test]
fn quirks_are_warnings_not_errors() {
    let report = validate_strict(
        b"\xef\xbb\xbf---\r\nname: n\r\ndescription: d\r\n---\r\n",
        &Source::default(),
    );
    assert!(report.errors.is_empty());
    assert_eq!(report.warnings.len(), 2);
    assert_eq!(report.name.as_deref(), Some("n"));
}
