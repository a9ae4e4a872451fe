use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use skillworld_core::Bucket;
use thiserror::Error;

use super::Bundle;
use super::files::{is_executable, write_file_atomically};
use crate::export_skill_md;

/// How a reinstall treats buckets that arrive empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct InstallOptions {
    /// Prune a bucket even when the new bundle has no files in it.
    pub force_prune: bool,
}

/// What an install did, paths relative to the skill folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InstallReport {
    pub dir: PathBuf,
    pub written: Vec<String>,
    pub unchanged: Vec<String>,
    pub pruned: Vec<String>,
    /// Buckets left as they were because the bundle had nothing in them.
    pub kept_buckets: Vec<Bucket>,
}

#[derive(Debug, Error)]
#[error("installing into {path}: {source}")]
pub struct InstallError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

/// Installs a bundle as `root/<name>/` with a normalised SKILL.md (FMT-5).
/// Write-then-prune: every new file is written (atomically, by rename)
/// before files absent from the bundle are pruned, bucket by bucket; a
/// bucket that arrives empty is kept unless `force_prune` is set, so a
/// broken bundle never wipes a skill. Files that are already identical are
/// not rewritten.
pub fn install_bundle(
    bundle: &Bundle,
    root: &Path,
    options: InstallOptions,
) -> Result<InstallReport, InstallError> {
    let dir = root.join(&bundle.imported.document.name);
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| InstallError { path, source }
    };
    fs::create_dir_all(&dir).map_err(io(&dir))?;
    let mut report = InstallReport {
        dir: dir.clone(),
        ..InstallReport::default()
    };

    let skill_md = export_skill_md(&bundle.imported.document);
    let new_files = std::iter::once(("SKILL.md", skill_md.as_bytes(), false)).chain(
        bundle
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.bytes.as_slice(), f.executable)),
    );
    for (relative, bytes, executable) in new_files {
        let target = dir.join(relative);
        if fs::read(&target).is_ok_and(|old| old == bytes)
            && fs::metadata(&target).is_ok_and(|m| is_executable(&m)) == executable
        {
            report.unchanged.push(relative.to_owned());
            continue;
        }
        write_file_atomically(&target, bytes, executable).map_err(io(&target))?;
        report.written.push(relative.to_owned());
    }

    let incoming: BTreeSet<&str> = bundle.files.iter().map(|f| f.path.as_str()).collect();
    for bucket in Bucket::ALL.iter().copied() {
        let folder = dir.join(bucket.as_str());
        if !folder.is_dir() {
            continue;
        }
        let arrived_empty = !incoming.iter().any(|p| Bucket::of_path(p) == Some(bucket));
        let mut existing = Vec::new();
        list_files(&folder, bucket.as_str(), &mut existing).map_err(io(&folder))?;
        let stale: Vec<String> = existing
            .into_iter()
            .filter(|p| !incoming.contains(p.as_str()))
            .collect();
        if stale.is_empty() {
            continue;
        }
        if arrived_empty && !options.force_prune {
            report.kept_buckets.push(bucket);
            continue;
        }
        for relative in stale {
            let target = dir.join(&relative);
            fs::remove_file(&target).map_err(io(&target))?;
            report.pruned.push(relative);
        }
    }
    Ok(report)
}

fn list_files(folder: &Path, relative: &str, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = format!("{relative}/{}", entry.file_name().to_string_lossy());
        if entry.file_type()?.is_dir() {
            list_files(&entry.path(), &name, out)?;
        } else {
            out.push(name);
        }
    }
    Ok(())
}
