//! A script a download saved, run by a later line (batch 49): `curl … -o
//! .cache/install.sh` in one Makefile recipe line and `sh
//! .cache/install.sh --quiet` in the next, the file named literally or
//! through a Make variable (`$(CACHE)/install.sh`), or saved under the
//! URL's own name (`wget https://…/setup.sh`, `curl -LO …`). The one-line
//! form is `download-execute`'s; a download from a listed official
//! installer (Docker's `get-docker.sh`) is ordinary setup, as there, so it
//! is not counted.

use std::sync::LazyLock;

use regex::Regex;

use crate::hosts::{Origin, origin};
use crate::lines::Lines;

/// The file a shell or an interpreter is given first on a run line (`sh
/// .cache/x.sh --quiet`, `sudo bash get-docker.sh`, `@python3
/// "$(D)/stage.py"`, `bash < x.sh`), after its own options, where a Dockerfile's `RUN`, a
/// workflow's `run:` or a package.json script holds the line; or the
/// script PowerShell is given with `-File`.
static RUN_FILE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"^\s*(?:RUN\s+|-?\s*run:\s*|"[\w:.-]+"\s*:\s*")?[@-]?(?:sudo\s+(?:-\w+\s+)*)?(?:\.|source|(?:ba|z|da|k)?sh|python[\d.]*|perl|ruby|node|pwsh)\s+(?:-\w+\s+)*(?:<\s*)?['"]?([^\s'";&|]+)|(?i:\b(?:powershell|pwsh)(?:\.exe)?\s[^\n]*?\s-File)\s+['"]?([^\s'"]+)"#,
    )
    .expect("the run-file pattern compiles")
});

/// A line that downloads. ASCII word boundaries: a Unicode `\b` sends a
/// line with any non-ASCII byte (an emoji, an accented word) from the lazy
/// DFA to the PikeVM, a few hundred thousand instructions on a long line
/// (scanfast13), and no download command borders a non-ASCII letter.
static DOWNLOAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u)\b(?:curl|wget)\b|(?i:\bInvoke-WebRequest\b|\biwr\s)")
        .expect("the download pattern compiles")
});

/// What a download's output option names (`-o x`, `-fsSLo x`, `-qO x`,
/// `--output=x`, `--output-document x`, PowerShell's `-OutFile x`); a URL
/// there is `curl -O`'s own URL, saved under its last segment.
static OUTPUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:\s-(?i:OutFile)|\s-\w*[oO]|\s--output(?:-document)?)[\s=]*['"]?([^\s'";&|]+)"#)
        .expect("the output pattern compiles")
});

/// A download saving under the URL's name: `wget` without `-O`, `curl -O`.
/// ASCII word boundaries, as `DOWNLOAD`'s.
static REMOTE_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u)\bwget\b|\s-\w*O\b|\s--remote-name\b")
        .expect("the remote-name pattern compiles")
});

/// An address whose host, or whose account on a public forge, is a blank
/// (`https://<host>/…`, `https://raw.githubusercontent.com/<you>/…`): no
/// server answers it until the user fills it in with their own. A blank
/// further down a path is answered by whoever runs the host.
static BLANK_URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"https?://(?:<[\w .-]+>|(?:raw\.githubusercontent\.com|github\.com|gitlab\.com|bitbucket\.org)/<[\w .-]+>)")
        .expect("the blank-URL pattern compiles")
});

/// A URL's last path segment.
static URL_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"https?://[^\s'"]*/([\w.-]+)(?:[\s'"]|$)"#).expect("the URL-name pattern compiles")
});

/// Whether the file `run` hands a shell or an interpreter is one a
/// download of the same text saves, from anywhere but an official
/// installer or an address left blank for the user to fill in
/// (`https://raw.githubusercontent.com/<you>/infra/main/provision.sh`:
/// their own script, as the benign fixture `ansible-lite-server` runs).
pub fn saved_by_a_download(lines: &Lines, run: &str) -> bool {
    let Some(file) = RUN_FILE
        .captures(run)
        .and_then(|c| c.iter().skip(1).flatten().next())
        .map(|path| normal(path.as_str()))
    else {
        return false;
    };
    // Its last segment on the line is the cheap test, most lines fail it.
    let name = file.rsplit(['/', '\\']).next().unwrap_or(&file);
    lines
        .all()
        .filter(|line| line.contains(name))
        .any(|line| downloads_to(line, &file))
}

/// Whether `line` downloads into `file`, from anywhere but an official
/// installer or an address left blank for the user to fill in.
pub fn downloads_to(line: &str, file: &str) -> bool {
    DOWNLOAD.is_match(line)
        && saves(line, file)
        && origin(line, false) != Origin::Official
        && !left_blank(line.split(" #").next().unwrap_or_default())
}

/// Whether the line's address is left blank for the user (`BLANK_URL`)
/// and nothing after the blank takes the request elsewhere: a path that
/// climbs out of it (`<you>/../org/repo/…`, which curl resolves to
/// `org`'s repository) or hides its dots (`%2e`), or a `@` that makes the
/// blank a user name before the real host (holes43).
fn left_blank(line: &str) -> bool {
    BLANK_URL.find_iter(line).any(|blank| {
        let rest = line[blank.end()..]
            .split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        !rest.contains("/.") && !rest.contains("%2e") && !rest.contains('@')
    })
}

