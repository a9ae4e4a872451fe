use std::fmt;

use serde::Serialize;

/// The stable code of a lenient-import warning (FMT-4). The spelling is the
/// code's `as_str`; codes marked *ours* extend the specification's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WarningCode {
    Bom,
    Crlf,
    LeadingBlankLines,
    /// *Ours*: the closing `---` had spaces around it.
    FenceSpaces,
    SkillMdCase,
    /// STO-6: the file had no frontmatter; name and description were
    /// derived from its folder and text.
    NoFrontmatter,
    ColonRepaired,
    FlowMetadata,
    NestedMetadata,
    NameFromDir,
    NameNormalized,
    NameDirMismatch,
    NameCollision,
    ToolsAsAllowedTools,
    UnknownField,
    /// *Ours*: a known field had a scalar of another type (e.g. `version: 1.0`)
    /// and was read as text.
    ValueCoerced,
    /// *Ours*: a known field had a shape no dialect uses; it was kept in
    /// `extras` instead.
    InvalidField,
    /// *Ours*: the description is an empty string.
    DescriptionEmpty,
    DescriptionTooLong,
    BodyTooLong,
    FileDropped,
    BinarySkipped,
    /// *Ours*: a reinstall kept a bucket the new bundle left empty (FMT-7).
    BucketKept,
}

impl WarningCode {
    pub fn as_str(self) -> &'static str {
        match self {
            WarningCode::Bom => "bom",
            WarningCode::Crlf => "crlf",
            WarningCode::LeadingBlankLines => "leading-blank-lines",
            WarningCode::FenceSpaces => "fence-spaces",
            WarningCode::SkillMdCase => "skill-md-case",
            WarningCode::NoFrontmatter => "no-frontmatter",
            WarningCode::ColonRepaired => "colon-repaired",
            WarningCode::FlowMetadata => "flow-metadata",
            WarningCode::NestedMetadata => "nested-metadata",
            WarningCode::NameFromDir => "name-from-dir",
            WarningCode::NameNormalized => "name-normalized",
            WarningCode::NameDirMismatch => "name-dir-mismatch",
            WarningCode::NameCollision => "name-collision",
            WarningCode::ToolsAsAllowedTools => "tools-as-allowed-tools",
            WarningCode::UnknownField => "unknown-field",
            WarningCode::ValueCoerced => "value-coerced",
            WarningCode::InvalidField => "invalid-field",
            WarningCode::DescriptionEmpty => "description-empty",
            WarningCode::DescriptionTooLong => "description-too-long",
            WarningCode::BodyTooLong => "body-too-long",
            WarningCode::FileDropped => "file-dropped",
            WarningCode::BinarySkipped => "binary-skipped",
            WarningCode::BucketKept => "bucket-kept",
        }
    }
}

impl fmt::Display for WarningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for WarningCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A deviation a lenient import accepted, with a message naming the detail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub code: WarningCode,
    pub message: String,
}

impl Warning {
    pub fn new(code: WarningCode, message: impl Into<String>) -> Self {
        Warning {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}
