//! The world commands of SPEC CLI-1, on the store.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use skillworld_core::Timestamp;
use skillworld_format::{Bundle, Imported, InstallOptions, install_bundle};
use skillworld_habitat::{RunLimits, run_tool};
use skillworld_store::{
    OpenOptions, SnapshotInfo, Store, StoreError, shipped_commons, sync_shipped, sync_workspace,
};
use skillworld_world::{
    Budget, Caller, CallerKind, CatalogFormat, CatalogRequest, Clock, Layer, LoadRequest,
    SkillWorld, WorldError,
};

use skillworld_store::{curator_status, move_aside, move_back, report_markdown};
use skillworld_world::{Command, CuratorSettings, Switches};

use crate::discover::find_skills;
use crate::report::{SkillResult, print_results, progress};
use crate::{AgentAction, CurateAction, Failure, LayerArgs, SnapshotAction};

/// The global options.
pub struct Global {
    pub json: bool,
    pub db: Option<PathBuf>,
    pub now: Option<String>,
}

/// `world.redb` in the data directory (`$XDG_DATA_HOME/skillworld`, else
/// `~/.local/share/skillworld`).
fn default_db() -> Result<PathBuf, Failure> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .ok_or_else(|| Failure::usage("no data directory: set --db, SKILLWORLD_DB or HOME"))?;
    let dir = base.join("skillworld");
    std::fs::create_dir_all(&dir).map_err(|e| Failure::usage(format!("{}: {e}", dir.display())))?;
    Ok(dir.join("world.redb"))
}

fn clock(global: &Global) -> Result<Clock, Failure> {
    match &global.now {
        None => Ok(Clock::Wall),
        Some(text) => {
            let at: jiff::Timestamp = text.parse().map_err(|e| {
                Failure::usage(format!("--now '{text}' is not an RFC 3339 time: {e}"))
            })?;
            Ok(Clock::Simulated(Timestamp::from_millis(
                at.as_millisecond(),
            )))
        }
    }
}

/// The database the global options name.
pub fn db_path(global: &Global) -> Result<PathBuf, Failure> {
    match &global.db {
        Some(path) => Ok(path.clone()),
        None => default_db(),
    }
}

/// Opens (or creates, seeded with the shipped Commons) the database, and
/// syncs the shipped Commons into it.
pub(crate) fn open(global: &Global) -> Result<Store, Failure> {
    open_at(global, &db_path(global)?)
}

/// [`open`] at `path`; a database a server holds is refused at once,
/// naming the server.
pub fn open_at(global: &Global, path: &Path) -> Result<Store, Failure> {
    let options = OpenOptions {
        clock: Some(clock(global)?),
        platform: None,
        seed: shipped_commons(),
    };
    let mut store = Store::open(path, options).map_err(|error| match error {
        StoreError::InUse { .. } => match crate::habitat::holder_of(path) {
            Some(holder) => Failure::usage(format!(
                "{}: in use by {holder}; use its HTTP API meanwhile",
                path.display()
            )),
            None => Failure::usage(error.to_string()),
        },
        other => Failure::usage(other.to_string()),
    })?;
    store
        .run(|world| sync_shipped(world, shipped_commons()))
        .map_err(store_failure)?
        .map_err(world_failure)?;
    Ok(store)
}

pub(crate) fn store_failure(error: StoreError) -> Failure {
    Failure::usage(error.to_string())
}

pub(crate) fn world_failure(error: WorldError) -> Failure {
    Failure::failed(error.to_string())
}

/// Runs `work` on the world and commits what it wrote.
fn with_world<T>(
    global: &Global,
    work: impl FnOnce(&mut SkillWorld) -> Result<T, WorldError>,
) -> Result<T, Failure> {
    let mut store = open(global)?;
    store
        .run(work)
        .map_err(store_failure)?
        .map_err(world_failure)
}

fn layer_of(commons: bool, agent: Option<String>) -> Layer {
    match agent {
        Some(name) if !commons => Layer::Agent(name),
        _ => Layer::Commons,
    }
}

