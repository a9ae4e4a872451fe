//! The routes this crate adds to a habitat: `/mcp` (streamable HTTP, one
//! agent per bearer token), the MCP server registrations (HAB-5, admin
//! only) and an agent's effective tool schemas (what `--url` needs).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_habitat::{ApiError, Habitat, Need, Principal};
use skillworld_world::Layer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::backend::Backend;
use crate::refresh;
use crate::registry::{self, McpServer};
use crate::server::{McpAgent, Notifier, SkillServer};
use crate::{Error, local};

type HabitatState = State<Arc<Habitat>>;

/// The streamable-HTTP endpoint every `/mcp` request is handed to.
type McpService = StreamableHttpService<SkillServer, LocalSessionManager>;

/// `/mcp`, `GET|POST /api/v1/mcp-servers`, `DELETE
/// /api/v1/mcp-servers/{name}` and `GET /api/v1/agents/{agent}/tools`, to
/// serve beside the habitat's own with
/// [`router_with`](skillworld_habitat::router_with), which describes them
/// in its OpenAPI document too.
pub fn mcp_routes(habitat: Arc<Habitat>) -> OpenApiRouter<Arc<Habitat>> {
    let notifier = Arc::new(Notifier::default());
    let backend = Backend::Local(habitat.clone());
    let service: McpService = StreamableHttpService::new(
        move || Ok(SkillServer::per_request(backend.clone(), notifier.clone())),
        Arc::new(LocalSessionManager::default()),
        // Bearer tokens guard the endpoint, so a habitat serving other
        // host names than loopback needs no host allow-list.
        service_config(),
    );
    let max_body = service_config().max_request_body_bytes;
    // Layered on the method router itself, so a method `/mcp` does not
    // serve is a 405, as on every other path, not a question for a token.
    let (schemas, paths, method_router) = routes!(mcp);
    let method_router = method_router
        .route_layer(Extension(Arc::new(service)))
        .route_layer(middleware::from_fn(move |request, next| {
            parse_errors(max_body, request, next)
        }))
        .route_layer(middleware::from_fn_with_state(
            habitat.clone(),
            authenticate,
        ));
    OpenApiRouter::new()
        .routes(routes!(list_servers, add_server))
        .routes(routes!(remove_server))
        .routes(routes!(agent_tools))
        .routes((schemas, paths, method_router))
}

/// MCP's streamable HTTP transport, handed to rmcp whole: JSON-RPC
/// messages whose shapes the MCP specification defines, not this document.
#[utoipa::path(method(get, post, delete), path = "/mcp", tag = "mcp",
    params(("agent" = Option<String>, Query, description = "the agent an admin token acts for")),
    request_body(content = Object, description = "a JSON-RPC 2.0 message of MCP (POST)", content_type = "application/json"),
    responses(
        (status = 200, description = "a JSON-RPC answer, or an event stream of them", content(
            (Object = "application/json"), (String = "text/event-stream"))),
        (status = 202, description = "a notification or answer was accepted"),
        (status = 400, description = "a JSON-RPC error (`-32700` for a body that is not JSON, \
            `id: null`), or the habitat's error shape for a request the transport refuses", body = Object),
        (status = "default", description = "the habitat's error shape (401, 403, 404; the \
            transport's refusals: 405, 406, 413, 415, an unknown session)", body = Object),
    ))]
async fn mcp(Extension(service): Extension<Arc<McpService>>, request: Request) -> Response {
    let response = service.handle(request).await.map(axum::body::Body::new);
    if response.status().is_success() || response.headers().contains_key(CONTENT_TYPE) {
        return response;
    }
    // rmcp refuses in plain text without a content type; here a refusal
    // has the error shape of every other route.
    let status = response.status();
    let message = axum::body::to_bytes(response.into_body(), REFUSAL_BYTES)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    ApiError::refused(status, message).into_response()
}

/// Longer than any refusal rmcp writes.
const REFUSAL_BYTES: usize = 4096;

fn service_config() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig::default().disable_allowed_hosts()
}

