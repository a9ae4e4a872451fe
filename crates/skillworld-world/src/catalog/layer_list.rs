//! Per-world lists of the skills that take part in resolution, kept sorted
//! in the recommended order (CAT-3 tier 5) and updated incrementally from
//! the changes the hooks record.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_ecs::world::World;
use skillworld_core::{EntityRecord, Origin, PrimaryComponent, Readiness, Skill, StableId, Status};

use crate::clock::day_of;
use crate::index::LayerChanges;

/// The host's platform, matched against a skill's platforms (CAT-2).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct HostPlatform(pub String);

impl Default for HostPlatform {
    fn default() -> Self {
        HostPlatform(match std::env::consts::OS {
            "macos" => "macos".to_owned(),
            "windows" => "windows".to_owned(),
            other => other.to_owned(),
        })
    }
}

/// One skill as resolution and catalogs see it: what ranking and rendering
/// need, copied out of its components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub entity: Entity,
    pub id: StableId,
    pub name: Arc<str>,
    sort_name: Arc<str>,
    pub description: Arc<str>,
    pub origin: Origin,
    pub created_day: i64,
    pub readiness: Readiness,
    pub required_tools: Arc<[String]>,
    /// Passes every rule of CAT-2 that does not depend on the agent.
    pub live: bool,
}

impl Entry {
    fn new(entity: Entity, record: &EntityRecord, skill: &Skill, platform: &str) -> Self {
        let platform_ok = skill.requires.platforms.is_empty()
            || skill.requires.platforms.iter().any(|p| p == platform);
        let live = skill.is_live()
            && skill.preflight.readiness != Readiness::Unsupported
            && !skill.disable_model_invocation
            && platform_ok;
        let name: Arc<str> = Arc::from(record.title.as_str());
        // Most names are lower-case ASCII already: one string for both.
        let sort_name = if !name.is_ascii() || name.bytes().any(|b| b.is_ascii_uppercase()) {
            Arc::from(name.to_lowercase())
        } else {
            name.clone()
        };
        Entry {
            entity,
            id: record.id,
            name,
            sort_name,
            description: Arc::from(record.summary.as_str()),
            origin: skill.origin,
            created_day: day_of(record.created_at),
            readiness: skill.preflight.readiness,
            required_tools: skill.requires.tools.clone().into(),
            live,
        }
    }

    /// The recommended order (CAT-3 tier 5): ready before setup-needed;
    /// builtin, then user-made, then mcp, then acp; then the name,
    /// case-insensitively; the stable id settles the rest.
    pub fn recommended_cmp(&self, other: &Entry) -> Ordering {
        let key = |e: &Entry| (e.readiness as u8, origin_class(e.origin));
        key(self)
            .cmp(&key(other))
            .then_with(|| self.sort_name.cmp(&other.sort_name))
            .then_with(|| self.name.cmp(&other.name))
            .then_with(|| self.id.cmp(&other.id))
    }

    pub fn is_builtin(&self) -> bool {
        self.origin == Origin::Builtin
    }
}

fn origin_class(origin: Origin) -> u8 {
    match origin {
        Origin::Builtin => 0,
        Origin::User | Origin::Imported | Origin::Evolved | Origin::Routine | Origin::Project => 1,
        Origin::Mcp => 2,
        Origin::Acp => 3,
    }
}

/// Past this many new entries, a list is sorted once instead of each entry
/// being inserted in its place.
const BATCH_SORT: usize = 32;

/// The undeleted, non-discarded skills of one world in the recommended
/// order: the skills that resolve (and shadow) by name.
#[derive(Debug, Default)]
pub struct LayerList {
    pub entries: Vec<Entry>,
    /// Hashed as bevy hashes entities (their bits; no key comes from
    /// outside): rebuilt for every skill at open (issue 19).
    positions: EntityHashMap<usize>,
    /// Moves when an entry is added, removed or changes place, so views
    /// that hold positions or names know to recompute.
    pub shape_epoch: u64,
}

impl LayerList {
    pub fn position(&self, entity: Entity) -> Option<usize> {
        self.positions.get(&entity).copied()
    }

    fn insert(&mut self, entry: Entry) {
        let at = self
            .entries
            .partition_point(|e| e.recommended_cmp(&entry) == Ordering::Less);
        self.entries.insert(at, entry);
    }

