//! Live folders (HAB-7): `serve --watch DIR[=LAYER]` keeps a layer in step
//! with a folder of skill folders. Each subfolder with a SKILL.md is one
//! skill, read leniently and installed through the world's ordinary
//! `InstallSkill` command (scanned, journaled, a new revision when it
//! changed); a subfolder that goes away archives its skill through the
//! habitat service (never deletes it).
//!
//! What was last synced from each subfolder (skill name, a digest of its
//! files, the revision written) is kept in `watch-<digest of DIR>.json` in
//! the data directory, so a restart installs only what changed meanwhile
//! and archives what was removed meanwhile. When the world's revision is
//! not the one last written and the folder changed too, the disk wins, the
//! world's version stays as a revision, and a warning is logged.
//!
//! Events are debounced: a sync starts once the folder has been quiet for
//! [`QUIET`], so a change reaches the catalog well within 300 ms of the
//! last write.
//!
//! On a shared store (STO-7) one node at a time watches a folder: the one
//! holding the folder's advisory lock (named after the folder's path and
//! the layer, so give every node the same path). The others stand by and
//! try the lock every [`STANDBY_RETRY`]; the one that gets it after the
//! holder went syncs the folder at once and follows it from then on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use skillworld_format::{read_bundle_dir, skill_file_in};
use skillworld_world::{Caller, InstallRules, OnCollision};
use tokio::sync::mpsc;

use crate::habitat::{Habitat, HabitatError};
use crate::watch_spec::WatchSpec;

/// How long the folder must be quiet before a sync.
pub const QUIET: Duration = Duration::from_millis(100);
/// How often a standby node tries to take a watched folder over.
pub const STANDBY_RETRY: Duration = Duration::from_secs(2);

/// What was last synced from one subfolder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Synced {
    name: String,
    digest: String,
    revision: u64,
}

/// What one sync did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SyncReport {
    pub installed: Vec<String>,
    pub archived: Vec<String>,
    /// Subfolders that could not be read or installed, with why.
    pub failed: Vec<String>,
    /// Another node of the shared store watches this folder: this one
    /// synced nothing and takes over when that node goes.
    pub standby: bool,
}

/// A running watch; dropping it stops following the folder.
pub struct FolderWatch {
    _watcher: notify::RecommendedWatcher,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FolderWatch {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Habitat {
    /// Syncs the folder once (as at start), then follows it until the
    /// returned watch is dropped.
    pub async fn watch_folder(
        self: &Arc<Self>,
        spec: WatchSpec,
    ) -> Result<(FolderWatch, SyncReport), HabitatError> {
        let failure = |reason: String| HabitatError::File {
            path: spec.dir.clone(),
            reason,
        };
        if !spec.dir.is_dir() {
            return Err(failure("not a folder".into()));
        }
        let (events, mut received) = mpsc::unbounded_channel();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let _ = events.send(event.is_ok());
            })
            .map_err(|e| failure(e.to_string()))?;
        watcher
            .watch(&spec.dir, RecursiveMode::Recursive)
            .map_err(|e| failure(e.to_string()))?;
        let turn = self.once_per_habitat(&watch_lock_name(&spec)).await?;
        let report = match &turn {
            Some(_) => self.sync_folder(&spec).await?,
            None => SyncReport {
                standby: true,
                ..SyncReport::default()
            },
        };
        let habitat = self.clone();
        let task = tokio::spawn(async move {
            // Held while this node watches the folder.
            let _turn = match turn {
                Some(turn) => turn,
                None => habitat.take_over(&spec, &mut received).await,
            };
            while received.recv().await.is_some() {
                while let Ok(Some(_)) = tokio::time::timeout(QUIET, received.recv()).await {}
                habitat.sync_logged(&spec).await;
            }
        });
        Ok((
            FolderWatch {
                _watcher: watcher,
                task,
            },
            report,
        ))
    }

