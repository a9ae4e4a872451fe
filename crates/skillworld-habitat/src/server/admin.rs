//! Admin routes: tokens, the curator and snapshots. To any other caller
//! they do not exist (404).

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_store::{SnapshotInfo, curator_status as status_of, report_markdown};
use skillworld_world::{Caller, Command};
use utoipa::ToSchema;

use super::{ApiError, Params, Principal, RawBody, State, json_body};
use crate::tokens::TokenKind;

#[utoipa::path(get, path = "/api/v1/tokens", tag = "tokens", responses((status = 200, description = "the tokens (never their values)", body = Object)))]
pub async fn tokens(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    Ok(Json(json!({"tokens": habitat.tokens().list()})))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewToken {
    kind: TokenKind,
    agent: Option<String>,
}

#[utoipa::path(post, path = "/api/v1/tokens", tag = "tokens", request_body = NewToken, responses((status = 201, description = "the new token, with its value (shown once)", body = Object)))]
pub async fn create_token(
    habitat: State,
    principal: Principal,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let request: NewToken = json_body(&bytes)?;
    match (request.kind, &request.agent) {
        (TokenKind::Admin, Some(_)) => {
            return Err(ApiError::invalid("an admin token names no agent"));
        }
        (TokenKind::Agent | TokenKind::AgentReadOnly, None) => {
            return Err(ApiError::invalid("an agent token needs an agent"));
        }
        _ => {}
    }
    habitat
        .clone()
        .write(move |store| {
            if let Some(agent) = &request.agent {
                store.world().agent(agent)?;
            }
            let now = store.world().now();
            let (record, token) =
                habitat
                    .tokens_mut()
                    .create(store, request.kind, request.agent, now)?;
            let mut value = serde_json::to_value(&record).expect("records serialise");
            value["token"] = json!(token);
            Ok((StatusCode::CREATED, Json(value)).into_response())
        })
        .await
}

#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "tokens", responses((status = 200, description = "revoked", body = Object)))]
pub async fn revoke_token(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let id = params.get("id").to_owned();
    habitat
        .clone()
        .write(move |store| {
            if habitat.tokens_mut().revoke(store, &id)? {
                Ok(Json(json!({"ok": true, "revoked": id})))
            } else {
                Err(ApiError::not_found(format!("token '{id}'")))
            }
        })
        .await
}

#[utoipa::path(get, path = "/api/v1/curator/status", tag = "curator", responses((status = 200, description = "the curator's status", body = Object)))]
pub async fn curator_status(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let status = store.run(status_of)??;
            Ok(Json(
                serde_json::to_value(&status).expect("status serialises"),
            ))
        })
        .await
}

/// `dry-run`, `run`, `activate`, `pause`, `resume`.
#[utoipa::path(post, path = "/api/v1/curator/{action}", tag = "curator", params(("action" = String, Path, description = "dry-run, run, activate, pause or resume")), responses((status = 200, description = "the status, or the sweep report", body = Object)))]
pub async fn curator_action(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let action = params.get("action").to_owned();
    let command = match action.as_str() {
        "activate" => Some(Command::CuratorActivate),
        "pause" => Some(Command::CuratorPause),
        "resume" => Some(Command::CuratorResume),
        "dry-run" | "run" => None,
        _ => return Err(ApiError::not_found(format!("curator action '{action}'"))),
    };
    let workspace = habitat.workspace();
    habitat
        .write(move |store| match command {
            Some(command) => {
                store.run(|world| world.execute(Caller::host(), command))??;
                let status = store.run(status_of)??;
                Ok(Json(
                    serde_json::to_value(&status).expect("status serialises"),
                ))
            }
            None => {
                let report = store.curate(action == "dry-run", Some(&workspace))?;
                let mut value = serde_json::to_value(&report).expect("reports serialise");
                value["markdown"] = json!(report_markdown(&report));
                Ok(Json(value))
            }
        })
        .await
}

#[utoipa::path(get, path = "/api/v1/curator/reports", tag = "curator", responses((status = 200, description = "the kept sweep reports", body = Object)))]
pub async fn curator_reports(
    habitat: State,
    principal: Principal,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let reports = &store.world().curator_state().reports;
            Ok(Json(json!({"reports": reports})))
        })
        .await
}

#[utoipa::path(get, path = "/api/v1/curator/reports/{id}", tag = "curator", responses((status = 200, description = "one sweep report", body = Object)))]
pub async fn curator_report(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let id = params.get("id").to_owned();
    habitat
        .read(|store| {
            let report = store
                .world()
                .curator_state()
                .reports
                .iter()
                .find(|r| r.id.to_string() == id)
                .ok_or_else(|| ApiError::not_found(format!("report '{id}'")))?;
            let mut value = serde_json::to_value(report).expect("reports serialise");
            value["markdown"] = json!(report_markdown(report));
            Ok(Json(value))
        })
        .await
}

fn snapshot_json(info: &SnapshotInfo) -> Value {
    json!({
        "name": info.name,
        "kind": info.kind,
        "at": info.at,
        "seq": info.seq,
        "digest": info.digest,
    })
}

#[utoipa::path(get, path = "/api/v1/snapshots", tag = "snapshots", responses((status = 200, description = "the snapshots", body = Object)))]
pub async fn snapshots(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let list: Vec<Value> = store.snapshots()?.iter().map(snapshot_json).collect();
            Ok(Json(json!({"snapshots": list})))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewSnapshot {
    name: String,
}

#[utoipa::path(post, path = "/api/v1/snapshots", tag = "snapshots", request_body = NewSnapshot, responses((status = 201, description = "the snapshot saved", body = Object)))]
pub async fn save_snapshot(
    habitat: State,
    principal: Principal,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let request: NewSnapshot = json_body(&bytes)?;
    habitat
        .write(move |store| {
            let info = store.save_snapshot(&request.name)?;
            Ok((StatusCode::CREATED, Json(snapshot_json(&info))).into_response())
        })
        .await
}

#[utoipa::path(post, path = "/api/v1/snapshots/{name}/restore", tag = "snapshots", responses((status = 200, description = "the world is the snapshot again", body = Object)))]
pub async fn restore_snapshot(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let name = params.get("name").to_owned();
    habitat
        .clone()
        .write(move |store| {
            let info = store.restore_snapshot(&name)?;
            habitat.tokens_mut().revoke_gone(store)?;
            Ok(Json(snapshot_json(&info)))
        })
        .await
}

#[utoipa::path(delete, path = "/api/v1/snapshots/{name}", tag = "snapshots", responses((status = 200, description = "deleted", body = Object)))]
pub async fn delete_snapshot(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let name = params.get("name").to_owned();
    habitat
        .write(move |store| {
            store.delete_snapshot(&name)?;
            Ok(Json(json!({"ok": true, "deleted": name})))
        })
        .await
}

#[utoipa::path(get, path = "/api/v1/snapshots/{name}/export", tag = "snapshots", responses((status = 200, description = "the snapshot as RON", body = String, content_type = "application/ron")))]
pub async fn export_snapshot(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let name = params.get("name").to_owned();
    habitat
        .read(|store| {
            let text = store.export_snapshot(&name)?;
            Ok((
                [(header::CONTENT_TYPE, "application/ron; charset=utf-8")],
                text,
            )
                .into_response())
        })
        .await
}
