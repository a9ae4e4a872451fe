//! `serve` and the habitat's own data on the database: tokens, secrets,
//! preflight (SPEC CLI-1, HAB).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::json;
use skillworld_habitat::{
    DEFAULT_MAX_BODY_BYTES, Habitat, HabitatOptions, ServeConfig, TokenKind, configure_tool_sets,
    router_with, serve as serve_router,
};
use skillworld_store::Store;
use skillworld_world::Layer;

use crate::open::{Global, data_dir, db_path, holder_file, open_at, open_habitat, world_failure};
use crate::table::Table;
use crate::{Failure, LayerArgs, SecretAction, TokenAction};

/// Where a server's world lives: a local file, or a shared store (STO-7).
enum Backing {
    Local(Box<Store>),
    Shared(String),
}

/// The default port (HAB-1).
pub const DEFAULT_PORT: u16 = 4780;

/// `serve`'s options, after flags and environment variables.
pub struct ServeArgs {
    pub port: Option<u16>,
    pub listen: Option<IpAddr>,
    pub config: Option<PathBuf>,
    pub secret_key: Option<String>,
    /// Live folders (HAB-7), besides the configuration's `watch`.
    pub watch: Vec<skillworld_habitat::WatchSpec>,
    pub review_model: Option<Arc<dyn skillworld_evolve::ReviewModel>>,
}

pub fn serve(global: &Global, args: ServeArgs) -> Result<bool, Failure> {
    let config = match &args.config {
        Some(path) => ServeConfig::read(path).map_err(|e| Failure::usage(e.to_string()))?,
        None => ServeConfig::default(),
    };
    let db = match (&global.db, &config.db) {
        (Some(db), _) | (None, Some(db)) => db.clone(),
        (None, None) => db_path(global)?,
    };
    let backing = match crate::open::shared_store(global)? {
        Some(url) => Backing::Shared(url),
        None => {
            let mut store = open_at(global, &db)?;
            configure_tool_sets(&mut store, &config.tool_sets)
                .map_err(|e| Failure::usage(e.to_string()))?;
            skillworld_habitat::configure_trust_policy(
                &mut store,
                config.needs_approval.as_deref(),
            )
            .map_err(|e| Failure::usage(e.to_string()))?;
            Backing::Local(Box::new(store))
        }
    };
    let options = HabitatOptions {
        data_dir: data_dir(&db),
        secret_key: args.secret_key.or(config.secret_key),
        flags: config.flags.into_iter().collect(),
        max_body_bytes: config.max_body_bytes.unwrap_or(DEFAULT_MAX_BODY_BYTES),
        probe_endpoints: config.probe_endpoints.unwrap_or(true),
        review_model: args.review_model,
        sandbox: Arc::new(config.sandbox),
        env_passthrough: config.env_passthrough.into(),
        script_timeout: config.script_timeout_seconds.map_or(
            skillworld_habitat::DEFAULT_TIMEOUT,
            std::time::Duration::from_secs,
        ),
        allow_private_urls: config.allow_private_urls,
    };
    let address = SocketAddr::new(
        args.listen
            .or(config.listen)
            .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        args.port.or(config.port).unwrap_or(DEFAULT_PORT),
    );
    let mut options = options;
    // An ephemeral port (0) is known only once bound; the habitat then
    // listens on loopback, which the sandbox refuses anyway.
    Arc::make_mut(&mut options.sandbox).habitat_port =
        Some(address.port()).filter(|port| *port != 0);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))?;
    runtime.block_on(async move {
        crate::doctor::announce(&options.sandbox).await;
        let shared = matches!(backing, Backing::Shared(_));
        let habitat = Arc::new(match backing {
            Backing::Local(store) => {
                Habitat::new(*store, options).map_err(|e| Failure::usage(e.to_string()))?
            }
            Backing::Shared(url) => {
                let node = format!("{address}/{}", std::process::id());
                crate::node::habitat(
                    global,
                    &url,
                    &db,
                    &node,
                    config.shared_journal_limit,
                    options,
                )?
            }
        });
        if shared {
            crate::node::start(&habitat, &config.tool_sets, config.needs_approval.clone()).await?;
        }
        // The Commons' endpoints first (one bounded round, before anyone
        // is served), so the readiness stored next is not a guess.
        habitat.probe_commons().await;
        let checked = habitat
            .write({
                let habitat = habitat.clone();
                move |store| habitat.refresh_all_preflight(store)
            })
            .await
            .map_err(|e| Failure::failed(e.to_string()))?;
        tracing::info!(skills = checked, "preflight done");
        if let Some(token) = habitat
            .first_admin_token()
            .await
            .map_err(|e| Failure::usage(e.to_string()))?
        {
            eprintln!(
                "admin token (shown once; also in {}):\n{token}",
                habitat
                    .options()
                    .data_dir
                    .join(skillworld_habitat::ADMIN_TOKEN_FILE)
                    .display()
            );
        }
        let jobs = start_jobs(&habitat, config.jobs);
        let mut watches = Vec::new();
        for spec in args.watch.into_iter().chain(config.watch) {
            let dir = spec.dir.display().to_string();
            let (watch, report) = habitat
                .watch_folder(spec)
                .await
                .map_err(|e| Failure::usage(format!("--watch {dir}: {e}")))?;
            if report.standby {
                eprintln!("watching {dir}: standby (another node of the shared store watches it)");
            } else {
                eprintln!(
                    "watching {dir}: {} imported, {} archived, {} failed",
                    report.installed.len(),
                    report.archived.len(),
                    report.failed.len()
                );
            }
            for failure in &report.failed {
                eprintln!("  {failure}");
            }
            watches.push(watch);
        }
        let shutdown = shutdown_signal()?;
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| Failure::usage(format!("cannot listen on {address}: {e}")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| Failure::usage(e.to_string()))?;
        let holder = holder_file(&db);
        let _ = std::fs::write(
            &holder,
            format!(
                "skillworld serve (pid {}) at http://{bound}\n",
                std::process::id()
            ),
        );
        eprintln!(
            "skillworld habitat listening on http://{bound} (world {})",
            db.display()
        );
        // The MCP endpoint and registrations (skillworld-mcp) beside the
        // HAB-1 routes, in one OpenAPI document.
        let app = router_with(habitat.clone(), skillworld_mcp::mcp_routes(habitat.clone()));
        let served = serve_router(listener, app, shutdown).await;
        jobs.abort();
        drop(watches);
        let _ = std::fs::remove_file(&holder);
        served.map_err(|e| Failure::failed(format!("the server stopped: {e}")))?;
        eprintln!("skillworld habitat stopped");
        Ok(true)
    })
}

