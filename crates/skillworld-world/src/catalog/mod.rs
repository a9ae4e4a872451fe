//! Catalogs (CAT-1 … CAT-5): resolution into per-world lists and per-agent
//! views, ranking, budgets and rendering.

mod budget;
mod layer_list;
mod relevance;
mod render;
mod tokens;
mod view;

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};

use bevy_ecs::entity::EntityHashSet;
use bevy_ecs::resource::Resource;
use skillworld_core::StableId;

pub use budget::{Budget, SHORTENED_DESCRIPTIONS, cut, token_limits};
pub use layer_list::{Entry, HostPlatform, LayerList, Layers, refresh_layers};
pub(crate) use layer_list::{FreshLists, fresh_lists};
pub(crate) use relevance::ensure_terms;
pub use relevance::{Scores, TermIndex, refresh_terms, relevant, score};
pub use render::{CatalogFormat, Line, render};
pub use view::{AgentView, AgentViews};

use crate::agent::Agent;
use crate::index::Entities;

/// Rebuilds every layer list and the term index from all skills, ignoring
/// what the hooks recorded: the from-scratch path the incremental one must
/// agree with.
pub fn rebuild_layers(world: &mut bevy_ecs::world::World) {
    relevance::rebuild_terms(world);
    layer_list::rebuild_lists(world);
}

/// Puts in the layer lists made from all skills and leaves the term index
/// to be built by its first query: what a world loaded from state needs.
pub(crate) fn install_lists_only(world: &mut bevy_ecs::world::World, lists: FreshLists) {
    *world.resource_mut::<TermIndex>() = TermIndex::pending();
    lists.install(world);
}

/// What a catalog is asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogRequest {
    pub budget: Budget,
    pub format: CatalogFormat,
    /// The run whose loaded skills rank first (CAT-3 tier 1).
    pub run: Option<String>,
    /// The message being answered: when it has searchable words, skills
    /// are ranked by relevance to it first (CAT-10), the CAT-3 order
    /// breaking ties.
    pub query: Option<String>,
}

/// How many skills the most-recently and most-loaded tiers hold (CAT-3).
pub const TIER_SIZE: usize = 8;
/// Recently installed: created within this many whole days (CAT-3).
pub const RECENT_INSTALL_DAYS: i64 = 7;

/// Load counts in descending order, for the most-loaded tier (CAT-3 tier 4)
/// without scanning every skill per catalog. Derived from `Usage`.
#[derive(Resource, Debug, Default)]
pub struct LoadRanking {
    order: BTreeSet<(Reverse<u64>, StableId)>,
    counts: HashMap<StableId, u64>,
}

impl LoadRanking {
    pub fn set(&mut self, skill: StableId, count: u64) {
        if let Some(old) = self.counts.insert(skill, count) {
            self.order.remove(&(Reverse(old), skill));
        }
        if count > 0 {
            self.order.insert((Reverse(count), skill));
        }
    }

    /// Skills by load count, most loaded first (ties by stable id).
    pub fn most_loaded(&self) -> impl Iterator<Item = StableId> + '_ {
        self.order.iter().map(|(_, id)| *id)
    }
}

/// The usage signals ranking reads.
pub struct Signals<'a> {
    pub run_loaded: &'a [StableId],
    pub recent: &'a [StableId],
    pub ranking: &'a LoadRanking,
    pub today: i64,
    pub entities: &'a Entities,
}

/// The agent's visible skills in catalog order (CAT-3), at most `limit`,
/// and how many it sees in all.
pub fn ranked<'a>(
    view: &'a AgentView,
    agent: &'a Agent,
    layers: &'a Layers,
    signals: &Signals<'_>,
    limit: Option<usize>,
) -> (Vec<&'a Entry>, usize) {
    let (mut picker, total) = usage_tiers(view, agent, layers, signals, limit);
    picker.take(view.visible(agent, layers).collect());
    (picker.out, total)
}

/// The skills of the usage tiers (CAT-3 tiers 1–4) in catalog order, at
/// most `limit`, and how many the agent sees in all. Every other skill
/// follows them in the recommended order.
pub fn usage_ranked<'a>(
    view: &'a AgentView,
    agent: &'a Agent,
    layers: &'a Layers,
    signals: &Signals<'_>,
) -> (Vec<&'a Entry>, usize) {
    let (picker, total) = usage_tiers(view, agent, layers, signals, None);
    (picker.out, total)
}

