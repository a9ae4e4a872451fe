//! Per-file findings kept by content (SEC-2 stays: the verdict is a pure
//! function of the content). A file's own hits — quiet signals included —
//! depend only on its path and its bytes, so they are kept under the
//! SHA-256 of both; a rescan analyses only the files whose bytes changed
//! and re-runs the cross-file combination over every file's hits.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use crate::engine::Hit;
use crate::typosquat::{ScanContext, imitated};

/// Files remembered by default: a few thousand skills' worth.
const DEFAULT_CAPACITY: usize = 8_192;

/// A bounded cache of per-file scan results, keyed by the SHA-256 of the
/// file's path and bytes. Two generations bound it without bookkeeping per
/// lookup: when the young one fills half the capacity it becomes the old
/// one (the previous old one is dropped); a hit in the old one moves back
/// to the young one, so files in use survive.
#[derive(Debug)]
pub struct ScanCache {
    young: HashMap<[u8; 32], Vec<Hit>>,
    old: HashMap<[u8; 32], Vec<Hit>>,
    capacity: usize,
    hits: u64,
    misses: u64,
    /// The last typosquatting answer: a skill patched again and again
    /// asks the same question of the same names.
    imitation: Option<(Question, Option<String>)>,
}

/// What a typosquatting answer depends on: the name, the origin, the
/// installed names' version and whether the compiled-in list counts.
#[derive(Debug, PartialEq, Eq)]
struct Question {
    name: String,
    origin: Option<String>,
    known: Option<u64>,
    well_known: bool,
}

impl Default for ScanCache {
    fn default() -> Self {
        ScanCache::with_capacity(DEFAULT_CAPACITY)
    }
}

impl ScanCache {
    /// A cache that remembers at most `files` files (at least 2).
    pub fn with_capacity(files: usize) -> Self {
        ScanCache {
            young: HashMap::new(),
            old: HashMap::new(),
            capacity: files.max(2),
            hits: 0,
            misses: 0,
            imitation: None,
        }
    }

    /// Files remembered now.
    pub fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// (lookups answered from the cache, lookups that scanned).
    pub fn stats(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }

    /// The hits of `path` holding `text`, from the cache or from `scan`.
    pub(crate) fn get_or_scan(
        &mut self,
        path: &str,
        text: &str,
        scan: impl FnOnce() -> Vec<Hit>,
    ) -> Vec<Hit> {
        let key = key(path, text);
        if let Some(hits) = self.young.get(&key) {
            self.hits += 1;
            return hits.clone();
        }
        if let Some(hits) = self.old.remove(&key) {
            self.hits += 1;
            self.keep(key, hits.clone());
            return hits;
        }
        self.misses += 1;
        let hits = scan();
        self.keep(key, hits.clone());
        hits
    }

    /// The known name `name` imitates in `context` (see
    /// [`imitated`]), answered again only when the question changed.
    pub(crate) fn imitated(&mut self, name: &str, context: &ScanContext) -> Option<String> {
        let question = Question {
            name: name.to_owned(),
            origin: context.origin.map(str::to_owned),
            known: context.known.map(|known| known.version()),
            well_known: context.well_known,
        };
        match &self.imitation {
            Some((asked, answer)) if *asked == question => answer.clone(),
            _ => {
                let answer = imitated(name, context).map(str::to_owned);
                self.imitation = Some((question, answer.clone()));
                answer
            }
        }
    }

    fn keep(&mut self, key: [u8; 32], hits: Vec<Hit>) {
        if self.young.len() >= self.capacity / 2 {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, hits);
    }
}

/// SHA-256 of the path, a NUL (never in a path) and the text.
fn key(path: &str, text: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(path.as_bytes());
    hasher.update([0]);
    hasher.update(text.as_bytes());
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_stays_bounded_and_keeps_files_in_use() {
        let mut cache = ScanCache::with_capacity(4);
        let mut scans = 0;
        let mut scan = |cache: &mut ScanCache, text: &str| {
            cache.get_or_scan("SKILL.md", text, || {
                scans += 1;
                Vec::new()
            });
        };
        scan(&mut cache, "kept");
        for i in 0..100 {
            scan(&mut cache, &format!("file {i}"));
            scan(&mut cache, "kept");
            assert!(cache.len() <= 4, "{} files kept", cache.len());
        }
        assert_eq!(scans, 101, "the file in use was scanned once");
        assert_eq!(cache.stats(), (100, 101));
    }

    /// The remembered typosquatting answer follows the installed names,
    /// the origin and the name asked about.
    #[test]
    fn the_remembered_imitation_follows_the_names() {
        use crate::typosquat::KnownNames;
        let mut cache = ScanCache::default();
        let mut known = KnownNames::new();
        fn context(known: &KnownNames) -> ScanContext<'_> {
            ScanContext {
                known: Some(known),
                origin: Some("b"),
                well_known: false,
            }
        }
        assert_eq!(cache.imitated("invoice-parsr", &context(&known)), None);
        known.insert("invoice-parser", "a");
        assert_eq!(
            cache.imitated("invoice-parsr", &context(&known)).as_deref(),
            Some("invoice-parser")
        );
        let same_origin = ScanContext {
            origin: Some("a"),
            ..context(&known)
        };
        assert_eq!(cache.imitated("invoice-parsr", &same_origin), None);
        assert_eq!(cache.imitated("invoice-parser", &context(&known)), None);
        known.remove("invoice-parser");
        assert_eq!(cache.imitated("invoice-parsr", &context(&known)), None);
    }
}
