//! An agent's review runs (EVO-2): `POST …/review` starts one in the
//! background with the configured model; `GET …/runs[/{id}]` shows them.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_evolve::{ChatCommand, Scheduled};
use skillworld_store::ReviewRun;
use skillworld_world::{Layer, TurnMessage};
use utoipa::ToSchema;

use super::{ApiError, Need, Params, Principal, RawBody, State, json_body};

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReviewBody {
    /// `evolve` (forced, like `/learn`) or `maintain` (like `/skills curate`).
    mode: String,
    note: Option<String>,
    /// The turn an evolve run reviews.
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    turn: Vec<TurnMessage>,
}

fn agent_of(params: &Params) -> (Layer, String) {
    let layer = params.layer();
    let Layer::Agent(agent) = &layer else {
        unreachable!("the route names an agent")
    };
    let agent = agent.clone();
    (layer, agent)
}

#[utoipa::path(post, path = "/api/v1/agents/{agent}/review", tag = "review", request_body = ReviewBody, responses((status = 200, description = "skipped, with the reason", body = Object), (status = 202, description = "the run started", body = Object)))]
pub async fn start(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let (layer, agent) = agent_of(&params);
    let body: ReviewBody = json_body(&bytes)?;
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Write)?;
            store
                .world()
                .agent(&agent)
                .map(drop)
                .map_err(ApiError::from)
        })
        .await?;
    let command = match body.mode.as_str() {
        "evolve" => ChatCommand::Learn { note: body.note },
        "maintain" => ChatCommand::Curate { note: body.note },
        other => {
            return Err(ApiError::invalid(format!(
                "mode '{other}' is not evolve or maintain"
            )));
        }
    };
    let reviewer = habitat.reviewer().ok_or_else(|| {
        ApiError::conflict(
            "no review model is configured for this habitat (see `skillworld serve --help`)",
        )
    })?;
    // One run per agent across the habitat's nodes (STO-7): the node that
    // starts it holds the agent's review lock until the run ends.
    let Some(turn) = habitat.once_per_habitat(&format!("review {agent}")).await? else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "review_in_progress",
            format!(
                "agent '{agent}' already has a review run in progress (on this node or another); one at a time, so this one is not started"
            ),
        ));
    };
    // Holding the agent's turn, no node runs a review of it: a run the
    // shared database still calls running was left by a node that died.
    let stale = agent.clone();
    habitat
        .read(move |store| store.interrupt_shared_runs(&stale))
        .await?;
    match reviewer.on_command(&agent, &command, &body.turn) {
        Scheduled::Started(run) => {
            tokio::spawn(async move {
                let _turn = turn;
                let _ = run.await;
            });
            Ok((
                StatusCode::ACCEPTED,
                Json(json!({"ok": true, "agent": agent, "mode": body.mode, "status": "started"})),
            )
                .into_response())
        }
        Scheduled::Refused { reason } => Err(ApiError::new(
            StatusCode::CONFLICT,
            "review_in_progress",
            reason,
        )),
        Scheduled::Skipped { reason } => Ok(Json(
            json!({"ok": true, "agent": agent, "status": "skipped", "reason": reason}),
        )
        .into_response()),
    }
}

/// A run without its messages, for listings.
fn summary(run: &ReviewRun) -> Value {
    let mut value = serde_json::to_value(run).expect("runs serialise");
    if let Some(object) = value.as_object_mut() {
        object.remove("messages");
    }
    value
}

#[utoipa::path(get, path = "/api/v1/agents/{agent}/runs", tag = "review", responses((status = 200, description = "the agent's review runs", body = Object)))]
pub async fn list(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let (layer, agent) = agent_of(&params);
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            store.world().agent(&agent)?;
            let runs: Vec<Value> = store
                .review_runs(Some(&agent))?
                .iter()
                .map(summary)
                .collect();
            Ok(Json(json!({"agent": agent, "runs": runs})))
        })
        .await
}

#[utoipa::path(get, path = "/api/v1/agents/{agent}/runs/{id}", tag = "review", responses((status = 200, description = "one review run with its messages", body = Object)))]
pub async fn get(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let (layer, agent) = agent_of(&params);
    let id = params.get("id").to_owned();
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let run = id
                .parse()
                .ok()
                .map(|id| store.review_run(id))
                .transpose()?
                .flatten()
                .filter(|run| run.agent == agent)
                .ok_or_else(|| ApiError::not_found(format!("run '{id}'")))?;
            Ok(Json(serde_json::to_value(&run).expect("runs serialise")))
        })
        .await
}
