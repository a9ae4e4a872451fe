//! Differential: the frontmatter parser (fast path for simple frontmatter,
//! full parser otherwise) must agree with the full YAML parser wherever it
//! answers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_yaml::Value;
use skillworld_format::parse_frontmatter_yaml;

fuzz_target!(|data: &[u8]| {
    let Ok(yaml) = std::str::from_utf8(data) else { return };
    if yaml.len() > 4096 {
        return;
    }
    if let Ok(ours) = parse_frontmatter_yaml(yaml) {
        let full: Value = serde_yaml::from_str(yaml).expect("the full parser accepts what we accept");
        // Blank or comment-only frontmatter (YAML null) has no fields.
        let full = if full.is_null() { Value::Mapping(Default::default()) } else { full };
        assert_eq!(Value::Mapping(ours), full);
    }
});
