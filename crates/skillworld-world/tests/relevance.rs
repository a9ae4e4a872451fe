//! CAT-10: catalogs ranked by the message being answered, and
//! `skill_search` with BM25 matches.

mod common;

use skillworld_core::Origin;
use skillworld_format::SkillDocument;
use skillworld_world::{Budget, CatalogRequest, Layer, LoadRequest, SkillWorld, TermIndex};

fn world() -> SkillWorld {
    common::two_agents(0)
}

fn add(world: &mut SkillWorld, layer: &Layer, name: &str, description: &str, body: &str) {
    let mut document = SkillDocument::new(name, description, body);
    document.skill.origin = Origin::User;
    world.create(layer, document).unwrap();
}

/// A commons of skills on different subjects, past the 7-day window.
fn commons(world: &mut SkillWorld) {
    let skills = [
        ("alpha-notes", "Keeps meeting notes tidy.", "# Notes\n"),
        (
            "brew-tea",
            "Brews green and black tea at the right temperature.",
            "# Kettle\n",
        ),
        (
            "chart-maker",
            "Draws bar and line charts from a table of numbers.",
            "# Plotting data\n## Axes and legends\n",
        ),
        (
            "deploy-web",
            "Ships a website to a static host.",
            "# Deploying\n",
        ),
        (
            "email-drafts",
            "Writes polite emails and replies.",
            "# Tone\n",
        ),
        (
            "forecast-sales",
            "Forecasts next quarter's sales from a time series.",
            "# Seasonality\n",
        ),
    ];
    for (name, description, body) in skills {
        add(world, &Layer::Commons, name, description, body);
    }
    // Eight more that come first by name and fill an 8-entry catalog.
    for i in 0..8 {
        let name = format!("aa-misc-{i}");
        add(
            world,
            &Layer::Commons,
            &name,
            "A miscellaneous helper.",
            "Body.\n",
        );
    }
    world.clock_mut().advance_days(8);
}

fn catalog(
    world: &mut SkillWorld,
    agent: &str,
    query: Option<&str>,
    budget: Budget,
) -> Vec<String> {
    let request = CatalogRequest {
        budget,
        query: query.map(str::to_owned),
        ..CatalogRequest::default()
    };
    names(&world.catalog(agent, &request).unwrap())
}

fn names(catalog: &str) -> Vec<String> {
    catalog
        .lines()
        .filter_map(|line| line.strip_prefix("- **"))
        .filter_map(|rest| rest.split_once("**"))
        .map(|(name, _)| name.to_owned())
        .collect()
}

/// Eight entries (CAT-4).
const SMALL: Budget = Budget::Tokens(2_000);

#[test]
fn the_message_decides_what_fits_the_budget() {
    let mut world = world();
    commons(&mut world);
    // Without a message the recommended order (by name) fills the budget.
    let plain = catalog(&mut world, "ada", None, SMALL);
    assert_eq!(plain.first().map(String::as_str), Some("aa-misc-0"));
    assert!(!plain.contains(&"chart-maker".to_owned()), "{plain:?}");
    // The message's words (inflected differently) bring the right skill in first.
    let ranked = catalog(
        &mut world,
        "ada",
        Some("Can you plot these numbers as a bar chart?"),
        SMALL,
    );
    assert_eq!(
        ranked.first().map(String::as_str),
        Some("chart-maker"),
        "{ranked:?}"
    );
    let ranked = catalog(
        &mut world,
        "ada",
        Some("predict our sales for the next quarter"),
        SMALL,
    );
    assert_eq!(
        ranked.first().map(String::as_str),
        Some("forecast-sales"),
        "{ranked:?}"
    );
    // Every visible skill is still counted in the footer.
    let request = CatalogRequest {
        budget: SMALL,
        query: Some("chart".into()),
        ..CatalogRequest::default()
    };
    assert!(
        world
            .catalog("ada", &request)
            .unwrap()
            .contains("of 14 available skills")
    );
}

#[test]
fn a_message_without_searchable_words_keeps_the_usual_order() {
    let mut world = world();
    commons(&mut world);
    let plain = catalog(&mut world, "ada", None, Budget::Tokens(8192));
    for query in ["", "   ", "can you do this for me?", "zzz-unknown-word"] {
        assert_eq!(
            catalog(&mut world, "ada", Some(query), Budget::Tokens(8192)),
            plain,
            "{query:?}"
        );
    }
}

