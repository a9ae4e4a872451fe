//! Listings: `GET /api/v1/skills` (every skill the caller may see) and the
//! filters it shares with a layer's `GET …/skills`.

use axum::Json;
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_store::Store;
use skillworld_world::{Layer, SkillRow};
use utoipa::IntoParams;

use super::{ApiError, Principal, Query, State};

/// Default and largest page (HAB-1).
const LIMIT: (usize, usize) = (50, 1_000);

/// The filters of a listing.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListFilter {
    /// `commons`, `private`, or an agent's name.
    pub layer: Option<String>,
    pub origin: Option<String>,
    pub lifecycle: Option<String>,
    pub keyword: Option<String>,
    pub limit: Option<usize>,
    pub offset: Option<usize>,
}

/// A listing row as JSON: the keys of `list --json`, and `agent` for a
/// private skill.
pub fn row_json(row: &SkillRow, layer: &Layer) -> Value {
    let mut value = serde_json::to_value(row).expect("rows serialise");
    value["agent"] = match layer {
        Layer::Agent(agent) => json!(agent),
        Layer::Commons => Value::Null,
    };
    value
}

/// The page of one world's listing (`GET …/skills`, RPC `skill.list`): an
/// agent's resolved skills, each with the world it lives in, or the
/// Commons'.
pub fn layer_page(
    store: &mut Store,
    layer: &Layer,
    filter: &ListFilter,
) -> Result<Value, ApiError> {
    let rows = store.run(|world| world.rows(layer, true))??;
    let items = rows
        .into_iter()
        .map(|row| {
            let home = match (layer, row.layer) {
                (Layer::Agent(agent), "private") => Layer::Agent(agent.clone()),
                _ => Layer::Commons,
            };
            (home, row)
        })
        .collect();
    filtered(items, filter)
}

/// The page of `items` the filter asks for, as `{"items","total","offset","limit"}`.
pub fn filtered(items: Vec<(Layer, SkillRow)>, filter: &ListFilter) -> Result<Value, ApiError> {
    let limit = filter.limit.unwrap_or(LIMIT.0);
    if limit == 0 || limit > LIMIT.1 {
        return Err(ApiError::bad_request(format!(
            "limit {limit} is out of range: 1 to {}",
            LIMIT.1
        )));
    }
    let keyword = filter.keyword.as_deref().map(str::to_lowercase);
    let matching: Vec<Value> = items
        .iter()
        .filter(|(layer, row)| {
            let layer_matches = match filter.layer.as_deref() {
                None => true,
                Some("commons") => *layer == Layer::Commons,
                Some("private") => *layer != Layer::Commons,
                Some(agent) => *layer == Layer::Agent(agent.to_owned()),
            };
            let lifecycle_matches = match filter.lifecycle.as_deref() {
                Some(lifecycle) => row.lifecycle.as_str() == lifecycle,
                // Without a lifecycle, discarded skills stay out.
                None => row.status.as_str() != "discarded",
            };
            layer_matches
                && lifecycle_matches
                && filter
                    .origin
                    .as_deref()
                    .is_none_or(|origin| row.origin.as_str() == origin)
                && keyword.as_deref().is_none_or(|k| {
                    row.name.to_lowercase().contains(k)
                        || row.description.to_lowercase().contains(k)
                })
        })
        .map(|(layer, row)| row_json(row, layer))
        .collect();
    let total = matching.len();
    let offset = filter.offset.unwrap_or(0);
    let page: Vec<Value> = matching.into_iter().skip(offset).take(limit).collect();
    Ok(json!({"items": page, "total": total, "offset": offset, "limit": limit}))
}

#[utoipa::path(get, path = "/api/v1/skills", tag = "skills", params(ListFilter), responses((status = 200, description = "every skill the caller may see, paged", body = Object)))]
pub async fn visible_skills(
    habitat: State,
    principal: Principal,
    Query(filter): Query<ListFilter>,
) -> Result<Json<Value>, ApiError> {
    habitat
        .read(|store| {
            let world = store.world();
            // Admins see every layer; an agent its own view and the
            // private worlds granted to it.
            let layers: Vec<Layer> = world
                .layers()
                .into_iter()
                .filter(|layer| match (layer, principal.agent()) {
                    (Layer::Agent(owner), Some(me)) => {
                        world.access(me, owner).ok().flatten().is_some()
                    }
                    _ => true,
                })
                .collect();
            let mut items = Vec::new();
            for layer in layers {
                let rows = match &layer {
                    Layer::Commons => store.run(|w| w.rows(&Layer::Commons, true)),
                    Layer::Agent(_) => store.run(|w| {
                        // The private world alone: its Commons rows are listed once, above.
                        w.rows(&layer, true).map(|rows| {
                            rows.into_iter()
                                .filter(|r| r.layer == "private")
                                .collect::<Vec<_>>()
                        })
                    }),
                }??;
                items.extend(rows.into_iter().map(|row| (layer.clone(), row)));
            }
            Ok(Json(filtered(items, &filter)?))
        })
        .await
}
