//! The approval commands (GOV-1): `approval`, `proposals`, `approve`,
//! `reject`. The operator on the machine is the admin; the rules are the
//! command layer's.

use serde_json::json;
use skillworld_core::Timestamp;
use skillworld_world::{ApprovalMode, Caller, Command, ProposalView};

use crate::open::{Global, with_world};
use crate::{Failure, emit};

/// `approval [auto|review] [--expire-after-days N]`: sets the mode, or
/// with neither shows the setting.
pub fn approval(
    global: &Global,
    mode: Option<ApprovalMode>,
    expire_after_days: Option<u32>,
) -> Result<bool, Failure> {
    let settings = with_world(global, |world| {
        if mode.is_some() || expire_after_days.is_some() {
            let command = Command::SetApproval {
                mode: mode.unwrap_or(world.approval().mode),
                expire_after_days,
            };
            world.execute(Caller::host(), command)?;
        }
        Ok(world.approval())
    })?;
    emit(global, json!(settings), || {
        format!(
            "approval: {} (proposals expire after {} days)",
            settings.mode, settings.expire_after_days
        )
    });
    Ok(true)
}

/// `proposals [--agent A] [--all]`: each proposal with its diff.
pub fn proposals(global: &Global, agent: Option<&str>, all: bool) -> Result<bool, Failure> {
    let proposals = with_world(global, |world| world.proposals(agent, all))?;
    emit(global, json!(proposals), || {
        if proposals.is_empty() {
            return "no proposals".to_owned();
        }
        proposals
            .iter()
            .map(describe)
            .collect::<Vec<_>>()
            .join("\n")
    });
    Ok(true)
}

/// One proposal for a person: a header line, the reason or the name it
/// went live under, then the diff.
fn describe(proposal: &ProposalView) -> String {
    let state = serde_json::to_value(proposal.state).expect("states serialise");
    let mut text = format!(
        "{} by {} for {} ({}, {}, scan {}, proposed {}, expires {})\n",
        proposal.name,
        proposal.agent,
        proposal.target,
        proposal.kind,
        state.as_str().unwrap_or_default(),
        proposal.scan,
        time_text(proposal.proposed_at),
        time_text(proposal.expires_at),
    );
    if let Some(reason) = &proposal.reason {
        text.push_str(&format!("reason: {reason}\n"));
    }
    if let Some(name) = &proposal.approved_as {
        text.push_str(&format!("approved as: {name}\n"));
    }
    text.push_str(&proposal.diff);
    text
}

fn time_text(at: Timestamp) -> String {
    jiff::Timestamp::from_millisecond(at.as_millis())
        .map_or_else(|_| at.as_millis().to_string(), |t| t.to_string())
}

/// `approve NAME --agent A [--as NEW]`.
pub fn approve(
    global: &Global,
    name: &str,
    agent: &str,
    rename: Option<&str>,
) -> Result<bool, Failure> {
    let command = Command::ApproveProposal {
        agent: agent.to_owned(),
        name: name.to_owned(),
        rename: rename.map(str::to_owned),
    };
    decide(global, command)?;
    let live = rename.unwrap_or(name);
    emit(
        global,
        json!({"ok": true, "approved": name, "agent": agent, "name": live}),
        || format!("approved {name} of agent {agent}; live as {live}"),
    );
    Ok(true)
}

/// `reject NAME --agent A --reason TEXT`.
pub fn reject(global: &Global, name: &str, agent: &str, reason: &str) -> Result<bool, Failure> {
    let command = Command::RejectProposal {
        agent: agent.to_owned(),
        name: name.to_owned(),
        reason: reason.to_owned(),
    };
    decide(global, command)?;
    emit(
        global,
        json!({"ok": true, "rejected": name, "agent": agent}),
        || format!("rejected {name} of agent {agent}"),
    );
    Ok(true)
}

fn decide(global: &Global, command: Command) -> Result<(), Failure> {
    with_world(global, |world| world.execute(Caller::host(), command))?;
    Ok(())
}
