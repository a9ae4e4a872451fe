//! How an entity row's fields are encoded (schema 5, issue 19): skills and
//! bundle files field by field in a binary form — lengths and numbers as
//! LEB128 varints, no field names, nothing to unescape — so opening a
//! large world decodes its rows several times faster than their JSON. The
//! rare, nested parts (frontmatter `metadata` and `extras`, parameters,
//! scripts, a proposal, kept revisions, lessons) stay JSON inside the
//! binary row, and worlds and agents (a handful of rows) are JSON whole.
//! A schema-4 row (JSON, starting with `{`) still decodes: PostgreSQL
//! nodes share rows written before schema 5.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use skillworld_core::{
    Body, CopiedFrom, EntityRecord, JsonMap, Lifecycle, Origin, Parameter, Preflight,
    PrimaryComponent, Proposal, Provenance, Readiness, Requires, ResourceBody, ResourceKind,
    ResourceRef, ScanFinding, ScanStatus, ScriptSpec, Skill, SkillResource, StableId, Status,
    Timestamp, Trust, Usage,
};
use skillworld_world::{EntityState, Lessons, Revisions, SkillState};

/// The first byte of a binary row (a JSON row starts with `{`).
const BINARY: u8 = 0xB5;
/// What follows the first byte.
const KIND_JSON: u8 = 0;
const KIND_SKILL: u8 = 1;
const KIND_RESOURCE: u8 = 2;

/// An entity's row bytes (before packing). Fails only when a body kept
/// inline (a kept revision's, read through its handle) cannot be read.
pub(crate) fn encode(state: &EntityState) -> Result<Vec<u8>, String> {
    let mut out = Out(Vec::with_capacity(512));
    out.byte(BINARY);
    match state {
        EntityState::Skill(skill) => {
            out.byte(KIND_SKILL);
            put_skill(&mut out, skill)?;
        }
        EntityState::Resource {
            record,
            resource,
            bytes,
        } => {
            out.byte(KIND_RESOURCE);
            put_record(&mut out, record)?;
            put_resource(&mut out, resource)?;
            out.opt(bytes.as_ref(), |out, bytes| out.bytes(bytes));
        }
        EntityState::World { .. } | EntityState::Agent { .. } => {
            out.byte(KIND_JSON);
            out.0
                .extend(serde_json::to_vec(state).map_err(|e| e.to_string())?);
        }
    }
    Ok(out.0)
}

/// An entity from its row bytes: binary (schema 5) or JSON (schema 4 and
/// before).
pub(crate) fn decode(bytes: &[u8]) -> Result<EntityState, String> {
    if bytes.first() != Some(&BINARY) {
        return serde_json::from_slice(bytes).map_err(|e| e.to_string());
    }
    let mut input = In(&bytes[1..]);
    let state = match input.byte()? {
        KIND_SKILL => EntityState::Skill(Box::new(take_skill(&mut input)?)),
        KIND_RESOURCE => EntityState::Resource {
            record: take_record(&mut input)?,
            resource: take_resource(&mut input)?,
            bytes: input.opt(|input| Ok(input.bytes()?.to_vec()))?,
        },
        KIND_JSON => return serde_json::from_slice(input.0).map_err(|e| e.to_string()),
        other => return Err(format!("unknown row kind {other}")),
    };
    if !input.0.is_empty() {
        return Err(format!("{} bytes after the row", input.0.len()));
    }
    Ok(state)
}

/// Whether row bytes are schema 5's binary form.
pub(crate) fn is_binary(bytes: &[u8]) -> bool {
    bytes.first() == Some(&BINARY)
}

fn put_record(out: &mut Out, record: &EntityRecord) -> Result<(), String> {
    let EntityRecord {
        id,
        title,
        summary,
        content,
        world,
        pinned,
        tags,
        created_at,
        updated_at,
        deleted_at,
        primary,
    } = record;
    out.uint(id.0);
    out.str(title);
    out.str(summary);
    out.str(content.text().map_err(|e| e.to_string())?);
    out.opt(world.as_ref(), |out, id| out.uint(id.0));
    out.bool(*pinned);
    out.strs(tags);
    out.time(*created_at);
    out.time(*updated_at);
    out.opt(deleted_at.as_ref(), |out, at| out.time(*at));
    out.byte(match primary {
        PrimaryComponent::World => 0,
        PrimaryComponent::Agent => 1,
        PrimaryComponent::Skill => 2,
        PrimaryComponent::SkillResource => 3,
        PrimaryComponent::ObjectFile => 4,
    });
    Ok(())
}

