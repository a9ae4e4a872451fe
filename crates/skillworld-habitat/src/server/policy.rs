//! Policy routes (admin): the named tool sets agents' pools and skills
//! refer to (`@name`, POL-1). Changes are world commands, so they are
//! journaled and replay.

use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use skillworld_world::Command;
use utoipa::ToSchema;

use super::{ApiError, Params, Principal, RawBody, State, host_command, json_body};

#[utoipa::path(get, path = "/api/v1/tool-sets", tag = "policy", responses((status = 200, description = "the named tool sets", body = Object)))]
pub async fn tool_sets(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let sets: Map<String, Value> = store
                .world()
                .tool_sets()
                .iter()
                .map(|(name, tools)| (name.to_owned(), json!(tools)))
                .collect();
            Ok(Json(json!({ "tool_sets": sets })))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ToolSetBody {
    tools: Vec<String>,
}

#[utoipa::path(put, path = "/api/v1/tool-sets/{name}", tag = "policy", request_body = ToolSetBody, responses((status = 200, description = "the tool set", body = Object)))]
pub async fn put_tool_set(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let body: ToolSetBody = json_body(&bytes)?;
    set(habitat, params.get("name").to_owned(), Some(body.tools)).await
}

#[utoipa::path(delete, path = "/api/v1/tool-sets/{name}", tag = "policy", responses((status = 200, description = "the tool set was removed", body = Object)))]
pub async fn delete_tool_set(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    set(habitat, params.get("name").to_owned(), None).await
}

async fn set(
    habitat: State,
    name: String,
    tools: Option<Vec<String>>,
) -> Result<Json<Value>, ApiError> {
    let answer = json!({"ok": true, "name": name, "tools": tools});
    host_command(habitat, Command::SetToolSet { name, tools }, answer).await
}