/// A POST body that is not JSON gets a JSON-RPC parse error (`-32700`,
/// `id: null`) with 400, as over stdio; rmcp would answer 415 in plain text.
async fn parse_errors(max_body: usize, request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, max_body).await else {
        return ApiError::too_large(format!("the request body exceeds {max_body} bytes"))
            .into_response();
    };
    if let Some(reason) = crate::lines::not_json(&bytes) {
        let error = crate::lines::parse_error(&reason);
        return (StatusCode::BAD_REQUEST, Json(error)).into_response();
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

impl From<Error> for ApiError {
    fn from(error: Error) -> Self {
        match error {
            Error::NotFound(what) => ApiError::not_found(what),
            Error::Invalid(message) => ApiError::invalid(message),
            Error::World(error) => error.into(),
            Error::Store(error) => error.into(),
            Error::Habitat(error) => error.into(),
            Error::Secret(error) => error.into(),
            other => ApiError::new(StatusCode::BAD_GATEWAY, "upstream", other.to_string()),
        }
    }
}

#[derive(Deserialize, Default)]
struct AgentQuery {
    agent: Option<String>,
}

/// HAB-2 for `/mcp`: a bearer token, whose agent the session acts for;
/// an admin token names the agent with `?agent=NAME`.
async fn authenticate(habitat: HabitatState, request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    let principal = match Principal::from_request_parts(&mut parts, &habitat.0).await {
        Ok(principal) => principal,
        Err(error) => return error.into_response(),
    };
    let asked = axum::extract::Query::<AgentQuery>::try_from_uri(&parts.uri)
        .map(|q| q.0.agent)
        .unwrap_or_default();
    let agent = match (&principal, asked) {
        (Principal::Admin, Some(agent)) => agent,
        (Principal::Admin, None) => {
            return ApiError::bad_request("an admin token must name an agent: /mcp?agent=NAME")
                .into_response();
        }
        (
            Principal::Agent {
                read_only: true, ..
            },
            _,
        ) => {
            return ApiError::forbidden("a read-only token cannot use /mcp").into_response();
        }
        (Principal::Agent { name, .. }, Some(asked)) if asked != *name => {
            return ApiError::not_found(format!("agent '{asked}'")).into_response();
        }
        (Principal::Agent { name, .. }, _) => name.clone(),
    };
    let known = habitat
        .read(|store| store.world().agent(&agent).is_ok())
        .await;
    if !known {
        return ApiError::not_found(format!("agent '{agent}'")).into_response();
    }
    parts.extensions.insert(McpAgent(agent));
    next.run(Request::from_parts(parts, body)).await
}

/// Every registration, each refreshed: its tools listed again and its
/// virtual skill rebuilt.
#[utoipa::path(get, path = "/api/v1/mcp-servers", tag = "mcp",
    responses((status = 200, description = "`{\"servers\": […]}`, each refreshed (admin)", body = Object)))]
async fn list_servers(
    habitat: HabitatState,
    principal: Principal,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let servers = habitat
        .read(|store| registry::registrations(store, habitat.secrets()))
        .await?;
    let mut refreshed = Vec::new();
    for server in servers {
        refreshed.push(refresh::refresh_habitat(&habitat, server).await);
    }
    Ok(Json(json!({"servers": refreshed})))
}

/// Registers a server (`{"name", "command", "args", "env"}` or `{"name",
/// "url"}`) and refreshes it at once.
#[utoipa::path(post, path = "/api/v1/mcp-servers", tag = "mcp",
    request_body(content = Object, description = "the registration", content_type = "application/json"),
    responses((status = 201, description = "registered and refreshed (admin)", body = Object)))]
async fn add_server(
    habitat: HabitatState,
    principal: Principal,
    body: Bytes,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let server: McpServer = serde_json::from_slice(&body)
        .map_err(|e| ApiError::invalid(format!("the request body does not fit: {e}")))?;
    habitat
        .read(|store| registry::register(store, habitat.secrets(), &server))
        .await?;
    let refreshed = refresh::refresh_habitat(&habitat, server).await;
    Ok((StatusCode::CREATED, Json(json!(refreshed))).into_response())
}

#[utoipa::path(delete, path = "/api/v1/mcp-servers/{name}", tag = "mcp",
    responses((status = 200, description = "the registration and its virtual skill are gone (admin)", body = Object)))]
async fn remove_server(
    habitat: HabitatState,
    principal: Principal,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let removed = habitat
        .write({
            let (habitat, name) = (habitat.0.clone(), name.clone());
            move |store| registry::unregister(store, habitat.secrets(), &name)
        })
        .await?;
    if !removed {
        return Err(ApiError::not_found(format!("MCP server '{name}'")));
    }
    Ok(Json(json!({"ok": true, "removed": name})))
}

/// The tools an agent's MCP session lists, with their schemas: the
/// session's view, so it answers only as that agent (a grant opens the
/// agent's skills, not its session).
#[utoipa::path(get, path = "/api/v1/agents/{agent}/tools", tag = "mcp",
    responses((status = 200, description = "`{\"agent\", \"tools\": [{\"name\", \"description\", \"schema\"}]}`", body = Object)))]
async fn agent_tools(
    habitat: HabitatState,
    principal: Principal,
    Path(agent): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let layer = Layer::Agent(agent.clone());
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let tools = store
                .run(|world| local::tool_defs(world, &agent))
                .map_err(ApiError::from)??;
            let tools: Vec<Value> = tools
                .into_iter()
                .map(|t| json!({"name": t.name, "description": t.description, "schema": t.schema}))
                .collect();
            Ok(Json(json!({"agent": agent, "tools": tools})))
        })
        .await
}
