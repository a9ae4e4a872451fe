//! The simulation host (SIM-2): every enabled agent takes a turn per tick
//! on the simulated clock, then the clock moves one tick, an optional
//! curator sweep runs, and the host's own bevy systems run once. Every
//! random choice comes from [`SimRng`] streams derived from the host's seed,
//! the tick and the agent, so the same seed and the same turns give the
//! same world digest.
//!
//! The simulation does not own the world: a host passes it in each tick,
//! so the same turns can run on a world in memory or inside a store's
//! `run` (one durable commit per tick).
//!
//! ```
//! use skillworld_core::Timestamp;
//! use skillworld_format::SkillDocument;
//! use skillworld_world::{Clock, Layer, LoadRequest, Simulation, SimulationSettings, SkillWorld, WorldSettings};
//!
//! let mut world = SkillWorld::new(WorldSettings {
//!     clock: Clock::Simulated(Timestamp::from_millis(0)),
//!     platform: Some("linux".into()),
//! });
//! world.create(&Layer::Commons, SkillDocument::new("greet", "Greets.", "Hi.\n")).unwrap();
//! world.add_agent("ada", None).unwrap();
//! let mut simulation = Simulation::new(SimulationSettings { seed: 7, ..Default::default() });
//! for _ in 0..3 {
//!     simulation
//!         .step(&mut world, |turn| {
//!             if turn.rng.chance(1, 2) {
//!                 turn.world.load(turn.agent, LoadRequest { name: "greet", ..Default::default() })?;
//!             }
//!             Ok(())
//!         })
//!         .unwrap();
//! }
//! assert_eq!(simulation.tick(), 3);
//! assert_eq!(world.clock_mut().day(), 3);
//! ```

use bevy_ecs::schedule::Schedule;
use thiserror::Error;

use crate::clock::{Clock, MILLIS_PER_DAY};
use crate::curator::CuratorReport;
use crate::error::WorldError;
use crate::state::SkillWorld;

/// How a simulation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimulationSettings {
    /// Every random choice of every turn derives from it.
    pub seed: u64,
    /// How far the simulated clock moves per tick.
    pub tick_millis: i64,
    /// A real curator sweep (CUR-1) at the end of every tick, after the
    /// clock moved; the curator must be activated.
    pub sweep_each_tick: bool,
}

impl Default for SimulationSettings {
    fn default() -> Self {
        SimulationSettings {
            seed: 0,
            tick_millis: MILLIS_PER_DAY,
            sweep_each_tick: false,
        }
    }
}

/// Why a tick stopped. The turns before the failing one have been applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SimulationError {
    #[error("a simulation needs the simulated clock; this world runs on the wall clock")]
    WallClock,
    #[error("tick {tick}: agent '{agent}': {source}")]
    Turn {
        tick: u64,
        agent: String,
        source: TurnError,
    },
    #[error("tick {tick}: curator sweep: {source}")]
    Sweep { tick: u64, source: WorldError },
}

/// Why one agent's turn failed: the world refused an operation, or the
/// host's own step failed (a tool call answered with an error, a model
/// did not answer).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError {
    #[error(transparent)]
    World(#[from] WorldError),
    #[error("{0}")]
    Host(String),
}

/// One agent's turn: the world, the agent, the tick, and the agent's own
/// random stream for this tick.
pub struct Turn<'a> {
    pub world: &'a mut SkillWorld,
    pub agent: &'a str,
    pub tick: u64,
    pub rng: &'a mut SimRng,
}

/// What a tick did besides the turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TickReport {
    /// The tick just finished (the first is 0).
    pub tick: u64,
    pub agents: usize,
    pub sweep: Option<CuratorReport>,
}

/// Steps agents over a world, tick by tick.
pub struct Simulation {
    settings: SimulationSettings,
    systems: Schedule,
    tick: u64,
}

impl Simulation {
    pub fn new(settings: SimulationSettings) -> Self {
        Simulation {
            settings,
            systems: Schedule::default(),
            tick: 0,
        }
    }

    pub fn settings(&self) -> &SimulationSettings {
        &self.settings
    }

    /// The host's systems, run once per tick on the world's bevy `World`
    /// after the turns, the clock and the sweep. They read and write plain
    /// components and resources; skill writes belong in turns, where they
    /// are commands.
    pub fn systems_mut(&mut self) -> &mut Schedule {
        &mut self.systems
    }

