//! `GET /api/v1/whoami`: what the caller's token is, so the habitat page
//! knows which agent an agent token speaks for. It tells nothing the
//! caller does not already hold.

use axum::Json;
use serde_json::{Value, json};

use super::Principal;

pub async fn whoami(principal: Principal) -> Json<Value> {
    let kind = match &principal {
        Principal::Admin => "admin",
        Principal::Agent {
            read_only: false, ..
        } => "agent",
        Principal::Agent {
            read_only: true, ..
        } => "agent_read_only",
    };
    Json(json!({"kind": kind, "agent": principal.agent()}))
}