fn take_record(input: &mut In) -> Result<EntityRecord, String> {
    Ok(EntityRecord {
        id: StableId(input.uint()?),
        title: input.string()?,
        summary: input.string()?,
        content: Body::new(input.string()?),
        world: input.opt(|input| Ok(StableId(input.uint()?)))?,
        pinned: input.bool()?,
        tags: input.strings()?,
        created_at: input.time()?,
        updated_at: input.time()?,
        deleted_at: input.opt(In::time)?,
        primary: match input.byte()? {
            0 => PrimaryComponent::World,
            1 => PrimaryComponent::Agent,
            2 => PrimaryComponent::Skill,
            3 => PrimaryComponent::SkillResource,
            4 => PrimaryComponent::ObjectFile,
            other => return Err(format!("unknown primary component {other}")),
        },
    })
}

/// A skill's nested, rarely set fields, kept as JSON in its row. The
/// frontmatter maps are taken as their text, checked, and parsed on first
/// read ([`JsonMap`]): no open needs them (issue 19).
#[derive(Default, Deserialize)]
struct Rare<'a> {
    #[serde(default, borrow)]
    metadata: Option<&'a RawValue>,
    #[serde(default, borrow)]
    extras: Option<&'a RawValue>,
    #[serde(default)]
    parameters: Vec<Parameter>,
    #[serde(default)]
    scripts: Vec<ScriptSpec>,
    #[serde(default)]
    proposal: Option<Box<Proposal>>,
    #[serde(default)]
    copied_from: Option<Box<CopiedFrom>>,
}

/// [`Rare`] as written: borrowed from the skill, each field only when set
/// (a typical row then carries `{"metadata":{…}}`, which the open parses
/// in about half the time of every field spelt out, issue 19; rows written
/// in full read the same, [`Rare`] defaults what is absent).
#[derive(Serialize)]
struct RareOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    metadata: Option<&'a JsonMap>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extras: Option<&'a JsonMap>,
    #[serde(skip_serializing_if = "Option::is_none")]
    parameters: Option<&'a [Parameter]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scripts: Option<&'a [ScriptSpec]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proposal: Option<&'a Proposal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    copied_from: Option<&'a CopiedFrom>,
}

impl RareOut<'_> {
    fn is_empty(&self) -> bool {
        self.metadata.is_none()
            && self.extras.is_none()
            && self.parameters.is_none()
            && self.scripts.is_none()
            && self.proposal.is_none()
            && self.copied_from.is_none()
    }
}

