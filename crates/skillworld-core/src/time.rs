use serde::{Deserialize, Serialize};

const MILLIS_PER_DAY: i64 = 86_400_000;

/// A point in time: milliseconds since the Unix epoch, UTC.
///
/// The model stores plain integers so that snapshots, digests and replays do
/// not depend on a calendar library; higher crates format them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    pub const fn from_millis(millis: i64) -> Self {
        Self(millis)
    }

    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// Whole days from `earlier` to `self` (negative when `earlier` is later).
    pub fn whole_days_since(self, earlier: Timestamp) -> i64 {
        (self.0 - earlier.0).div_euclid(MILLIS_PER_DAY)
    }

    pub fn plus_days(self, days: i64) -> Self {
        Self(self.0 + days * MILLIS_PER_DAY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_days_round_down() {
        let t0 = Timestamp(0);
        assert_eq!(t0.plus_days(30).whole_days_since(t0), 30);
        assert_eq!(Timestamp(t0.plus_days(31).0 - 1).whole_days_since(t0), 30);
        assert_eq!(t0.whole_days_since(t0.plus_days(1)), -1);
    }
}
