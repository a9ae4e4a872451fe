//! Agent routes: agents and bindings (admin), and an agent's catalog,
//! loads, tool calls, slash menu and preflight.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use skillworld_world::{
    Budget, Caller, CallerKind, CatalogFormat, CatalogRequest, Layer, LoadRequest,
};
use utoipa::{IntoParams, ToSchema};

use super::{ApiError, Need, Params, Principal, Query, RawBody, State, json_body};

/// The most entries the slash menu shows (HAB-1).
const MENU_SIZE: usize = 8;

#[utoipa::path(get, path = "/api/v1/agents", tag = "agents", responses((status = 200, description = "the agents", body = Object)))]
pub async fn list(habitat: State, principal: Principal) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    habitat
        .read(|store| {
            let agents: Vec<Value> = store
                .world()
                .agents()
                .into_iter()
                .map(|agent| {
                    json!({
                        "name": agent.name,
                        "enabled": agent.enabled,
                        "tools": agent.tool_pool,
                        "bindings": agent.bindings,
                    })
                })
                .collect();
            Ok(Json(json!({"agents": agents})))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewAgent {
    name: String,
    tools: Option<Vec<String>>,
}

#[utoipa::path(post, path = "/api/v1/agents", tag = "agents", request_body = NewAgent, responses((status = 201, description = "the agent was added", body = Object)))]
pub async fn create(
    habitat: State,
    principal: Principal,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let agent: NewAgent = json_body(&bytes)?;
    habitat
        .write(move |store| {
            store.run(|world| world.add_agent(&agent.name, agent.tools.clone()))??;
            Ok((
                StatusCode::CREATED,
                Json(json!({"ok": true, "name": agent.name})),
            )
                .into_response())
        })
        .await
}

#[utoipa::path(delete, path = "/api/v1/agents/{agent}", tag = "agents", responses((status = 200, description = "the agent was removed", body = Object)))]
pub async fn remove(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let agent = params.get("agent").to_owned();
    habitat
        .clone()
        .write(move |store| {
            habitat.remove_agent(store, &agent)?;
            Ok(Json(json!({"ok": true, "removed": agent})))
        })
        .await
}

#[utoipa::path(put, path = "/api/v1/agents/{agent}/bindings/{skill}", tag = "agents", responses((status = 200, description = "bound", body = Object)))]
pub async fn bind(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    set_binding(habitat, principal, params, true).await
}

#[utoipa::path(delete, path = "/api/v1/agents/{agent}/bindings/{skill}", tag = "agents", responses((status = 200, description = "unbound", body = Object)))]
pub async fn unbind(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    set_binding(habitat, principal, params, false).await
}

async fn set_binding(
    habitat: State,
    principal: Principal,
    params: Params,
    bound: bool,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let agent = params.get("agent").to_owned();
    let skill = params.get("skill").to_owned();
    habitat
        .write(move |store| {
            store.run(|world| {
                if bound {
                    world.bind(&agent, &skill)
                } else {
                    world.unbind(&agent, &skill)
                }
            })??;
            Ok(Json(
                json!({"ok": true, "agent": agent, "skill": skill, "bound": bound}),
            ))
        })
        .await
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CatalogQuery {
    tokens: Option<u64>,
    chars: Option<usize>,
    format: Option<String>,
    run: Option<String>,
    /// The message being answered (CAT-10).
    q: Option<String>,
}

#[utoipa::path(get, path = "/api/v1/agents/{agent}/catalog", tag = "agents", params(CatalogQuery), responses((status = 200, description = "the agent's catalog, rendered", body = String, content_type = "text/plain")))]
pub async fn catalog(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<CatalogQuery>,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let Layer::Agent(agent) = &layer else {
        unreachable!("the route names an agent")
    };
    let format: CatalogFormat = query
        .format
        .as_deref()
        .unwrap_or("md")
        .parse()
        .map_err(ApiError::bad_request)?;
    let budget = match (query.tokens, query.chars) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request("give tokens or chars, not both"));
        }
        (_, Some(chars)) => Budget::Chars(chars),
        (tokens, None) => Budget::Tokens(tokens.unwrap_or(8192)),
    };
    let request = CatalogRequest {
        budget,
        format,
        run: query.run,
        query: query.q,
    };
    let text = habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Browse)?;
            store
                .run(|world| world.catalog(agent, &request))
                .map_err(ApiError::from)?
                .map_err(ApiError::from)
        })
        .await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoadBody {
    name: String,
    file_path: Option<String>,
    page: Option<usize>,
    run: Option<String>,
    #[serde(default)]
    #[schema(value_type = Object)]
    args: Map<String, Value>,
}

