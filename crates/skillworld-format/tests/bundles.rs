//! FMT-7: every zip guard against a hostile zip built here, folder bundles,
//! and write-then-prune installs.

use std::fs;
use std::io::{Cursor, Write};
use std::path::Path;

use skillworld_core::Bucket;
use skillworld_format::{
    Bundle, BundleError, InstallOptions, RawBundle, WarningCode, install_bundle, read_bundle_dir,
    read_bundle_zip,
};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

const SKILL: &str = "---\nname: zipped\ndescription: A zipped skill.\n---\nBody\n";

/// Builds a zip from `(name, bytes, unix mode)` entries, in order.
fn zip_of(entries: &[(&str, &[u8], u32)]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes, mode) in entries {
        let options = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(*mode);
        writer.start_file(*name, options).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn read(bytes: &[u8]) -> Result<RawBundle, BundleError> {
    read_bundle_zip(bytes, Path::new("upload.zip"))
}

fn import(bytes: &[u8]) -> Bundle {
    read(bytes)
        .and_then(RawBundle::import)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn paths(bundle: &Bundle) -> Vec<&str> {
    bundle.files.iter().map(|f| f.path.as_str()).collect()
}

#[test]
fn skill_md_is_found_wherever_it_is_listed() {
    let bytes = zip_of(&[
        ("wrapper/scripts/run.sh", b"echo hi\n", 0o755),
        ("wrapper/references/guide.md", b"# Guide\n", 0o644),
        ("wrapper/SKILL.md", SKILL.as_bytes(), 0o644),
    ]);
    let bundle = import(&bytes);
    assert_eq!(bundle.imported.document.name, "zipped");
    assert_eq!(paths(&bundle), ["references/guide.md", "scripts/run.sh"]);
    // The folder inside the zip names the skill's directory.
    assert!(
        bundle
            .imported
            .warnings
            .iter()
            .any(|w| w.code == WarningCode::NameDirMismatch && w.message.contains("'wrapper'"))
    );
}

#[test]
fn executable_bits_are_kept() {
    let bytes = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("scripts/run.sh", b"echo\n", 0o755),
        ("scripts/lib.sh", b"echo\n", 0o644),
    ]);
    let bundle = import(&bytes);
    let executable: Vec<bool> = bundle.files.iter().map(|f| f.executable).collect();
    assert_eq!(paths(&bundle), ["scripts/lib.sh", "scripts/run.sh"]);
    assert_eq!(executable, [false, true]);
}

#[test]
fn root_files_are_classified_and_litter_skipped() {
    let bytes = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("helper.py", b"print(1)\n", 0o644),
        ("notes.txt", b"notes\n", 0o644),
        ("photo.jpg", b"\xff\xd8", 0o644),
        ("__MACOSX/._helper.py", b"x", 0o644),
        (".DS_Store", b"x", 0o644),
        ("assets/logo.png", b"\x89PNG\0\0", 0o644),
        ("scripts/tool.bin", b"\x7fELF\0\0", 0o755),
    ]);
    let bundle = import(&bytes);
    assert_eq!(
        paths(&bundle),
        [
            "assets/logo.png",
            "references/notes.txt",
            "scripts/helper.py"
        ]
    );
    let codes: Vec<WarningCode> = bundle.imported.warnings.iter().map(|w| w.code).collect();
    assert!(
        codes.contains(&WarningCode::FileDropped),
        "photo.jpg is dropped"
    );
    assert!(
        codes.contains(&WarningCode::BinarySkipped),
        "a binary in scripts/ is skipped"
    );
    assert_eq!(
        codes
            .iter()
            .filter(|c| **c == WarningCode::FileDropped)
            .count(),
        1
    );
}

#[test]
fn zip_slip_is_refused() {
    let bytes = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("scripts/../../evil.sh", b"x", 0o644),
    ]);
    let error = read(&bytes).unwrap_err();
    assert!(matches!(error, BundleError::UnsafePath { .. }), "{error}");
    assert!(error.to_string().contains("upload.zip"));
}

