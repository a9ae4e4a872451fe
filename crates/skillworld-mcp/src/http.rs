//! The routes this crate adds to a habitat: `/mcp` (streamable HTTP, one
//! agent per bearer token), the MCP server registrations (HAB-5, admin
//! only) and an agent's effective tool schemas (what `--url` needs).

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_habitat::{ApiError, Habitat, Need, Principal};
use skillworld_world::Layer;

use crate::backend::Backend;
use crate::refresh;
use crate::registry::{self, McpServer};
use crate::server::{McpAgent, Notifier, SkillServer};
use crate::{Error, local};

type HabitatState = State<Arc<Habitat>>;

/// `/mcp`, `GET|POST /api/v1/mcp-servers`, `DELETE
/// /api/v1/mcp-servers/{name}` and `GET /api/v1/agents/{agent}/tools`, to
/// merge into the habitat's router.
pub fn mcp_router(habitat: Arc<Habitat>) -> Router {
    let notifier = Arc::new(Notifier::default());
    let backend = Backend::Local(habitat.clone());
    let service = StreamableHttpService::new(
        move || Ok(SkillServer::per_request(backend.clone(), notifier.clone())),
        Arc::new(LocalSessionManager::default()),
        // Bearer tokens guard the endpoint, so a habitat serving other
        // host names than loopback needs no host allow-list.
        service_config(),
    );
    let max_body = service_config().max_request_body_bytes;
    let mcp = Router::new()
        .route_service("/mcp", service)
        .layer(middleware::from_fn(move |request, next| {
            parse_errors(max_body, request, next)
        }))
        .layer(middleware::from_fn_with_state(
            habitat.clone(),
            authenticate,
        ));
    Router::new()
        .route("/api/v1/mcp-servers", get(list_servers).post(add_server))
        .route("/api/v1/mcp-servers/{name}", delete(remove_server))
        .route("/api/v1/agents/{agent}/tools", get(agent_tools))
        .with_state(habitat)
        .merge(mcp)
}

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
        return (
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body exceeds {max_body} bytes"),
        )
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

/// The tools an agent's MCP session lists, with their schemas.
async fn agent_tools(
    habitat: HabitatState,
    principal: Principal,
    Path(agent): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let layer = Layer::Agent(agent.clone());
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Read)?;
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