#[utoipa::path(post, path = "/api/v1/agents/{agent}/load", tag = "agents", request_body = LoadBody, responses((status = 200, description = "the loaded skill or file page", body = Object)))]
pub async fn load(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let body: LoadBody = json_body(&bytes)?;
    habitat
        .write(move |store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let Layer::Agent(agent) = &layer else {
                unreachable!("the route names an agent")
            };
            let request = LoadRequest {
                name: &body.name,
                file: body.file_path.as_deref(),
                page: body.page,
                run: body.run.as_deref(),
                args: body.args.clone(),
            };
            let loaded = store.run(|world| world.load(agent, request))??;
            Ok(Json(json!({
                "ok": true,
                "name": loaded.name,
                "content": loaded.text,
                "resources": loaded.resources,
                "revision": loaded.revision,
                "page": loaded.page.map(|(page, pages)| json!({"page": page, "pages": pages})),
                "already_loaded": loaded.already_loaded,
            })))
        })
        .await
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ToolQuery {
    caller: Option<String>,
    run: Option<String>,
    /// A run's own allow list (POL-2), comma-separated: narrows, never widens.
    allow: Option<String>,
    /// A run's own deny list, comma-separated.
    deny: Option<String>,
}

/// Any tool of the dispatch; 200 with the tool's own JSON, errors included
/// (TOOL-1).
#[utoipa::path(post, path = "/api/v1/agents/{agent}/tools/{tool}", tag = "agents", params(ToolQuery), request_body(content = Object, description = "the tool's arguments", content_type = "application/json"), responses((status = 200, description = "the tool's own JSON answer, errors included", body = Object)))]
pub async fn tool(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<ToolQuery>,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let Layer::Agent(agent) = layer.clone() else {
        unreachable!("the route names an agent")
    };
    let args: Value = if bytes.is_empty() {
        json!({})
    } else {
        json_body(&bytes)?
    };
    let kind: CallerKind = query
        .caller
        .as_deref()
        .unwrap_or("visible")
        .parse()
        .map_err(ApiError::bad_request)?;
    let caller = Caller {
        agent: Some(agent),
        kind,
        run: query.run,
        allowed_tools: tool_list(query.allow.as_deref()),
        denied_tools: tool_list(query.deny.as_deref()),
    };
    habitat
        .read(|store| principal.check_as(store.world(), &layer, Need::Write))
        .await?;
    Ok(Json(
        habitat.call_tool(caller, params.get("tool"), args).await?,
    ))
}

/// `a,b,c` as tool names.
fn tool_list(list: Option<&str>) -> Vec<String> {
    list.into_iter()
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct MenuQuery {
    #[serde(default)]
    q: String,
}

/// The slash menu: live skills whose name or description matches `q`,
/// names starting with it first, at most eight.
#[utoipa::path(get, path = "/api/v1/agents/{agent}/menu", tag = "agents", params(MenuQuery), responses((status = 200, description = "the slash menu", body = Object)))]
pub async fn menu(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<MenuQuery>,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let needle = query.q.trim().trim_start_matches('/').to_lowercase();
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let rows = store.run(|world| world.rows(&layer, false))??;
            let mut matches: Vec<(bool, Value)> = rows
                .into_iter()
                .filter(|row| row.live)
                .filter_map(|row| {
                    let name = row.name.to_lowercase();
                    let starts = name.starts_with(&needle);
                    let found = starts
                        || name.contains(&needle)
                        || row.description.to_lowercase().contains(&needle);
                    found.then(|| {
                        (
                            !starts,
                            json!({"name": row.name, "description": row.description, "layer": row.layer}),
                        )
                    })
                })
                .collect();
            matches.sort_by_key(|(elsewhere, _)| *elsewhere);
            let items: Vec<Value> = matches.into_iter().take(MENU_SIZE).map(|(_, v)| v).collect();
            Ok(Json(json!({"items": items})))
        })
        .await
}

