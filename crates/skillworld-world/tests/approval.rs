//! GOV-1 approval in the command layer: under `review` an agent's writes
//! (tools, imports, invisible runs) wait as proposals; admins approve,
//! rename, reject or let them expire; `auto` changes nothing; all of it
//! replays.

mod common;

use serde_json::{Value, json};
use skillworld_format::SkillDocument;
use skillworld_world::{
    ApprovalMode, Caller, CallerKind, CatalogRequest, Command, LoadRequest, ProposalError,
    ProposalState, SkillWorld, WorldError,
};

fn world() -> SkillWorld {
    common::two_agents(0)
}

fn review(world: &mut SkillWorld) {
    let command = Command::SetApproval {
        mode: ApprovalMode::Review,
        expire_after_days: None,
    };
    world.execute(Caller::host(), command).unwrap();
}

fn tool(world: &mut SkillWorld, agent: &str, name: &str, args: Value) -> Value {
    world.call_tool(&Caller::agent(agent), name, &args)
}

fn create(world: &mut SkillWorld, agent: &str, name: &str, body: &str) -> Value {
    let answer = tool(
        world,
        agent,
        "skill_create",
        json!({"name": name, "description": "Does a thing.", "content": body}),
    );
    assert_eq!(answer["ok"], true, "{answer}");
    answer
}

fn body_seen(world: &mut SkillWorld, agent: &str, name: &str) -> Result<String, WorldError> {
    let request = LoadRequest {
        name,
        file: None,
        page: None,
        run: None,
        args: Default::default(),
    };
    world.load(agent, request).map(|loaded| loaded.text)
}

fn catalog(world: &mut SkillWorld, agent: &str) -> String {
    world.catalog(agent, &CatalogRequest::default()).unwrap()
}

fn approve(world: &mut SkillWorld, agent: &str, name: &str, rename: Option<&str>) {
    let command = Command::ApproveProposal {
        agent: agent.into(),
        name: name.into(),
        rename: rename.map(Into::into),
    };
    world.execute(Caller::host(), command).unwrap();
}

fn reject(world: &mut SkillWorld, agent: &str, name: &str, reason: &str) {
    let command = Command::RejectProposal {
        agent: agent.into(),
        name: name.into(),
        reason: reason.into(),
    };
    world.execute(Caller::host(), command).unwrap();
}

#[test]
fn auto_is_the_default_and_changes_nothing() {
    let mut world = world();
    assert_eq!(world.approval().mode, ApprovalMode::Auto);
    let answer = create(&mut world, "ada", "mine", "Step one.\n");
    assert!(answer.get("proposed").is_none(), "{answer}");
    assert!(
        body_seen(&mut world, "ada", "mine")
            .unwrap()
            .contains("Step one.")
    );
    assert!(world.proposals(None, true).unwrap().is_empty());
}

#[test]
fn a_proposed_skill_is_invisible_until_approved() {
    let mut world = world();
    review(&mut world);
    let answer = create(&mut world, "ada", "deploy-notes", "Deploy carefully.\n");
    assert_eq!(answer["proposed"], true, "{answer}");
    for agent in ["ada", "bob"] {
        assert!(!catalog(&mut world, agent).contains("deploy-notes"));
        assert!(body_seen(&mut world, agent, "deploy-notes").is_err());
        let rows = world
            .rows(&skillworld_world::Layer::Agent(agent.into()), false)
            .unwrap();
        assert!(rows.iter().all(|row| row.name != "deploy-notes"));
    }
    // Its agent sees it with `list --all`, as a proposal; the other does not.
    let ada_all = world.proposal_rows("ada").unwrap();
    let row = ada_all
        .iter()
        .find(|row| row.name == "deploy-notes")
        .unwrap();
    assert_eq!(
        (row.layer, row.status.to_string().as_str()),
        ("proposal", "proposed")
    );
    assert!(world.proposal_rows("bob").unwrap().is_empty());
    let listed = world
        .rows(&skillworld_world::Layer::Agent("ada".into()), true)
        .unwrap();
    assert!(listed.iter().all(|row| row.name != "deploy-notes"));

    let pending = world.proposals(None, false).unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (pending[0].kind, pending[0].target.as_str()),
        ("new", "agents/ada")
    );
    assert!(
        pending[0].diff.contains("+Deploy carefully.") && !pending[0].diff.contains("proposed"),
        "{}",
        pending[0].diff
    );

    approve(&mut world, "ada", "deploy-notes", None);
    assert!(catalog(&mut world, "ada").contains("deploy-notes"));
    assert!(
        body_seen(&mut world, "ada", "deploy-notes")
            .unwrap()
            .contains("Deploy carefully.")
    );
    assert!(
        body_seen(&mut world, "bob", "deploy-notes").is_err(),
        "still ada's private skill"
    );
    assert!(world.proposals(None, false).unwrap().is_empty());
    let closed = world.proposals(Some("ada"), true).unwrap();
    assert_eq!(closed[0].state, ProposalState::Approved);
}

