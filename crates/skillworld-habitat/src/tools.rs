//! The tool dispatch with scripts (SCR-1): script tools run through the
//! runner from the materialised workspace; every other tool goes to the
//! world's `call_tool`.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};
use skillworld_store::layer_dir;
use skillworld_world::{Caller, SkillWorld};

use crate::{RunLimits, run_script};

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
    match world.prepare_script_call(caller, tool, args) {
        Err(error) => json!({ "error": error }),
        Ok(None) => world.call_tool(caller, tool, args),
        Ok(Some(call)) => {
            let dir = layer_dir(workspace, &call.layer).join(&call.skill);
            match run_script(&dir, &call.path, &call.argv, secrets, limits).await {
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
    }
}