    /// Ticks completed so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// One tick: every enabled agent's turn in name order, then the clock
    /// moves a tick, then the sweep (when set) and the host's systems.
    pub fn step(
        &mut self,
        world: &mut SkillWorld,
        mut turn: impl FnMut(Turn<'_>) -> Result<(), TurnError>,
    ) -> Result<TickReport, SimulationError> {
        if *world.clock_mut() == Clock::Wall {
            return Err(SimulationError::WallClock);
        }
        let tick = self.tick;
        let agents: Vec<(String, u64)> = world
            .agents()
            .into_iter()
            .filter(|agent| agent.enabled)
            .map(|agent| (agent.name.clone(), agent.private_world.0))
            .collect();
        for (agent, stream) in &agents {
            let mut rng = SimRng::stream(self.settings.seed, &[tick, *stream]);
            let result = turn(Turn {
                world,
                agent,
                tick,
                rng: &mut rng,
            });
            result.map_err(|source| SimulationError::Turn {
                tick,
                agent: agent.clone(),
                source,
            })?;
        }
        world.clock_mut().advance_millis(self.settings.tick_millis);
        let sweep = if self.settings.sweep_each_tick {
            let report = world
                .curate(false)
                .map_err(|source| SimulationError::Sweep { tick, source })?;
            Some(report)
        } else {
            None
        };
        self.systems.run(world.world_mut());
        self.tick += 1;
        Ok(TickReport {
            tick,
            agents: agents.len(),
            sweep,
        })
    }
}

/// A small seeded generator (SplitMix64). It is ours rather than a crate's
/// because a seeded simulation's digest depends on every number it draws:
/// this one gives the same numbers on every platform and every release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimRng {
    state: u64,
}

impl SimRng {
    pub fn new(seed: u64) -> Self {
        SimRng { state: seed }
    }

    /// An independent stream for `keys` (a tick, an agent, …) under `seed`.
    pub fn stream(seed: u64, keys: &[u64]) -> Self {
        let state = keys
            .iter()
            .fold(mix(seed), |state, key| mix(state ^ mix(*key)));
        SimRng { state }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix(self.state)
    }

