//! FMT-5: writing a SKILL.md that passes strict validation whenever the
//! skill's fields allow it.

use serde::Serialize;
use serde_json::Value as Json;
use serde_yaml::{Mapping, Value as Yaml};
use skillworld_core::Status;

use crate::SkillDocument;
use crate::simple_emit::emit_simple;
use crate::yaml::from_json;

/// Writes the document as SKILL.md text: agentskills fields at the top
/// level, our extensions as flat `skillworld.*` string keys under
/// `metadata`, unknown fields restored at the top level.
pub fn export_skill_md(document: &SkillDocument) -> String {
    let top = frontmatter(document);
    // Most frontmatter is plain text: written directly, as YAML would.
    let yaml = emit_simple(&top).unwrap_or_else(|| emit_yaml(Yaml::Mapping(top)));
    let mut out = String::with_capacity(yaml.len() + document.body.len() + 8);
    out.push_str("---\n");
    out.push_str(&yaml);
    out.push_str("---\n");
    out.push_str(&document.body);
    out
}

/// The characters YAML 1.1 reads as line breaks beyond `\n` and `\r`.
const YAML11_BREAKS: [char; 3] = ['\u{85}', '\u{2028}', '\u{2029}'];

/// `top` as `serde_yaml` writes it, unless a text holds one of
/// [`YAML11_BREAKS`]: the emitter writes those raw into block scalars as
/// if they ended a line, and the reader then loses them or the closing
/// fence (proptest's case in CI run 127: `"\n\u{2028}"`). Such a mapping
/// is written as one line of JSON, which is YAML, with them escaped.
fn emit_yaml(top: Yaml) -> String {
    let yaml = serde_yaml::to_string(&top).expect("a mapping of plain values always serialises");
    if !yaml.contains(YAML11_BREAKS) {
        return yaml;
    }
    let json = serde_json::to_string(&top).expect("a mapping with text keys always serialises");
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if YAML11_BREAKS.contains(&c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out.push('\n');
    out
}

/// The frontmatter `export_skill_md` writes, as a mapping.
fn frontmatter(document: &SkillDocument) -> Mapping {
    let skill = &document.skill;
    let mut top = Mapping::new();
    let mut put = |key: &str, value: Yaml| {
        top.insert(Yaml::String(key.to_owned()), value);
    };
    put("name", Yaml::String(document.name.clone()));
    put("description", Yaml::String(document.description.clone()));
    if let Some(license) = &skill.license {
        put("license", Yaml::String(license.clone()));
    }
    if let Some(compatibility) = &skill.compatibility {
        put("compatibility", Yaml::String(compatibility.clone()));
    }
    if !skill.allowed_tools.is_empty() {
        put("allowed-tools", tool_list(&skill.allowed_tools));
    }

    let mut metadata: Mapping = skill
        .metadata
        .iter()
        .map(|(k, v)| (Yaml::String(k.clone()), from_json(v)))
        .collect();
    let mut extension = |field: &str, text: String| {
        metadata.insert(
            Yaml::String(format!("skillworld.{field}")),
            Yaml::String(text),
        );
    };
    extension("origin", skill.origin.to_string());
    if skill.status != Status::Active {
        extension("status", skill.status.to_string());
    }
    let texts = [
        ("title", &skill.display_title),
        ("version", &skill.version),
        ("author", &skill.author),
        ("when-to-use", &skill.when_to_use),
        ("argument-hint", &skill.argument_hint),
        ("model", &skill.model),
    ];
    for (field, value) in texts {
        if let Some(value) = value {
            extension(field, value.clone());
        }
    }
    if let Some(invocable) = skill.user_invocable {
        extension("user-invocable", invocable.to_string());
    }
    if skill.disable_model_invocation {
        extension("disable-model-invocation", "true".to_owned());
    }
    if !document.tags.is_empty() {
        extension("tags", json_text(&document.tags));
    }
    if !skill.denied_tools.is_empty() {
        extension("denied-tools", json_text(&skill.denied_tools));
    }
    if !skill.parameters.is_empty() {
        extension("parameters", json_text(&skill.parameters));
    }
    if !skill.scripts.is_empty() {
        extension("scripts", json_text(&skill.scripts));
    }
    if !skill.requires.is_empty() {
        extension("requires", json_text(&skill.requires));
    }
    put("metadata", Yaml::Mapping(metadata));
    for (key, value) in &skill.extras {
        put(key, from_json(value));
    }
    top
}

/// A space-separated string when that reads back the same, else a list.
fn tool_list(tools: &[String]) -> Yaml {
    let plain = tools
        .iter()
        .all(|t| !t.is_empty() && !t.contains(|c: char| c.is_whitespace() || c == ','));
    if plain {
        Yaml::String(tools.join(" "))
    } else {
        Yaml::Sequence(tools.iter().cloned().map(Yaml::String).collect())
    }
}

fn json_text(value: &impl Serialize) -> String {
    serde_json::to_value(value)
        .map(|v: Json| v.to_string())
        .expect("model types serialise to JSON")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::{Source, import_skill_md};

    fn skill_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                skill_files(&path, out);
            } else if path.file_name().is_some_and(|n| n == "SKILL.md") {
                out.push(path);
            }
        }
    }

    /// On every scanner fixture's SKILL.md (real-world shapes: quotes,
    /// lists, colons, non-ASCII), the direct emitter, where it answers,
    /// writes what YAML writes; and it answers for most of them.
    #[test]
    fn the_direct_emitter_is_yaml_on_the_fixtures() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../skillworld-scan/tests/fixtures");
        let mut files = Vec::new();
        skill_files(&root, &mut files);
        assert!(files.len() > 1_000, "{} fixtures", files.len());
        let mut direct = 0;
        for path in &files {
            let bytes = std::fs::read(path).expect("readable");
            let Ok(imported) = import_skill_md(&bytes, &Source::default()) else {
                continue;
            };
            let top = frontmatter(&imported.document);
            if let Some(fast) = emit_simple(&top) {
                let yaml = serde_yaml::to_string(&Yaml::Mapping(top)).expect("serialises");
                assert_eq!(fast, yaml, "{}", path.display());
                direct += 1;
            }
        }
        assert!(
            direct * 2 > files.len(),
            "{direct} of {} direct",
            files.len()
        );
    }
}
