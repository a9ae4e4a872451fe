//! Skills of a layer (`/api/v1/commons/…` and `/api/v1/agents/{agent}/…`):
//! list, create, read, replace, patch, delete, bundles, switches, files,
//! secrets, lessons and revisions. Reads of an agent's layer see its
//! resolved view; writes go to its private world, copying a Commons skill
//! first where they change one (copy-on-write).

use std::path::Path;
use std::sync::Arc;

use axum::Json;
use axum::extract::FromRequest;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use skillworld_format::{
    Bundle, SkillDocument, Source, export_skill_md, export_zip, import_skill_md, read_bundle_zip,
};
use skillworld_store::Store;
use skillworld_world::{
    Applied, Caller, Command, Layer, OnCollision, SkillView, SkillWorld, Switches, WorldError,
};
use utoipa::{IntoParams, ToSchema};

use super::listing::{ListFilter, layer_page, row_json};
use crate::{Habitat, HabitatError, UrlFetch, bundle_of, fetch_url};

use super::{
    ApiError, Need, Params, Principal, Query, RawBody, State, if_match, is_markdown, json_body,
    with_etag,
};

/// The JSON of one skill (`GET …/skills/{name}`).
pub(super) fn view_json(view: &SkillView) -> Value {
    let mut value = row_json(&view.row, &view.layer);
    let object = value.as_object_mut().expect("rows are objects");
    object.insert("shadows".into(), json!(view.shadows));
    object.insert("tags".into(), json!(view.document.tags));
    object.insert("body".into(), json!(view.document.body));
    object.insert("skill_md".into(), json!(export_skill_md(&view.document)));
    object.insert("files".into(), json!(view.files));
    object.insert("lessons".into(), json!(view.lessons.len()));
    object.insert(
        "missing".into(),
        json!(view.document.skill.preflight.missing),
    );
    object.insert(
        "unchecked".into(),
        json!(view.document.skill.preflight.unchecked),
    );
    object.insert("findings".into(), json!(view.document.skill.findings));
    object.insert("skill".into(), json!(view.document.skill));
    value
}

#[utoipa::path(get, path = "/skills", tag = "skills", params(ListFilter), responses((status = 200, description = "the layer's skills, paged", body = Object)))]
pub async fn list(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(filter): Query<ListFilter>,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Browse)?;
            Ok(Json(layer_page(store, &layer, &filter)?))
        })
        .await
}

/// Fields of a skill written as JSON.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SkillFields {
    name: Option<String>,
    description: Option<String>,
    body: Option<String>,
    tags: Option<Vec<String>>,
}

/// A skill from a request body: SKILL.md text (any `text/…` type, read
/// leniently) or JSON fields over `base`.
fn document_from(
    headers: &HeaderMap,
    bytes: &[u8],
    base: Option<SkillDocument>,
) -> Result<(SkillDocument, Vec<Value>), ApiError> {
    if is_markdown(headers) {
        let imported = import_skill_md(bytes, &Source::default())
            .map_err(|e| ApiError::invalid(format!("the SKILL.md was refused: {e}")))?;
        let warnings = imported
            .warnings
            .iter()
            .map(|w| json!({"code": w.code, "message": w.message}))
            .collect();
        let mut document = imported.document;
        if let Some(base) = base {
            // A replacement keeps what the text does not carry over.
            document.skill.origin = base.skill.origin;
        }
        return Ok((document, warnings));
    }
    let fields: SkillFields = json_body(bytes)?;
    let mut document = match base {
        Some(base) => base,
        None => SkillDocument::new(
            fields
                .name
                .clone()
                .ok_or_else(|| ApiError::invalid("a new skill needs a name"))?,
            fields
                .description
                .clone()
                .ok_or_else(|| ApiError::invalid("a new skill needs a description"))?,
            String::new(),
        ),
    };
    if let Some(name) = fields.name
        && name != document.name
    {
        return Err(ApiError::invalid(format!(
            "the body names '{name}' but the path names '{}'; skills are not renamed",
            document.name
        )));
    }
    if let Some(description) = fields.description {
        document.description = description;
    }
    if let Some(body) = fields.body {
        document.body = body;
    }
    if let Some(tags) = fields.tags {
        document.tags = tags;
    }
    Ok((document, Vec::new()))
}