#[test]
fn absolute_paths_are_refused() {
    for name in [
        "/etc/cron.d/evil",
        "C:/Windows/evil.bat",
        "scripts\\..\\..\\evil",
    ] {
        let bytes = zip_of(&[("SKILL.md", SKILL.as_bytes(), 0o644), (name, b"x", 0o644)]);
        assert!(
            matches!(read(&bytes), Err(BundleError::UnsafePath { .. })),
            "{name}"
        );
    }
}

#[test]
fn symlinks_are_refused() {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    writer
        .start_file("SKILL.md", SimpleFileOptions::default())
        .unwrap();
    writer.write_all(SKILL.as_bytes()).unwrap();
    writer
        .add_symlink(
            "scripts/key",
            "/root/.ssh/id_rsa",
            SimpleFileOptions::default(),
        )
        .unwrap();
    let bytes = writer.finish().unwrap().into_inner();
    let error = read(&bytes).unwrap_err();
    assert!(
        matches!(error, BundleError::Symlink { ref file, .. } if file == "scripts/key"),
        "{error}"
    );
}

#[test]
fn oversized_files_fail_on_their_uncompressed_size() {
    let big = vec![b'a'; 1_000_001];
    let bytes = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("references/big.txt", &big, 0o644),
    ]);
    assert!(bytes.len() < 10_000, "compresses well: {}", bytes.len());
    let error = read(&bytes).unwrap_err();
    assert!(
        matches!(
            error,
            BundleError::FileTooLarge {
                bytes: 1_000_001,
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_zip_bomb_fails_on_the_bundle_total() {
    let chunk = vec![b'z'; 1_000_000];
    let names: Vec<String> = (0..51).map(|i| format!("references/part{i}.txt")).collect();
    let mut entries: Vec<(&str, &[u8], u32)> = vec![("SKILL.md", SKILL.as_bytes(), 0o644)];
    entries.extend(names.iter().map(|n| (n.as_str(), chunk.as_slice(), 0o644)));
    let bytes = zip_of(&entries);
    assert!(bytes.len() < 500_000);
    // SKILL.md and fifty full files inflate past the limit before the
    // fifty-first is declared.
    assert!(matches!(
        read(&bytes),
        Err(BundleError::BundleTooLarge { .. } | BundleError::InflatesTooLarge { .. })
    ));
}

#[test]
fn skipped_binary_entries_count_toward_what_a_zip_may_inflate() {
    // NUL-filled scripts are skipped (binary in a text folder), so they
    // never reach the bundle's total; what they inflate still counts.
    let nul = vec![0u8; 1_000_000];
    let names: Vec<String> = (0..60).map(|i| format!("scripts/z{i}.sh")).collect();
    let mut entries: Vec<(&str, &[u8], u32)> = vec![("SKILL.md", SKILL.as_bytes(), 0o644)];
    entries.extend(names.iter().map(|n| (n.as_str(), nul.as_slice(), 0o644)));
    let error = read(&zip_of(&entries)).unwrap_err();
    assert!(
        matches!(error, BundleError::InflatesTooLarge { .. }),
        "{error}"
    );
    // Under the limit they are skipped with a warning, as before.
    entries.truncate(11);
    let raw = read(&zip_of(&entries)).unwrap();
    assert!(raw.files.is_empty());
    assert_eq!(raw.warnings.len(), 10);
    assert!(
        raw.warnings
            .iter()
            .all(|w| w.code == WarningCode::BinarySkipped)
    );
}

#[test]
fn too_many_files_are_refused() {
    let names: Vec<String> = (0..256).map(|i| format!("references/{i}.md")).collect();
    let mut entries: Vec<(&str, &[u8], u32)> = vec![("SKILL.md", SKILL.as_bytes(), 0o644)];
    entries.extend(names.iter().map(|n| (n.as_str(), &b"x"[..], 0o644)));
    assert!(matches!(
        read(&zip_of(&entries)),
        Err(BundleError::TooManyFiles { .. })
    ));
    // 255 files plus SKILL.md is the limit, and fine.
    entries.pop();
    assert_eq!(import(&zip_of(&entries)).files.len(), 255);
}

#[test]
fn gbk_entry_names_are_decoded() {
    // "技能.md" in GBK is bc bc c4 dc; write an ASCII placeholder of the same
    // length, then patch the raw bytes (zip writers only write UTF-8).
    let bytes = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("references/QQQQ.md", b"text", 0o644),
    ]);
    let mut patched = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"QQQQ") {
            patched.extend([0xbc, 0xbc, 0xc4, 0xdc]);
            i += 4;
        } else {
            patched.push(bytes[i]);
            i += 1;
        }
    }
    assert_eq!(paths(&import(&patched)), ["references/技能.md"]);
}