#[test]
fn an_approval_may_rename() {
    let mut world = world();
    review(&mut world);
    create(&mut world, "ada", "thing", "Body.\n");
    approve(&mut world, "ada", "thing", Some("better-name"));
    assert!(body_seen(&mut world, "ada", "better-name").is_ok());
    assert!(body_seen(&mut world, "ada", "thing").is_err());
    let closed = world.proposals(Some("ada"), true).unwrap();
    assert_eq!(closed[0].approved_as.as_deref(), Some("better-name"));
    // A rename onto a taken name is refused and the proposal stays.
    create(&mut world, "ada", "thing", "Again.\n");
    let command = Command::ApproveProposal {
        agent: "ada".into(),
        name: "thing".into(),
        rename: Some("better-name".into()),
    };
    let refused = world.execute(Caller::host(), command).unwrap_err();
    assert_eq!(refused, WorldError::SkillExists("better-name".into()));
    assert_eq!(world.proposals(None, false).unwrap().len(), 1);
}

#[test]
fn a_proposed_change_leaves_the_live_skill_serving_until_approved() {
    let mut world = world();
    create(&mut world, "ada", "mine", "Old step.\n");
    review(&mut world);
    let answer = tool(
        &mut world,
        "ada",
        "skill_patch",
        json!({"name": "mine", "old_string": "Old step.", "new_string": "New step."}),
    );
    assert_eq!(
        (answer["ok"].clone(), answer["proposed"].clone()),
        (json!(true), json!(true))
    );
    // A second write adds to the same proposal.
    let answer = tool(
        &mut world,
        "ada",
        "skill_patch",
        json!({"name": "mine", "old_string": "New step.", "new_string": "Newer step."}),
    );
    assert_eq!(answer["proposed"], true, "{answer}");
    assert!(
        body_seen(&mut world, "ada", "mine")
            .unwrap()
            .contains("Old step.")
    );
    let pending = world.proposals(Some("ada"), false).unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].kind, "change");
    assert_eq!(pending[0].base_revision, pending[0].live_revision);
    assert!(
        pending[0].diff.contains("-Old step.\n+Newer step."),
        "{}",
        pending[0].diff
    );

    approve(&mut world, "ada", "mine", None);
    let body = body_seen(&mut world, "ada", "mine").unwrap();
    assert!(
        body.contains("Newer step.") && !body.contains("Old step."),
        "{body}"
    );
}

#[test]
fn a_rejection_reason_reaches_the_agent() {
    let mut world = world();
    create(&mut world, "ada", "mine", "Old step.\n");
    review(&mut world);
    // A change: the reason becomes ada's lesson on the live skill.
    let args = json!({"name": "mine", "content": "Delete everything.\n"});
    assert_eq!(
        tool(&mut world, "ada", "skill_update", args)["proposed"],
        true
    );
    reject(&mut world, "ada", "mine", "Never delete the user's files.");
    let lessons = world
        .lessons(
            &skillworld_world::Layer::Agent("ada".into()),
            "mine",
            Some("ada"),
        )
        .unwrap();
    assert_eq!(lessons.len(), 1);
    assert_eq!(lessons[0].text, "Never delete the user's files.");
    assert!(
        body_seen(&mut world, "ada", "mine")
            .unwrap()
            .contains("Old step.")
    );
    // A new skill: the reason stays on the rejected proposal.
    create(&mut world, "ada", "brand-new", "Body.\n");
    reject(&mut world, "ada", "brand-new", "Too vague.");
    let closed = world.proposals(Some("ada"), true).unwrap();
    let rejected = closed.iter().find(|p| p.name == "brand-new").unwrap();
    assert_eq!(rejected.state, ProposalState::Rejected);
    assert_eq!(rejected.reason.as_deref(), Some("Too vague."));
    assert!(body_seen(&mut world, "ada", "brand-new").is_err());
    // The name is free for a new proposal.
    create(&mut world, "ada", "brand-new", "Clearer body.\n");
    let empty = Command::RejectProposal {
        agent: "ada".into(),
        name: "brand-new".into(),
        reason: "  ".into(),
    };
    assert_eq!(
        world.execute(Caller::host(), empty).unwrap_err(),
        ProposalError::EmptyReason.into()
    );
}