pub(crate) fn emit(global: &Global, value: Value, human: impl FnOnce() -> String) {
    if global.json {
        crate::say(value);
    } else {
        let text = human();
        if !text.is_empty() {
            crate::say(text);
        }
    }
}

pub fn import(
    global: &Global,
    paths: &[PathBuf],
    commons: bool,
    agent: Option<String>,
) -> Result<bool, Failure> {
    let targets = find_skills(paths)?;
    let layer = layer_of(commons, agent);
    let mut store = open(global)?;
    let bar = progress(targets.len());
    let mut results = Vec::with_capacity(targets.len());
    for target in &targets {
        let result = match target.read_bundle().and_then(|raw| raw.import()) {
            Err(error) => SkillResult::failed(target.path(), error),
            Ok(bundle) => {
                let name = bundle.imported.document.name.clone();
                let installed = store
                    .run(|world| world.install(&layer, bundle.imported.document, bundle.files))
                    .map_err(store_failure)?;
                let mut result = SkillResult::new(target.path());
                result.name = Some(name);
                result.warnings = bundle.imported.warnings;
                match installed {
                    Ok(_) => result.ok = true,
                    Err(error) => result.errors.push(error.to_string()),
                }
                result
            }
        };
        results.push(result);
        bar.inc(1);
    }
    bar.finish_and_clear();
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
            for agent in store.world().agents() {
                let value = json!({"name": agent.name, "enabled": agent.enabled, "tools": agent.tool_pool, "bindings": agent.bindings});
                emit(global, value, || {
                    format!(
                        "{}\t{}\t{}",
                        agent.name,
                        if agent.enabled { "enabled" } else { "disabled" },
                        agent.tool_pool.join(" ")
                    )
                });
            }
        }
    }
    Ok(true)
}

fn scope(layer: &LayerArgs) -> Layer {
    layer_of(layer.commons, layer.agent.clone())
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
                eprintln!("error: {error}");
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
    with_world(global, |world| world.set(&scope, name, switches))?;
    emit(
        global,
        json!({"ok": true, "name": name, "action": action}),
        || format!("{done} {name}"),
    );
    Ok(true)
}

pub fn revisions(global: &Global, name: &str, layer: &LayerArgs) -> Result<bool, Failure> {
    let scope = scope(layer);
    let store = open(global)?;
    let revisions = store
        .world()
        .revisions(&scope, name)
        .map_err(world_failure)?;
    emit(
        global,
        json!({"name": name, "current": revisions.current}),
        || format!("{name}: current revision {}", revisions.current),
    );
    for kept in &revisions.kept {
        let value = json!({"revision": kept.number, "replaced_at": kept.replaced_at.as_millis(), "description": kept.record.summary});
        emit(global, value, || {
            format!("  revision {}	{}", kept.number, kept.record.summary)
        });
    }
    Ok(true)
}

pub fn revert(
    global: &Global,
    name: &str,
    revision: u64,
    layer: &LayerArgs,
) -> Result<bool, Failure> {
    let scope = scope(layer);
    let current = with_world(global, |world| world.revert(&scope, name, revision))?;
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
    let rows = with_world(global, |world| world.rows(&scope, all))?;
    for row in &rows {
        emit(
            global,
            serde_json::to_value(row).expect("rows serialise"),
            || {
                format!(
                    "{}\t{}\t{}\t{}\t{}\trev {}\t{}",
                    row.name,
                    row.layer,
                    row.origin,
                    row.status,
                    row.lifecycle,
                    row.revision,
                    row.description
                )
            },
        );
    }
    if rows.is_empty() {
        eprintln!("error: no skills found");
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
    };
    let text = with_world(global, |world| world.catalog(agent, &request))?;
    emit(
        global,
        json!({"ok": true, "agent": agent, "catalog": text}),
        || text.trim_end().to_owned(),
    );
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
    let loaded = with_world(global, |world| world.load(agent, request))?;
    let value = json!({
        "ok": true, "name": loaded.name, "content": loaded.text, "resources": loaded.resources,
        "revision": loaded.revision, "already_loaded": loaded.already_loaded,
    });
    emit(global, value, || loaded.text.trim_end().to_owned());
    Ok(true)
}