#[test]
fn not_a_zip_and_no_skill_md() {
    assert!(matches!(
        read(b"PK\x03\x04garbage"),
        Err(BundleError::Zip { .. })
    ));
    let bytes = zip_of(&[("README.md", b"# no skill", 0o644)]);
    assert!(matches!(read(&bytes), Err(BundleError::NoSkillFile { .. })));
}

#[test]
fn a_broken_skill_md_names_the_zip() {
    let bytes = zip_of(&[("SKILL.md", b"---\nname: x\n", 0o644)]);
    let error = read(&bytes).and_then(RawBundle::import).unwrap_err();
    assert_eq!(
        error.to_string(),
        "upload.zip: SKILL.md frontmatter not properly closed with ---"
    );
}

#[test]
fn folder_bundles_refuse_symlinks_and_keep_modes() {
    let dir = tempfile::tempdir().unwrap();
    let skill = dir.path().join("folder-skill");
    fs::create_dir_all(skill.join("scripts")).unwrap();
    fs::write(
        skill.join("SKILL.md"),
        "---\nname: folder-skill\ndescription: d\n---\n",
    )
    .unwrap();
    fs::write(skill.join("scripts/run.sh"), "echo\n").unwrap();
    set_mode(&skill.join("scripts/run.sh"), 0o755);
    fs::write(skill.join("extra.json"), "{}").unwrap();
    let bundle = read_bundle_dir(&skill).unwrap().import().unwrap();
    assert_eq!(paths(&bundle), ["references/extra.json", "scripts/run.sh"]);
    assert!(bundle.files[1].executable);
    assert!(
        bundle.imported.warnings.is_empty(),
        "{:?}",
        bundle.imported.warnings
    );

    std::os::unix::fs::symlink("/etc/passwd", skill.join("scripts/passwd")).unwrap();
    assert!(matches!(
        read_bundle_dir(&skill),
        Err(BundleError::Symlink { .. })
    ));
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(folder) = pending.pop() {
        for entry in fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push((
                    path.strip_prefix(dir).unwrap().display().to_string(),
                    fs::read(&path).unwrap(),
                ));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn reinstall_writes_then_prunes_per_bucket() {
    let root = tempfile::tempdir().unwrap();
    let first = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("scripts/a.sh", b"a\n", 0o755),
        ("scripts/b.sh", b"b\n", 0o755),
        ("references/r.md", b"r\n", 0o644),
    ]);
    let report = install_bundle(&import(&first), root.path(), InstallOptions::default()).unwrap();
    assert_eq!(report.written.len(), 4);
    let installed = root.path().join("zipped");
    assert!(is_executable(&installed.join("scripts/a.sh")));

    // The second version drops scripts/b.sh and has no references at all:
    // b.sh is pruned, the empty references bucket is kept.
    let second = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("scripts/a.sh", b"a2\n", 0o755),
    ]);
    let report = install_bundle(&import(&second), root.path(), InstallOptions::default()).unwrap();
    assert_eq!(report.written, ["scripts/a.sh"]);
    assert_eq!(report.unchanged, ["SKILL.md"]);
    assert_eq!(report.pruned, ["scripts/b.sh"]);
    assert_eq!(report.kept_buckets, [Bucket::References]);
    assert!(installed.join("references/r.md").exists());

    let report = install_bundle(
        &import(&second),
        root.path(),
        InstallOptions { force_prune: true },
    )
    .unwrap();
    assert_eq!(report.pruned, ["references/r.md"]);
    assert!(!installed.join("references/r.md").exists());
}