fn skill_answer(
    world: &mut SkillWorld,
    principal: &Principal,
    layer: &Layer,
    name: &str,
) -> Result<Response, ApiError> {
    let view = world.skill_view(layer, name, principal.agent())?;
    Ok(with_etag(view.row.revision, Json(view_json(&view))))
}

#[utoipa::path(post, path = "/skills", tag = "skills", request_body(content((SkillFields = "application/json"), (String = "text/markdown")), description = "JSON fields, or SKILL.md text under any text/ type"), responses((status = 201, description = "the created skill, with import warnings", body = Object)))]
pub async fn create(
    habitat: State,
    principal: Principal,
    params: Params,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let (document, warnings) = document_from(&headers, &bytes, None)?;
    let markdown = is_markdown(&headers);
    habitat
        .clone()
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let name = document.name.clone();
            // SKILL.md text is an import (scanned like a bundle); JSON
            // fields are an authored skill. Either refuses a taken name in
            // the command layer (409 `skill_exists`).
            let command = if markdown {
                Command::InstallSkill {
                    layer: layer.clone(),
                    document,
                    files: Vec::new(),
                    on_collision: OnCollision::Refuse,
                    force_prune: false,
                    signature: None,
                }
            } else {
                Command::CreateSkill {
                    layer: layer.clone(),
                    document,
                }
            };
            let answer = |view: &SkillView| created(view, warnings);
            write_skill(
                &habitat,
                store,
                &principal,
                (&layer, &name),
                command,
                answer,
            )
        })
        .await
}

/// Applies a write that changes what a skill is (its text or files), then
/// re-checks its readiness (HAB-4), and answers with the skill as the
/// caller sees it (`answer`) — or, when the write waits for an admin
/// (GOV-1), with 202 and `{"ok":true,"proposed":true,…}`.
fn write_skill(
    habitat: &Arc<Habitat>,
    store: &mut Store,
    principal: &Principal,
    (layer, name): (&Layer, &str),
    command: Command,
    answer: impl FnOnce(&SkillView) -> Response,
) -> Result<Response, ApiError> {
    let applied = store.run(|world| world.execute(caller(principal), command))??;
    if applied.proposed {
        return Ok(proposed(name, &applied));
    }
    habitat.refresh_preflight(store, layer, name)?;
    let view = store.run(|world| world.skill_view(layer, name, principal.agent()))??;
    if view.layer == Layer::Commons && !view.document.skill.requires.endpoints.is_empty() {
        // Probed off the lock, after this write; the stored readiness
        // follows once the round is done.
        let habitat = habitat.clone();
        let names = vec![name.to_owned()];
        tokio::spawn(async move {
            if let Err(error) = habitat.refresh_commons_endpoints(names).await {
                tracing::warn!(%error, "refreshing endpoint readiness failed");
            }
        });
    }
    Ok(answer(&view))
}

/// A write that waits for an admin (GOV-1): accepted, not live.
fn proposed(name: &str, applied: &Applied) -> Response {
    let body = json!({
        "ok": true,
        "proposed": true,
        "name": name,
        "revision": applied.revision,
        "replacements": applied.replacements,
    });
    (StatusCode::ACCEPTED, Json(body)).into_response()
}

/// A created or installed skill: 201 with its view and import warnings.
fn created(view: &SkillView, warnings: Vec<Value>) -> Response {
    let mut value = view_json(view);
    value["warnings"] = json!(warnings);
    (
        StatusCode::CREATED,
        with_etag(view.row.revision, Json(value)),
    )
        .into_response()
}

/// The caller a write is journaled as.
pub(super) fn caller(principal: &Principal) -> Caller {
    match principal.agent() {
        Some(agent) => Caller::agent(agent),
        None => Caller::host(),
    }
}

#[utoipa::path(get, path = "/skills/{name}", tag = "skills", responses((status = 200, description = "the skill (ETag: its revision)", body = Object)))]
pub async fn get(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Browse)?;
            store
                .run(|world| skill_answer(world, &principal, &layer, &name))
                .map_err(ApiError::from)?
        })
        .await
}