    /// Applies the changed entities: each one's new entry, or none when it
    /// left. One pass over the list however many changed, so loading a
    /// whole world costs a sort, not an insertion per skill.
    fn apply(&mut self, changes: Vec<(Entity, Option<Entry>)>) {
        // The common write, a patch, keeps the skill's name and place: its
        // entry is replaced where it stands, without a pass over the list.
        if changes.len() <= BATCH_SORT
            && changes
                .iter()
                .all(|(entity, entry)| self.keeps_place(*entity, entry.as_ref()))
        {
            for (entity, entry) in changes {
                if let (Some(at), Some(entry)) = (self.position(entity), entry) {
                    self.entries[at] = entry;
                }
            }
            return;
        }
        let changed: HashSet<Entity> = changes.iter().map(|(entity, _)| *entity).collect();
        let (removed, kept): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.entries)
            .into_iter()
            .partition(|e| changed.contains(&e.entity));
        self.entries = kept;
        let mut before: HashMap<Entity, Entry> =
            removed.into_iter().map(|e| (e.entity, e)).collect();
        let mut same_shape = true;
        let mut added = Vec::new();
        for (entity, entry) in changes {
            same_shape &= match (before.remove(&entity), &entry) {
                (Some(old), Some(new)) => {
                    old.name == new.name && old.recommended_cmp(new) == Ordering::Equal
                }
                (None, None) => true,
                _ => false,
            };
            added.extend(entry);
        }
        if added.len() > BATCH_SORT {
            self.entries.extend(added);
            self.entries.sort_by(Entry::recommended_cmp);
        } else {
            for entry in added {
                self.insert(entry);
            }
        }
        // Entries updated in place keep every position and name.
        if !same_shape {
            self.shape_epoch += 1;
            self.reindex();
        }
    }

    /// Whether `entity`'s new entry keeps its name and its place.
    fn keeps_place(&self, entity: Entity, entry: Option<&Entry>) -> bool {
        match (self.position(entity), entry) {
            (Some(at), Some(new)) => {
                let old = &self.entries[at];
                old.name == new.name && old.recommended_cmp(new) == Ordering::Equal
            }
            _ => false,
        }
    }

    fn reindex(&mut self) {
        self.positions.clear();
        self.positions
            .extend(self.entries.iter().enumerate().map(|(i, e)| (e.entity, i)));
    }
}

/// Every world's list.
#[derive(Resource, Debug, Default)]
pub struct Layers {
    lists: HashMap<StableId, LayerList>,
}

impl Layers {
    pub fn get(&self, world: StableId) -> Option<&LayerList> {
        self.lists.get(&world)
    }
}

/// Whether a skill takes part in resolution: undeleted, not discarded.
pub(super) fn resolves(record: &EntityRecord, skill: &Skill) -> bool {
    record.primary == PrimaryComponent::Skill
        && !record.is_deleted()
        && skill.status != Status::Discarded
}

fn entry_of(entity: Entity, record: &EntityRecord, skill: &Skill, platform: &str) -> Option<Entry> {
    resolves(record, skill).then(|| Entry::new(entity, record, skill, platform))
}

/// The resolution system (CAT-1): applies the skills changed since it last
/// ran to their worlds' lists, touching nothing else.
pub fn refresh_layers(
    mut layers: ResMut<Layers>,
    mut changes: ResMut<LayerChanges>,
    skills: Query<(&EntityRecord, &Skill)>,
    platform: Res<HostPlatform>,
) {
    for (world, dirty) in changes.dirty.drain() {
        let list = layers.lists.entry(world).or_default();
        let changes = dirty
            .into_iter()
            .map(|entity| {
                let entry = skills
                    .get(entity)
                    .ok()
                    .and_then(|(record, skill)| entry_of(entity, record, skill, &platform.0));
                (entity, entry)
            })
            .collect();
        list.apply(changes);
    }
}

/// Rebuilds every list from all skills, ignoring what the hooks recorded:
/// the from-scratch path the incremental one must agree with.
pub(super) fn rebuild_lists(world: &mut World) {
    fresh_lists(world).install(world);
}

/// Every world's list made from all skills, sorted and indexed, not yet
/// in the world: made from `&World`, so a world built from its rows makes
/// it beside its other indexes, on the other core (issue 19).
pub(crate) struct FreshLists(HashMap<StableId, LayerList>);

pub(crate) fn fresh_lists(world: &World) -> FreshLists {
    let platform = &world.resource::<HostPlatform>().0;
    let mut fresh: HashMap<StableId, Vec<Entry>> = HashMap::new();
    // `None`: no skill was ever spawned.
    if let Some(mut query) = world.try_query::<(Entity, &EntityRecord, &Skill)>() {
        for (entity, record, skill) in query.iter(world) {
            if let (Some(home), Some(entry)) =
                (record.world, entry_of(entity, record, skill, platform))
            {
                fresh.entry(home).or_default().push(entry);
            }
        }
    }
    let lists = fresh.into_iter().map(|(home, mut entries)| {
        // The order is total (the stable id settles ties): an unstable
        // sort gives the same list without a merge buffer of the whole list.
        entries.sort_unstable_by(Entry::recommended_cmp);
        let mut list = LayerList {
            entries,
            ..LayerList::default()
        };
        list.reindex();
        (home, list)
    });
    FreshLists(lists.collect())
}

impl FreshLists {
    /// Replaces every world's list (one whose world has no skill left is
    /// emptied) and moves every shape epoch; the hooks' changes are
    /// dropped, being in the lists already.
    pub(crate) fn install(self, world: &mut World) {
        let mut fresh = self.0;
        world.resource_mut::<LayerChanges>().dirty.clear();
        let mut layers = world.resource_mut::<Layers>();
        for (home, list) in &mut layers.lists {
            let made = fresh.remove(home).unwrap_or_default();
            list.entries = made.entries;
            list.positions = made.positions;
            list.shape_epoch += 1;
        }
        for (home, mut list) in fresh {
            list.shape_epoch = 1;
            layers.lists.insert(home, list);
        }
    }
}
