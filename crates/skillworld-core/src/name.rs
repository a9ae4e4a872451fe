use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

use crate::limits::MAX_NAME_CHARS;

/// One way a skill name breaks MOD-6. The messages are those of the
/// reference validator `skills-ref`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("Field 'name' must be a non-empty string")]
    Empty,
    #[error("Skill name '{name}' exceeds {MAX_NAME_CHARS} character limit ({chars} chars)")]
    TooLong { name: String, chars: usize },
    #[error("Skill name '{name}' must be lowercase")]
    NotLowercase { name: String },
    #[error("Skill name cannot start or end with a hyphen")]
    EdgeHyphen,
    #[error("Skill name cannot contain consecutive hyphens")]
    ConsecutiveHyphens,
    #[error(
        "Skill name '{name}' contains invalid characters. Only letters, digits, and hyphens are allowed."
    )]
    InvalidCharacters { name: String },
}

/// `text` in Unicode normalisation form KC; ASCII is its own NFKC, so it
/// is returned as it is without the (comparatively slow) normaliser.
pub fn nfkc(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.nfkc().collect())
    }
}

/// Every rule of MOD-6 that `name` breaks, in the reference validator's
/// order. The name is NFKC-normalised and trimmed first.
pub fn name_problems(name: &str) -> Vec<NameError> {
    let name = nfkc(name.trim());
    if name.is_empty() {
        return vec![NameError::Empty];
    }
    let mut problems = Vec::new();
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        problems.push(NameError::TooLong {
            name: name.to_string(),
            chars,
        });
    }
    if name
        .chars()
        .any(|c| c.to_lowercase().ne(std::iter::once(c)))
    {
        problems.push(NameError::NotLowercase {
            name: name.to_string(),
        });
    }
    if name.starts_with('-') || name.ends_with('-') {
        problems.push(NameError::EdgeHyphen);
    }
    if name.contains("--") {
        problems.push(NameError::ConsecutiveHyphens);
    }
    // Deliberately narrower than skills-ref, which takes any Unicode letter:
    // the specification says `a-z`, `0-9` and `-`.
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let uppercase_only = |c: char| c.is_ascii_uppercase();
    if !name.chars().all(|c| allowed(c) || uppercase_only(c)) {
        problems.push(NameError::InvalidCharacters {
            name: name.into_owned(),
        });
    }
    problems
}

/// A valid skill name (MOD-6): 1–64 chars of `a-z`, `0-9`, `-`, no leading,
/// trailing or doubled hyphen.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SkillName(String);

impl SkillName {
    pub fn new(name: &str) -> Result<Self, NameError> {
        match name_problems(name).into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(SkillName(nfkc(name.trim()).into_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for SkillName {
    type Error = NameError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        SkillName::new(&value)
    }
}

impl From<SkillName> for String {
    fn from(name: SkillName) -> Self {
        name.0
    }
}

impl fmt::Display for SkillName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The valid slug closest to `raw`: NFKC, lowercase, every run of other
/// characters turned into one `-`, trimmed, cut to 64 chars. `None` when
/// nothing usable is left (e.g. a name of only non-ASCII letters).
pub fn slugify(raw: &str) -> Option<SkillName> {
    let mut slug = String::with_capacity(raw.len());
    for c in raw.nfkc().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.truncate(MAX_NAME_CHARS);
    let slug = slug.trim_end_matches('-');
    SkillName::new(slug).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reference_messages() {
        assert_eq!(
            name_problems("My-Skill")[0].to_string(),
            "Skill name 'My-Skill' must be lowercase"
        );
        assert_eq!(
            name_problems("a--b")[0].to_string(),
            "Skill name cannot contain consecutive hyphens"
        );
        assert_eq!(
            name_problems("-ab")[0].to_string(),
            "Skill name cannot start or end with a hyphen"
        );
        assert_eq!(
            name_problems(&"a".repeat(65))[0].to_string(),
            format!(
                "Skill name '{}' exceeds 64 character limit (65 chars)",
                "a".repeat(65)
            )
        );
        assert_eq!(name_problems("  ")[0], NameError::Empty);
    }

    #[test]
    fn non_ascii_letters_are_refused() {
        assert!(matches!(
            name_problems("技能")[..],
            [NameError::InvalidCharacters { .. }]
        ));
        assert!(matches!(
            name_problems("my_skill")[..],
            [NameError::InvalidCharacters { .. }]
        ));
    }

    #[test]
    fn nfkc_before_checks() {
        // Fullwidth letters normalise to ASCII.
        assert!(name_problems("ｐｄｆ").is_empty());
        assert_eq!(SkillName::new("ｐｄｆ").unwrap().as_str(), "pdf");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("My Cool_Skill!").unwrap().as_str(), "my-cool-skill");
        assert_eq!(slugify("--a--b--").unwrap().as_str(), "a-b");
        assert_eq!(slugify("技能"), None);
        assert_eq!(slugify(&"abc-".repeat(20)).unwrap().as_str().len(), 63);
    }

    proptest! {
        #[test]
        fn every_slug_is_valid(raw in "\\PC{0,100}") {
            if let Some(slug) = slugify(&raw) {
                prop_assert!(name_problems(slug.as_str()).is_empty());
            }
        }
    }
}
