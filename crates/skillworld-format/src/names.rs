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
            name = numbered_name(&original, n);
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

/// `name-n`, the stem cut so the result stays within 64 chars (FMT-4's
/// collision numbering; names are ASCII slugs).
pub fn numbered_name(name: &str, n: usize) -> String {
    let suffix = format!("-{n}");
    let stem_len = name
        .len()
        .min(skillworld_core::limits::MAX_NAME_CHARS - suffix.len());
    format!("{}{suffix}", name[..stem_len].trim_end_matches('-'))
}
