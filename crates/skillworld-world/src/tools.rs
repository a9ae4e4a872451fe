//! The `skill` tool set (TOOL-1): JSON Schemas and one dispatch,
//! `call_tool(caller, name, args)`, that hosts, the CLI, the server and MCP
//! use. Results are JSON: `{"ok": true, …}` or `{"error": "…"}`.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use skillworld_core::{EntityRecord, Lifecycle, Origin, Skill};
use skillworld_format::{BundleFile, SkillDocument, Source, export_skill_md, import_skill_md};

use crate::agent::SKILL_TOOLS;
use crate::command::OnCollision;
use crate::command::{Caller, CallerKind, Command, Switches};
use crate::error::WorldError;
use crate::host::{ListQuery, Listing, LoadRequest};
use crate::layers::Layer;
use crate::policy::{DeleteMode, Effective, Fragment, PolicySettings, effective_tools, restricted};
use crate::revisions::Revisions;
use crate::state::SkillWorld;

/// A tool's name, what it does, and the JSON Schema of its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub schema: Value,
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

/// The schemas of the `skill` tool set, in TOOL-1 order.
pub fn tool_specs() -> Vec<ToolSpec> {
    let name =
        json!({"type": "string", "description": "The skill's name, as the catalog shows it."});
    let revision = json!({"type": "integer", "minimum": 1, "description": "Fail unless the skill is still at this revision."});
    let tools = json!({"type": "array", "items": {"type": "string"}});
    vec![
        ToolSpec {
            name: "skill_list",
            description: "List the skills you can use, optionally filtered.",
            schema: object(
                json!({
                    "keyword": {"type": "string"},
                    "source": {"type": "string", "description": "commons, private, or an origin"},
                    "status": {"type": "string", "description": "all, active, stale, archived or disabled; default: what you can use"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 20}
                }),
                &[],
            ),
        },
        ToolSpec {
            name: "skill_search",
            description: "Find skills for a task: those whose name or description contains the query (case-insensitive), plus those matching its words in name, description, tags or headings; best match first.",
            schema: object(
                json!({"query": {"type": "string", "description": "A substring, or the task in your own words"}}),
                &["query"],
            ),
        },
        ToolSpec {
            name: "skill_view",
            description: "Show a skill's fields and body without counting a load.",
            schema: object(json!({"name": name}), &["name"]),
        },
        ToolSpec {
            name: "skill_export",
            description: "Return a skill as SKILL.md text.",
            schema: object(json!({"name": name}), &["name"]),
        },
        ToolSpec {
            name: "skill_load",
            description: "Load a skill's instructions (or one of its files) to follow them now.",
            schema: object(
                json!({
                    "name": name,
                    "file_path": {"type": "string", "description": "A bundle file, e.g. references/guide.md"},
                    "page": {"type": "integer", "minimum": 1, "description": "A page of a long body or file (long ones come in pages)"},
                    "run": {"type": "string"},
                    "args": {"type": "object", "description": "Values for the skill's parameters"}
                }),
                &["name"],
            ),
        },
        ToolSpec {
            name: "skill_create",
            description: "Create a skill in your private world.",
            schema: object(
                json!({
                    "name": name,
                    "description": {"type": "string", "maxLength": 1024},
                    "content": {"type": "string", "maxLength": 100000},
                    "origin": {"type": "string", "enum": ["user", "evolved"], "default": "user"},
                    "allowed_tools": tools,
                    "denied_tools": tools
                }),
                &["name", "description", "content"],
            ),
        },
        ToolSpec {
            name: "skill_patch",
            description: "Replace text in a skill's body, literally.",
            schema: object(
                json!({
                    "name": name,
                    "old_string": {"type": "string", "minLength": 1},
                    "new_string": {"type": "string"},
                    "replace_all": {"type": "boolean", "default": false},
                    "expected_revision": revision
                }),
                &["name", "old_string", "new_string"],
            ),
        },
        ToolSpec {
            name: "skill_update",
            description: "Change a skill's description, content or tool lists (at least one); files stay.",
            schema: object(
                json!({
                    "name": name,
                    "description": {"type": "string", "maxLength": 1024},
                    "content": {"type": "string", "maxLength": 100000},
                    "allowed_tools": tools,
                    "denied_tools": tools,
                    "expected_revision": revision
                }),
                &["name"],
            ),
        },
        ToolSpec {
            name: "skill_delete",
            description: "Delete one of your skills (it leaves every view at once).",
            schema: object(
                json!({"name": name, "expected_revision": revision}),
                &["name"],
            ),
        },
        ToolSpec {
            name: "skill_import",
            description: "Import a SKILL.md (and files) into your private world, leniently.",
            schema: object(
                json!({
                    "skill_md": {"type": "string"},
                    "files": {"type": "array", "items": {"type": "object", "properties": {
                        "path": {"type": "string"}, "content": {"type": "string"}, "executable": {"type": "boolean"}
                    }, "required": ["path", "content"]}},
                    "replace": {"type": "boolean", "description": "replace your skill of that name; without it a taken name is refused (skill_exists)"},
                    "force_prune": {"type": "boolean", "description": "on a reinstall, also empty the folders (scripts/, references/…) the new files leave empty"}
                }),
                &["skill_md"],
            ),
        },
        ToolSpec {
            name: "record_lesson",
            description: "Record a short lesson learned while using a skill.",
            schema: object(
                json!({"name": name, "lesson": {"type": "string", "minLength": 1}}),
                &["name", "lesson"],
            ),
        },
    ]
}

