//! Turning command-line paths into the skills they hold.

use std::fs;
use std::path::{Path, PathBuf};

use skillworld_format::{
    BundleError, RawBundle, SKILL_FILE_NAMES, read_bundle_dir, read_bundle_zip, skill_file_in,
};

use crate::Failure;

/// One skill found on disk.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// A folder with a SKILL.md.
    Folder(PathBuf),
    /// A SKILL.md given on its own; its folder is its parent.
    File(PathBuf),
    Zip(PathBuf),
}

impl Target {
    /// The path results are reported under: the skill's folder, or the zip
    /// or file given.
    pub fn path(&self) -> &Path {
        match self {
            Target::Folder(path) | Target::File(path) | Target::Zip(path) => path,
        }
    }

    /// Reads the whole bundle (for imports and lenient checks).
    pub fn read_bundle(&self) -> Result<RawBundle, BundleError> {
        match self {
            Target::Folder(dir) => read_bundle_dir(dir),
            Target::File(file) => read_bundle_dir(file.parent().unwrap_or(Path::new("."))),
            Target::Zip(zip) => {
                let bytes = fs::read(zip).map_err(|source| BundleError::Io {
                    path: zip.clone(),
                    source,
                })?;
                read_bundle_zip(&bytes, zip)
            }
        }
    }
}

/// Every skill under `paths`, sorted by path. A path that does not exist
/// or cannot be read is a usage error.
pub fn find_skills(paths: &[PathBuf]) -> Result<Vec<Target>, Failure> {
    let mut found = Vec::new();
    for path in paths {
        let meta =
            fs::metadata(path).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
        if meta.is_dir() {
            search(path, &mut found)
                .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
        } else if is_zip(path) {
            found.push(Target::Zip(path.clone()));
        } else if is_skill_file(path) {
            found.push(Target::File(path.clone()));
        } else {
            return Err(Failure::usage(format!(
                "{}: not a skill folder, a SKILL.md or a zip",
                path.display()
            )));
        }
    }
    found.sort();
    found.dedup();
    Ok(found)
}

/// A folder with a skill file is one skill; otherwise its sub-folders and
/// zips are searched.
fn search(dir: &Path, found: &mut Vec<Target>) -> std::io::Result<()> {
    if skill_file_in(dir).is_some() {
        found.push(Target::Folder(dir.to_owned()));
        return Ok(());
    }
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            search(&path, found)?;
        } else if kind.is_file() && is_zip(&path) {
            found.push(Target::Zip(path));
        }
    }
    Ok(())
}

fn is_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

fn is_skill_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| SKILL_FILE_NAMES.contains(&n))
}
