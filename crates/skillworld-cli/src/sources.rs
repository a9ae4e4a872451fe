//! A skill's source as its provenance keeps it (STO-6: the same folder
//! imported from any working directory, or through a link, is the same
//! source): its path with every link resolved. A bulk import resolves
//! thousands of folders under a few parents; each parent is resolved once,
//! and an entry that is no link itself is its resolved parent joined with
//! its name — what resolving the whole path gives. Resolving every path
//! whole read each of its components again (issue 19: the C library's
//! `realpath` made five system calls a skill in the import bench's corpus).

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// One reader's resolved parent folders (none when a parent does not
/// resolve: its entries are resolved whole).
#[derive(Default)]
pub struct Sources {
    parents: HashMap<PathBuf, Option<PathBuf>>,
}

impl Sources {
    /// `origin`'s path with links resolved; made absolute as it is when
    /// it cannot be resolved (it vanished, a parent is unreadable).
    pub fn of(&mut self, origin: &Path) -> PathBuf {
        self.resolved(origin)
            .or_else(|| std::path::absolute(origin).ok())
            .unwrap_or_else(|| origin.to_owned())
    }

    fn resolved(&mut self, origin: &Path) -> Option<PathBuf> {
        let Some((parent, name)) = parent_and_name(origin) else {
            return origin.canonicalize().ok();
        };
        let no_link = std::fs::symlink_metadata(origin).is_ok_and(|m| !m.file_type().is_symlink());
        let parent = self
            .parents
            .entry(parent.to_owned())
            .or_insert_with(|| parent.canonicalize().ok());
        match parent {
            Some(parent) if no_link => Some(parent.join(name)),
            _ => origin.canonicalize().ok(),
        }
    }
}

/// A path's parent and last name, when it ends in a plain name under a
/// parent that is a path of its own (not `..`, `/` or a lone name).
fn parent_and_name(path: &Path) -> Option<(&Path, OsString)> {
    let Some(Component::Normal(name)) = path.components().next_back() else {
        return None;
    };
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty())?;
    Some((parent, name.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_is_the_path_with_every_link_resolved() {
        let root = tempfile::tempdir().unwrap();
        let real = root.path().join("real");
        std::fs::create_dir_all(real.join("skill")).unwrap();
        std::fs::create_dir_all(root.path().join("elsewhere/target")).unwrap();
        std::fs::write(real.join("bundle.zip"), b"zip").unwrap();
        std::os::unix::fs::symlink(&real, root.path().join("linked")).unwrap();
        std::os::unix::fs::symlink(root.path().join("elsewhere/target"), real.join("a-link"))
            .unwrap();
        let linked = root.path().join("linked");
        let mut sources = Sources::default();
        for origin in [
            real.join("skill"),
            linked.join("skill"),
            linked.join("bundle.zip"),
            linked.join("a-link"),
            linked.join("skill/.."),
            linked.join("./skill"),
            linked.clone(),
        ] {
            // Twice: the second time from the resolved parent kept.
            for _ in 0..2 {
                assert_eq!(
                    sources.of(&origin),
                    origin.canonicalize().unwrap(),
                    "{}",
                    origin.display()
                );
            }
        }
        let gone = linked.join("gone");
        assert_eq!(
            sources.of(&gone),
            gone,
            "what does not resolve stays as given"
        );
    }
}
