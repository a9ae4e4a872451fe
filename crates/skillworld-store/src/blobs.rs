//! Content-addressed blobs (STO-5): bundle file contents, skill bodies and
//! the big fields of journal entries are stored once per SHA-256 in the
//! blobs table; rows and journal entries carry the hash. Small values stay
//! inline: a blob costs a key and a reference count.

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_world::{Command, EntityState, Envelope};

use crate::StoreError;
use crate::codec;
use crate::rowcodec;
use skillworld_core::{BlobSource, Body, BodyError, ResourceBody, SkillResource};

/// A blob's key: the SHA-256 of its bytes.
pub(crate) type Hash = [u8; 32];

/// Values shorter than this stay inline.
pub(crate) const BLOB_MIN_BYTES: usize = 256;

pub(crate) fn hash(bytes: &[u8]) -> Hash {
    Sha256::digest(bytes).into()
}

/// New blobs to store with a batch, each once, by hash. A value met again
/// in the same batch — an install's body in its skill's row and then in
/// its journal entry — is recognised by comparing its bytes with the value
/// already kept (a `memcmp`, many times faster than SHA-256) instead of
/// being hashed and kept a second time (issue 19: hashing once).
#[derive(Debug, Default)]
pub(crate) struct NewBlobs {
    values: Vec<(Hash, Value)>,
    /// Indexes into `values` by the values' length and edges.
    by_shape: HashMap<Shape, Vec<usize>>,
    /// Bodies still in the store that rows refer to by their blob's key,
    /// with the id of the row: not read back to write the row (issue 19:
    /// a re-import, a curator transition of a skill nobody read). Read
    /// only where the bytes must travel: a commit into a file that lacks
    /// the blob, the replication tap, the shared state.
    stored: Vec<StoredBody>,
}

/// A body a row refers to by the key of a blob the store holds.
#[derive(Debug)]
pub(crate) struct StoredBody {
    pub key: Hash,
    row: u64,
    /// The entity's title, to name it when the body cannot be read.
    title: String,
    body: Body,
}

impl StoredBody {
    /// The body's bytes: the text read when the handle was first used, or
    /// read from the store now (not kept in memory afterwards).
    pub(crate) fn bytes(&self) -> Result<Vec<u8>, StoreError> {
        self.body
            .with_text(|text| text.as_bytes().to_vec())
            .map_err(|error| {
                let error = BodyError {
                    entity: self.title.clone(),
                    ..error
                };
                unwritable(self.row, &error)
            })
    }
}

/// A new blob's bytes: its own, or a text the world holds too, shared
/// rather than copied (issue 19: a bulk import's bodies and text files are
/// [`Body::hashed`], and copying each into its row was ~2 % of the
/// import's samples).
#[derive(Debug)]
pub(crate) enum Value {
    Bytes(Vec<u8>),
    /// A body whose text is in memory ([`Body::text_in_memory`]).
    Text(Body),
}

impl Value {
    pub(crate) fn as_slice(&self) -> &[u8] {
        match self {
            Value::Bytes(bytes) => bytes,
            Value::Text(body) => body
                .text_in_memory()
                .expect("a shared text is in memory")
                .as_bytes(),
        }
    }

    fn into_vec(self) -> Vec<u8> {
        match self {
            Value::Bytes(bytes) => bytes,
            Value::Text(body) => body
                .with_text(|text| text.as_bytes().to_vec())
                .expect("a shared text is in memory"),
        }
    }
}

/// A value's length and its first and last eight bytes: equal values have
/// equal shapes; values of one shape are told apart by their bytes.
type Shape = (usize, u64, u64);

fn shape(bytes: &[u8]) -> Shape {
    let edge = |part: &[u8]| {
        let mut word = [0u8; 8];
        word[..part.len()].copy_from_slice(part);
        u64::from_le_bytes(word)
    };
    let head = &bytes[..bytes.len().min(8)];
    let tail = &bytes[bytes.len().saturating_sub(8)..];
    (bytes.len(), edge(head), edge(tail))
}