fn usage_tiers<'a>(
    view: &'a AgentView,
    agent: &'a Agent,
    layers: &'a Layers,
    signals: &Signals<'_>,
    limit: Option<usize>,
) -> (Picker<'a>, usize) {
    let mut total = 0;
    let mut recent_installs: Vec<Vec<&Entry>> = Vec::new();
    for layer in view.visible(agent, layers) {
        let mut recent = Vec::new();
        for entry in layer {
            total += 1;
            if !entry.is_builtin() && signals.today - entry.created_day < RECENT_INSTALL_DAYS {
                recent.push(entry);
            }
        }
        recent_installs.push(recent);
    }
    let lookup = |id: &StableId| {
        signals
            .entities
            .get(*id)
            .and_then(|e| view.visible_entry(agent, layers, e))
    };
    let sorted = |mut tier: Vec<&'a Entry>| {
        tier.sort_by(|a, b| a.recommended_cmp(b));
        tier
    };
    let loaded_this_run = sorted(signals.run_loaded.iter().filter_map(lookup).collect());
    let recently_loaded = sorted(
        signals
            .recent
            .iter()
            .filter_map(lookup)
            .take(TIER_SIZE)
            .collect(),
    );
    let most_loaded = sorted(
        signals
            .ranking
            .most_loaded()
            .filter_map(|id| lookup(&id))
            .take(TIER_SIZE)
            .collect(),
    );

    let mut picker = Picker {
        out: Vec::new(),
        taken: EntityHashSet::default(),
        limit: limit.unwrap_or(usize::MAX),
    };
    picker.take(vec![loaded_this_run.into_iter()]);
    picker.take(recent_installs.into_iter().map(Vec::into_iter).collect());
    picker.take(vec![recently_loaded.into_iter()]);
    picker.take(vec![most_loaded.into_iter()]);
    (picker, total)
}

/// Collects entries tier by tier, each at most once, up to the limit.
struct Picker<'a> {
    out: Vec<&'a Entry>,
    taken: EntityHashSet,
    limit: usize,
}

impl<'a> Picker<'a> {
    fn take<I: Iterator<Item = &'a Entry>>(&mut self, lists: Vec<I>) {
        merge_in_order(lists, |entry| {
            if self.out.len() >= self.limit {
                return false;
            }
            if self.taken.insert(entry.entity) {
                self.out.push(entry);
            }
            true
        });
    }
}

/// Walks lists that are each in the recommended order as one list in that
/// order, until `visit` says stop.
fn merge_in_order<'a, I: Iterator<Item = &'a Entry>>(
    lists: Vec<I>,
    mut visit: impl FnMut(&'a Entry) -> bool,
) {
    let mut heads: Vec<std::iter::Peekable<I>> =
        lists.into_iter().map(Iterator::peekable).collect();
    loop {
        let next = heads
            .iter_mut()
            .enumerate()
            .filter_map(|(i, list)| list.peek().map(|e| (i, *e)))
            .min_by(|(_, a), (_, b)| a.recommended_cmp(b))
            .map(|(i, _)| i);
        let Some(i) = next else { return };
        let entry = heads[i].next().expect("peeked");
        if !visit(entry) {
            return;
        }
    }
}

/// Writes the catalog text for ranked entries under a budget (CAT-4).
/// `ranked` holds every visible entry when the budget is in characters.
pub fn compose(
    out: &mut String,
    entries: &[&Entry],
    total: usize,
    request: &CatalogRequest,
    bound: bool,
) {
    let lines = |description_chars: Option<usize>, count: usize| -> Vec<(String, &Entry)> {
        entries[..count]
            .iter()
            .map(|e| {
                (
                    description_chars.map_or_else(
                        || e.description.to_string(),
                        |n| cut(&e.description, n).into_owned(),
                    ),
                    *e,
                )
            })
            .collect()
    };
    let write = |out: &mut String, lines: &[(String, &Entry)]| {
        let lines: Vec<Line<'_>> = lines
            .iter()
            .map(|(description, e)| Line {
                name: &e.name,
                description,
                readiness: e.readiness,
            })
            .collect();
        render(out, &lines, request.format, total);
    };
    match request.budget {
        Budget::Tokens(tokens) => {
            let (_, description_chars) = token_limits(tokens);
            write(out, &lines(Some(description_chars), entries.len()));
        }
        Budget::Chars(budget) => {
            let start = out.len();
            let fits = |out: &mut String, lines: &[(String, &Entry)]| {
                out.truncate(start);
                write(out, lines);
                out[start..].chars().count() <= budget
            };
            if fits(out, &lines(None, entries.len())) {
                return;
            }
            for n in SHORTENED_DESCRIPTIONS {
                if fits(out, &lines(Some(n), entries.len())) {
                    return;
                }
            }
            if fits(out, &lines(Some(0), entries.len())) || bound {
                return;
            }
            // Names only and still over: drop tail entries, keeping as many
            // as fit (the footer says how many were left out).
            let (mut low, mut high) = (0, entries.len());
            while low < high {
                let mid = (low + high).div_ceil(2);
                if fits(out, &lines(Some(0), mid)) {
                    low = mid;
                } else {
                    high = mid - 1;
                }
            }
            fits(out, &lines(Some(0), low));
        }
    }
}
