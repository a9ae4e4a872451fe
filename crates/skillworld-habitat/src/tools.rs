//! The tool dispatch with scripts (SCR-1): script tools run through the
//! runner from the materialised workspace; every other tool goes to the
//! world's `call_tool`. Dispatch needs the world; running a script does
//! not, so a server lets go of the world while a script runs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use skillworld_store::layer_dir;
use skillworld_world::{Caller, ScriptCall, SkillWorld};

use crate::{RunLimits, run_script};

/// What a tool call comes to once the world has seen it.
pub enum Dispatched {
    /// The answer, complete (every tool but scripts).
    Answer(Value),
    /// A script to run, from `dir` (the skill's folder in the workspace).
    Script { dir: PathBuf, call: ScriptCall },
}

/// Resolves and policy-checks a tool call; answers it unless it is a
/// script tool.
pub fn dispatch(
    world: &mut SkillWorld,
    workspace: &Path,
    caller: &Caller,
    tool: &str,
    args: &Value,
) -> Dispatched {
    match world.prepare_script_call(caller, tool, args) {
        Err(error) => Dispatched::Answer(json!({ "error": error })),
        Ok(None) => Dispatched::Answer(world.call_tool(caller, tool, args)),
        Ok(Some(call)) => Dispatched::Script {
            dir: layer_dir(workspace, &call.layer).join(&call.skill),
            call,
        },
    }
}

/// Runs a dispatched script with `secrets` over the environment; the
/// answer in the tool-result shape.
pub async fn run_script_call(
    dir: &Path,
    call: &ScriptCall,
    secrets: &BTreeMap<String, String>,
    limits: RunLimits,
) -> Value {
    match run_script(dir, &call.path, &call.argv, secrets, limits).await {
        Ok(result) => json!({
            "ok": true,
            "exit_code": result.exit_code,
            "stdout": result.stdout,
            "stderr": result.stderr,
            "timed_out": result.timed_out,
        }),
        Err(error) => json!({ "error": error.to_string() }),
    }
}

/// Calls any tool as `caller`: a live skill's script tool runs its script
/// (with `secrets` over the environment); anything else is `call_tool`.
pub async fn run_tool(
    world: &mut SkillWorld,
    workspace: &Path,
    caller: &Caller,
    tool: &str,
    args: &Value,
    secrets: &BTreeMap<String, String>,
    limits: RunLimits,
) -> Value {
    match dispatch(world, workspace, caller, tool, args) {
        Dispatched::Answer(answer) => answer,
        Dispatched::Script { dir, call } => run_script_call(&dir, &call, secrets, limits).await,
    }
}
