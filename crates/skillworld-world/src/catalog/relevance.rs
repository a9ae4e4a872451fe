//! Relevance (CAT-10): a BM25F index over each world's skills (name,
//! description, tags, the body's headings), kept incrementally from the
//! same change sets as the per-world lists, and scored per query with
//! statistics over the skills the asking agent sees — never anyone else's.
//!
//! A world built from stored state does not index at once: splitting every
//! body into words was most of opening a large world (issue 19). The index
//! is marked pending and built, exactly as a rebuild builds it, by the
//! first query that scores ([`ensure_terms`]); until then edits are not
//! tracked, since that build reads every skill as it is.

use std::cmp::Ordering;
use std::collections::HashMap;

use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_ecs::world::World;
use skillworld_core::{EntityRecord, Skill, StableId};

use super::layer_list::{Entry, Layers, resolves};
use super::tokens::terms;
use super::view::AgentView;
use super::{Signals, ranked, usage_ranked};
use crate::agent::Agent;
use crate::index::LayerChanges;

/// The fields scored, in this order: name, description (with
/// `when_to_use`), tags, body headings.
const FIELDS: usize = 4;
/// How much a match in each field counts. A name or tag match is a strong
/// signal; headings are many and loose.
const WEIGHTS: [f64; FIELDS] = [3.0, 1.5, 2.0, 0.6];
/// Length normalisation per field (BM25's `b`): names and tags are short
/// and of like length, so they are hardly normalised.
const LENGTH_NORMS: [f64; FIELDS] = [0.3, 0.75, 0.3, 0.75];
/// BM25's term-frequency saturation.
const K1: f64 = 1.2;

/// A term's occurrences in each field of one skill.
type Counts = [u16; FIELDS];

/// One indexed skill: its field lengths, and its terms so that a change
/// can take it out of the postings again.
#[derive(Clone, Debug, PartialEq)]
struct Doc {
    lengths: [u32; FIELDS],
    terms: Vec<Box<str>>,
}

/// The index of one world's skills. A posting list is sorted by entity:
/// quick to walk per query, one binary search to change per edit.
#[derive(Clone, Debug, Default, PartialEq)]
struct WorldTerms {
    docs: EntityHashMap<Doc>,
    postings: HashMap<Box<str>, Vec<(Entity, Counts)>>,
}

/// A skill's terms counted per field, sorted by term, and its field
/// lengths: what indexing it needs, computed apart from the index so a
/// rebuild counts on every core.
#[derive(Debug)]
struct Counted {
    lengths: [u32; FIELDS],
    terms: Vec<(Box<str>, Counts)>,
}

impl Counted {
    fn new(fields: [Vec<String>; FIELDS]) -> Counted {
        let mut counts: HashMap<String, Counts> = HashMap::new();
        let mut lengths = [0u32; FIELDS];
        for (field, words) in fields.into_iter().enumerate() {
            lengths[field] = u32::try_from(words.len()).unwrap_or(u32::MAX);
            for word in words {
                let count = &mut counts.entry(word).or_default()[field];
                *count = count.saturating_add(1);
            }
        }
        let mut terms: Vec<(Box<str>, Counts)> = counts
            .into_iter()
            .map(|(term, count)| (term.into_boxed_str(), count))
            .collect();
        // A skill's terms in one order, however the counts were hashed.
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Counted { lengths, terms }
    }
}

impl WorldTerms {
    fn insert(&mut self, entity: Entity, counted: Counted) {
        let Counted { lengths, terms } = counted;
        let mut kept = Vec::with_capacity(terms.len());
        for (term, count) in terms {
            // One lookup for a known term; a new one costs its key.
            let posting = match self.postings.get_mut(&term) {
                Some(posting) => posting,
                None => self.postings.entry(term.clone()).or_default(),
            };
            // A rebuild inserts in entity order: the end, with no search.
            if posting.last().is_none_or(|(last, _)| *last < entity) {
                posting.push((entity, count));
            } else {
                match posting.binary_search_by_key(&entity, |(e, _)| *e) {
                    Ok(at) => posting[at].1 = count,
                    Err(at) => posting.insert(at, (entity, count)),
                }
            }
            kept.push(term);
        }
        self.docs.insert(
            entity,
            Doc {
                lengths,
                terms: kept,
            },
        );
    }

