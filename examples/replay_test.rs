//! The replay pattern (STO-3), for your own replay tests: save a snapshot,
//! run a session, rebuild the world from the snapshot and the journal, and
//! check that the rebuilt world's digest is the live one's.
//!
//! `cargo run --release --example replay_test`
//!
//! A digest is SHA-256 over every entity in stable-id order, so equal
//! digests mean the journal holds everything the session did: nothing
//! reached the world except through a command.

use skillworld::core::{Origin, Timestamp};
use skillworld::format::SkillDocument;
use skillworld::store::{OpenOptions, Store, shipped_commons};
use skillworld::world::{Clock, Layer, LoadRequest, Switches};

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    // 1. A database on the simulated clock, so the session's times (and so
    //    its digest) are the same on every run; seeded with the shipped
    //    Commons like a new installation.
    let folder = tempfile::tempdir()?;
    let options = OpenOptions {
        clock: Some(Clock::Simulated(Timestamp::from_millis(1_767_225_600_000))),
        platform: Some("linux".to_owned()),
        seed: shipped_commons(),
        journal_limit: None,
        cache_bytes: None,
    };
    let mut store = Store::open(&folder.path().join("world.redb"), options)?;
    store.run(|world| world.add_agent("ada", None))??;

    // 2. The snapshot the replay starts from.
    //    Its digest is computed from the rows on another thread; wait for it.
    store.save_snapshot("before-session")?;
    store.wait_for_digests();
    let before = store
        .snapshot_info("before-session")?
        .digest
        .unwrap_or_default();
    println!("snapshot before-session: digest {before}");

    // 3. The session under test. Every write inside `run` is a journaled
    //    command, committed durably when `run` returns.
    store.run(session)??;
    let live = store.world().digest();
    println!("after the session:       digest {live}");

    // 4. Replay: the snapshot plus the journal after it, rebuilt in memory.
    //    The database is not changed.
    let replayed = store.replay("before-session")?.digest();
    println!("replayed:                digest {replayed}");
    assert_eq!(replayed, live, "the replay must rebuild the live world");
    assert_ne!(before, live, "the session changed the world");

    // 5. The same holds across a restart: opening the file replays its
    //    journal from the newest checkpoint.
    drop(store);
    let reopened = Store::open(&folder.path().join("world.redb"), OpenOptions::default())?;
    assert_eq!(reopened.world().digest(), live);
    println!("replay and reopen both reach the live digest");
    println!("digest {live}");
    Ok(())
}

/// A short working session: a private skill, loads in a run, a patch, a
/// lesson, a switch, a week on the clock and a curator sweep.
fn session(world: &mut skillworld::world::SkillWorld) -> Result<(), skillworld::world::WorldError> {
    let ada = Layer::Agent("ada".to_owned());
    let mut release_notes = SkillDocument::new(
        "release-notes",
        "Drafts release notes from merged pull requests.",
        "# Release notes\n\n1. List the merged pull requests.\n",
    );
    release_notes.skill.origin = Origin::Evolved;
    world.create(&ada, release_notes)?;
    for name in ["release-notes", "skill-authoring"] {
        let request = LoadRequest {
            name,
            run: Some("run-1"),
            ..LoadRequest::default()
        };
        world.load("ada", request)?;
    }
    world.update(&ada, "release-notes", |document| {
        document
            .body
            .push_str("2. Group them by label, newest first.\n");
    })?;
    world.record_lesson("ada", "release-notes", "Breaking changes go first.")?;
    let pinned = Switches {
        pinned: Some(true),
        ..Switches::default()
    };
    world.set(&Layer::Commons, "skill-curation", pinned)?;
    world.clock_mut().advance_days(7);
    world.curate(true)?;
    Ok(())
}