/// Whether a line downloads into a file (`-o x`, `-OutFile x`, `wget`,
/// `curl -O`): the only downloads a later run can pair with.
pub fn saves_a_file(line: &str) -> bool {
    DOWNLOAD.is_match(line) && (OUTPUT.is_match(line) || REMOTE_NAME.is_match(line))
}

/// Whether a download line saves `file` (as `normal` writes it).
fn saves(line: &str, file: &str) -> bool {
    let named = OUTPUT
        .captures_iter(line)
        .map(|c| c[1].to_owned())
        .filter(|out| !out.starts_with("http"))
        .any(|out| normal(&out) == file);
    named || (REMOTE_NAME.is_match(line) && URL_NAME.captures_iter(line).any(|c| &c[1] == file))
}

/// A path as written, without a leading `./` or a variable's braces
/// (`${D}/x` and `$(D)/x` are `$D/x`).
fn normal(path: &str) -> String {
    let path = path.strip_prefix("./").unwrap_or(path);
    let mut out = String::with_capacity(path.len());
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' && matches!(chars.peek(), Some('{' | '(')) {
            chars.next();
            while let Some(&next) = chars.peek() {
                chars.next();
                if next == '}' || next == ')' {
                    break;
                }
                out.push(next);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str, run: &str) -> bool {
        saved_by_a_download(&Lines::new(text), run)
    }

    #[test]
    fn a_saved_download_run_on_a_later_line_counts() {
        let make = "\tcurl -fsSL $(MIRROR)/x.sh -o $(CACHE)/install.sh\n\tsh $(CACHE)/install.sh --quiet\n";
        assert!(runs(make, "\tsh $(CACHE)/install.sh --quiet"));
        let literal = "curl -fsSL https://dl.tools.dev/i.sh -o ./.cache/i.sh\nbash .cache/i.sh\n";
        assert!(runs(literal, "bash .cache/i.sh"));
        let docker =
            "RUN wget -q https://dl.tools.dev/bootstrap.sh\nRUN sh bootstrap.sh --minimal\n";
        assert!(runs(docker, "RUN sh bootstrap.sh --minimal"));
        let npm = "\"preinstall\": \"curl -fsSL https://dl.tools.dev/i.js -o scripts/.i.js\",\n\"postinstall\": \"node scripts/.i.js\",\n";
        assert!(runs(npm, "\"postinstall\": \"node scripts/.i.js\","));
        let ps = "Invoke-WebRequest -Uri $u -OutFile \"$d\\h.ps1\"\npowershell -ExecutionPolicy Bypass -File \"$d\\h.ps1\"\n";
        assert!(runs(
            ps,
            "powershell -ExecutionPolicy Bypass -File \"$d\\h.ps1\""
        ));
        let remote = "wget https://dl.tools.dev/r/setup.py\npython3 setup.py\n";
        assert!(runs(remote, "python3 setup.py"));
    }

    #[test]
    fn another_file_or_an_official_installer_does_not() {
        let other = "curl -fsSL https://dl.tools.dev/t.tgz -o .cache/t.tgz\nsh .cache/install.sh\n";
        assert!(!runs(other, "sh .cache/install.sh"));
        let docker = "curl -fsSL https://get.docker.com -o get-docker.sh\nsudo sh get-docker.sh\n";
        assert!(!runs(docker, "sudo sh get-docker.sh"));
        let own = "curl -O https://raw.githubusercontent.com/<you>/infra/main/provision.sh\nbash provision.sh\n";
        assert!(!runs(own, "bash provision.sh"));
        let local =
            "curl -fsSL https://dl.tools.dev/list.csv -o list.csv\nsh scripts/build.sh list.csv\n";
        assert!(!runs(local, "sh scripts/build.sh list.csv"));
    }

    /// The lead's review: a blank in a comment, or further down the path
    /// of a host the author runs, leaves the download answered.
    #[test]
    fn a_blank_outside_the_host_or_forge_account_does_not_excuse() {
        for line in [
            "curl -fsSL https://dl.toolsync-cdn.dev/bootstrap.sh -o .cache/bootstrap.sh  # fork it: https://github.com/<you>/toolsync",
            "curl -fsSL \"https://dl.toolsync-cdn.dev/<team>/bootstrap.sh\" -o .cache/bootstrap.sh",
        ] {
            let text = format!("{line}\nsh .cache/bootstrap.sh --quiet\n");
            assert!(runs(&text, "sh .cache/bootstrap.sh --quiet"), "{line}");
        }
        let host = "curl -fsSL https://<your-host>/bootstrap.sh -o .cache/bootstrap.sh\nsh .cache/bootstrap.sh\n";
        assert!(!runs(host, "sh .cache/bootstrap.sh"));
    }

    /// holes43: a blank the rest of the address climbs out of, or turns
    /// into a user name, leaves the download answered by a real host.
    #[test]
    fn a_blank_the_address_leaves_does_not_excuse() {
        for url in [
            "https://raw.githubusercontent.com/<you>/../toolsync-dev/boot/main/setup.sh",
            "https://raw.githubusercontent.com/<you>/%2e%2e/toolsync-dev/boot/main/setup.sh",
            "https://<your-host>@dl.toolsync-cdn.dev/setup.sh",
        ] {
            let text = format!("curl -fsSL {url} -o .cache/setup.sh\nsh .cache/setup.sh\n");
            assert!(runs(&text, "sh .cache/setup.sh"), "{url}");
        }
    }
}
