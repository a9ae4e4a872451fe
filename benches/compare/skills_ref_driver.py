"""The Python reference validator, skills-ref, over skill folders in one
process: what `compare.py` times against `skillworld`.

    python skills_ref_driver.py validate ROOT...
        one JSON line per skill folder below ROOT, sorted by path:
        {"path": ..., "errors": [...]}
    python skills_ref_driver.py prompt LIST_FILE
        skills_ref.to_prompt over the folders named in LIST_FILE (one a line)

Each prints, last on stderr, the seconds its loop took (`loop <seconds>`),
so the process time can be split into start-up and work.
"""

import json
import os
import sys
import time
from pathlib import Path

import skills_ref

SKILL_FILES = ("SKILL.md", "skill.md")


def skill_dirs(roots):
    """Every folder holding a SKILL.md (or skill.md), as skills-ref finds it."""
    found = []
    for root in roots:
        for folder, _, files in os.walk(root):
            if any(name in files for name in SKILL_FILES):
                found.append(folder)
    return sorted(found)


def validate(roots):
    folders = skill_dirs(roots)
    started = time.perf_counter()
    results = [(folder, skills_ref.validate(Path(folder))) for folder in folders]
    elapsed = time.perf_counter() - started
    out = sys.stdout
    for folder, errors in results:
        out.write(json.dumps({"path": folder, "errors": errors}) + "\n")
    print(f"loop {elapsed:.6f}", file=sys.stderr)


def prompt(list_file):
    folders = [Path(line) for line in Path(list_file).read_text().splitlines() if line]
    started = time.perf_counter()
    text = skills_ref.to_prompt(folders)
    elapsed = time.perf_counter() - started
    sys.stdout.write(text + "\n")
    print(f"loop {elapsed:.6f}", file=sys.stderr)


def main(argv):
    if len(argv) >= 2 and argv[0] == "validate":
        validate(argv[1:])
    elif len(argv) == 2 and argv[0] == "prompt":
        prompt(argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