impl NewBlobs {
    /// Keeps `bytes` (unless an equal value is kept already) and returns
    /// their hash.
    pub(crate) fn add(&mut self, bytes: Vec<u8>) -> Hash {
        self.keep(Value::Bytes(bytes), None)
    }

    /// [`NewBlobs::add`] of bytes whose SHA-256 is `key` when given (a
    /// body's [`Body::given_sha256`], taken from these bytes), hashed
    /// otherwise.
    fn keep(&mut self, value: Value, key: Option<Hash>) -> Hash {
        let bytes = value.as_slice();
        let same_shape = self.by_shape.entry(shape(bytes)).or_default();
        if let Some(&index) = same_shape
            .iter()
            .find(|&&i| self.values[i].1.as_slice() == bytes)
        {
            return self.values[index].0;
        }
        let key = key.unwrap_or_else(|| hash(bytes));
        same_shape.push(self.values.len());
        self.values.push((key, value));
        key
    }

    /// Notes that row `row` refers to `body`, a blob the store holds under
    /// `key`, without reading it.
    fn refer(&mut self, key: Hash, row: u64, title: &str, body: Body) {
        self.stored.push(StoredBody {
            key,
            row,
            title: title.to_owned(),
            body,
        });
    }

    /// The bodies rows refer to without their bytes.
    pub(crate) fn stored(&self) -> &[StoredBody] {
        &self.stored
    }

    /// The values, in the order they were first met.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &(Hash, Value)> {
        self.values.iter()
    }

    /// The values, each once, with the bodies rows refer to read: for a
    /// copy that does not share this file's blobs (the shared state).
    pub(crate) fn into_values(mut self) -> Result<Vec<(Hash, Vec<u8>)>, StoreError> {
        for stored in std::mem::take(&mut self.stored) {
            let bytes = stored.bytes()?;
            self.keep(Value::Bytes(bytes), Some(stored.key));
        }
        Ok(self
            .values
            .into_iter()
            .map(|(key, value)| (key, value.into_vec()))
            .collect())
    }

    /// The values in key order: a B-tree takes sorted keys with the
    /// fewest page splits and pages touched.
    pub(crate) fn sorted(&self) -> Vec<&(Hash, Value)> {
        let mut values: Vec<_> = self.values.iter().collect();
        values.sort_unstable_by_key(|(key, _)| *key);
        values
    }
}

/// Where in an envelope a blob was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlobSlot {
    /// The document's body (create, install, replace).
    Body,
    /// The bytes of the install's file at this index.
    File(usize),
    /// The bytes of a file write.
    Bytes,
}

/// Takes the big fields out of an envelope, leaving them empty; returns
/// where each came from and its hash, and adds the bytes to `blobs`.
pub(crate) fn take_envelope_blobs(
    envelope: &mut Envelope,
    blobs: &mut NewBlobs,
) -> Vec<(BlobSlot, Hash)> {
    let mut slots = Vec::new();
    let mut take = |slot: BlobSlot, bytes: Vec<u8>| slots.push((slot, blobs.add(bytes)));
    let big = |len: usize| len >= BLOB_MIN_BYTES;
    match &mut envelope.command {
        Command::CreateSkill { document, .. } | Command::ReplaceSkill { document, .. }
            if big(document.body.len()) =>
        {
            take(
                BlobSlot::Body,
                std::mem::take(&mut document.body).into_bytes(),
            );
        }
        Command::InstallSkill {
            document, files, ..
        } => {
            if big(document.body.len()) {
                take(
                    BlobSlot::Body,
                    std::mem::take(&mut document.body).into_bytes(),
                );
            }
            for (index, file) in files.iter_mut().enumerate() {
                if big(file.bytes.len()) {
                    take(BlobSlot::File(index), std::mem::take(&mut file.bytes));
                }
            }
        }
        Command::WriteFile {
            bytes: Some(bytes), ..
        } if big(bytes.len()) => take(BlobSlot::Bytes, std::mem::take(bytes)),
        _ => {}
    }
    slots
}