/// Where a write to `name` in `layer` lands: the layer's own skill, or a
/// copy of the Commons skill an agent sees under that name.
fn copy_source(world: &SkillWorld, layer: &Layer, name: &str) -> Option<Layer> {
    match layer {
        Layer::Agent(_) if world.skill_document(layer, name).is_err() => {
            matches!(world.locate(layer, name), Ok(Layer::Commons)).then_some(Layer::Commons)
        }
        _ => None,
    }
}

#[utoipa::path(put, path = "/skills/{name}", tag = "skills", request_body(content((SkillFields = "application/json"), (String = "text/markdown")), description = "JSON fields over the current skill, or SKILL.md text"), responses((status = 200, description = "the replaced skill", body = Object)))]
pub async fn replace(
    habitat: State,
    principal: Principal,
    params: Params,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let expected = if_match(&headers)?;
    habitat
        .clone()
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let copy_from = copy_source(store.world(), &layer, &name);
            let home = copy_from.clone().unwrap_or_else(|| layer.clone());
            let base = store.world().skill_document(&home, &name)?;
            let (document, _) = document_from(&headers, &bytes, Some(base))?;
            if document.name != name {
                return Err(ApiError::invalid(format!(
                    "the SKILL.md names '{}' but the path names '{name}'; skills are not renamed",
                    document.name
                )));
            }
            let command = Command::ReplaceSkill {
                layer: layer.clone(),
                name: name.clone(),
                document,
                expected_revision: expected,
                copy_from,
            };
            let answer = |view: &SkillView| with_etag(view.row.revision, Json(view_json(view)));
            write_skill(
                &habitat,
                store,
                &principal,
                (&layer, &name),
                command,
                answer,
            )
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PatchBody {
    old_string: String,
    new_string: String,
    #[serde(default)]
    replace_all: bool,
}

#[utoipa::path(patch, path = "/skills/{name}", tag = "skills", request_body = PatchBody, responses((status = 200, description = "the patched skill", body = Object)))]
pub async fn patch(
    habitat: State,
    principal: Principal,
    params: Params,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let expected = if_match(&headers)?;
    let body: PatchBody = json_body(&bytes)?;
    habitat
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let command = Command::PatchSkill {
                layer: layer.clone(),
                name: name.clone(),
                old_string: body.old_string,
                new_string: body.new_string,
                replace_all: body.replace_all,
                expected_revision: expected,
                copy_from: copy_source(store.world(), &layer, &name),
            };
            store.run(|world| {
                let applied = world.execute(caller(&principal), command)?;
                if applied.proposed {
                    return Ok(proposed(&name, &applied));
                }
                let mut response = skill_answer(world, &principal, &layer, &name)?;
                if let Some(count) = applied.replacements {
                    response.headers_mut().insert(
                        "x-replacements",
                        count.to_string().parse().expect("a number is a header"),
                    );
                }
                Ok::<_, ApiError>(response)
            })?
        })
        .await
}

#[utoipa::path(delete, path = "/skills/{name}", tag = "skills", responses((status = 200, description = "soft-deleted", body = Object)))]
pub async fn remove(
    habitat: State,
    principal: Principal,
    params: Params,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let expected = if_match(&headers)?;
    habitat
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let command = Command::DeleteSkill {
                layer,
                name: name.clone(),
                expected_revision: expected,
            };
            store.run(|world| world.execute(caller(&principal), command))??;
            Ok(Json(json!({"ok": true, "deleted": name})))
        })
        .await
}

/// `POST …/bundles?replace=&force_prune=` (STO-6, FMT-7).
#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BundleQuery {
    /// Replace a skill of that name instead of answering 409 `skill_exists`.
    #[serde(default)]
    replace: bool,
    /// On a reinstall, prune buckets the zip leaves empty.
    #[serde(default)]
    force_prune: bool,
}

