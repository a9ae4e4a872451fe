//! GOV-2's trust policy drives GOV-1's approval: an install whose level the
//! policy names waits as a proposal whoever installs it (an admin's in the
//! habitat-wide proposals world of `_admin`), a signed one at a level the
//! policy leaves out goes live, the default policy changes nothing, and all
//! of it replays and reopens.

mod common;
mod signing;

use signing::{public, sign};
use skillworld_core::{Origin, Trust};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{
    ADMIN_PROPOSER, ApprovalMode, Caller, CatalogRequest, Command, InstallRules, Layer,
    OnCollision, ProposalState, SkillWorld, WorldError,
};

fn fresh() -> SkillWorld {
    common::two_agents(86_400_000 * 20_000)
}

fn bundle(name: &str) -> (SkillDocument, Vec<BundleFile>) {
    let mut document = SkillDocument::new(name, "Fills PDF forms.", "Run the script.\n");
    document.skill.origin = Origin::Imported;
    let files = vec![BundleFile {
        path: "scripts/fill.sh".into(),
        bytes: b"#!/bin/sh\necho filling\n".to_vec(),
        executable: true,
    }];
    (document, files)
}

fn install(
    world: &mut SkillWorld,
    caller: Caller,
    layer: &Layer,
    name: &str,
    signed_by: Option<u8>,
) -> Result<bool, WorldError> {
    let (document, files) = bundle(name);
    let signature = signed_by.map(|seed| sign(seed, &document, &files));
    let command = Command::InstallSkill {
        layer: layer.clone(),
        document,
        files,
        on_collision: OnCollision::Refuse,
        force_prune: false,
        signature,
    };
    world
        .execute(caller, command)
        .map(|applied| applied.proposed)
}

fn seen_by(world: &mut SkillWorld, agent: &str, name: &str) -> bool {
    let catalog = world.catalog(agent, &CatalogRequest::default()).unwrap();
    let rows = world.rows(&Layer::Agent(agent.into()), false).unwrap();
    let listed = rows.iter().any(|row| row.name == name);
    assert_eq!(catalog.contains(name), listed, "catalog and list agree");
    listed
}

fn trust(world: &SkillWorld, layer: &Layer, name: &str) -> Option<Trust> {
    world.skill_document(layer, name).ok()?.skill.trust
}

fn approve(world: &mut SkillWorld, proposer: &str, name: &str) -> Result<(), WorldError> {
    let command = Command::ApproveProposal {
        agent: proposer.into(),
        name: name.into(),
        rename: None,
    };
    world.execute(Caller::host(), command).map(drop)
}

#[test]
fn an_unsigned_admin_import_waits_under_a_community_policy_until_approved() {
    let mut world = fresh();
    world.set_trust_policy(vec![Trust::Community]).unwrap();
    assert_eq!(world.approval().mode, ApprovalMode::Auto);

    let proposed = install(
        &mut world,
        Caller::host(),
        &Layer::Commons,
        "pdf-fill",
        None,
    );
    assert!(proposed.unwrap(), "an unsigned install is community");
    for agent in ["ada", "bob"] {
        assert!(!seen_by(&mut world, agent, "pdf-fill"));
    }
    assert!(world.skill_document(&Layer::Commons, "pdf-fill").is_err());
    let open = world.proposals(None, false).unwrap();
    assert_eq!(open.len(), 1);
    let view = &open[0];
    assert_eq!(
        (
            view.agent.as_str(),
            view.name.as_str(),
            view.target.as_str()
        ),
        (ADMIN_PROPOSER, "pdf-fill", "commons")
    );
    assert_eq!(view.state, ProposalState::Pending);
    assert!(view.diff.contains("echo filling"), "{}", view.diff);
    assert_eq!(world.proposals(Some(ADMIN_PROPOSER), false).unwrap(), open);
    // No agent's proposals hold it, and an agent cannot decide it.
    assert!(world.proposals(Some("ada"), true).unwrap().is_empty());
    let by_agent = Command::ApproveProposal {
        agent: ADMIN_PROPOSER.into(),
        name: "pdf-fill".into(),
        rename: None,
    };
    assert!(world.execute(Caller::agent("ada"), by_agent).is_err());

    approve(&mut world, ADMIN_PROPOSER, "pdf-fill").unwrap();
    for agent in ["ada", "bob"] {
        assert!(seen_by(&mut world, agent, "pdf-fill"));
    }
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Community),
        "approval lets it go live at the level it was proposed with"
    );
    assert!(world.proposals(None, false).unwrap().is_empty());
}

#[test]
fn a_signed_official_import_goes_live_under_the_same_policy() {
    let mut world = fresh();
    world.set_trust_policy(vec![Trust::Community]).unwrap();
    world.trust_key("acme", public(1), Trust::Official).unwrap();

    let proposed = install(
        &mut world,
        Caller::host(),
        &Layer::Commons,
        "pdf-fill",
        Some(1),
    );
    assert!(!proposed.unwrap());
    assert!(seen_by(&mut world, "ada", "pdf-fill"));
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Official)
    );
    // Signed by a key nobody registered: community, so it waits.
    let unknown = install(
        &mut world,
        Caller::host(),
        &Layer::Commons,
        "other",
        Some(9),
    );
    assert!(unknown.unwrap());
    assert!(!seen_by(&mut world, "ada", "other"));
    // A policy naming `official` holds even the signed one back.
    world.set_trust_policy(vec![Trust::Official]).unwrap();
    let held = install(
        &mut world,
        Caller::host(),
        &Layer::Commons,
        "third",
        Some(1),
    );
    assert!(held.unwrap());
}