/// Puts a blob back where [`take_envelope_blobs`] took it from.
pub(crate) fn put_envelope_blob(
    envelope: &mut Envelope,
    slot: BlobSlot,
    bytes: Vec<u8>,
) -> Result<(), String> {
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).map_err(|e| e.to_string());
    match (&mut envelope.command, slot) {
        (
            Command::CreateSkill { document, .. }
            | Command::ReplaceSkill { document, .. }
            | Command::InstallSkill { document, .. },
            BlobSlot::Body,
        ) => document.body = text(bytes)?,
        (Command::InstallSkill { files, .. }, BlobSlot::File(index)) if index < files.len() => {
            files[index].bytes = bytes;
        }
        (Command::WriteFile { bytes: target, .. }, BlobSlot::Bytes) => *target = Some(bytes),
        (_, slot) => return Err(format!("the entry has no {slot:?} to fill")),
    }
    Ok(())
}

/// A row as stored: the entity with its big values taken out, and their
/// hashes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct EncodedRow {
    pub bytes: Vec<u8>,
    pub blobs: Vec<Hash>,
}

/// Which of an entity's values a row's hash stands for.
const CONTENT: u8 = 0;
const OBJECT_BYTES: u8 = 1;
/// A text bundle file's text (schema 4; inline in the row's JSON before).
const FILE_TEXT: u8 = 2;

/// Whether opening leaves this slot's value in the store behind a handle
/// (issue 19): bodies and text files' texts.
pub(crate) fn is_lazy(slot: u8) -> bool {
    slot == CONTENT || slot == FILE_TEXT
}

/// Encodes an entity row: `[count] ([slot] [hash])* packed-fields` (see
/// `codec.rs`; the fields as `rowcodec.rs` writes them). The hashes come
/// first so collecting a row's blobs never decodes it. A body still in
/// the store is referred to by its key and not read (`NewBlobs::refer`);
/// a revision's body is inline in the row, read through its handle, and
/// one that cannot be read fails the write, naming the skill and the blob.
pub(crate) fn encode_row(
    state: EntityState,
    blobs: &mut NewBlobs,
) -> Result<EncodedRow, StoreError> {
    take_row_blobs(state, blobs).encode()
}

/// An entity row with its big values taken out as blobs, to encode
/// ([`RowParts::encode`]) on any thread.
pub(crate) struct RowParts {
    id: u64,
    state: EntityState,
    taken: Vec<(u8, Hash)>,
}

/// The first step of [`encode_row`]: the big values out of `state`, into
/// `blobs` (whose order the batch keeps).
pub(crate) fn take_row_blobs(mut state: EntityState, blobs: &mut NewBlobs) -> RowParts {
    let id = state.record().id.0;
    let mut taken: Vec<(u8, Hash)> = Vec::new();
    if let EntityState::Resource {
        resource, bytes, ..
    } = &mut state
    {
        if let Some(bytes) = bytes.take_if(|b| b.len() >= BLOB_MIN_BYTES) {
            taken.push((OBJECT_BYTES, blobs.add(bytes)));
        }
        if let ResourceBody::Text(text) = &mut resource.body {
            take_text(text, FILE_TEXT, id, &resource.path, blobs, &mut taken);
        }
    }
    let record = record_mut(&mut state);
    take_text(
        &mut record.content,
        CONTENT,
        id,
        &record.title,
        blobs,
        &mut taken,
    );
    RowParts { id, state, taken }
}

impl RowParts {
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The row's bytes: its blobs' hashes, then its fields packed.
    pub(crate) fn encode(self) -> Result<EncodedRow, StoreError> {
        let RowParts { id, state, taken } = self;
        // Fails only on a revision's body that cannot be read from the store.
        let fields = rowcodec::encode(&state).map_err(|error| unwritable(id, &error))?;
        Ok(EncodedRow {
            bytes: row_bytes(&taken, &fields),
            blobs: taken.into_iter().map(|(_, key)| key).collect(),
        })
    }
}