#[test]
fn proposals_expire_on_the_worlds_clock() {
    let mut world = world();
    review(&mut world);
    create(&mut world, "ada", "old-idea", "Body.\n");
    world.clock_mut().advance_days(13);
    create(&mut world, "ada", "new-idea", "Body.\n");
    world.clock_mut().advance_days(1);
    // At read time the old one is already past its 14 days.
    let all = world.proposals(Some("ada"), true).unwrap();
    let state = |name: &str| all.iter().find(|p| p.name == name).unwrap().state;
    assert_eq!(state("old-idea"), ProposalState::Expired);
    assert_eq!(state("new-idea"), ProposalState::Pending);
    let late = Command::ApproveProposal {
        agent: "ada".into(),
        name: "old-idea".into(),
        rename: None,
    };
    assert!(matches!(
        world.execute(Caller::host(), late),
        Err(WorldError::Proposal(ProposalError::Expired { .. }))
    ));
    let expired = world
        .execute(Caller::host(), Command::ExpireProposals)
        .unwrap();
    assert_eq!(expired.replacements, Some(1));
    assert_eq!(world.proposals(None, false).unwrap().len(), 1);
    // Its name is free again for the agent.
    create(&mut world, "ada", "old-idea", "Second try.\n");
}

#[test]
fn only_admins_decide_and_admin_writes_are_never_proposed() {
    let mut world = world();
    review(&mut world);
    let doc = SkillDocument::new("by-admin", "Admin's.", "Body.\n");
    world
        .create(&skillworld_world::Layer::Agent("ada".into()), doc)
        .unwrap();
    assert!(body_seen(&mut world, "ada", "by-admin").is_ok());
    create(&mut world, "ada", "idea", "Body.\n");
    for command in [
        Command::ApproveProposal {
            agent: "ada".into(),
            name: "idea".into(),
            rename: None,
        },
        Command::SetApproval {
            mode: ApprovalMode::Auto,
            expire_after_days: None,
        },
    ] {
        let refused = world.execute(Caller::agent("ada"), command).unwrap_err();
        assert!(matches!(
            refused,
            WorldError::Proposal(ProposalError::AdminOnly(_))
        ));
    }
}

#[test]
fn invisible_runs_and_imports_and_commons_copies_are_proposed_too() {
    let mut world = world();
    let shared = SkillDocument::new("shared", "Shared.", "Shared step.\n");
    world
        .create(&skillworld_world::Layer::Commons, shared)
        .unwrap();
    review(&mut world);
    let invisible = Caller {
        kind: CallerKind::Invisible,
        allowed_tools: vec!["skill_create".into()],
        ..Caller::agent("ada")
    };
    let args = json!({"name": "learned", "description": "Learned.", "content": "Body.\n"});
    let answer = world.call_tool(&invisible, "skill_create", &args);
    assert_eq!(answer["proposed"], true, "{answer}");
    let skill_md = "---\nname: imported-one\ndescription: Imported.\n---\nBody.\n";
    let answer = tool(
        &mut world,
        "ada",
        "skill_import",
        json!({"skill_md": skill_md}),
    );
    assert_eq!(answer["proposed"], true, "{answer}");
    // A write to a Commons skill: the copy-on-write waits; the Commons and
    // ada's view stay as they were.
    let args = json!({"name": "shared", "old_string": "Shared step.", "new_string": "Mine."});
    assert_eq!(
        tool(&mut world, "ada", "skill_patch", args)["proposed"],
        true
    );
    assert!(
        body_seen(&mut world, "ada", "shared")
            .unwrap()
            .contains("Shared step.")
    );
    assert!(
        body_seen(&mut world, "bob", "shared")
            .unwrap()
            .contains("Shared step.")
    );
    let names: Vec<String> = world
        .proposals(Some("ada"), false)
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["learned", "imported-one", "shared"]);
    approve(&mut world, "ada", "shared", None);
    assert!(
        body_seen(&mut world, "ada", "shared")
            .unwrap()
            .contains("Mine.")
    );
    assert!(
        body_seen(&mut world, "bob", "shared")
            .unwrap()
            .contains("Shared step.")
    );
}