#[test]
fn usage_breaks_ties_between_equally_relevant_skills() {
    let mut world = world();
    add(
        &mut world,
        &Layer::Commons,
        "tea-a",
        "Brews tea.",
        "Body.\n",
    );
    add(
        &mut world,
        &Layer::Commons,
        "tea-b",
        "Brews tea.",
        "Body.\n",
    );
    add(
        &mut world,
        &Layer::Commons,
        "zebra",
        "Feeds zebras.",
        "Body.\n",
    );
    world.clock_mut().advance_days(8);
    assert_eq!(
        catalog(&mut world, "ada", Some("tea"), SMALL)[..2],
        ["tea-a", "tea-b"]
    );
    world
        .load(
            "ada",
            LoadRequest {
                name: "tea-b",
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        catalog(&mut world, "ada", Some("tea"), SMALL)[..2],
        ["tea-b", "tea-a"]
    );
    // Usage alone does not lift an unrelated skill over a relevant one.
    world
        .load(
            "ada",
            LoadRequest {
                name: "zebra",
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        catalog(&mut world, "ada", Some("tea"), SMALL)[..2],
        ["tea-b", "tea-a"]
    );
}

#[test]
fn statistics_come_from_the_agents_own_view_only() {
    // "table" is in one skill, "chart" in another: which ranks first
    // depends on how rare each word is among the skills seen.
    let setup = || {
        let mut world = world();
        add(
            &mut world,
            &Layer::Commons,
            "tabler",
            "Formats a table, table by table.",
            "Body.\n",
        );
        add(
            &mut world,
            &Layer::Commons,
            "charter",
            "Draws a chart in a window.",
            "Body.\n",
        );
        for i in 0..6 {
            add(
                &mut world,
                &Layer::Commons,
                &format!("filler-{i}"),
                "Does something else.",
                "Body.\n",
            );
        }
        world
    };
    let query = Some("a chart from this table");
    let mut world = setup();
    let before = catalog(&mut world, "ada", query, Budget::Tokens(8192));
    // Bob's private skills all say "table": never part of ada's statistics.
    for i in 0..20 {
        add(
            &mut world,
            &Layer::Agent("bob".into()),
            &format!("bob-{i}"),
            "Another table.",
            "Body.\n",
        );
    }
    assert_eq!(
        catalog(&mut world, "ada", query, Budget::Tokens(8192)),
        before
    );
    // The same skills in ada's own view do move the ranking: the check can fail.
    let mut world = setup();
    for i in 0..20 {
        add(
            &mut world,
            &Layer::Agent("ada".into()),
            &format!("ada-{i}"),
            "Another table.",
            "Body.\n",
        );
    }
    let shifted = catalog(&mut world, "ada", query, Budget::Tokens(100_000));
    assert_eq!(before[0], "tabler", "{before:?}");
    assert_eq!(shifted[0], "charter", "{shifted:?}");
}

#[test]
fn an_edit_reindexes_the_skill() {
    let mut world = world();
    commons(&mut world);
    let query = Some("translate subtitles");
    assert_eq!(catalog(&mut world, "ada", query, SMALL)[0], "aa-misc-0");
    world
        .update(&Layer::Commons, "email-drafts", |d| {
            d.description = "Translates subtitles between languages.".into();
        })
        .unwrap();
    assert_eq!(catalog(&mut world, "ada", query, SMALL)[0], "email-drafts");
    // Headings and tags count too.
    world
        .update(&Layer::Commons, "deploy-web", |d| {
            d.body = "# Kubernetes rollout\n".into();
            d.tags = vec!["helm".into()];
        })
        .unwrap();
    assert_eq!(
        catalog(&mut world, "ada", Some("kubernetes"), SMALL)[0],
        "deploy-web"
    );
    assert_eq!(
        catalog(&mut world, "ada", Some("a helm release"), SMALL)[0],
        "deploy-web"
    );
    world.delete(&Layer::Commons, "deploy-web").unwrap();
    assert!(
        !catalog(&mut world, "ada", Some("kubernetes"), Budget::Tokens(8192))
            .contains(&"deploy-web".to_owned())
    );
}

#[test]
fn cjk_messages_match_cjk_skills() {
    let mut world = world();
    commons(&mut world);
    add(
        &mut world,
        &Layer::Commons,
        "shuju-fenxi",
        "对销售数据进行统计分析。",
        "# 数据清洗\n",
    );
    add(
        &mut world,
        &Layer::Commons,
        "wenben",
        "把文本翻译成英文。",
        "Body.\n",
    );
    world.clock_mut().advance_days(8);
    assert_eq!(
        catalog(&mut world, "ada", Some("帮我分析一下这些数据"), SMALL)[0],
        "shuju-fenxi"
    );
    assert_eq!(
        catalog(&mut world, "ada", Some("翻译这段文本"), SMALL)[0],
        "wenben"
    );
}

#[test]
fn search_adds_word_matches_to_substring_matches_ranked_by_relevance() {
    let mut world = world();
    commons(&mut world);
    let found = |world: &mut SkillWorld, query: &str| -> Vec<String> {
        world
            .search("ada", query)
            .unwrap()
            .items
            .into_iter()
            .map(|i| i.name)
            .collect()
    };
    // A substring that is no word still matches (CAT-7).
    assert_eq!(found(&mut world, "ecas"), ["forecast-sales"]);
    // Words that are not one substring match by BM25, best first.
    let hits = found(&mut world, "plotting charts of sales");
    assert_eq!(hits[0], "chart-maker", "{hits:?}");
    assert!(hits.contains(&"forecast-sales".to_owned()), "{hits:?}");
    assert!(!hits.contains(&"brew-tea".to_owned()), "{hits:?}");
    // Another agent's private skills are never found.
    add(
        &mut world,
        &Layer::Agent("bob".into()),
        "bob-charts",
        "Bob's charts.",
        "Body.\n",
    );
    assert!(!found(&mut world, "charts").contains(&"bob-charts".to_owned()));
    assert!(
        world
            .search("bob", "charts")
            .unwrap()
            .items
            .iter()
            .any(|i| i.name == "bob-charts")
    );
}

/// Issue 19: a world loaded from its state does not index at load; its
/// first ranked catalog or search builds the index, and every ranking is
/// the one the world it was saved from gives — edits made between the load
/// and that first query included.
#[test]
fn a_loaded_world_indexes_at_its_first_query_and_ranks_the_same() {
    let mut saved = world();
    commons(&mut saved);
    let mut loaded = SkillWorld::from_state(saved.state(), Some("linux".into())).unwrap();
    let pending = |world: &SkillWorld| world.world().resource::<TermIndex>().is_pending();
    assert!(pending(&loaded), "loading must not build the term index");
    // A catalog without a message and an edit leave it pending.
    assert_eq!(
        catalog(&mut loaded, "ada", None, SMALL),
        catalog(&mut saved, "ada", None, SMALL)
    );
    for world in [&mut saved, &mut loaded] {
        add(
            world,
            &Layer::Commons,
            "tea-timer",
            "Times each tea's steeping.",
            "# Steeping green tea\n",
        );
        add(
            world,
            &Layer::Agent("bob".into()),
            "bob-charts",
            "Bob's bar charts.",
            "# Charts\n",
        );
    }
    assert!(pending(&loaded));
    let messages = [
        "Can you plot these numbers as a bar chart?",
        "brew me some green tea",
        "ship the website",
        "nothing here matches zzzq",
    ];
    for agent in ["ada", "bob"] {
        for message in messages {
            assert_eq!(
                catalog(&mut loaded, agent, Some(message), SMALL),
                catalog(&mut saved, agent, Some(message), SMALL),
                "{agent}: {message}"
            );
            assert!(!pending(&loaded));
            assert_eq!(
                loaded.search(agent, message).unwrap(),
                saved.search(agent, message).unwrap(),
                "{agent}: {message}"
            );
        }
    }
    assert_eq!(loaded.term_index(), saved.term_index());
}

/// The first `skill_search` of a loaded world builds its index too.
#[test]
fn a_loaded_worlds_first_search_finds_word_matches() {
    let mut saved = world();
    commons(&mut saved);
    let mut loaded = SkillWorld::from_state(saved.state(), Some("linux".into())).unwrap();
    let hits: Vec<String> = loaded
        .search("ada", "plotting charts of sales")
        .unwrap()
        .items
        .into_iter()
        .map(|i| i.name)
        .collect();
    assert_eq!(hits[0], "chart-maker", "{hits:?}");
    assert!(hits.contains(&"forecast-sales".to_owned()), "{hits:?}");
}
