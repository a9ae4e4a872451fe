//! FMT-7: skill bundles from folders and zips, and installing them.

mod dir;
mod files;
mod install;
mod zip;

use std::path::{Path, PathBuf};

use skillworld_core::Bucket;
use skillworld_core::limits::{MAX_BUNDLE_BYTES, MAX_BUNDLE_FILES, MAX_FILE_BYTES};
use thiserror::Error;

use crate::frontmatter::find_nul;
use crate::signature::{BundleSignature, MAX_SIGNATURE_BYTES, SIGNATURE_FILE, SignatureError};
use crate::{FormatError, Imported, Source, Warning, WarningCode, import_skill_md};

pub use dir::{read_bundle_dir, skill_file_in};
pub use files::{is_executable, write_file_atomically};
pub use install::{InstallError, InstallOptions, InstallReport, install_bundle};
pub use zip::read_bundle_zip;

/// The names a skill file may have, preferred first (FMT-1).
pub const SKILL_FILE_NAMES: [&str; 3] = ["SKILL.md", "skill.md", "Skill.md"];

/// Extensions of root files that go to `scripts/` (FMT-7).
const SCRIPT_EXTENSIONS: [&str; 13] = [
    "sh", "bash", "zsh", "py", "js", "mjs", "ts", "rb", "pl", "php", "bat", "cmd", "ps1",
];
/// Extensions of root files that go to `references/` (FMT-7).
const REFERENCE_EXTENSIONS: [&str; 12] = [
    "md", "txt", "json", "yaml", "yml", "csv", "tsv", "html", "htm", "xml", "toml", "rst",
];

/// One file of a bundle besides SKILL.md.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BundleFile {
    /// `/`-separated path inside the bundle, starting with its bucket.
    pub path: String,
    pub bytes: Vec<u8>,
    pub executable: bool,
}

/// A leniently imported skill with its bundle files, sorted by path.
#[derive(Clone, Debug, PartialEq)]
pub struct Bundle {
    pub imported: Imported,
    pub files: Vec<BundleFile>,
    /// The root `SKILL.sig` (GOV-2), never one of the files.
    pub signature: Option<BundleSignature>,
}

/// Why a bundle could not be read. Every variant names the input.
#[derive(Debug, Error)]
pub enum BundleError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: no SKILL.md found")]
    NoSkillFile { path: PathBuf },
    #[error("{path}: {source}")]
    Skill { path: PathBuf, source: FormatError },
    #[error("{path}: '{file}' is {bytes} bytes, over the {MAX_FILE_BYTES}-byte limit per file")]
    FileTooLarge {
        path: PathBuf,
        file: String,
        bytes: u64,
    },
    #[error("{path}: the bundle is over the {MAX_BUNDLE_BYTES}-byte limit")]
    BundleTooLarge { path: PathBuf },
    #[error(
        "{path}: the zip inflates to more than {MAX_BUNDLE_BYTES} bytes (the bundle limit), counting every entry read, skipped ones included"
    )]
    InflatesTooLarge { path: PathBuf },
    #[error("{path}: the bundle has more than {MAX_BUNDLE_FILES} files")]
    TooManyFiles { path: PathBuf },
    #[error("{path}: '{file}' is a symbolic link; bundles may not contain links")]
    Symlink { path: PathBuf, file: String },
    #[error("{path}: entry '{file}' has an absolute path or '..' and would escape the skill")]
    UnsafePath { path: PathBuf, file: String },
    #[error("{path}: entry name is neither UTF-8 nor GBK")]
    BadEntryName { path: PathBuf },
    #[error("{path}: not a readable zip ({message})")]
    Zip { path: PathBuf, message: String },
    /// The root `SKILL.sig` is too large or not a signature file.
    #[error("{path}: {source}")]
    Signature {
        path: PathBuf,
        source: SignatureError,
    },
}

/// Where a file found beside SKILL.md goes.
enum Placement {
    Keep(String),
    /// Packaging litter (`__MACOSX/`, `.DS_Store`): skipped without a word.
    Ignore,
    Drop(&'static str),
}

/// Places a path relative to the skill's folder (FMT-7).
fn place(relative: &str) -> Placement {
    let parts: Vec<&str> = relative.split('/').collect();
    let file = parts[parts.len() - 1];
    if parts.contains(&"__MACOSX") || file == ".DS_Store" {
        return Placement::Ignore;
    }
    if parts.len() > 1 {
        return match parts[0].parse::<Bucket>() {
            Ok(_) => Placement::Keep(relative.to_owned()),
            Err(_) => {
                Placement::Drop("it is outside scripts/, references/, assets/ and templates/")
            }
        };
    }
    let extension = file
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    if SCRIPT_EXTENSIONS.contains(&extension.as_str()) {
        Placement::Keep(format!("scripts/{file}"))
    } else if REFERENCE_EXTENSIONS.contains(&extension.as_str()) {
        Placement::Keep(format!("references/{file}"))
    } else {
        Placement::Drop("its type belongs to no bundle folder")
    }
}

/// Collects the files of a bundle under the MOD-5 limits.
struct Collector {
    origin: PathBuf,
    files: Vec<BundleFile>,
    total: u64,
    warnings: Vec<Warning>,
    signature: Option<Vec<u8>>,
}

impl Collector {
    fn new(origin: &Path) -> Self {
        Collector {
            origin: origin.to_owned(),
            files: Vec::new(),
            total: 0,
            warnings: Vec::new(),
            signature: None,
        }
    }

    /// Whether `relative` is the root `SKILL.sig`, which is the bundle's
    /// signature and never one of its files (GOV-2).
    fn is_signature(relative: &str) -> bool {
        relative == SIGNATURE_FILE
    }

