//! FMT-2 and FMT-3: every dialect's frontmatter into one [`SkillDocument`].

use serde::de::DeserializeOwned;
use serde_json::{Map, Value as Json};
use serde_yaml::{Mapping, Value as Yaml};
use skillworld_core::limits::{MAX_CONTENT_CHARS, MAX_DESCRIPTION_CHARS};
use skillworld_core::{Origin, Requires, ScriptSpec, Skill, Status, name_problems, slugify};

use crate::yaml::{key_text, mapping_to_json, scalar_text, to_json};
use crate::{FormatError, SkillDocument, Source, Warning, WarningCode};

/// Metadata namespaces of the OpenClaw family that carry requirements.
const OPENCLAW_NAMESPACES: [&str; 4] = ["openclaw", "clawdbot", "moltbot", "clawdis"];
/// Metadata key prefixes of our own flat-string extensions (FMT-5).
const EXTENSION_PREFIXES: [&str; 2] = ["skillworld.", "freeanima."];

/// Reads a parsed frontmatter mapping leniently: every deviation becomes a
/// warning, and only a missing or non-text description is an error.
pub fn read_document(
    map: Mapping,
    yaml_text: &str,
    body: &str,
    source: &Source<'_>,
    warnings: &mut Vec<Warning>,
) -> Result<SkillDocument, FormatError> {
    let mut reader = Reader {
        warnings,
        skill: Skill::new(Origin::Imported),
        fields: Fields::default(),
    };
    for (key, value) in map {
        reader.field(key_text(&key), value, yaml_text);
    }
    reader.finish(body, source)
}

#[derive(Default)]
struct Fields {
    name: Option<String>,
    description: Option<Yaml>,
    allowed_hyphen: Option<Vec<String>>,
    allowed_underscore: Option<Vec<String>>,
    tools: Option<Vec<String>>,
    origin: Option<Origin>,
    type_origin: Option<Origin>,
    tags: Option<Vec<String>>,
    platforms: Vec<String>,
}

struct Reader<'w> {
    warnings: &'w mut Vec<Warning>,
    skill: Skill,
    fields: Fields,
}