/// Takes a text out of a row as the blob of `slot` when it is one: a text
/// still or once in the store is referred to by its key without being read
/// (`NewBlobs::refer`), one of [`BLOB_MIN_BYTES`] or more becomes a blob; a
/// short text stays in the row.
fn take_text(
    body: &mut Body,
    slot: u8,
    id: u64,
    owner: &str,
    blobs: &mut NewBlobs,
    taken: &mut Vec<(u8, Hash)>,
) {
    let body_now = std::mem::take(body);
    if let Some(key) = body_now.stored_sha256().copied() {
        taken.push((slot, key));
        blobs.refer(key, id, owner, body_now);
        return;
    }
    let given = body_now.given_sha256().copied();
    if let Some(key) = given {
        // The world keeps this text: the blob shares it.
        if body_now.text_in_memory().map_or(0, str::len) >= BLOB_MIN_BYTES {
            taken.push((slot, blobs.keep(Value::Text(body_now), Some(key))));
            return;
        }
    }
    let text = body_now
        .into_text()
        .expect("a text not in the store is in memory");
    if text.len() >= BLOB_MIN_BYTES {
        taken.push((slot, blobs.keep(Value::Bytes(text.into_bytes()), given)));
    } else {
        *body = text.into();
    }
}

fn unwritable(id: u64, reason: &dyn std::fmt::Display) -> StoreError {
    StoreError::Unwritable {
        what: format!("row {id}"),
        reason: reason.to_string(),
    }
}

/// A schema-3 row whose text file of [`BLOB_MIN_BYTES`] or more is inline,
/// with the text taken out into `blobs` (slot `FILE_TEXT`) and its hash;
/// `None` for any other row (migrate.rs).
pub(crate) fn split_file_text(
    bytes: &[u8],
    blobs: &mut NewBlobs,
) -> Result<Option<(Vec<u8>, Hash)>, String> {
    let (mut slots, start) = row_blobs(bytes)?;
    let fields = codec::unpack(&bytes[start..])?;
    let mut state = rowcodec::decode(&fields)?;
    let EntityState::Resource {
        resource:
            SkillResource {
                body: ResourceBody::Text(text),
                path,
                ..
            },
        ..
    } = &mut state
    else {
        return Ok(None);
    };
    let mut taken = Vec::new();
    // A text decoded from a row is in memory: it is never only referred to.
    take_text(text, FILE_TEXT, 0, path, blobs, &mut taken);
    let Some(&(_, key)) = taken.first() else {
        return Ok(None);
    };
    slots.extend(taken);
    let fields = rowcodec::encode(&state)?;
    Ok(Some((row_bytes(&slots, &fields), key)))
}

/// A row as stored: `[count] ([slot] [hash])* packed-fields`.
pub(crate) fn row_bytes(slots: &[(u8, Hash)], fields: &[u8]) -> Vec<u8> {
    let mut bytes = vec![slots.len() as u8];
    for (slot, key) in slots {
        bytes.push(*slot);
        bytes.extend_from_slice(key);
    }
    codec::pack_into(fields, &mut bytes);
    bytes
}

/// A schema-4 row (fields as JSON) in this schema's encoding; `None` for
/// a row already in it (migrate.rs).
pub(crate) fn reencode_row(bytes: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let (slots, start) = row_blobs(bytes)?;
    let fields = codec::unpack(&bytes[start..])?;
    if rowcodec::is_binary(&fields) {
        return Ok(None);
    }
    let state = rowcodec::decode(&fields)?;
    Ok(Some(row_bytes(&slots, &rowcodec::encode(&state)?)))
}

/// The hashes a stored row refers to, and where its packed fields start.
pub(crate) fn row_blobs(bytes: &[u8]) -> Result<(Vec<(u8, Hash)>, usize), String> {
    let count = *bytes.first().ok_or("an empty row")? as usize;
    let end = 1 + count * 33;
    if bytes.len() < end {
        return Err("a row cut short".into());
    }
    let slots = bytes[1..end]
        .chunks(33)
        .map(|c| (c[0], c[1..].try_into().expect("32 bytes")))
        .collect();
    Ok((slots, end))
}

