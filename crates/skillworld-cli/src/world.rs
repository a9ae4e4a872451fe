//! The world commands of SPEC CLI-1, on the store.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use skillworld_core::Timestamp;
use skillworld_format::{
    Bundle, BundleFile, Imported, InstallOptions, SkillDocument, export_zip as export_zip_bytes,
    install_bundle, skill_digest as skill_digest_of,
};
use skillworld_store::{SnapshotInfo, Store, StoreError};
use skillworld_world::{
    Budget, Caller, CallerKind, CatalogFormat, CatalogRequest, Layer, LoadRequest, SkillWorld,
    WorldError,
};

use skillworld_habitat::{Habitat, HabitatError};
use skillworld_store::{curator_status, report_markdown};
use skillworld_world::{Command, CuratorSettings, InstallRules, Switches};

use crate::discover::find_skills;
use crate::fetch::{UrlRules, fetch_urls, install_fetched, is_url};
use crate::open::{Global, open, run_world, store_failure, with_world, world_failure};
use crate::person;
use crate::report::print_results;
use crate::table::Table;
use crate::{AgentAction, CurateAction, Failure, LayerArgs, LessonAction, SnapshotAction, emit};

/// A world error for a command that looked in `layer`.
fn failure_in(layer: &Layer) -> impl Fn(WorldError) -> Failure + '_ {
    move |error| Failure::failed(person::world_error(&error, Some(layer)))
}

/// [`with_world`] for a command that looks in `layer`: its errors name the
/// commands for that layer.
fn with_world_in<T>(
    global: &Global,
    layer: &Layer,
    work: impl FnOnce(&mut SkillWorld) -> Result<T, WorldError>,
) -> Result<T, Failure> {
    run_world(global, work, failure_in(layer))
}

fn layer_of(commons: bool, agent: Option<String>) -> Layer {
    match agent {
        Some(name) if !commons => Layer::Agent(name),
        _ => Layer::Commons,
    }
}

pub fn import(
    global: &Global,
    paths: &[PathBuf],
    commons: bool,
    agent: Option<String>,
    rules: InstallRules,
    fetch: &UrlRules,
) -> Result<bool, Failure> {
    crate::keep_freed_memory();
    // The scanner's rule table compiles on its own core while the folders
    // are walked, the files read and the database created.
    let scanner = crate::bulk::ScannerWarmup::start();
    let (urls, paths): (Vec<&PathBuf>, Vec<&PathBuf>) = paths.iter().partition(|p| is_url(p));
    let urls: Vec<&str> = urls.iter().filter_map(|u| u.to_str()).collect();
    if fetch.sha256.is_some() && urls.len() != 1 {
        return Err(Failure::usage(
            "--sha256 pins the content of exactly one URL",
        ));
    }
    let paths: Vec<PathBuf> = paths.into_iter().cloned().collect();
    let targets = if paths.is_empty() {
        Vec::new()
    } else {
        find_skills(&paths)?
    };
    let fetched = fetch_urls(&urls, fetch)?;
    let layer = layer_of(commons, agent);
    // Opened once the readers are under way. A new database is built
    // unpublished: no fsync until it is whole.
    let open_store = || {
        let (store, unpublished) = match crate::open::create_unpublished(global)? {
            Some((store, unpublished)) => (store, Some(unpublished)),
            None => (open(global)?, None),
        };
        if let Layer::Agent(agent) = &layer {
            // Before any skill: each would fail alone with the same reason.
            store.world().agent(agent).map_err(world_failure)?;
        }
        Ok((store, unpublished))
    };
    let ((mut store, unpublished), mut results) =
        crate::bulk::import(open_store, &targets, &layer, rules, &scanner)?;
    results.extend(install_fetched(&mut store, fetched, &layer, rules)?);
    match unpublished {
        Some(unpublished) => unpublished.publish(store).map_err(store_failure)?,
        None => drop(store),
    }
    Ok(print_results(&results, global.json, "imported"))
}