    fn remove(&mut self, entity: Entity) {
        let Some(doc) = self.docs.remove(&entity) else {
            return;
        };
        for term in doc.terms {
            if let Some(posting) = self.postings.get_mut(&term) {
                if let Ok(at) = posting.binary_search_by_key(&entity, |(e, _)| *e) {
                    posting.remove(at);
                }
                if posting.is_empty() {
                    self.postings.remove(&term);
                }
            }
        }
    }
}

/// Every world's term index: the skills that resolve (undeleted, not
/// discarded), like the per-world lists; visibility is applied per query.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TermIndex {
    worlds: HashMap<StableId, WorldTerms>,
    /// Not built yet: the first query that scores builds it from all skills.
    pending: bool,
}

impl TermIndex {
    /// An index to build on first use (a world loaded from state).
    pub(crate) fn pending() -> TermIndex {
        TermIndex {
            pending: true,
            ..TermIndex::default()
        }
    }

    /// Whether the index waits for its first build.
    pub fn is_pending(&self) -> bool {
        self.pending
    }

    /// How many skills are indexed, over all worlds.
    pub fn len(&self) -> usize {
        self.worlds.values().map(|w| w.docs.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn update(&mut self, home: StableId, entity: Entity, counted: Option<Counted>) {
        let world = self.worlds.entry(home).or_default();
        world.remove(entity);
        if let Some(counted) = counted {
            world.insert(entity, counted);
        } else if world.docs.is_empty() {
            self.worlds.remove(&home);
        }
    }
}

/// The words of each field of a skill that resolves.
fn fields_of(record: &EntityRecord, skill: &Skill) -> Option<[Vec<String>; FIELDS]> {
    if !resolves(record, skill) {
        return None;
    }
    let mut description = terms(&record.summary);
    if let Some(when) = &skill.when_to_use {
        description.extend(terms(when));
    }
    // A body left in the store is read here (on the splitting threads of a
    // rebuild) and not kept: indexing does not bring every body back into
    // memory. One that cannot be read is indexed without its headings and
    // the log names it; a load of it fails with the same error.
    let headings = record
        .with_body(|body| terms(&headings(body)))
        .unwrap_or_else(|error| {
            tracing::warn!(%error, "skill indexed without its body's headings");
            Vec::new()
        });
    Some([
        terms(&record.title),
        description,
        terms(&record.tags.join(" ")),
        headings,
    ])
}

/// The Markdown headings of a body (ATX `#` lines outside code fences).
fn headings(body: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in body.lines() {
        let line = line.trim_start();
        if line.starts_with("```") || line.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push_str(line.trim_start_matches('#'));
            out.push('\n');
        }
    }
    out
}

/// Re-indexes the skills changed since resolution last ran. Runs before
/// `refresh_layers`, which drains the change sets.
pub fn refresh_terms(
    mut index: ResMut<TermIndex>,
    changes: Res<LayerChanges>,
    skills: Query<(&EntityRecord, &Skill)>,
) {
    // A pending index is built from the skills as they are when first used.
    if index.pending {
        return;
    }
    for (world, dirty) in &changes.dirty {
        for entity in dirty {
            let fields = skills
                .get(*entity)
                .ok()
                .and_then(|(record, skill)| fields_of(record, skill))
                .map(Counted::new);
            index.update(*world, *entity, fields);
        }
    }
}

/// Builds a pending index (see [`TermIndex::pending`]); a built one is
/// left as it is.
pub(crate) fn ensure_terms(world: &mut World) {
    if world.resource::<TermIndex>().pending {
        rebuild_terms(world);
    }
}

/// Rebuilds the index from all skills: the from-scratch path the
/// incremental one must agree with.
pub fn rebuild_terms(world: &mut World) {
    let mut fresh = TermIndex::default();
    let mut query = world.query::<(Entity, &EntityRecord, &Skill)>();
    let mut skills: Vec<(Entity, &EntityRecord, &Skill)> = query.iter(world).collect();
    // In entity order every posting grows at its end: inserting in query
    // order moved whole posting lists (quadratic on a 100,000-skill open).
    skills.sort_unstable_by_key(|(entity, ..)| *entity);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let words = |part: &[(Entity, &EntityRecord, &Skill)]| -> Vec<_> {
        part.iter()
            .filter_map(|(entity, record, skill)| {
                let home = record.world?;
                Some((*entity, home, Counted::new(fields_of(record, skill)?)))
            })
            .collect()
    };
    // Splitting bodies into words and counting them is most of a
    // rebuild: on every core; the postings are then filled in one pass.
    let parts: Vec<Vec<Indexed>> = if skills.len() < PARALLEL_TERMS || threads == 1 {
        vec![words(&skills)]
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = skills
                .chunks(skills.len().div_ceil(threads))
                .map(|part| scope.spawn(move || words(part)))
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("splitting words does not panic"))
                .collect()
        })
    };
    for (entity, home, counted) in parts.into_iter().flatten() {
        fresh.update(home, entity, Some(counted));
    }
    *world.resource_mut::<TermIndex>() = fresh;
}

