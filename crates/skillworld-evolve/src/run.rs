//! One review run (EVO-2): a short loop over a model that holds the world
//! only between model calls — to build the prompt, to run the tool calls
//! of one reply, and to record the run — never across a model call.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use skillworld_store::{ReviewRun, RunKind, RunStatus, Store, StoreError, shipped_commons};
use skillworld_world::{
    Caller, CallerKind, CatalogRequest, Layer, SKILL_TOOLS, SKILL_WRITE_TOOLS, SkillWorld,
    TurnMessage, is_error_result, tool_specs,
};

use crate::EvolveError;
use crate::model::{ChatMessage, ReviewModel, ToolCall, ToolSchema};
use crate::prompt::{ReviewMode, data_message, system_prompt};

/// Model calls a run may make.
pub const MAX_ITERATIONS: u32 = 10;
/// How long a run may take.
pub const MAX_DURATION: Duration = Duration::from_secs(15 * 60);
/// The `skill` tools a run may not call: import brings in outside
/// content, and lessons belong to the visible chat that used the skill.
const NOT_FOR_REVIEW: [&str; 2] = ["skill_import", "record_lesson"];
/// The builtin meta-skill injected into every run's prompt.
pub const CURATION_SKILL: &str = "skill-curation";

/// Bounds of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLimits {
    pub max_iterations: u32,
    pub max_duration: Duration,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            max_iterations: MAX_ITERATIONS,
            max_duration: MAX_DURATION,
        }
    }
}

/// What to review. The turn is borrowed and never changed: a run appends
/// nothing to the conversation.
#[derive(Clone, Debug)]
pub struct ReviewRequest<'a> {
    pub agent: &'a str,
    pub mode: ReviewMode,
    pub turn: &'a [TurnMessage],
    pub note: Option<&'a str>,
    /// Why the run happens (the EVO-1 gate's reason, or the command's).
    pub reason: String,
    pub limits: RunLimits,
}

impl<'a> ReviewRequest<'a> {
    /// An evolve run over a turn, for the gate's `reason`.
    pub fn evolve(agent: &'a str, turn: &'a [TurnMessage], reason: impl Into<String>) -> Self {
        ReviewRequest {
            agent,
            mode: ReviewMode::Evolve,
            turn,
            note: None,
            reason: reason.into(),
            limits: RunLimits::default(),
        }
    }

    /// A maintain run, as `/skills curate` asks for.
    pub fn maintain(agent: &'a str) -> Self {
        ReviewRequest {
            agent,
            mode: ReviewMode::Maintain,
            turn: &[],
            note: None,
            reason: "requested by /skills curate".to_owned(),
            limits: RunLimits::default(),
        }
    }

    pub fn with_note(mut self, note: Option<&'a str>) -> Self {
        self.note = note;
        self
    }
}

/// Access to a store that a run borrows briefly, several times. A server
/// keeps its store behind a `Mutex` (implemented here); anything else that
/// can lend `&mut Store` for the length of a closure will do.
pub trait StoreAccess {
    fn with_store<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T;

    /// Lends the store for work that may write. A host whose store is one
    /// replica of a shared journal (STO-7) commits what `work` journals
    /// there, and may refuse before `work` runs (its database is out of
    /// reach); by default it is [`StoreAccess::with_store`].
    fn write_store<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        self.with_store(work)
    }
}

