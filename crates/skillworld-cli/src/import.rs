//! `skillworld import PATH… --into DIR`

use std::path::{Path, PathBuf};

use skillworld_format::{Bundle, InstallOptions, assign_unique_names, install_bundle};

use crate::Failure;
use crate::discover::find_skills;
use crate::report::{SkillResult, print_results, progress};

pub fn run(paths: &[PathBuf], into: &Path, force_prune: bool, json: bool) -> Result<bool, Failure> {
    let targets = find_skills(paths)?;
    let bar = progress(targets.len());
    let mut results = Vec::with_capacity(targets.len());
    let mut bundles: Vec<(usize, Bundle)> = Vec::new();
    for target in &targets {
        match target.read_bundle().and_then(|raw| raw.import()) {
            Ok(bundle) => {
                bundles.push((results.len(), bundle));
                results.push(SkillResult::new(target.path()));
            }
            Err(e) => results.push(SkillResult::failed(target.path(), e)),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    assign_unique_names(bundles.iter_mut().map(|(_, bundle)| &mut bundle.imported));
    std::fs::create_dir_all(into)
        .map_err(|e| Failure::usage(format!("{}: {e}", into.display())))?;
    for (index, bundle) in bundles {
        let result = &mut results[index];
        result.name = Some(bundle.imported.document.name.clone());
        match install_bundle(&bundle, into, InstallOptions { force_prune }) {
            Ok(_) => result.ok = true,
            Err(e) => result.errors.push(e.to_string()),
        }
        result.warnings = bundle.imported.warnings;
    }
    Ok(print_results(&results, json, "imported"))
}
