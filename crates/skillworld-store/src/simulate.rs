//! Where a simulation host's world lives (SIM-2): in memory, or in a store
//! where every tick is one durable commit.

use skillworld_world::{Simulation, SimulationError, SkillWorld, TickReport, Turn, TurnError};
use thiserror::Error;

use crate::{Store, StoreError};

/// A simulated world in memory or in a database.
pub enum SimulatedWorld {
    /// Applied commands are dropped after each `run`: nothing would read
    /// them, and a long simulation's journal (millions of loads) would
    /// hold gigabytes.
    Memory(Box<SkillWorld>),
    /// Applied commands are journaled and committed after each `run`.
    Stored(Box<Store>),
}

/// Why a simulated tick failed.
#[derive(Debug, Error)]
pub enum SimulatedWorldError {
    #[error(transparent)]
    Simulation(#[from] SimulationError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl SimulatedWorld {
    pub fn world(&self) -> &SkillWorld {
        match self {
            SimulatedWorld::Memory(world) => world,
            SimulatedWorld::Stored(store) => store.world(),
        }
    }

    /// Runs `work` on the world; in a store, its writes are durable when
    /// this returns.
    pub fn run<T>(&mut self, work: impl FnOnce(&mut SkillWorld) -> T) -> Result<T, StoreError> {
        match self {
            SimulatedWorld::Memory(world) => {
                let result = work(world);
                world.take_journal();
                Ok(result)
            }
            SimulatedWorld::Stored(store) => store.run(work),
        }
    }

    /// One tick of `simulation` (see [`Simulation::step`]).
    pub fn step(
        &mut self,
        simulation: &mut Simulation,
        mut turn: impl FnMut(Turn<'_>) -> Result<(), TurnError>,
    ) -> Result<TickReport, SimulatedWorldError> {
        match self {
            // Dropped after every turn, not every tick: a tick's journal
            // (30,000 loads for 10,000 agents) grown and copied in memory
            // cost a seventh of the time.
            SimulatedWorld::Memory(world) => {
                let report = simulation.step(
                    world,
                    |Turn {
                         world,
                         agent,
                         tick,
                         rng,
                     }| {
                        let result = turn(Turn {
                            world: &mut *world,
                            agent,
                            tick,
                            rng,
                        });
                        world.take_journal();
                        result
                    },
                );
                world.take_journal();
                Ok(report?)
            }
            SimulatedWorld::Stored(store) => Ok(store.run(|world| simulation.step(world, turn))??),
        }
    }
}
