//! A simulation host (SIM-2): thousands of agents live through months of
//! simulated days over one world. Each day every agent loads three skills
//! chosen (seeded) among those it sees, 1 % write a private skill and
//! 0.5 % patch one; then the clock moves a day, the curator sweeps, and a
//! host system counts skills by lifecycle. Prints a line per day and, last,
//! the world digest: the same seed gives the same digest, in memory or in a
//! database.
//!
//! `cargo run --release --example simulation_host -- [--agents N] [--days N] [--seed N] [--db PATH]`
//! (defaults: 10,000 agents, 180 days, seed 42, in memory).

mod scenario;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use skillworld::world::{Simulation, SimulationSettings};

use scenario::{Census, DayCounts, agent_day, populate, take_census};

/// Generated Commons skills beside the shipped ones.
const GENERATED_COMMONS: usize = 300;

struct Options {
    agents: usize,
    days: u64,
    seed: u64,
    db: Option<PathBuf>,
}

fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        agents: 10_000,
        days: 180,
        seed: 42,
        db: None,
    };
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not '{value}'"))
        };
        match flag.as_str() {
            "--agents" => options.agents = number()? as usize,
            "--days" => options.days = number()?,
            "--seed" => options.seed = number()?,
            "--db" => options.db = Some(PathBuf::from(&value)),
            other => {
                return Err(format!(
                    "unknown option '{other}' (expected --agents, --days, --seed, --db)"
                ));
            }
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("simulation_host: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = options.db.as_deref().filter(|p| p.exists()) {
        eprintln!(
            "simulation_host: {} exists; a simulation starts from a new database",
            path.display()
        );
        return ExitCode::from(2);
    }
    match simulate(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("simulation_host: {message}");
            ExitCode::FAILURE
        }
    }
}

fn simulate(options: &Options) -> Result<(), String> {
    let started = Instant::now();
    let mut host = scenario::open(options.db.as_deref()).map_err(|e| e.to_string())?;
    host.run(|world| populate(world, options.agents, GENERATED_COMMONS))
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let mut simulation = Simulation::new(SimulationSettings {
        seed: options.seed,
        sweep_each_tick: true,
        ..SimulationSettings::default()
    });
    simulation.systems_mut().add_systems(take_census);
    host.run(|world| world.world_mut().init_resource::<Census>())
        .map_err(|e| e.to_string())?;
    println!(
        "{} agents, {} days, seed {}, {}; set up in {:.2} s",
        options.agents,
        options.days,
        options.seed,
        options
            .db
            .as_ref()
            .map_or("in memory".to_owned(), |p| format!(
                "database {}",
                p.display()
            )),
        started.elapsed().as_secs_f64()
    );
    println!("day  loads    created  patched  swept  active  stale  archived");
    let mut total = DayCounts::default();
    for day in 1..=options.days {
        let mut counts = DayCounts::default();
        let report = host
            .step(&mut simulation, |turn| agent_day(turn, &mut counts))
            .map_err(|e| e.to_string())?;
        let census = *host.world().world().resource::<Census>();
        let swept = report.sweep.map_or(0, |s| s.applied);
        println!(
            "{day:>3}  {:>7}  {:>7}  {:>7}  {swept:>5}  {:>6}  {:>5}  {:>8}",
            counts.loads,
            counts.created,
            counts.patched,
            census.active,
            census.stale,
            census.archived
        );
        total.loads += counts.loads;
        total.created += counts.created;
        total.patched += counts.patched;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{} loads, {} skills created, {} patched in {elapsed:.1} s ({:.1} µs per agent-day)",
        total.loads,
        total.created,
        total.patched,
        elapsed * 1e6 / (options.agents as u64 * options.days).max(1) as f64
    );
    println!("digest {}", host.world().digest());
    Ok(())
}
