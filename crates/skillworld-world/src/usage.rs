//! Per-run loaded sets (CAT-6) and lessons (CAT-9).

use std::collections::BTreeMap;

use bevy_ecs::component::Component;
use bevy_ecs::resource::Resource;
use skillworld_core::{StableId, Timestamp};

/// The skills each run loaded, in order, keyed by agent and run id.
#[derive(Resource, Debug, Default, PartialEq, Eq)]
pub struct Runs {
    loaded: BTreeMap<(StableId, String), Vec<StableId>>,
}

impl Runs {
    pub fn loaded(&self, agent: StableId, run: &str) -> &[StableId] {
        self.loaded
            .get(&(agent, run.to_owned()))
            .map_or(&[], Vec::as_slice)
    }

    /// Every run's loads, in key order (for snapshots).
    pub fn entries(&self) -> impl Iterator<Item = (StableId, &str, &[StableId])> {
        self.loaded
            .iter()
            .map(|((agent, run), skills)| (*agent, run.as_str(), skills.as_slice()))
    }

    pub fn from_entries(
        entries: impl IntoIterator<Item = (StableId, String, Vec<StableId>)>,
    ) -> Self {
        Runs {
            loaded: entries
                .into_iter()
                .map(|(agent, run, skills)| ((agent, run), skills))
                .collect(),
        }
    }

    /// Adds a load; `false` when the run had already loaded the skill.
    pub fn record(&mut self, agent: StableId, run: &str, skill: StableId) -> bool {
        let loaded = self.loaded.entry((agent, run.to_owned())).or_default();
        if loaded.contains(&skill) {
            return false;
        }
        loaded.push(skill);
        true
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
