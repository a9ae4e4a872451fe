//! `skillworld import PATH… (--commons | --agent NAME)`: a bulk import into
//! the world (STO-6). Bundles are read, parsed and scanned (`prescan`:
//! the scanner's report, which a new skill's verdict takes; under the
//! number FMT-4 is expected to give a name an earlier bundle asks for,
//! `numbering.rs`) on every core, a bounded window ahead — only hashed
//! (`prehash`) when their source's skill is in the layer already, as a
//! reinstall is judged at its install —, and installed in path order, many
//! per commit: a few
//! durable commits for the whole import, each skill still all or nothing
//! (a rejected skill changes nothing and does not stop the others). Which
//! skill an install lands on is the world's rule (`install_with`), the same
//! behind every door.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, channel, sync_channel};
use std::sync::{Arc, Mutex, OnceLock, TryLockError};

use indicatif::ProgressBar;
use skillworld_format::{
    Bundle, BundleError, BundleSignature, Imported, SkillDocument, Warning, WarningCode,
};
use skillworld_store::{Store, StoreError, Unpublished};
use skillworld_world::{
    InstallOutcome, InstallRules, Installed, Layer, OnCollision, Prescan, SkillWorld, WorldError,
    prehash, prescan, prescan_named,
};

use crate::Failure;
use crate::discover::Target;
use crate::numbering::Claims;
use crate::open::{store_failure, world_failure};
use crate::report::{SkillResult, progress};
use crate::sources::Sources;

/// Bundles read ahead of the installs, at most: bounds memory.
const READ_AHEAD: usize = 256;

/// A commit is made after this many bundle bytes or skills, whichever
/// comes first.
#[derive(Clone, Copy)]
struct CommitSize {
    bytes: u64,
    skills: usize,
}

/// Into an existing database every commit is durable (an fsync): a few big
/// ones; a 26 MB corpus of 2,300 skills is one commit.
const DURABLE: CommitSize = CommitSize {
    bytes: 64 << 20,
    skills: 20_000,
};

/// A new database takes no fsync until it is published whole: small
/// commits, each made by the store's committer thread while the next
/// skills install (issue 19: the commit no longer waits for the last
/// install, nor the installs for the commit).
const PIPELINED: CommitSize = CommitSize {
    bytes: 2 << 20,
    skills: 256,
};

/// Imports `targets` (sorted by path) into `layer` of the store `open`
/// gives (and gives back); one result per target, in order. The readers
/// start before `open` is called, so reading the first bundles overlaps
/// creating the database.
pub fn import(
    open: impl FnOnce() -> Result<Opened, Failure>,
    targets: &[Target],
    layer: &Layer,
    rules: InstallRules,
    scanner: &ScannerWarmup,
) -> Result<(Opened, Vec<SkillResult>), Failure> {
    let mut results = Vec::with_capacity(targets.len());
    let queue = Queue::default();
    let updates = Updates::new();
    let claims = Claims::default();
    std::thread::scope(|scope| {
        let ahead = Ahead {
            scanner,
            updates: &updates,
            claims: (rules.on_collision == OnCollision::Number).then_some(&claims),
        };
        let mut bundles = ReadAhead::start(scope, targets, &queue, ahead);
        let mut opened = open()?;
        let sources = opened
            .0
            .world()
            .import_sources(layer)
            .map_err(world_failure)?;
        updates.get_or_init(|| sources);
        let bar = progress(targets.len());
        let pipelined = opened.1.is_some();
        let outcome = install_all(&mut opened.0, pipelined, |world, size| {
            install_batch(world, layer, rules, size, &mut bundles, &mut results, &bar)
        });
        bar.finish_and_clear();
        outcome.map_err(store_failure)?;
        Ok((opened, results))
    })
}

/// The store an import writes to, with the file to publish when it is a
/// new database.
pub type Opened = (Store, Option<Unpublished>);

/// The scanner's rule table compiled on a thread of its own from the
/// start of an import (issue 19: ~12 % of a small import's CPU, once per
/// process), while the folders are walked and the first bundles read;
/// the readers read and parse ahead without scanning until it is ready.
#[derive(Clone, Default)]
pub struct ScannerWarmup(Arc<AtomicBool>);

impl ScannerWarmup {
    pub fn start() -> ScannerWarmup {
        let warmup = ScannerWarmup::default();
        let ready = warmup.0.clone();
        std::thread::spawn(move || {
            // Any scan compiles the table; an empty text finds nothing.
            skillworld_scan::scan_markdown("SKILL.md", "");
            ready.store(true, Ordering::Release);
        });
        warmup
    }

