//! The habitat service: what every front door — HTTP, MCP and the command
//! line — asks of a habitat beyond one world command, done in one place so
//! no door re-implements it. Doors authenticate and parse; the rules are
//! the world's command layer's; the sequences that span the world, the
//! workspace, secrets and scripts are here.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use skillworld_store::{Store, move_aside, move_back, sync_workspace};
use skillworld_world::{Caller, Command, Layer};

use crate::habitat::{Habitat, HabitatError};
use crate::tools::{Dispatched, dispatch, run_script_call};

impl Habitat {
    /// Calls any tool as `caller` (TOOL-1, SCR-1). The world resolves the
    /// tool and checks the caller's policy under the lock; a script tool
    /// then runs from the workspace as the world has it now, with the
    /// secrets bound to its skill, after the lock is let go. Tool errors
    /// are in the answer, as the tools give them; `Err` is the habitat's.
    pub async fn call_tool(
        self: &Arc<Self>,
        caller: Caller,
        tool: &str,
        args: Value,
    ) -> Result<Value, HabitatError> {
        let workspace = self.workspace();
        let habitat = self.clone();
        let tool = tool.to_owned();
        let dispatched = self
            .write(move |store| {
                let dispatched =
                    store.run(|world| dispatch(world, &workspace, &caller, &tool, &args))?;
                let Dispatched::Script { call, dir } = dispatched else {
                    return Ok((dispatched, Default::default()));
                };
                store.run(|world| sync_workspace(world, &workspace))??;
                let secrets = habitat.run_secrets(
                    store,
                    caller.agent.as_deref(),
                    &call.layer,
                    &call.skill,
                )?;
                Ok::<_, HabitatError>((Dispatched::Script { call, dir }, secrets))
            })
            .await?;
        Ok(match dispatched {
            (Dispatched::Answer(answer), _) => answer,
            (Dispatched::Script { dir, call }, secrets) => {
                let answer = run_script_call(&dir, &call, &secrets, self.run_limits()).await;
                self.metrics().script_run(&answer);
                answer
            }
        })
    }

    /// Archives a skill (CUR-1 by hand) and moves its workspace folder
    /// aside, so its scripts cannot run from a stale copy.
    pub async fn archive(
        &self,
        caller: Caller,
        layer: Layer,
        name: String,
        force: bool,
    ) -> Result<(), HabitatError> {
        let workspace = self.workspace();
        self.write(move |store| {
            let command = Command::CuratorArchive {
                layer: layer.clone(),
                name: name.clone(),
                force,
            };
            store.run(|world| world.execute(caller, command))??;
            let now = store.world().now();
            move_aside(&workspace, &layer, &name, now)?;
            Ok(())
        })
        .await
    }

    /// Restores an archived or stale skill and moves its workspace folder
    /// back.
    pub async fn restore(
        &self,
        caller: Caller,
        layer: Layer,
        name: String,
    ) -> Result<(), HabitatError> {
        let workspace = self.workspace();
        self.write(move |store| {
            let command = Command::CuratorRestore {
                layer: layer.clone(),
                name: name.clone(),
            };
            store.run(|world| world.execute(caller, command))??;
            move_back(&workspace, &layer, &name)?;
            Ok(())
        })
        .await
    }
}

/// Makes the world's trust policy the configuration's `needs_approval`
/// (GOV-2), as a journaled command when it differs; without the setting
/// the world's policy stays. Returns whether it changed.
pub fn configure_trust_policy(
    store: &mut Store,
    needs_approval: Option<&[skillworld_core::Trust]>,
) -> Result<bool, HabitatError> {
    let Some(levels) = needs_approval else {
        return Ok(false);
    };
    let wanted: std::collections::BTreeSet<_> = levels.iter().copied().collect();
    if store.world().trust_policy().needs_approval == wanted {
        return Ok(false);
    }
    store.run(|world| world.set_trust_policy(levels.to_vec()))??;
    Ok(true)
}

/// Makes the world's tool sets those the configuration names (SEC-2, POL-1):
/// each differing set is a journaled command; sets the configuration does
/// not name stay. Returns how many changed.
pub fn configure_tool_sets(
    store: &mut Store,
    sets: &BTreeMap<String, Vec<String>>,
) -> Result<usize, HabitatError> {
    let mut changed = 0;
    for (name, tools) in sets {
        if store.world().tool_sets().get(name) != Some(tools.as_slice()) {
            store.run(|world| world.set_tool_set(name, Some(tools.clone())))??;
            changed += 1;
        }
    }
    Ok(changed)
}
