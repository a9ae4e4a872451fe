//! Reads: catalogs, resolution, loads (whose usage is one command), lists,
//! search, the skill-as-tool redirect and lessons.

use std::fmt::Write;

use bevy_ecs::entity::Entity;
use serde_json::Value;
use skillworld_core::{
    EntityRecord, Lifecycle, ResourceBody, ScanStatus, Skill, SkillResource, StableId, Status,
    Timestamp,
};
use skillworld_format::render_body;

use crate::agent::{Agent, AgentUsage, ToolSets};
use crate::catalog::{
    AgentView, AgentViews, Budget, CatalogRequest, Entry, LayerList, Layers, LoadRanking, Signals,
    TermIndex, compose, ensure_terms, ranked, rebuild_layers, relevant, score, token_limits,
};
use crate::clock::Clock;
use crate::command::{Caller, Command};
use crate::error::{LoadError, WorldError};
use crate::host::{LIST_LIMIT, ListItem, ListQuery, Listing, LoadRequest, Loaded};
use crate::index::{Entities, NameIndex};
use crate::paging::{PAGE_THRESHOLD_CHARS, pages};
use crate::revisions::Revisions;
use crate::state::SkillWorld;
use crate::usage::{AgentRuns, Lessons};

/// How many of its lessons an agent sees with a loaded skill (GOV-4).
const LESSONS_ON_LOAD: usize = 10;

impl SkillWorld {
    // ---- reads ----------------------------------------------------------

    /// Runs resolution (cheap when nothing changed) and brings the agent's
    /// view up to date.
    pub(crate) fn prepare(&mut self, agent: &str) -> Result<(StableId, Entity), WorldError> {
        self.resolve.run(&mut self.world);
        let (id, entity) = self.agent_entity(agent)?;
        let agent_state = self.world.get::<Agent>(entity).expect("agent");
        if !agent_state.enabled {
            return Err(WorldError::AgentDisabled(agent.to_owned()));
        }
        let layers = self.world.resource::<Layers>();
        let current = self
            .world
            .resource::<AgentViews>()
            .views
            .get(&id)
            .is_some_and(|v| v.is_current(agent_state, layers));
        if !current {
            let view = AgentView::build(
                agent_state,
                layers,
                self.world.resource::<NameIndex>(),
                self.world.resource::<ToolSets>(),
            );
            self.world
                .resource_mut::<AgentViews>()
                .views
                .insert(id, view);
        }
        Ok((id, entity))
    }

    /// The agent's catalog text (CAT-2 … CAT-5, CAT-9).
    pub fn catalog(&mut self, agent: &str, request: &CatalogRequest) -> Result<String, WorldError> {
        let (id, entity) = self.prepare(agent)?;
        if request.query.is_some() {
            ensure_terms(&mut self.world);
        }
        let world = &self.world;
        let agent_state = world.get::<Agent>(entity).expect("agent");
        let view = &world.resource::<AgentViews>().views[&id];
        let layers = world.resource::<Layers>();
        let signals = Signals {
            run_loaded: request.run.as_deref().map_or(&[], |run| {
                world.get::<AgentRuns>(entity).expect("agent").loaded(run)
            }),
            recent: &world.get::<AgentUsage>(entity).expect("agent").recent,
            ranking: world.resource::<LoadRanking>(),
            today: world.resource::<Clock>().day(),
            entities: world.resource::<Entities>(),
        };
        let bound = !agent_state.bindings.is_empty();
        let limit = match request.budget {
            Budget::Tokens(tokens) if !bound => Some(token_limits(tokens).0),
            _ => None,
        };
        let scores = request
            .query
            .as_deref()
            .and_then(|q| score(world.resource::<TermIndex>(), q, view, agent_state, layers))
            .filter(|scores| !scores.is_empty());
        let (entries, total) = match scores {
            // CAT-10: every visible skill in CAT-3 order, then by relevance
            // (a stable sort, so the CAT-3 order breaks ties), then the cut.
            Some(scores) => relevant(view, agent_state, layers, &signals, &scores, limit),
            None => ranked(view, agent_state, layers, &signals, limit),
        };
        let mut out = String::with_capacity(1024);
        compose(&mut out, &entries, total, request, bound);
        self.write_lessons(&mut out, id, agent_state, view, layers, &signals);
        Ok(out)
    }