type Outcome = Result<Map<String, Value>, String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameArgs {
    name: String,
    #[serde(default)]
    expected_revision: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    keyword: Option<String>,
    source: Option<String>,
    status: Option<String>,
    limit: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArgs {
    query: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadArgs {
    name: String,
    file_path: Option<String>,
    page: Option<usize>,
    run: Option<String>,
    #[serde(default)]
    args: Map<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateArgs {
    name: String,
    description: String,
    content: String,
    origin: Option<String>,
    #[serde(default)]
    allowed_tools: Vec<String>,
    #[serde(default)]
    denied_tools: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatchArgs {
    name: String,
    old_string: String,
    new_string: String,
    #[serde(default)]
    replace_all: bool,
    expected_revision: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateArgs {
    name: String,
    description: Option<String>,
    content: Option<String>,
    allowed_tools: Option<Vec<String>>,
    denied_tools: Option<Vec<String>>,
    expected_revision: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportArgs {
    skill_md: String,
    #[serde(default)]
    files: Vec<ImportFile>,
    /// Replace a skill of that name from another source (STO-6).
    #[serde(default)]
    replace: bool,
    /// Prune buckets the new files leave empty (FMT-7).
    #[serde(default)]
    force_prune: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportFile {
    path: String,
    content: String,
    #[serde(default)]
    executable: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonArgs {
    name: String,
    lesson: String,
}

fn parse<T: DeserializeOwned>(tool: &str, args: &Value) -> Result<T, String> {
    let args = if args.is_null() {
        json!({})
    } else {
        args.clone()
    };
    serde_json::from_value(args).map_err(|e| format!("Invalid arguments for {tool}: {e}"))
}

/// Where a write by an agent lands, for a skill it sees under `name`.
enum WriteTarget {
    /// The agent's own skill.
    Private,
    /// A Commons skill, copied into the private world first.
    CopyFromCommons,
}

impl SkillWorld {
    /// Calls any tool of the dispatch as `caller`. Unknown tools named like
    /// a visible skill are redirected to it (CAT-8); refused calls say so.
    pub fn call_tool(&mut self, caller: &Caller, name: &str, args: &Value) -> Value {
        let tool = match name {
            "load_skill" => "skill_load",
            "list_available_skills" => "skill_list",
            other => other,
        };
        let Some(agent) = caller.agent.clone() else {
            return json!({"error": format!("Tool '{name}' needs an agent to act for")});
        };
        let effective = match self.effective_tools(caller) {
            Ok(effective) => effective,
            Err(error) => return json!({"error": error.to_string()}),
        };
        if !SKILL_TOOLS.contains(&tool) {
            // A skill called as a tool is a load (CAT-8): the same
            // capability decides.
            if !effective.allows("skill_load") {
                return json!({"error": restricted("skill_load")});
            }
            return match self.redirect_tool_call(&agent, name, args) {
                Ok(Some(text)) => json!({"ok": true, "redirect": true, "content": text}),
                Ok(None) => {
                    json!({"error": format!("Unknown tool '{name}'. Use skill_search to find skills.")})
                }
                Err(error) => json!({"error": error.to_string()}),
            };
        }
        if !effective.allows(tool) {
            return json!({"error": restricted(tool)});
        }
        let outcome = match tool {
            "skill_list" => self.tool_list(&agent, args),
            "skill_search" => self.tool_search(&agent, args),
            "skill_view" => self.tool_view(&agent, args),
            "skill_export" => self.tool_export(&agent, args),
            "skill_load" => self.tool_load(caller, &agent, args),
            "skill_create" => self.tool_create(caller, &agent, args),
            "skill_patch" => self.tool_patch(caller, &agent, args),
            "skill_update" => self.tool_update(caller, &agent, args),
            "skill_delete" => self.tool_delete(caller, &agent, args),
            // Its refusal of a taken name carries a code (STO-6).
            "skill_import" => return self.tool_import(caller, &agent, args),
            "record_lesson" => self.tool_lesson(&agent, args),
            _ => unreachable!("every skill tool is dispatched"),
        };
        match outcome {
            Ok(mut fields) => {
                let mut result = Map::new();
                result.insert("ok".into(), Value::Bool(true));
                result.append(&mut fields);
                Value::Object(result)
            }
            Err(error) => json!({"error": error}),
        }
    }

    /// A caller's effective tools (POL-2): its kind, its agent's pool, its
    /// own fragment, and the fragments of the skills its run loaded.
    pub fn effective_tools(&mut self, caller: &Caller) -> Result<Effective, crate::WorldError> {
        let Some(agent_name) = caller.agent.as_deref() else {
            return Ok(Effective::default());
        };
        let (_, agent_entity) = self.agent_entity(agent_name)?;
        let pool = self.agent(agent_name)?.tool_pool.clone();
        let loaded = caller
            .run
            .as_deref()
            .map(|run| self.run_loaded(agent_entity, run).to_vec())
            .unwrap_or_default();
        let entities = self.world.resource::<crate::Entities>();
        let skills: Vec<Fragment> = loaded
            .iter()
            .filter_map(|id| entities.get(*id))
            .filter_map(|entity| self.world.get::<Skill>(entity))
            .map(|skill| Fragment {
                allowed: skill.allowed_tools.clone(),
                denied: skill.denied_tools.clone(),
            })
            .collect();
        let own = Fragment {
            allowed: caller.allowed_tools.clone(),
            denied: caller.denied_tools.clone(),
        };
        let settings = self.world.resource::<PolicySettings>();
        Ok(effective_tools(
            caller.kind,
            &pool,
            &own,
            &skills,
            &settings.hard_deny,
            self.world.resource::<crate::ToolSets>(),
        ))
    }

    fn tool_list(&mut self, agent: &str, args: &Value) -> Outcome {
        let args: ListArgs = parse("skill_list", args)?;
        let query = ListQuery {
            keyword: args.keyword,
            source: args.source,
            status: args.status,
            limit: args.limit,
        };
        let listing = self.list(agent, &query).map_err(|e| e.to_string())?;
        Ok(listing_fields(listing))
    }

    fn tool_search(&mut self, agent: &str, args: &Value) -> Outcome {
        let args: SearchArgs = parse("skill_search", args)?;
        let listing = self.search(agent, &args.query).map_err(|e| e.to_string())?;
        Ok(listing_fields(listing))
    }

    /// The skill the agent sees under `name`, or the TOOL-2 message.
    fn resolved_entity(
        &mut self,
        agent: &str,
        name: &str,
    ) -> Result<bevy_ecs::entity::Entity, String> {
        match self.resolve(agent, name) {
            Ok(Some((entity, _))) => Ok(entity),
            Ok(None) => Err(format!("Skill '{name}' is not registered")),
            Err(error) => Err(error.to_string()),
        }
    }

    fn tool_view(&mut self, agent: &str, args: &Value) -> Outcome {
        let args: NameArgs = parse("skill_view", args)?;
        let entity = self.resolved_entity(agent, &args.name)?;
        let document = self.document(entity).map_err(|e| e.to_string())?;
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let layer = if Some(self.commons) == record.world {
            "commons"
        } else {
            "private"
        };
        let fields = json!({
            "name": document.name,
            "description": document.description,
            "content": document.body,
            "layer": layer,
            "origin": skill.origin,
            "status": skill.status,
            "lifecycle": skill.lifecycle,
            "enabled": skill.enabled,
            "scan": skill.scan,
            "findings": skill.findings,
            "allowed_tools": skill.allowed_tools,
            "denied_tools": skill.denied_tools,
            "resources": skill.resources.iter().map(|r| r.path.clone()).collect::<Vec<_>>(),
            "revision": self.world.get::<Revisions>(entity).expect("skill").current,
        });
        Ok(into_map(fields))
    }

    fn tool_export(&mut self, agent: &str, args: &Value) -> Outcome {
        let args: NameArgs = parse("skill_export", args)?;
        let entity = self.resolved_entity(agent, &args.name)?;
        let revision = self.world.get::<Revisions>(entity).expect("skill").current;
        Ok(into_map(
            json!({"name": args.name, "skill_md": export_skill_md(&self.document(entity).map_err(|e| e.to_string())?), "revision": revision}),
        ))
    }

    fn tool_load(&mut self, caller: &Caller, agent: &str, args: &Value) -> Outcome {
        let args: LoadArgs = parse("skill_load", args)?;
        let run = args.run.or_else(|| caller.run.clone());
        let request = LoadRequest {
            name: &args.name,
            file: args.file_path.as_deref(),
            page: args.page,
            run: run.as_deref(),
            args: args.args,
        };
        let loaded = self.load(agent, request).map_err(|e| e.to_string())?;
        let mut fields = into_map(json!({
            "name": loaded.name,
            "content": loaded.text,
            "resources": loaded.resources,
            "revision": loaded.revision,
            "already_loaded": loaded.already_loaded,
        }));
        if let Some((page, pages)) = loaded.page {
            fields.insert("page".into(), json!(page));
            fields.insert("pages".into(), json!(pages));
        }
        Ok(fields)
    }

    fn tool_create(&mut self, caller: &Caller, agent: &str, args: &Value) -> Outcome {
        let args: CreateArgs = parse("skill_create", args)?;
        let origin = match args.origin.as_deref().unwrap_or("user") {
            "user" => Origin::User,
            "evolved" => Origin::Evolved,
            "builtin" => return Err("Cannot create builtin skills via agent tools".to_owned()),
            other => return Err(format!("origin must be user or evolved, not '{other}'")),
        };
        let origin = if caller.kind == CallerKind::Invisible && origin == Origin::User {
            Origin::Evolved
        } else {
            origin
        };
        let mut document = SkillDocument::new(&args.name, args.description, args.content);
        document.skill.origin = origin;
        document.skill.allowed_tools = args.allowed_tools;
        document.skill.denied_tools = args.denied_tools;
        let command = Command::CreateSkill {
            layer: Layer::Agent(agent.to_owned()),
            document,
        };
        let applied = self
            .execute(caller.clone(), command)
            .map_err(|e| e.to_string())?;
        Ok(written(
            json!({"name": args.name, "origin": origin, "revision": applied.revision}),
            &applied,
        ))
    }

    /// Where a write to `name` lands for this agent: its own skill, or a
    /// copy of the Commons skill it sees. Whether the write is allowed
    /// (builtins, read-only skills, the Commons policy) is the command
    /// layer's to decide.
    fn write_target(&mut self, agent: &str, name: &str) -> Result<WriteTarget, String> {
        let entity = self.resolved_entity(agent, name)?;
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        if record.world == Some(self.commons) {
            Ok(WriteTarget::CopyFromCommons)
        } else {
            Ok(WriteTarget::Private)
        }
    }

    fn tool_patch(&mut self, caller: &Caller, agent: &str, args: &Value) -> Outcome {
        let args: PatchArgs = parse("skill_patch", args)?;
        let target = self.write_target(agent, &args.name)?;
        let command = Command::PatchSkill {
            layer: Layer::Agent(agent.to_owned()),
            name: args.name.clone(),
            old_string: args.old_string,
            new_string: args.new_string,
            replace_all: args.replace_all,
            expected_revision: args.expected_revision,
            copy_from: matches!(target, WriteTarget::CopyFromCommons).then_some(Layer::Commons),
        };
        let applied = self
            .execute(caller.clone(), command)
            .map_err(|e| e.to_string())?;
        Ok(written(
            json!({
                "name": args.name,
                "replacements": applied.replacements,
                "revision": applied.revision,
                "copied_from_commons": matches!(target, WriteTarget::CopyFromCommons),
            }),
            &applied,
        ))
    }

    fn tool_update(&mut self, caller: &Caller, agent: &str, args: &Value) -> Outcome {
        let args: UpdateArgs = parse("skill_update", args)?;
        if args.description.is_none()
            && args.content.is_none()
            && args.allowed_tools.is_none()
            && args.denied_tools.is_none()
        {
            return Err("skill_update needs at least one of description, content, allowed_tools, denied_tools".to_owned());
        }
        let target = self.write_target(agent, &args.name)?;
        let entity = self.resolved_entity(agent, &args.name)?;
        let mut document = self.document(entity).map_err(|e| e.to_string())?;
        if let Some(description) = args.description {
            document.description = description;
        }
        if let Some(content) = args.content {
            document.body = content;
        }
        if let Some(tools) = args.allowed_tools {
            document.skill.allowed_tools = tools;
        }
        if let Some(tools) = args.denied_tools {
            document.skill.denied_tools = tools;
        }
        let command = Command::ReplaceSkill {
            layer: Layer::Agent(agent.to_owned()),
            name: args.name.clone(),
            document,
            expected_revision: args.expected_revision,
            copy_from: matches!(target, WriteTarget::CopyFromCommons).then_some(Layer::Commons),
        };
        let applied = self
            .execute(caller.clone(), command)
            .map_err(|e| e.to_string())?;
        Ok(written(
            json!({"name": args.name, "revision": applied.revision}),
            &applied,
        ))
    }

    fn tool_delete(&mut self, caller: &Caller, agent: &str, args: &Value) -> Outcome {
        let args: NameArgs = parse("skill_delete", args)?;
        if let WriteTarget::CopyFromCommons = self.write_target(agent, &args.name)? {
            return Err(format!(
                "Skill '{}' is shared in the commons; an agent cannot delete it",
                args.name
            ));
        }
        let layer = Layer::Agent(agent.to_owned());
        let (command, outcome) = match self.world.resource::<PolicySettings>().delete {
            DeleteMode::SoftDelete => (
                Command::DeleteSkill {
                    layer,
                    name: args.name.clone(),
                    expected_revision: args.expected_revision,
                },
                "deleted",
            ),
            DeleteMode::Archive => {
                let switches = Switches {
                    lifecycle: Some(Lifecycle::Archived),
                    enabled: Some(false),
                    ..Switches::default()
                };
                (
                    Command::SetSwitches {
                        layer,
                        name: args.name.clone(),
                        switches,
                    },
                    "archived",
                )
            }
        };
        let applied = self
            .execute(caller.clone(), command)
            .map_err(|e| e.to_string())?;
        Ok(into_map(
            json!({"name": args.name, "result": outcome, "revision": applied.revision}),
        ))
    }

    fn tool_import(&mut self, caller: &Caller, agent: &str, args: &Value) -> Value {
        match self.import_for(caller, agent, args) {
            Ok(fields) => {
                let mut result = into_map(json!({"ok": true}));
                result.extend(fields);
                Value::Object(result)
            }
            Err(ImportFailure::Exists(error)) => json!({
                "error": format!("{error}; pass \"replace\": true to replace it"),
                "code": "skill_exists",
            }),
            Err(ImportFailure::Other(error)) => json!({"error": error}),
        }
    }

    fn import_for(
        &mut self,
        caller: &Caller,
        agent: &str,
        args: &Value,
    ) -> Result<Map<String, Value>, ImportFailure> {
        let args: ImportArgs = parse("skill_import", args)?;
        let imported = import_skill_md(args.skill_md.as_bytes(), &Source::default())
            .map_err(|e| format!("skill_md: {e}"))?;
        let files = args
            .files
            .into_iter()
            .map(|f| BundleFile {
                path: f.path,
                bytes: f.content.into_bytes(),
                executable: f.executable,
            })
            .collect();
        let command = Command::InstallSkill {
            layer: Layer::Agent(agent.to_owned()),
            document: imported.document,
            files,
            on_collision: if args.replace {
                OnCollision::Replace
            } else {
                OnCollision::Refuse
            },
            force_prune: args.force_prune,
            signature: None,
        };
        let applied = self
            .execute(caller.clone(), command)
            .map_err(|error| match error {
                WorldError::SkillExists(_) => ImportFailure::Exists(error.to_string()),
                other => ImportFailure::Other(other.to_string()),
            })?;
        let entity = self
            .world
            .resource::<crate::index::Entities>()
            .get(applied.id.expect("an installed skill has an id"))
            .expect("an installed skill is in the world");
        let name = self
            .world
            .get::<EntityRecord>(entity)
            .expect("skill")
            .title
            .clone();
        let (outcome, kept) = applied
            .install
            .clone()
            .expect("an install says how it landed");
        let mut fields = written(
            json!({"name": name, "revision": applied.revision, "warnings": imported.warnings}),
            &applied,
        );
        fields.extend(into_map(
            serde_json::to_value(outcome).expect("outcomes serialise"),
        ));
        if !kept.is_empty() {
            fields.insert("kept_folders".into(), json!(kept));
        }
        Ok(fields)
    }

    fn tool_lesson(&mut self, agent: &str, args: &Value) -> Outcome {
        let args: LessonArgs = parse("record_lesson", args)?;
        if args.lesson.trim().is_empty() {
            return Err("lesson cannot be empty".to_owned());
        }
        let count = self
            .record_lesson(agent, &args.name, &args.lesson)
            .map_err(|e| e.to_string())?;
        Ok(into_map(json!({"name": args.name, "lessons": count})))
    }
}

/// Why `skill_import` failed: a taken name has its own code.
enum ImportFailure {
    Exists(String),
    Other(String),
}

impl From<String> for ImportFailure {
    fn from(message: String) -> Self {
        ImportFailure::Other(message)
    }
}

fn listing_fields(listing: Listing) -> Map<String, Value> {
    let skills: Vec<Value> = listing
        .items
        .iter()
        .map(|item| {
            json!({
                "name": item.name,
                "layer": item.layer,
                "origin": item.origin,
                "lifecycle": item.lifecycle,
                "enabled": item.enabled,
                "description": item.description,
            })
        })
        .collect();
    into_map(json!({"skills": skills, "total": listing.total, "text": listing.text}))
}

/// A write's answer; a proposal (GOV-1) says so with `"proposed": true`.
fn written(value: Value, applied: &crate::command::Applied) -> Map<String, Value> {
    let mut fields = into_map(value);
    if applied.proposed {
        fields.insert("proposed".into(), Value::Bool(true));
    }
    fields
}

fn into_map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}
