//! Any bytes as a zipped skill: reading and importing must return an error
//! or a bundle within the MOD-5 limits, never panic.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use skillworld_format::read_bundle_zip;

fuzz_target!(|data: &[u8]| {
    if let Ok(raw) = read_bundle_zip(data, Path::new("fuzz.zip")) {
        let _ = raw.validate_strict();
        if let Ok(bundle) = raw.import() {
            assert!(bundle.files.len() < 256);
            assert!(bundle.files.iter().all(|f| !f.path.starts_with('/') && !f.path.split('/').any(|part| part == "..")));
        }
    }
});