    fn ready(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// The import sources of the layer's skills, known once the store is open:
/// a bundle from one of them is an update, which readers do not scan.
type Updates = OnceLock<HashSet<String>>;

/// What a reader scans with: the scanner's table, which it waits for, and
/// the updates, which it does not: a bundle scanned before they are known
/// (the store still opening) is scanned whole, as before (waiting held up
/// a new database's import, whose updates are none). With `claims` (when
/// a taken name is numbered), the names the bundles ask for: a bundle is
/// scanned under the number it is expected to get.
#[derive(Clone, Copy)]
struct Ahead<'a> {
    scanner: &'a ScannerWarmup,
    updates: &'a Updates,
    claims: Option<&'a Claims>,
}

/// Runs `batch` (which says whether it installed the last bundle) until
/// every bundle is installed and committed. `pipelined`: each batch's
/// commit is left to the committer thread while the next batch installs,
/// and the outcomes are awaited at the end.
fn install_all(
    store: &mut Store,
    pipelined: bool,
    mut batch: impl FnMut(&mut SkillWorld, CommitSize) -> bool,
) -> Result<(), StoreError> {
    if !pipelined {
        while !store.run(|world| batch(world, DURABLE))? {}
        return Ok(());
    }
    store.group_commit();
    let (durable, outcomes) = channel();
    let mut sent = 0;
    loop {
        let durable = durable.clone();
        let last = store.defer(
            |store| store.run(|world| batch(world, PIPELINED)),
            move |outcome| {
                let _ = durable.send(outcome);
            },
        )?;
        sent += 1;
        if last {
            break;
        }
    }
    outcomes.iter().take(sent).collect()
}

/// Installs bundles until the batch is full (`false`) or none are left
/// (`true`).
fn install_batch(
    world: &mut SkillWorld,
    layer: &Layer,
    rules: InstallRules,
    size: CommitSize,
    bundles: &mut ReadAhead<'_>,
    results: &mut Vec<SkillResult>,
    bar: &ProgressBar,
) -> bool {
    let (mut bytes, mut skills) = (0u64, 0usize);
    while let Some((target, read)) = bundles.next() {
        let result = match read {
            Err(error) => SkillResult::failed(target.path(), error),
            Ok(scanned) => {
                bytes += scanned.bytes;
                skills += 1;
                install_scanned(world, layer, rules, target.path(), scanned)
            }
        };
        results.push(result);
        bar.inc(1);
        if bytes >= size.bytes || skills >= size.skills {
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
    reported(path, imported, |document| {
        world.install_signed(layer, document, files, signature, rules)
    })
}

/// [`install_one`] of a bundle a reader scanned.
fn install_scanned(
    world: &mut SkillWorld,
    layer: &Layer,
    rules: InstallRules,
    path: &Path,
    scanned: Scanned,
) -> SkillResult {
    let Scanned {
        imported,
        signature,
        prescan,
        ..
    } = scanned;
    reported(path, imported, |document| {
        world.install_prescanned(layer, document, prescan, signature, rules)
    })
}

/// The result of `install` on `imported`'s document.
fn reported(
    path: &Path,
    imported: Imported,
    install: impl FnOnce(SkillDocument) -> Result<Installed, WorldError>,
) -> SkillResult {
    let mut result = SkillResult::new(path);
    result.name = Some(imported.document.name.clone());
    result.warnings = imported.warnings;
    match install(imported.document) {
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
/// same source.
fn read(target: &Target, sources: &mut Sources) -> Result<Bundle, BundleError> {
    let mut bundle = target.read_bundle()?.import()?;
    let origin = match target {
        Target::File(file) => file.parent().unwrap_or(Path::new(".")),
        Target::Folder(path) | Target::Zip(path) => path,
    };
    bundle.imported.document.skill.provenance.import_source =
        Some(sources.of(origin).to_string_lossy().into_owned());
    Ok(bundle)
}

/// Scans the bundle at `index` read as its install will, on the reader's
/// core: under the number it is expected to get, if any; hashes only the
/// files of one that updates its source's skill. While the updates are
/// not known yet every bundle is scanned.
fn scan(index: usize, read: Result<Bundle, BundleError>, ahead: Ahead) -> Ready {
    let bundle = read?;
    let bytes = bundle_bytes(&bundle);
    let Bundle {
        mut imported,
        files,
        signature,
    } = bundle;
    let document = &mut imported.document;
    let source = document.skill.provenance.import_source.as_ref();
    let update = ahead
        .updates
        .get()
        .is_some_and(|sources| source.is_some_and(|source| sources.contains(source)));
    let numbered = ahead
        .claims
        .and_then(|claims| claims.expected(index, &document.name));
    let prescan = match numbered {
        _ if update => prehash(document, files),
        Some(name) => prescan_named(document, name, files),
        None => prescan(document, files),
    };
    Ok(Scanned {
        imported,
        signature,
        prescan,
        bytes,
    })
}

/// A bundle read and scanned: its files are the prescan's.
struct Scanned {
    imported: Imported,
    signature: Option<BundleSignature>,
    prescan: Prescan,
    bytes: u64,
}

/// A bundle as a reader hands it over.
type Ready = Result<Scanned, BundleError>;

type Read<'t> = (&'t Target, Ready);

/// The jobs the readers take, one index at a time.
type Queue = Mutex<Option<Receiver<usize>>>;

/// One reader: takes job indexes until there are none, reads each bundle
/// and sends it scanned. While the scanner's table is still compiling it
/// keeps what it read unscanned, as long as more jobs are waiting; with
/// none waiting it scans what it holds (waiting for the table), so the
/// consumer never waits on a bundle a reader holds back.
fn reader(targets: &[Target], queue: &Queue, finished: &SyncSender<(usize, Ready)>, ahead: Ahead) {
    let mut held: Vec<(usize, Result<Bundle, BundleError>)> = Vec::new();
    let mut sources = Sources::default();
    loop {
        let job = if held.is_empty() {
            match queue.lock().expect("no reader panics").as_ref() {
                Some(receiver) => receiver.recv().map_err(|_| TryRecvError::Disconnected),
                None => Err(TryRecvError::Disconnected),
            }
        } else {
            // Another reader may wait for a job holding the lock: holding
            // bundles, this one never waits for it.
            match queue.try_lock() {
                Ok(guard) => match guard.as_ref() {
                    Some(receiver) => receiver.try_recv(),
                    None => Err(TryRecvError::Disconnected),
                },
                Err(TryLockError::WouldBlock) => Err(TryRecvError::Empty),
                Err(TryLockError::Poisoned(_)) => panic!("no reader panics"),
            }
        };
        match job {
            Ok(index) if !ahead.scanner.ready() => {
                held.push((index, read_claimed(targets, index, &mut sources, ahead)));
            }
            Ok(index) => {
                held.push((index, read_claimed(targets, index, &mut sources, ahead)));
                if !send_all(&mut held, finished, ahead) {
                    return;
                }
            }
            Err(TryRecvError::Empty) => {
                if !send_all(&mut held, finished, ahead) {
                    return;
                }
            }
            Err(TryRecvError::Disconnected) => {
                send_all(&mut held, finished, ahead);
                return;
            }
        }
    }
}

/// Reads the bundle at `index` and claims the name it asks for.
fn read_claimed(
    targets: &[Target],
    index: usize,
    sources: &mut Sources,
    ahead: Ahead,
) -> Result<Bundle, BundleError> {
    let bundle = read(&targets[index], sources)?;
    if let Some(claims) = ahead.claims {
        claims.claim(index, &bundle.imported.document.name);
    }
    Ok(bundle)
}

/// Scans and sends every bundle held; false once nobody listens.
fn send_all(
    held: &mut Vec<(usize, Result<Bundle, BundleError>)>,
    finished: &SyncSender<(usize, Ready)>,
    ahead: Ahead,
) -> bool {
    held.drain(..)
        .all(|(index, read)| finished.send((index, scan(index, read, ahead))).is_ok())
}

/// Targets read on every core, handed out in order. At most `READ_AHEAD`
/// are in flight: the consumer hands out the next index as it takes one.
struct ReadAhead<'t> {
    targets: &'t [Target],
    jobs: Option<SyncSender<usize>>,
    done: Receiver<(usize, Ready)>,
    waiting: BTreeMap<usize, Ready>,
    next: usize,
    issued: usize,
}

impl<'t> ReadAhead<'t> {
    fn start<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        targets: &'t [Target],
        queue: &'scope Queue,
        ahead: Ahead<'scope>,
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
            scope.spawn(move || reader(targets, queue, &finished, ahead));
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
        let expected: Vec<String> = (0..targets.len()).map(|i| format!("s{i}")).collect();
        // A warm-up never ready makes every reader hold what it reads for
        // as long as jobs wait: the bundles must still all come back, with
        // the updates known or not.
        for (scanner, updates) in [
            (ScannerWarmup::default(), Updates::from(HashSet::new())),
            (ScannerWarmup::start(), Updates::new()),
        ] {
            let queue = Queue::default();
            let claims = Claims::default();
            let ahead = Ahead {
                scanner: &scanner,
                updates: &updates,
                claims: Some(&claims),
            };
            let names: Vec<String> = std::thread::scope(|scope| {
                let mut reader = ReadAhead::start(scope, &targets, &queue, ahead);
                std::iter::from_fn(|| reader.next())
                    .map(|(_, read)| read.unwrap().imported.document.name)
                    .collect()
            });
            assert_eq!(names, expected);
        }
    }
}
