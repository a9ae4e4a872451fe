//! File helpers shared by bundle reads, installs and workspaces.

use std::fs;
use std::io::Write;
use std::path::Path;

/// Whether a file's mode has an executable bit (always `false` off Unix).
#[cfg(unix)]
pub fn is_executable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
pub fn is_executable(_meta: &fs::Metadata) -> bool {
    false
}

/// Writes a file whole or not at all: to a temporary name beside it, synced,
/// with mode 0755 or 0644, then renamed over the target. Missing folders
/// are created.
pub fn write_file_atomically(target: &Path, bytes: &[u8], executable: bool) -> std::io::Result<()> {
    let parent = target.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let file_name = target
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let temporary = parent.join(format!(".{file_name}.skillworld-tmp"));
    let mut file = fs::File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    set_mode(&temporary, executable)?;
    fs::rename(&temporary, target)
}

#[cfg(unix)]
fn set_mode(path: &Path, executable: bool) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(
        path,
        fs::Permissions::from_mode(if executable { 0o755 } else { 0o644 }),
    )
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _executable: bool) -> std::io::Result<()> {
    Ok(())
}