/// A skill to index: its entity, its world and its counted terms.
type Indexed = (Entity, StableId, Counted);

/// Indexes with fewer skills are rebuilt on one thread.
const PARALLEL_TERMS: usize = 5_000;

/// One query's scores over the skills an agent sees; a skill that matches
/// no term has none. Dense: slot `i` is the agent's `i`-th visible skill.
#[derive(Debug, Default)]
pub struct Scores<'a> {
    matched: Vec<(&'a Entry, f64)>,
    /// Entity index → slot, `u32::MAX` for none.
    slots: Vec<u32>,
    entries: Vec<&'a Entry>,
    scores: Vec<f64>,
}

impl Scores<'_> {
    pub fn get(&self, entity: Entity) -> Option<f64> {
        let slot = *self.slots.get(entity.index_u32() as usize)? as usize;
        let entry = self.entries.get(slot)?;
        let score = self.scores[slot];
        (entry.entity == entity && score > 0.0).then_some(score)
    }

    pub fn is_empty(&self) -> bool {
        self.matched.is_empty()
    }
}

/// The agent's visible skills for a query (CAT-10), at most `limit`: the
/// matching ones by score, ties in catalog order (CAT-3), then the others
/// in catalog order; and how many the agent sees in all. Only the
/// matching skills are sorted, so a catalog costs what its matches cost.
pub fn relevant<'a>(
    view: &'a AgentView,
    agent: &'a Agent,
    layers: &'a Layers,
    signals: &Signals<'_>,
    scores: &Scores<'a>,
    limit: Option<usize>,
) -> (Vec<&'a Entry>, usize) {
    let (usage, total) = usage_ranked(view, agent, layers, signals);
    let tier: EntityHashMap<usize> = usage
        .iter()
        .enumerate()
        .map(|(i, e)| (e.entity, i))
        .collect();
    // The catalog order: the usage tiers first, then the recommended order.
    let catalog_order = |a: &Entry, b: &Entry| match (tier.get(&a.entity), tier.get(&b.entity)) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.recommended_cmp(b),
    };
    let order = |a: &(&Entry, f64), b: &(&Entry, f64)| {
        b.1.total_cmp(&a.1).then_with(|| catalog_order(a.0, b.0))
    };
    let limit = limit.unwrap_or(usize::MAX);
    let mut matched = scores.matched.clone();
    let keep = limit.min(matched.len());
    if keep > 0 && keep < matched.len() {
        matched.select_nth_unstable_by(keep - 1, order);
    }
    matched.truncate(keep);
    matched.sort_unstable_by(order);
    let mut out: Vec<&Entry> = matched.into_iter().map(|(entry, _)| entry).collect();
    if out.len() < limit {
        let room = limit - out.len();
        let (rest, _) = ranked(
            view,
            agent,
            layers,
            signals,
            limit.checked_add(scores.matched.len()),
        );
        out.extend(
            rest.into_iter()
                .filter(|e| scores.get(e.entity).is_none())
                .take(room),
        );
    }
    (out, total)
}

