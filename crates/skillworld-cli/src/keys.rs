//! `keys new|trust|list|remove` and `sign` (GOV-2): publishers' Ed25519
//! keys as files, their registration in the world, and `SKILL.sig`.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::json;
use skillworld_core::Trust;
use skillworld_format::{
    BundleSignature, SIGNATURE_FILE, generate_key, parse_public_key, parse_secret_key,
    public_key_text, read_bundle_dir, secret_key_text, skill_digest, write_file_atomically,
};

use crate::open::{Global, open, with_world};
use crate::table::Table;
use crate::{Failure, KeysAction, emit};

pub fn keys(global: &Global, action: KeysAction) -> Result<bool, Failure> {
    match action {
        KeysAction::New { name, out } => new_key(global, &name, &out),
        KeysAction::Trust { file, level, name } => trust(global, &file, level, name),
        KeysAction::List => list(global),
        KeysAction::Remove { name } => {
            with_world(global, |world| world.remove_key(&name))?;
            emit(global, json!({"ok": true, "removed": name}), || {
                format!("removed key {name}")
            });
            Ok(true)
        }
    }
}

/// Writes `NAME.key` (mode 0600, refused if it exists) and `NAME.pub`.
fn new_key(global: &Global, name: &str, out: &Path) -> Result<bool, Failure> {
    skillworld_core::SkillName::new(name)
        .map_err(|e| Failure::usage(format!("key name '{name}': {e}")))?;
    std::fs::create_dir_all(out).map_err(|e| Failure::usage(format!("{}: {e}", out.display())))?;
    let secret_path = out.join(format!("{name}.key"));
    let public_path = out.join(format!("{name}.pub"));
    let key = generate_key().map_err(|e| Failure::failed(format!("no random source: {e}")))?;
    write_secret(&secret_path, &secret_key_text(&key))?;
    std::fs::write(&public_path, public_key_text(&key.verifying_key()))
        .map_err(|e| Failure::failed(format!("{}: {e}", public_path.display())))?;
    let public = hex::encode(key.verifying_key().to_bytes());
    emit(
        global,
        json!({"ok": true, "name": name, "key": secret_path, "pub": public_path, "public_key": public}),
        || {
            format!(
                "wrote {} (secret, mode 0600) and {}",
                secret_path.display(),
                public_path.display()
            )
        },
    );
    Ok(true)
}

/// A new file readable by its owner only; an existing key is never
/// overwritten.
fn write_secret(path: &Path, text: &str) -> Result<(), Failure> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .map_err(|e| Failure::failed(format!("{}: {e}", path.display())))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| Failure::failed(format!("{}: {e}", path.display())))
}

fn trust(
    global: &Global,
    file: &Path,
    level: Trust,
    name: Option<String>,
) -> Result<bool, Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
    let key =
        parse_public_key(&text).map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
    let name = match name {
        Some(name) => name,
        None => file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .ok_or_else(|| Failure::usage("give the key a name with --name"))?,
    };
    with_world(global, |world| world.trust_key(&name, key, level))?;
    emit(
        global,
        json!({"ok": true, "name": name, "level": level, "public_key": hex::encode(key)}),
        || format!("key {name} registered: skills it signs are {level}"),
    );
    Ok(true)
}

fn list(global: &Global) -> Result<bool, Failure> {
    let store = open(global)?;
    let mut table = Table::new(&["NAME", "LEVEL", "PUBLIC KEY"]);
    for (name, key) in store.world().trusted_keys().iter() {
        let public = hex::encode(key.key);
        table.row(
            json!({"name": name, "level": key.level, "public_key": public, "added_at": key.added_at}),
            vec![name.to_owned(), key.level.to_string(), public],
        );
    }
    table.print(global);
    Ok(true)
}

/// `sign PATH --key FILE`: writes `PATH/SKILL.sig` over the folder's
/// canonical digest (the one `digest --skill` prints once installed).
pub fn sign(global: &Global, path: &Path, key_file: &PathBuf) -> Result<bool, Failure> {
    let text = std::fs::read_to_string(key_file)
        .map_err(|e| Failure::usage(format!("{}: {e}", key_file.display())))?;
    let key = parse_secret_key(&text)
        .map_err(|e| Failure::usage(format!("{}: {e}", key_file.display())))?;
    let bundle = read_bundle_dir(path)
        .and_then(|raw| raw.import())
        .map_err(|e| Failure::usage(e.to_string()))?;
    for warning in &bundle.imported.warnings {
        eprintln!("warning: {}: {}", path.display(), warning.message);
    }
    let digest = skill_digest(&bundle.imported.document, &bundle.files);
    let signature = BundleSignature::sign(&digest, &key);
    let target = path.join(SIGNATURE_FILE);
    write_file_atomically(&target, signature.to_text().as_bytes(), false)
        .map_err(|e| Failure::failed(format!("{}: {e}", target.display())))?;
    let name = &bundle.imported.document.name;
    emit(
        global,
        json!({"ok": true, "name": name, "digest": digest, "signature": target, "public_key": signature.key_hex()}),
        || format!("signed {name} ({digest}) into {}", target.display()),
    );
    Ok(true)
}