fn put_skill(out: &mut Out, state: &SkillState) -> Result<(), String> {
    let SkillState {
        record,
        skill,
        usage,
        revisions,
        lessons,
    } = state;
    put_record(out, record)?;
    let Skill {
        display_title,
        license,
        compatibility,
        metadata,
        allowed_tools,
        denied_tools,
        origin,
        status,
        lifecycle,
        enabled,
        version,
        author,
        parameters,
        scripts,
        requires,
        user_invocable,
        disable_model_invocation,
        when_to_use,
        argument_hint,
        model,
        resources,
        scan,
        findings,
        preflight,
        provenance,
        extras,
        trust,
        proposal,
    } = skill;
    out.opt_str(display_title);
    out.opt_str(license);
    out.opt_str(compatibility);
    out.strs(allowed_tools);
    out.strs(denied_tools);
    out.keyword(Origin::ALL, origin);
    out.keyword(Status::ALL, status);
    out.keyword(Lifecycle::ALL, lifecycle);
    out.bool(*enabled);
    out.opt_str(version);
    out.opt_str(author);
    put_requires(out, requires);
    out.opt(user_invocable.as_ref(), |out, b| out.bool(*b));
    out.bool(*disable_model_invocation);
    out.opt_str(when_to_use);
    out.opt_str(argument_hint);
    out.opt_str(model);
    out.uint(resources.len() as u64);
    for ResourceRef {
        path,
        entity_id,
        kind,
    } in resources
    {
        out.str(path);
        out.uint(entity_id.0);
        out.keyword(ResourceKind::ALL, kind);
    }
    out.keyword(ScanStatus::ALL, scan);
    out.uint(findings.len() as u64);
    for finding in findings {
        let ScanFinding {
            rule,
            severity,
            file,
            line,
            excerpt,
            explanation,
        } = finding;
        for text in [rule, severity, file] {
            out.str(text);
        }
        out.uint(*line as u64);
        out.str(excerpt);
        out.str(explanation);
    }
    let Preflight {
        readiness,
        missing,
        unchecked,
    } = preflight;
    out.keyword(Readiness::ALL, readiness);
    out.strs(missing);
    out.strs(unchecked);
    let Provenance {
        source_conversation,
        source_run,
        import_source,
        original_name,
        copied_from,
    } = provenance;
    for text in [
        source_conversation,
        source_run,
        import_source,
        original_name,
    ] {
        out.opt_str(text);
    }
    out.opt(trust.as_ref(), |out, trust| out.keyword(Trust::ALL, trust));
    let rare = RareOut {
        metadata: (!metadata.is_empty()).then_some(metadata),
        extras: (!extras.is_empty()).then_some(extras),
        parameters: (!parameters.is_empty()).then_some(parameters),
        scripts: (!scripts.is_empty()).then_some(scripts),
        proposal: proposal.as_deref(),
        copied_from: copied_from.as_deref(),
    };
    out.json_unless(rare.is_empty(), &rare)?;
    let Usage {
        load_count,
        last_loaded_at,
        last_activity_at,
        curator_seen_at,
    } = usage;
    out.uint(*load_count);
    for at in [last_loaded_at, last_activity_at, curator_seen_at] {
        out.opt(at.as_ref(), |out, at| out.time(*at));
    }
    out.uint(revisions.current);
    out.json_unless(revisions.kept.is_empty(), &revisions.kept)?;
    out.json_unless(*lessons == Lessons::default(), lessons)?;
    Ok(())
}

fn take_skill(input: &mut In) -> Result<SkillState, String> {
    let record = take_record(input)?;
    let mut skill = Skill::new(Origin::User);
    skill.display_title = input.opt_string()?;
    skill.license = input.opt_string()?;
    skill.compatibility = input.opt_string()?;
    skill.allowed_tools = input.strings()?;
    skill.denied_tools = input.strings()?;
    skill.origin = input.keyword(Origin::ALL)?;
    skill.status = input.keyword(Status::ALL)?;
    skill.lifecycle = input.keyword(Lifecycle::ALL)?;
    skill.enabled = input.bool()?;
    skill.version = input.opt_string()?;
    skill.author = input.opt_string()?;
    skill.requires = take_requires(input)?.into();
    skill.user_invocable = input.opt(In::bool)?;
    skill.disable_model_invocation = input.bool()?;
    skill.when_to_use = input.opt_string()?;
    skill.argument_hint = input.opt_string()?;
    skill.model = input.opt_string()?;
    skill.resources = input.many(|input| {
        Ok(ResourceRef {
            path: input.string()?,
            entity_id: StableId(input.uint()?),
            kind: input.keyword(ResourceKind::ALL)?,
        })
    })?;
    skill.scan = input.keyword(ScanStatus::ALL)?;
    skill.findings = input.many(|input| {
        Ok(ScanFinding {
            rule: input.string()?,
            severity: input.string()?,
            file: input.string()?,
            line: input.uint()? as usize,
            excerpt: input.string()?,
            explanation: input.string()?,
        })
    })?;
    skill.preflight = Preflight {
        readiness: input.keyword(Readiness::ALL)?,
        missing: input.strings()?,
        unchecked: input.strings()?,
    };
    skill.provenance = Provenance {
        source_conversation: input.opt_string()?,
        source_run: input.opt_string()?,
        import_source: input.opt_string()?,
        original_name: input.opt_string()?,
        copied_from: None,
    };
    skill.trust = input.opt(|input| input.keyword(Trust::ALL))?;
    let rare: Rare = input.json_or_default()?;
    skill.metadata = json_map(rare.metadata).map_err(|e| format!("frontmatter metadata: {e}"))?;
    skill.extras = json_map(rare.extras).map_err(|e| format!("frontmatter extras: {e}"))?;
    skill.parameters = rare.parameters;
    skill.scripts = rare.scripts;
    skill.proposal = rare.proposal;
    skill.provenance.copied_from = rare.copied_from;
    let usage = Usage {
        load_count: input.uint()?,
        last_loaded_at: input.opt(In::time)?,
        last_activity_at: input.opt(In::time)?,
        curator_seen_at: input.opt(In::time)?,
    };
    let current = input.uint()?;
    let revisions = Revisions {
        current,
        kept: input.json_or_default()?,
    };
    let lessons = input.json_or_default()?;
    Ok(SkillState {
        record,
        skill,
        usage,
        revisions,
        lessons,
    })
}

