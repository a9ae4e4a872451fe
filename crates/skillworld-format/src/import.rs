//! FMT-4 lenient import of one SKILL.md.

use crate::dialect::read_document;
use crate::frontmatter::{decode, split};
use crate::yaml::{parse_mapping, repair_colons};
use crate::{FormatError, SkillDocument, Source, Warning, WarningCode};

/// A leniently imported skill and the deviations that were accepted.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub document: SkillDocument,
    pub warnings: Vec<Warning>,
}

/// Reads a SKILL.md leniently (FMT-4): real-world quirks become warnings;
/// only the rejection rules of FMT-4 are errors.
pub fn import_skill_md(bytes: &[u8], source: &Source<'_>) -> Result<Imported, FormatError> {
    let mut warnings = Vec::new();
    if let Some(file) = source.file_name
        && file != "SKILL.md"
    {
        warnings.push(Warning::new(
            WarningCode::SkillMdCase,
            format!("the file is named '{file}'"),
        ));
    }
    let text = decode(bytes, &mut warnings)?;
    let parts = split(&text, &mut warnings)?;
    let map = match parse_mapping(parts.yaml) {
        Err(FormatError::Yaml(error)) => {
            let repaired =
                repair_colons(parts.yaml).ok_or_else(|| FormatError::Yaml(error.clone()))?;
            let map = parse_mapping(&repaired).map_err(|_| FormatError::Yaml(error))?;
            warnings.push(Warning::new(
                WarningCode::ColonRepaired,
                "values with an unquoted ': ' were quoted",
            ));
            map
        }
        other => other?,
    };
    let document = read_document(map, parts.yaml, parts.body, source, &mut warnings)?;
    Ok(Imported { document, warnings })
}
