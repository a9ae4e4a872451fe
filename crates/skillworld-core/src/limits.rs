//! The numeric limits of MOD-5 and MOD-6, in one place.

/// Longest skill name, in characters (MOD-6).
pub const MAX_NAME_CHARS: usize = 64;
/// Longest description, in characters (MOD-6).
pub const MAX_DESCRIPTION_CHARS: usize = 1024;
/// Longest body, in characters (MOD-6).
pub const MAX_CONTENT_CHARS: usize = 100_000;
/// Longest `compatibility` text, in characters (MOD-4).
pub const MAX_COMPATIBILITY_CHARS: usize = 500;
/// Largest single bundle file, in bytes (MOD-5).
pub const MAX_FILE_BYTES: u64 = 1_000_000;
/// Largest bundle, all files together, in bytes (MOD-5).
pub const MAX_BUNDLE_BYTES: u64 = 50_000_000;
/// Most files in one bundle, `SKILL.md` included (MOD-5).
pub const MAX_BUNDLE_FILES: usize = 256;
