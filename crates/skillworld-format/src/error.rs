use thiserror::Error;

/// Why a SKILL.md could not be read (FMT-1) or imported (FMT-4).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    #[error("not a text file (NUL byte at offset {offset})")]
    Binary { offset: usize },
    #[error("not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error("file is {bytes} bytes, over the {limit}-byte limit")]
    FileTooLarge { bytes: u64, limit: u64 },
    #[error("SKILL.md must start with YAML frontmatter (---)")]
    NoFrontmatter,
    #[error("SKILL.md has no frontmatter, and no paragraph or heading to take a description from")]
    NoFrontmatterNoText,
    #[error("SKILL.md frontmatter not properly closed with ---")]
    Unclosed,
    #[error("frontmatter is larger than {limit} bytes")]
    FrontmatterTooLarge { limit: usize },
    #[error("frontmatter nests deeper than {limit} levels (line {line})")]
    TooDeep { limit: usize, line: usize },
    #[error("Invalid YAML in frontmatter: {0}")]
    Yaml(String),
    #[error("SKILL.md frontmatter must be a YAML mapping")]
    NotMapping,
    #[error("Missing required field in frontmatter: description")]
    MissingDescription,
    #[error("Field 'description' must be a string")]
    DescriptionNotString,
    #[error("Missing required field in frontmatter: name (and no directory name to use instead)")]
    MissingName,
}

/// A parameter rendering failure (FMT-6).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RenderError {
    #[error("missing required parameter '{name}'")]
    MissingRequired { name: String },
    #[error("parameter '{name}' must be {expected}, got {got}")]
    WrongType {
        name: String,
        expected: &'static str,
        got: &'static str,
    },
}
