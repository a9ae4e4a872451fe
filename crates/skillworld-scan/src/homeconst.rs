//! A folder under the home that a script deletes by a name it only ever
//! assigns a string literal (`APP_DIR = ".tool"`, then
//! `shutil.rmtree(Path.home() / APP_DIR)`) is the tool's own folder, an
//! uninstall; a name read from a data file or looped over a list deletes
//! whatever the data says (misses23: case told the two apart before, so
//! `REL` read from a data file passed). misses24: Node's
//! `path.join(os.homedir(), NAME)`, the shell's `"$HOME/$NAME"`,
//! PowerShell's `Join-Path $HOME $Name` and Go's `filepath.Join(home,
//! name)` as well, each name in any case. holes44: the literal must name a
//! folder of a tool's, not the user's keys, documents or whole config
//! (`SSH_DIR = ".ssh"`, `""`, `".."`), and the name may be bound no other
//! way (`for APP_DIR in (…)`, a parameter, `as APP_DIR`).

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;
use crate::ownvar;

/// The name a deletion joins to the home folder (the one capture that
/// takes part): Python's, Node's, the shell's, PowerShell's, Go's.
static JOINED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"\brmtree\(\s*(?:(?:pathlib\.)?Path\.home\(\)\s*(?:/\s*|\.joinpath\(\s*)|os\.path\.join\([^,\n]*,\s*)([A-Za-z_]\w*)\s*[,)]|\bpath\.join\(\s*os\.homedir\(\)\s*,\s*([A-Za-z_$][\w$]*)\s*\)|(?:"\$HOME/\$\{?|\$HOME/"\$\{?|~/"\$\{?)([A-Za-z_]\w*)\}?"|(?i:\bJoin-Path)\s+(?:\$HOME|\$env:USERPROFILE)\s+\$([A-Za-z_]\w*)\s*\)|\bfilepath\.Join\(\s*(?:home|os\.Getenv\(\s*"HOME"\s*\))\s*,\s*([A-Za-z_]\w*)\s*\)"#,
    )
    .expect("joined")
});

/// Folders straight under the home that hold the user's own files or
/// secrets (lower case): no tool's folder, whatever its uninstall says.
const PERSONAL: &[&str] = &[
    "desktop",
    "documents",
    "downloads",
    "music",
    "pictures",
    "photos",
    "videos",
    "movies",
    "public",
    "dropbox",
    "onedrive",
    "projects",
    "src",
    "code",
    "repos",
    "workspace",
    ".ssh",
    ".gnupg",
    ".aws",
    ".azure",
    ".kube",
    ".docker",
    ".password-store",
    ".mozilla",
    ".thunderbird",
];

/// Folders shared by many tools: only a folder below one is a tool's.
const SHARED: &[&str] = &[
    ".config",
    ".local",
    ".local/share",
    ".cache",
    "library",
    ".claude",
    ".codex",
    ".cursor",
    ".gemini",
];

/// Whether the home folder `line` deletes is named by a variable whose
/// every binding in the text is an assignment of a string literal naming
/// a tool's folder.
pub fn own_folder(lines: &Lines, line: &str) -> bool {
    let Some(name) = JOINED
        .captures(line)
        .and_then(|c| c.iter().skip(1).flatten().next())
    else {
        return false;
    };
    let name = name.as_str();
    ownvar::literal_texts(lines, name).is_some_and(|texts| texts.into_iter().all(tools_folder))
        && !bound_otherwise(lines, name)
}

/// Whether `relative` (a path under the home) names a folder of a tool's:
/// plain names down from the home, none of them the user's own.
fn tools_folder(relative: &str) -> bool {
    let relative = relative.trim_start_matches("./").trim_end_matches('/');
    let lower = relative.to_ascii_lowercase();
    let plain = |part: &str| {
        !part.is_empty() && part != "." && part != ".." && !part.contains(['{', '$', '~', '\\'])
    };
    lower.split('/').all(plain)
        && !PERSONAL.contains(&lower.split('/').next().unwrap_or_default())
        && !SHARED.contains(&lower.as_str())
}

