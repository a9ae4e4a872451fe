use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use skillworld_core::limits::{MAX_BUNDLE_BYTES, MAX_FILE_BYTES};
use zip::ZipArchive;

use super::{BundleError, Collector, RawBundle, SKILL_FILE_NAMES};
use crate::{Warning, WarningCode};

/// More entries than this (kept, dropped or skipped) is refused before any
/// is read.
const MAX_ENTRIES: usize = 10_000;
/// A zip larger than the largest bundle plus room for headers is refused
/// before it is opened.
const MAX_ZIP_BYTES: u64 = MAX_BUNDLE_BYTES + MAX_BUNDLE_BYTES / 10;

struct Entry {
    index: usize,
    name: String,
    size: u64,
    executable: bool,
}

/// Reads a zipped skill (FMT-7). `origin` names the zip in errors
/// and gives the skill's folder name when SKILL.md sits at the zip's root.
/// Entry order never matters: SKILL.md is located first, anywhere.
pub fn read_bundle_zip(bytes: &[u8], origin: &Path) -> Result<RawBundle, BundleError> {
    let path = origin.to_owned();
    let zip_error = |e: zip::result::ZipError| BundleError::Zip {
        path: path.clone(),
        message: e.to_string(),
    };
    if bytes.len() as u64 > MAX_ZIP_BYTES {
        return Err(BundleError::BundleTooLarge { path });
    }
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(zip_error)?;
    if archive.len() > MAX_ENTRIES {
        return Err(BundleError::TooManyFiles { path });
    }

    // Pass 1: names, kinds and declared sizes, nothing decompressed.
    let mut entries = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let file = archive.by_index_raw(index).map_err(zip_error)?;
        let name = decode_name(file.name_raw())
            .ok_or_else(|| BundleError::BadEntryName { path: path.clone() })?;
        let name = name.replace('\\', "/");
        if is_unsafe(&name) {
            return Err(BundleError::UnsafePath { path, file: name });
        }
        if file.is_symlink() {
            return Err(BundleError::Symlink { path, file: name });
        }
        if file.is_dir() || name.ends_with('/') {
            continue;
        }
        let executable = file.unix_mode().is_some_and(|mode| mode & 0o111 != 0);
        entries.push(Entry {
            index,
            name,
            size: file.size(),
            executable,
        });
    }

    let skill = entries
        .iter()
        .filter(|e| SKILL_FILE_NAMES.contains(&e.name.rsplit('/').next().unwrap_or_default()))
        .filter(|e| !e.name.split('/').any(|part| part == "__MACOSX"))
        .min_by_key(|e| (e.name.matches('/').count(), e.name.clone()))
        .ok_or_else(|| BundleError::NoSkillFile { path: path.clone() })?;
    let skill_index = skill.index;
    let (prefix, skill_file) = match skill.name.rsplit_once('/') {
        Some((folder, file)) => (format!("{folder}/"), file.to_owned()),
        None => (String::new(), skill.name.clone()),
    };
    let stem = origin
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_owned();
    let dir_name = prefix
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .filter(|d| !d.is_empty())
        .unwrap_or(&stem)
        .to_owned();

    // Pass 2: the files of the skill, declared sizes checked before reading
    // and actual sizes while reading (a declared size can lie). Every byte
    // inflated counts toward the bundle limit, whether the entry is then
    // kept or skipped (binary content in a text folder), so a zip can make
    // the reader inflate at most the limit, whatever it holds.
    let mut collector = Collector::new(origin);
    let mut inflated = Inflated {
        total: 0,
        origin: origin.to_owned(),
    };
    let mut skill_bytes = Vec::new();
    for entry in &entries {
        if entry.index == skill_index {
            collector.check_size(&entry.name, entry.size)?;
            skill_bytes = inflated.read(&mut archive, entry)?;
            continue;
        }
        let Some(relative) = entry.name.strip_prefix(&prefix) else {
            collector.warnings.push(Warning::new(
                WarningCode::FileDropped,
                format!("'{}' dropped: it is outside the skill's folder", entry.name),
            ));
            continue;
        };
        if Collector::is_signature(relative) {
            collector.check_signature_size(entry.size)?;
            let bytes = inflated.read(&mut archive, entry)?;
            collector.add_signature(bytes)?;
            continue;
        }
        if !matches!(super::place(relative), super::Placement::Keep(_)) {
            collector.add(relative, Vec::new(), false)?;
            continue;
        }
        collector.check_size(relative, entry.size)?;
        let bytes = inflated.read(&mut archive, entry)?;
        collector.add(relative, bytes, entry.executable)?;
    }
    collector.finish(skill_bytes, skill_file, Some(dir_name))
}

/// The bytes inflated so far from one zip, all entries together.
struct Inflated {
    total: u64,
    origin: PathBuf,
}

impl Inflated {
    /// Inflates one entry, never more than the per-file limit nor what is
    /// left of the bundle limit (plus one byte, to tell that it is over).
    fn read(
        &mut self,
        archive: &mut ZipArchive<Cursor<&[u8]>>,
        entry: &Entry,
    ) -> Result<Vec<u8>, BundleError> {
        let zip_error = |message: String| BundleError::Zip {
            path: self.origin.clone(),
            message,
        };
        let file = archive
            .by_index(entry.index)
            .map_err(|e| zip_error(e.to_string()))?;
        let left = MAX_BUNDLE_BYTES.saturating_sub(self.total);
        let cap = MAX_FILE_BYTES.min(left);
        let mut bytes = Vec::with_capacity(entry.size.min(cap) as usize);
        file.take(cap + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| zip_error(format!("'{}': {e}", entry.name)))?;
        self.total += bytes.len() as u64;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(BundleError::FileTooLarge {
                path: self.origin.clone(),
                file: entry.name.clone(),
                bytes: bytes.len() as u64,
            });
        }
        if self.total > MAX_BUNDLE_BYTES {
            return Err(BundleError::InflatesTooLarge {
                path: self.origin.clone(),
            });
        }
        Ok(bytes)
    }
}

/// Entry names are UTF-8, else GBK (common in zips made on Chinese Windows).
fn decode_name(raw: &[u8]) -> Option<String> {
    match std::str::from_utf8(raw) {
        Ok(name) => Some(name.to_owned()),
        Err(_) => encoding_rs::GBK
            .decode_without_bom_handling_and_without_replacement(raw)
            .map(|n| n.into_owned()),
    }
}

fn is_unsafe(name: &str) -> bool {
    let drive =
        name.len() >= 2 && name.as_bytes()[1] == b':' && name.as_bytes()[0].is_ascii_alphabetic();
    name.starts_with('/')
        || drive
        || name.contains('\0')
        || name.split('/').any(|part| part == "..")
}