pub fn agent(global: &Global, action: AgentAction) -> Result<bool, Failure> {
    match action {
        AgentAction::Add { name, tools } => {
            let pool = tools.map(|list| list.split_whitespace().map(str::to_owned).collect());
            let id = with_world(global, |world| world.add_agent(&name, pool))?;
            emit(
                global,
                json!({"ok": true, "agent": name, "id": id.0}),
                || format!("added agent {name}"),
            );
        }
        AgentAction::Remove { name } => {
            // The habitat's rule: the agent's tokens go with it.
            let mut store = open(global)?;
            let mut tokens = skillworld_habitat::Tokens::load(&store).map_err(store_failure)?;
            skillworld_habitat::remove_agent(&mut store, &mut tokens, &name).map_err(|error| {
                match error {
                    skillworld_habitat::RemoveAgentError::World(e) => world_failure(e),
                    skillworld_habitat::RemoveAgentError::Store(e) => store_failure(e),
                }
            })?;
            emit(global, json!({"ok": true, "removed": name}), || {
                format!("removed agent {name}")
            });
        }
        AgentAction::Grant {
            owner,
            subject,
            access,
        } => {
            let level = match access.as_str() {
                "read" => Some(skillworld_world::Access::Read),
                "write" => Some(skillworld_world::Access::Write),
                _ => None,
            };
            with_world(global, |world| world.grant(&owner, &subject, level))?;
            emit(
                global,
                json!({"ok": true, "owner": owner, "subject": subject, "access": level}),
                || format!("{subject} may {access} {owner}'s private world"),
            );
        }
        AgentAction::List => {
            let store = open(global)?;
            let mut table = Table::new(&["AGENT", "STATE", "BINDINGS", "TOOLS"]);
            for agent in store.world().agents() {
                let value = json!({"name": agent.name, "enabled": agent.enabled, "tools": agent.tool_pool, "bindings": agent.bindings});
                let state = if agent.enabled { "enabled" } else { "disabled" };
                let cells = vec![
                    agent.name.clone(),
                    state.to_owned(),
                    agent.bindings.len().to_string(),
                    agent.tool_pool.join(" "),
                ];
                table.row(value, cells);
            }
            if table.is_empty() && !global.json {
                eprintln!("no agents yet; run: skillworld agent add NAME");
            }
            table.print(global);
        }
    }
    Ok(true)
}

fn scope(layer: &LayerArgs) -> Layer {
    layer_of(layer.commons, layer.agent.clone())
}

/// `export NAME --zip FILE`: one skill, as its layer sees it, as a zip.
pub fn export_zip(
    global: &Global,
    names: &[String],
    layer: &LayerArgs,
    file: &Path,
) -> Result<bool, Failure> {
    let [name] = names else {
        return Err(Failure::usage("--zip writes one skill: name exactly one"));
    };
    let (document, files) = bundle_as_seen(global, name, layer)?;
    let bytes = export_zip_bytes(&document, &files).map_err(|e| Failure::failed(e.to_string()))?;
    std::fs::write(file, bytes).map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
    let digest = skill_digest_of(&document, &files);
    emit(
        global,
        json!({"ok": true, "name": name, "zip": file, "digest": digest}),
        || format!("exported {name} to {} (digest {digest})", file.display()),
    );
    Ok(true)
}

/// `promote NAME --agent A` (no `to`) and `share NAME --agent A --to B`:
/// a copy with its provenance (GOV-3), made as the admin.
pub fn copy(global: &Global, name: &str, agent: &str, to: Option<&str>) -> Result<bool, Failure> {
    let from = Layer::Agent(agent.to_owned());
    let target = to.map_or(Layer::Commons, |to| Layer::Agent(to.to_owned()));
    with_world_in(global, &target, |world| {
        world.copy_skill(Caller::host(), &from, name, &target)
    })?;
    let place = to.map_or_else(|| "the Commons".to_owned(), |to| format!("agent {to}"));
    emit(
        global,
        json!({"ok": true, "name": name, "from": agent, "to": to.unwrap_or("commons")}),
        || format!("copied {name} from agent {agent} to {place}"),
    );
    Ok(true)
}