/// `POST …/bundles`: the caller is authorised before a byte of the body
/// is read, and the zip is inflated (under the bundle limit, every entry
/// counted) on a blocking thread, away from the async workers and the lock.
#[utoipa::path(post, path = "/bundles", tag = "skills", params(BundleQuery), request_body(content((Vec<u8> = "application/zip"), (Vec<u8> = "application/octet-stream")), description = "a skill folder as a zip (the content type is not read)"), responses((status = 201, description = "the installed skill, with import warnings", body = Object)))]
pub async fn install_bundle(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<BundleQuery>,
    request: axum::extract::Request,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    habitat
        .read(|store| principal.check(store.world(), &layer, Need::Write))
        .await?;
    let RawBody(bytes) = RawBody::from_request(request, &habitat).await?;
    let mut bundle = tokio::task::spawn_blocking(move || {
        read_bundle_zip(&bytes, Path::new("upload.zip"))?.import()
    })
    .await
    .map_err(|e| ApiError::internal(format!("reading the zip failed: {e}")))??;
    // An upload has no path or URL of its own: nothing to match a later
    // upload against (STO-6), so only `replace` replaces.
    bundle.imported.document.skill.provenance.import_source = None;
    install(habitat, principal, layer, bundle, query).await
}

/// `POST …/bundles/url`: what to fetch.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UrlInstall {
    /// An http(s) URL of a zip or a SKILL.md.
    url: String,
    /// The body's SHA-256 as 64 hex digits; a different body is refused.
    #[serde(default)]
    sha256: Option<String>,
}

/// `POST …/bundles/url` (GOV-3): the server fetches a zip or a SKILL.md
/// under the URL rules (size, time, addresses, pin) and installs it like
/// an upload, its source the URL (fetching the same URL again updates the
/// skill). The admin's alone: fetching for an agent would let it reach,
/// through the server, what its scripts' network rules keep it from.
#[utoipa::path(post, path = "/bundles/url", tag = "skills", params(BundleQuery), request_body = UrlInstall, responses((status = 201, description = "the installed skill, with import warnings", body = Object)))]
pub async fn install_url(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<BundleQuery>,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let body: UrlInstall = json_body(&bytes)?;
    let request = UrlFetch {
        sha256: body.sha256,
        allow_private: habitat.options().allow_private_urls,
        ..UrlFetch::new(&body.url)
    };
    let fetched = fetch_url(&request).await?;
    let bundle = tokio::task::spawn_blocking(move || bundle_of(&fetched))
        .await
        .map_err(|e| ApiError::internal(format!("reading the download failed: {e}")))??;
    install(habitat, principal, params.layer(), bundle, query).await
}

/// Installs a bundle read from an upload or a download (STO-6, FMT-7):
/// 201 with the skill and its import warnings, or 202 when it waits for
/// an admin.
async fn install(
    habitat: State,
    principal: Principal,
    layer: Layer,
    bundle: Bundle,
    query: BundleQuery,
) -> Result<Response, ApiError> {
    let name = bundle.imported.document.name.clone();
    let warnings: Vec<Value> = bundle
        .imported
        .warnings
        .iter()
        .map(|w| json!({"code": w.code, "message": w.message}))
        .collect();
    habitat
        .clone()
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let command = Command::InstallSkill {
                layer: layer.clone(),
                document: bundle.imported.document,
                files: bundle.files,
                on_collision: if query.replace {
                    OnCollision::Replace
                } else {
                    OnCollision::Refuse
                },
                force_prune: query.force_prune,
                signature: bundle.signature,
            };
            let answer = |view: &SkillView| created(view, warnings);
            write_skill(
                &habitat,
                store,
                &principal,
                (&layer, &name),
                command,
                answer,
            )
        })
        .await
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ActionQuery {
    #[serde(default)]
    force: bool,
}

