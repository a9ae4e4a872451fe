//! The MCP server over an agent's skills: tools (the `skill_*` tools the
//! agent's policy allows, and live script tools), resources (each live
//! skill's SKILL.md and bundle files), prompts (one per skill, its FMT-6
//! parameters as arguments) and the catalog as instructions.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

use axum::http::request::Parts;
use base64::Engine;
use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, CallToolResponse, CallToolResult,
    CompleteRequestMethod, ConstString, ContentBlock, CustomRequest, CustomResult, DiscoverResult,
    Extensions, GetPromptRequestMethod, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    Implementation, InitializeRequestParams, InitializeResult, ListPromptsRequestMethod,
    ListPromptsResult, ListResourceTemplatesRequestMethod, ListResourceTemplatesResult,
    ListResourcesRequestMethod, ListResourcesResult, ListToolsRequestMethod, ListToolsResult,
    MetaObject, PaginatedRequestParams, PingRequestMethod, Prompt, PromptArgument, PromptMessage,
    ReadResourceRequestMethod, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    Resource, ResourceContents, ResourceTemplate, Role, ServerCapabilities, ServerConfig,
    SetLevelRequestMethod, SubscribeRequestMethod, SubscriptionFilter, Tool,
    UnsubscribeRequestMethod,
};
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler};
use serde_json::{Map, Value, json};
use skillworld_core::{ParamType, Parameter};
use skillworld_world::Budget;
use tokio::sync::broadcast;

use crate::Error;
use crate::backend::Backend;
use crate::entries::{SkillDetail, SkillEntry};

/// The catalog budget of the server's instructions by default.
pub const DEFAULT_INSTRUCTIONS_BUDGET: Budget = Budget::Tokens(8192);
/// A skill's resources are addressed `skill://NAME/PATH`.
pub const RESOURCE_SCHEME: &str = "skill://";
/// The `_meta` key of a skill resource's trust level (GOV-2).
pub const TRUST_META_KEY: &str = "skillworld/trust";

/// A skill resource's metadata: its trust level (GOV-2), which the
/// catalog text never carries.
fn trust_meta(skill: &SkillEntry) -> MetaObject {
    let mut meta = MetaObject::new();
    meta.0
        .insert(TRUST_META_KEY.to_owned(), json!(skill.trust.as_str()));
    meta
}
/// The agent's catalog as a resource; `?q=MESSAGE` ranks it for the
/// message being answered (CAT-10), `&tokens=N` sets the budget.
pub const CATALOG_URI: &str = "catalog://skills";

/// Methods this server knows: a request for one of them that rmcp could
/// not read has malformed params (-32602), not an unknown method (-32601).
const KNOWN_METHODS: [&str; 12] = [
    PingRequestMethod::VALUE,
    CallToolRequestMethod::VALUE,
    ListToolsRequestMethod::VALUE,
    ListResourcesRequestMethod::VALUE,
    ListResourceTemplatesRequestMethod::VALUE,
    ReadResourceRequestMethod::VALUE,
    ListPromptsRequestMethod::VALUE,
    GetPromptRequestMethod::VALUE,
    SubscribeRequestMethod::VALUE,
    UnsubscribeRequestMethod::VALUE,
    CompleteRequestMethod::VALUE,
    SetLevelRequestMethod::VALUE,
];

/// The agent an HTTP request was authenticated for, put into the
/// request's extensions by the `/mcp` route.
#[derive(Clone, Debug)]
pub(crate) struct McpAgent(pub String);

/// Which agents' views changed, shared by every session of one server so
/// that a change made in one session reaches the others' subscriptions.
#[derive(Debug)]
pub(crate) struct Notifier {
    /// Per agent, the fingerprint of its live skills (names and revisions).
    seen: Mutex<HashMap<String, u64>>,
    changed: broadcast::Sender<String>,
}

impl Default for Notifier {
    fn default() -> Self {
        Notifier {
            seen: Mutex::new(HashMap::new()),
            changed: broadcast::channel(64).0,
        }
    }
}

fn fingerprint(skills: &[SkillEntry]) -> u64 {
    let mut hasher = DefaultHasher::new();
    for skill in skills {
        (&skill.name, skill.revision).hash(&mut hasher);
    }
    hasher.finish()
}

/// An agent's skills as an MCP server. Over stdio it serves one agent;
/// behind `/mcp` each request names its agent through its token.
#[derive(Clone)]
pub struct SkillServer {
    backend: Backend,
    agent: Option<String>,
    budget: Budget,
    notifier: Arc<Notifier>,
}