    /// A uniform index below `len`, or `None` when `len` is 0.
    pub fn index(&mut self, len: usize) -> Option<usize> {
        let bound = u64::try_from(len).ok().filter(|b| *b > 0)?;
        // Lemire's multiply-shift with rejection: exactly uniform.
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return usize::try_from(product >> 64).ok();
            }
        }
    }

    /// True with probability `numerator / denominator` (never when the
    /// denominator is 0).
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.index(denominator as usize)
            .is_some_and(|drawn| drawn < numerator as usize)
    }

    /// Up to `count` distinct indices below `len`, in the order drawn.
    pub fn distinct(&mut self, len: usize, count: usize) -> Vec<usize> {
        let count = count.min(len);
        let mut drawn = Vec::with_capacity(count);
        while drawn.len() < count {
            let Some(index) = self.index(len) else { break };
            if !drawn.contains(&index) {
                drawn.push(index);
            }
        }
        drawn
    }
}

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: every input bit moves every output bit.
fn mix(value: u64) -> u64 {
    let mut z = value;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use skillworld_core::Timestamp;
    use skillworld_format::SkillDocument;

    use super::*;
    use crate::command::{Caller, Command};
    use crate::host::LoadRequest;
    use crate::layers::Layer;
    use crate::state::WorldSettings;

    #[test]
    fn splitmix_matches_its_reference_numbers() {
        // The first outputs of SplitMix64 seeded with 0, as published with
        // the algorithm: a changed generator would change every digest.
        let mut rng = SimRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn streams_differ_by_seed_and_key() {
        let first = |seed, keys: &[u64]| SimRng::stream(seed, keys).next_u64();
        assert_eq!(first(1, &[2, 3]), first(1, &[2, 3]));
        assert_ne!(first(1, &[2, 3]), first(2, &[2, 3]));
        assert_ne!(first(1, &[2, 3]), first(1, &[3, 2]));
        assert_ne!(first(1, &[2, 3]), first(1, &[2, 4]));
    }

    #[test]
    fn draws_stay_in_range() {
        let mut rng = SimRng::new(9);
        assert_eq!(rng.index(0), None);
        assert!(!rng.chance(1, 0));
        assert!((0..1000).all(|_| rng.index(7).is_some_and(|i| i < 7)));
        assert!((0..100).all(|_| rng.chance(5, 5)));
        let drawn = rng.distinct(5, 3);
        assert_eq!(drawn.len(), 3);
        assert!(drawn.iter().all(|i| *i < 5) && drawn[0] != drawn[1] && drawn[1] != drawn[2]);
        let mut all = rng.distinct(4, 10);
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2, 3]);
        let hits = (0..10_000).filter(|_| rng.chance(1, 4)).count();
        assert!((2_200..2_800).contains(&hits), "{hits} of 10,000");
    }

    fn simulated_world() -> SkillWorld {
        let mut world = SkillWorld::new(WorldSettings {
            clock: Clock::Simulated(Timestamp::from_millis(0)),
            platform: Some("linux".into()),
        });
        for name in ["alpha", "beta", "gamma"] {
            let document = SkillDocument::new(name, "A skill.", "Body.\n");
            world.create(&Layer::Commons, document).unwrap();
        }
        for agent in ["ada", "bob", "cyd"] {
            world.add_agent(agent, None).unwrap();
        }
        world
    }

    fn run(seed: u64, ticks: u64) -> SkillWorld {
        let mut world = simulated_world();
        let mut simulation = Simulation::new(SimulationSettings {
            seed,
            ..SimulationSettings::default()
        });
        for _ in 0..ticks {
            simulation
                .step(&mut world, |turn| {
                    let names = ["alpha", "beta", "gamma"];
                    let name = names[turn.rng.index(names.len()).unwrap_or(0)];
                    let request = LoadRequest {
                        name,
                        ..LoadRequest::default()
                    };
                    turn.world.load(turn.agent, request)?;
                    Ok(())
                })
                .unwrap();
        }
        world
    }

    #[test]
    fn same_seed_same_digest_other_seed_other_digest() {
        assert_eq!(run(1, 5).digest(), run(1, 5).digest());
        assert_ne!(run(1, 5).digest(), run(2, 5).digest());
    }

    #[test]
    fn turns_in_name_order_then_clock_then_systems() {
        #[derive(bevy_ecs::resource::Resource, Default)]
        struct Ticks(u32);
        let mut world = simulated_world();
        world
            .update_agent(
                "bob",
                crate::command::AgentChange {
                    enabled: Some(false),
                    tool_pool: None,
                },
            )
            .unwrap();
        world.world_mut().init_resource::<Ticks>();
        let mut simulation = Simulation::new(SimulationSettings::default());
        simulation
            .systems_mut()
            .add_systems(|mut ticks: bevy_ecs::system::ResMut<Ticks>| ticks.0 += 1);
        let mut seen = Vec::new();
        let report = simulation
            .step(&mut world, |turn| {
                seen.push((turn.agent.to_owned(), turn.world.now().as_millis()));
                Ok(())
            })
            .unwrap();
        assert_eq!(
            seen,
            vec![("ada".to_owned(), 0), ("cyd".to_owned(), 0)],
            "disabled agents sit out"
        );
        assert_eq!(report.agents, 2);
        assert_eq!(world.now().as_millis(), MILLIS_PER_DAY);
        assert_eq!(world.world().resource::<Ticks>().0, 1);
    }

    #[test]
    fn a_refused_turn_names_its_tick_and_agent() {
        let mut world = simulated_world();
        let mut simulation = Simulation::new(SimulationSettings::default());
        let error = simulation
            .step(&mut world, |turn| {
                let request = LoadRequest {
                    name: "missing",
                    ..LoadRequest::default()
                };
                turn.world.load(turn.agent, request)?;
                Ok(())
            })
            .unwrap_err();
        assert!(
            matches!(&error, SimulationError::Turn { tick: 0, agent, .. } if agent == "ada"),
            "{error}"
        );
        assert_eq!(simulation.tick(), 0, "a failed tick does not count");
    }

    #[test]
    fn sweeps_need_an_activated_curator_and_the_simulated_clock() {
        let mut world = simulated_world();
        let mut simulation = Simulation::new(SimulationSettings {
            sweep_each_tick: true,
            ..SimulationSettings::default()
        });
        let error = simulation.step(&mut world, |_| Ok(())).unwrap_err();
        assert!(matches!(error, SimulationError::Sweep { tick: 0, .. }));
        world
            .execute(Caller::host(), Command::CuratorActivate)
            .unwrap();
        let report = simulation.step(&mut world, |_| Ok(())).unwrap();
        assert!(report.sweep.is_some_and(|s| !s.dry_run));

        let mut wall = SkillWorld::new(WorldSettings::default());
        let error = simulation.step(&mut wall, |_| Ok(())).unwrap_err();
        assert_eq!(error, SimulationError::WallClock);
    }
}