impl StoreAccess for Mutex<Store> {
    fn with_store<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        // A panic elsewhere while holding the lock leaves the store as
        // consistent as any committed write: carry on with it.
        work(&mut self.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl<A: StoreAccess> StoreAccess for Arc<A> {
    fn with_store<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        (**self).with_store(work)
    }

    fn write_store<T, E: From<StoreError>>(
        &self,
        work: impl FnOnce(&mut Store) -> Result<T, E>,
    ) -> Result<T, E> {
        (**self).write_store(work)
    }
}

/// Whether a run may call `tool`: the read and write `skill_*` tools, not
/// `skill_import` (EVO-2).
pub fn is_review_tool(tool: &str) -> bool {
    SKILL_TOOLS.contains(&tool) && !NOT_FOR_REVIEW.contains(&tool)
}

/// The schemas of the tools a run may call, from the world's tool set.
pub fn review_tools() -> Vec<ToolSchema> {
    tool_specs()
        .into_iter()
        .filter(|spec| is_review_tool(spec.name))
        .map(|spec| ToolSchema {
            name: spec.name.to_owned(),
            description: spec.description.to_owned(),
            parameters: spec.schema,
        })
        .collect()
}

/// Runs one review on a store the caller holds, on a small runtime of its
/// own. Inside an async runtime it refuses ([`EvolveError::InsideRuntime`]):
/// use [`review_with`] there.
pub fn review(
    store: &mut Store,
    request: &ReviewRequest<'_>,
    model: &dyn ReviewModel,
) -> Result<ReviewRun, EvolveError> {
    if tokio::runtime::Handle::try_current().is_ok() {
        return Err(EvolveError::InsideRuntime);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(EvolveError::Runtime)?;
    let access = Mutex::new(store);
    runtime.block_on(review_with(&Borrowed(access), request, model))
}

/// A `&mut Store` lent to [`review_with`].
struct Borrowed<'s>(Mutex<&'s mut Store>);

impl StoreAccess for Borrowed<'_> {
    fn with_store<T>(&self, work: impl FnOnce(&mut Store) -> T) -> T {
        work(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// Runs one review with the store behind `access`, which is borrowed only
/// while the prompt is built, while one reply's tool calls run (committed
/// durably, like any write) and while the run is recorded.
///
/// `Err` means no run was started: an unknown agent, another run of the
/// agent in progress ([`skillworld_store::StoreError::RunInProgress`]), or
/// a store failure. A run that started returns its record, whose status
/// says how it ended; it is also in the store.
pub async fn review_with<A: StoreAccess>(
    access: &A,
    request: &ReviewRequest<'_>,
    model: &dyn ReviewModel,
) -> Result<ReviewRun, EvolveError> {
    let started = Instant::now();
    let (mut run, mut messages) = access.write_store(|store| start(store, request))?;
    let caller = Caller {
        agent: Some(request.agent.to_owned()),
        kind: CallerKind::Invisible,
        run: Some(run.run_name.clone()),
        allowed_tools: SKILL_TOOLS
            .iter()
            .filter(|t| is_review_tool(t))
            .map(|t| (*t).to_owned())
            .collect(),
        denied_tools: NOT_FOR_REVIEW.iter().map(|t| (*t).to_owned()).collect(),
    };
    let tools = review_tools();
    let mut tally = Tally::default();
    let limits = request.limits;
    let mut outcome = Err(format!(
        "stopped after {} iterations without a final answer",
        limits.max_iterations
    ));
    for iteration in 1..=limits.max_iterations {
        let Some(left) = limits.max_duration.checked_sub(started.elapsed()) else {
            outcome = Err(out_of_time(limits));
            break;
        };
        let reply = match tokio::time::timeout(left, model.complete(&messages, &tools)).await {
            Err(_) => Err(out_of_time(limits)),
            Ok(reply) => reply.map_err(|e| e.to_string()),
        };
        run.iterations = iteration;
        let reply = match reply {
            Ok(reply) => reply,
            Err(error) => {
                outcome = Err(error);
                break;
            }
        };
        let calls = reply.tool_calls.clone();
        messages.push(ChatMessage::Assistant {
            content: reply.content,
            tool_calls: reply.tool_calls,
        });
        if calls.is_empty() {
            outcome = Ok(());
            break;
        }
        let results =
            access.write_store(|store| store.run(|world| execute(world, &caller, &calls)));
        match results {
            Ok(results) => {
                for (call, content) in calls.iter().zip(results) {
                    tally.count(call, &content);
                    messages.push(ChatMessage::Tool {
                        tool_call_id: call.id.clone(),
                        name: call.name.clone(),
                        content,
                    });
                }
            }
            Err(error) => {
                outcome = Err(format!("the tool calls could not be committed: {error}"));
                break;
            }
        }
    }
    run.duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    (run.status, run.error) = match outcome {
        Ok(()) => (RunStatus::Ok, None),
        Err(error) => (RunStatus::Error, Some(error)),
    };
    tally.into_metadata(&mut run.metadata);
    run.messages = messages
        .iter()
        .map(|m| serde_json::to_value(m).expect("chat messages serialise"))
        .collect();
    access.write_store(|store| store.save_review_run(&run))?;
    Ok(run)
}

fn out_of_time(limits: RunLimits) -> String {
    format!("stopped after the time limit of {:?}", limits.max_duration)
}

/// Checks the agent, builds the two opening messages and records the run
/// as running (refused while another of the agent's runs is).
fn start(
    store: &mut Store,
    request: &ReviewRequest<'_>,
) -> Result<(ReviewRun, Vec<ChatMessage>), EvolveError> {
    let agent = request.agent;
    store.world().agent(agent)?;
    let curation = curation_body(store.world())?;
    let catalog = store.run(|world| world.catalog(agent, &CatalogRequest::default()))??;
    let messages = vec![
        ChatMessage::System {
            content: system_prompt(agent, &curation),
        },
        ChatMessage::User {
            content: data_message(request.mode, &catalog, request.turn, request.note),
        },
    ];
    let mut metadata = Map::new();
    metadata.insert("gate_reason".into(), json!(request.reason));
    metadata.insert("mode".into(), json!(request.mode.as_str()));
    if let Some(note) = request.note {
        metadata.insert("note".into(), json!(note));
    }
    let kind = match request.mode {
        ReviewMode::Evolve => RunKind::Evolve,
        ReviewMode::Maintain => RunKind::Maintain,
    };
    let run = store.start_review_run(kind, agent, metadata)?;
    Ok((run, messages))
}

/// The curation body as the world's Commons holds it (an operator may have
/// edited it), else as shipped.
fn curation_body(world: &SkillWorld) -> Result<String, EvolveError> {
    if let Ok(document) = world.skill_document(&Layer::Commons, CURATION_SKILL) {
        return Ok(document.body);
    }
    shipped_commons()
        .into_iter()
        .find(|(document, _)| document.name == CURATION_SKILL)
        .map(|(document, _)| document.body)
        .ok_or(EvolveError::NoCuration)
}

/// Runs one reply's tool calls in order; a tool outside the run's set is
/// answered with an error without reaching the world.
fn execute(world: &mut SkillWorld, caller: &Caller, calls: &[ToolCall]) -> Vec<String> {
    calls
        .iter()
        .map(|call| {
            let result = if is_review_tool(&call.name) {
                world.call_tool(caller, &call.name, &call.arguments)
            } else {
                json!({"error": format!(
                    "Tool '{}' is not available in a review run; use the skill tools offered",
                    call.name
                )})
            };
            result.to_string()
        })
        .collect()
}

/// Counts for the run's metadata.
#[derive(Default)]
struct Tally {
    calls: usize,
    errors: usize,
    written: Vec<String>,
}

impl Tally {
    fn count(&mut self, call: &ToolCall, result: &str) {
        self.calls += 1;
        if is_error_result(result) {
            self.errors += 1;
        } else if SKILL_WRITE_TOOLS.contains(&call.name.as_str()) {
            let name = call.arguments.get("name").and_then(Value::as_str);
            self.written
                .push(format!("{} {}", call.name, name.unwrap_or("?")));
        }
    }

    fn into_metadata(self, metadata: &mut Map<String, Value>) {
        metadata.insert("tool_calls".into(), json!(self.calls));
        metadata.insert("tool_errors".into(), json!(self.errors));
        metadata.insert("writes".into(), json!(self.written));
    }
}