/// `enable`, `disable`, `pin`, `unpin`, `restore` and `archive?force=`.
#[utoipa::path(post, path = "/skills/{name}/{action}", tag = "skills", params(ActionQuery, ("action" = String, Path, description = "enable, disable, pin, unpin, archive or restore")), responses((status = 200, description = "the skill after the switch", body = Object)))]
pub async fn action(
    habitat: State,
    principal: Principal,
    params: Params,
    Query(query): Query<ActionQuery>,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let action = params.get("action").to_owned();
    let switches = match action.as_str() {
        "enable" | "disable" => Some(Switches {
            enabled: Some(action == "enable"),
            ..Switches::default()
        }),
        "pin" | "unpin" => Some(Switches {
            pinned: Some(action == "pin"),
            ..Switches::default()
        }),
        "archive" | "restore" => None,
        _ => return Err(ApiError::not_found(format!("action '{action}'"))),
    };
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let home = store.world().locate(&layer, &name)?;
            if home != layer {
                return Err(ApiError::forbidden(format!(
                    "skill '{name}' lives in the Commons; only an admin changes it there"
                )));
            }
            Ok(())
        })
        .await?;
    let who = caller(&principal);
    let outcome = match (action.as_str(), switches) {
        (_, Some(switches)) => {
            let command = Command::SetSwitches {
                layer: layer.clone(),
                name: name.clone(),
                switches,
            };
            habitat
                .write(move |store| Ok(store.run(|world| world.execute(who, command))??))
                .await
                .map(drop)
        }
        ("archive", None) => {
            let archived = habitat.archive(who, layer.clone(), name.clone(), query.force);
            archived.await
        }
        _ => habitat.restore(who, layer.clone(), name.clone()).await,
    };
    if let Err(HabitatError::World(WorldError::BoundSkill { agents, .. })) = &outcome {
        let bound: Vec<&str> = agents.split(", ").collect();
        return Ok((
            StatusCode::CONFLICT,
            Json(json!({"error": {
                "code": "bound_skill",
                "message": outcome.as_ref().unwrap_err().to_string(),
                "bound_agents": bound,
            }})),
        )
            .into_response());
    }
    outcome?;
    habitat
        .read(|store| store.run(|world| skill_answer(world, &principal, &layer, &name)))
        .await?
}

#[utoipa::path(get, path = "/skills/{name}/files/{*path}", tag = "skills", responses((status = 200, description = "the file's bytes", body = String, content_type = "text/plain")))]
pub async fn file(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let path = params.get("path").to_owned();
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Read)?;
            let home = store.world().locate(&layer, &name)?;
            let (_, files) = store.world().skill_bundle_in(&home, &name)?;
            let file = files
                .into_iter()
                .find(|f| f.path == path)
                .ok_or_else(|| ApiError::not_found(format!("file '{path}' of skill '{name}'")))?;
            let kind = if std::str::from_utf8(&file.bytes).is_ok() {
                "text/plain; charset=utf-8"
            } else {
                "application/octet-stream"
            };
            Ok(([(header::CONTENT_TYPE, kind)], file.bytes).into_response())
        })
        .await
}

#[utoipa::path(put, path = "/skills/{name}/files/{*path}", tag = "skills", request_body(content = Vec<u8>, description = "the file's bytes", content_type = "application/octet-stream"), responses((status = 200, description = "the skill after the write", body = Object)))]
pub async fn put_file(
    habitat: State,
    principal: Principal,
    params: Params,
    headers: HeaderMap,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let path = params.get("path").to_owned();
    let expected = if_match(&headers)?;
    habitat
        .clone()
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let command = Command::WriteFile {
                layer: layer.clone(),
                name: name.clone(),
                executable: path.starts_with("scripts/"),
                path,
                bytes: Some(bytes.to_vec()),
                expected_revision: expected,
                copy_from: copy_source(store.world(), &layer, &name),
            };
            let answer = |view: &SkillView| with_etag(view.row.revision, Json(view_json(view)));
            write_skill(
                &habitat,
                store,
                &principal,
                (&layer, &name),
                command,
                answer,
            )
        })
        .await
}

/// The secret scope a layer's routes read and write.
fn check_secret_skill(
    world: &SkillWorld,
    principal: &Principal,
    layer: &Layer,
    name: &str,
    need: Need,
) -> Result<(), ApiError> {
    principal.check_as(world, layer, need)?;
    world.locate(layer, name)?;
    Ok(())
}

