use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::files::is_executable;
use super::{BundleError, Collector, RawBundle, SKILL_FILE_NAMES};

/// Visiting more entries than this while reading a folder is an error: a
/// skill folder is not a source tree.
const MAX_ENTRIES_VISITED: usize = 10_000;

/// The SKILL.md (or `skill.md`, `Skill.md`) of a folder, if it has one.
pub fn skill_file_in(dir: &Path) -> Option<PathBuf> {
    skill_file_with_size(dir).map(|(path, _)| path)
}

/// [`skill_file_in`] with the file's size.
fn skill_file_with_size(dir: &Path) -> Option<(PathBuf, u64)> {
    SKILL_FILE_NAMES.iter().find_map(|name| {
        let path = dir.join(name);
        let meta = fs::metadata(&path).ok().filter(fs::Metadata::is_file)?;
        Some((path, meta.len()))
    })
}

/// A file's bytes, read through a handle opened already to its end, as
/// `fs::read` reads them, into a buffer of the size a `stat` made anyway
/// gave: `File::read_to_end` (and so `fs::read`) would `stat` the handle
/// and seek to learn it again (issue 19: a bulk import's readers made two
/// `stat`s of every SKILL.md and a `stat` and a seek more of every file).
fn read_sized(mut file: fs::File, size: u64) -> io::Result<Vec<u8>> {
    // Room to see the end (a read of nothing) without growing the buffer.
    const PROBE: usize = 32;
    let len = usize::try_from(size).unwrap_or(usize::MAX);
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(len.saturating_add(PROBE))
        .map_err(|error| io::Error::new(io::ErrorKind::OutOfMemory, error))?;
    bytes.resize(len, 0);
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            // A file grown since its `stat` is read on to its end.
            bytes.resize(filled + PROBE, 0);
        }
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// Reads a skill folder: SKILL.md plus its bucket files. Symbolic links are
/// refused (FMT-7).
pub fn read_bundle_dir(dir: &Path) -> Result<RawBundle, BundleError> {
    let (skill_path, skill_size) =
        skill_file_with_size(dir).ok_or_else(|| BundleError::NoSkillFile {
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
    let skill_bytes = fs::File::open(&skill_path)
        .and_then(|file| read_sized(file, skill_size))
        .map_err(io(&skill_path))?;

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
            // The entry's type as the folder listed it (a `stat` only where
            // the file system does not say), not followed through a link.
            let kind = entry.file_type().map_err(io(&path))?;
            if kind.is_symlink() {
                return Err(BundleError::Symlink {
                    path: dir.to_owned(),
                    file: relative,
                });
            }
            if kind.is_dir() {
                pending.push(path);
                continue;
            }
            let signature = folder == dir && Collector::is_signature(&relative);
            if !signature && !matches!(super::place(&relative), super::Placement::Keep(_)) {
                collector.add(&relative, Vec::new(), false)?;
                continue;
            }
            // Size and mode from the handle the file is read through.
            let file = fs::File::open(&path).map_err(io(&path))?;
            let meta = file.metadata().map_err(io(&path))?;
            if signature {
                collector.check_signature_size(meta.len())?;
            } else {
                collector.check_size(&relative, meta.len())?;
            }
            let bytes = read_sized(file, meta.len()).map_err(io(&path))?;
            if signature {
                collector.add_signature(bytes)?;
            } else {
                collector.add(&relative, bytes, is_executable(&meta))?;
            }
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