pub fn tool(
    global: &Global,
    agent: &str,
    caller: &str,
    tool: &str,
    args: &str,
) -> Result<bool, Failure> {
    let kind = match caller {
        "visible" => CallerKind::Visible,
        "invisible" => CallerKind::Invisible,
        "subagent" => CallerKind::Subagent,
        other => {
            return Err(Failure::usage(format!(
                "--caller '{other}' is not visible, invisible or subagent"
            )));
        }
    };
    let args: Value = serde_json::from_str(args)
        .map_err(|e| Failure::usage(format!("the tool arguments are not JSON: {e}")))?;
    let caller = Caller {
        agent: Some(agent.to_owned()),
        kind,
        ..Caller::default()
    };
    let mut store = open(global)?;
    // Script tools run from the materialised workspace beside the database.
    let workspace = workspace_root(&store);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))?;
    let result = store
        .run(|world| {
            sync_workspace(world, &workspace).map_err(|e| e.to_string())?;
            let secrets = std::collections::BTreeMap::new();
            let call = run_tool(
                world,
                &workspace,
                &caller,
                tool,
                &args,
                &secrets,
                RunLimits::default(),
            );
            Ok::<Value, String>(runtime.block_on(call))
        })
        .map_err(store_failure)?
        .map_err(Failure::failed)?;
    crate::say(&result);
    Ok(result.get("error").is_none())
}

fn print_snapshot(global: &Global, info: &SnapshotInfo, verb: &str) {
    let value = json!({"name": info.name, "kind": info.kind, "at": info.at.as_millis(), "seq": info.seq, "digest": info.digest});
    emit(global, value, || {
        format!(
            "{verb}{}\t{:?}\tseq {}\tdigest {}",
            info.name, info.kind, info.seq, info.digest
        )
    });
}

pub fn snapshot(global: &Global, action: SnapshotAction) -> Result<bool, Failure> {
    let mut store = open(global)?;
    let failed = |e: StoreError| Failure::failed(e.to_string());
    match action {
        SnapshotAction::Save { name } => print_snapshot(
            global,
            &store.save_snapshot(&name).map_err(failed)?,
            "saved ",
        ),
        SnapshotAction::List => {
            for info in store.snapshots().map_err(failed)? {
                print_snapshot(global, &info, "");
            }
        }
        SnapshotAction::Restore { name } => {
            let info = store.restore_snapshot(&name).map_err(failed)?;
            // Loading the tokens revokes those of agents the restore took
            // away, before an agent added later could take their identity.
            skillworld_habitat::Tokens::load(&store).map_err(store_failure)?;
            print_snapshot(global, &info, "restored ")
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
                "imported ",
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
    let failed = |e: StoreError| Failure::failed(e.to_string());
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
            let scope = scope(&layer);
            store
                .run(|world| world.restore(&scope, &name))
                .map_err(store_failure)?
                .map_err(world_failure)?;
            move_back(&workspace_root(&store), &scope, &name).map_err(failed)?;
            emit(global, json!({"ok": true, "restored": name}), || {
                format!("restored {name}")
            });
        }
        CurateAction::Archive { name, force, layer } => {
            let scope = scope(&layer);
            store
                .run(|world| world.archive(&scope, &name, force))
                .map_err(store_failure)?
                .map_err(world_failure)?;
            let now = store.world().now();
            move_aside(&workspace_root(&store), &scope, &name, now).map_err(failed)?;
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
    print_digest(global, &world);
    Ok(true)
}

pub fn digest(global: &Global) -> Result<bool, Failure> {
    let store = open(global)?;
    print_digest(global, store.world());
    Ok(true)
}

fn print_digest(global: &Global, world: &SkillWorld) {
    let digest = world.digest();
    emit(global, json!({"digest": digest}), || {
        format!("digest {digest}")
    });
}
