//! GOV-2/GOV-3: one skill as a shareable whole — its canonical digest (what
//! `digest --skill` prints and a publisher signs) and a zip that imports
//! back to the same digest.

use std::io::Write;

use sha2::{Digest, Sha256};

use crate::{BundleFile, SkillDocument, export_skill_md};

/// The canonical digest of a skill: SHA-256 over its exported SKILL.md and
/// every bundle file (path, executable bit, length, bytes), in path order.
/// It depends on the content only, not on how the files were laid out or
/// zipped; a `SKILL.sig` is never part of it.
pub fn skill_digest(document: &SkillDocument, files: &[BundleFile]) -> String {
    let mut hasher = Sha256::new();
    let skill_md = export_skill_md(document);
    let mut part = |path: &str, executable: bool, bytes: &[u8]| {
        hasher.update(path.as_bytes());
        hasher.update([0, u8::from(executable)]);
        hasher.update((bytes.len() as u64).to_be_bytes());
        hasher.update(bytes);
    };
    part("SKILL.md", false, skill_md.as_bytes());
    let mut sorted: Vec<&BundleFile> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    for file in sorted {
        part(&file.path, file.executable, &file.bytes);
    }
    hex(&hasher.finalize())
}

/// A zip of one skill: `NAME/SKILL.md` and `NAME/<path>` for each file,
/// executables marked, timestamps fixed so the same skill zips the same.
pub fn export_zip(document: &SkillDocument, files: &[BundleFile]) -> std::io::Result<Vec<u8>> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    let name = &document.name;
    zip.start_file(format!("{name}/SKILL.md"), options.unix_permissions(0o644))?;
    zip.write_all(export_skill_md(document).as_bytes())?;
    for file in files {
        let mode = if file.executable { 0o755 } else { 0o644 };
        zip.start_file(
            format!("{name}/{}", file.path),
            options.unix_permissions(mode),
        )?;
        zip.write_all(&file.bytes)?;
    }
    zip.finish()?;
    Ok(out.into_inner())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