    /// The names of every skill the agent sees (CAT-1, CAT-2), layer by
    /// layer, each in the recommended order: what its catalog ranks and
    /// cuts to the budget, unranked and uncut.
    pub fn visible_skills(&mut self, agent: &str) -> Result<Vec<&str>, WorldError> {
        let (id, entity) = self.prepare(agent)?;
        let agent_state = self.world.get::<Agent>(entity).expect("agent");
        let view = &self.world.resource::<AgentViews>().views[&id];
        let layers = self.world.resource::<Layers>();
        let at_most = agent_state
            .layers
            .iter()
            .filter_map(|world| layers.get(*world))
            .map(|list| list.entries.len())
            .sum();
        let mut names = Vec::with_capacity(at_most);
        names.extend(
            view.visible(agent_state, layers)
                .flatten()
                .map(|entry| &*entry.name),
        );
        Ok(names)
    }

    /// The agent's own lessons on bound and recently loaded skills (CAT-9,
    /// SEC-2), newest three each, marked advisory. Another agent's lessons
    /// never reach this catalog.
    fn write_lessons(
        &self,
        out: &mut String,
        agent_id: StableId,
        agent: &Agent,
        view: &AgentView,
        layers: &Layers,
        signals: &Signals<'_>,
    ) {
        let mut skills: Vec<&Entry> = Vec::new();
        let bound = agent
            .layers
            .iter()
            .filter_map(|w| layers.get(*w))
            .flat_map(|l| l.entries.iter())
            .filter(|e| agent.bindings.contains(&*e.name));
        let recent = signals
            .recent
            .iter()
            .filter_map(|id| signals.entities.get(*id))
            .filter_map(|e| view.visible_entry(agent, layers, e));
        for entry in bound.chain(recent) {
            if view.visible_entry(agent, layers, entry.entity).is_some()
                && !skills.iter().any(|s| s.entity == entry.entity)
            {
                skills.push(entry);
            }
        }
        skills.sort_by(|a, b| a.name.cmp(&b.name));
        let mut heading = false;
        for entry in skills {
            let Some(lessons) = self.world.get::<Lessons>(entry.entity) else {
                continue;
            };
            for lesson in lessons.of(agent_id).rev().take(3) {
                if !heading {
                    out.push_str("\n## Lessons learned (advisory)\n");
                    heading = true;
                }
                let _ = writeln!(
                    out,
                    "- {} ({}): {}",
                    entry.name,
                    date(lesson.at),
                    lesson.text
                );
            }
        }
    }

    /// Resolves a name in the agent's layer stack (CAT-1): the first world
    /// with an undeleted, non-discarded skill of that name wins. Returns the
    /// entity and the entities it shadows.
    pub fn resolve(
        &mut self,
        agent: &str,
        name: &str,
    ) -> Result<Option<(Entity, Vec<Entity>)>, WorldError> {
        let (_, agent_entity) = self.prepare(agent)?;
        Ok(self.resolve_prepared(agent_entity, name))
    }

    /// `resolve` for an agent whose view `prepare` brought up to date.
    fn resolve_prepared(&self, agent_entity: Entity, name: &str) -> Option<(Entity, Vec<Entity>)> {
        let agent_state = self.world.get::<Agent>(agent_entity).expect("agent");
        let index = self.world.resource::<NameIndex>();
        let mut found: Option<(Entity, Vec<Entity>)> = None;
        for world in &agent_state.layers {
            let Some(entity) = index.get(*world, name) else {
                continue;
            };
            if self
                .world
                .get::<Skill>(entity)
                .is_some_and(|s| s.status == Status::Discarded)
            {
                continue;
            }
            match &mut found {
                None => found = Some((entity, Vec::new())),
                Some((_, shadowed)) => shadowed.push(entity),
            }
        }
        found
    }

    /// The skills `run` of the agent on `agent_entity` has loaded (CAT-6).
    pub(crate) fn run_loaded(&self, agent_entity: Entity, run: &str) -> &[StableId] {
        self.world
            .get::<AgentRuns>(agent_entity)
            .expect("agents carry AgentRuns")
            .loaded(run)
    }

