use std::fs;
use std::path::{Path, PathBuf};

use super::files::is_executable;
use super::{BundleError, Collector, RawBundle, SKILL_FILE_NAMES};

/// Visiting more entries than this while reading a folder is an error: a
/// skill folder is not a source tree.
const MAX_ENTRIES_VISITED: usize = 10_000;

/// The SKILL.md (or `skill.md`, `Skill.md`) of a folder, if it has one.
pub fn skill_file_in(dir: &Path) -> Option<PathBuf> {
    SKILL_FILE_NAMES
        .iter()
        .map(|name| dir.join(name))
        .find(|path| path.is_file())
}

/// Reads a skill folder: SKILL.md plus its bucket files. Symbolic links are
/// refused (FMT-7).
pub fn read_bundle_dir(dir: &Path) -> Result<RawBundle, BundleError> {
    let skill_path = skill_file_in(dir).ok_or_else(|| BundleError::NoSkillFile {
        path: dir.to_owned(),
    })?;
    let skill_name = skill_path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("SKILL.md")
        .to_owned();
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| BundleError::Io { path, source }
    };
    let skill_bytes = fs::read(&skill_path).map_err(io(&skill_path))?;

    let mut collector = Collector::new(dir);
    let mut pending = vec![dir.to_owned()];
    let mut visited = 0;
    while let Some(folder) = pending.pop() {
        let mut entries: Vec<_> = fs::read_dir(&folder)
            .map_err(io(&folder))?
            .collect::<Result<_, _>>()
            .map_err(io(&folder))?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            visited += 1;
            if visited > MAX_ENTRIES_VISITED {
                return Err(BundleError::TooManyFiles {
                    path: dir.to_owned(),
                });
            }
            let path = entry.path();
            let relative = relative_name(dir, &path);
            if folder == dir && relative == skill_name {
                continue;
            }
            let meta = fs::symlink_metadata(&path).map_err(io(&path))?;
            if meta.file_type().is_symlink() {
                return Err(BundleError::Symlink {
                    path: dir.to_owned(),
                    file: relative,
                });
            }
            if meta.is_dir() {
                pending.push(path);
                continue;
            }
            if folder == dir && Collector::is_signature(&relative) {
                collector.check_signature_size(meta.len())?;
                collector.add_signature(fs::read(&path).map_err(io(&path))?)?;
                continue;
            }
            if !matches!(super::place(&relative), super::Placement::Keep(_)) {
                collector.add(&relative, Vec::new(), false)?;
                continue;
            }
            collector.check_size(&relative, meta.len())?;
            let bytes = fs::read(&path).map_err(io(&path))?;
            collector.add(&relative, bytes, is_executable(&meta))?;
        }
    }
    let dir_name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    collector.finish(skill_bytes, skill_name, dir_name)
}

fn relative_name(root: &Path, path: &Path) -> String {
    let relative = path.strip_prefix(root).unwrap_or(path);
    relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
