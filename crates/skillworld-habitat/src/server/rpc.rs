//! `POST /rpc`: JSON-RPC 2.0 with `skill.list` and `skill.get`, the
//! read-only view (a read-only token's whole world).

use axum::Json;
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_world::Layer;

use super::listing::{ListFilter, layer_page};
use super::skills::view_json;
use super::{ApiError, Need, Principal, RawBody, State};

#[derive(Deserialize)]
struct Request {
    jsonrpc: String,
    method: String,
    #[serde(default)]
    params: Value,
    #[serde(default)]
    id: Value,
}

/// Where a call reads: `agent` names an agent's resolved view; without
/// it, the caller's own agent, or the Commons for an admin.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GetParams {
    name: String,
    agent: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ListParams {
    agent: Option<String>,
    #[serde(flatten)]
    filter: ListFilter,
}

fn rpc_error(id: Value, code: i64, message: impl Into<String>) -> Json<Value> {
    Json(json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message.into()}}))
}

fn layer_for(principal: &Principal, agent: Option<String>) -> Layer {
    match agent.or_else(|| principal.agent().map(str::to_owned)) {
        Some(agent) => Layer::Agent(agent),
        None => Layer::Commons,
    }
}

#[utoipa::path(post, path = "/rpc", tag = "rpc", request_body(content = Object, description = "a JSON-RPC 2.0 call: skill.list or skill.get", content_type = "application/json"), responses((status = 200, description = "a JSON-RPC 2.0 answer (errors included)", body = Object)))]
pub async fn call(habitat: State, principal: Principal, RawBody(bytes): RawBody) -> Json<Value> {
    let request: Request = match serde_json::from_slice(&bytes) {
        Ok(request) => request,
        Err(error) => return rpc_error(Value::Null, -32700, format!("parse error: {error}")),
    };
    if request.jsonrpc != "2.0" {
        return rpc_error(request.id, -32600, "jsonrpc must be \"2.0\"");
    }
    let id = request.id.clone();
    let outcome: Result<Value, (i64, String)> = match request.method.as_str() {
        "skill.list" => match serde_json::from_value::<ListParams>(if request.params.is_null() {
            json!({})
        } else {
            request.params
        }) {
            Err(e) => Err((-32602, format!("invalid params: {e}"))),
            Ok(params) => {
                let layer = layer_for(&principal, params.agent);
                habitat
                    .read(|store| {
                        principal.check(store.world(), &layer, Need::Browse)?;
                        layer_page(store, &layer, &params.filter)
                    })
                    .await
                    .map_err(api_to_rpc)
            }
        },
        "skill.get" => match serde_json::from_value::<GetParams>(request.params) {
            Err(e) => Err((-32602, format!("invalid params: {e}"))),
            Ok(params) => {
                let layer = layer_for(&principal, params.agent);
                habitat
                    .read(|store| {
                        principal.check(store.world(), &layer, Need::Browse)?;
                        let view = store.run(|world| {
                            world.skill_view(&layer, &params.name, principal.agent())
                        })??;
                        Ok::<_, ApiError>(view_json(&view))
                    })
                    .await
                    .map_err(api_to_rpc)
            }
        },
        other => Err((-32601, format!("method '{other}' not found"))),
    };
    match outcome {
        Ok(result) => Json(json!({"jsonrpc": "2.0", "id": id, "result": result})),
        Err((code, message)) => rpc_error(id, code, message),
    }
}

/// Errors keep their HAB-1 code in the message; what may not be seen is
/// "not found", as everywhere.
fn api_to_rpc(error: ApiError) -> (i64, String) {
    (
        -32000 - error.status.as_u16() as i64,
        format!("{}: {}", error.code, error.message),
    )
}
