//! The host interface: after each visible turn the host calls
//! [`Reviewer::after_turn`]; on `/learn` and `/skills curate` it calls
//! [`Reviewer::on_command`]. A run that is due goes to the background on
//! the host's tokio runtime; the host's turn never waits for it.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use skillworld_store::ReviewRun;
use skillworld_world::{TurnMessage, evolve_gate};
use tokio::runtime::Handle;
use tokio::task::JoinHandle;

use crate::EvolveError;
use crate::chat::ChatCommand;
use crate::model::ReviewModel;
use crate::prompt::ReviewMode;
use crate::run::{ReviewRequest, RunLimits, StoreAccess, review_with};

/// What became of a turn or a command.
#[derive(Debug)]
pub enum Scheduled {
    /// A run started in the background; its handle yields the record.
    Started(JoinHandle<Result<ReviewRun, EvolveError>>),
    /// The EVO-1 gate said no, with its reason.
    Skipped { reason: &'static str },
    /// The agent already has a run in progress: this one is refused, not
    /// queued (the turn that asked is already behind the running review,
    /// and a queue of stale turns would only grow under a busy agent).
    Refused { reason: String },
}

/// Schedules review runs with one model, at most one at a time per agent.
pub struct Reviewer<A> {
    access: Arc<A>,
    model: Arc<dyn ReviewModel>,
    runtime: Handle,
    limits: RunLimits,
    in_flight: Arc<Mutex<BTreeSet<String>>>,
}

/// An agent's place among the runs in flight, given back when the run's
/// task ends, however it ends.
struct Slot {
    in_flight: Arc<Mutex<BTreeSet<String>>>,
    agent: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.agent);
    }
}

impl<A: StoreAccess + Send + Sync + 'static> Reviewer<A> {
    /// Runs go to `runtime` (e.g. `Handle::current()` inside the host).
    pub fn new(access: Arc<A>, model: Arc<dyn ReviewModel>, runtime: Handle) -> Self {
        Reviewer {
            access,
            model,
            runtime,
            limits: RunLimits::default(),
            in_flight: Arc::default(),
        }
    }

    pub fn with_limits(mut self, limits: RunLimits) -> Self {
        self.limits = limits;
        self
    }

    /// After a visible turn that ended without error: the EVO-1 gate over
    /// the turn's messages, and an evolve run when it says so.
    pub fn after_turn(&self, agent: &str, turn: &[TurnMessage]) -> Scheduled {
        let gate = evolve_gate(turn, false, false);
        if !gate.run {
            return Scheduled::Skipped {
                reason: gate.reason,
            };
        }
        self.spawn(agent, ReviewMode::Evolve, turn.to_vec(), None, gate.reason)
    }

    /// A chat command: `/learn` forces an evolve run over `turn` (the
    /// messages before the command); `/skills curate` starts a maintain run.
    pub fn on_command(
        &self,
        agent: &str,
        command: &ChatCommand,
        turn: &[TurnMessage],
    ) -> Scheduled {
        match command {
            ChatCommand::Learn { note } => {
                let reason = evolve_gate(turn, true, false).reason;
                self.spawn(
                    agent,
                    ReviewMode::Evolve,
                    turn.to_vec(),
                    note.clone(),
                    reason,
                )
            }
            ChatCommand::Curate { note } => {
                let reason = ReviewRequest::maintain(agent).reason;
                self.spawn(
                    agent,
                    ReviewMode::Maintain,
                    Vec::new(),
                    note.clone(),
                    &reason,
                )
            }
        }
    }

    fn spawn(
        &self,
        agent: &str,
        mode: ReviewMode,
        turn: Vec<TurnMessage>,
        note: Option<String>,
        reason: &str,
    ) -> Scheduled {
        if !self
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(agent.to_owned())
        {
            return Scheduled::Refused {
                reason: format!(
                    "agent '{agent}' already has a review run in progress; one at a time, so this one is not started"
                ),
            };
        }
        let slot = Slot {
            in_flight: self.in_flight.clone(),
            agent: agent.to_owned(),
        };
        let (access, model) = (self.access.clone(), self.model.clone());
        let (limits, reason) = (self.limits, reason.to_owned());
        Scheduled::Started(self.runtime.spawn(async move {
            let _slot = slot;
            let request = ReviewRequest {
                agent: &_slot.agent,
                mode,
                turn: &turn,
                note: note.as_deref(),
                reason,
                limits,
            };
            review_with(&*access, &request, &*model).await
        }))
    }
}
