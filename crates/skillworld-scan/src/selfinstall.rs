//! A skill installing its own folder (fp71, the `malskill` look-alike
//! `docs-install-oneliner`: `ln -sfn /path/to/your/checkout
//! .claude/skills/release-notes-writer` and `cp SKILL.md
//! ~/.claude/skills/release-notes-writer/` in CONTRIBUTING.md, whose
//! frontmatter names it `release-notes-writer`). A developer's install step
//! links, copies, syncs or clones the skill's own checkout into the agent's
//! skills folder under the skill's own name: it adds this skill, it changes
//! no other. Every command of the line that names an agent folder must be
//! such a step; one that writes into another skill's folder, the agent's
//! settings or its instruction files, or copies from outside the checkout
//! (`~`, `$HOME`, `..`, an absolute path that is no placeholder) is still
//! tampering, unless it is the skill's own folder in a fresh clone of its
//! repository (`cloned_copy`, reg85). A SKILL.md without front matter is
//! named by a first heading that is a plain slug (`lib.rs`).

/// Whether every repository `line` clones is this skill's: named for the
/// skill named `name` (`github.com/acme/NAME.git`, `NAME-skill`), or
/// cloned into a skills folder (`~/.agents/skills/NAME`, the seventeenth
/// sweep's `ast-grep`), where the clone is the skill this scan reads.
pub fn clones_itself(line: &str, name: &str) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || "'\"`,[]()".contains(c))
        .filter(|word| !word.is_empty())
        .collect();
    let mut urls = words
        .iter()
        .enumerate()
        .filter(|(_, word)| word.contains("://") || word.starts_with("git@"))
        .peekable();
    urls.peek().is_some()
        && urls.all(|(at, url)| {
            let repo = url.trim_end_matches('/').rsplit(['/', ':']).next();
            let named = repo.is_some_and(|repo| {
                let repo = repo.trim_end_matches(".git").to_ascii_lowercase();
                let name = name.to_ascii_lowercase();
                [
                    name.clone(),
                    format!("{name}-skill"),
                    format!("skill-{name}"),
                ]
                .contains(&repo)
            });
            let into_skills = words.get(at + 1).is_some_and(|target| {
                target
                    .trim_end_matches('/')
                    .rsplit_once('/')
                    .is_some_and(|(folder, _)| skills_folder(folder))
            });
            named || into_skills
        })
}

/// Whether `line` (a whole line) only installs the skill named `name`
/// into a skills folder, in every command that names an agent folder.
pub fn installs_itself(line: &str, name: &str) -> bool {
    let plain = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_alphanumeric())
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    };
    if !plain(name) {
        return false;
    }
    let line = line.trim().trim_start_matches("$ ");
    let mut commands = line
        .split("&&")
        .flat_map(|part| part.split(';'))
        .filter(|command| command.contains("skills") || command.contains(".claude"))
        .peekable();
    commands.peek().is_some() && commands.all(|command| one_install(command, name))
}

/// Whether `line` (a whole line) only copies, links or syncs the folder
/// named `name` from where the user stands (`NAME`, `./NAME`) into a
/// skills folder or that folder's own place in it, in every command of
/// the line: the install of a skill titled in words
/// (`engine::spare_self_install`), where nothing but the folder of the
/// title's name may be the source — no clone, no path from elsewhere, no
/// second command (`&& cp hooks.json ~/.openclaw/settings.json`).
pub fn copies_itself(line: &str, name: &str) -> bool {
    let line = line.trim().trim_start_matches("$ ");
    if line.contains(['|', '>', '<', '`', '$']) {
        return false;
    }
    let mut commands = line
        .split("&&")
        .flat_map(|part| part.split(';'))
        .map(str::trim)
        .filter(|command| !command.is_empty())
        .peekable();
    commands.peek().is_some()
        && commands.all(|command| {
            let words: Vec<&str> = command
                .split_whitespace()
                .map(|w| w.trim_matches(['"', '\'']))
                .filter(|w| !w.starts_with('-'))
                .collect();
            let Some((tool, args)) = words.split_first() else {
                return false;
            };
            let Some((&target, sources)) = args.split_last() else {
                return false;
            };
            let target = target.trim_end_matches('/');
            ["cp", "ln", "rsync"].contains(tool)
                && !sources.is_empty()
                && sources
                    .iter()
                    .all(|s| s.trim_start_matches("./").trim_end_matches('/') == name)
                && (skills_folder(target) || own_folder(target, name))
        })
}

