//! Per-file findings kept by content (SEC-2 stays: the verdict is a pure
//! function of the content). A file's own hits — quiet signals included —
//! depend only on its path and its bytes, so they are kept under the
//! SHA-256 of both; a rescan analyses only the files whose bytes changed
//! and re-runs the cross-file combination over every file's hits.
//!
//! A cache filled ahead ([`ScanCache::ahead`], a bulk import's readers)
//! also keeps each text it keyed, until the lookup that asks for it: that
//! lookup recognises the text by a byte comparison instead of hashing it a
//! second time (issue 19: hashing each file once).

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
    /// Texts keyed ahead, each taken by the first lookup that meets it
    /// again.
    ahead: Ahead,
}

/// Texts keyed ahead, by their path's and text's shape.
#[derive(Debug, Default)]
struct Ahead {
    /// Whether this cache keeps the texts it keys (one filled ahead).
    keeps: bool,
    texts: HashMap<Shape, Vec<Keyed>>,
    count: usize,
}

/// A text keyed ahead with its key.
#[derive(Debug)]
struct Keyed {
    path: String,
    text: String,
    key: [u8; 32],
}

/// A text's length and first and last eight bytes, with its path's
/// length: equal (path, text) pairs have equal shapes; pairs of one shape
/// are told apart by their bytes.
type Shape = (usize, usize, u64, u64);

fn shape(path: &str, text: &str) -> Shape {
    let edge = |part: &[u8]| {
        let mut word = [0u8; 8];
        word[..part.len()].copy_from_slice(part);
        u64::from_le_bytes(word)
    };
    let bytes = text.as_bytes();
    let head = &bytes[..bytes.len().min(8)];
    let tail = &bytes[bytes.len().saturating_sub(8)..];
    (path.len(), bytes.len(), edge(head), edge(tail))
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
            ahead: Ahead::default(),
        }
    }

    /// A cache filled ahead of the lookups that will use it (a reader's
    /// scan before the install's verdict): it also keeps each text it
    /// keys, so that, once [absorbed](ScanCache::absorb), the verdict's
    /// lookup of the same text compares bytes instead of hashing them.
    pub fn ahead(files: usize) -> Self {
        ScanCache {
            ahead: Ahead {
                keeps: true,
                ..Ahead::default()
            },
            ..ScanCache::with_capacity(files)
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
        let key = self.key(path, text);
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

    /// The key of `path` holding `text`: the one computed ahead for the
    /// same bytes (taken: each is met again once), else its SHA-256; a
    /// cache filled ahead keeps the text with the key it computes.
    fn key(&mut self, path: &str, text: &str) -> [u8; 32] {
        let ahead = &mut self.ahead;
        if ahead.count == 0 && !ahead.keeps {
            return key(path, text);
        }
        let shape = shape(path, text);
        if let Some(keyed) = ahead.texts.get_mut(&shape)
            && let Some(at) = keyed.iter().position(|k| k.path == path && k.text == text)
        {
            let key = keyed.swap_remove(at).key;
            if keyed.is_empty() {
                ahead.texts.remove(&shape);
            }
            ahead.count -= 1;
            return key;
        }
        let key = key(path, text);
        if ahead.keeps {
            ahead.count += 1;
            ahead.texts.entry(shape).or_default().push(Keyed {
                path: path.to_owned(),
                text: text.to_owned(),
                key,
            });
        }
        key
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

    /// Takes in every file `other` remembers: findings computed by the
    /// scanner elsewhere (another thread, ahead of the writes that will
    /// ask for them). Only the scanner fills a cache, so nothing absorbed
    /// can be other than its own findings for that path and text.
    pub fn absorb(&mut self, other: ScanCache) {
        for (key, hits) in other.old.into_iter().chain(other.young) {
            self.keep(key, hits);
        }
        self.absorb_texts(other.ahead);
    }

    /// Takes texts keyed ahead elsewhere, at most a capacity's worth: a
    /// text no lookup met again (its install refused, or renamed) is let
    /// go with the others once that many are held.
    fn absorb_texts(&mut self, other: Ahead) {
        let ahead = &mut self.ahead;
        if ahead.count + other.count > self.capacity {
            ahead.texts.clear();
            ahead.count = 0;
        }
        ahead.count += other.count;
        for (shape, mut texts) in other.texts {
            ahead.texts.entry(shape).or_default().append(&mut texts);
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

    /// A text keyed ahead answers the lookup of the same bytes once; a
    /// text of the same length and edges but other bytes is scanned.
    #[test]
    fn texts_keyed_ahead_are_told_apart_by_their_bytes() {
        let (same, other) = ("head-0123-tail", "head-9999-tail");
        let mut elsewhere = ScanCache::ahead(8);
        elsewhere.get_or_scan("SKILL.md", same, Vec::new);
        assert_eq!(elsewhere.ahead.count, 1);
        let mut cache = ScanCache::default();
        cache.absorb(elsewhere);
        cache.get_or_scan("SKILL.md", other, Vec::new);
        assert_eq!(cache.stats(), (0, 1), "other bytes are scanned");
        assert_eq!(
            cache.ahead.count, 1,
            "a cache not filled ahead keeps no text"
        );
        cache.get_or_scan("SKILL.md", same, || panic!("scanned again"));
        assert_eq!(cache.ahead.count, 0, "the text is taken once met");
        assert!(cache.ahead.texts.is_empty());
        // Taken, its key is still the SHA-256 of path and text.
        cache.get_or_scan("SKILL.md", same, || panic!("scanned again"));
        assert_eq!(cache.stats(), (2, 1));
    }

    #[test]
    fn files_scanned_elsewhere_are_answered_once_absorbed() {
        let mut elsewhere = ScanCache::with_capacity(8);
        for text in ["one", "two", "three"] {
            elsewhere.get_or_scan("SKILL.md", text, Vec::new);
        }
        let mut cache = ScanCache::default();
        cache.absorb(elsewhere);
        for text in ["one", "two", "three"] {
            cache.get_or_scan("SKILL.md", text, || panic!("{text} scanned again"));
        }
        assert_eq!(cache.stats(), (3, 0));
    }
}
