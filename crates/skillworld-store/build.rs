//! Compiles the shipped Commons (`worlds/commons/`) into the crate, so an
//! installed `skillworld` needs no source tree (STO-4).

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("worlds/commons is readable")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest
        .join("../../worlds/commons")
        .canonicalize()
        .expect("worlds/commons exists");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut found = Vec::new();
    files(&root, &mut found);
    let mut code = String::from(
        "/// Every file of the shipped Commons: (skill folder, path in it, bytes).\npub static SHIPPED_FILES: &[(&str, &str, &[u8])] = &[\n",
    );
    for path in found {
        println!("cargo:rerun-if-changed={}", path.display());
        let relative = path.strip_prefix(&root).unwrap();
        let mut parts = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        let skill = parts.next().unwrap();
        let inner: Vec<String> = parts.collect();
        let _ = writeln!(
            code,
            "    ({skill:?}, {:?}, include_bytes!({:?})),",
            inner.join("/"),
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    std::fs::write(
        PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("shipped.rs"),
        code,
    )
    .unwrap();
}
