//! SCR-1: a live skill's `scripts:` entries as typed tools
//! `skill_<skill>_<id>`, with JSON Schemas from their parameters. The world
//! resolves and policy-checks a call into a [`ScriptCall`]; the habitat
//! runs it from the materialised workspace.

use serde::Serialize;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use skillworld_core::{ArgStyle, ParamType, Parameter, ScriptSpec, Skill};

use crate::catalog::{AgentViews, Layers};
use crate::command::{Caller, CallerKind};
use crate::layers::Layer;
use crate::policy::restricted;
use crate::state::SkillWorld;
use crate::{Agent, WorldError};

/// Longest tool name (common model APIs allow 64).
pub const MAX_TOOL_NAME: usize = 64;

/// A script wrapper tool.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScriptTool {
    pub name: String,
    pub skill: String,
    pub description: String,
    pub schema: Value,
    #[serde(skip)]
    pub script: ScriptSpec,
}

/// A resolved call: which skill's script to run with which arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptCall {
    pub layer: Layer,
    pub skill: String,
    /// `scripts/…` inside the skill's bundle.
    pub path: String,
    pub argv: Vec<String>,
}

/// `skill_<skill>_<id>`, every character outside `[a-z0-9_]` as `_`; names
/// over 64 characters are cut and end in a short hash of the full name.
pub fn script_tool_name(skill: &str, id: &str) -> String {
    let full: String = format!("skill_{skill}_{id}")
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if full.len() <= MAX_TOOL_NAME {
        return full;
    }
    let hash = hex::encode(&Sha256::digest(full.as_bytes())[..4]);
    format!("{}_{hash}", &full[..MAX_TOOL_NAME - hash.len() - 1])
}

fn json_type(kind: ParamType) -> &'static str {
    match kind {
        ParamType::String => "string",
        ParamType::Number => "number",
        ParamType::Boolean => "boolean",
        ParamType::Array => "array",
    }
}