    /// Stands by until this node gets the folder's lock (the node that
    /// held it went), then syncs what changed meanwhile.
    async fn take_over(
        &self,
        spec: &WatchSpec,
        events: &mut mpsc::UnboundedReceiver<bool>,
    ) -> crate::follow::Turn {
        loop {
            tokio::time::sleep(STANDBY_RETRY).await;
            // The sync after taking over covers whatever happened before.
            while events.try_recv().is_ok() {}
            match self.once_per_habitat(&watch_lock_name(spec)).await {
                Ok(Some(turn)) => {
                    tracing::info!(dir = %spec.dir.display(), "taking the live folder over");
                    self.sync_logged(spec).await;
                    return turn;
                }
                Ok(None) => {}
                Err(error) => {
                    tracing::warn!(dir = %spec.dir.display(), %error, "cannot take the live folder's lock")
                }
            }
        }
    }

    async fn sync_logged(&self, spec: &WatchSpec) {
        match self.sync_folder(spec).await {
            Ok(report) => {
                tracing::info!(dir = %spec.dir.display(), ?report, "live folder synced")
            }
            Err(error) => {
                tracing::warn!(dir = %spec.dir.display(), %error, "live folder sync failed")
            }
        }
    }

    /// Brings the layer in step with the folder: installs what is new or
    /// changed since the last sync, archives what is gone.
    pub async fn sync_folder(&self, spec: &WatchSpec) -> Result<SyncReport, HabitatError> {
        let state_path = self.watch_state_path(&spec.dir);
        let mut state: BTreeMap<String, Synced> = std::fs::read(&state_path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        let mut report = SyncReport::default();
        let on_disk = skill_folders(&spec.dir);
        let present: Vec<String> = on_disk.iter().map(|(folder, _)| folder.clone()).collect();
        for (folder, path) in on_disk {
            let digest = match folder_digest(&path) {
                Ok(digest) => digest,
                Err(error) => {
                    report.failed.push(format!("{folder}: {error}"));
                    continue;
                }
            };
            if state.get(&folder).is_some_and(|s| s.digest == digest) {
                continue;
            }
            match self.install_folder(spec, &path, state.get(&folder)).await {
                Ok((name, revision)) => {
                    report.installed.push(name.clone());
                    let renamed = state.get(&folder).map(|s| s.name.clone());
                    if let Some(old) = renamed.filter(|old| *old != name) {
                        // The folder now holds another name: the old skill
                        // is gone from disk.
                        match self
                            .archive(Caller::host(), spec.layer.clone(), old.clone(), true)
                            .await
                        {
                            Ok(()) => report.archived.push(old),
                            Err(error) => report.failed.push(format!("{folder}: {error}")),
                        }
                    }
                    state.insert(
                        folder,
                        Synced {
                            name,
                            digest,
                            revision,
                        },
                    );
                }
                Err(error) => report.failed.push(format!("{folder}: {error}")),
            }
        }
        let gone: Vec<String> = state
            .keys()
            .filter(|folder| !present.contains(folder))
            .cloned()
            .collect();
        for folder in gone {
            let synced = state.remove(&folder).expect("listed");
            // A rename keeps the skill: another folder now provides it.
            if state.values().any(|s| s.name == synced.name) {
                continue;
            }
            match self
                .archive(
                    Caller::host(),
                    spec.layer.clone(),
                    synced.name.clone(),
                    true,
                )
                .await
            {
                Ok(()) => report.archived.push(synced.name),
                Err(error) => report.failed.push(format!("{folder}: {error}")),
            }
        }
        let bytes = serde_json::to_vec_pretty(&state).expect("the state serialises");
        std::fs::write(&state_path, bytes).map_err(|e| HabitatError::File {
            path: state_path,
            reason: e.to_string(),
        })?;
        Ok(report)
    }

    fn watch_state_path(&self, dir: &Path) -> PathBuf {
        let absolute = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
        let digest = Sha256::digest(absolute.to_string_lossy().as_bytes());
        self.options()
            .data_dir
            .join(format!("watch-{}.json", &hex::encode(digest)[..16]))
    }

    /// Reads one skill folder leniently and installs it; an archived skill
    /// of that name comes back first. Returns the name and new revision.
    async fn install_folder(
        &self,
        spec: &WatchSpec,
        path: &Path,
        last: Option<&Synced>,
    ) -> Result<(String, u64), HabitatError> {
        let failure = |reason: String| HabitatError::File {
            path: path.to_owned(),
            reason,
        };
        let bundle = read_bundle_dir(path)
            .and_then(|raw| raw.import())
            .map_err(|e| failure(e.to_string()))?;
        let mut document = bundle.imported.document;
        let source = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        document.skill.provenance.import_source = Some(source.display().to_string());
        let name = document.name.clone();
        let layer = spec.layer.clone();
        let root = spec.dir.canonicalize().unwrap_or_else(|_| spec.dir.clone());
        let (world_revision, archived, ours) = self
            .read(|store| {
                let world = store.world();
                let current = world.skill_document(&layer, &name)?;
                let revision = world.revisions(&layer, &name)?.current;
                let archived = current.skill.lifecycle == skillworld_core::Lifecycle::Archived;
                // Imported from this watched folder before (a folder
                // renamed in it is the same skill moved).
                let ours = current
                    .skill
                    .provenance
                    .import_source
                    .is_some_and(|source| Path::new(&source).starts_with(&root));
                Ok::<_, skillworld_world::WorldError>((revision, archived, ours))
            })
            .await
            .map_or((None, false, false), |(r, a, o)| (Some(r), a, o));
        if let (Some(world), Some(last)) = (world_revision, last)
            && world != last.revision
        {
            tracing::warn!(
                skill = %name,
                folder = %path.display(),
                world_revision = world,
                "edited in the world and on disk: the disk wins; the world's version stays as revision {world}"
            );
        }
        if archived {
            self.restore(Caller::host(), layer.clone(), name.clone())
                .await?;
        }
        let (files, signature) = (bundle.files, bundle.signature);
        // STO-6: the folder is the skill's source, so an edit updates the
        // skill it imported, and a folder renamed inside the watched one
        // replaces the skill it moved from; an unrelated skill of that name
        // is never replaced (the folder's gets a numbered name). The folder
        // holds every file, so buckets it empties are emptied.
        let rules = InstallRules {
            on_collision: if ours {
                OnCollision::Replace
            } else {
                OnCollision::Number
            },
            force_prune: true,
        };
        self.write(move |store| {
            let installed = store
                .run(|world| world.install_signed(&layer, document, files, signature, rules))??;
            Ok::<_, HabitatError>((installed.name, installed.revision))
        })
        .await
    }
}

/// The name of a watched folder's lock: its absolute path and its layer.
fn watch_lock_name(spec: &WatchSpec) -> String {
    let absolute = std::fs::canonicalize(&spec.dir).unwrap_or_else(|_| spec.dir.clone());
    format!("watch {}={:?}", absolute.display(), spec.layer)
}

/// The skill folders directly under `dir` (hidden ones skipped), by
/// folder name.
fn skill_folders(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut folders: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_owned();
            (!name.starts_with('.') && skill_file_in(&entry.path()).is_some())
                .then(|| (name, entry.path()))
        })
        .collect();
    folders.sort();
    folders
}

/// A digest of a skill folder's files (paths and bytes), to tell whether
/// it changed since the last sync.
fn folder_digest(path: &Path) -> Result<String, String> {
    let raw = read_bundle_dir(path).map_err(|e| e.to_string())?;
    let mut hasher = Sha256::new();
    hasher.update(raw.skill_file_name.as_bytes());
    hasher.update((raw.skill_md.len() as u64).to_le_bytes());
    hasher.update(&raw.skill_md);
    for file in &raw.files {
        hasher.update(file.path.as_bytes());
        hasher.update([u8::from(file.executable)]);
        hasher.update((file.bytes.len() as u64).to_le_bytes());
        hasher.update(&file.bytes);
    }
    Ok(hex::encode(hasher.finalize()))
}
