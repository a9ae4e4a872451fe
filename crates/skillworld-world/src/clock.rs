use std::time::{SystemTime, UNIX_EPOCH};

use bevy_ecs::resource::Resource;
use skillworld_core::Timestamp;

pub(crate) const MILLIS_PER_DAY: i64 = 86_400_000;

/// Time as a resource (SIM-1): the wall clock for servers, a simulated clock
/// for simulations, replays and tests. Everything time-dependent reads it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Clock {
    Wall,
    Simulated(Timestamp),
}

impl Clock {
    pub fn now(&self) -> Timestamp {
        match self {
            Clock::Wall => {
                let since_epoch = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .unwrap_or_default();
                Timestamp::from_millis(i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX))
            }
            Clock::Simulated(now) => *now,
        }
    }

    /// The whole day `now` falls in, counted from the epoch: what the 7-day
    /// window of the catalog (CAT-3) moves with.
    pub fn day(&self) -> i64 {
        day_of(self.now())
    }

    /// Moves a simulated clock forward; the wall clock moves by itself.
    pub fn advance_millis(&mut self, millis: i64) {
        if let Clock::Simulated(now) = self {
            *now = Timestamp::from_millis(now.as_millis() + millis);
        }
    }

    pub fn advance_days(&mut self, days: i64) {
        self.advance_millis(days * MILLIS_PER_DAY);
    }
}

pub(crate) fn day_of(time: Timestamp) -> i64 {
    time.as_millis().div_euclid(MILLIS_PER_DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulated_time_moves_only_when_told() {
        let mut clock = Clock::Simulated(Timestamp::from_millis(0));
        assert_eq!(clock.day(), 0);
        clock.advance_days(90);
        assert_eq!(clock.day(), 90);
        assert_eq!(clock.now(), Timestamp::from_millis(90 * MILLIS_PER_DAY));
        assert!(Clock::Wall.now().as_millis() > 1_700_000_000_000);
    }
}