/// Scores the skills `agent` sees for `query` by BM25F, with document
/// frequencies and average field lengths over those skills only. `None`
/// when the query has no searchable word.
pub fn score<'a>(
    index: &TermIndex,
    query: &str,
    view: &'a AgentView,
    agent: &'a Agent,
    layers: &'a Layers,
) -> Option<Scores<'a>> {
    let mut words = terms(query);
    let mut seen = std::collections::HashSet::new();
    words.retain(|w| seen.insert(w.clone()));
    if words.is_empty() {
        return None;
    }
    let worlds: Vec<Option<&WorldTerms>> =
        agent.layers.iter().map(|w| index.worlds.get(w)).collect();

    // The agent's visible skills with their field lengths (the statistics),
    // and a slot per entity index that every posting is looked up in.
    let mut entries: Vec<&Entry> = Vec::new();
    let mut lengths: Vec<[u32; FIELDS]> = Vec::new();
    let mut total_lengths = [0u64; FIELDS];
    for (terms, visible) in worlds.iter().zip(view.visible(agent, layers)) {
        for entry in visible {
            let doc = terms
                .and_then(|t| t.docs.get(&entry.entity))
                .map_or([0; FIELDS], |doc| doc.lengths);
            for (total, length) in total_lengths.iter_mut().zip(doc) {
                *total += u64::from(length);
            }
            entries.push(entry);
            lengths.push(doc);
        }
    }
    let mut slots = vec![
        u32::MAX;
        entries
            .iter()
            .map(|e| e.entity.index_u32() as usize + 1)
            .max()
            .unwrap_or(0)
    ];
    for (slot, entry) in entries.iter().enumerate() {
        slots[entry.entity.index_u32() as usize] = slot as u32;
    }
    let slot_of = |entity: &Entity| {
        let slot = *slots.get(entity.index_u32() as usize)? as usize;
        (entries.get(slot)?.entity == *entity).then_some(slot)
    };
    let n = entries.len() as f64;
    let average = total_lengths.map(|total| (total as f64 / n.max(1.0)).max(1.0));
    // BM25's length normalisation `1 - b + b·len/avg` as `1 - b + len·per_unit`.
    let per_unit: [f64; FIELDS] = std::array::from_fn(|f| LENGTH_NORMS[f] / average[f]);

    let mut scores = vec![0.0f64; entries.len()];
    let mut hits: Vec<(usize, Counts)> = Vec::new();
    for word in &words {
        hits.clear();
        for terms in worlds.iter().flatten() {
            if let Some(posting) = terms.postings.get(word.as_str()) {
                hits.extend(
                    posting
                        .iter()
                        .filter_map(|(entity, counts)| Some((slot_of(entity)?, *counts))),
                );
            }
        }
        if hits.is_empty() {
            continue;
        }
        let df = hits.len() as f64;
        let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
        for (slot, counts) in &hits {
            let tf: f64 = (0..FIELDS)
                .filter(|f| counts[*f] > 0)
                .map(|f| {
                    let length = f64::from(lengths[*slot][f]);
                    let norm = 1.0 - LENGTH_NORMS[f] + length * per_unit[f];
                    WEIGHTS[f] * f64::from(counts[f]) / norm
                })
                .sum();
            scores[*slot] += idf * tf / (K1 + tf);
        }
    }
    let matched = entries
        .iter()
        .zip(&scores)
        .filter(|(_, score)| **score > 0.0)
        .map(|(entry, score)| (*entry, *score))
        .collect();
    Some(Scores {
        matched,
        slots,
        entries,
        scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_skip_code_fences() {
        let body = "# Title\ntext\n```sh\n# not a heading\n```\n## Second one\n";
        assert_eq!(headings(body), " Title\n Second one\n");
    }
}
