//! The `name-collision` rule of FMT-4 for a batch of imports.

use std::collections::HashSet;

use crate::{Imported, Warning, WarningCode};

/// Gives every skill of a batch a unique name: a later skill whose name is
/// taken gets `-2`, `-3`… (cut to stay within 64 chars), with a warning.
pub fn assign_unique_names<'a>(batch: impl IntoIterator<Item = &'a mut Imported>) {
    let mut taken = HashSet::new();
    for imported in batch {
        let original = imported.document.name.clone();
        let mut name = original.clone();
        let mut n = 2;
        while !taken.insert(name.clone()) {
            let suffix = format!("-{n}");
            let stem_len = original
                .len()
                .min(skillworld_core::limits::MAX_NAME_CHARS - suffix.len());
            name = format!("{}{suffix}", original[..stem_len].trim_end_matches('-'));
            n += 1;
        }
        if name != original {
            imported.warnings.push(Warning::new(
                WarningCode::NameCollision,
                format!("name '{original}' was taken in this import; imported as '{name}'"),
            ));
            imported.document.name = name;
        }
    }
}