/// A frontmatter map from its text in a row (none: empty).
fn json_map(text: Option<&RawValue>) -> Result<JsonMap, String> {
    text.map_or_else(
        || Ok(JsonMap::default()),
        |text| JsonMap::from_text(text.get()),
    )
}

fn put_requires(out: &mut Out, requires: &Requires) {
    let Requires {
        tools,
        bins,
        any_bins,
        env,
        secrets,
        config,
        endpoints,
        platforms,
        always,
        primary_env,
    } = requires;
    for list in [
        tools, bins, any_bins, env, secrets, config, endpoints, platforms,
    ] {
        out.strs(list);
    }
    out.bool(*always);
    out.opt_str(primary_env);
}

fn take_requires(input: &mut In) -> Result<Requires, String> {
    Ok(Requires {
        tools: input.strings()?,
        bins: input.strings()?,
        any_bins: input.strings()?,
        env: input.strings()?,
        secrets: input.strings()?,
        config: input.strings()?,
        endpoints: input.strings()?,
        platforms: input.strings()?,
        always: input.bool()?,
        primary_env: input.opt_string()?,
    })
}

fn put_resource(out: &mut Out, resource: &SkillResource) -> Result<(), String> {
    let SkillResource {
        skill_id,
        path,
        body,
        sha256,
        size,
        executable,
    } = resource;
    out.uint(skill_id.0);
    out.str(path);
    match body {
        ResourceBody::Text(text) => {
            out.byte(0);
            out.str(text.text().map_err(|e| e.to_string())?);
        }
        ResourceBody::ObjectFile { cid, mime } => {
            out.byte(1);
            out.str(cid);
            out.str(mime);
        }
    }
    out.str(sha256);
    out.uint(*size);
    out.bool(*executable);
    Ok(())
}

fn take_resource(input: &mut In) -> Result<SkillResource, String> {
    Ok(SkillResource {
        skill_id: StableId(input.uint()?),
        path: input.string()?,
        body: match input.byte()? {
            0 => ResourceBody::Text(Body::new(input.string()?)),
            1 => ResourceBody::ObjectFile {
                cid: input.string()?,
                mime: input.string()?,
            },
            other => return Err(format!("unknown resource body {other}")),
        },
        sha256: input.string()?,
        size: input.uint()?,
        executable: input.bool()?,
    })
}

/// Row bytes being written.
struct Out(Vec<u8>);

impl Out {
    fn byte(&mut self, byte: u8) {
        self.0.push(byte);
    }

    fn uint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.0.push(value as u8 | 0x80);
            value >>= 7;
        }
        self.0.push(value as u8);
    }

    fn bool(&mut self, value: bool) {
        self.byte(u8::from(value));
    }

    /// Zig-zag: timestamps before 1970 stay short.
    fn time(&mut self, at: Timestamp) {
        self.uint(((at.0 << 1) ^ (at.0 >> 63)) as u64);
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.uint(bytes.len() as u64);
        self.0.extend_from_slice(bytes);
    }

    fn str(&mut self, text: &str) {
        self.bytes(text.as_bytes());
    }

    fn strs(&mut self, list: &[String]) {
        self.uint(list.len() as u64);
        for text in list {
            self.str(text);
        }
    }

    fn opt<T>(&mut self, value: Option<&T>, put: impl FnOnce(&mut Out, &T)) {
        match value {
            None => self.byte(0),
            Some(value) => {
                self.byte(1);
                put(self, value);
            }
        }
    }

    fn opt_str(&mut self, value: &Option<String>) {
        self.opt(value.as_ref(), |out, text| out.str(text));
    }

    /// A keyword enum as its index among the enum's values.
    fn keyword<T: PartialEq>(&mut self, all: &[T], value: &T) {
        let index = all.iter().position(|v| v == value).expect("listed in ALL");
        self.byte(index as u8);
    }

    /// A value as JSON behind its length; length 0 when `empty` (the
    /// value is its type's default).
    fn json_unless(&mut self, empty: bool, value: &impl Serialize) -> Result<(), String> {
        if empty {
            self.uint(0);
            return Ok(());
        }
        let json = serde_json::to_vec(value).map_err(|e| e.to_string())?;
        self.bytes(&json);
        Ok(())
    }
}