impl Reader<'_> {
    fn field(&mut self, key: String, value: Yaml, yaml_text: &str) {
        match key.as_str() {
            "name" => self.fields.name = self.text(&key, value),
            "description" => self.fields.description = Some(value),
            "license" => self.skill.license = self.text(&key, value),
            "compatibility" => self.skill.compatibility = self.text(&key, value),
            "metadata" => self.metadata(value, yaml_text),
            "allowed-tools" => self.fields.allowed_hyphen = self.tool_list(&key, value),
            "allowed_tools" => self.fields.allowed_underscore = self.tool_list(&key, value),
            "denied-tools" | "denied_tools" => {
                if let Some(tools) = self.tool_list(&key, value) {
                    self.skill.denied_tools = tools;
                }
            }
            "tools" => self.fields.tools = self.tool_list(&key, value),
            "title" => self.skill.display_title = self.text(&key, value),
            "version" => self.skill.version = self.text(&key, value),
            "author" => self.skill.author = self.text(&key, value),
            "tags" => self.fields.tags = self.word_list(&key, value),
            "platforms" => {
                if let Some(platforms) = self.word_list(&key, value) {
                    self.fields.platforms = platforms;
                }
            }
            "type" => self.fields.type_origin = self.keyword(&key, value, origin_of_type),
            "origin" => self.fields.origin = self.keyword(&key, value, |s| s.parse().ok()),
            "status" => {
                if let Some(status) = self.keyword(&key, value, |s| s.parse::<Status>().ok()) {
                    self.skill.status = status;
                }
            }
            "parameters" => {
                if let Some(parameters) = self.structured(&key, value) {
                    self.skill.parameters = parameters;
                }
            }
            "scripts" => {
                self.warn_unknown_script_keys(&value);
                if let Some(scripts) = self.structured(&key, value) {
                    self.skill.scripts = scripts;
                }
            }
            "user-invocable" => self.skill.user_invocable = self.boolean(&key, value),
            "disable-model-invocation" => {
                self.skill.disable_model_invocation = self.boolean(&key, value).unwrap_or(false)
            }
            "when_to_use" => self.skill.when_to_use = self.text(&key, value),
            "argument-hint" => self.skill.argument_hint = self.text(&key, value),
            "model" => self.skill.model = self.text(&key, value),
            _ => {
                self.warn(
                    WarningCode::UnknownField,
                    format!("unknown field '{key}' kept as is"),
                );
                self.skill.extras.insert(key, to_json(&value));
            }
        }
    }

    fn warn(&mut self, code: WarningCode, message: String) {
        self.warnings.push(Warning::new(code, message));
    }

    /// Keeps a value whose shape no dialect uses, so export can restore it.
    fn invalid(&mut self, key: &str, value: &Yaml, expected: &str) {
        self.warn(
            WarningCode::InvalidField,
            format!("field '{key}' should be {expected}; kept as an extra field"),
        );
        self.skill.extras.insert(key.to_owned(), to_json(value));
    }

    fn text(&mut self, key: &str, value: Yaml) -> Option<String> {
        match value {
            Yaml::String(s) => Some(s),
            Yaml::Null => None,
            other => match scalar_text(&other) {
                Some(text) => {
                    self.warn(
                        WarningCode::ValueCoerced,
                        format!("field '{key}' read as the text '{text}'"),
                    );
                    Some(text)
                }
                None => {
                    self.invalid(key, &other, "text");
                    None
                }
            },
        }
    }

    fn boolean(&mut self, key: &str, value: Yaml) -> Option<bool> {
        match &value {
            Yaml::Bool(b) => Some(*b),
            Yaml::String(s) if s == "true" || s == "false" => Some(s == "true"),
            Yaml::Null => None,
            _ => {
                self.invalid(key, &value, "true or false");
                None
            }
        }
    }

    fn keyword<T>(
        &mut self,
        key: &str,
        value: Yaml,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        match scalar_text(&value).as_deref().and_then(|s| parse(s.trim())) {
            Some(parsed) => Some(parsed),
            None => {
                self.invalid(key, &value, "a known keyword");
                None
            }
        }
    }

    /// FMT-3: a space- or comma-separated string, or a list; trimmed, blanks
    /// dropped.
    fn tool_list(&mut self, key: &str, value: Yaml) -> Option<Vec<String>> {
        self.list(key, value, |c| c.is_whitespace() || c == ',')
    }

    /// Tags and platforms: a comma-separated string or a list.
    fn word_list(&mut self, key: &str, value: Yaml) -> Option<Vec<String>> {
        self.list(key, value, |c| c == ',')
    }

    fn list(&mut self, key: &str, value: Yaml, separator: fn(char) -> bool) -> Option<Vec<String>> {
        let items = match &value {
            Yaml::Null => return None,
            Yaml::Sequence(items) => items.iter().map(scalar_text).collect::<Option<Vec<_>>>(),
            scalar => scalar_text(scalar).map(|s| vec![s]),
        };
        let Some(items) = items else {
            self.invalid(key, &value, "a string or a list of strings");
            return None;
        };
        Some(split_words(items.iter().map(String::as_str), separator))
    }

    fn structured<T: DeserializeOwned>(&mut self, key: &str, value: Yaml) -> Option<T> {
        match serde_json::from_value(to_json(&value)) {
            Ok(parsed) => Some(parsed),
            Err(e) => {
                self.invalid(key, &value, &format!("a list of entries ({e})"));
                None
            }
        }
    }

    /// Script entries are typed (SCR-1): a key none of them has is not
    /// kept, so it is named instead of vanishing.
    fn warn_unknown_script_keys(&mut self, value: &Yaml) {
        let Yaml::Sequence(entries) = value else {
            return;
        };
        for (index, entry) in entries.iter().enumerate() {
            let Yaml::Mapping(entry) = entry else {
                continue;
            };
            for key in entry.keys().map(key_text) {
                if !ScriptSpec::KEYS.contains(&key.as_str()) {
                    self.warn(
                        WarningCode::UnknownField,
                        format!("scripts[{index}]: unknown key '{key}' ignored"),
                    );
                }
            }
        }
    }

    fn metadata(&mut self, value: Yaml, yaml_text: &str) {
        let map = match &value {
            Yaml::Mapping(map) => {
                if metadata_is_flow_style(yaml_text) {
                    self.warn(
                        WarningCode::FlowMetadata,
                        "metadata written in JSON/flow style".into(),
                    );
                }
                mapping_to_json(map)
            }
            Yaml::String(text) => match serde_json::from_str::<Map<String, Json>>(text) {
                Ok(map) => {
                    self.warn(
                        WarningCode::FlowMetadata,
                        "metadata given as a JSON string".into(),
                    );
                    map
                }
                Err(_) => return self.invalid("metadata", &value, "a mapping"),
            },
            Yaml::Null => return,
            _ => return self.invalid("metadata", &value, "a mapping"),
        };
        let nested: Vec<&str> = map
            .iter()
            .filter(|(key, value)| {
                (value.is_object() || value.is_array())
                    && !OPENCLAW_NAMESPACES.contains(&key.as_str())
            })
            .map(|(key, _)| key.as_str())
            .collect();
        if !nested.is_empty() {
            let keys = nested.join(", ");
            self.warn(
                WarningCode::NestedMetadata,
                format!("nested metadata values kept: {keys}"),
            );
        }
        self.skill.metadata = map.into();
    }

    fn finish(mut self, body: &str, source: &Source<'_>) -> Result<SkillDocument, FormatError> {
        let extensions = self.take_extensions();
        let fields = std::mem::take(&mut self.fields);

        let description = match fields.description {
            None => return Err(FormatError::MissingDescription),
            Some(Yaml::String(s)) => s.trim().to_owned(),
            Some(_) => return Err(FormatError::DescriptionNotString),
        };
        let name = self.resolve_name(fields.name, source)?;

        let mut requires = extensions.requires.unwrap_or_default();
        requires.merge(openclaw_requires(&self.skill.metadata));
        requires.merge(Requires {
            platforms: fields.platforms,
            ..Requires::default()
        });
        let allowed = fields.allowed_hyphen.or(fields.allowed_underscore);
        if let Some(tools) = fields.tools {
            if allowed.is_none() && !tools.is_empty() {
                self.warn(
                    WarningCode::ToolsAsAllowedTools,
                    format!("'tools' also used as allowed-tools: {}", tools.join(" ")),
                );
                self.skill.allowed_tools = tools.clone();
            }
            requires.merge(Requires {
                tools,
                ..Requires::default()
            });
        }
        if let Some(allowed) = allowed {
            self.skill.allowed_tools = allowed;
        }
        self.skill.requires = requires.into();
        self.skill.origin = extensions
            .origin
            .or(fields.origin)
            .or(fields.type_origin)
            .unwrap_or(Origin::Imported);
        if let Some(location) = source.location {
            self.skill.provenance.import_source = Some(location.to_owned());
        }

        let description_chars = description.chars().count();
        if description.is_empty() {
            self.warn(
                WarningCode::DescriptionEmpty,
                "the description is empty".into(),
            );
        } else if description_chars > MAX_DESCRIPTION_CHARS {
            self.warn(
                WarningCode::DescriptionTooLong,
                format!("description is {description_chars} chars, over {MAX_DESCRIPTION_CHARS}; catalogs cut it"),
            );
        }
        let body_chars = body.chars().count();
        if body_chars > MAX_CONTENT_CHARS {
            self.warn(
                WarningCode::BodyTooLong,
                format!("body is {body_chars} chars, over {MAX_CONTENT_CHARS}"),
            );
        }
        Ok(SkillDocument {
            name,
            description,
            body: body.to_owned(),
            tags: fields.tags.or(extensions.tags).unwrap_or_default(),
            skill: self.skill,
        })
    }

    fn resolve_name(
        &mut self,
        written: Option<String>,
        source: &Source<'_>,
    ) -> Result<String, FormatError> {
        let dir_slug = source.dir_name.and_then(slugify);
        let Some(written) = written
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty())
        else {
            let name = dir_slug.ok_or(FormatError::MissingName)?.to_string();
            self.warn(
                WarningCode::NameFromDir,
                format!("no name; using the directory name '{name}'"),
            );
            return Ok(name);
        };
        let name = if name_problems(&written).is_empty() {
            written.clone()
        } else {
            let slug = slugify(&written)
                .or(dir_slug)
                .map_or_else(|| "skill".to_owned(), |s| s.to_string());
            self.warn(
                WarningCode::NameNormalized,
                format!("name '{written}' imported as '{slug}'"),
            );
            self.skill.provenance.original_name = Some(written);
            slug
        };
        if let Some(dir) = source.dir_name
            && dir != name
        {
            self.warn(
                WarningCode::NameDirMismatch,
                format!("name '{name}' differs from its directory '{dir}'"),
            );
        }
        Ok(name)
    }

    /// Removes our flat-string `skillworld.*` (and FreeAnima's `freeanima.*`)
    /// metadata keys and applies them; a value that does not parse stays in
    /// metadata with a warning.
    fn take_extensions(&mut self) -> Extensions {
        let mut found = Extensions::default();
        let keys: Vec<String> = self
            .skill
            .metadata
            .keys()
            .filter(|k| EXTENSION_PREFIXES.iter().any(|p| k.starts_with(p)))
            .cloned()
            .collect();
        for key in keys {
            let field = key
                .split_once('.')
                .map_or("", |(_, field)| field)
                .to_owned();
            let Some(value) = self.skill.metadata.shift_remove(&key) else {
                continue;
            };
            if let Err(reason) = self.extension(&field, &value, &mut found) {
                self.warn(
                    WarningCode::InvalidField,
                    format!("metadata '{key}' {reason}; kept as is"),
                );
                self.skill.metadata.insert(key, value);
            }
        }
        found
    }

    fn extension(
        &mut self,
        field: &str,
        value: &Json,
        found: &mut Extensions,
    ) -> Result<(), String> {
        let text = || {
            value
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| "is not a string".to_owned())
        };
        let flag = || match value {
            Json::Bool(b) => Ok(*b),
            Json::String(s) if s == "true" || s == "false" => Ok(s == "true"),
            _ => Err("is not true or false".to_owned()),
        };
        match field {
            "origin" => found.origin = Some(text()?.parse().map_err(|e| format!("{e}"))?),
            "status" => self.skill.status = text()?.parse().map_err(|e| format!("{e}"))?,
            "title" => self.skill.display_title = Some(text()?),
            "version" => self.skill.version = Some(text()?),
            "author" => self.skill.author = Some(text()?),
            "when-to-use" => self.skill.when_to_use = Some(text()?),
            "argument-hint" => self.skill.argument_hint = Some(text()?),
            "model" => self.skill.model = Some(text()?),
            "user-invocable" => self.skill.user_invocable = Some(flag()?),
            "disable-model-invocation" => self.skill.disable_model_invocation = flag()?,
            "tags" => found.tags = Some(json_field(value)?),
            "denied-tools" => self.skill.denied_tools = json_field(value)?,
            "parameters" => self.skill.parameters = json_field(value)?,
            "scripts" => self.skill.scripts = json_field(value)?,
            "requires" => found.requires = Some(json_field(value)?),
            _ => return Err("is not a known extension".to_owned()),
        }
        Ok(())
    }
}