/// A skill as `layer` sees it, with its bundle files.
fn bundle_as_seen(
    global: &Global,
    name: &str,
    layer: &LayerArgs,
) -> Result<(SkillDocument, Vec<BundleFile>), Failure> {
    let scope = scope(layer);
    run_world(
        global,
        |world| world.bundle(&scope, name),
        failure_in(&scope),
    )
}

/// `digest --skill NAME`: the canonical digest a publisher signs (GOV-2).
pub fn skill_digest(global: &Global, name: &str, layer: &LayerArgs) -> Result<bool, Failure> {
    let (document, files) = bundle_as_seen(global, name, layer)?;
    let digest = skill_digest_of(&document, &files);
    emit(global, json!({"name": name, "digest": digest}), || {
        digest.clone()
    });
    Ok(true)
}

pub fn export(
    global: &Global,
    names: &[String],
    layer: &LayerArgs,
    to: &Path,
) -> Result<bool, Failure> {
    let scope = scope(layer);
    std::fs::create_dir_all(to).map_err(|e| Failure::usage(format!("{}: {e}", to.display())))?;
    let mut store = open(global)?;
    let mut all_ok = true;
    for name in names {
        let bundle = store
            .run(|world| world.bundle(&scope, name))
            .map_err(store_failure)?;
        match bundle {
            Ok((document, files)) => {
                let bundle = Bundle {
                    imported: Imported {
                        document,
                        warnings: Vec::new(),
                    },
                    files,
                    signature: None,
                };
                let report = install_bundle(&bundle, to, InstallOptions::default())
                    .map_err(|e| Failure::failed(e.to_string()))?;
                emit(
                    global,
                    json!({"ok": true, "name": name, "dir": report.dir}),
                    || format!("exported {name} to {}", report.dir.display()),
                );
            }
            Err(error) => {
                all_ok = false;
                emit(
                    global,
                    json!({"ok": false, "name": name, "error": error.to_string()}),
                    String::new,
                );
                eprintln!("error: {}", person::world_error(&error, Some(&scope)));
            }
        }
    }
    Ok(all_ok)
}

pub fn switch(
    global: &Global,
    action: &str,
    name: &str,
    layer: &LayerArgs,
) -> Result<bool, Failure> {
    let (switches, done) = match action {
        "enable" => (
            Switches {
                enabled: Some(true),
                ..Switches::default()
            },
            "enabled",
        ),
        "disable" => (
            Switches {
                enabled: Some(false),
                ..Switches::default()
            },
            "disabled",
        ),
        "pin" => (
            Switches {
                pinned: Some(true),
                ..Switches::default()
            },
            "pinned",
        ),
        "unpin" => (
            Switches {
                pinned: Some(false),
                ..Switches::default()
            },
            "unpinned",
        ),
        other => {
            return Err(Failure::usage(format!(
                "'{other}' is not enable, disable, pin or unpin"
            )));
        }
    };
    let scope = scope(layer);
    with_world_in(global, &scope, |world| world.set(&scope, name, switches))?;
    emit(
        global,
        json!({"ok": true, "name": name, "action": action}),
        || format!("{done} {name}"),
    );
    Ok(true)
}