    /// `skill_load` (CAT-6): the rendered body or a bundle file, with the
    /// skill's resources; counts the load.
    pub fn load(&mut self, agent: &str, request: LoadRequest<'_>) -> Result<Loaded, WorldError> {
        let name = request.name.trim();
        if name.is_empty() {
            return Err(LoadError::EmptyName.into());
        }
        let (agent_id, agent_entity) = self.prepare(agent)?;
        let Some((entity, _)) = self.resolve_prepared(agent_entity, name) else {
            return Err(LoadError::Unknown(name.to_owned()).into());
        };
        self.check_available(agent_id, agent_entity, entity, name)?;
        // Read through borrows (no copy of the skill or its body); the load
        // is counted once they end.
        let record = self.world.get::<EntityRecord>(entity).expect("skill");
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let skill_id = record.id;
        let revision = self.world.get::<Revisions>(entity).expect("skill").current;
        let resources: Vec<String> = skill.resources.iter().map(|r| r.path.clone()).collect();

        let first_page = request.page.is_none_or(|p| p <= 1);
        if let Some(run) = request.run
            && request.file.is_none()
            && first_page
            && self.run_loaded(agent_entity, run).contains(&skill_id)
        {
            return Ok(Loaded {
                name: name.to_owned(),
                text: format!(
                    "Skill '{name}' is already loaded in this run; its instructions are above."
                ),
                resources,
                revision,
                page: None,
                already_loaded: true,
            });
        }

        let (text, page) = match request.file {
            Some(path) => {
                let text = self.bundle_file(name, skill, path)?;
                page_of(name, Some(path), text, request.page)?
            }
            None => {
                let body = render_body(record.body()?, &skill.parameters, &request.args).map_err(
                    |source| LoadError::Parameters {
                        name: name.to_owned(),
                        source,
                    },
                )?;
                let (mut text, page) = page_of(name, None, body, request.page)?;
                if page.is_none_or(|(number, _)| number == 1) {
                    self.append_lessons(&mut text, entity, agent_id);
                }
                (text, page)
            }
        };
        // A bundle file counts as a load, but the run has not read the
        // body: a later load of the skill in the run must still return it.
        let command = Command::RecordLoad {
            agent: agent.to_owned(),
            skill: skill_id,
            run: request
                .run
                .filter(|_| request.file.is_none())
                .map(str::to_owned),
        };
        let caller = Caller {
            agent: Some(agent.to_owned()),
            run: request.run.map(str::to_owned),
            ..Caller::default()
        };
        self.execute(caller, command)?;
        Ok(Loaded {
            name: name.to_owned(),
            text,
            resources,
            revision,
            page,
            already_loaded: false,
        })
    }

