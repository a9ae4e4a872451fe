//! Any bytes as a SKILL.md: lenient import and strict validation must
//! return, never panic or hang, and an import must export to a file that
//! imports again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skillworld_format::{export_skill_md, import_skill_md, validate_strict, Source};

fuzz_target!(|data: &[u8]| {
    let source = Source { dir_name: Some("fuzz"), file_name: Some("SKILL.md"), location: None };
    let _ = validate_strict(data, &source);
    if let Ok(imported) = import_skill_md(data, &source) {
        let exported = export_skill_md(&imported.document);
        let again = import_skill_md(exported.as_bytes(), &source).expect("an export imports again");
        assert_eq!(again.document.name, imported.document.name);
        assert_eq!(again.document.description, imported.document.description);
        assert_eq!(again.document.body, imported.document.body);
    }
});