    /// Refuses a signature file too large to be one before it is read.
    fn check_signature_size(&self, bytes: u64) -> Result<(), BundleError> {
        if bytes > MAX_SIGNATURE_BYTES {
            return Err(BundleError::Signature {
                path: self.origin.clone(),
                source: SignatureError::Malformed {
                    what: SIGNATURE_FILE,
                    reason: format!("it is over {MAX_SIGNATURE_BYTES} bytes"),
                },
            });
        }
        Ok(())
    }

    fn add_signature(&mut self, bytes: Vec<u8>) -> Result<(), BundleError> {
        self.check_signature_size(bytes.len() as u64)?;
        self.signature = Some(bytes);
        Ok(())
    }

    /// Refuses a file over the per-file limit before its bytes are read.
    fn check_size(&self, file: &str, bytes: u64) -> Result<(), BundleError> {
        if bytes > MAX_FILE_BYTES {
            return Err(BundleError::FileTooLarge {
                path: self.origin.clone(),
                file: file.to_owned(),
                bytes,
            });
        }
        if self.total + bytes > MAX_BUNDLE_BYTES {
            return Err(BundleError::BundleTooLarge {
                path: self.origin.clone(),
            });
        }
        Ok(())
    }

    fn add(&mut self, relative: &str, bytes: Vec<u8>, executable: bool) -> Result<(), BundleError> {
        let path = match place(relative) {
            Placement::Ignore => return Ok(()),
            Placement::Drop(reason) => {
                self.warnings.push(Warning::new(
                    WarningCode::FileDropped,
                    format!("'{relative}' dropped: {reason}"),
                ));
                return Ok(());
            }
            Placement::Keep(path) => path,
        };
        self.check_size(relative, bytes.len() as u64)?;
        let bucket = Bucket::of_path(&path).expect("placed paths start with a bucket");
        if bucket.is_text_only() && find_nul(&bytes).is_some() {
            self.warnings.push(Warning::new(
                WarningCode::BinarySkipped,
                format!("'{relative}' skipped: binary content in {bucket}/"),
            ));
            return Ok(());
        }
        // SKILL.md counts as one of the files.
        if self.files.len() + 1 >= MAX_BUNDLE_FILES {
            return Err(BundleError::TooManyFiles {
                path: self.origin.clone(),
            });
        }
        self.total += bytes.len() as u64;
        self.files.push(BundleFile {
            path,
            bytes,
            executable,
        });
        Ok(())
    }

    fn finish(
        mut self,
        skill_md: Vec<u8>,
        skill_file_name: String,
        dir_name: Option<String>,
    ) -> Result<RawBundle, BundleError> {
        self.check_size(&skill_file_name, skill_md.len() as u64)?;
        self.files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(RawBundle {
            origin: self.origin,
            skill_md,
            skill_file_name,
            dir_name,
            files: self.files,
            warnings: self.warnings,
            signature: self.signature,
        })
    }
}

/// A bundle's files as read, before its SKILL.md is interpreted: strict
/// validation and lenient import both start here.
#[derive(Clone, Debug)]
pub struct RawBundle {
    /// The folder or zip it was read from.
    pub origin: PathBuf,
    pub skill_md: Vec<u8>,
    pub skill_file_name: String,
    /// The folder holding SKILL.md (for a zip: inside it, else its stem).
    pub dir_name: Option<String>,
    pub files: Vec<BundleFile>,
    /// Files dropped or skipped while reading.
    pub warnings: Vec<Warning>,
    /// The bytes of the root `SKILL.sig`, if the bundle has one (GOV-2).
    pub signature: Option<Vec<u8>>,
}

impl RawBundle {
    fn source(&self) -> (Source<'_>, std::borrow::Cow<'_, str>) {
        let location = self.origin.to_string_lossy();
        let source = Source {
            dir_name: self.dir_name.as_deref(),
            file_name: Some(&self.skill_file_name),
            location: None,
        };
        (source, location)
    }

    /// Imports the SKILL.md leniently (FMT-4), with the bundle's warnings;
    /// a `SKILL.sig` that is not a signature file refuses the bundle.
    pub fn import(self) -> Result<Bundle, BundleError> {
        let signature = self
            .signature
            .as_deref()
            .map(BundleSignature::parse)
            .transpose()
            .map_err(|source| BundleError::Signature {
                path: self.origin.clone(),
                source,
            })?;
        let (source, location) = self.source();
        let source = Source {
            location: Some(&location),
            ..source
        };
        let mut imported =
            import_skill_md(&self.skill_md, &source).map_err(|source| BundleError::Skill {
                path: self.origin.clone(),
                source,
            })?;
        imported.warnings.extend(self.warnings);
        Ok(Bundle {
            imported,
            files: self.files,
            signature,
        })
    }

    /// Validates the SKILL.md strictly (FMT-4).
    pub fn validate_strict(&self) -> crate::StrictReport {
        let (source, _) = self.source();
        crate::validate_strict(&self.skill_md, &source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(relative: &str) -> Option<String> {
        match place(relative) {
            Placement::Keep(path) => Some(path),
            _ => None,
        }
    }

    #[test]
    fn root_files_are_classified_by_extension() {
        assert_eq!(kept("run.SH").as_deref(), Some("scripts/run.SH"));
        assert_eq!(kept("notes.md").as_deref(), Some("references/notes.md"));
        assert_eq!(kept("logo.png"), None);
        assert_eq!(
            kept("scripts/deep/x.bin").as_deref(),
            Some("scripts/deep/x.bin")
        );
        assert_eq!(kept("agents/x.md"), None);
        assert!(matches!(
            place("__MACOSX/scripts/._x.sh"),
            Placement::Ignore
        ));
        assert!(matches!(place("assets/.DS_Store"), Placement::Ignore));
    }
}
