//! Publishers' keys (GOV-2, admin): `GET /api/v1/keys`,
//! `PUT /api/v1/keys/{name} {"public_key","level"}`,
//! `DELETE /api/v1/keys/{name}` — the routes of `keys list|trust|remove`.
//! Keys are world state: journaled commands that replay.

use axum::Json;
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_core::Trust;
use skillworld_format::parse_public_key;
use skillworld_world::Command;
use utoipa::ToSchema;

use super::{ApiError, Params, Principal, RawBody, State, host_command, json_body};

#[utoipa::path(get, path = "/api/v1/keys", tag = "keys", responses((status = 200, description = "the registered publisher keys", body = Object)))]
pub async fn list(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let keys: Vec<Value> = store
                .world()
                .trusted_keys()
                .iter()
                .map(|(name, key)| {
                    json!({
                        "name": name,
                        "level": key.level,
                        "public_key": hex::encode(key.key),
                        "added_at": key.added_at,
                    })
                })
                .collect();
            Ok(Json(json!({ "keys": keys })))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct KeyBody {
    /// The `.pub` file's text: 64 hex digits.
    public_key: String,
    /// `official` or `trusted`.
    #[schema(value_type = String)]
    level: Trust,
}

#[utoipa::path(put, path = "/api/v1/keys/{name}", tag = "keys", request_body = KeyBody, responses((status = 200, description = "the key is registered at its level", body = Object)))]
pub async fn put(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let body: KeyBody = json_body(&bytes)?;
    let key = parse_public_key(&body.public_key)
        .map_err(|e| ApiError::invalid(format!("public_key: {e}")))?;
    let name = params.get("name").to_owned();
    let command = Command::TrustKey {
        name: name.clone(),
        key,
        level: body.level,
    };
    host_command(
        habitat,
        command,
        json!({"ok": true, "name": name, "level": body.level}),
    )
    .await
}

#[utoipa::path(delete, path = "/api/v1/keys/{name}", tag = "keys", responses((status = 200, description = "the key was removed", body = Object)))]
pub async fn remove(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let name = params.get("name").to_owned();
    let command = Command::RemoveKey { name: name.clone() };
    host_command(habitat, command, json!({"ok": true, "removed": name})).await
}