/// A row's fields, unpacked (the world-wide row's are JSON).
pub(crate) fn row_json(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let (_, start) = row_blobs(bytes)?;
    codec::unpack(&bytes[start..])
}

/// Decodes a stored row without its blobs: the entity with those values
/// empty, and the slots (with hashes) to fill with [`put_row_blob`]. The
/// fields are unpacked into `buffer`, which a pass over many rows reuses.
pub(crate) fn decode_row(
    bytes: &[u8],
    buffer: &mut Vec<u8>,
) -> Result<(EntityState, Vec<(u8, Hash)>), String> {
    let (slots, start) = row_blobs(bytes)?;
    let fields = codec::unpack_into(&bytes[start..], buffer)?;
    Ok((rowcodec::decode(fields)?, slots))
}

/// A blob's bytes as read, checked as UTF-8 by the thread that read them:
/// opening a world reads bodies on every core, and putting one back into
/// its row then costs no second pass over it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BlobValue {
    Text(String),
    Bytes(Vec<u8>),
}

impl BlobValue {
    pub(crate) fn new(bytes: Vec<u8>) -> BlobValue {
        match String::from_utf8(bytes) {
            Ok(text) => BlobValue::Text(text),
            Err(error) => BlobValue::Bytes(error.into_bytes()),
        }
    }

    pub(crate) fn into_bytes(self) -> Vec<u8> {
        match self {
            BlobValue::Text(text) => text.into_bytes(),
            BlobValue::Bytes(bytes) => bytes,
        }
    }

    fn into_text(self) -> Result<String, String> {
        match self {
            BlobValue::Text(text) => Ok(text),
            BlobValue::Bytes(bytes) => String::from_utf8(bytes).map_err(|e| e.to_string()),
        }
    }
}

/// Puts a blob's bytes back where [`encode_row`] took them from.
pub(crate) fn put_row_blob(
    state: &mut EntityState,
    slot: u8,
    value: BlobValue,
) -> Result<(), String> {
    match (state, slot) {
        (EntityState::Resource { bytes, .. }, OBJECT_BYTES) => *bytes = Some(value.into_bytes()),
        (state, CONTENT | FILE_TEXT) => *text_slot(state, slot)? = value.into_text()?.into(),
        (_, other) => return Err(format!("unknown blob slot {other}")),
    }
    Ok(())
}

/// Where a text slot's value goes: the record's body, or a text file's
/// text.
fn text_slot(state: &mut EntityState, slot: u8) -> Result<&mut Body, String> {
    match (state, slot) {
        (state, CONTENT) => Ok(&mut record_mut(state).content),
        (
            EntityState::Resource {
                resource:
                    SkillResource {
                        body: ResourceBody::Text(text),
                        ..
                    },
                ..
            },
            FILE_TEXT,
        ) => Ok(text),
        (_, other) => Err(format!("unknown blob slot {other}")),
    }
}

/// Checks that a row's blobs other than its body are a file's bytes
/// (opening gives them to the spawned entity once read).
pub(crate) fn check_file_slots(state: &EntityState, slots: &[(u8, Hash)]) -> Result<(), String> {
    let file = matches!(state, EntityState::Resource { .. });
    match slots
        .iter()
        .find(|(slot, _)| !(file && *slot == OBJECT_BYTES))
    {
        Some((slot, _)) => Err(format!("unknown blob slot {slot}")),
        None => Ok(()),
    }
}

/// Leaves a row's body or text file's text (a slot [`is_lazy`] holds) in
/// the store: the entity gets a handle that reads it from `source` when
/// first used (issue 19).
pub(crate) fn put_text_handle(
    state: &mut EntityState,
    slot: u8,
    key: Hash,
    source: &Arc<dyn BlobSource>,
) -> Result<(), String> {
    *text_slot(state, slot)? = Body::stored(key, source.clone());
    Ok(())
}

fn record_mut(state: &mut EntityState) -> &mut skillworld_core::EntityRecord {
    match state {
        EntityState::World { record, .. }
        | EntityState::Agent { record, .. }
        | EntityState::Resource { record, .. } => record,
        EntityState::Skill(skill) => &mut skill.record,
    }
}

