//! Approval routes (GOV-1): the approval setting, proposals with their
//! diff, approve and reject. Settings and decisions are an admin's; an
//! agent's token reads its own proposals (with rejection reasons) and no
//! one else's. The rules themselves are the command layer's.

use axum::Json;
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_world::{ApprovalMode, Caller, Command};
use utoipa::{IntoParams, ToSchema};

use super::skills::caller;
use super::{ApiError, Params, Principal, Query, RawBody, State, host_command, json_body};

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ProposalQuery {
    /// One agent's proposals only.
    agent: Option<String>,
    /// Approved, rejected and expired ones too.
    #[serde(default)]
    all: bool,
}

/// `GET /api/v1/proposals[?agent=A&all=true]` (admin).
#[utoipa::path(get, path = "/api/v1/proposals", tag = "approval", params(ProposalQuery), responses((status = 200, description = "proposals with their diffs", body = Object)))]
pub async fn list(
    habitat: State,
    principal: Principal,
    Query(query): Query<ProposalQuery>,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    listing(habitat, Caller::host(), query.agent, query.all).await
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AgentProposalQuery {
    #[serde(default)]
    all: bool,
}

/// `GET /api/v1/agents/{agent}/proposals[?all=true]`: an admin, or that
/// agent's own token (another agent's proposals do not exist for it).
#[utoipa::path(get, path = "/api/v1/agents/{agent}/proposals", tag = "approval", params(AgentProposalQuery), responses((status = 200, description = "the agent's proposals", body = Object)))]
pub async fn of_agent(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<AgentProposalQuery>,
) -> Result<Json<Value>, ApiError> {
    let agent = params.get("agent").to_owned();
    listing(habitat, caller(&principal), Some(agent), query.all).await
}

/// Proposals as `caller` may read them: the rule is the world's.
async fn listing(
    habitat: State,
    caller: Caller,
    agent: Option<String>,
    all: bool,
) -> Result<Json<Value>, ApiError> {
    habitat
        .read(|store| {
            let proposals =
                store.run(|world| world.proposals_seen_by(&caller, agent.as_deref(), all))??;
            Ok(Json(json!({ "proposals": proposals })))
        })
        .await
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(deny_unknown_fields)]
struct ApproveBody {
    /// The name it goes live under, when not its own.
    #[serde(rename = "as")]
    rename: Option<String>,
}

/// `POST /api/v1/agents/{agent}/proposals/{name}/approve {"as"?}` (admin).
#[utoipa::path(post, path = "/api/v1/agents/{agent}/proposals/{name}/approve", tag = "approval", request_body = ApproveBody, responses((status = 200, description = "the proposal is live", body = Object)))]
pub async fn approve(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let body: ApproveBody = if bytes.is_empty() {
        ApproveBody::default()
    } else {
        json_body(&bytes)?
    };
    let (agent, name) = (
        params.get("agent").to_owned(),
        params.get("name").to_owned(),
    );
    let live = body.rename.clone().unwrap_or_else(|| name.clone());
    let command = Command::ApproveProposal {
        agent: agent.clone(),
        name: name.clone(),
        rename: body.rename,
    };
    host_command(
        habitat,
        command,
        json!({"ok": true, "approved": name, "agent": agent, "name": live}),
    )
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RejectBody {
    reason: String,
}

/// `POST /api/v1/agents/{agent}/proposals/{name}/reject {"reason"}` (admin).
#[utoipa::path(post, path = "/api/v1/agents/{agent}/proposals/{name}/reject", tag = "approval", request_body = RejectBody, responses((status = 200, description = "the proposal is refused", body = Object)))]
pub async fn reject(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let body: RejectBody = json_body(&bytes)?;
    let (agent, name) = (
        params.get("agent").to_owned(),
        params.get("name").to_owned(),
    );
    let command = Command::RejectProposal {
        agent: agent.clone(),
        name: name.clone(),
        reason: body.reason,
    };
    host_command(
        habitat,
        command,
        json!({"ok": true, "rejected": name, "agent": agent}),
    )
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ApprovalBody {
    /// `auto` or `review`.
    #[schema(value_type = String)]
    mode: ApprovalMode,
    expire_after_days: Option<u32>,
}

/// `GET /api/v1/settings/approval` (admin).
#[utoipa::path(get, path = "/api/v1/settings/approval", tag = "approval", responses((status = 200, description = "the approval setting", body = Object)))]
pub async fn setting(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| Ok(Json(json!(store.world().approval()))))
        .await
}

/// `PUT /api/v1/settings/approval {"mode", "expire_after_days"?}` (admin).
#[utoipa::path(put, path = "/api/v1/settings/approval", tag = "approval", request_body = ApprovalBody, responses((status = 200, description = "the approval setting", body = Object)))]
pub async fn set_setting(
    habitat: State,
    principal: Principal,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let body: ApprovalBody = json_body(&bytes)?;
    habitat
        .write(move |store| {
            let command = Command::SetApproval {
                mode: body.mode,
                expire_after_days: body.expire_after_days,
            };
            store.run(|world| world.execute(Caller::host(), command))??;
            Ok(Json(json!(store.world().approval())))
        })
        .await
}
