//! FMT-4 strict validation: the agentskills specification, with the
//! reference validator's messages.

use serde_yaml::{Mapping, Value as Yaml};
use skillworld_core::limits::{MAX_COMPATIBILITY_CHARS, MAX_DESCRIPTION_CHARS};
use skillworld_core::{name_problems, nfkc};

use crate::frontmatter::{decode, split};
use crate::yaml::{key_text, parse_mapping};
use crate::{Source, Warning, WarningCode};

/// The top-level keys the agentskills specification allows, sorted.
const ALLOWED_FIELDS: [&str; 6] = [
    "allowed-tools",
    "compatibility",
    "description",
    "license",
    "metadata",
    "name",
];

/// The outcome of strict validation: no errors means valid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrictReport {
    /// The `name` the frontmatter gives, when it parsed.
    pub name: Option<String>,
    pub errors: Vec<String>,
    /// File-level quirks the reader tolerated (they do not fail validation).
    pub warnings: Vec<Warning>,
}

/// Validates a SKILL.md against the agentskills specification.
pub fn validate_strict(bytes: &[u8], source: &Source<'_>) -> StrictReport {
    let mut report = StrictReport::default();
    if let Some(file) = source.file_name
        && file != "SKILL.md"
    {
        report.warnings.push(Warning::new(
            WarningCode::SkillMdCase,
            format!("the file is named '{file}'"),
        ));
    }
    let map = match decode(bytes, &mut report.warnings) {
        Ok(text) => split(&text, &mut report.warnings).and_then(|parts| parse_mapping(parts.yaml)),
        Err(error) => Err(error),
    };
    match map {
        Ok(map) => check_fields(&map, source, &mut report),
        Err(error) => report.errors.push(error.to_string()),
    }
    report
}

fn check_fields(map: &Mapping, source: &Source<'_>, report: &mut StrictReport) {
    let errors = &mut report.errors;
    let mut unexpected: Vec<String> = map
        .keys()
        .map(key_text)
        .filter(|k| !ALLOWED_FIELDS.contains(&k.as_str()))
        .collect();
    if !unexpected.is_empty() {
        unexpected.sort();
        let allowed = ALLOWED_FIELDS.map(|f| format!("'{f}'")).join(", ");
        errors.push(format!(
            "Unexpected fields in frontmatter: {}. Only [{allowed}] are allowed.",
            unexpected.join(", ")
        ));
    }

    match map.get("name") {
        None => errors.push("Missing required field in frontmatter: name".to_owned()),
        Some(Yaml::String(name)) if !name.trim().is_empty() => {
            report.name = Some(name.trim().to_owned());
            errors.extend(name_problems(name).iter().map(ToString::to_string));
            let normalized = nfkc(name.trim());
            if let Some(dir) = source.dir_name
                && nfkc(dir) != normalized
            {
                errors.push(format!(
                    "Directory name '{dir}' must match skill name '{normalized}'"
                ));
            }
        }
        Some(_) => errors.push("Field 'name' must be a non-empty string".to_owned()),
    }

    match map.get("description") {
        None => errors.push("Missing required field in frontmatter: description".to_owned()),
        Some(Yaml::String(text)) if !text.trim().is_empty() => {
            let chars = text.chars().count();
            if chars > MAX_DESCRIPTION_CHARS {
                errors.push(format!(
                    "Description exceeds {MAX_DESCRIPTION_CHARS} character limit ({chars} chars)"
                ));
            }
        }
        Some(_) => errors.push("Field 'description' must be a non-empty string".to_owned()),
    }

    match map.get("compatibility") {
        None => {}
        Some(Yaml::String(text)) => {
            let chars = text.chars().count();
            if chars > MAX_COMPATIBILITY_CHARS {
                errors.push(format!(
                    "Compatibility exceeds {MAX_COMPATIBILITY_CHARS} character limit ({chars} chars)"
                ));
            }
        }
        Some(_) => errors.push("Field 'compatibility' must be a string".to_owned()),
    }

    match map.get("allowed-tools") {
        None | Some(Yaml::String(_)) => {}
        Some(Yaml::Sequence(items)) => {
            if !items.iter().all(Yaml::is_string) {
                errors.push("Field 'allowed-tools' list items must all be strings".to_owned());
            }
        }
        Some(_) => errors
            .push("Field 'allowed-tools' must be either a string or a list of strings".to_owned()),
    }

    match map.get("metadata") {
        None => {}
        Some(Yaml::Mapping(metadata)) => {
            for (key, value) in metadata {
                if !key.is_string() {
                    errors.push(format!(
                        "Field 'metadata' must map strings to strings (key '{}' is {})",
                        key_text(key),
                        kind_of(key)
                    ));
                } else if !value.is_string() {
                    errors.push(format!(
                        "Field 'metadata' must map strings to strings ('{}' is {})",
                        key_text(key),
                        kind_of(value)
                    ));
                }
            }
        }
        Some(other) => errors.push(format!(
            "Field 'metadata' must be a mapping (it is {})",
            kind_of(other)
        )),
    }
}

fn kind_of(value: &Yaml) -> &'static str {
    match value {
        Yaml::Null => "null",
        Yaml::Bool(_) => "a boolean",
        Yaml::Number(_) => "a number",
        Yaml::String(_) => "a string",
        Yaml::Sequence(_) => "a list",
        Yaml::Mapping(_) => "a mapping",
        Yaml::Tagged(tagged) => kind_of(&tagged.value),
    }
}
