//! The name a bulk import's bundle is expected to be installed under
//! (FMT-4), guessed by the readers: a bundle asking for a name that an
//! earlier bundle of the import asks for too is numbered at its install,
//! and is scanned ahead under that number, so the installing thread takes
//! the report instead of scanning its SKILL.md again (issue 19: those
//! scans were a sixth of its work on the import bench's corpus). A guess
//! only: the install numbers by what is installed by then (an earlier
//! bundle refused, a name taken in the layer already), and a report made
//! under another name than the one given is not taken.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use skillworld_format::numbered_name;

/// The names the import's bundles ask for, each with the positions (in
/// install order) of the bundles asking, as the readers learn them.
#[derive(Default)]
pub struct Claims(Mutex<HashMap<String, BTreeSet<usize>>>);

impl Claims {
    /// Notes that the bundle at `index` asks for `name`.
    pub fn claim(&self, index: usize, name: &str) {
        let mut claims = self.0.lock().expect("no reader panics");
        match claims.get_mut(name) {
            Some(indexes) => {
                indexes.insert(index);
            }
            None => {
                claims.insert(name.to_owned(), BTreeSet::from([index]));
            }
        }
    }

    /// The numbered name the bundle at `index` asking for `name` gets if
    /// each bundle claimed before it asking for the same name takes the
    /// next free one: none when no earlier bundle claimed it.
    pub fn expected(&self, index: usize, name: &str) -> Option<String> {
        let claims = self.0.lock().expect("no reader panics");
        let earlier = claims
            .get(name)
            .map_or(0, |indexes| indexes.range(..index).count());
        (earlier > 0).then(|| numbered_name(name, earlier + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_bundles_asking_for_a_name_expect_its_numbers_in_order() {
        let claims = Claims::default();
        for (index, name) in [(7, "pdf"), (2, "pdf"), (4, "notes"), (9, "pdf")] {
            claims.claim(index, name);
        }
        assert_eq!(claims.expected(2, "pdf"), None);
        assert_eq!(claims.expected(7, "pdf").as_deref(), Some("pdf-2"));
        assert_eq!(claims.expected(9, "pdf").as_deref(), Some("pdf-3"));
        assert_eq!(claims.expected(4, "notes"), None);
        assert_eq!(claims.expected(5, "unclaimed"), None);
    }
}