impl SkillServer {
    /// A server for `agent`'s skills from `backend`.
    pub fn new(backend: Backend, agent: impl Into<String>) -> SkillServer {
        SkillServer {
            backend,
            agent: Some(agent.into()),
            budget: DEFAULT_INSTRUCTIONS_BUDGET,
            notifier: Arc::default(),
        }
    }

    /// A server whose agent comes with each HTTP request.
    pub(crate) fn per_request(backend: Backend, notifier: Arc<Notifier>) -> SkillServer {
        SkillServer {
            backend,
            agent: None,
            budget: DEFAULT_INSTRUCTIONS_BUDGET,
            notifier,
        }
    }

    /// The catalog budget of the instructions.
    pub fn with_budget(mut self, budget: Budget) -> SkillServer {
        self.budget = budget;
        self
    }

    fn agent_of(&self, extensions: &Extensions) -> Result<String, ErrorData> {
        self.agent
            .clone()
            .or_else(|| {
                extensions
                    .get::<Parts>()
                    .and_then(|parts| parts.extensions.get::<McpAgent>())
                    .map(|agent| agent.0.clone())
            })
            .ok_or_else(|| ErrorData::invalid_request("the request names no agent", None))
    }

    async fn instructions(&self, extensions: &Extensions) -> Result<String, ErrorData> {
        let agent = self.agent_of(extensions)?;
        let catalog = self
            .backend
            .catalog(&agent, self.budget, None)
            .await
            .map_err(internal)?;
        Ok(format!(
            "The skills of agent '{agent}'. Read a skill's instructions as the resource \
             skill://NAME/SKILL.md (or get its prompt) before you follow it; the skill_* tools \
             list, search, load and write skills.\n\n{catalog}"
        ))
    }

    async fn config(&self, extensions: &Extensions) -> Result<ServerConfig, ErrorData> {
        Ok(self
            .get_info()
            .with_instructions(self.instructions(extensions).await?))
    }

    /// Every live skill of the agent with its text, files and parameters.
    async fn details(&self, agent: &str) -> Result<Vec<(SkillEntry, SkillDetail)>, ErrorData> {
        let mut details = Vec::new();
        for skill in self.backend.skills(agent).await.map_err(internal)? {
            let detail = self
                .backend
                .skill(agent, &skill.name)
                .await
                .map_err(internal)?;
            details.push((skill, detail));
        }
        Ok(details)
    }

    /// Records the agent's fingerprint; whether it differs from the last.
    async fn changed(&self, agent: &str) -> Result<bool, Error> {
        let now = fingerprint(&self.backend.skills(agent).await?);
        let mut seen = self.notifier.seen.lock().unwrap_or_else(|p| p.into_inner());
        Ok(seen
            .insert(agent.to_owned(), now)
            .is_some_and(|before| before != now))
    }

    /// Tells the clients that the agent's lists changed: this session
    /// directly (sessions of the handshake era) and every subscription
    /// (`subscriptions/listen`).
    async fn announce(&self, agent: &str, peer: &Peer<RoleServer>) {
        // A client that has not subscribed or that speaks the stateless
        // protocol refuses these; it learns of changes by listing again.
        let _ = peer.notify_resource_list_changed().await;
        let _ = peer.notify_tool_list_changed().await;
        let _ = peer.notify_prompt_list_changed().await;
        let _ = self.notifier.changed.send(agent.to_owned());
    }
}

/// A backend failure as a protocol error: what the agent may not see is
/// "not found", bad arguments are invalid parameters.
fn internal(error: Error) -> ErrorData {
    match error {
        Error::NotFound(what) => ErrorData::resource_not_found(format!("{what} not found"), None),
        Error::Invalid(_) | Error::World(_) => ErrorData::invalid_params(error.to_string(), None),
        other => ErrorData::internal_error(other.to_string(), None),
    }
}

fn split_uri(uri: &str) -> Option<(&str, &str)> {
    uri.strip_prefix(RESOURCE_SCHEME)?
        .split_once('/')
        .filter(|(name, path)| !name.is_empty() && !path.is_empty())
}

/// Refuses a cursor: every list is returned whole, so no cursor was ever
/// handed out and any given one is invalid (-32602).
fn no_cursor(request: Option<&PaginatedRequestParams>) -> Result<(), ErrorData> {
    match request.and_then(|r| r.cursor.as_deref()) {
        None => Ok(()),
        Some(cursor) => Err(ErrorData::invalid_params(
            format!("invalid cursor '{cursor}': this server returns every list whole"),
            None,
        )),
    }
}

