//! Revisions (MOD-7) and revision numbers (TOOL-4).

use bevy_ecs::component::Component;
use skillworld_core::{EntityRecord, Skill, Timestamp};

/// How many earlier versions a skill keeps (MOD-7).
pub const KEPT_REVISIONS: usize = 10;

/// An earlier version of a skill, tagged with the revision number it had.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Revision {
    pub number: u64,
    pub replaced_at: Timestamp,
    pub record: EntityRecord,
    pub skill: Skill,
}

/// A skill's revision number (moves on every change) and its kept earlier
/// versions, newest first.
#[derive(Component, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Revisions {
    pub current: u64,
    pub kept: Vec<Revision>,
}

impl Default for Revisions {
    fn default() -> Self {
        Revisions {
            current: 1,
            kept: Vec::new(),
        }
    }
}

impl Revisions {
    /// Records a change from `before` to `after`: the number always moves;
    /// the old version is kept when a MOD-7 field changed (title, summary,
    /// content, body fields, tags, pinned).
    pub fn record(
        &mut self,
        before: (&EntityRecord, &Skill),
        after: (&EntityRecord, &Skill),
        now: Timestamp,
    ) {
        if content_changed(before, after) {
            self.kept.insert(
                0,
                Revision {
                    number: self.current,
                    replaced_at: now,
                    record: before.0.clone(),
                    skill: before.1.clone(),
                },
            );
            self.kept.truncate(KEPT_REVISIONS);
        }
        self.current += 1;
    }

    pub fn get(&self, number: u64) -> Option<&Revision> {
        self.kept.iter().find(|r| r.number == number)
    }
}

fn content_changed(before: (&EntityRecord, &Skill), after: (&EntityRecord, &Skill)) -> bool {
    before.0.pinned != after.0.pinned || authored_changed(before, after)
}

/// Whether what the skill *is* changed: its text, its authored fields or
/// its files — not its switches or runtime state. The scan verdict follows
/// exactly these (SEC-2).
pub(crate) fn authored_changed(
    before: (&EntityRecord, &Skill),
    after: (&EntityRecord, &Skill),
) -> bool {
    let (a, b) = (before.0, after.0);
    let record_changed =
        a.title != b.title || a.summary != b.summary || a.content != b.content || a.tags != b.tags;
    // Body fields: everything authored, not the switches and runtime state.
    let authored = |s: &Skill| {
        let mut s = s.clone();
        s.enabled = true;
        s.lifecycle = skillworld_core::Lifecycle::Active;
        s.scan = skillworld_core::ScanStatus::Unscanned;
        s.findings.clear();
        s.preflight = skillworld_core::Preflight::default();
        s.provenance = skillworld_core::Provenance::default();
        s.trust = None;
        s
    };
    record_changed || authored(before.1) != authored(after.1)
}