/// Whether the script binds `name` other than by `name = …` (Go's
/// `name := …`): a loop (Python's, the shell's, PowerShell's `foreach`,
/// JavaScript's `for … of`, Go's `range`), `as`, a parameter, Python's
/// walrus, an unpacking, an annotation or an import. A name too long to
/// build the pattern around (the regex crate's size limit) is taken as
/// bound otherwise: the deletion is then not spared.
fn bound_otherwise(lines: &Lines, name: &str) -> bool {
    let name = regex::escape(name);
    let binding = Regex::new(&format!(
        concat!(
            r"(?m)\bfor(?:each)?\s*[\w\s,()\[\]$]*\b{name}\b[\w\s,()\[\]]*\s(?:in|of)\b|\bas\s+\(?[\w\s,]*\b{name}\b",
            r"|\bdef\s+\w+\s*\((?:[^)\n]*,)?\s*\*{{0,2}}{name}\s*[,)=:]|\blambda\s+(?:[^:\n]*,)?\s*{name}\s*[,:]",
            r"|(?:[(,]|\b(?:if|elif|while)\s)\s*{name}\s*:=|^\s*[(\[]?\s*(?:[\w.*]+\s*,\s*)+{name}\s*(?:,\s*[\w.*]+\s*)*[)\]]?\s*=[^=]",
            r"|^\s*[(\[]?\s*{name}\s*(?:,\s*[\w.*]+\s*)+[)\]]?\s*=[^=]|^\s*{name}\s*:[^=\n]+=[^=]|\bimport\b[^\n]*\b{name}\b",
        ),
        name = name
    ));
    binding.map_or(true, |binding| {
        lines.all().any(|line| binding.is_match(line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> bool {
        let lines = Lines::new(text);
        let line = lines.all().last().expect("a deleting line");
        own_folder(&lines, line)
    }

    #[test]
    fn only_a_literal_names_the_tools_own_folder() {
        assert!(own(
            "APP_DIR = \".tool\"\nshutil.rmtree(Path.home() / APP_DIR)"
        ));
        assert!(own("rel = '.cache/tool'\nshutil.rmtree(Path.home() / rel)"));
        for text in [
            "const APP_DIR = '.tool';\nfs.rmSync(path.join(os.homedir(), APP_DIR), { recursive: true })",
            "APP_DIR=\".tool\"\nrm -rf \"$HOME/$APP_DIR\"",
            "$AppDir = '.tool'\nRemove-Item -Recurse (Join-Path $HOME $AppDir)",
            "appDir := \".tool\"\nos.RemoveAll(filepath.Join(home, appDir))",
        ] {
            assert!(own(text), "{text}");
        }
        for text in [
            "REL = cfg[\"cache\"]\nshutil.rmtree(Path.home() / REL)",
            "for D in dirs:\n    shutil.rmtree(Path.home() / D)",
            "REL = \".tool\"\nREL = cfg[\"x\"]\nshutil.rmtree(Path.home() / REL)",
            "fs.rmSync(path.join(os.homedir(), d), { recursive: true })",
            "const DIR = cfg.dir;\nfs.rmSync(path.join(os.homedir(), DIR), { recursive: true })",
            "rm -rf \"$HOME/$TARGET\"",
            "$Target = $cfg.dir\nRemove-Item -Recurse -Force (Join-Path $HOME $Target)",
            "Name := cfg.Dir\nos.RemoveAll(filepath.Join(home, Name))",
        ] {
            assert!(!own(text), "{text}");
        }
    }

    #[test]
    fn a_constant_naming_the_users_own_files_is_no_tools_folder() {
        assert!(own(
            "APP_DIR = \".config/tool\"\nshutil.rmtree(Path.home() / APP_DIR, ignore_errors=True)"
        ));
        for value in [
            "\".ssh\"",
            "'Documents'",
            "\"\"",
            "\".\"",
            "\"..\"",
            "\".config\"",
            "\"../other\"",
            "\"/etc\"",
            "\"Library\"",
        ] {
            let text = format!("APP_DIR = {value}\nshutil.rmtree(Path.home() / APP_DIR)");
            assert!(!own(&text), "{text}");
        }
    }

    #[test]
    fn a_constant_bound_another_way_holds_more_than_its_literal() {
        for other in [
            "for APP_DIR in (\"Documents\", \".ssh\"):",
            "def wipe(APP_DIR):",
            "def wipe(keep, *APP_DIR):",
            "with open(\"dirs.txt\") as APP_DIR:",
            "APP_DIR, n = sys.argv[1], 0",
            "n, APP_DIR = 0, sys.argv[1]",
            "if (APP_DIR := os.environ.get(\"D\")):",
            "APP_DIR: str = sys.argv[1]",
            "from settings import APP_DIR",
            "if APP_DIR := os.environ.get(\"D\"):",
            "foreach ($APP_DIR in $cfg.dirs) {",
            "for (const APP_DIR of cfg.dirs) {",
            "for _, APP_DIR := range cfg.Dirs {",
        ] {
            let text =
                format!("APP_DIR = \".tool\"\n{other}\n    shutil.rmtree(Path.home() / APP_DIR)");
            assert!(!own(&text), "{text}");
        }
        assert!(own(
            "APP_DIR = \".tool\"\ndef wipe(keep=APP_DIR):\n    shutil.rmtree(Path.home() / APP_DIR)"
        ));
    }
}
