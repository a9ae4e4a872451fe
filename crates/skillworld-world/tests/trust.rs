//! GOV-2 in the command layer: a bundle's signature sets its trust level
//! or refuses it, later content changes take the writer's level, copies
//! keep it, keys are admin-only world state, old states migrate.

mod common;
mod signing;

use signing::{public, sign};
use skillworld_core::{Origin, Trust};
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{
    Caller, Command, ContentError, InstallRules, Layer, OnCollision, SkillWorld, WorldError,
};

fn fresh() -> SkillWorld {
    common::two_agents(86_400_000 * 20_000)
}

fn bundle() -> (SkillDocument, Vec<BundleFile>) {
    let mut document = SkillDocument::new("pdf-fill", "Fills PDF forms.", "Run the script.\n");
    document.skill.origin = Origin::Imported;
    let files = vec![BundleFile {
        path: "scripts/fill.sh".into(),
        bytes: b"#!/bin/sh\necho filling\n".to_vec(),
        executable: true,
    }];
    (document, files)
}

fn rules() -> InstallRules {
    InstallRules {
        on_collision: OnCollision::Refuse,
        force_prune: false,
    }
}

fn trust(world: &SkillWorld, layer: &Layer, name: &str) -> Option<Trust> {
    world.skill_document(layer, name).unwrap().skill.trust
}

#[test]
fn a_registered_signature_sets_its_level_and_a_tampered_bundle_is_refused() {
    let mut world = fresh();
    world.trust_key("acme", public(1), Trust::Official).unwrap();
    let (document, files) = bundle();
    let signature = sign(1, &document, &files);

    let mut tampered = files.clone();
    tampered[0].bytes[12] ^= 1;
    let refused = world
        .install_signed(
            &Layer::Commons,
            document.clone(),
            tampered,
            Some(signature),
            rules(),
        )
        .unwrap_err();
    let WorldError::Content(ContentError::BadSignature { skill, key, .. }) = &refused else {
        panic!("expected a bad signature, got {refused:?}");
    };
    assert_eq!(
        (skill.as_str(), key.as_str()),
        ("pdf-fill", "'acme' (official)")
    );
    assert!(refused.to_string().contains("pdf-fill") && refused.to_string().contains("acme"));
    assert!(
        world.skill_document(&Layer::Commons, "pdf-fill").is_err(),
        "a refused install writes nothing"
    );

    world
        .install_signed(&Layer::Commons, document, files, Some(signature), rules())
        .unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Official)
    );
    let row = world.rows(&Layer::Commons, true).unwrap();
    let row = row.iter().find(|r| r.name == "pdf-fill").unwrap();
    assert_eq!(row.trust, Trust::Official);
}

#[test]
fn unsigned_or_unknown_signers_are_community_and_agents_installs_are_agent() {
    let mut world = fresh();
    let (document, files) = bundle();
    world
        .install_signed(
            &Layer::Commons,
            document.clone(),
            files.clone(),
            None,
            rules(),
        )
        .unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Community)
    );

    // A file claiming to be shipped is not vouched for by the claim.
    let mut claims = SkillDocument::new("claims-builtin", "Says it shipped.", "Body.\n");
    claims.skill.origin = Origin::Builtin;
    world
        .install_signed(&Layer::Commons, claims, vec![], None, rules())
        .unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "claims-builtin"),
        Some(Trust::Community)
    );
    let mut shipped = SkillDocument::new("shipped", "Ships with skillworld.", "Body.\n");
    shipped.skill.origin = Origin::Imported;
    world.install_builtin(shipped, vec![]).unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "shipped"),
        Some(Trust::Builtin)
    );

    // A valid signature by a key nobody registered vouches for nothing.
    let signature = sign(2, &document, &files);
    let private = Layer::Agent("ada".into());
    world
        .install_signed(
            &private,
            document.clone(),
            files.clone(),
            Some(signature),
            rules(),
        )
        .unwrap();
    assert_eq!(trust(&world, &private, "pdf-fill"), Some(Trust::Community));

    // An agent's own import is its own content.
    let command = Command::InstallSkill {
        layer: Layer::Agent("bob".into()),
        document,
        files,
        on_collision: OnCollision::Refuse,
        force_prune: false,
        signature: None,
    };
    world.execute(Caller::agent("bob"), command).unwrap();
    assert_eq!(
        trust(&world, &Layer::Agent("bob".into()), "pdf-fill"),
        Some(Trust::Agent)
    );
}