/// The message and budget of a `catalog://skills?q=…&tokens=…` URI.
fn catalog_request(uri: &str, default: Budget) -> Result<(Option<String>, Budget), ErrorData> {
    let url = reqwest::Url::parse(uri)
        .map_err(|e| ErrorData::invalid_params(format!("'{uri}' is not a URI: {e}"), None))?;
    let (mut query, mut budget) = (None, default);
    for (key, value) in url.query_pairs() {
        match &*key {
            "q" => query = Some(value.into_owned()),
            "tokens" => {
                let tokens = value.parse().map_err(|_| {
                    ErrorData::invalid_params(
                        format!("tokens must be a number, not '{value}'"),
                        None,
                    )
                })?;
                budget = Budget::Tokens(tokens);
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("'{uri}': unknown parameter '{other}' (q, tokens)"),
                    None,
                ));
            }
        }
    }
    Ok((query, budget))
}

/// A prompt argument (always text in MCP) as the parameter's type.
fn typed(parameter: &Parameter, text: &Value) -> Result<Value, ErrorData> {
    let Value::String(text) = text else {
        return Ok(text.clone());
    };
    let bad = || {
        ErrorData::invalid_params(
            format!(
                "argument '{}' is not a {}: '{text}'",
                parameter.name,
                parameter.kind.as_str()
            ),
            None,
        )
    };
    Ok(match parameter.kind {
        ParamType::String => Value::String(text.clone()),
        ParamType::Number => serde_json::from_str::<serde_json::Number>(text.trim())
            .map(Value::Number)
            .map_err(|_| bad())?,
        ParamType::Boolean => match text.trim() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(bad()),
        },
        // A JSON array, else comma-separated items.
        ParamType::Array => serde_json::from_str::<Vec<Value>>(text).map_or_else(
            |_| {
                Value::Array(
                    text.split(',')
                        .map(|item| Value::String(item.trim().to_owned()))
                        .collect(),
                )
            },
            Value::Array,
        ),
    })
}