/// `lessons list|edit|delete` (GOV-4). With `--agent`, the command acts as
/// that agent — its own lessons on the skill it sees; with `--commons`, as
/// the admin — every lesson on the Commons skill.
pub fn lessons(global: &Global, action: LessonAction) -> Result<bool, Failure> {
    let (LessonAction::List { name, layer }
    | LessonAction::Edit { name, layer, .. }
    | LessonAction::Delete { name, layer, .. }) = &action;
    let scope = scope(layer);
    let viewer = layer.agent.as_deref().filter(|_| !layer.commons);
    let caller = viewer.map_or_else(Caller::host, Caller::agent);
    let mut store = open(global)?;
    let home = match &scope {
        Layer::Agent(_) => store.world().locate(&scope, name),
        Layer::Commons => Ok(Layer::Commons),
    }
    .map_err(failure_in(&scope))?;
    let change = match &action {
        LessonAction::List { .. } => None,
        LessonAction::Edit { id, text, .. } => Some((*id, Some(text.clone()))),
        LessonAction::Delete { id, .. } => Some((*id, None)),
    };
    if let Some((id, text)) = change {
        let verb = if text.is_some() { "edited" } else { "deleted" };
        store
            .run(|world| world.change_lesson(caller, &home, name, id, text))
            .map_err(store_failure)?
            .map_err(failure_in(&scope))?;
        emit(
            global,
            json!({"ok": true, "skill": name, "id": id, verb: true}),
            || format!("{verb} lesson {id} of {name}"),
        );
        return Ok(true);
    }
    let lessons = store
        .world()
        .lessons(&home, name, viewer)
        .map_err(failure_in(&scope))?;
    let mut table = Table::new(&["ID", "RECORDED", "LESSON"]);
    for lesson in &lessons {
        let value = serde_json::to_value(lesson).expect("lessons serialise");
        table.row(
            value,
            vec![
                lesson.id.to_string(),
                time_text(lesson.at),
                lesson.text.clone(),
            ],
        );
    }
    table.print(global);
    Ok(true)
}

pub fn revisions(global: &Global, name: &str, layer: &LayerArgs) -> Result<bool, Failure> {
    let scope = scope(layer);
    let store = open(global)?;
    let revisions = store
        .world()
        .revisions(&scope, name)
        .map_err(failure_in(&scope))?;
    emit(
        global,
        json!({"name": name, "current": revisions.current}),
        || format!("{name}: current revision {}", revisions.current),
    );
    let mut table = Table::new(&["REVISION", "REPLACED", "DESCRIPTION"]);
    for kept in &revisions.kept {
        let value = json!({"revision": kept.number, "replaced_at": kept.replaced_at.as_millis(), "description": kept.record.summary});
        let cells = vec![
            kept.number.to_string(),
            time_text(kept.replaced_at),
            kept.record.summary.clone(),
        ];
        table.row(value, cells);
    }
    table.print(global);
    Ok(true)
}

pub fn revert(
    global: &Global,
    name: &str,
    revision: u64,
    layer: &LayerArgs,
) -> Result<bool, Failure> {
    let scope = scope(layer);
    let current = with_world_in(global, &scope, |world| world.revert(&scope, name, revision))?;
    emit(
        global,
        json!({"ok": true, "name": name, "restored": revision, "revision": current}),
        || format!("{name}: revision {revision} restored as revision {current}"),
    );
    Ok(true)
}

pub fn purge(global: &Global, days: u32) -> Result<bool, Failure> {
    let purged = with_world(global, |world| world.purge(days))?;
    emit(global, json!({"ok": true, "purged": purged}), || {
        format!("purged {purged} skill(s)")
    });
    Ok(true)
}

pub fn bind(global: &Global, agent: &str, skill: &str, bound: bool) -> Result<bool, Failure> {
    with_world(global, |world| {
        if bound {
            world.bind(agent, skill)
        } else {
            world.unbind(agent, skill)
        }
    })?;
    emit(
        global,
        json!({"ok": true, "agent": agent, "skill": skill, "bound": bound}),
        || {
            format!(
                "{} {agent} {} {skill}",
                if bound { "bound" } else { "unbound" },
                if bound { "to" } else { "from" }
            )
        },
    );
    Ok(true)
}

pub fn list(global: &Global, layer: &LayerArgs, all: bool) -> Result<bool, Failure> {
    let scope = layer_of(layer.commons, layer.agent.clone());
    let rows = with_world_in(global, &scope, |world| {
        let mut rows = world.rows(&scope, all)?;
        if let (true, Layer::Agent(agent)) = (all, &scope) {
            rows.extend(world.proposal_rows(agent)?);
        }
        Ok(rows)
    })?;
    let mut table = Table::new(&[
        "NAME",
        "LAYER",
        "ORIGIN",
        "STATUS",
        "LIFECYCLE",
        "REV",
        "DESCRIPTION",
    ]);
    for row in &rows {
        let cells = vec![
            row.name.clone(),
            row.layer.to_string(),
            row.origin.to_string(),
            row.status.to_string(),
            row.lifecycle.to_string(),
            row.revision.to_string(),
            row.description.clone(),
        ];
        table.row(serde_json::to_value(row).expect("rows serialise"), cells);
    }
    table.print(global);
    if rows.is_empty() {
        eprintln!(
            "error: no skills found; run: skillworld import DIR {}",
            match &scope {
                Layer::Commons => "--commons".to_owned(),
                Layer::Agent(agent) => format!("--agent {agent}"),
            }
        );
    }
    Ok(!rows.is_empty())
}