#[test]
fn proposals_replay_and_a_refused_one_leaves_no_trace() {
    let mut live = world();
    let start = live.state();
    live.take_journal();
    create(&mut live, "ada", "mine", "Old step.\n");
    review(&mut live);
    // Refused after the copy was made: nothing of it stays.
    let before = live.digest();
    let missing = json!({"name": "mine", "old_string": "absent", "new_string": "x"});
    assert!(tool(&mut live, "ada", "skill_patch", missing)["error"].is_string());
    assert_eq!(live.digest(), before);
    let patch = json!({"name": "mine", "old_string": "Old step.", "new_string": "New."});
    assert_eq!(
        tool(&mut live, "ada", "skill_patch", patch)["proposed"],
        true
    );
    create(&mut live, "ada", "other", "Body.\n");
    reject(&mut live, "ada", "other", "No.");
    create(&mut live, "ada", "third", "Body.\n");

    let mut replayed = SkillWorld::from_state(start, Some("linux".into())).unwrap();
    for envelope in live.journal().to_vec() {
        replayed.apply(envelope).unwrap();
    }
    assert_eq!(replayed.digest(), live.digest());
    assert_eq!(
        replayed.proposals(None, true).unwrap(),
        live.proposals(None, true).unwrap()
    );
    // And from the state, as a store reopens it.
    let mut reopened = SkillWorld::from_state(live.state(), Some("linux".into())).unwrap();
    assert_eq!(reopened.digest(), live.digest());
    assert_eq!(reopened.proposals(None, false).unwrap().len(), 2);
    assert_eq!(reopened.approval().mode, ApprovalMode::Review);
}

#[test]
fn a_share_by_an_agent_waits_too() {
    let mut world = world();
    create(&mut world, "ada", "mine", "Body.\n");
    let grant = Command::Grant {
        owner: "bob".into(),
        subject: "ada".into(),
        access: Some(skillworld_world::Access::Write),
    };
    world.execute(Caller::host(), grant).unwrap();
    review(&mut world);
    let share = Command::CopySkill {
        from: skillworld_world::Layer::Agent("ada".into()),
        name: "mine".into(),
        to: skillworld_world::Layer::Agent("bob".into()),
    };
    let applied = world.execute(Caller::agent("ada"), share).unwrap();
    assert!(applied.proposed);
    assert!(body_seen(&mut world, "bob", "mine").is_err());
    let pending = world.proposals(Some("ada"), false).unwrap();
    assert_eq!(
        (pending[0].target.as_str(), pending[0].kind),
        ("agents/bob", "new")
    );
    approve(&mut world, "ada", "mine", None);
    assert!(body_seen(&mut world, "bob", "mine").is_ok());
    let view = world
        .skill_view(&skillworld_world::Layer::Agent("bob".into()), "mine", None)
        .unwrap();
    let copied = view.document.skill.provenance.copied_from.unwrap();
    assert_eq!(
        (copied.source.as_str(), copied.actor.as_str()),
        ("agents/ada/mine", "ada")
    );
}

#[test]
fn an_agent_reads_its_own_proposals_only() {
    let mut world = world();
    review(&mut world);
    create(&mut world, "ada", "ada-idea", "Ada's.\n");
    create(&mut world, "bob", "bob-idea", "Bob's.\n");
    let names = |views: Vec<skillworld_world::ProposalView>| -> Vec<String> {
        views.into_iter().map(|view| view.name).collect()
    };
    let ada = Caller::agent("ada");
    assert_eq!(
        names(world.proposals_seen_by(&ada, Some("ada"), false).unwrap()),
        ["ada-idea"]
    );
    assert_eq!(
        names(world.proposals_seen_by(&ada, None, false).unwrap()),
        ["ada-idea"],
        "naming no agent, an agent still reads its own only"
    );
    assert!(matches!(
        world.proposals_seen_by(&ada, Some("bob"), false),
        Err(WorldError::UnknownAgent(agent)) if agent == "bob"
    ));
    let all = world
        .proposals_seen_by(&Caller::host(), None, false)
        .unwrap();
    assert_eq!(names(all).len(), 2);
}
