//! The shipped Commons, compiled in, and its sync into a world (STO-4):
//! copied when missing, upgraded (the old copy kept as a revision) when the
//! shipped semver version is newer, otherwise left alone so local edits
//! survive.

use std::cmp::Ordering;

use skillworld_format::{BundleFile, SkillDocument, Source, import_skill_md};
use skillworld_world::{Layer, SkillWorld, WorldError};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The shipped builtin skills with their bundle files.
pub fn shipped_commons() -> Vec<(SkillDocument, Vec<BundleFile>)> {
    let mut skills: Vec<(SkillDocument, Vec<BundleFile>)> = Vec::new();
    let mut folders: Vec<&str> = SHIPPED_FILES.iter().map(|(folder, _, _)| *folder).collect();
    folders.dedup();
    for folder in folders {
        let in_folder = SHIPPED_FILES.iter().filter(|(f, _, _)| *f == folder);
        let mut skill_md = None;
        let mut files = Vec::new();
        for (_, path, bytes) in in_folder {
            if *path == "SKILL.md" {
                skill_md = Some(*bytes);
            } else {
                files.push(BundleFile {
                    path: (*path).to_owned(),
                    bytes: bytes.to_vec(),
                    executable: path.starts_with("scripts/"),
                });
            }
        }
        let Some(skill_md) = skill_md else { continue };
        let source = Source {
            dir_name: Some(folder),
            file_name: Some("SKILL.md"),
            location: Some(folder),
        };
        let imported = import_skill_md(skill_md, &source)
            .expect("shipped skills are valid (tests/commons.rs)");
        skills.push((imported.document, files));
    }
    skills
}

/// What a sync did to one shipped skill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Synced {
    Installed(String),
    Upgraded {
        name: String,
        from: Option<String>,
        to: String,
    },
    Kept(String),
}

/// Brings the shipped Commons into `world`.
pub fn sync_shipped(
    world: &mut SkillWorld,
    shipped: Vec<(SkillDocument, Vec<BundleFile>)>,
) -> Result<Vec<Synced>, WorldError> {
    let mut report = Vec::new();
    for (document, files) in shipped {
        let name = document.name.clone();
        let shipped_version = document.skill.effective_version().map(str::to_owned);
        let installed = world.skill_document(&Layer::Commons, &name).ok();
        match installed {
            None => {
                world.install_builtin(document, files)?;
                report.push(Synced::Installed(name));
            }
            Some(current) => {
                let current_version = current.skill.effective_version().map(str::to_owned);
                if semver_cmp(shipped_version.as_deref(), current_version.as_deref())
                    == Ordering::Greater
                {
                    world.install_builtin(document, files)?;
                    report.push(Synced::Upgraded {
                        name,
                        from: current_version,
                        to: shipped_version.unwrap_or_default(),
                    });
                } else {
                    report.push(Synced::Kept(name));
                }
            }
        }
    }
    Ok(report)
}

/// Compares `a.b.c` versions numerically; a missing version is oldest.
fn semver_cmp(a: Option<&str>, b: Option<&str>) -> Ordering {
    let parse = |v: &str| -> Vec<u64> {
        v.trim_start_matches('v')
            .split(['.', '-', '+'])
            .map_while(|p| p.parse().ok())
            .collect()
    };
    match (a, b) {
        (Some(a), Some(b)) => parse(a).cmp(&parse(b)),
        (a, b) => a.is_some().cmp(&b.is_some()),
    }
}

/// Opens (or creates, seeded with the shipped Commons) the world at `path`
/// and brings the shipped Commons into it: how every front door opens a
/// world. `options.seed` is replaced by the shipped Commons.
pub fn open_with_shipped(
    path: &std::path::Path,
    options: crate::OpenOptions,
) -> Result<crate::Store, crate::StoreError> {
    let options = crate::OpenOptions {
        seed: shipped_commons(),
        ..options
    };
    let mut store = crate::Store::open(path, options)?;
    store.run(|world| sync_shipped(world, shipped_commons()))??;
    Ok(store)
}

/// [`open_with_shipped`] for a database that does not exist yet, built
/// at a private path until [`crate::Unpublished::publish`] (a bulk import
/// into a new file: no fsync until then). Its seed is the shipped Commons,
/// so there is nothing left to sync.
pub fn create_with_shipped(
    path: &std::path::Path,
    options: crate::OpenOptions,
) -> Result<(crate::Store, crate::Unpublished), crate::StoreError> {
    let options = crate::OpenOptions {
        seed: shipped_commons(),
        ..options
    };
    crate::Store::create_unpublished(path, options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_numerically() {
        assert_eq!(semver_cmp(Some("1.10.0"), Some("1.9.3")), Ordering::Greater);
        assert_eq!(semver_cmp(Some("1.0.0"), Some("1.0.0")), Ordering::Equal);
        assert_eq!(semver_cmp(Some("1.0.0"), None), Ordering::Greater);
        assert_eq!(semver_cmp(None, None), Ordering::Equal);
    }

    #[test]
    fn the_shipped_commons_is_compiled_in() {
        let names: Vec<String> = shipped_commons().into_iter().map(|(d, _)| d.name).collect();
        assert!(
            names.contains(&"skill-curation".to_owned())
                && names.contains(&"skill-authoring".to_owned())
        );
    }
}