    /// GOV-4: the agent's own lessons on the skill follow its body when
    /// it is loaded (the first page), newest first, marked advisory.
    fn append_lessons(&self, text: &mut String, entity: Entity, agent_id: StableId) {
        let Some(lessons) = self.world.get::<Lessons>(entity) else {
            return;
        };
        let mut mine = lessons.of(agent_id).rev().take(LESSONS_ON_LOAD).peekable();
        if mine.peek().is_none() {
            return;
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("\n## Your lessons on this skill (advisory)\n");
        for lesson in mine {
            let _ = writeln!(
                text,
                "- {} (#{}): {}",
                date(lesson.at),
                lesson.id,
                lesson.text
            );
        }
    }

    fn check_available(
        &self,
        agent_id: StableId,
        agent_entity: Entity,
        entity: Entity,
        name: &str,
    ) -> Result<(), LoadError> {
        let agent = self.world.get::<Agent>(agent_entity).expect("agent");
        let view = &self.world.resource::<AgentViews>().views[&agent_id];
        if view
            .visible_entry(agent, self.world.resource::<Layers>(), entity)
            .is_some()
        {
            return Ok(());
        }
        let skill = self.world.get::<Skill>(entity).expect("skill");
        let reason = if !skill.enabled {
            return Err(LoadError::Disabled(name.to_owned()));
        } else if skill.lifecycle == Lifecycle::Archived {
            "it is archived".to_owned()
        } else if skill.status != Status::Active {
            format!("it is a {} skill", skill.status)
        } else if skill.scan == ScanStatus::Blocked {
            "it was blocked by the security scan".to_owned()
        } else if !agent.bindings.is_empty() && !agent.bindings.contains(name) {
            "the agent is not bound to it".to_owned()
        } else if skill.disable_model_invocation {
            "it can only be invoked by a user".to_owned()
        } else {
            let pool = self.world.resource::<ToolSets>().expand(&agent.tool_pool);
            let missing: Vec<&str> = skill
                .requires
                .tools
                .iter()
                .filter(|t| !pool.contains(*t))
                .map(String::as_str)
                .collect();
            if missing.is_empty() {
                "it does not support this host".to_owned()
            } else {
                format!(
                    "it needs tools this agent does not have ({})",
                    missing.join(", ")
                )
            }
        };
        Err(LoadError::NotAvailable {
            name: name.to_owned(),
            reason,
        })
    }

    fn bundle_file(&self, name: &str, skill: &Skill, path: &str) -> Result<String, WorldError> {
        let normalized = path.trim_start_matches("./");
        if normalized.starts_with('/') || normalized.split(['/', '\\']).any(|part| part == "..") {
            return Err(LoadError::OutsideBundle {
                name: name.to_owned(),
                path: path.to_owned(),
            }
            .into());
        }
        let Some(reference) = skill.resources.iter().find(|r| r.path == normalized) else {
            let files = skill
                .resources
                .iter()
                .map(|r| r.path.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            let files = if files.is_empty() {
                "none".to_owned()
            } else {
                files
            };
            return Err(LoadError::NoSuchFile {
                name: name.to_owned(),
                path: path.to_owned(),
                files,
            }
            .into());
        };
        let entity = self.world.resource::<Entities>().get(reference.entity_id);
        let resource = entity.and_then(|e| self.world.get::<SkillResource>(e));
        Ok(match resource {
            Some(SkillResource {
                body: ResourceBody::ObjectFile { mime, .. },
                size,
                ..
            }) => format!("[binary file {normalized}: {mime}, {size} bytes]"),
            Some(text_file) => text_file.text().transpose()?.unwrap_or_default().to_owned(),
            None => String::new(),
        })
    }

    /// The one-line hint of what a run has loaded so far (CAT-6), for a
    /// host to put beside the catalog; `None` before the first load.
    pub fn run_hint(&self, agent: &str, run: &str) -> Result<Option<String>, WorldError> {
        let (_, agent_entity) = self.agent_entity(agent)?;
        let entities = self.world.resource::<Entities>();
        let names: Vec<&str> = self
            .run_loaded(agent_entity, run)
            .iter()
            .filter_map(|skill| entities.get(*skill))
            .filter_map(|entity| self.world.get::<EntityRecord>(entity))
            .map(|record| record.title.as_str())
            .collect();
        Ok((!names.is_empty())
            .then(|| format!("Skills already loaded in this run: {}.", names.join(", "))))
    }

    /// `skill_list` (CAT-7).
    pub fn list(&mut self, agent: &str, query: &ListQuery) -> Result<Listing, WorldError> {
        self.prepare(agent)?;
        let limit = query.limit.unwrap_or(LIST_LIMIT.0).clamp(1, LIST_LIMIT.1);
        let keyword = query.keyword.as_deref().map(str::to_lowercase);
        let mut items = Vec::new();
        for (item, _, visible) in self.resolved_items(agent)? {
            let status_ok = match query.status.as_deref() {
                None => visible,
                Some("all") => true,
                Some("disabled") => !item.enabled,
                Some("draft") => false,
                Some(lifecycle) => item.lifecycle.as_str() == lifecycle,
            };
            let source_ok = query
                .source
                .as_deref()
                .is_none_or(|s| s == item.layer || s == item.origin.as_str());
            let keyword_ok = keyword.as_deref().is_none_or(|k| matches_text(&item, k));
            if status_ok && source_ok && keyword_ok {
                items.push(item);
            }
        }
        Ok(listing(items, limit, true))
    }

    /// `skill_search` (CAT-7, CAT-10): the skills the agent sees whose name
    /// or description contains the query (case-insensitive), plus those
    /// that match its words (BM25), best match first; ties keep the
    /// recommended order.
    pub fn search(&mut self, agent: &str, query: &str) -> Result<Listing, WorldError> {
        let (id, entity) = self.prepare(agent)?;
        ensure_terms(&mut self.world);
        let needle = query.to_lowercase();
        let scores = {
            let agent_state = self.world.get::<Agent>(entity).expect("agent");
            let view = &self.world.resource::<AgentViews>().views[&id];
            let index = self.world.resource::<TermIndex>();
            score(
                index,
                query,
                view,
                agent_state,
                self.world.resource::<Layers>(),
            )
            .unwrap_or_default()
        };
        let mut items: Vec<(ListItem, f64)> = self
            .resolved_items(agent)?
            .into_iter()
            .filter(|(_, _, visible)| *visible)
            .filter_map(|(item, entity, _)| {
                let relevance = scores.get(entity);
                (relevance.is_some() || matches_text(&item, &needle))
                    .then(|| (item, relevance.unwrap_or(0.0)))
            })
            .collect();
        items.sort_by(|(_, a), (_, b)| b.total_cmp(a));
        let items = items.into_iter().map(|(item, _)| item).collect();
        Ok(listing(items, usize::MAX, false))
    }

    /// The term index after resolution caught up with every write (what
    /// CAT-10 scores against; a loaded world's pending index is built
    /// first), for tests that compare it with a rebuild.
    pub fn term_index(&mut self) -> &TermIndex {
        self.resolve.run(&mut self.world);
        ensure_terms(&mut self.world);
        self.world.resource::<TermIndex>()
    }

    /// Every skill the agent resolves (undeleted, not discarded, not
    /// shadowed), in the recommended order, with its entity and whether it
    /// sees it.
    fn resolved_items(&self, agent: &str) -> Result<Vec<(ListItem, Entity, bool)>, WorldError> {
        let (id, entity) = self.agent_entity(agent)?;
        let agent_state = self.world.get::<Agent>(entity).expect("agent");
        let view = &self.world.resource::<AgentViews>().views[&id];
        let layers = self.world.resource::<Layers>();
        let index = self.world.resource::<NameIndex>();
        let empty = LayerList::default();
        let mut entries: Vec<(&Entry, &'static str)> = Vec::new();
        for (depth, world) in agent_state.layers.iter().enumerate() {
            let label = if *world == self.commons {
                "commons"
            } else {
                "private"
            };
            for entry in &layers.get(*world).unwrap_or(&empty).entries {
                let shadowed = agent_state.layers[..depth].iter().any(|higher| {
                    index.get(*higher, &entry.name).is_some_and(|e| {
                        layers.get(*higher).is_some_and(|l| l.position(e).is_some())
                    })
                });
                if !shadowed {
                    entries.push((entry, label));
                }
            }
        }
        entries.sort_by(|(a, _), (b, _)| a.recommended_cmp(b));
        Ok(entries
            .into_iter()
            .map(|(entry, layer)| {
                let skill = self.world.get::<Skill>(entry.entity).expect("skill");
                let item = ListItem {
                    name: entry.name.to_string(),
                    layer,
                    origin: skill.origin,
                    lifecycle: skill.lifecycle,
                    enabled: skill.enabled,
                    description: entry.description.to_string(),
                };
                (
                    item,
                    entry.entity,
                    view.visible_entry(agent_state, layers, entry.entity)
                        .is_some(),
                )
            })
            .collect())
    }

    /// CAT-8: a model called a tool named like a visible skill; answers
    /// with the skill's body instead of "tool not found". `None` when no
    /// visible skill has that name.
    pub fn redirect_tool_call(
        &mut self,
        agent: &str,
        tool: &str,
        args: &Value,
    ) -> Result<Option<String>, WorldError> {
        let name = tool.to_lowercase();
        self.prepare(agent)?;
        let Some((entity, _)) = self.resolve(agent, &name)? else {
            return Ok(None);
        };
        let (agent_id, agent_entity) = self.agent_entity(agent)?;
        if self
            .check_available(agent_id, agent_entity, entity, &name)
            .is_err()
        {
            return Ok(None);
        }
        let loaded = self.load(
            agent,
            LoadRequest {
                name: &name,
                ..LoadRequest::default()
            },
        )?;
        Ok(Some(format!(
            "[auto-redirect] '{tool}' is a skill, not a tool. Its instructions follow; the arguments you passed were: {args}\n\n{}",
            loaded.text
        )))
    }

    /// `record_lesson` (CAT-9): a dated lesson on the skill the agent sees
    /// under `name`; returns how many lessons the agent keeps on it.
    pub fn record_lesson(
        &mut self,
        agent: &str,
        name: &str,
        text: &str,
    ) -> Result<usize, WorldError> {
        let Some((entity, _)) = self.resolve(agent, name)? else {
            return Err(WorldError::UnknownSkill(name.to_owned()));
        };
        let skill = self.world.get::<EntityRecord>(entity).expect("skill").id;
        let command = Command::RecordLesson {
            agent: agent.to_owned(),
            skill,
            text: text.trim().to_owned(),
        };
        let (agent_id, _) = self.agent_entity(agent)?;
        self.execute(Caller::agent(agent), command)?;
        Ok(self
            .world
            .get::<Lessons>(entity)
            .expect("skills carry Lessons")
            .of(agent_id)
            .count())
    }

    /// Forgets every cached list and view and rebuilds them from all
    /// skills: the from-scratch path incremental resolution must agree with.
    pub fn rebuild_caches(&mut self) {
        rebuild_layers(&mut self.world);
        self.world.resource_mut::<AgentViews>().views.clear();
    }
}

/// The page asked for, or the whole text (a body, or the bundle file
/// `file`) when it is short and no page was asked for; pages end with how
/// to get the next one.
fn page_of(
    name: &str,
    file: Option<&str>,
    body: String,
    page: Option<usize>,
) -> Result<(String, Option<(usize, usize)>), LoadError> {
    if page.is_none() && body.chars().count() <= PAGE_THRESHOLD_CHARS {
        return Ok((body, None));
    }
    let ranges = pages(&body);
    let total = ranges.len();
    let number = page.unwrap_or(1);
    let Some(range) = number.checked_sub(1).and_then(|i| ranges.get(i)) else {
        return Err(match file {
            Some(path) => LoadError::NoSuchFilePage {
                name: name.to_owned(),
                path: path.to_owned(),
                page: number,
                pages: total,
            },
            None => LoadError::NoSuchPage {
                name: name.to_owned(),
                page: number,
                pages: total,
            },
        });
    };
    let file_arg = file.map_or_else(String::new, |path| format!(", file_path=\"{path}\""));
    let mut text = body[range.clone()].to_owned();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    if number < total {
        let _ = write!(
            text,
            "\n[Page {number} of {total}. Call skill_load with name=\"{name}\"{file_arg} and page={} for the next page.]",
            number + 1
        );
    } else {
        let _ = write!(text, "\n[Page {number} of {total}, the last.]");
    }
    Ok((text, Some((number, total))))
}

fn matches_text(item: &ListItem, needle: &str) -> bool {
    item.name.to_lowercase().contains(needle) || item.description.to_lowercase().contains(needle)
}

fn listing(items: Vec<ListItem>, limit: usize, hint: bool) -> Listing {
    let total = items.len();
    let items: Vec<ListItem> = items.into_iter().take(limit).collect();
    let mut text = String::new();
    for item in &items {
        let _ = writeln!(
            text,
            "- {} [{}, {}, {}]: {}",
            item.name, item.layer, item.origin, item.lifecycle, item.description
        );
    }
    let _ = write!(text, "Showing: {} of {total} skill(s).", items.len());
    if hint && items.len() < total {
        let _ = write!(
            text,
            " Narrow the list with a keyword, or raise limit (at most {}).",
            LIST_LIMIT.1
        );
    }
    Listing { items, total, text }
}

fn date(at: Timestamp) -> String {
    jiff::Timestamp::from_millisecond(at.as_millis())
        .map(|t| t.strftime("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| "?".to_owned())
}