impl ServerHandler for SkillServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .enable_resources()
                .enable_resources_list_changed()
                .enable_prompts()
                .enable_prompts_list_changed()
                .build(),
        )
        .with_server_info(Implementation::new("skillworld", env!("CARGO_PKG_VERSION")))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        result.instructions = Some(self.instructions(&context.extensions).await?);
        Ok(result)
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        Ok(DiscoverResult::from_server_info(
            self.supported_protocol_versions().into_owned(),
            self.config(&context.extensions).await?,
        ))
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        no_cursor(request.as_ref())?;
        let agent = self.agent_of(&context.extensions)?;
        let tools = self.backend.tools(&agent).await.map_err(internal)?;
        let tools = tools
            .into_iter()
            .map(|tool| {
                let Value::Object(schema) = tool.schema else {
                    return Err(ErrorData::internal_error(
                        format!("tool '{}' has a schema that is not an object", tool.name),
                        None,
                    ));
                };
                Ok(Tool::new(tool.name, tool.description, Arc::new(schema)))
            })
            .collect::<Result<_, _>>()?;
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let agent = self.agent_of(&context.extensions)?;
        // The baseline, so that this call's own change is noticed.
        self.changed(&agent).await.map_err(internal)?;
        let args = request.arguments.map_or_else(|| json!({}), Value::Object);
        let result = match self.backend.call(&agent, &request.name, args).await {
            Ok(answer) => {
                let text = serde_json::to_string_pretty(&answer).expect("JSON prints");
                // TOOL-1: a tool's failure is its result, `{"error": …}`.
                if answer.get("error").is_some() {
                    CallToolResult::error(vec![ContentBlock::text(text)])
                } else {
                    CallToolResult::success(vec![ContentBlock::text(text)])
                }
            }
            Err(error) => CallToolResult::error(vec![ContentBlock::text(error.to_string())]),
        };
        if self.changed(&agent).await.map_err(internal)? {
            self.announce(&agent, &context.peer).await;
        }
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        no_cursor(request.as_ref())?;
        let agent = self.agent_of(&context.extensions)?;
        let mut resources = Vec::new();
        for (skill, detail) in self.details(&agent).await? {
            let meta = trust_meta(&skill);
            resources.push(
                Resource::new(
                    format!("{RESOURCE_SCHEME}{}/SKILL.md", skill.name),
                    format!("{}/SKILL.md", skill.name),
                )
                .with_description(skill.description.clone())
                .with_mime_type("text/markdown")
                .with_meta(meta.clone()),
            );
            for path in detail.files {
                resources.push(
                    Resource::new(
                        format!("{RESOURCE_SCHEME}{}/{path}", skill.name),
                        format!("{}/{path}", skill.name),
                    )
                    .with_mime_type(skillworld_core::mime_of(&path))
                    .with_meta(meta.clone()),
                );
            }
        }
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let agent = self.agent_of(&context.extensions)?;
        let uri = request.uri;
        if uri == CATALOG_URI || uri.starts_with(&format!("{CATALOG_URI}?")) {
            let (query, budget) = catalog_request(&uri, self.budget)?;
            let catalog = self
                .backend
                .catalog(&agent, budget, query.as_deref())
                .await
                .map_err(internal)?;
            let contents = ResourceContents::text(catalog, uri).with_mime_type("text/markdown");
            return Ok(ReadResourceResult::new(vec![contents]).into());
        }
        let (name, path) = split_uri(&uri).ok_or_else(|| {
            ErrorData::resource_not_found(
                format!("'{uri}' is not a skill resource ({RESOURCE_SCHEME}NAME/PATH)"),
                None,
            )
        })?;
        let contents = if path == "SKILL.md" {
            let detail = self.backend.skill(&agent, name).await.map_err(internal)?;
            ResourceContents::text(detail.skill_md, uri.clone()).with_mime_type("text/markdown")
        } else {
            let bytes = self
                .backend
                .file(&agent, name, path)
                .await
                .map_err(internal)?;
            match String::from_utf8(bytes) {
                Ok(text) => ResourceContents::text(text, uri.clone())
                    .with_mime_type(skillworld_core::mime_of(path)),
                Err(binary) => ResourceContents::blob(
                    base64::engine::general_purpose::STANDARD.encode(binary.as_bytes()),
                    uri.clone(),
                )
                .with_mime_type(skillworld_core::mime_of(path)),
            }
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        no_cursor(request.as_ref())?;
        let catalog = ResourceTemplate::new(format!("{CATALOG_URI}{{?q,tokens}}"), "catalog")
            .with_description(
                "Your skill catalog ranked for the message you are answering (q); \
                 tokens is the model's input budget",
            )
            .with_mime_type("text/markdown");
        Ok(ListResourceTemplatesResult::with_all_items(vec![catalog]))
    }

    /// rmcp hands over a request it could not read as a known one. For a
    /// method this server serves that means its params were malformed.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let method = request.method;
        if KNOWN_METHODS.contains(&method.as_str()) {
            Err(ErrorData::invalid_params(
                format!("malformed params for '{method}'"),
                None,
            ))
        } else {
            Err(ErrorData::new(
                rmcp::model::ErrorCode::METHOD_NOT_FOUND,
                format!("method not found: '{method}'"),
                None,
            ))
        }
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        no_cursor(request.as_ref())?;
        let agent = self.agent_of(&context.extensions)?;
        let mut prompts = Vec::new();
        for (skill, detail) in self.details(&agent).await? {
            let arguments: Vec<PromptArgument> = detail
                .parameters
                .iter()
                .map(|parameter| {
                    let about = parameter.description.as_deref().unwrap_or_default();
                    PromptArgument::new(&parameter.name)
                        .with_description(
                            format!("({}) {about}", parameter.kind.as_str())
                                .trim_end()
                                .to_owned(),
                        )
                        .with_required(parameter.required)
                })
                .collect();
            prompts.push(Prompt::new(
                skill.name,
                Some(skill.description),
                (!arguments.is_empty()).then_some(arguments),
            ));
        }
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let agent = self.agent_of(&context.extensions)?;
        let name = request.name;
        let detail = self.backend.skill(&agent, &name).await.map_err(internal)?;
        let mut args = Map::new();
        for (key, value) in request.arguments.unwrap_or_default() {
            let parameter = detail
                .parameters
                .iter()
                .find(|p| p.name == key)
                .ok_or_else(|| {
                    ErrorData::invalid_params(
                        format!("skill '{name}' has no parameter '{key}'"),
                        None,
                    )
                })?;
            args.insert(key, typed(parameter, &value)?);
        }
        let text = self
            .backend
            .render(&agent, &name, args)
            .await
            .map_err(internal)?;
        let description = self
            .backend
            .skills(&agent)
            .await
            .map_err(internal)?
            .into_iter()
            .find(|s| s.name == name)
            .map(|s| s.description)
            .unwrap_or_default();
        Ok(
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
                .with_description(description)
                .into(),
        )
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.supported_by(&self.get_info().capabilities))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let agent = self.agent_of(&context.request_context().extensions)?;
        let mut changes = self.notifier.changed.subscribe();
        loop {
            tokio::select! {
                () = context.cancelled() => return Ok(()),
                change = changes.recv() => match change {
                    Ok(changed) if changed != agent => {}
                    // A lagging subscriber may have missed its agent's change.
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        let sink = context.sink();
                        // Each succeeds only when the client asked for it.
                        let _ = sink.notify_resource_list_changed().await;
                        let _ = sink.notify_tool_list_changed().await;
                        let _ = sink.notify_prompt_list_changed().await;
                    }
                    Err(broadcast::error::RecvError::Closed) => return Ok(()),
                },
            }
        }
    }
}