/// Runs the scheduled jobs (HAB-6) on the world's clock, MCP refresh
/// included, until the returned task is aborted.
fn start_jobs(
    habitat: &Arc<Habitat>,
    settings: skillworld_habitat::JobSettings,
) -> tokio::task::JoinHandle<()> {
    habitat.jobs().configure(settings);
    let refresh: skillworld_habitat::RefreshHook = Arc::new(|habitat: Arc<Habitat>| {
        Box::pin(async move {
            let servers = habitat
                .read(|store| skillworld_mcp::registrations(store, habitat.secrets()))
                .await
                .map_err(|e| e.to_string())?;
            let count = servers.len();
            let mut failed = Vec::new();
            for server in servers {
                let refreshed = skillworld_mcp::refresh_habitat(&habitat, server).await;
                if let Some(error) = refreshed.error {
                    failed.push(format!("{}: {error}", refreshed.server.name));
                }
            }
            match failed.is_empty() {
                true => Ok(format!("{count} servers refreshed")),
                false => Err(failed.join("; ")),
            }
        })
    });
    habitat.set_mcp_refresh(refresh);
    tokio::spawn(skillworld_habitat::drive_jobs(
        habitat.clone(),
        std::time::Duration::from_secs(30),
        std::future::pending(),
    ))
}

/// A future that resolves on SIGINT or SIGTERM. The handlers are in place
/// when this returns, so a signal right after start is not missed.
fn shutdown_signal() -> Result<impl std::future::Future<Output = ()>, Failure> {
    use tokio::signal::unix::{SignalKind, signal};
    let failed = |e: std::io::Error| Failure::usage(format!("cannot watch signals: {e}"));
    let mut interrupt = signal(SignalKind::interrupt()).map_err(failed)?;
    let mut terminate = signal(SignalKind::terminate()).map_err(failed)?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// Runs `work` with a habitat over the database (not serving): for the
/// commands that manage its tokens, secrets and preflight.
fn with_habitat<T>(
    global: &Global,
    work: impl FnOnce(&Habitat, &mut Store) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let habitat = open_habitat(global)?;
    local_runtime()?.block_on(habitat.read(|store| work(&habitat, store)))
}

/// A runtime on this thread for a command's habitat work.
fn local_runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::usage(format!("cannot start the runtime: {e}")))
}

fn failed(error: impl std::fmt::Display) -> Failure {
    Failure::failed(error.to_string())
}

