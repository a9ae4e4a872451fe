//! The indexes the world keeps by itself: stable id → entity,
//! (world, name) → skill, and the Commons names the scanner compares new
//! names with. Component hooks on the immutable `EntityRecord` and `Skill`
//! keep them right and record which worlds changed, so no caller can
//! forget to.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use bevy_ecs::entity::Entity;
use bevy_ecs::lifecycle::HookContext;
use bevy_ecs::resource::Resource;
use bevy_ecs::world::{DeferredWorld, World};
use skillworld_core::{EntityRecord, IdAllocator, Origin, PrimaryComponent, Skill, StableId};
use skillworld_scan::KnownNames;

use crate::change_log::{loading, touch};

/// Stable ids and the entities that carry them.
#[derive(Resource, Debug, Default)]
pub struct Entities {
    pub(crate) allocator: IdAllocator,
    by_id: HashMap<StableId, Entity, BuildHasherDefault<IdHash>>,
}

/// The by-id map's hash: the id itself in the low bits, which pick the
/// bucket, so ids handed out in turn (and spawned in turn at open) sit in
/// neighbouring buckets instead of a cache miss each; the top seven bits,
/// which the table compares while probing, mixed from the whole id. Ids
/// come from the world's allocator, never from a client, so SipHash's
/// defence against chosen keys buys nothing here (issue 19: the inserts
/// were a sixth of an open's spawns).
#[derive(Default)]
struct IdHash(u64);

