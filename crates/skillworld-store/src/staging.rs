//! Encoding a write into a [`Batch`]: its journal entries (their big
//! fields as blobs, the rest RON) and the rows it changed (JSON + LZ4).
//! The sequence numbers are taken where the write is applied; the
//! encoding may run on another thread: a deferred write's runs on the
//! committer thread, so the thread applying the next writes goes on
//! meanwhile (issue 19: a bulk import's installing thread spent about a
//! third of its time here).

use skillworld_world::Changes;

use crate::StoreError;
use crate::backend::{Batch, ENCODE_ALONE, StagedEntry};
use crate::blobs::{hex, take_envelope_blobs};
use crate::cores::map_on_every_core;
use crate::layout::{JournalEntry, encode};

/// A write's journal entries, numbered, and the rows they changed, as of
/// `version` (the sequence number after the entries), not yet encoded.
pub(crate) struct Unstaged {
    pub entries: Vec<(u64, JournalEntry)>,
    pub changes: Changes,
    pub version: u64,
}

/// A batch for the committer: encoded, or to encode on its thread.
pub(crate) enum Pending {
    Staged(Batch),
    Unstaged(Unstaged),
}

impl Pending {
    pub(crate) fn into_batch(self) -> Result<Batch, StoreError> {
        match self {
            Pending::Staged(batch) => Ok(batch),
            Pending::Unstaged(unstaged) => unstaged.stage(),
        }
    }
}

impl Unstaged {
    /// The batch: entries and rows encoded, big values as blobs. Fails only
    /// on a revision's body that cannot be read from the store.
    pub(crate) fn stage(self) -> Result<Batch, StoreError> {
        let mut batch = Batch::default();
        let staged: Vec<(u64, JournalEntry, Vec<_>)> = self
            .entries
            .into_iter()
            .map(|(seq, entry)| {
                let (entry, blobs) = take_blobs(entry, &mut batch);
                (seq, entry, blobs)
            })
            .collect();
        let stage = |(seq, entry, blobs): (u64, JournalEntry, Vec<_>)| StagedEntry {
            seq,
            bytes: encode(&entry),
            blobs,
        };
        let spread = staged.len() >= ENCODE_ALONE;
        batch.entries = map_on_every_core(staged, spread, stage);
        batch.version = self.version;
        batch.add_changes(self.changes)?;
        Ok(batch)
    }
}

/// An entry with its big fields taken out into the batch's blobs (an
/// `Apply` with any becomes `Stored`), and their keys.
fn take_blobs(entry: JournalEntry, batch: &mut Batch) -> (JournalEntry, Vec<crate::blobs::Hash>) {
    let JournalEntry::Apply(mut envelope) = entry else {
        return (entry, Vec::new());
    };
    let slots = take_envelope_blobs(&mut envelope, &mut batch.blobs);
    let keys = slots.iter().map(|(_, key)| *key).collect::<Vec<_>>();
    if slots.is_empty() {
        return (JournalEntry::Apply(envelope), keys);
    }
    let blobs = slots.into_iter().map(|(s, key)| (s, hex(&key))).collect();
    (JournalEntry::Stored { envelope, blobs }, keys)
}
