//! CAT-6 disclosure of bundle files: a big file comes in pages like a big
//! body, and loading a file does not count as having read the body.

use skillworld_core::Timestamp;
use skillworld_format::{BundleFile, SkillDocument};
use skillworld_world::{
    Clock, Layer, LoadRequest, PAGE_MAX_CHARS, SkillWorld, WorldError, WorldSettings,
};

fn world() -> SkillWorld {
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    let big: String = (0..20_000)
        .map(|i| format!("Line {i:05} of the reference, with some words.\n"))
        .collect();
    assert!(big.len() > 900_000);
    let files = vec![
        BundleFile {
            path: "references/big.md".into(),
            bytes: big.into_bytes(),
            executable: false,
        },
        BundleFile {
            path: "references/small.md".into(),
            bytes: b"# Small\nShort.\n".to_vec(),
            executable: false,
        },
    ];
    let document = SkillDocument::new("guide", "A guide.", "Read the references.\n");
    world.install(&Layer::Commons, document, files).unwrap();
    world
}

fn load(
    world: &mut SkillWorld,
    file: Option<&str>,
    page: Option<usize>,
    run: Option<&str>,
) -> Result<skillworld_world::Loaded, WorldError> {
    world.load(
        "ada",
        LoadRequest {
            name: "guide",
            file,
            page,
            run,
            ..Default::default()
        },
    )
}

#[test]
fn a_big_bundle_file_comes_in_pages() {
    let mut world = world();
    let first = load(&mut world, Some("references/big.md"), None, None).unwrap();
    let (page, pages) = first.page.expect("paged unasked");
    assert_eq!(page, 1);
    assert!(pages > 100, "{pages}");
    assert!(first.text.chars().count() < PAGE_MAX_CHARS + 200);
    assert!(first.text.starts_with("Line 00000 "));
    assert!(
        first.text.ends_with(&format!(
            "[Page 1 of {pages}. Call skill_load with name=\"guide\", file_path=\"references/big.md\" and page=2 for the next page.]"
        )),
        "{}",
        &first.text[first.text.len() - 200..]
    );
    let second = load(&mut world, Some("references/big.md"), Some(2), None).unwrap();
    assert_eq!(second.page, Some((2, pages)));
    // The second page goes on where the first stopped.
    let lines = first
        .text
        .lines()
        .filter(|l| l.starts_with("Line "))
        .count();
    assert!(second.text.starts_with(&format!("Line {lines:05} ")));
    let last = load(&mut world, Some("references/big.md"), Some(pages), None).unwrap();
    assert!(
        last.text
            .ends_with(&format!("[Page {pages} of {pages}, the last.]"))
    );
    let error = load(&mut world, Some("references/big.md"), Some(pages + 1), None).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "File 'references/big.md' of skill 'guide' has {pages} page(s); page {} does not exist.",
            pages + 1
        )
    );
    // A small file comes whole, as before.
    let small = load(&mut world, Some("references/small.md"), None, None).unwrap();
    assert_eq!(
        (small.text.as_str(), small.page),
        ("# Small\nShort.\n", None)
    );
}

#[test]
fn loading_a_file_does_not_mark_the_body_as_read() {
    let mut world = world();
    load(&mut world, Some("references/small.md"), None, Some("r1")).unwrap();
    assert_eq!(world.run_hint("ada", "r1").unwrap(), None);
    let body = load(&mut world, None, None, Some("r1")).unwrap();
    assert!(!body.already_loaded);
    assert_eq!(body.text, "Read the references.\n");
    // The body, once read, is "already loaded"; files still come.
    assert!(
        load(&mut world, None, None, Some("r1"))
            .unwrap()
            .already_loaded
    );
    let file = load(&mut world, Some("references/small.md"), None, Some("r1")).unwrap();
    assert_eq!(file.text, "# Small\nShort.\n");
}
