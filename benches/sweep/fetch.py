#!/usr/bin/env python3
"""Fetch the real skills of a sweep's source list into a folder outside the repository.

    python3 benches/sweep/fetch.py benches/sweep/<name>.txt /work/tmp/sweeps/<name>

Each line of the list is `npm:<package>@<version>` or `pypi:<package>==<version>`
(blank lines and `#` comments are skipped). Every package is fetched with its
registry's own client (`npm pack`, `pip download --no-deps`), never from a URL,
a path or a repository, and each outermost folder holding a `SKILL.md` is
extracted whole to `<target>/<package>/<path>`. Files over 500 kB (images,
bundled builds) are left out, as the earlier sweeps did. `--max-per-package N`
keeps only the first N skill folders of a package (in path order), so one
author's collection does not dominate a sweep. Package content stays outside
the repository: only the lists are committed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

MAX_FILE_BYTES = 500_000
NPM_LINE = re.compile(r"npm:((?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*)@([0-9][0-9A-Za-z.+-]*)")
PYPI_LINE = re.compile(r"pypi:([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][0-9A-Za-z.+!-]*)")


class SourceError(Exception):
    """A line of the list, or a package's archive, that the sweep refuses."""


def parse_source(line: str) -> tuple[str, str, str]:
    """(registry, package, version) of one list line; anything else is refused."""
    for registry, pattern in (("npm", NPM_LINE), ("pypi", PYPI_LINE)):
        match = pattern.fullmatch(line)
        if match:
            return registry, match.group(1), match.group(2)
    raise SourceError(f"not `npm:<package>@<version>` or `pypi:<package>==<version>`: {line!r}")


def download(registry: str, package: str, version: str, into: Path) -> Path:
    """The package's archive, fetched by the registry's own client into `into`."""
    if registry == "npm":
        command = ["npm", "pack", "--silent", "--ignore-scripts", f"{package}@{version}", "--pack-destination", str(into)]
    else:
        # Wheels only: an sdist would run the package's build code to read its
        # metadata. A wheel is only read, so this Python's version does not
        # matter: ask for a current one rather than miss `Requires-Python >= 3.12`.
        command = ["pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:", "--python-version", "3.13"]
        command += ["--dest", str(into), f"{package}=={version}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    archives = [p for p in into.iterdir() if p.suffix in (".tgz", ".whl")]
    if done.returncode != 0 or len(archives) != 1:
        raise SourceError(f"{registry}:{package} {version}: {done.stderr.strip()[-300:] or 'no archive'}")
    return archives[0]


def members(archive: Path) -> dict[PurePosixPath, bytes | None]:
    """Regular files of the archive by path (None: over the size limit).

    An absolute path, a `..` or a link is refused outright: a package that
    tries to write outside its folder is not swept.
    """
    files: dict[PurePosixPath, bytes | None] = {}
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as zipped:
            for info in zipped.infolist():
                if not info.is_dir():
                    path = safe_path(info.filename)
                    files[path] = zipped.read(info) if info.file_size <= MAX_FILE_BYTES else None
        return files
    with tarfile.open(archive, "r:gz") as tarred:
        for info in tarred.getmembers():
            if info.issym() or info.islnk():
                raise SourceError(f"{archive.name}: a link, {info.name}")
            if info.isfile():
                path = safe_path(info.name)
                body = tarred.extractfile(info)
                files[path] = body.read() if body and info.size <= MAX_FILE_BYTES else None
    return files


def safe_path(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name:
        raise SourceError(f"an archive path outside its folder: {name!r}")
    return path


def outermost_skill_folders(paths: list[PurePosixPath]) -> list[PurePosixPath]:
    """Folders holding a SKILL.md that lie inside no other such folder."""
    folders = sorted({p.parent for p in paths if p.name == "SKILL.md"}, key=lambda p: len(p.parts))
    outermost: list[PurePosixPath] = []
    for folder in folders:
        if not any(folder == o or o in folder.parents for o in outermost):
            outermost.append(folder)
    return sorted(outermost)


def extract(
    package: str, files: dict[PurePosixPath, bytes | None], target: Path, cap: int | None
) -> tuple[int, int]:
    """Writes the outermost skill folders (the first `cap`) under `target/<package>`; (skills, files left out)."""
    folders = outermost_skill_folders(list(files))[:cap]
    package_dir = target / package.lstrip("@").replace("/", "__")
    left_out = 0
    for path, body in files.items():
        if not any(folder == path.parent or folder in path.parents for folder in folders):
            continue
        if body is None:
            left_out += 1
            continue
        out = package_dir / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(body)
    return len(folders), left_out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("list", type=Path, help="the committed source list")
    parser.add_argument("target", type=Path, help="where the skills go (outside the repository)")
    parser.add_argument("--max-per-package", type=int, metavar="N", help="keep at most N skill folders of a package")
    args = parser.parse_args()
    lines = [l.strip() for l in args.list.read_text(encoding="utf-8").splitlines()]
    try:
        sources = [parse_source(l) for l in lines if l and not l.startswith("#")]
    except SourceError as error:
        print(f"error: {args.list}: {error}", file=sys.stderr)
        return 2
    args.target.mkdir(parents=True, exist_ok=True)
    total = failed = 0
    for registry, package, version in sources:
        with tempfile.TemporaryDirectory() as scratch:
            try:
                skills, left_out = extract(package, members(download(registry, package, version, Path(scratch))), args.target, args.max_per_package)
            except (SourceError, OSError, tarfile.TarError, zipfile.BadZipFile) as error:
                print(f"FAILED  {registry}:{package}@{version}: {error}", file=sys.stderr)
                failed += 1
                continue
        total += skills
        print(f"{skills:5} skills  {registry}:{package}@{version}" + (f" ({left_out} files over 500 kB left out)" if left_out else ""))
    print(f"{total} skills from {len(sources) - failed} packages ({failed} failed) in {args.target}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
