//! Reads one skill folder or zip leniently and prints its body with the
//! given parameters rendered (FMT-6) — the embedding pattern for a host
//! that loads skills straight from disk.
//!
//! `cargo run --example render_skill -- worlds/commons/skill-authoring`
//! `cargo run --example render_skill -- path/to/skill city=Oslo days=3`

use std::path::Path;

use serde_json::{Map, Value};
use skillworld::format::{read_bundle_dir, read_bundle_zip, render_body};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: render_skill PATH [name=value ...]");
        std::process::exit(2);
    };
    let path = Path::new(&path);
    let raw = if path.extension().is_some_and(|e| e == "zip") {
        std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| read_bundle_zip(&b, path).map_err(|e| e.to_string()))
    } else {
        read_bundle_dir(path).map_err(|e| e.to_string())
    };
    let bundle = match raw.and_then(|raw| raw.import().map_err(|e| e.to_string())) {
        Ok(bundle) => bundle,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    };
    // Values are JSON when they parse as JSON (numbers, booleans, arrays),
    // text otherwise.
    let values: Map<String, Value> = args
        .filter_map(|arg| {
            let (name, value) = arg.split_once('=')?;
            let value =
                serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
            Some((name.to_owned(), value))
        })
        .collect();

    let document = &bundle.imported.document;
    println!("name:        {}", document.name);
    println!("description: {}", document.description);
    for warning in &bundle.imported.warnings {
        println!("warning:     {warning}");
    }
    for file in &bundle.files {
        println!(
            "file:        {} ({} bytes{})",
            file.path,
            file.bytes.len(),
            if file.executable { ", executable" } else { "" }
        );
    }
    match render_body(&document.body, &document.skill.parameters, &values) {
        Ok(body) => println!("\n{body}"),
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    }
}