impl Hasher for IdHash {
    /// Never called for a `StableId` (its `Hash` writes one `u64`).
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, id: u64) {
        const TOP: u64 = 0x7f << 57;
        let mixed = id.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (id & !TOP) | (mixed & TOP);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Entities {
    pub fn get(&self, id: StableId) -> Option<Entity> {
        self.by_id.get(&id).copied()
    }

    /// Room for `more` entities: a world built from its rows knows
    /// about how many it will hold.
    pub(crate) fn reserve(&mut self, more: usize) {
        self.by_id.reserve(more);
    }

    pub fn allocate(&mut self) -> StableId {
        self.allocator.allocate()
    }

    /// Drops a purged entity's id (the id itself is never reused).
    pub fn forget(&mut self, id: StableId) {
        self.by_id.remove(&id);
    }

    /// The last id handed out (`StableId(0)` before the first).
    pub fn last_allocated(&self) -> StableId {
        self.allocator.last()
    }
}

/// Undeleted skills by world and name.
#[derive(Resource, Debug, Default)]
pub struct NameIndex {
    by_world: HashMap<StableId, BTreeMap<String, Entity>>,
}

impl NameIndex {
    pub fn get(&self, world: StableId, name: &str) -> Option<Entity> {
        self.by_world
            .get(&world)
            .and_then(|names| names.get(name))
            .copied()
    }

    /// The names of a world's undeleted skills, sorted.
    pub fn names(&self, world: StableId) -> impl Iterator<Item = (&str, Entity)> {
        self.by_world
            .get(&world)
            .into_iter()
            .flatten()
            .map(|(name, entity)| (name.as_str(), *entity))
    }
}

/// The Commons' undeleted skill names with their origins, for the
/// scanner's typosquatting check (SEC-4): kept by the same hooks as
/// [`NameIndex`], so a scan never rebuilds a list.
#[derive(Resource, Debug)]
pub struct CommonsNames {
    /// The Commons world, set before any skill of it is spawned.
    pub(crate) world: Option<StableId>,
    /// `None` in a world built from its rows until the scanner first asks
    /// ([`file_commons_names`]): filing 100,000 names was a tenth of an
    /// open (issue 19). The hooks keep the names once they are filed.
    names: Option<KnownNames>,
}

impl Default for CommonsNames {
    fn default() -> Self {
        CommonsNames {
            world: None,
            names: Some(KnownNames::default()),
        }
    }
}

impl CommonsNames {
    /// The names, once filed (always, after [`file_commons_names`]).
    pub fn names(&self) -> Option<&KnownNames> {
        self.names.as_ref()
    }
}

/// Files the Commons' names if a world built from its rows has not yet:
/// in stable-id order, the order its skills were spawned in, so the name
/// a typo is reported against is the one an eager pass would have found.
pub(crate) fn file_commons_names(world: &mut World) {
    let names = world.resource::<CommonsNames>();
    let Some(commons) = names.world.filter(|_| names.names.is_none()) else {
        return;
    };
    let mut query = world.query::<(&EntityRecord, &Skill)>();
    let mut skills: Vec<_> = query
        .iter(world)
        .filter(|(record, _)| {
            record.primary == PrimaryComponent::Skill
                && record.world == Some(commons)
                && !record.is_deleted()
        })
        .collect();
    skills.sort_unstable_by_key(|(record, _)| record.id);
    let mut known = KnownNames::default();
    for (record, skill) in skills {
        known.insert(&record.title, origin_of(skill).unwrap_or_default());
    }
    world.resource_mut::<CommonsNames>().names = Some(known);
}

/// Where a skill comes from, as typosquatting compares origins: the
/// folder, repository or site its import source sits in (skills of one
/// collection are siblings, not imitations of each other), `builtin` for
/// the shipped skills, and nothing for the rest: a skill written or
/// imported without a known source shares an origin with no other.
pub fn origin_of(skill: &Skill) -> Option<&str> {
    match skill.provenance.import_source.as_deref() {
        Some(source) => Some(collection_of(source)),
        None if skill.origin == Origin::Builtin => Some(Origin::Builtin.as_str()),
        None => None,
    }
}

/// `source` without its last path segment (and without a trailing
/// `SKILL.md` or `/`): `https://x.example/repo/skills/pdf` →
/// `https://x.example/repo/skills`.
fn collection_of(source: &str) -> &str {
    let trimmed = source.trim_end_matches('/');
    let trimmed = match trimmed.len().checked_sub("/SKILL.md".len()) {
        Some(at)
            if trimmed.is_char_boundary(at) && trimmed[at..].eq_ignore_ascii_case("/SKILL.md") =>
        {
            &trimmed[..at]
        }
        _ => trimmed,
    };
    match trimmed.rfind(['/', '\\']) {
        Some(at) if at > 0 && !trimmed[..at].ends_with('/') => &trimmed[..at],
        _ => trimmed,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use skillworld_core::{EntityRecord, StableId, Timestamp};
    use skillworld_format::SkillDocument;

    use std::hash::{BuildHasher, BuildHasherDefault};

    use bevy_ecs::entity::Entity;

    use super::{
        CommonsNames, Entities, IdHash, NameIndex, SourceIndex, collection_of, file_commons_names,
    };
    use crate::clock::Clock;
    use crate::layers::Layer;
    use crate::state::{SkillWorld, WorldSettings};

    /// The by-id hash keeps only the id's low 57 bits as they are: ids
    /// that differ only above them (and so may share a hash) are still
    /// told apart, and found and forgotten one by one.
    #[test]
    fn ids_alike_in_their_low_bits_are_kept_apart() {
        let mut entities = Entities::default();
        let ids: Vec<StableId> = (0..200u64)
            .map(|n| StableId(((n % 8) << 57) | (n / 8)))
            .chain([StableId(u64::MAX), StableId(u64::MAX >> 7)])
            .collect();
        let entity = |i: usize| Entity::from_raw_u32(i as u32 + 1).unwrap();
        for (i, id) in ids.iter().enumerate() {
            entities.by_id.insert(*id, entity(i));
        }
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(entities.get(*id), Some(entity(i)), "{id}");
        }
        entities.forget(ids[9]);
        assert_eq!(entities.get(ids[9]), None);
        assert_eq!(entities.get(ids[1]), Some(entity(1)));
        assert_eq!(entities.by_id.len(), ids.len() - 1);
        // The hash itself: the id's low 57 bits as they are, the top
        // seven mixed from the whole id.
        let hash = |id: u64| BuildHasherDefault::<IdHash>::default().hash_one(StableId(id));
        for id in [0, 1, 2, 1000, (1 << 57) - 1] {
            assert_eq!(hash(id) & ((1 << 57) - 1), id);
        }
        assert_ne!(hash(0) >> 57, hash(1 << 57) >> 57);
    }

    #[test]
    fn a_source_s_collection_is_its_folder() {
        assert_eq!(collection_of("/a/skills/pdf"), "/a/skills");
        assert_eq!(collection_of("/a/skills/pdf/"), "/a/skills");
        assert_eq!(
            collection_of("https://x.example/r/pdf/SKILL.md"),
            "https://x.example/r"
        );
        assert_eq!(
            collection_of("https://x.example/pdf.zip"),
            "https://x.example"
        );
        assert_eq!(collection_of("https://x.example"), "https://x.example");
        assert_eq!(collection_of("pdf"), "pdf");
    }

    /// The indexes as stable ids, so two worlds' can be compared.
    type Indexes = (
        BTreeMap<(StableId, String), StableId>,
        BTreeMap<(StableId, String), StableId>,
        usize,
    );

    /// (The Commons' names filed first: a built world waits for a scan.)
    fn indexes(world: &mut SkillWorld) -> Indexes {
        file_commons_names(&mut world.world);
        let world = &world.world;
        let id = |entity| world.get::<EntityRecord>(entity).expect("a record").id;
        let names = world.resource::<NameIndex>().by_world.iter();
        let names = names
            .flat_map(|(home, names)| names.iter().map(move |(n, e)| ((*home, n.clone()), *e)))
            .map(|(key, entity)| (key, id(entity)))
            .collect();
        let sources = world.resource::<SourceIndex>().by_source.iter();
        let sources = sources
            .map(|(key, entity)| (key.clone(), id(*entity)))
            .collect();
        let known = world.resource::<CommonsNames>().names();
        (names, sources, known.map_or(0, |known| known.len()))
    }

    /// `WorldBuilder` leaves these indexes to `loaded_indexes`' one pass:
    /// it must fill them as the hooks did for the world it was saved from.
    #[test]
    fn a_world_built_from_its_rows_has_the_indexes_its_hooks_kept() {
        let mut world = SkillWorld::new(WorldSettings {
            clock: Clock::Simulated(Timestamp::from_millis(0)),
            platform: None,
        });
        world.add_agent("ada", None).unwrap();
        let ada = Layer::Agent("ada".into());
        for (layer, name, source) in [
            (&Layer::Commons, "pdf-tools", Some("/a/pdf-tools")),
            (&Layer::Commons, "gone", Some("/a/gone")),
            (&Layer::Commons, "notes", None),
            (&ada, "pdf-tools", Some("/b/pdf-tools")),
            (&ada, "mine", None),
        ] {
            let mut document = SkillDocument::new(name, "A skill.", "Body.\n");
            document.skill.provenance.import_source = source.map(str::to_owned);
            world.install(layer, document, Vec::new()).unwrap();
        }
        world.delete(&Layer::Commons, "gone").unwrap();
        let kept = indexes(&mut world);
        assert_eq!(kept.0.len(), 4, "{kept:?}");
        assert_eq!(kept.1.len(), 2, "{kept:?}");
        assert_eq!(kept.2, 2, "{kept:?}");

        let mut built = SkillWorld::from_state(world.state(), None).unwrap();
        let names = built.world.resource::<CommonsNames>().names();
        assert!(names.is_none(), "filed at the first scan, not at the build");
        assert_eq!(indexes(&mut built), kept);
    }
}

/// Undeleted imported skills by world and import source (STO-6: a
/// re-import from the same path or URL updates the skill it made). Kept by
/// the `Skill` hooks; readers check the entity is still undeleted there.
#[derive(Resource, Debug, Default)]
pub struct SourceIndex {
    by_source: HashMap<(StableId, String), Entity>,
}

impl SourceIndex {
    pub fn get(&self, world: StableId, source: &str) -> Option<Entity> {
        self.by_source.get(&(world, source.to_owned())).copied()
    }

    /// The sources of `world`'s imported skills.
    pub(crate) fn sources_of(&self, world: StableId) -> impl Iterator<Item = &str> {
        self.by_source
            .keys()
            .filter(move |(of, _)| *of == world)
            .map(|(_, source)| source.as_str())
    }
}

/// Skills changed since resolution last ran, by world, and a counter per
/// world that moves on every change (what cached views compare).
#[derive(Resource, Debug, Default)]
pub struct LayerChanges {
    pub(crate) dirty: HashMap<StableId, HashSet<Entity>>,
    epochs: HashMap<StableId, u64>,
}

impl LayerChanges {
    pub fn epoch(&self, world: StableId) -> u64 {
        self.epochs.get(&world).copied().unwrap_or(0)
    }

    fn touch(&mut self, world: StableId, entity: Entity) {
        self.dirty.entry(world).or_default().insert(entity);
        *self.epochs.entry(world).or_default() += 1;
    }
}

pub(crate) fn register_hooks(world: &mut World) {
    world
        .register_component_hooks::<EntityRecord>()
        .on_insert(record_inserted)
        .on_discard(record_discarded);
    world
        .register_component_hooks::<Skill>()
        .on_insert(skill_inserted)
        .on_discard(skill_discarded);
}

fn skill_inserted(mut world: DeferredWorld, context: HookContext) {
    if loading(&world) {
        return;
    }
    touch(&mut world, context.entity);
    skill_changed(world.reborrow(), context);
    let Some(record) = world.get::<EntityRecord>(context.entity) else {
        return;
    };
    let (home, deleted) = (record.world, record.is_deleted());
    let title = record.title.clone();
    name_origin_changed(world.reborrow(), context.entity, home, &title);
    let source = world
        .get::<Skill>(context.entity)
        .and_then(|s| s.provenance.import_source.clone());
    if let (Some(home), Some(source), false) = (home, source, deleted) {
        world
            .resource_mut::<SourceIndex>()
            .by_source
            .insert((home, source), context.entity);
    }
}

fn skill_discarded(mut world: DeferredWorld, context: HookContext) {
    touch(&mut world, context.entity);
    skill_changed(world.reborrow(), context);
    let home = world
        .get::<EntityRecord>(context.entity)
        .and_then(|r| r.world);
    let source = world
        .get::<Skill>(context.entity)
        .and_then(|s| s.provenance.import_source.clone());
    if let (Some(home), Some(source)) = (home, source) {
        let mut index = world.resource_mut::<SourceIndex>();
        let key = (home, source);
        if index.by_source.get(&key) == Some(&context.entity) {
            index.by_source.remove(&key);
        }
    }
}

fn record_inserted(mut world: DeferredWorld, context: HookContext) {
    touch(&mut world, context.entity);
    let Some(record) = world.get::<EntityRecord>(context.entity) else {
        return;
    };
    let (id, primary) = (record.id, record.primary);
    world
        .resource_mut::<Entities>()
        .by_id
        .insert(id, context.entity);
    if primary != PrimaryComponent::Skill || loading(&world) {
        return;
    }
    let Some(record) = world.get::<EntityRecord>(context.entity) else {
        return;
    };
    let (deleted, title, home) = (record.is_deleted(), record.title.clone(), record.world);
    let Some(home) = home else { return };
    if !deleted {
        name_origin_changed(world.reborrow(), context.entity, Some(home), &title);
        world
            .resource_mut::<NameIndex>()
            .by_world
            .entry(home)
            .or_default()
            .insert(title, context.entity);
    }
    world
        .resource_mut::<LayerChanges>()
        .touch(home, context.entity);
}

fn record_discarded(mut world: DeferredWorld, context: HookContext) {
    let Some(record) = world.get::<EntityRecord>(context.entity) else {
        return;
    };
    if record.primary != PrimaryComponent::Skill {
        return;
    }
    let (title, home) = (record.title.clone(), record.world);
    let Some(home) = home else { return };
    let mut index = world.resource_mut::<NameIndex>();
    if let Some(names) = index.by_world.get_mut(&home)
        && names.get(&title) == Some(&context.entity)
    {
        names.remove(&title);
        let mut commons = world.resource_mut::<CommonsNames>();
        if commons.world == Some(home)
            && let Some(known) = &mut commons.names
        {
            known.remove(&title);
        }
    }
    world
        .resource_mut::<LayerChanges>()
        .touch(home, context.entity);
}

/// The skill indexes the hooks leave alone while a world is built from
/// its rows (issue 19), made in one pass over the skills, each name and
/// import source put once, instead of the record's and the skill's hooks
/// each doing so (and noting the change) at every spawn. Made from
/// `&World`, beside the lists; the Commons' names wait for the scanner
/// ([`file_commons_names`]).
pub(crate) struct LoadedIndexes {
    names: HashMap<StableId, BTreeMap<String, Entity>>,
    sources: HashMap<(StableId, String), Entity>,
}

pub(crate) fn loaded_indexes(world: &World) -> LoadedIndexes {
    let mut names: HashMap<StableId, Vec<(String, Entity)>> = HashMap::new();
    let mut sources = HashMap::new();
    // `None`: no skill was ever spawned.
    if let Some(mut query) = world.try_query::<(Entity, &EntityRecord, &Skill)>() {
        // Room for every skill's source at once: an imported world has one
        // each, and growing the map rehashed every key at each doubling.
        sources.reserve(query.iter(world).len());
        for (entity, record, skill) in query.iter(world) {
            let Some(home) = record.world.filter(|_| !record.is_deleted()) else {
                continue;
            };
            if record.primary == PrimaryComponent::Skill {
                let names = names.entry(home).or_default();
                names.push((record.title.clone(), entity));
            }
            if let Some(source) = &skill.provenance.import_source {
                sources.insert((home, source.clone()), entity);
            }
        }
    }
    // Sorted once and built in bulk (the last of a name kept, as inserts
    // would keep it) rather than inserted one name at a time.
    let names = names
        .into_iter()
        .map(|(home, names)| (home, BTreeMap::from_iter(names)))
        .collect();
    LoadedIndexes { names, sources }
}

impl LoadedIndexes {
    /// Puts the indexes in the world being built (whose hooks kept none).
    pub(crate) fn install(self, world: &mut World) {
        world.resource_mut::<NameIndex>().by_world = self.names;
        world.resource_mut::<SourceIndex>().by_source = self.sources;
        world.resource_mut::<CommonsNames>().names = None;
    }
}

/// Puts an undeleted Commons skill's name with its current origin into
/// [`CommonsNames`] (its record or its `Skill` was just inserted).
fn name_origin_changed(
    mut world: DeferredWorld,
    entity: Entity,
    home: Option<StableId>,
    title: &str,
) {
    let commons = world.resource::<CommonsNames>();
    if home.is_none() || commons.world != home || commons.names.is_none() {
        return;
    }
    let deleted = world
        .get::<EntityRecord>(entity)
        .is_none_or(EntityRecord::is_deleted);
    let Some(origin) = world
        .get::<Skill>(entity)
        .map(|s| origin_of(s).unwrap_or_default().to_owned())
    else {
        return;
    };
    if !deleted && let Some(known) = &mut world.resource_mut::<CommonsNames>().names {
        known.insert(title, &origin);
    }
}

fn skill_changed(mut world: DeferredWorld, context: HookContext) {
    let Some(home) = world
        .get::<EntityRecord>(context.entity)
        .and_then(|r| r.world)
    else {
        return;
    };
    world
        .resource_mut::<LayerChanges>()
        .touch(home, context.entity);
}
