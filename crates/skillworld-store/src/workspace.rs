//! STO-4: the filesystem workspace, a cache of the database. Bundles are
//! materialised to `<root>/commons/<skill>/` and `<root>/agents/<agent>/<skill>/`
//! (SKILL.md plus bucket files). A sync writes missing or stale files only
//! (by SHA-256) and never deletes extra files; the first sync of a root also
//! backfills bucket files that exist only on disk into their skills.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use skillworld_core::Bucket;
use skillworld_format::{BundleFile, export_skill_md, is_executable, write_file_atomically};
use skillworld_world::{Layer, SkillWorld, WorldError};
use thiserror::Error;

/// Marks a root that has been synced once (backfill happens only before).
const MARKER: &str = ".skillworld-sync";

#[derive(Debug, Error)]
pub enum WorkspaceError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    World(#[from] WorldError),
}

/// What a sync did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyncReport {
    /// Files written because they were missing or stale.
    pub written: Vec<PathBuf>,
    pub unchanged: usize,
    /// Disk-only files added to their skills by the first sync.
    pub backfilled: Vec<PathBuf>,
    /// Files not written because their path would leave the skill's folder
    /// (each is also logged). The command layer refuses such paths; this
    /// is the second line, for worlds written before it did.
    pub refused: Vec<String>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WorkspaceError + '_ {
    move |source| WorkspaceError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The folder of a layer in the workspace.
pub fn layer_dir(root: &Path, layer: &Layer) -> PathBuf {
    match layer {
        Layer::Commons => root.join("commons"),
        Layer::Agent(agent) => root.join("agents").join(agent),
    }
}

/// Materialises every skill of every layer under `root`.
pub fn sync_workspace(world: &mut SkillWorld, root: &Path) -> Result<SyncReport, WorkspaceError> {
    let first = !root.join(MARKER).exists();
    let mut report = SyncReport::default();
    for layer in world.layers() {
        if let Layer::Agent(agent) = &layer
            && (!stays_inside(agent) || agent.contains('/'))
        {
            tracing::warn!(agent = %agent, "workspace sync refused an agent name that is not one folder");
            report.refused.push(format!("agents/{agent}"));
            continue;
        }
        let names: Vec<String> = world.layer_skill_names(&layer)?;
        for name in names {
            let dir = layer_dir(root, &layer).join(&name);
            let (document, mut files) = world.skill_bundle_in(&layer, &name)?;
            if first {
                let known: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
                let extra = disk_only(&dir, &known)?;
                if !extra.is_empty() {
                    report
                        .backfilled
                        .extend(extra.iter().map(|f| dir.join(&f.path)));
                    files.extend(extra);
                    world.install(&layer, document.clone(), files.clone())?;
                }
            }
            let skill_md = export_skill_md(&document);
            let wanted = std::iter::once(("SKILL.md".to_owned(), skill_md.into_bytes(), false))
                .chain(files.into_iter().map(|f| (f.path, f.bytes, f.executable)));
            for (path, bytes, executable) in wanted {
                if !stays_inside(&path) {
                    tracing::warn!(skill = %name, path = %path, "workspace sync refused a file path outside the skill's folder");
                    report.refused.push(format!("{name}/{path}"));
                    continue;
                }
                let target = dir.join(&path);
                let current = fs::read(&target).ok();
                if current
                    .as_deref()
                    .is_some_and(|c| Sha256::digest(c) == Sha256::digest(&bytes))
                {
                    report.unchanged += 1;
                    continue;
                }
                write_file_atomically(&target, &bytes, executable).map_err(io(&target))?;
                report.written.push(target);
            }
        }
    }
    fs::create_dir_all(root).map_err(io(root))?;
    fs::write(root.join(MARKER), b"").map_err(io(root))?;
    Ok(report)
}

/// Whether a bundle path, joined to a skill's folder, stays inside it:
/// only plain relative parts, no root, no `..`, no drive prefix.
fn stays_inside(path: &str) -> bool {
    !path.contains('\0')
        && Path::new(path)
            .components()
            .all(|part| matches!(part, std::path::Component::Normal(_)))
}

/// Bucket files under a skill folder that the skill does not have.
fn disk_only(dir: &Path, known: &[String]) -> Result<Vec<BundleFile>, WorkspaceError> {
    let mut found = Vec::new();
    for bucket in Bucket::ALL {
        let folder = dir.join(bucket.as_str());
        let mut pending = vec![folder];
        while let Some(folder) = pending.pop() {
            let Ok(entries) = fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries {
                let path = entry.map_err(io(&folder))?.path();
                let meta = fs::symlink_metadata(&path).map_err(io(&path))?;
                if meta.is_dir() {
                    pending.push(path);
                } else if meta.is_file() {
                    let relative = path
                        .strip_prefix(dir)
                        .unwrap_or(&path)
                        .to_string_lossy()
                        .replace('\\', "/");
                    if !known.contains(&relative) {
                        let bytes = fs::read(&path).map_err(io(&path))?;
                        found.push(BundleFile {
                            path: relative,
                            bytes,
                            executable: is_executable(&meta),
                        });
                    }
                }
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
}