#[test]
fn a_tampered_bundle_is_refused_before_any_proposal() {
    let mut world = fresh();
    world.set_trust_policy(vec![Trust::Community]).unwrap();
    let before = world.digest();
    let (document, mut files) = bundle("pdf-fill");
    let signature = sign(1, &document, &files);
    files[0].bytes[12] ^= 1;
    let command = Command::InstallSkill {
        layer: Layer::Commons,
        document,
        files,
        on_collision: OnCollision::Refuse,
        force_prune: false,
        signature: Some(signature),
    };
    let refused = world.execute(Caller::host(), command).unwrap_err();
    assert!(refused.to_string().contains("pdf-fill"), "{refused}");
    assert_eq!(world.digest(), before);
    assert!(world.proposals(None, true).unwrap().is_empty());
}

#[test]
fn the_default_policy_changes_nothing() {
    let mut world = fresh();
    assert!(
        !install(
            &mut world,
            Caller::host(),
            &Layer::Commons,
            "pdf-fill",
            None
        )
        .unwrap()
    );
    assert!(seen_by(&mut world, "bob", "pdf-fill"));
    let rules = InstallRules {
        on_collision: OnCollision::Refuse,
        force_prune: false,
    };
    let (document, files) = bundle("notes");
    let installed = world
        .install_with(&Layer::Agent("ada".into()), document, files, rules)
        .unwrap();
    assert!(!installed.proposed);
    assert!(
        !install(
            &mut world,
            Caller::agent("ada"),
            &Layer::Agent("ada".into()),
            "own",
            None
        )
        .unwrap()
    );
    assert!(world.proposals(None, true).unwrap().is_empty());
}

#[test]
fn an_agents_import_waits_under_auto_when_the_policy_names_agent() {
    let mut world = fresh();
    world.set_trust_policy(vec![Trust::Agent]).unwrap();
    let ada = Layer::Agent("ada".into());
    assert!(install(&mut world, Caller::agent("ada"), &ada, "mine", None).unwrap());
    assert!(!seen_by(&mut world, "ada", "mine"));
    let open = world.proposals(Some("ada"), false).unwrap();
    assert_eq!(open.len(), 1);
    // An admin's unsigned import is community, which this policy leaves out.
    assert!(!install(&mut world, Caller::host(), &ada, "given", None).unwrap());
    approve(&mut world, "ada", "mine").unwrap();
    assert!(seen_by(&mut world, "ada", "mine"));
    assert_eq!(trust(&world, &ada, "mine"), Some(Trust::Agent));
}

#[test]
fn an_admin_proposal_is_rejected_with_its_reason_kept() {
    let mut world = fresh();
    world.set_trust_policy(vec![Trust::Community]).unwrap();
    install(
        &mut world,
        Caller::host(),
        &Layer::Commons,
        "pdf-fill",
        None,
    )
    .unwrap();
    let command = Command::RejectProposal {
        agent: ADMIN_PROPOSER.into(),
        name: "pdf-fill".into(),
        reason: "Unknown publisher.".into(),
    };
    world.execute(Caller::host(), command).unwrap();
    let closed = world.proposals(Some(ADMIN_PROPOSER), true).unwrap();
    assert_eq!(closed[0].state, ProposalState::Rejected);
    assert_eq!(closed[0].reason.as_deref(), Some("Unknown publisher."));
    assert!(!seen_by(&mut world, "ada", "pdf-fill"));
    // The name is free for another proposal.
    assert!(
        install(
            &mut world,
            Caller::host(),
            &Layer::Commons,
            "pdf-fill",
            None
        )
        .unwrap()
    );
}

#[test]
fn held_back_installs_replay_and_reopen() {
    let mut live = fresh();
    let start = live.state();
    live.take_journal();
    live.set_trust_policy(vec![Trust::Community]).unwrap();
    install(&mut live, Caller::host(), &Layer::Commons, "first", None).unwrap();
    install(&mut live, Caller::host(), &Layer::Commons, "second", None).unwrap();
    approve(&mut live, ADMIN_PROPOSER, "first").unwrap();

    let mut replayed = SkillWorld::from_state(start, Some("linux".into())).unwrap();
    for envelope in live.journal().to_vec() {
        replayed.apply(envelope).unwrap();
    }
    assert_eq!(replayed.digest(), live.digest());
    assert_eq!(
        replayed.proposals(None, true).unwrap(),
        live.proposals(None, true).unwrap()
    );

    let mut reopened = SkillWorld::from_state(live.state(), Some("linux".into())).unwrap();
    assert_eq!(reopened.digest(), live.digest());
    let open = reopened.proposals(None, false).unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].name, "second");
    assert!(seen_by(&mut reopened, "ada", "first"));
    assert!(!seen_by(&mut reopened, "ada", "second"));
    approve(&mut reopened, ADMIN_PROPOSER, "second").unwrap();
    assert!(seen_by(&mut reopened, "ada", "second"));
}
