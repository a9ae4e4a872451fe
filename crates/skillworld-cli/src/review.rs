//! `review` and `runs` (SPEC CLI-1, EVO-2): one evolve or maintain run
//! with the configured OpenAI-compatible model, and the recorded runs.

use std::path::Path;

use serde_json::{Value, json};
use skillworld_evolve::{
    EvolveError, OpenAiCompatible, OpenAiConfig, ReviewRequest, review as run_review,
};
use skillworld_store::{ReviewRun, StoreError};
use skillworld_world::{TurnMessage, evolve_gate};

use crate::Failure;
use crate::open::{Global, open, store_failure, world_failure};
use crate::table::Table;

/// The model a review talks to, from flags or the environment.
#[derive(clap::Args, Clone, Debug)]
pub struct ModelArgs {
    /// An OpenAI-compatible endpoint; `/v1/chat/completions` is added when
    /// the URL does not end with it.
    #[arg(long, value_name = "URL", env = "SKILLWORLD_MODEL_URL")]
    model_url: Option<String>,
    /// The model name sent with each request.
    #[arg(long, value_name = "NAME", env = "SKILLWORLD_MODEL")]
    model: Option<String>,
    /// The environment variable that holds the API key; without it no
    /// Authorization header is sent.
    #[arg(long, value_name = "VAR", env = "SKILLWORLD_MODEL_KEY_ENV")]
    model_key_env: Option<String>,
}

impl ModelArgs {
    /// The client when a model is configured (for `serve`, where reviews
    /// are optional); half a configuration is a usage error.
    pub fn optional_client(&self) -> Result<Option<OpenAiCompatible>, Failure> {
        match (&self.model_url, &self.model) {
            (None, None) => Ok(None),
            _ => self.client().map(Some),
        }
    }

    fn client(&self) -> Result<OpenAiCompatible, Failure> {
        let (Some(url), Some(model)) = (&self.model_url, &self.model) else {
            return Err(Failure::usage(
                "review needs a model: --model-url and --model (or SKILLWORLD_MODEL_URL and SKILLWORLD_MODEL)",
            ));
        };
        let mut config = OpenAiConfig::new(url, model);
        if let Some(var) = &self.model_key_env {
            let key = std::env::var(var).map_err(|_| {
                Failure::usage(format!(
                    "--model-key-env {var}: the variable is not set (or not UTF-8)"
                ))
            })?;
            config.api_key = Some(key);
        }
        OpenAiCompatible::new(config).map_err(|e| Failure::usage(e.to_string()))
    }
}

fn read_turn(path: &Path) -> Result<Vec<TurnMessage>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("--turn {}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| {
        Failure::usage(format!(
            "--turn {}: not a JSON array of turn messages ({{\"role\": \"user\"|\"assistant\"|\"tool_call\"|\"tool_result\", …}}): {e}",
            path.display()
        ))
    })
}

pub fn review(
    global: &Global,
    agent: &str,
    mode: &str,
    note: Option<&str>,
    turn: Option<&Path>,
    model: &ModelArgs,
) -> Result<bool, Failure> {
    let turn = match (mode, turn) {
        ("maintain", Some(_)) => {
            return Err(Failure::usage("--turn goes with --mode evolve only"));
        }
        (_, Some(path)) => read_turn(path)?,
        (_, None) => Vec::new(),
    };
    let request = match mode {
        "evolve" => ReviewRequest::evolve(agent, &turn, evolve_gate(&turn, true, false).reason),
        "maintain" => ReviewRequest::maintain(agent),
        other => {
            return Err(Failure::usage(format!(
                "--mode '{other}' is not evolve or maintain"
            )));
        }
    }
    .with_note(note);
    let client = model.client()?;
    let mut store = open(global)?;
    let run = run_review(&mut store, &request, &client).map_err(|error| match error {
        EvolveError::Store(StoreError::RunInProgress { .. }) => Failure::failed(error.to_string()),
        EvolveError::Store(error) => store_failure(error),
        EvolveError::World(error) => world_failure(error),
        other => Failure::failed(other.to_string()),
    })?;
    print_run(global, &run);
    match run.error {
        Some(error) => Err(Failure::failed(format!("{}: {error}", run.run_name))),
        None => Ok(true),
    }
}

/// The columns of a review run's row.
const RUN_COLUMNS: &[&str] = &[
    "RUN",
    "KIND",
    "AGENT",
    "STATUS",
    "STARTED",
    "DURATION",
    "ITERATIONS",
    "ERROR",
];

pub fn runs(global: &Global, agent: Option<&str>) -> Result<bool, Failure> {
    let store = open(global)?;
    let mut table = Table::new(RUN_COLUMNS);
    for run in store.review_runs(agent).map_err(store_failure)? {
        table.row(run_value(&run), run_cells(&run));
    }
    if table.is_empty() && !global.json {
        eprintln!("no review runs yet; run: skillworld review --agent NAME --mode evolve|maintain");
    }
    table.print(global);
    Ok(true)
}

fn started(run: &ReviewRun) -> String {
    jiff::Timestamp::from_millisecond(run.started.as_millis())
        .map_or_else(|_| run.started.as_millis().to_string(), |t| t.to_string())
}

fn run_value(run: &ReviewRun) -> Value {
    json!({
        "id": run.id,
        "run_name": run.run_name,
        "run_kind": run.run_kind,
        "agent": run.agent,
        "status": run.status,
        "started": started(run),
        "duration_ms": run.duration_ms,
        "iterations": run.iterations,
        "error": run.error,
        "metadata": Value::Object(run.metadata.clone()),
    })
}

fn run_cells(run: &ReviewRun) -> Vec<String> {
    vec![
        run.run_name.clone(),
        run.run_kind.as_str().to_owned(),
        run.agent.clone(),
        run.status.as_str().to_owned(),
        started(run),
        format!("{} ms", run.duration_ms),
        run.iterations.to_string(),
        run.error.clone().unwrap_or_default(),
    ]
}

/// The run a `review` made: a one-row table; its messages stay in the store.
fn print_run(global: &Global, run: &ReviewRun) {
    let mut table = Table::new(RUN_COLUMNS);
    table.row(run_value(run), run_cells(run));
    table.print(global);
}
