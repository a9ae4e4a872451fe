//! GOV-1 expiry on a simulated world clock: the `proposal-expiry` job,
//! stepped with `Habitat::run_due_jobs(now)`, expires what is past the
//! world's setting (journaled, so it survives a reopen) and nothing else.

mod common;

use std::sync::Arc;

use serde_json::json;
use skillworld_core::Timestamp;
use skillworld_habitat::Habitat;
use skillworld_world::{ApprovalMode, Caller, Clock, Command, ProposalState};

const DAY: i64 = 24 * 3_600_000;
const START: i64 = 100 * DAY;

fn habitat(dir: &std::path::Path) -> Arc<Habitat> {
    common::habitat(dir, Some(Clock::Simulated(Timestamp::from_millis(START))))
}

async fn propose(habitat: &Habitat, name: &str) {
    habitat
        .read(|store| {
            store
                .run(|world| {
                    let args =
                        json!({"name": name, "description": "An idea.", "content": "Body.\n"});
                    let answer = world.call_tool(&Caller::agent("ada"), "skill_create", &args);
                    assert_eq!(answer["proposed"], true, "{answer}");
                })
                .unwrap()
        })
        .await;
}

async fn advance_days(habitat: &Habitat, days: i64) -> Timestamp {
    habitat
        .read(|store| {
            store
                .run(|world| {
                    world.clock_mut().advance_days(days);
                    world.now()
                })
                .unwrap()
        })
        .await
}

async fn states(habitat: &Habitat) -> Vec<(String, ProposalState)> {
    habitat
        .read(|store| {
            store
                .run(|world| world.proposals(Some("ada"), true))
                .unwrap()
                .unwrap()
                .into_iter()
                .map(|p| (p.name, p.state))
                .collect()
        })
        .await
}

#[tokio::test]
async fn the_expiry_job_expires_what_is_due_on_the_worlds_clock() {
    let dir = tempfile::tempdir().unwrap();
    let habitat = habitat(dir.path());
    habitat
        .read(|store| {
            store
                .run(|world| {
                    world.add_agent("ada", None).unwrap();
                    let review = Command::SetApproval {
                        mode: ApprovalMode::Review,
                        expire_after_days: Some(3),
                    };
                    world.execute(Caller::host(), review).unwrap();
                })
                .unwrap()
        })
        .await;
    propose(&habitat, "early").await;
    habitat.run_due_jobs(Timestamp::from_millis(START)).await;
    let outcome = |habitat: &Habitat| {
        habitat
            .jobs()
            .statuses()
            .into_iter()
            .find(|s| s.id == "proposal-expiry")
            .and_then(|s| s.outcome)
            .unwrap()
    };
    assert_eq!(outcome(&habitat), "ok: 0 proposals expired");
    let now = advance_days(&habitat, 2).await;
    propose(&habitat, "late").await;
    let now = advance_days(&habitat, 1).await.max(now);
    assert!(habitat.run_due_jobs(now).await.contains(&"proposal-expiry"));
    assert_eq!(outcome(&habitat), "ok: 1 proposals expired");
    let expected = [
        ("early".to_owned(), ProposalState::Expired),
        ("late".to_owned(), ProposalState::Pending),
    ];
    assert_eq!(states(&habitat).await, expected);

    // Journaled: a reopened store has the same proposals.
    drop(habitat);
    let reopened = self::habitat(dir.path());
    assert_eq!(states(&reopened).await, expected);
}