/// One command: `cp`, `mv`, `ln`, `rsync`, `git clone` or `mkdir` whose
/// last argument is this skill's folder in a skills folder (or the skills
/// folder itself, for a copy of the folder of that name), and whose other
/// arguments are the skill's own checkout or its installed folder (`mv
/// …/skills/NAME …/skills/NAME.disabled`).
fn one_install(command: &str, name: &str) -> bool {
    let words: Vec<&str> = command
        .split_whitespace()
        .map(|w| w.trim_matches(['"', '\'']))
        .collect();
    let (tool, rest) = match words.as_slice() {
        ["git", "clone", rest @ ..] => ("git clone", rest),
        [tool, rest @ ..] => (*tool, rest),
        [] => return false,
    };
    let args: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let Some((&target, sources)) = args.split_last() else {
        return false;
    };
    let target = target.trim_end_matches('/');
    let into_own = own_folder(target, name);
    let into_skills = skills_folder(target);
    match tool {
        "mkdir" => {
            sources
                .iter()
                .all(|s| own_folder(s, name) || skills_folder(s))
                && (into_own || into_skills)
        }
        "git clone" => sources.len() == 1 && sources[0].contains("://") && into_own,
        "cp" | "mv" | "ln" | "rsync" => {
            !sources.is_empty()
                && (into_own && sources.iter().all(|s| checkout(s) || own_folder(s, name))
                    || into_skills
                        && sources.iter().all(|s| {
                            named_for(s, name) || own_folder(s, name) || cloned_copy(s, name)
                        }))
        }
        _ => false,
    }
}

/// A folder named for this skill directly in a skills folder
/// (`~/.claude/skills/NAME`, `.claude/skills/NAME`), or under a suffix
/// (`NAME.bak`).
fn own_folder(path: &str, name: &str) -> bool {
    let path = path.trim_end_matches('/');
    let (folder, last) = path.rsplit_once('/').unwrap_or(("", path));
    skills_folder(folder)
        && last
            .strip_prefix(name)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// A folder named `skills`.
fn skills_folder(path: &str) -> bool {
    let path = path.trim_end_matches('/');
    path == "skills" || path.ends_with("/skills")
}

/// This skill's folder by its own name, relative (`NAME`, `./NAME`).
fn named_for(source: &str, name: &str) -> bool {
    let source = source.trim_start_matches("./").trim_end_matches('/');
    source
        .strip_prefix(name)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// This skill's folder in a fresh clone of its repository (reg84's
/// `jev-fit-check`: `git clone … /tmp/jev-fit-check` then `cp -r
/// /tmp/jev-fit-check/skills/jev-fit-check ~/.claude/skills/`): a plain
/// path that ends in the skill's name, under a temporary folder or a
/// checkout named for the skill. The copy lands as a folder of that name,
/// this skill; a folder of another name, or a path through `..`, a
/// variable or a wildcard, may be anything.
fn cloned_copy(source: &str, name: &str) -> bool {
    let path = source.trim_end_matches('/');
    let parts: Vec<&str> = path.split('/').collect();
    let plain = !path.contains(['$', '`', '*', '~']) && !parts.contains(&"..");
    let Some((last, above)) = parts.split_last() else {
        return false;
    };
    plain
        && path.starts_with('/')
        && *last == name
        && (path.starts_with("/tmp/") || above.contains(&name))
}

/// The skill's own checkout: the working folder (`.`, `$PWD`, `$(pwd)`), a
/// relative path inside it (`SKILL.md`, `scripts/`), or a placeholder for
/// where the reader cloned it (`/path/to/your/checkout`).
fn checkout(source: &str) -> bool {
    let here = [".", "./", "./*", ".//", "$PWD", "${PWD}", "$(pwd)", "`pwd`"];
    let placeholder = ["/path/to/", "/your/", "<"];
    here.contains(&source)
        || ["$PWD/", "${PWD}/", "$(pwd)/"]
            .iter()
            .any(|p| source.starts_with(p) && inside(&source[p.len()..]))
        || inside(source)
        || source.starts_with('/') && placeholder.iter().any(|p| source.contains(p))
        || source.starts_with('<') && source.ends_with('>')
}

/// A relative path that stays inside the working folder.
fn inside(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with(['/', '~', '$', '\\'])
        && !path.split('/').any(|part| part == "..")
        && !path.contains(['$', '`', '*'])
        || path == "*"
}
