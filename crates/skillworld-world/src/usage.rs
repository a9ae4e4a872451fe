//! Per-run loaded sets (CAT-6) and lessons (CAT-9).

use bevy_ecs::component::Component;
use skillworld_core::{StableId, Timestamp};

/// How many runs' loaded sets an agent keeps (CAT-6): the most recently
/// used. A run is one conversation or task; one older than these starts
/// afresh, so an agent's row stays small however long it lives.
pub const KEPT_RUNS: usize = 64;

/// The skills each of an agent's recent runs loaded, in load order; the
/// least recently used run first. A component of the agent, so a load
/// writes that agent's row and nothing world-wide (STO-5). Not part of the
/// world digest: it says how the agent worked, not what the world holds.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AgentRuns {
    runs: Vec<(String, Vec<StableId>)>,
}

impl AgentRuns {
    pub fn loaded(&self, run: &str) -> &[StableId] {
        self.runs
            .iter()
            .find(|(id, _)| id == run)
            .map_or(&[], |(_, skills)| skills.as_slice())
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Adds a load; `false` when the run had already loaded the skill.
    /// The run becomes the most recently used; the least recently used
    /// goes beyond [`KEPT_RUNS`].
    pub fn record(&mut self, run: &str, skill: StableId) -> bool {
        let (id, mut loaded) = match self.runs.iter().position(|(id, _)| id == run) {
            Some(at) => self.runs.remove(at),
            None => (run.to_owned(), Vec::new()),
        };
        let new = !loaded.contains(&skill);
        if new {
            loaded.push(skill);
        }
        self.runs.push((id, loaded));
        if self.runs.len() > KEPT_RUNS {
            self.runs.drain(..self.runs.len() - KEPT_RUNS);
        }
        new
    }
}

/// How many lessons a skill keeps for each agent (CAT-9, SEC-2).
pub const KEPT_LESSONS: usize = 50;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lesson {
    /// Unique among the skill's lessons; what edits and deletes name
    /// (GOV-4). Lessons kept before lessons had ids are 0.
    #[serde(default)]
    pub id: u64,
    pub at: Timestamp,
    pub text: String,
    /// The agent that recorded it; only that agent (and admins) see it.
    /// `None` for lessons kept before lessons had owners: admins see
    /// those, no agent does.
    #[serde(default)]
    pub agent: Option<StableId>,
}

/// A skill's lessons, oldest first, at most 50 per agent (FIFO).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lessons {
    pub entries: Vec<Lesson>,
    /// The id the next lesson gets.
    #[serde(default)]
    pub last_id: u64,
}

impl Lessons {
    /// Keeps a new lesson of `agent`; returns its id.
    pub fn push(&mut self, at: Timestamp, agent: StableId, text: String) -> u64 {
        self.last_id += 1;
        let id = self.last_id;
        self.entries.push(Lesson {
            id,
            at,
            text,
            agent: Some(agent),
        });
        let mine = self.of(agent).count();
        if mine > KEPT_LESSONS
            && let Some(oldest) = self.entries.iter().position(|l| l.agent == Some(agent))
        {
            self.entries.remove(oldest);
        }
        id
    }

    /// The lesson `id`, when `agent` may change it: its own, or any for an
    /// admin (`None`).
    pub fn find_mut(&mut self, id: u64, agent: Option<StableId>) -> Option<&mut Lesson> {
        self.entries
            .iter_mut()
            .find(|l| l.id == id && (agent.is_none() || l.agent == agent))
    }

    /// Removes the lesson `id` under the same rule; whether it was there.
    pub fn remove(&mut self, id: u64, agent: Option<StableId>) -> bool {
        let before = self.entries.len();
        self.entries
            .retain(|l| !(l.id == id && (agent.is_none() || l.agent == agent)));
        self.entries.len() != before
    }

    /// The lessons `agent` recorded, oldest first.
    pub fn of(&self, agent: StableId) -> impl DoubleEndedIterator<Item = &Lesson> {
        self.entries.iter().filter(move |l| l.agent == Some(agent))
    }
}
