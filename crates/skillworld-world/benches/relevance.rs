//! CAT-10 relevance over real skills: every SKILL.md of `../shared/corpus`
//! (133 public skills) in the Commons, then each request of
//! `relevance_requests.tsv` as the message being answered. Reports how
//! often the skill a person would pick is first, in the top 3 and shown at
//! all in the 2,000-token catalog (8 entries), with and without the query.
//!
//! `cargo bench -p skillworld-world --bench relevance`
//! (`SKILLWORLD_CORPUS=DIR` points elsewhere; without a corpus it skips.
//! `SKILLWORLD_RELEVANCE_REQUESTS=FILE` measures other requests.)

use std::path::{Path, PathBuf};

use skillworld_core::Timestamp;
use skillworld_format::{Source, import_skill_md};
use skillworld_world::{Budget, CatalogRequest, Clock, Layer, SkillWorld, WorldSettings};

const BUDGET: Budget = Budget::Tokens(2_000);

fn main() {
    let corpus = std::env::var_os("SKILLWORLD_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    if !corpus.is_dir() {
        println!(
            "relevance: skipped, no corpus at {} (set SKILLWORLD_CORPUS)",
            corpus.display()
        );
        return;
    }
    let mut world = SkillWorld::new(WorldSettings {
        clock: Clock::Simulated(Timestamp::from_millis(0)),
        platform: Some("linux".into()),
    });
    world.add_agent("ada", None).unwrap();
    let installed = install_corpus(&mut world, &corpus);
    // Past the 7-day window, so no skill ranks as recently installed.
    world.clock_mut().advance_days(8);
    let visible = world.visible_skills("ada").unwrap().len();
    println!("relevance: {installed} skills installed, {visible} visible to the agent");

    let requests = requests();
    let mut with = Tally::default();
    let mut without = Tally::default();
    for (expected, request) in &requests {
        let shown = |query: Option<&str>, world: &mut SkillWorld| {
            let request = CatalogRequest {
                budget: BUDGET,
                query: query.map(str::to_owned),
                ..CatalogRequest::default()
            };
            names(&world.catalog("ada", &request).unwrap())
        };
        let ranked = shown(Some(request), &mut world);
        with.count(&ranked, expected);
        without.count(&shown(None, &mut world), expected);
        if ranked.iter().take(3).all(|name| name != expected) {
            println!("  miss: {expected:<32} for {request:?} -> {ranked:?}");
        }
    }
    let n = requests.len();
    println!("relevance over {n} requests, 2,000-token catalog ({visible} skills):");
    with.report("with the query", n);
    without.report("without the query", n);
}

#[derive(Default)]
struct Tally {
    first: usize,
    top3: usize,
    shown: usize,
}

impl Tally {
    fn count(&mut self, ranked: &[String], expected: &str) {
        let at = ranked.iter().position(|name| name == expected);
        self.first += usize::from(at == Some(0));
        self.top3 += usize::from(at.is_some_and(|i| i < 3));
        self.shown += usize::from(at.is_some());
    }

    fn report(&self, label: &str, n: usize) {
        let pct = |k: usize| 100.0 * k as f64 / n as f64;
        println!(
            "  {label:<18} first {:>3} ({:.1} %), top 3 {:>3} ({:.1} %), in the catalog {:>3} ({:.1} %)",
            self.first,
            pct(self.first),
            self.top3,
            pct(self.top3),
            self.shown,
            pct(self.shown)
        );
    }
}

/// Imports every `*/*/SKILL.md` under the corpus into the Commons.
fn install_corpus(world: &mut SkillWorld, corpus: &Path) -> usize {
    let mut files = Vec::new();
    for source in std::fs::read_dir(corpus).unwrap().flatten() {
        let Ok(skills) = std::fs::read_dir(source.path()) else {
            continue;
        };
        files.extend(
            skills
                .flatten()
                .map(|skill| skill.path().join("SKILL.md"))
                .filter(|path| path.is_file()),
        );
    }
    files.sort();
    let mut installed = 0;
    for path in files {
        let dir = path
            .parent()
            .and_then(Path::file_name)
            .and_then(|d| d.to_str());
        let source = Source {
            dir_name: dir,
            file_name: Some("SKILL.md"),
            location: path.to_str(),
        };
        let bytes = std::fs::read(&path).unwrap();
        match import_skill_md(&bytes, &source)
            .map_err(|e| e.to_string())
            .and_then(|imported| {
                let mut document = imported.document;
                // Two corpus skills exceed the 1,024-character limit the
                // world enforces; they come in cut, as a person would fix them.
                if let Some((at, _)) = document.description.char_indices().nth(1024) {
                    document.description.truncate(at);
                }
                world
                    .create(&Layer::Commons, document)
                    .map_err(|e| e.to_string())
            }) {
            Ok(_) => installed += 1,
            Err(error) => println!("  not installed: {}: {error}", path.display()),
        }
    }
    installed
}

/// The requests, as (skill, request): `relevance_requests.tsv`, or the
/// file `SKILLWORLD_RELEVANCE_REQUESTS` names (same format), to measure on
/// requests the ranking was not written against.
fn requests() -> Vec<(String, String)> {
    let text = std::env::var_os("SKILLWORLD_RELEVANCE_REQUESTS").map_or_else(
        || include_str!("relevance_requests.tsv").to_owned(),
        |path| std::fs::read_to_string(&path).expect("a readable requests file"),
    );
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (skill, request) = line.split_once('\t').expect("skill<TAB>request");
            (skill.to_owned(), request.to_owned())
        })
        .collect()
}

/// The skill names of a Markdown catalog, in order.
fn names(catalog: &str) -> Vec<String> {
    catalog
        .lines()
        .filter_map(|line| line.strip_prefix("- **"))
        .filter_map(|rest| rest.split_once("**"))
        .map(|(name, _)| name.to_owned())
        .collect()
}
