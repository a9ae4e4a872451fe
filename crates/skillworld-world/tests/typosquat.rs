//! SEC-4 typosquatting through the world: a skill named one typo away from
//! an installed Commons skill of another origin is warned (never blocked),
//! on every content change, from the names the world keeps as Commons
//! skills come, go and are restored.

use skillworld_core::{ScanStatus, Timestamp};
use skillworld_format::SkillDocument;
use skillworld_world::{Clock, InstallRules, Layer, OnCollision, SkillWorld, WorldSettings};

fn fresh() -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(86_400_000 * 20_000)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    world
}

fn from(source: &str, name: &str) -> SkillDocument {
    let mut document = SkillDocument::new(name, format!("{name} from {source}."), "Steps.\n");
    document.skill.provenance.import_source = Some(source.to_owned());
    document
}

fn import(world: &mut SkillWorld, layer: &Layer, source: &str, name: &str) {
    let rules = InstallRules {
        on_collision: OnCollision::Refuse,
        force_prune: false,
    };
    world
        .install_with(layer, from(source, name), vec![], rules)
        .unwrap();
}

/// (status, the typosquat finding's explanation) of a skill.
fn typosquat(world: &SkillWorld, layer: &Layer, name: &str) -> (ScanStatus, Option<String>) {
    let skill = world.skill_document(layer, name).unwrap().skill;
    let finding = skill
        .findings
        .iter()
        .find(|f| f.rule == "typosquat")
        .map(|f| f.explanation.clone());
    (skill.scan, finding)
}

fn ada() -> Layer {
    Layer::Agent("ada".into())
}

#[test]
fn a_name_close_to_an_installed_commons_skill_of_another_origin_warns() {
    let mut world = fresh();
    import(
        &mut world,
        &Layer::Commons,
        "https://a.example/skills/invoice-parser",
        "invoice-parser",
    );
    import(&mut world, &ada(), "https://b.example/x", "invoice-parsr");
    let (status, finding) = typosquat(&world, &ada(), "invoice-parsr");
    assert_eq!(status, ScanStatus::Warned, "a warning, never a block");
    assert!(
        finding
            .as_deref()
            .is_some_and(|e| e.contains("invoice-parser")),
        "{finding:?}"
    );
    // Into the Commons too, and for a skill written by hand.
    import(
        &mut world,
        &Layer::Commons,
        "/c/invoce-parser",
        "invoce-parser",
    );
    let (status, finding) = typosquat(&world, &Layer::Commons, "invoce-parser");
    assert_eq!(status, ScanStatus::Warned);
    assert!(finding.is_some());
    world
        .create(
            &ada(),
            SkillDocument::new("invoice-prser", "Mine.", "Body.\n"),
        )
        .unwrap();
    assert!(typosquat(&world, &ada(), "invoice-prser").1.is_some());
}

#[test]
fn siblings_from_the_same_origin_and_numbered_names_pass() {
    let mut world = fresh();
    // One collection's skills are siblings.
    let source = "https://a.example/skills";
    import(
        &mut world,
        &Layer::Commons,
        &format!("{source}/invoice-parser"),
        "invoice-parser",
    );
    import(
        &mut world,
        &Layer::Commons,
        &format!("{source}/invoice-parse"),
        "invoice-parse",
    );
    assert_eq!(typosquat(&world, &Layer::Commons, "invoice-parse").1, None);
    import(
        &mut world,
        &Layer::Commons,
        "/b/invoice-parser-2",
        "invoice-parser-2",
    );
    assert_eq!(
        typosquat(&world, &Layer::Commons, "invoice-parser-2").1,
        None
    );
    // The agent's own copy of the Commons skill shadows it by name: no
    // typo, no warning.
    import(&mut world, &ada(), "/mine", "invoice-parser");
    assert_eq!(typosquat(&world, &ada(), "invoice-parser").1, None);
}

#[test]
fn the_names_follow_commons_changes_and_restores() {
    let mut world = fresh();
    import(
        &mut world,
        &Layer::Commons,
        "/a/weather-report",
        "weather-report",
    );
    import(&mut world, &ada(), "/b/weather-reprt", "weather-reprt");
    assert!(typosquat(&world, &ada(), "weather-reprt").1.is_some());

    // Restored from its state, the world knows its Commons names again.
    let mut restored = SkillWorld::from_state(world.state(), Some("linux".into())).unwrap();
    restored
        .update(&ada(), "weather-reprt", |d| d.body = "Edited.\n".into())
        .unwrap();
    assert!(typosquat(&restored, &ada(), "weather-reprt").1.is_some());

    // Once the Commons skill is gone, the next content change clears it.
    world.delete(&Layer::Commons, "weather-report").unwrap();
    world
        .update(&ada(), "weather-reprt", |d| d.body = "Edited.\n".into())
        .unwrap();
    assert_eq!(
        typosquat(&world, &ada(), "weather-reprt"),
        (ScanStatus::Clean, None)
    );
}

#[test]
fn a_world_built_from_its_rows_files_its_commons_names_at_the_first_scan() {
    let mut world = fresh();
    // Two Commons names near the agent's: the first filed is reported.
    import(
        &mut world,
        &Layer::Commons,
        "/a/weather-report",
        "weather-report",
    );
    import(
        &mut world,
        &Layer::Commons,
        "/c/weather-reports",
        "weather-reports",
    );
    import(&mut world, &ada(), "/b/weather-reprt", "weather-reprt");
    let eager = typosquat(&world, &ada(), "weather-reprt");
    let reported = eager.1.as_deref();
    assert!(
        reported.is_some_and(|e| e.ends_with("(close to `weather-report`)")),
        "{eager:?}"
    );
    let edit = |world: &mut SkillWorld| {
        world
            .update(&ada(), "weather-reprt", |d| d.body = "Edited.\n".into())
            .unwrap();
    };

    // Filed at the first scan, in the order the eager world filed them.
    let mut built = SkillWorld::from_state(world.state(), Some("linux".into())).unwrap();
    edit(&mut built);
    assert_eq!(typosquat(&built, &ada(), "weather-reprt"), eager);

    // Commons skills removed before that scan are not among them.
    let mut built = SkillWorld::from_state(world.state(), Some("linux".into())).unwrap();
    built.delete(&Layer::Commons, "weather-report").unwrap();
    built.delete(&Layer::Commons, "weather-reports").unwrap();
    edit(&mut built);
    assert_eq!(
        typosquat(&built, &ada(), "weather-reprt"),
        (ScanStatus::Clean, None)
    );
}
