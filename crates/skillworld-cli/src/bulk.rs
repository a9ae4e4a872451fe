//! `skillworld import PATH… (--commons | --agent NAME)`: a bulk import into
//! the world (STO-6). Bundles are read, parsed and scanned (the scanner's
//! per-file findings, `prescan`) on every core, a bounded window ahead,
//! and installed in path order, many per commit: a few
//! durable commits for the whole import, each skill still all or nothing
//! (a rejected skill changes nothing and does not stop the others). Which
//! skill an install lands on is the world's rule (`install_with`), the same
//! behind every door.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use indicatif::ProgressBar;
use skillworld_format::{Bundle, BundleError, Warning, WarningCode};
use skillworld_scan::ScanCache;
use skillworld_store::Store;
use skillworld_world::{InstallOutcome, InstallRules, Installed, Layer, SkillWorld, prescan};

use crate::Failure;
use crate::discover::Target;
use crate::open::store_failure;
use crate::report::{SkillResult, progress};

/// Bundles read ahead of the installs, at most: bounds memory.
const READ_AHEAD: usize = 256;
/// A commit is made after this many bundle bytes or skills, whichever
/// comes first; a 13 MB corpus of 2,300 skills is one commit.
const COMMIT_BYTES: u64 = 64 << 20;
const COMMIT_SKILLS: usize = 20_000;

/// Imports `targets` (sorted by path) into `layer`; one result per target,
/// in order.
pub fn import(
    store: &mut Store,
    targets: &[Target],
    layer: &Layer,
    rules: InstallRules,
) -> Result<Vec<SkillResult>, Failure> {
    let bar = progress(targets.len());
    let mut results = Vec::with_capacity(targets.len());
    let queue = Queue::default();
    let outcome = std::thread::scope(|scope| {
        let mut bundles = ReadAhead::start(scope, targets, &queue);
        loop {
            let finished = store.run(|world| {
                install_batch(world, layer, rules, &mut bundles, &mut results, &bar)
            })?;
            if finished {
                return Ok(());
            }
        }
    });
    bar.finish_and_clear();
    outcome.map_err(store_failure)?;
    Ok(results)
}

/// Installs bundles until the batch is full (`false`) or none are left
/// (`true`).
fn install_batch(
    world: &mut SkillWorld,
    layer: &Layer,
    rules: InstallRules,
    bundles: &mut ReadAhead<'_>,
    results: &mut Vec<SkillResult>,
    bar: &ProgressBar,
) -> bool {
    let (mut bytes, mut skills) = (0u64, 0usize);
    while let Some((target, read)) = bundles.next() {
        let result = match read {
            Err(error) => SkillResult::failed(target.path(), error),
            Ok((bundle, scans)) => {
                bytes += bundle_bytes(&bundle);
                skills += 1;
                world.absorb_scans(scans);
                install_one(world, layer, rules, target.path(), bundle)
            }
        };
        results.push(result);
        bar.inc(1);
        if bytes >= COMMIT_BYTES || skills >= COMMIT_SKILLS {
            return false;
        }
    }
    true
}

pub(crate) fn install_one(
    world: &mut SkillWorld,
    layer: &Layer,
    rules: InstallRules,
    path: &Path,
    bundle: Bundle,
) -> SkillResult {
    let Bundle {
        imported,
        files,
        signature,
    } = bundle;
    let mut result = SkillResult::new(path);
    result.name = Some(imported.document.name.clone());
    result.warnings = imported.warnings;
    match world.install_signed(layer, imported.document, files, signature, rules) {
        Ok(installed) => {
            result.ok = true;
            result.warnings.extend(install_warnings(&installed));
            result.outcome = Some(if installed.proposed {
                "proposed"
            } else {
                outcome_word(&installed.outcome)
            });
            result.name = Some(installed.name);
        }
        Err(error) => result.errors.push(error.to_string()),
    }
    result
}

/// What an install tells beyond the bundle's own warnings.
fn install_warnings(installed: &Installed) -> Vec<Warning> {
    let mut warnings = Vec::new();
    if let InstallOutcome::Numbered { requested } = &installed.outcome {
        warnings.push(Warning::new(
            WarningCode::NameCollision,
            format!(
                "name '{requested}' is taken by a skill from another source; imported as '{}' (--replace replaces it instead)",
                installed.name
            ),
        ));
    }
    for bucket in &installed.kept_buckets {
        warnings.push(Warning::new(
            WarningCode::BucketKept,
            format!(
                "{bucket}/ kept as it was: the bundle has nothing in it (--force-prune empties it)"
            ),
        ));
    }
    warnings
}