#[derive(Default)]
struct Extensions {
    origin: Option<Origin>,
    tags: Option<Vec<String>>,
    requires: Option<Requires>,
}

/// A structured extension: a JSON string (how we export it) or, from a
/// hand-written file, the structure itself.
fn json_field<T: DeserializeOwned>(value: &Json) -> Result<T, String> {
    let parsed = match value {
        Json::String(text) => serde_json::from_str(text),
        other => serde_json::from_value(other.clone()),
    };
    parsed.map_err(|e| format!("does not parse ({e})"))
}

fn split_words<'a>(
    items: impl Iterator<Item = &'a str>,
    separator: fn(char) -> bool,
) -> Vec<String> {
    items
        .flat_map(|item| item.split(separator))
        .map(str::trim)
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// MateClaw's `type` as an origin.
fn origin_of_type(kind: &str) -> Option<Origin> {
    Some(match kind {
        "builtin" => Origin::Builtin,
        "custom" => Origin::User,
        "dynamic" => Origin::Evolved,
        "mcp" => Origin::Mcp,
        "acp" => Origin::Acp,
        _ => return None,
    })
}

fn metadata_is_flow_style(yaml_text: &str) -> bool {
    yaml_text
        .lines()
        .find_map(|line| line.strip_prefix("metadata:"))
        .is_some_and(|rest| rest.trim_start().starts_with('{'))
}

/// Requirements from OpenClaw-family metadata (`metadata.openclaw.requires`,
/// `os`, `always`, `primaryEnv`).
fn openclaw_requires(metadata: &Map<String, Json>) -> Requires {
    let mut requires = Requires::default();
    for namespace in OPENCLAW_NAMESPACES {
        let Some(Json::Object(claw)) = metadata.get(namespace) else {
            continue;
        };
        let strings = |value: Option<&Json>| -> Vec<String> {
            match value {
                Some(Json::Array(items)) => items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_owned))
                    .collect(),
                Some(Json::String(s)) => split_words(std::iter::once(s.as_str()), |c| {
                    c == ',' || c.is_whitespace()
                }),
                _ => Vec::new(),
            }
        };
        let needs = claw.get("requires").and_then(Json::as_object);
        let need = |key: &str| strings(needs.and_then(|n| n.get(key)));
        requires.merge(Requires {
            bins: need("bins"),
            any_bins: need("anyBins"),
            env: need("env"),
            config: need("config"),
            platforms: strings(claw.get("os"))
                .iter()
                .map(|os| platform_of_os(os))
                .collect(),
            always: claw.get("always").and_then(Json::as_bool).unwrap_or(false),
            primary_env: claw
                .get("primaryEnv")
                .and_then(Json::as_str)
                .map(str::to_owned),
            ..Requires::default()
        });
    }
    requires
}

/// Node's `process.platform` names as ours.
fn platform_of_os(os: &str) -> String {
    match os {
        "darwin" => "macos".to_owned(),
        "win32" => "windows".to_owned(),
        other => other.to_owned(),
    }
}