#[test]
fn content_changes_take_the_writers_level_and_copies_keep_theirs() {
    let mut world = fresh();
    world.trust_key("acme", public(1), Trust::Official).unwrap();
    let (document, files) = bundle();
    let signature = sign(1, &document, &files);
    let ada = Layer::Agent("ada".into());
    world
        .install_signed(&ada, document, files, Some(signature), rules())
        .unwrap();

    // Promote and share keep the level.
    world
        .copy_skill(Caller::host(), &ada, "pdf-fill", &Layer::Commons)
        .unwrap();
    world
        .copy_skill(
            Caller::host(),
            &ada,
            "pdf-fill",
            &Layer::Agent("bob".into()),
        )
        .unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Official)
    );
    assert_eq!(
        trust(&world, &Layer::Agent("bob".into()), "pdf-fill"),
        Some(Trust::Official)
    );

    // A switch is not content: the level stays.
    world
        .set(
            &ada,
            "pdf-fill",
            skillworld_world::Switches {
                pinned: Some(true),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(trust(&world, &ada, "pdf-fill"), Some(Trust::Official));

    // An agent's patch makes it the agent's; an admin's edit trusted.
    let patch = Command::PatchSkill {
        layer: ada.clone(),
        name: "pdf-fill".into(),
        old_string: "Run".into(),
        new_string: "Please run".into(),
        replace_all: false,
        expected_revision: None,
        copy_from: None,
    };
    world.execute(Caller::agent("ada"), patch).unwrap();
    assert_eq!(trust(&world, &ada, "pdf-fill"), Some(Trust::Agent));
    world
        .update(&Layer::Commons, "pdf-fill", |d| d.body.push_str("More.\n"))
        .unwrap();
    assert_eq!(
        trust(&world, &Layer::Commons, "pdf-fill"),
        Some(Trust::Trusted)
    );
}

#[test]
fn keys_are_admin_only_world_state_that_replays() {
    let mut world = fresh();
    let command = Command::TrustKey {
        name: "acme".into(),
        key: public(1),
        level: Trust::Official,
    };
    let refused = world.execute(Caller::agent("ada"), command).unwrap_err();
    assert!(
        matches!(refused, WorldError::KeyRefused { .. }),
        "{refused}"
    );
    let builtin = world
        .trust_key("acme", public(1), Trust::Builtin)
        .unwrap_err();
    assert!(
        builtin.to_string().contains("official or trusted"),
        "{builtin}"
    );
    world.trust_key("acme", public(1), Trust::Trusted).unwrap();
    let twice = world
        .trust_key("other", public(1), Trust::Official)
        .unwrap_err();
    assert!(twice.to_string().contains("'acme'"), "{twice}");
    world.set_trust_policy(vec![Trust::Community]).unwrap();

    let (document, files) = bundle();
    let signature = sign(1, &document, &files);
    world
        .install_signed(&Layer::Commons, document, files, Some(signature), rules())
        .unwrap();

    let state = world.state();
    let again = SkillWorld::from_state(state.clone(), Some("linux".into())).unwrap();
    assert_eq!(
        again.trusted_keys().get("acme").unwrap().level,
        Trust::Trusted
    );
    assert!(again.trust_policy().needs_approval(Trust::Community));
    assert_eq!(again.digest(), world.digest());
    assert_eq!(
        trust(&again, &Layer::Commons, "pdf-fill"),
        Some(Trust::Trusted)
    );
}

#[test]
fn states_saved_before_trust_levels_migrate_on_load() {
    let mut world = fresh();
    world
        .create(
            &Layer::Commons,
            SkillDocument::new("by-admin", "Written by an admin.", "Body.\n"),
        )
        .unwrap();
    world
        .create(
            &Layer::Agent("ada".into()),
            SkillDocument::new("by-ada", "Written in ada's world.", "Body.\n"),
        )
        .unwrap();
    let (document, files) = bundle();
    world
        .install_with(&Layer::Commons, document, files, rules())
        .unwrap();
    let mut shipped = SkillDocument::new("shipped", "A shipped skill.", "Body.\n");
    shipped.skill.origin = Origin::Builtin;
    world.install_builtin(shipped, vec![]).unwrap();

    // The state as an older skillworld wrote it: no trust anywhere.
    let mut state = world.state();
    for entity in &mut state.entities {
        if let skillworld_world::EntityState::Skill(skill) = entity {
            skill.skill.trust = None;
        }
    }
    let json = serde_json::to_string(&state).unwrap();
    assert!(
        !json.contains("\"trust\""),
        "old states have no trust field"
    );
    let old: skillworld_world::WorldState = serde_json::from_str(&json).unwrap();
    let migrated = SkillWorld::from_state(old, Some("linux".into())).unwrap();
    let level = |layer: &Layer, name| trust(&migrated, layer, name);
    assert_eq!(level(&Layer::Commons, "by-admin"), Some(Trust::Trusted));
    assert_eq!(
        level(&Layer::Agent("ada".into()), "by-ada"),
        Some(Trust::Agent)
    );
    assert_eq!(level(&Layer::Commons, "pdf-fill"), Some(Trust::Community));
    assert_eq!(level(&Layer::Commons, "shipped"), Some(Trust::Builtin));
}
