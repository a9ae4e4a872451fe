use std::fmt;

use serde::{Deserialize, Serialize};

/// The id of an entity: a `u64` handed out once and never reused, so it
/// survives snapshots and replays, unlike bevy's `Entity`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct StableId(pub u64);

impl fmt::Display for StableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Hands out [`StableId`]s in increasing order, starting at 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdAllocator {
    next: u64,
}

impl Default for IdAllocator {
    fn default() -> Self {
        Self { next: 1 }
    }
}

impl IdAllocator {
    /// An allocator whose first id is one past `last` (for a restored world).
    pub fn after(last: StableId) -> Self {
        Self { next: last.0 + 1 }
    }

    /// The last id handed out (`StableId(0)` before the first).
    pub fn last(&self) -> StableId {
        StableId(self.next - 1)
    }

    pub fn allocate(&mut self) -> StableId {
        let id = StableId(self.next);
        self.next += 1;
        id
    }
}