/// The most values [`In::many`] makes room for before reading them.
const MANY_ROOM: u64 = 16;

/// Row bytes being read; every read checks the bytes are there.
struct In<'a>(&'a [u8]);

impl<'a> In<'a> {
    fn byte(&mut self) -> Result<u8, String> {
        let (&byte, rest) = self.0.split_first().ok_or("a row cut short")?;
        self.0 = rest;
        Ok(byte)
    }

    fn uint(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err("a number longer than 64 bits".into())
    }

    fn bool(&mut self) -> Result<bool, String> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(format!("{other} is not a boolean")),
        }
    }

    fn time(&mut self) -> Result<Timestamp, String> {
        let zigzag = self.uint()?;
        Ok(Timestamp((zigzag >> 1) as i64 ^ -((zigzag & 1) as i64)))
    }

    fn bytes(&mut self) -> Result<&'a [u8], String> {
        let length = self.uint()?;
        if length > self.0.len() as u64 {
            return Err(format!(
                "a value of {length} bytes in {} left",
                self.0.len()
            ));
        }
        let (bytes, rest) = self.0.split_at(length as usize);
        self.0 = rest;
        Ok(bytes)
    }

    fn string(&mut self) -> Result<String, String> {
        let bytes = self.bytes()?;
        std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|e| e.to_string())
    }

    fn strings(&mut self) -> Result<Vec<String>, String> {
        self.many(In::string)
    }

    /// A count, then that many values; the count is checked against the
    /// bytes left (each value takes at least one) before allocating.
    fn many<T>(
        &mut self,
        mut take: impl FnMut(&mut In<'a>) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let count = self.uint()?;
        if count > self.0.len() as u64 {
            return Err(format!("{count} values in {} bytes", self.0.len()));
        }
        // A loop into a list sized once: most lists of a row are empty or
        // short, and `collect` over a fallible iterator cannot size its
        // list (a skill's dozen lists were ≈ 5 % of an open's decoding,
        // issue 19). The room is capped: a damaged count is refused by
        // the reads, not answered with a large allocation first.
        let mut values = Vec::with_capacity(count.min(MANY_ROOM) as usize);
        for _ in 0..count {
            values.push(take(self)?);
        }
        Ok(values)
    }

    fn opt<T>(
        &mut self,
        take: impl FnOnce(&mut In<'a>) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.bool()? {
            false => Ok(None),
            true => take(self).map(Some),
        }
    }

    fn opt_string(&mut self) -> Result<Option<String>, String> {
        self.opt(In::string)
    }

    fn keyword<T: Copy>(&mut self, all: &[T]) -> Result<T, String> {
        let index = self.byte()?;
        all.get(index as usize)
            .copied()
            .ok_or_else(|| format!("keyword {index} out of {}", all.len()))
    }

    /// A value written by [`Out::json_unless`]: its type's default for
    /// length 0.
    fn json_or_default<T: Default + Deserialize<'a>>(&mut self) -> Result<T, String> {
        let json = self.bytes()?;
        if json.is_empty() {
            return Ok(T::default());
        }
        serde_json::from_slice(json).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillworld_core::{ArgStyle, ParamType, ProposalOutcome};
    use skillworld_world::{Lesson, Revision};

    fn record(id: u64, primary: PrimaryComponent) -> EntityRecord {
        EntityRecord {
            id: StableId(id),
            title: "pdf-tools".into(),
            summary: "Reads \"PDF\" files\nand ünïcode.".into(),
            content: Body::from("Short body.\n".to_owned()),
            world: Some(StableId(1)),
            pinned: true,
            tags: vec!["docs".into(), String::new()],
            created_at: Timestamp(-5),
            updated_at: Timestamp(1_793_527_800_000),
            deleted_at: Some(Timestamp(i64::MAX)),
            primary,
        }
    }

    /// A skill with every field set to something other than its default.
    fn full_skill() -> EntityState {
        let mut skill = Skill::new(Origin::Imported);
        skill.display_title = Some("PDF tools".into());
        skill.license = Some("MIT".into());
        skill.compatibility = Some("linux".into());
        skill.metadata =
            serde_json::from_str(r#"{"version":"1.2","n":1.5,"deep":{"a":[1,null]}}"#).unwrap();
        skill.allowed_tools = vec!["Bash".into()];
        skill.denied_tools = vec!["Write".into()];
        skill.status = Status::Proposed;
        skill.lifecycle = Lifecycle::Stale;
        skill.enabled = false;
        skill.version = Some("2".into());
        skill.author = Some("ada".into());
        skill.parameters = vec![Parameter {
            name: "path".into(),
            kind: ParamType::String,
            required: true,
            default: Some(serde_json::Value::from("a.pdf")),
            description: Some("The file.".into()),
        }];
        skill.scripts = vec![ScriptSpec {
            id: "run".into(),
            path: "scripts/run.sh".into(),
            fixed_args: vec!["-v".into()],
            arg_style: ArgStyle::Flags,
            parameters: Vec::new(),
        }];
        skill.requires = Requires {
            tools: vec!["t".into()],
            bins: vec!["pdftotext".into()],
            any_bins: vec!["a".into(), "b".into()],
            env: vec!["E".into()],
            secrets: vec!["S".into()],
            config: vec!["c".into()],
            endpoints: vec!["https://x.example".into()],
            platforms: vec!["linux".into()],
            always: true,
            primary_env: Some("E".into()),
        }
        .into();
        skill.user_invocable = Some(false);
        skill.disable_model_invocation = true;
        skill.when_to_use = Some("For PDFs.".into());
        skill.argument_hint = Some("[file]".into());
        skill.model = Some("m".into());
        skill.resources = vec![ResourceRef {
            path: "scripts/run.sh".into(),
            entity_id: StableId(9),
            kind: ResourceKind::ObjectFile,
        }];
        skill.scan = ScanStatus::Warned;
        skill.findings = vec![ScanFinding {
            rule: "r".into(),
            severity: "high".into(),
            file: "SKILL.md".into(),
            line: 12,
            excerpt: "curl | sh".into(),
            explanation: "Runs code.".into(),
        }];
        skill.preflight = Preflight {
            readiness: Readiness::SetupNeeded,
            missing: vec!["bin pdftotext".into()],
            unchecked: vec!["endpoint".into()],
        };
        skill.provenance = Provenance {
            source_conversation: Some("c".into()),
            source_run: Some("r".into()),
            import_source: Some("/skills/pdf".into()),
            original_name: Some("PDF".into()),
            copied_from: Some(Box::new(CopiedFrom {
                source: "commons/pdf".into(),
                revision: 3,
                actor: "admin".into(),
            })),
        };
        skill.extras = serde_json::from_str(r#"{"x-custom":true}"#).unwrap();
        skill.trust = Some(Trust::Community);
        skill.proposal = Some(Box::new(Proposal {
            target: None,
            agent: "ada".into(),
            proposed_at: Timestamp(7),
            base_revision: Some(2),
            outcome: Some(ProposalOutcome::Rejected {
                at: Timestamp(8),
                reason: "No.".into(),
            }),
        }));
        let mut lessons = Lessons::default();
        lessons.push(Timestamp(3), StableId(2), "Check the page count.".into());
        lessons.entries.push(Lesson {
            id: 9,
            at: Timestamp(4),
            text: "Old.".into(),
            agent: None,
        });
        let revisions = Revisions {
            current: 4,
            kept: vec![Revision {
                number: 3,
                replaced_at: Timestamp(6),
                record: record(5, PrimaryComponent::Skill),
                skill: Skill::new(Origin::User),
            }],
        };
        EntityState::Skill(Box::new(SkillState {
            record: record(5, PrimaryComponent::Skill),
            skill,
            usage: Usage {
                load_count: 300,
                last_loaded_at: Some(Timestamp(10)),
                last_activity_at: None,
                curator_seen_at: Some(Timestamp(-1)),
            },
            revisions,
            lessons,
        }))
    }

    fn resources() -> Vec<EntityState> {
        let file = |body, bytes| EntityState::Resource {
            record: record(9, PrimaryComponent::SkillResource),
            resource: SkillResource {
                skill_id: StableId(5),
                path: "scripts/run.sh".into(),
                body,
                sha256: "ab".repeat(32),
                size: 1 << 40,
                executable: true,
            },
            bytes,
        };
        vec![
            file(ResourceBody::Text(Body::from("echo hi\n".to_owned())), None),
            file(
                ResourceBody::ObjectFile {
                    cid: "cid".into(),
                    mime: "image/png".into(),
                },
                Some(vec![0, 0xff, 7]),
            ),
        ]
    }

    #[test]
    fn every_field_comes_back_and_json_rows_still_decode() {
        let plain = EntityState::Skill(Box::new(SkillState {
            record: record(6, PrimaryComponent::Skill),
            skill: Skill::new(Origin::User),
            usage: Usage::default(),
            revisions: Revisions::default(),
            lessons: Lessons::default(),
        }));
        let world = EntityState::World {
            record: record(1, PrimaryComponent::World),
            config: skillworld_world::WorldConfig::commons(),
        };
        let mut states = vec![full_skill(), plain, world];
        states.extend(resources());
        for state in states {
            let bytes = encode(&state).unwrap();
            assert!(is_binary(&bytes));
            assert_eq!(decode(&bytes).unwrap(), state);
            let json = serde_json::to_vec(&state).unwrap();
            assert!(!is_binary(&json));
            assert_eq!(decode(&json).unwrap(), state, "a schema-4 row");
        }
    }

    #[test]
    fn the_rare_json_names_what_is_set_and_a_row_spelling_every_field_reads_the_same() {
        let mut skill = Skill::new(Origin::Imported);
        skill.metadata = serde_json::from_str(r#"{"version":"1.0"}"#).unwrap();
        let state = EntityState::Skill(Box::new(SkillState {
            record: record(6, PrimaryComponent::Skill),
            skill,
            usage: Usage::default(),
            revisions: Revisions::default(),
            lessons: Lessons::default(),
        }));
        let bytes = encode(&state).unwrap();
        let short = br#"{"metadata":{"version":"1.0"}}"#;
        let at = bytes.windows(short.len()).position(|w| w == short);
        let at = at.expect("only the metadata is named");
        assert_eq!(bytes[at - 1] as usize, short.len(), "its length before it");
        // The same row as schema 5 wrote it before open84: every field.
        let full = br#"{"metadata":{"version":"1.0"},"extras":{},"parameters":[],"scripts":[],"proposal":null,"copied_from":null}"#;
        let mut spelt_out = bytes[..at - 1].to_vec();
        spelt_out.push(full.len() as u8);
        spelt_out.extend_from_slice(full);
        spelt_out.extend_from_slice(&bytes[at + short.len()..]);
        assert_eq!(decode(&spelt_out).unwrap(), state);
        assert_eq!(decode(&bytes).unwrap(), state);
    }

    #[test]
    fn damaged_rows_are_refused_with_a_reason() {
        let bytes = encode(&full_skill()).unwrap();
        // Every cut is refused (none panics), and so is a trailing byte.
        for end in 1..bytes.len() {
            assert!(decode(&bytes[..end]).is_err(), "cut at {end}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer).unwrap_err().contains("after the row"));
        assert!(decode(&[BINARY, 9]).unwrap_err().contains("row kind 9"));
        // A frontmatter map is checked at decode though parsed later: a
        // value no map can hold is refused then, naming the field.
        let (good, worse) = (br#""1.2","n":1.5"#, br#"0,"n":1e99999"#);
        let at = bytes.windows(good.len()).position(|w| w == good).unwrap();
        let mut bad = bytes.clone();
        bad[at..at + good.len()].copy_from_slice(worse);
        let error = decode(&bad).unwrap_err();
        assert!(
            error.starts_with("frontmatter metadata: number out of range"),
            "{error}"
        );
        // A count larger than the bytes left is refused before allocating.
        let mut huge = vec![BINARY, KIND_RESOURCE];
        huge.extend([0xff; 9]);
        huge.push(0x01);
        assert!(decode(&huge).is_err());
    }
}
