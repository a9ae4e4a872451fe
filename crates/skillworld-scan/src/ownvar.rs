//! A command the code writes itself (batch 17's generality check):
//! `cmd = f"ffmpeg -i {path} out.mp4"` then `os.system(cmd)`, or
//! `const cmd = "npm run build"` then `execSync(cmd)`. `shell-run-variable`
//! reads a shell given a variable beside a fetch as the fetched text being
//! run; a variable whose assignment in the same text is a string literal
//! holds the skill's own command, which the scan reads where it is written.

use std::sync::LazyLock;

use regex::Regex;

use crate::lines::Lines;

/// The variable a shell is given: the first name inside the call.
static RUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:subprocess\.\w+|os\.system|os\.popen|system|execSync)\(\s*\$?([A-Za-z_]\w*)")
        .expect("run")
});

/// Whether the variable the shell is given on `run` is assigned a string
/// literal (any quote, an f-, r- or b-string, a template) somewhere in the
/// text, and nothing else.
pub fn written_here(lines: &Lines, run: &str) -> bool {
    let Some(name) = RUN.captures(run).and_then(|c| c.get(1)) else {
        return false;
    };
    let assigned = Regex::new(&format!(
        r"^\s*(?:(?:const|let|var|my|local)\s+)?\$?{}\s*=\s*(\S)",
        name.as_str()
    ))
    .expect("a variable's name is a literal");
    let mut literal = false;
    for line in lines.all() {
        if let Some(value) = assigned.captures(line) {
            let start = &line[value.get(1).expect("a value").start()..];
            if !start.starts_with(['"', '\'', '`'])
                && !["f\"", "f'", "r\"", "r'", "b\"", "b'"]
                    .iter()
                    .any(|p| start.starts_with(p))
            {
                return false;
            }
            literal = true;
        }
    }
    literal
}