/// The JSON Schema of a script's parameters.
pub fn script_schema(parameters: &[Parameter]) -> Value {
    let mut properties = Map::new();
    for parameter in parameters {
        let mut property = json!({"type": json_type(parameter.kind)});
        if let Some(description) = &parameter.description {
            property["description"] = json!(description);
        }
        if let Some(default) = &parameter.default {
            property["default"] = default.clone();
        }
        properties.insert(parameter.name.clone(), property);
    }
    let required: Vec<&str> = parameter_names(parameters, |p| p.required);
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

fn parameter_names(parameters: &[Parameter], keep: impl Fn(&Parameter) -> bool) -> Vec<&str> {
    parameters
        .iter()
        .filter(|p| keep(p))
        .map(|p| p.name.as_str())
        .collect()
}

/// Arguments as the script receives them: fixed ones first, then one JSON
/// argument (`json`) or `--name value` flags in declared order (`flags`).
fn argv(script: &ScriptSpec, args: &Map<String, Value>) -> Result<Vec<String>, String> {
    let mut argv = script.fixed_args.clone();
    for parameter in &script.parameters {
        if parameter.required && args.get(&parameter.name).is_none_or(Value::is_null) {
            return Err(format!("missing required argument '{}'", parameter.name));
        }
    }
    if let Some(unknown) = args
        .keys()
        .find(|k| !script.parameters.iter().any(|p| &p.name == *k))
    {
        return Err(format!("unknown argument '{unknown}'"));
    }
    match script.arg_style {
        ArgStyle::Json => argv.push(Value::Object(args.clone()).to_string()),
        ArgStyle::Flags => {
            for parameter in &script.parameters {
                let flag = format!("--{}", parameter.name);
                match args.get(&parameter.name).or(parameter.default.as_ref()) {
                    None | Some(Value::Null) | Some(Value::Bool(false)) => {}
                    Some(Value::Bool(true)) => argv.push(flag),
                    Some(Value::Array(items)) => {
                        for item in items {
                            argv.push(flag.clone());
                            argv.push(
                                item.as_str()
                                    .map_or_else(|| item.to_string(), str::to_owned),
                            );
                        }
                    }
                    Some(Value::String(text)) => argv.extend([flag, text.clone()]),
                    Some(other) => argv.extend([flag, other.to_string()]),
                }
            }
        }
    }
    Ok(argv)
}

impl SkillWorld {
    /// The script tools of the skills an agent sees: they exist while a
    /// skill is live and are gone when it is disabled, archived or deleted.
    pub fn script_tools(&mut self, agent: &str) -> Result<Vec<ScriptTool>, WorldError> {
        Ok(self
            .visible_scripts(agent)?
            .into_iter()
            .map(|(_, tool)| tool)
            .collect())
    }

    fn visible_scripts(&mut self, agent: &str) -> Result<Vec<(Layer, ScriptTool)>, WorldError> {
        let (id, entity) = self.prepare(agent)?;
        let world = &self.world;
        let agent_state = world.get::<Agent>(entity).expect("agent");
        let view = &world.resource::<AgentViews>().views[&id];
        let layers = world.resource::<Layers>();
        let mut tools = Vec::new();
        for layer_entries in view.visible(agent_state, layers) {
            for entry in layer_entries {
                let skill = world.get::<Skill>(entry.entity).expect("skill");
                let home = world
                    .get::<skillworld_core::EntityRecord>(entry.entity)
                    .and_then(|r| r.world);
                let layer = if home == Some(self.commons) {
                    Layer::Commons
                } else {
                    Layer::Agent(agent.to_owned())
                };
                for script in &skill.scripts {
                    let tool = ScriptTool {
                        name: script_tool_name(&entry.name, &script.id),
                        skill: entry.name.to_string(),
                        description: format!("Runs {} of skill '{}'.", script.path, entry.name),
                        schema: script_schema(&script.parameters),
                        script: script.clone(),
                    };
                    tools.push((layer.clone(), tool));
                }
            }
        }
        tools.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        Ok(tools)
    }

    /// Resolves and policy-checks a script tool call. `Ok(None)` when `tool`
    /// is no script tool of a skill the caller sees. A visible chat may call
    /// the script tools of the skills it sees; other callers need the tool
    /// in their effective list (POL-2).
    pub fn prepare_script_call(
        &mut self,
        caller: &Caller,
        tool: &str,
        args: &Value,
    ) -> Result<Option<ScriptCall>, String> {
        let agent = caller
            .agent
            .as_deref()
            .ok_or_else(|| format!("Tool '{tool}' needs an agent to act for"))?;
        let scripts = self.visible_scripts(agent).map_err(|e| e.to_string())?;
        let Some((layer, found)) = scripts.into_iter().find(|(_, t)| t.name == tool) else {
            return Ok(None);
        };
        if caller.kind != CallerKind::Visible {
            let effective = self.effective_tools(caller).map_err(|e| e.to_string())?;
            if !effective.allows(tool) {
                return Err(restricted(tool));
            }
        }
        let empty = Map::new();
        let args = match args {
            Value::Object(map) => map,
            Value::Null => &empty,
            _ => return Err(format!("Invalid arguments for {tool}: expected an object")),
        };
        let argv =
            argv(&found.script, args).map_err(|e| format!("Invalid arguments for {tool}: {e}"))?;
        Ok(Some(ScriptCall {
            layer,
            skill: found.skill,
            path: found.script.path.clone(),
            argv,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sanitised_and_bounded() {
        assert_eq!(
            script_tool_name("pdf-tools", "fill.form"),
            "skill_pdf_tools_fill_form"
        );
        let long = script_tool_name(&"a".repeat(60), "run");
        assert_eq!(long.len(), 64);
        assert_ne!(
            long,
            script_tool_name(&"a".repeat(61), "run"),
            "cut names stay unique"
        );
    }

    #[test]
    fn flags_and_json_arguments() {
        let parameters = vec![
            Parameter {
                name: "city".into(),
                kind: ParamType::String,
                required: true,
                default: None,
                description: None,
            },
            Parameter {
                name: "days".into(),
                kind: ParamType::Number,
                required: false,
                default: Some(json!(3)),
                description: None,
            },
            Parameter {
                name: "verbose".into(),
                kind: ParamType::Boolean,
                required: false,
                default: None,
                description: None,
            },
        ];
        let mut script = ScriptSpec {
            id: "run".into(),
            path: "scripts/run.py".into(),
            fixed_args: vec!["--fast".into()],
            arg_style: ArgStyle::Flags,
            parameters,
        };
        let args = json!({"city": "Oslo", "verbose": true})
            .as_object()
            .unwrap()
            .clone();
        assert_eq!(
            argv(&script, &args).unwrap(),
            ["--fast", "--city", "Oslo", "--days", "3", "--verbose"]
        );
        script.arg_style = ArgStyle::Json;
        assert_eq!(
            argv(&script, &args).unwrap(),
            ["--fast", r#"{"city":"Oslo","verbose":true}"#]
        );
        assert_eq!(
            argv(&script, &Map::new()).unwrap_err(),
            "missing required argument 'city'"
        );
        let schema = script_schema(&script.parameters);
        assert_eq!(schema["required"], json!(["city"]));
        assert_eq!(schema["properties"]["days"]["default"], json!(3));
    }
}