#[utoipa::path(get, path = "/skills/{name}/secrets", tag = "skills", responses((status = 200, description = "the skill's secrets, masked", body = Object)))]
pub async fn secrets(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    habitat
        .read(|store| {
            check_secret_skill(store.world(), &principal, &layer, &name, Need::Read)?;
            let items = habitat.list_secrets(store, &layer, &name, true)?;
            Ok(Json(json!({"skill": name, "secrets": items})))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SecretBody {
    value: String,
}

#[utoipa::path(put, path = "/skills/{name}/secrets/{key}", tag = "skills", request_body = SecretBody, responses((status = 200, description = "stored, sealed", body = Object)))]
pub async fn set_secret(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let body: SecretBody = json_body(&bytes)?;
    store_secret(habitat, principal, params, body.value).await
}

#[utoipa::path(delete, path = "/skills/{name}/secrets/{key}", tag = "skills", responses((status = 200, description = "removed", body = Object)))]
pub async fn delete_secret(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    store_secret(habitat, principal, params, String::new()).await
}

async fn store_secret(
    habitat: State,
    principal: Principal,
    params: Params,
    value: String,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let key = params.get("key").to_owned();
    habitat
        .clone()
        .write(move |store| {
            check_secret_skill(store.world(), &principal, &layer, &name, Need::Write)?;
            habitat.set_secret(store, &layer, &name, &key, &value)?;
            let deleted = value.is_empty();
            Ok(Json(
                json!({"ok": true, "skill": name, "key": key, "deleted": deleted}),
            ))
        })
        .await
}

#[utoipa::path(get, path = "/skills/{name}/lessons", tag = "skills", responses((status = 200, description = "the caller's lessons of the skill", body = Object)))]
pub async fn lessons(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Read)?;
            let home = store.world().locate(&layer, &name)?;
            let lessons = store.world().lessons(&home, &name, principal.agent())?;
            Ok(Json(json!({"skill": name, "lessons": lessons})))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LessonBody {
    text: String,
}

#[utoipa::path(post, path = "/skills/{name}/lessons", tag = "skills", request_body = LessonBody, responses((status = 200, description = "the lesson was recorded", body = Object)))]
pub async fn add_lesson(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let body: LessonBody = json_body(&bytes)?;
    let Layer::Agent(agent) = layer.clone() else {
        return Err(ApiError::invalid(
            "lessons are an agent's: post them under /api/v1/agents/{agent}/skills/{name}/lessons",
        ));
    };
    habitat
        .write(move |store| {
            principal.check_as(store.world(), &layer, Need::Write)?;
            let count = store.run(|world| world.record_lesson(&agent, &name, &body.text))??;
            Ok(Json(json!({"ok": true, "skill": name, "lessons": count})))
        })
        .await
}

/// `GET …/skills/{name}/export`: the skill as the layer sees it, as a zip
/// that imports back to the same `digest --skill` (GOV-3). Lessons and
/// secrets are not part of it.
#[utoipa::path(get, path = "/skills/{name}/export", tag = "skills", responses((status = 200, description = "the skill as a zip", body = Vec<u8>, content_type = "application/zip")))]
pub async fn export(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let (document, files) = habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Read)?;
            let home = store.world().locate(&layer, &name)?;
            Ok::<_, ApiError>(store.world().skill_bundle_in(&home, &name)?)
        })
        .await?;
    let bytes = export_zip(&document, &files).map_err(|e| ApiError::internal(e.to_string()))?;
    let disposition = format!("attachment; filename=\"{name}.zip\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

/// `POST /api/v1/agents/{agent}/skills/{name}/promote` (admin): a copy of
/// the agent's skill in the Commons, with its provenance (GOV-3).
#[utoipa::path(post, path = "/api/v1/agents/{agent}/skills/{name}/promote", tag = "skills", responses((status = 201, description = "the copy in the Commons", body = Object)))]
pub async fn promote(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    principal.require_admin()?;
    let from = params.layer();
    let name = params.get("name").to_owned();
    copy(habitat, principal, from, name, Layer::Commons).await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ShareBody {
    to: String,
}

/// `POST /api/v1/agents/{agent}/skills/{name}/share {"to"}`: a copy in
/// another agent's world, for a caller who may read the source and write
/// the target (GOV-3).
#[utoipa::path(post, path = "/api/v1/agents/{agent}/skills/{name}/share", tag = "skills", request_body = ShareBody, responses((status = 201, description = "the copy in the other agent's world", body = Object)))]
pub async fn share(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let body: ShareBody = json_body(&bytes)?;
    let from = params.layer();
    let name = params.get("name").to_owned();
    copy(habitat, principal, from, name, Layer::Agent(body.to)).await
}

async fn copy(
    habitat: State,
    principal: Principal,
    from: Layer,
    name: String,
    to: Layer,
) -> Result<Response, ApiError> {
    habitat
        .clone()
        .write(move |store| {
            principal.check(store.world(), &from, Need::Read)?;
            principal.check(store.world(), &to, Need::Write)?;
            let command = Command::CopySkill {
                from,
                name: name.clone(),
                to: to.clone(),
            };
            let answer = |view: &SkillView| created(view, Vec::new());
            write_skill(&habitat, store, &principal, (&to, &name), command, answer)
        })
        .await
}

/// `PUT …/lessons/{id}` `{"text"}` edits, `DELETE` deletes (GOV-4): an agent
/// its own lessons, an admin any; another agent's lesson is a 404.
#[utoipa::path(put, path = "/skills/{name}/lessons/{id}", tag = "skills", request_body = LessonBody, responses((status = 200, description = "the lesson was changed", body = Object)))]
pub async fn put_lesson(
    habitat: State,
    principal: Principal,
    params: Params,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let body: LessonBody = json_body(&bytes)?;
    change_lesson(habitat, principal, params, Some(body.text)).await
}

#[utoipa::path(delete, path = "/skills/{name}/lessons/{id}", tag = "skills", responses((status = 200, description = "the lesson was removed", body = Object)))]
pub async fn delete_lesson(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    change_lesson(habitat, principal, params, None).await
}

async fn change_lesson(
    habitat: State,
    principal: Principal,
    params: Params,
    text: Option<String>,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let id = params.number("id", "a lesson id")?;
    habitat
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let home = store.world().locate(&layer, &name)?;
            let deleted = text.is_none();
            store
                .run(|world| world.change_lesson(caller(&principal), &home, &name, id, text))??;
            Ok(Json(
                json!({"ok": true, "skill": name, "id": id, "deleted": deleted}),
            ))
        })
        .await
}

#[utoipa::path(get, path = "/skills/{name}/revisions", tag = "skills", responses((status = 200, description = "the skill's revisions", body = Object)))]
pub async fn revisions(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    habitat
        .read(|store| {
            principal.check(store.world(), &layer, Need::Read)?;
            let home = store.world().locate(&layer, &name)?;
            let revisions = store.world().revisions(&home, &name)?;
            let kept: Vec<Value> = revisions
                .kept
                .iter()
                .map(|r| {
                    Ok(json!({
                        "number": r.number,
                        "replaced_at": r.replaced_at,
                        "description": r.record.summary,
                        "body_chars": r.record.body()?.chars().count(),
                    }))
                })
                .collect::<Result<_, skillworld_world::WorldError>>()?;
            Ok(Json(
                json!({"skill": name, "current": revisions.current, "kept": kept}),
            ))
        })
        .await
}

#[utoipa::path(post, path = "/skills/{name}/revert/{rev}", tag = "skills", responses((status = 200, description = "the skill at that revision again", body = Object)))]
pub async fn revert(
    habitat: State,
    principal: Principal,
    params: Params,
) -> Result<Response, ApiError> {
    let layer = params.layer();
    let name = params.get("name").to_owned();
    let number = params.number("rev", "a revision")?;
    habitat
        .write(move |store| {
            principal.check(store.world(), &layer, Need::Write)?;
            let command = Command::Revert {
                layer: layer.clone(),
                name: name.clone(),
                number,
            };
            store.run(|world| {
                world.execute(caller(&principal), command)?;
                skill_answer(world, &principal, &layer, &name)
            })?
        })
        .await
}