#[test]
fn a_failed_install_changes_nothing() {
    let root = tempfile::tempdir().unwrap();
    let good = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("scripts/a.sh", b"a\n", 0o755),
    ]);
    install_bundle(&import(&good), root.path(), InstallOptions::default()).unwrap();
    let before = snapshot(root.path());
    let broken = zip_of(&[
        ("SKILL.md", SKILL.as_bytes(), 0o644),
        ("../escape.sh", b"x", 0o755),
    ]);
    assert!(
        read(&broken).is_err(),
        "reading fails before anything is written"
    );
    assert_eq!(snapshot(root.path()), before);
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o111 != 0
}

/// GOV-2: a root `SKILL.sig` is the bundle's signature, in a zip as in a
/// folder, never one of its files; its digest is the same either way; a
/// `SKILL.sig` deeper down is an ordinary bundle file.
#[test]
fn a_root_skill_sig_is_the_signature_never_a_file() {
    use skillworld_format::{BundleSignature, SIGNATURE_FILE, parse_secret_key, skill_digest};

    let key = parse_secret_key(&"42".repeat(32)).unwrap();
    let unsigned = import(&zip_of(&[
        ("pdf/SKILL.md", SKILL.as_bytes(), 0o644),
        ("pdf/scripts/run.sh", b"echo hi\n", 0o755),
    ]));
    let digest = skill_digest(&unsigned.imported.document, &unsigned.files);
    let sig = BundleSignature::sign(&digest, &key).to_text();

    let zipped = import(&zip_of(&[
        ("pdf/SKILL.md", SKILL.as_bytes(), 0o644),
        ("pdf/scripts/run.sh", b"echo hi\n", 0o755),
        ("pdf/SKILL.sig", sig.as_bytes(), 0o644),
        ("pdf/references/SKILL.sig", b"not the signature\n", 0o644),
    ]));
    assert_eq!(zipped.signature.unwrap().verify(&digest), Ok(()));
    assert_eq!(paths(&zipped), ["references/SKILL.sig", "scripts/run.sh"]);
    let files = &zipped.files;
    let without_deep: Vec<_> = files
        .iter()
        .filter(|f| f.path != "references/SKILL.sig")
        .cloned()
        .collect();
    assert_eq!(
        skill_digest(&zipped.imported.document, &without_deep),
        digest
    );

    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("zipped");
    fs::create_dir_all(folder.join("scripts")).unwrap();
    fs::write(folder.join("SKILL.md"), SKILL).unwrap();
    fs::write(folder.join("scripts/run.sh"), "echo hi\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(
            folder.join("scripts/run.sh"),
            fs::Permissions::from_mode(0o755),
        )
        .unwrap();
    }
    fs::write(folder.join(SIGNATURE_FILE), &sig).unwrap();
    let read = read_bundle_dir(&folder).unwrap().import().unwrap();
    assert_eq!(paths(&read), ["scripts/run.sh"]);
    assert_eq!(skill_digest(&read.imported.document, &read.files), digest);
    assert_eq!(read.signature.unwrap().verify(&digest), Ok(()));

    fs::write(folder.join(SIGNATURE_FILE), "forged\n").unwrap();
    let refused = read_bundle_dir(&folder).unwrap().import().unwrap_err();
    assert!(
        matches!(refused, BundleError::Signature { .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("SKILL.sig"), "{refused}");
}