pub fn catalog(
    global: &Global,
    agent: &str,
    tokens: Option<u64>,
    chars: Option<usize>,
    format: &str,
    run: Option<String>,
    query: Option<String>,
) -> Result<bool, Failure> {
    let format: CatalogFormat = format.parse().map_err(Failure::usage)?;
    let budget = match (tokens, chars) {
        (_, Some(chars)) => Budget::Chars(chars),
        (tokens, None) => Budget::Tokens(tokens.unwrap_or(8192)),
    };
    let request = CatalogRequest {
        budget,
        format,
        run,
        query,
    };
    let layer = Layer::Agent(agent.to_owned());
    let text = with_world_in(global, &layer, |world| world.catalog(agent, &request))?;
    emit(
        global,
        json!({"ok": true, "agent": agent, "catalog": text}),
        || text.trim_end().to_owned(),
    );
    // The footer is for the model; a person also hears why and what to run.
    if person::hints_wanted()
        && let Some(hint) = person::catalog_hint(&text, agent, tokens, chars)
    {
        eprintln!("{hint}");
    }
    Ok(true)
}

pub fn load(
    global: &Global,
    agent: &str,
    skill: &str,
    file: Option<String>,
    page: Option<usize>,
    run: Option<String>,
) -> Result<bool, Failure> {
    let request = LoadRequest {
        name: skill,
        file: file.as_deref(),
        page,
        run: run.as_deref(),
        ..LoadRequest::default()
    };
    let layer = Layer::Agent(agent.to_owned());
    let loaded = with_world_in(global, &layer, |world| world.load(agent, request))?;
    let value = json!({
        "ok": true, "name": loaded.name, "content": loaded.text, "resources": loaded.resources,
        "revision": loaded.revision, "already_loaded": loaded.already_loaded,
    });
    emit(global, value, || loaded.text.trim_end().to_owned());
    if person::hints_wanted()
        && let Some(hint) = person::load_hint(&loaded.text, agent, skill, file.as_deref())
    {
        eprintln!("{hint}");
    }
    Ok(true)
}

/// A tool call through the habitat service, as the server makes it: the
/// world's policy, then a script with its skill's secrets.
pub fn tool(global: &Global, call: ToolCall<'_>) -> Result<bool, Failure> {
    let kind: CallerKind = call.caller.parse().map_err(Failure::usage)?;
    let args: Value = serde_json::from_str(call.args)
        .map_err(|e| Failure::usage(format!("the tool arguments are not JSON: {e}")))?;
    let caller = Caller {
        agent: Some(call.agent.to_owned()),
        kind,
        run: None,
        allowed_tools: call.allow.to_vec(),
        denied_tools: call.deny.to_vec(),
    };
    let result = habitat_service(global, |habitat| async move {
        habitat.call_tool(caller, call.tool, args).await
    })?;
    crate::say(&result);
    Ok(result.get("error").is_none())
}

/// Runs one call of the habitat service (the same the server makes) over
/// the database, to its end.
fn habitat_service<T, F>(
    global: &Global,
    call: impl FnOnce(std::sync::Arc<Habitat>) -> F,
) -> Result<T, Failure>
where
    F: std::future::Future<Output = Result<T, HabitatError>>,
{
    let habitat = std::sync::Arc::new(crate::open::open_habitat(global)?);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))?;
    runtime
        .block_on(call(habitat))
        .map_err(|error| match error {
            HabitatError::World(error) => world_failure(error),
            HabitatError::Store(error) => store_failure(error),
            other => Failure::failed(other.to_string()),
        })
}

