//! FMT-4 lenient import of one SKILL.md.

use serde_yaml::{Mapping, Value as Yaml};

use crate::bare::describe;
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
    let parts = match split(&text, &mut warnings) {
        Err(FormatError::NoFrontmatter) => return import_bare(&text, source, warnings),
        other => other?,
    };
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

/// STO-6: a SKILL.md with no frontmatter at all (a heading and a
/// paragraph) is read leniently: the name from its folder, the description
/// from its first paragraph, else its first heading; the whole text is the
/// body. A file with neither is refused.
fn import_bare(
    text: &str,
    source: &Source<'_>,
    mut warnings: Vec<Warning>,
) -> Result<Imported, FormatError> {
    let (description, from) = describe(text).ok_or(FormatError::NoFrontmatterNoText)?;
    warnings.push(Warning::new(
        WarningCode::NoFrontmatter,
        format!("no frontmatter; the description was taken from the first {from}"),
    ));
    let mut map = Mapping::new();
    map.insert(Yaml::from("description"), Yaml::from(description));
    let document = read_document(map, "", text, source, &mut warnings)?;
    Ok(Imported { document, warnings })
}
