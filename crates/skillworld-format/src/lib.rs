//! SKILL.md reading, writing and validation, and skill bundles.
//!
//! One parser, two modes (FMT-4): [`import_skill_md`] is lenient and turns
//! real-world quirks into [`Warning`]s with stable codes;
//! [`validate_strict`] applies the agentskills specification with the
//! reference validator's messages. [`export_skill_md`] writes a file that
//! imports back to the same document (FMT-5). Bundles come from folders or
//! zips ([`read_bundle_dir`], [`read_bundle_zip`]) and are installed with
//! write-then-prune ([`install_bundle`]).
//!
//! ```
//! use skillworld_format::{export_skill_md, import_skill_md, validate_strict, Source, WarningCode};
//!
//! let text = "---\nname: PDF Tools\ndescription: Fill PDF forms.\n---\nUse pdftk.\n";
//! let imported = import_skill_md(text.as_bytes(), &Source::default()).unwrap();
//! assert_eq!(imported.document.name, "pdf-tools");
//! assert_eq!(imported.warnings[0].code, WarningCode::NameNormalized);
//!
//! let strict = validate_strict(text.as_bytes(), &Source::default());
//! assert_eq!(strict.errors[0], "Skill name 'PDF Tools' must be lowercase");
//!
//! let exported = export_skill_md(&imported.document);
//! assert!(validate_strict(exported.as_bytes(), &Source::default()).errors.is_empty());
//! let again = import_skill_md(exported.as_bytes(), &Source::default()).unwrap();
//! assert_eq!(again.document.name, "pdf-tools");
//! ```

pub use bundle::{
    Bundle, BundleError, BundleFile, InstallError, InstallOptions, InstallReport, RawBundle,
    SKILL_FILE_NAMES, install_bundle, is_executable, read_bundle_dir, read_bundle_zip,
    skill_file_in, write_file_atomically,
};
pub use document::{SkillDocument, Source};
pub use error::{FormatError, RenderError};
pub use export::export_skill_md;
pub use frontmatter::{MAX_FRONTMATTER_BYTES, MAX_NESTING};
pub use import::{Imported, import_skill_md};
pub use names::{assign_unique_names, numbered_name};
pub use params::render_body;
pub use share::{export_zip, skill_digest};
pub use signature::{
    BundleSignature, MAX_SIGNATURE_BYTES, SIGNATURE_FILE, SIGNED_CONTEXT, SignatureError,
    generate_key, parse_public_key, parse_secret_key, public_key_text, secret_key_text,
};
pub use strict::{StrictReport, validate_strict};
pub use warning::{Warning, WarningCode};
pub use yaml::parse_mapping as parse_frontmatter_yaml;

mod bare;
mod bundle;
mod dialect;
mod document;
mod error;
mod export;
mod frontmatter;
mod import;
mod names;
mod params;
mod share;
mod signature;
mod simple_emit;
mod simple_yaml;
mod strict;
mod warning;
mod yaml;