/// What `skillworld tool` was asked.
pub struct ToolCall<'a> {
    pub agent: &'a str,
    pub caller: &'a str,
    pub tool: &'a str,
    pub args: &'a str,
    pub allow: &'a [String],
    pub deny: &'a [String],
}

fn snapshot_value(info: &SnapshotInfo) -> Value {
    json!({"name": info.name, "kind": info.kind, "at": info.at.as_millis(), "seq": info.seq, "digest": info.digest})
}

/// One snapshot a command made or used, as a sentence.
fn print_snapshot(global: &Global, info: &SnapshotInfo, verb: &str) {
    emit(global, snapshot_value(info), || {
        format!(
            "{verb} snapshot {}: {} at journal seq {}, taken {}, digest {}",
            info.name,
            format!("{:?}", info.kind).to_lowercase(),
            info.seq,
            time_text(info.at),
            digest_text(info)
        )
    });
}

/// A snapshot's digest, or that the store is still computing it.
fn digest_text(info: &SnapshotInfo) -> String {
    info.digest.clone().unwrap_or_else(|| "pending".into())
}

/// A stored time as RFC 3339 (milliseconds when out of range).
fn time_text(at: Timestamp) -> String {
    jiff::Timestamp::from_millisecond(at.as_millis())
        .map_or_else(|_| at.as_millis().to_string(), |t| t.to_string())
}

pub fn snapshot(global: &Global, action: SnapshotAction) -> Result<bool, Failure> {
    let mut store = open(global)?;
    let failed = |e: StoreError| Failure::failed(person::store_error(&e));
    match action {
        SnapshotAction::Save { name } => {
            store.save_snapshot(&name).map_err(failed)?;
            // The digest is computed behind the save; one command waits.
            store.wait_for_digests();
            print_snapshot(
                global,
                &store.snapshot_info(&name).map_err(failed)?,
                "saved",
            )
        }
        SnapshotAction::List => {
            let mut table = Table::new(&["NAME", "KIND", "SEQ", "TAKEN", "DIGEST"]);
            for info in store.snapshots().map_err(failed)? {
                let cells = vec![
                    info.name.clone(),
                    format!("{:?}", info.kind).to_lowercase(),
                    info.seq.to_string(),
                    time_text(info.at),
                    digest_text(&info),
                ];
                table.row(snapshot_value(&info), cells);
            }
            if table.is_empty() && !global.json {
                eprintln!("no snapshots yet; run: skillworld snapshot save NAME");
            }
            table.print(global);
        }
        SnapshotAction::Restore { name } => {
            let info = store.restore_snapshot(&name).map_err(failed)?;
            // Loading the tokens revokes those of agents the restore took
            // away, before an agent added later could take their identity.
            skillworld_habitat::Tokens::load(&store).map_err(store_failure)?;
            print_snapshot(global, &info, "restored")
        }
        SnapshotAction::Delete { name } => {
            store.delete_snapshot(&name).map_err(failed)?;
            emit(global, json!({"ok": true, "deleted": name}), || {
                format!("deleted {name}")
            });
        }
        SnapshotAction::Export { name, file } => {
            let text = store.export_snapshot(&name).map_err(failed)?;
            write_file(&file, &text)?;
            emit(
                global,
                json!({"ok": true, "exported": name, "file": file}),
                || format!("exported {name} to {}", file.display()),
            );
        }
        SnapshotAction::Import { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
            print_snapshot(
                global,
                &store.import_snapshot(&text).map_err(failed)?,
                "imported",
            );
        }
    }
    Ok(true)
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))
}

/// The workspace the curator moves archived bundles in: `workspace/`
/// beside the database.
fn workspace_root(store: &Store) -> PathBuf {
    store
        .path()
        .parent()
        .unwrap_or(Path::new("."))
        .join("workspace")
}