fn outcome_word(outcome: &InstallOutcome) -> &'static str {
    match outcome {
        InstallOutcome::Created | InstallOutcome::Numbered { .. } => "created",
        InstallOutcome::Updated => "updated",
        InstallOutcome::Replaced => "replaced",
    }
}

fn bundle_bytes(bundle: &Bundle) -> u64 {
    let files: usize = bundle.files.iter().map(|f| f.bytes.len()).sum();
    (bundle.imported.document.body.len() + files) as u64
}

/// Reads a target's bundle with its source: the skill's folder (or zip) as
/// an absolute path, so a re-import from another working directory is the
/// same source; and scans it as its install will, on the reader's core.
fn read(target: &Target) -> Scanned {
    let mut bundle = target.read_bundle()?.import()?;
    let origin = match target {
        Target::File(file) => file.parent().unwrap_or(Path::new(".")).to_owned(),
        Target::Folder(path) | Target::Zip(path) => path.clone(),
    };
    let source = origin
        .canonicalize()
        .or_else(|_| std::path::absolute(&origin))
        .unwrap_or(origin);
    bundle.imported.document.skill.provenance.import_source =
        Some(source.to_string_lossy().into_owned());
    let scans = prescan(&bundle.imported.document, &bundle.files);
    Ok((bundle, scans))
}

/// A bundle read, with the scanner's findings on it.
type Scanned = Result<(Bundle, ScanCache), BundleError>;

type Read<'t> = (&'t Target, Scanned);

/// The jobs the readers take, one index at a time.
type Queue = Mutex<Option<Receiver<usize>>>;

/// Targets read on every core, handed out in order. At most `READ_AHEAD`
/// are in flight: the consumer hands out the next index as it takes one.
struct ReadAhead<'t> {
    targets: &'t [Target],
    jobs: Option<SyncSender<usize>>,
    done: Receiver<(usize, Scanned)>,
    waiting: BTreeMap<usize, Scanned>,
    next: usize,
    issued: usize,
}

impl<'t> ReadAhead<'t> {
    fn start<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        targets: &'t [Target],
        queue: &'scope Queue,
    ) -> Self
    where
        't: 'scope,
    {
        let (jobs, receiver) = sync_channel::<usize>(READ_AHEAD);
        *queue.lock().expect("no reader panics") = Some(receiver);
        let (finished, done) = sync_channel(READ_AHEAD);
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        for _ in 0..workers.min(targets.len()) {
            let finished = finished.clone();
            scope.spawn(move || {
                loop {
                    let job = match queue.lock().expect("no reader panics").as_ref() {
                        Some(receiver) => receiver.recv(),
                        None => break,
                    };
                    let Ok(index) = job else { break };
                    if finished.send((index, read(&targets[index]))).is_err() {
                        break;
                    }
                }
            });
        }
        let mut this = ReadAhead {
            targets,
            jobs: Some(jobs),
            done,
            waiting: BTreeMap::new(),
            next: 0,
            issued: 0,
        };
        while this.issued < targets.len().min(READ_AHEAD) {
            this.issue();
        }
        this
    }

    fn issue(&mut self) {
        if self.issued < self.targets.len()
            && let Some(jobs) = &self.jobs
        {
            jobs.send(self.issued).expect("readers wait for jobs");
            self.issued += 1;
        }
        if self.issued == self.targets.len() {
            self.jobs = None;
        }
    }

    fn next(&mut self) -> Option<Read<'t>> {
        if self.next == self.targets.len() {
            return None;
        }
        let read = loop {
            if let Some(read) = self.waiting.remove(&self.next) {
                break read;
            }
            let (index, read) = self.done.recv().expect("readers finish every job");
            self.waiting.insert(index, read);
        };
        let target = &self.targets[self.next];
        self.next += 1;
        self.issue();
        Some((target, read))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn bundles_come_back_in_order_whatever_the_readers_do() {
        let root = tempfile::tempdir().unwrap();
        let targets: Vec<Target> = (0..READ_AHEAD * 2 + 7)
            .map(|i| {
                let dir: PathBuf = root.path().join(format!("s{i:04}"));
                std::fs::create_dir(&dir).unwrap();
                let text = format!("---\nname: s{i}\ndescription: d\n---\n");
                std::fs::write(dir.join("SKILL.md"), text).unwrap();
                Target::Folder(dir)
            })
            .collect();
        let queue = Queue::default();
        let names: Vec<String> = std::thread::scope(|scope| {
            let mut reader = ReadAhead::start(scope, &targets, &queue);
            std::iter::from_fn(|| reader.next())
                .map(|(_, read)| read.unwrap().0.imported.document.name)
                .collect()
        });
        let expected: Vec<String> = (0..targets.len()).map(|i| format!("s{i}")).collect();
        assert_eq!(names, expected);
    }
}
