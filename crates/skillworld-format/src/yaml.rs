//! Parsing the frontmatter YAML, with the colon repair of FMT-4, and turning
//! YAML values into the JSON values the model keeps.

use serde_json::{Map, Number, Value as Json};
use serde_yaml::{Mapping, Value as Yaml};

use crate::FormatError;
use crate::frontmatter::check_nesting;
use crate::simple_yaml::parse_simple;

/// Parses frontmatter that must be a mapping: the common simple shape on a
/// fast path, everything else with the full parser after the nesting bound.
pub fn parse_mapping(yaml: &str) -> Result<Mapping, FormatError> {
    if let Some(map) = parse_simple(yaml) {
        return Ok(map);
    }
    check_nesting(yaml)?;
    match serde_yaml::from_str::<Yaml>(yaml) {
        Ok(Yaml::Mapping(map)) => Ok(map),
        // Frontmatter with nothing but blanks and comments has no fields.
        Ok(Yaml::Null) => Ok(Mapping::new()),
        Ok(_) => Err(FormatError::NotMapping),
        Err(e) => Err(FormatError::Yaml(e.to_string())),
    }
}

/// Quotes every plain scalar value that holds `: ` (the most common hand
/// written YAML mistake, e.g. `description: Use when: x`). `None` when no
/// line needed it.
pub fn repair_colons(yaml: &str) -> Option<String> {
    let mut repaired = String::with_capacity(yaml.len() + 16);
    let mut changed = false;
    for line in yaml.split_inclusive('\n') {
        let (content, newline) = match line.strip_suffix('\n') {
            Some(content) => (content, "\n"),
            None => (line, ""),
        };
        match split_plain_value(content) {
            Some((head, value)) if value.contains(": ") || value.ends_with(':') => {
                changed = true;
                repaired.push_str(head);
                repaired.push('"');
                for c in value.chars() {
                    match c {
                        '"' => repaired.push_str("\\\""),
                        '\\' => repaired.push_str("\\\\"),
                        '\t' => repaired.push_str("\\t"),
                        c => repaired.push(c),
                    }
                }
                repaired.push('"');
            }
            _ => repaired.push_str(content),
        }
        repaired.push_str(newline);
    }
    changed.then_some(repaired)
}

/// Splits `  key: value` (or `- key: value`) into the part up to the value
/// and an unquoted plain value; `None` for anything else.
fn split_plain_value(line: &str) -> Option<(&str, &str)> {
    let trimmed = line.trim_start_matches([' ', '-']);
    let offset = line.len() - trimmed.len();
    let key_len = trimmed
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .unwrap_or(trimmed.len());
    if key_len == 0 || !trimmed[key_len..].starts_with(": ") {
        return None;
    }
    let value_start = offset + key_len + 2;
    let value = line[value_start..].trim_start();
    let value_start = line.len() - value.len();
    let first = value.chars().next()?;
    if "\"'[{|>&*!%@`#".contains(first) {
        return None;
    }
    Some((&line[..value_start], value.trim_end()))
}

/// The text of a scalar, for fields that are text but were written as a
/// number or a boolean; `None` for null, sequences and mappings.
pub fn scalar_text(value: &Yaml) -> Option<String> {
    match value {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Bool(b) => Some(b.to_string()),
        Yaml::Number(n) => Some(n.to_string()),
        Yaml::Tagged(tagged) => scalar_text(&tagged.value),
        _ => None,
    }
}

/// The text of a mapping key.
pub fn key_text(key: &Yaml) -> String {
    scalar_text(key).unwrap_or_else(|| {
        serde_yaml::to_string(key)
            .unwrap_or_default()
            .trim()
            .to_owned()
    })
}

/// A YAML value as JSON; tags are dropped, non-text keys written as text and
/// non-finite floats kept as their YAML spelling.
pub fn to_json(value: &Yaml) -> Json {
    match value {
        Yaml::Null => Json::Null,
        Yaml::Bool(b) => Json::Bool(*b),
        Yaml::Number(n) => {
            if let Some(i) = n.as_i64() {
                Json::from(i)
            } else if let Some(u) = n.as_u64() {
                Json::from(u)
            } else {
                n.as_f64()
                    .and_then(Number::from_f64)
                    .map_or_else(|| Json::String(n.to_string()), Json::Number)
            }
        }
        Yaml::String(s) => Json::String(s.clone()),
        Yaml::Sequence(items) => Json::Array(items.iter().map(to_json).collect()),
        Yaml::Mapping(map) => Json::Object(mapping_to_json(map)),
        Yaml::Tagged(tagged) => to_json(&tagged.value),
    }
}

pub fn mapping_to_json(map: &Mapping) -> Map<String, Json> {
    map.iter().map(|(k, v)| (key_text(k), to_json(v))).collect()
}

/// A JSON value as YAML (for export).
pub fn from_json(value: &Json) -> Yaml {
    match value {
        Json::Null => Yaml::Null,
        Json::Bool(b) => Yaml::Bool(*b),
        Json::Number(n) => {
            if let Some(i) = n.as_i64() {
                Yaml::from(i)
            } else if let Some(u) = n.as_u64() {
                Yaml::from(u)
            } else {
                Yaml::from(n.as_f64().unwrap_or_default())
            }
        }
        Json::String(s) => Yaml::String(s.clone()),
        Json::Array(items) => Yaml::Sequence(items.iter().map(from_json).collect()),
        Json::Object(map) => Yaml::Mapping(
            map.iter()
                .map(|(k, v)| (Yaml::String(k.clone()), from_json(v)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_only_unquoted_colon_values() {
        let yaml = "name: a\ndescription: Use when: you need it\nquoted: \"a: b\"\nurl: http://x\n";
        let repaired = repair_colons(yaml).unwrap();
        assert_eq!(
            repaired,
            "name: a\ndescription: \"Use when: you need it\"\nquoted: \"a: b\"\nurl: http://x\n"
        );
        let map = parse_mapping(&repaired).unwrap();
        assert_eq!(
            map.get("description").unwrap().as_str(),
            Some("Use when: you need it")
        );
        assert_eq!(repair_colons("name: a\n"), None);
    }

    #[test]
    fn empty_frontmatter_is_an_empty_mapping() {
        assert!(parse_mapping("\n").unwrap().is_empty());
        assert_eq!(parse_mapping("- a\n"), Err(FormatError::NotMapping));
    }

    #[test]
    fn json_conversion_keeps_nesting() {
        let map = parse_mapping("m: {a: [1, 2.5, true, null], 3: x}\n").unwrap();
        let json = mapping_to_json(&map);
        assert_eq!(
            json["m"],
            serde_json::json!({"a": [1, 2.5, true, null], "3": "x"})
        );
    }
}