pub fn curate(global: &Global, action: CurateAction) -> Result<bool, Failure> {
    let mut store = open(global)?;
    let failed = |e: StoreError| Failure::failed(person::store_error(&e));
    let host = |store: &mut Store, command: Command| -> Result<(), Failure> {
        store
            .run(|world| world.execute(Caller::host(), command))
            .map_err(store_failure)?
            .map_err(world_failure)?;
        Ok(())
    };
    match action {
        CurateAction::Status => {
            let status = store
                .run(curator_status)
                .map_err(store_failure)?
                .map_err(world_failure)?;
            emit(
                global,
                serde_json::to_value(&status).expect("status serialises"),
                || {
                    format!(
                        "curator: {}{}
scope {:?}, schedule '{}', last run {}, next run {}
active {}, stale {}, archived {}, pinned {}, blocked by bindings {}",
                        if status.activated {
                            "activated"
                        } else {
                            "not activated (dry-runs only)"
                        },
                        if status.paused { ", paused" } else { "" },
                        status.scope,
                        status.schedule,
                        status
                            .last_run
                            .map_or("never".into(), |t| t.as_millis().to_string()),
                        status
                            .next_run
                            .map_or("-".into(), |t| t.as_millis().to_string()),
                        status.active,
                        status.stale,
                        status.archived,
                        status.pinned,
                        status.blocked_by_bindings
                    )
                },
            );
        }
        CurateAction::DryRun | CurateAction::Run => {
            let dry_run = matches!(action, CurateAction::DryRun);
            let root = workspace_root(&store);
            let report = store.curate(dry_run, Some(&root)).map_err(failed)?;
            emit(
                global,
                serde_json::to_value(&report).expect("reports serialise"),
                || report_markdown(&report).trim_end().to_owned(),
            );
        }
        CurateAction::Activate => host(&mut store, Command::CuratorActivate)?,
        CurateAction::Pause => host(&mut store, Command::CuratorPause)?,
        CurateAction::Resume => host(&mut store, Command::CuratorResume)?,
        CurateAction::Restore { name, layer } => {
            drop(store);
            let layer = scope(&layer);
            let restored = name.clone();
            habitat_service(global, |habitat| async move {
                habitat.restore(Caller::host(), layer, restored).await
            })?;
            emit(global, json!({"ok": true, "restored": name}), || {
                format!("restored {name}")
            });
        }
        CurateAction::Archive { name, force, layer } => {
            drop(store);
            let layer = scope(&layer);
            let archived = name.clone();
            habitat_service(global, |habitat| async move {
                habitat
                    .archive(Caller::host(), layer, archived, force)
                    .await
            })?;
            emit(global, json!({"ok": true, "archived": name}), || {
                format!("archived {name}")
            });
        }
        CurateAction::Settings { ron: None } => {
            let settings = store.world().curator_settings().clone();
            emit(
                global,
                serde_json::to_value(&settings).expect("settings serialise"),
                || {
                    ron::ser::to_string_pretty(&settings, ron::ser::PrettyConfig::default())
                        .expect("settings serialise")
                },
            );
        }
        CurateAction::Settings { ron: Some(text) } => {
            let settings: CuratorSettings = ron::from_str(&text)
                .map_err(|e| Failure::usage(format!("the settings are not valid RON: {e}")))?;
            host(&mut store, Command::CuratorConfigure { settings })?;
            emit(global, json!({"ok": true}), || "settings saved".to_owned());
        }
    }
    Ok(true)
}

pub fn replay(global: &Global, from: &str) -> Result<bool, Failure> {
    let store = open(global)?;
    let world = store
        .replay(from)
        .map_err(|e| Failure::failed(e.to_string()))?;
    print_digest(global, &world)?;
    Ok(true)
}

pub fn digest(global: &Global) -> Result<bool, Failure> {
    let store = open(global)?;
    print_digest(global, store.world())?;
    Ok(true)
}

fn print_digest(global: &Global, world: &SkillWorld) -> Result<(), Failure> {
    let digest = world
        .try_digest()
        .map_err(|e| Failure::failed(e.to_string()))?;
    emit(global, json!({"digest": digest}), || {
        format!("digest {digest}")
    });
    Ok(())
}
