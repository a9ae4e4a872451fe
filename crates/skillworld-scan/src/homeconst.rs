//! A folder under the home that a script deletes by a name it only ever
//! assigns a string literal (`APP_DIR = ".tool"`, then
//! `shutil.rmtree(Path.home() / APP_DIR)`) is the tool's own folder, an
//! uninstall; a name read from a data file or looped over a list deletes
//! whatever the data says (misses23: case told the two apart before, so
//! `REL` read from a data file passed). misses24: Node's
//! `path.join(os.homedir(), NAME)`, the shell's `"$HOME/$NAME"`,
//! PowerShell's `Join-Path $HOME $Name` and Go's `filepath.Join(home,
//! name)` as well, each name in any case.

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

/// Whether the home folder `line` deletes is named by a variable whose
/// every assignment in the text is a string literal.
pub fn own_folder(lines: &Lines, line: &str) -> bool {
    JOINED
        .captures(line)
        .and_then(|c| c.iter().skip(1).flatten().next())
        .is_some_and(|name| ownvar::literal_only(lines, name.as_str()))
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
}