pub(crate) fn hex(key: &Hash) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn unhex(text: &str) -> Result<Hash, String> {
    let bad = || format!("'{text}' is not a SHA-256 in hex");
    if text.len() != 64 || !text.is_ascii() {
        return Err(bad());
    }
    let mut key = [0u8; 32];
    for (index, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[index * 2..index * 2 + 2], 16).map_err(|_| bad())?;
    }
    Ok(key)
}

/// The world-wide state as a row: no blobs, then packed JSON.
pub(crate) fn encode_globals(globals: &skillworld_world::WorldGlobals) -> EncodedRow {
    let mut bytes = vec![0];
    let json = serde_json::to_vec(globals).expect("world-wide state serialises");
    codec::pack_into(&json, &mut bytes);
    EncodedRow {
        bytes,
        blobs: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillworld_core::{EntityRecord, PrimaryComponent, StableId, Timestamp};

    fn resource() -> EntityState {
        let now = Timestamp::from_millis(0);
        EntityState::Resource {
            record: EntityRecord {
                id: StableId(7),
                title: "scripts/run.sh".into(),
                summary: String::new(),
                content: Body::default(),
                world: None,
                pinned: false,
                tags: Vec::new(),
                created_at: now,
                updated_at: now,
                deleted_at: None,
                primary: PrimaryComponent::SkillResource,
            },
            resource: SkillResource {
                skill_id: StableId(6),
                path: "scripts/run.sh".into(),
                body: ResourceBody::Text(Body::default()),
                sha256: String::new(),
                size: 8,
                executable: true,
            },
            bytes: None,
        }
    }

    #[test]
    fn blobs_read_as_text_or_bytes_go_back_to_their_slot() {
        let mut state = resource();
        let text = BlobValue::new(b"echo hi\n".to_vec());
        assert_eq!(text, BlobValue::Text("echo hi\n".into()));
        put_row_blob(&mut state, CONTENT, text.clone()).unwrap();
        // Text in a binary slot is its bytes.
        put_row_blob(&mut state, OBJECT_BYTES, text).unwrap();
        let EntityState::Resource { record, bytes, .. } = &state else {
            unreachable!()
        };
        assert_eq!(record.content, "echo hi\n");
        assert_eq!(bytes.as_deref(), Some(b"echo hi\n".as_slice()));
    }

    #[test]
    fn bytes_that_are_not_text_are_refused_as_a_body() {
        let mut state = resource();
        let binary = BlobValue::new(vec![0xff, 0xfe, 0x00]);
        assert_eq!(binary, BlobValue::Bytes(vec![0xff, 0xfe, 0x00]));
        put_row_blob(&mut state, OBJECT_BYTES, binary.clone()).unwrap();
        let error = put_row_blob(&mut state, CONTENT, binary).unwrap_err();
        assert!(error.contains("utf-8"), "{error}");
    }

    #[test]
    fn a_value_met_again_is_kept_once_and_values_of_one_shape_stay_apart() {
        let mut blobs = NewBlobs::default();
        let body = b"# Body\n".repeat(64);
        let first = blobs.add(body.clone());
        assert_eq!(
            blobs.add(body.clone()),
            first,
            "the same bytes, the same hash"
        );
        // Same length, same first and last eight bytes, other bytes.
        let mut other = body.clone();
        other[100] ^= 1;
        let second = blobs.add(other.clone());
        assert_ne!(second, first);
        assert_eq!(second, hash(&other));
        let short = blobs.add(b"tiny".to_vec());
        assert_eq!(short, hash(b"tiny"));
        let kept: Vec<Hash> = blobs.sorted().iter().map(|(key, _)| *key).collect();
        let mut expected = vec![first, second, short];
        expected.sort();
        assert_eq!(kept, expected, "each value once, in key order");
        assert!(
            blobs
                .sorted()
                .iter()
                .all(|(key, bytes)| hash(bytes.as_slice()) == *key)
        );
    }
}