/// Each skill the agent sees, checked for that agent: its tools, its
/// secrets (HAB-4, SEC-2). The Commons skills' endpoints are probed first,
/// with the store let go (a bounded, concurrent, cached round), so a skill
/// with slow endpoints stalls no one's reads; private skills' endpoints are
/// never probed (their answer says so).
#[utoipa::path(get, path = "/api/v1/agents/{agent}/preflight", tag = "agents", responses((status = 200, description = "the agent's skills' readiness on this host", body = Object)))]
pub async fn preflight(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let Layer::Agent(agent) = layer.clone() else {
        unreachable!("the route names an agent")
    };
    let endpoints = habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let rows = store.run(|world| world.rows(&layer, false))??;
            let commons: Vec<&str> = rows
                .iter()
                .filter(|row| matches!(store.world().locate(&layer, &row.name), Ok(Layer::Commons)))
                .map(|row| row.name.as_str())
                .collect();
            Ok::<_, ApiError>(habitat.commons_endpoints(store, commons))
        })
        .await?;
    habitat.probe_endpoints(endpoints).await;
    habitat
        .read(|store| {
            principal.check_as(store.world(), &layer, Need::Read)?;
            let tools = store.world().agent(&agent)?.tool_pool.clone();
            let rows = store.run(|world| world.rows(&layer, false))??;
            let mut skills = Vec::new();
            for row in rows {
                let home = store.world().locate(&layer, &row.name)?;
                let document = store.world().skill_document(&home, &row.name)?;
                let checked = habitat.preflight_of(
                    store,
                    &document.skill,
                    &home,
                    &row.name,
                    Some((&agent, &tools)),
                )?;
                skills.push(json!({
                    "name": row.name,
                    "layer": row.layer,
                    "readiness": checked.readiness,
                    "missing": checked.missing,
                    "unchecked": checked.unchecked,
                }));
            }
            let mut answer = json!({"agent": agent, "skills": skills});
            if matches!(principal, Principal::Admin) {
                answer["sandbox"] = habitat.sandbox_state();
            }
            Ok(Json(answer))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct GrantBody {
    /// `read` or `write`.
    #[schema(value_type = String)]
    access: skillworld_world::Access,
}

/// `PUT /api/v1/agents/{agent}/grants/{subject}`: `subject` may read or
/// write `agent`'s private world (MOD-2); `DELETE` takes that back.
#[utoipa::path(put, path = "/api/v1/agents/{agent}/grants/{subject}", tag = "agents", request_body = GrantBody, responses((status = 200, description = "granted", body = Object)))]
pub async fn grant(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let body: GrantBody = json_body(&bytes)?;
    set_grant(habitat, principal, params, Some(body.access)).await
}

#[utoipa::path(delete, path = "/api/v1/agents/{agent}/grants/{subject}", tag = "agents", responses((status = 200, description = "the grant was taken back", body = Object)))]
pub async fn revoke_grant(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    set_grant(habitat, principal, params, None).await
}

async fn set_grant(
    habitat: State,
    principal: Principal,
    params: Params,
    access: Option<skillworld_world::Access>,
) -> Result<Json<Value>, ApiError> {
    principal.require_admin()?;
    let owner = params.get("agent").to_owned();
    let subject = params.get("subject").to_owned();
    habitat
        .write(move |store| {
            store.run(|world| world.grant(&owner, &subject, access))??;
            Ok(Json(
                json!({"ok": true, "owner": owner, "subject": subject, "access": access}),
            ))
        })
        .await
}