pub fn token(global: &Global, action: TokenAction) -> Result<bool, Failure> {
    with_habitat(global, |habitat, store| {
        match action {
            TokenAction::Create {
                admin,
                agent,
                read_only,
            } => {
                let kind = match (admin, read_only) {
                    (true, _) => TokenKind::Admin,
                    (false, true) => TokenKind::AgentReadOnly,
                    (false, false) => TokenKind::Agent,
                };
                if let Some(agent) = &agent {
                    store.world().agent(agent).map_err(world_failure)?;
                }
                let now = store.world().now();
                let (_, token) = habitat
                    .tokens_mut()
                    .create(store, kind, agent, now)
                    .map_err(failed)?;
                crate::say(token);
            }
            TokenAction::List => {
                let mut table = Table::new(&["ID", "KIND", "AGENT"]);
                for record in habitat.tokens().list() {
                    let value = serde_json::to_value(&record).expect("records serialise");
                    let cells = vec![
                        record.id.to_string(),
                        value["kind"].as_str().unwrap_or_default().to_owned(),
                        record.agent.as_deref().unwrap_or("-").to_owned(),
                    ];
                    table.row(value, cells);
                }
                table.print(global);
            }
            TokenAction::Revoke { id } => {
                if !habitat.tokens_mut().revoke(store, &id).map_err(failed)? {
                    return Err(Failure::failed(format!(
                        "no token with id '{id}'; run: skillworld token list"
                    )));
                }
                crate::say(if global.json {
                    json!({"ok": true, "revoked": id}).to_string()
                } else {
                    format!("revoked {id}")
                });
            }
        }
        Ok(true)
    })
}

fn layer_of(layer: &LayerArgs) -> Layer {
    match &layer.agent {
        Some(agent) if !layer.commons => Layer::Agent(agent.clone()),
        _ => Layer::Commons,
    }
}

pub fn secret(global: &Global, action: SecretAction) -> Result<bool, Failure> {
    with_habitat(global, |habitat, store| {
        match action {
            SecretAction::Set {
                skill,
                key,
                value,
                layer,
            } => {
                let layer = layer_of(&layer);
                store
                    .world()
                    .locate(&layer, &skill)
                    .map_err(world_failure)?;
                habitat
                    .set_secret(store, &layer, &skill, &key, &value)
                    .map_err(failed)?;
                let said = if value.is_empty() { "deleted" } else { "set" };
                crate::say(if global.json {
                    json!({"ok": true, "skill": skill, "key": key, said: true}).to_string()
                } else {
                    format!("{said} {key} of {skill}")
                });
            }
            SecretAction::Delete { skill, key, layer } => {
                let layer = layer_of(&layer);
                habitat
                    .set_secret(store, &layer, &skill, &key, "")
                    .map_err(failed)?;
                crate::say(if global.json {
                    json!({"ok": true, "skill": skill, "key": key, "deleted": true}).to_string()
                } else {
                    format!("deleted {key} of {skill}")
                });
            }
            SecretAction::List { skill, layer } => {
                let mut table = Table::new(&["KEY", "PREVIEW"]);
                for item in habitat
                    .list_secrets(store, &layer_of(&layer), &skill, false)
                    .map_err(failed)?
                {
                    let cells = vec![item.key.clone(), item.preview.clone()];
                    table.row(
                        serde_json::to_value(&item).expect("secrets serialise"),
                        cells,
                    );
                }
                table.print(global);
            }
        }
        Ok(true)
    })
}

/// Readiness per skill (HAB-4): for an agent (its tools, its secrets over
/// the Commons'), else at host level for the Commons.
pub fn preflight(
    global: &Global,
    agent: Option<String>,
    skill: Option<String>,
) -> Result<bool, Failure> {
    // The Commons skills' endpoints are probed first (a bounded round,
    // nothing held); preflight then reads the results.
    let habitat = open_habitat(global)?;
    let runtime = local_runtime()?;
    runtime.block_on(habitat.probe_commons());
    runtime.block_on(habitat.read(|store| {
        let layer = match &agent {
            Some(agent) => Layer::Agent(agent.clone()),
            None => Layer::Commons,
        };
        let tools = match &agent {
            Some(agent) => Some(
                store
                    .world()
                    .agent(agent)
                    .map_err(world_failure)?
                    .tool_pool
                    .clone(),
            ),
            None => None,
        };
        let names: Vec<String> = match skill {
            Some(skill) => vec![skill],
            None => store
                .run(|world| world.rows(&layer, false))
                .map_err(failed)?
                .map_err(failed)?
                .into_iter()
                .map(|row| row.name)
                .collect(),
        };
        let mut all_ready = true;
        let mut table = Table::new(&["SKILL", "READINESS", "MISSING"]);
        for name in names {
            let home = store.world().locate(&layer, &name).map_err(world_failure)?;
            let document = store.world().skill_document(&home, &name).map_err(failed)?;
            let offer = agent.as_deref().zip(tools.as_deref());
            let checked = habitat
                .preflight_of(store, &document.skill, &home, &name, offer)
                .map_err(failed)?;
            all_ready &= checked.readiness == skillworld_core::Readiness::Ready;
            let value =
                json!({"name": name, "readiness": checked.readiness, "missing": checked.missing});
            let cells = vec![
                name,
                checked.readiness.as_str().to_owned(),
                checked.missing.join("; "),
            ];
            table.row(value, cells);
        }
        table.print(global);
        Ok(all_ready)
    }))
}
