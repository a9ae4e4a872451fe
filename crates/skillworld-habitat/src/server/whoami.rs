//! `GET /api/v1/whoami`: what the caller's token is, so the habitat page
//! knows which agent an agent token speaks for. It tells nothing the
//! caller does not already hold; admins also see the script sandbox's
//! state (SEC-3), above all when the configuration turned it off.

use axum::Json;
use serde_json::{Value, json};

use super::{Principal, State};

#[utoipa::path(get, path = "/api/v1/whoami", tag = "tokens", responses((status = 200, description = "the token's kind and agent", body = Object)))]
pub async fn whoami(habitat: State, principal: Principal) -> Json<Value> {
    let kind = match &principal {
        Principal::Admin => "admin",
        Principal::Agent {
            read_only: false, ..
        } => "agent",
        Principal::Agent {
            read_only: true, ..
        } => "agent_read_only",
    };
    let mut answer = json!({"kind": kind, "agent": principal.agent()});
    if matches!(principal, Principal::Admin) {
        answer["sandbox"] = habitat.sandbox_state();
    }
    Json(answer)
}
