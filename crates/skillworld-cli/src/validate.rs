//! `skillworld validate [--strict] PATH…`

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use skillworld_format::{Source, skill_file_in, validate_strict};

use crate::Failure;
use crate::discover::{Target, find_skills};
use crate::report::{SkillResult, print_results, progress};

pub fn run(paths: &[PathBuf], strict: bool, json: bool) -> Result<bool, Failure> {
    let targets = find_skills(paths)?;
    let results = check_all(&targets, strict);
    Ok(print_results(&results, json, "checked"))
}

/// Checks every target on all cores; results keep the targets' order.
pub fn check_all(targets: &[Target], strict: bool) -> Vec<SkillResult> {
    let bar = progress(targets.len());
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<SkillResult>>> = targets.iter().map(|_| Mutex::new(None)).collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(targets.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(target) = targets.get(index) else {
                        break;
                    };
                    let result = if strict {
                        check_strict(target)
                    } else {
                        check_lenient(target)
                    };
                    *slots[index].lock().expect("no worker panics") = Some(result);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .expect("no worker panics")
                .expect("every slot filled")
        })
        .collect()
}

fn check_strict(target: &Target) -> SkillResult {
    let path = target.path();
    let report = match target {
        // Strict validation looks at SKILL.md alone, like the reference
        // validator: no need to read the rest of the folder.
        Target::Folder(_) | Target::File(_) => {
            let (dir, file) = match target {
                Target::File(file) => (
                    file.parent().map(PathBuf::from).unwrap_or_default(),
                    file.clone(),
                ),
                _ => match skill_file_in(path) {
                    Some(file) => (path.to_owned(), file),
                    None => return SkillResult::failed(path, "Missing required file: SKILL.md"),
                },
            };
            let bytes = match std::fs::read(&file) {
                Ok(bytes) => bytes,
                Err(e) => return SkillResult::failed(path, format!("{}: {e}", file.display())),
            };
            let dir_name = dir
                .canonicalize()
                .ok()
                .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()));
            let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            let source = Source {
                dir_name: dir_name.as_deref(),
                file_name: file_name.as_deref(),
                location: None,
            };
            validate_strict(&bytes, &source)
        }
        Target::Zip(_) => match target.read_bundle() {
            Ok(raw) => raw.validate_strict(),
            Err(e) => return SkillResult::failed(path, e),
        },
    };
    SkillResult {
        name: report.name,
        ok: report.errors.is_empty(),
        errors: report.errors,
        warnings: report.warnings,
        ..SkillResult::new(path)
    }
}

fn check_lenient(target: &Target) -> SkillResult {
    let path = target.path();
    match target.read_bundle().and_then(|raw| raw.import()) {
        Ok(bundle) => SkillResult {
            name: Some(bundle.imported.document.name),
            ok: true,
            warnings: bundle.imported.warnings,
            ..SkillResult::new(path)
        },
        Err(e) => SkillResult::failed(path, e),
    }
}
