//! Setup shared by the habitat's test binaries.

use std::path::Path;
use std::sync::Arc;

use skillworld_habitat::{Habitat, HabitatOptions};
use skillworld_store::{OpenOptions, Store};
use skillworld_world::Clock;

/// A habitat on a fresh store in `dir` (on `clock` when given) that
/// probes no endpoints.
pub fn habitat(dir: &Path, clock: Option<Clock>) -> Arc<Habitat> {
    let store = Store::open(
        &dir.join("world.redb"),
        OpenOptions {
            clock,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let mut options = HabitatOptions::new(dir);
    options.probe_endpoints = false;
    Arc::new(Habitat::new(store, options).unwrap())
}
