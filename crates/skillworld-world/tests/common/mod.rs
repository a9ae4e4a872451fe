//! Setup shared by the world's integration tests.

use skillworld_core::Timestamp;
use skillworld_world::{Clock, SkillWorld, WorldSettings};

/// A linux world on a simulated clock at `millis`, with agents ada and bob.
pub fn two_agents(millis: i64) -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(millis)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    world.add_agent("bob", None).unwrap();
    world
}
