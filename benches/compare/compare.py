"""skillworld against the Python reference skills-ref, side by side: strict
validation and catalog rendering on the same skill folders, each timed as
one process, plus every verdict on which the two disagree, each checked
against the deliberate differences documented in docs/format.md.

Run through run.sh, which prepares the venv, the binary and the corpora:

    python compare.py --skillworld BIN --python VENV_PYTHON --rounds N \
        --out RESULTS_MD --work DIR NAME=CORPUS_DIR...

Exits 1 when a disagreement (a verdict, or an entry only one catalog lists)
is not a documented one.
"""

import argparse
import html
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

DRIVER = Path(__file__).with_name("skills_ref_driver.py")
# Every new skillworld database starts with the shipped Commons (STO-4), so
# its catalog lists these besides the corpus.
SHIPPED = {p.name for p in (Path(__file__).parents[2] / "worlds" / "commons").iterdir() if p.is_dir()}

# The deliberate differences of docs/format.md ("Deliberate differences
# from skills-ref"), each as the errors the stricter side gives for it.
SKILLWORLD_STRICTER = {
    "names allow only a-z, 0-9 and -": re.compile(
        r"^Skill name '.*' contains invalid characters"
    ),
    "metadata values must be strings": re.compile(r"^Field 'metadata' must "),
    "YAML types are real": re.compile(r"^Field '[a-z-]+' must be (a non-empty string|a string)"),
}
SKILLS_REF_STRICTER = {
    "YAML flow style is accepted": re.compile(r"flow (mapping|sequence)|JSONesque", re.I),
    "file-level quirks are warnings": re.compile(
        r"^SKILL.md must start with YAML frontmatter"
    ),
}
QUIRK_WARNINGS = {"bom", "crlf", "leading-blank-lines"}


def run_timed(command, stdout):
    """Wall seconds of one process; its exit code."""
    started = time.perf_counter()
    with open(stdout, "wb") as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.PIPE)
    return time.perf_counter() - started, done.returncode, done.stderr.decode()


def median_run(command, stdout, rounds, ok_codes):
    times, loops = [], []
    for _ in range(rounds):
        seconds, code, stderr = run_timed(command, stdout)
        if code not in ok_codes:
            sys.exit(f"{' '.join(map(str, command))} exited {code}:\n{stderr}")
        times.append(seconds)
        loop = re.search(r"^loop ([0-9.]+)$", stderr, re.M)
        if loop:
            loops.append(float(loop.group(1)))
    return statistics.median(times), (statistics.median(loops) if loops else None)


def cell(text):
    """Text for one Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def read_jsonl(path):
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def classify(ours, theirs):
    """Which documented difference explains a split verdict, or None."""
    if not ours["ok"]:
        rules = SKILLWORLD_STRICTER
        errors = ours["errors"]
    else:
        rules = SKILLS_REF_STRICTER
        errors = theirs
    reasons = set()
    for error in errors:
        matched = [name for name, pattern in rules.items() if pattern.search(error)]
        if not matched:
            return None
        reasons.update(matched)
    if "file-level quirks are warnings" in reasons:
        codes = {warning["code"] for warning in ours["warnings"]}
        if not codes & QUIRK_WARNINGS:
            return None
    return ", ".join(sorted(reasons)) or None


def compare_verdicts(ours_path, theirs_path):
    ours = {str(Path(r["path"]).resolve()): r for r in read_jsonl(ours_path)}
    theirs = {str(Path(r["path"]).resolve()): r["errors"] for r in read_jsonl(theirs_path)}
    rows, undocumented = [], []
    for path in sorted(set(ours) | set(theirs)):
        if path not in ours or path not in theirs:
            side = "skillworld" if path in ours else "skills-ref"
            undocumented.append((path, f"only {side} found this skill"))
            continue
        mine, reference = ours[path], theirs[path]
        if mine["ok"] == (not reference):
            continue
        reason = classify(mine, reference)
        row = (path, mine["ok"], mine["errors"], reference, reason)
        rows.append(row)
        if reason is None:
            undocumented.append((path, "not a documented difference"))
    agree = len(set(ours) & set(theirs)) - len(rows)
    return agree, rows, undocumented


def catalog_entries_xml(text):
    """(name, description, location) of every <skill> of an
    <available_skills> block, unescaped."""
    entries = re.findall(
        r"<skill>\n<name>\n?(.*?)\n?</name>\n<description>\n?(.*?)\n?</description>\n"
        r"<location>\n?(.*?)\n?</location>",
        text,
        re.S,
    )
    return [tuple(html.unescape(part) for part in entry) for entry in entries]


def explain_catalog(ours, theirs, imported, readable):
    """Each catalog entry one side lists and the other does not, with the
    documented rule behind it, or None."""
    ours_pairs = {(name, description) for name, description, _ in ours}
    theirs_pairs = {(name, description) for name, description, _ in theirs}
    by_path = {str(Path(r["path"]).resolve()): r for r in imported}
    explained_ours = set()
    rows = []
    for name, description, location in theirs:
        if (name, description) in ours_pairs:
            continue
        result = by_path.get(str(Path(location).parent.resolve()))
        reason = None
        if result is not None and not result["ok"]:
            reason = "skillworld's lenient import refuses it (FMT-4): " + "; ".join(result["errors"])
        elif result is not None and (result["name"], description) in ours_pairs:
            codes = {w["code"] for w in result["warnings"]}
            if "name-normalized" in codes:
                reason = f"imported as '{result['name']}' (FMT-4 name-normalized)"
                explained_ours.add((result["name"], description))
        rows.append(("skills-ref", name, description, reason))
    by_name = {r["name"]: r for r in imported if r["ok"]}
    for name, description, _ in ours:
        if (name, description) in theirs_pairs or (name, description) in explained_ours:
            continue
        result = by_name.get(name)
        reason = None
        if name in SHIPPED:
            reason = "the shipped Commons, in every new database (STO-4)"
        elif result is not None and str(Path(result["path"]).resolve()) not in readable:
            reason = "skills-ref cannot read it (see its verdict)"
        rows.append(("skillworld", name, description, reason))
    return rows


def compare_catalogs(args, name, corpus, work, reference_verdicts):
    """Times skills_ref.to_prompt against `skillworld catalog --format xml`
    over the same skills, and explains every entry only one lists."""
    # to_prompt raises on any folder it cannot read, so it gets the ones
    # skills-ref itself reads: those without a parse or required-field error.
    unreadable = re.compile(r"^(SKILL.md|Invalid YAML|Missing required|Field '(name|description)')")
    readable = [
        r["path"]
        for r in read_jsonl(reference_verdicts)
        if not any(unreadable.search(e) for e in r["errors"])
    ]
    listing = work / f"{name}-prompt-folders.txt"
    listing.write_text("\n".join(readable) + "\n")

    db = work / f"{name}-catalog.redb"
    if db.exists():
        db.unlink()
    bin_ = args.skillworld
    imported_out = work / f"{name}-import.jsonl"
    for command, stdout in (
        ([bin_, "--db", db, "--json", "import", corpus, "--commons"], imported_out),
        ([bin_, "--db", db, "agent", "add", "compare"], os.devnull),
    ):
        with open(stdout, "wb") as out:
            done = subprocess.run(command, stdout=out, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1):
            sys.exit(f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stderr.decode()}")

    theirs_out = work / f"{name}-to-prompt.xml"
    ours_out = work / f"{name}-catalog.xml"
    theirs_time, theirs_loop = median_run(
        [args.python, DRIVER, "prompt", listing], theirs_out, args.rounds, {0}
    )
    ours_time, _ = median_run(
        [bin_, "--db", db, "catalog", "--agent", "compare", "--format", "xml", "--chars", "1000000000"],
        ours_out,
        args.rounds,
        {0},
    )
    ours = catalog_entries_xml(ours_out.read_text())
    theirs = catalog_entries_xml(theirs_out.read_text())
    resolved = {str(Path(path).resolve()) for path in readable}
    return {
        "skills": (len([e for e in ours if e[0] not in SHIPPED]), len(theirs)),
        "times": (ours_time, theirs_time, theirs_loop),
        "differences": explain_catalog(ours, theirs, read_jsonl(imported_out), resolved),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skillworld", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--work", required=True, type=Path)
    parser.add_argument("corpora", nargs="+", help="NAME=DIR")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)

    report = ["| corpus | skills | skills-ref (process) | skills-ref (loop only) | skillworld (process) | × faster (process) | × faster (vs loop only) |", "|---|---|---|---|---|---|---|"]
    catalog_report = ["| corpus | skills listed (skillworld, shipped Commons left out / skills-ref) | `to_prompt` (process) | `to_prompt` (loop only) | `skillworld catalog` (process) | × faster (process) |", "|---|---|---|---|---|---|"]
    disagreements = []
    catalog_differences = []
    failures = []
    for spec in args.corpora:
        name, _, corpus = spec.partition("=")
        corpus = str(Path(corpus).resolve())
        theirs_out = args.work / f"{name}-skills-ref.jsonl"
        ours_out = args.work / f"{name}-skillworld.jsonl"
        theirs_time, theirs_loop = median_run(
            [args.python, DRIVER, "validate", corpus], theirs_out, args.rounds, {0}
        )
        # Exit 1 means "some skill is invalid", an answer, not a failure.
        ours_time, _ = median_run(
            [args.skillworld, "validate", "--strict", "--json", corpus], ours_out, args.rounds, {0, 1}
        )
        agree, rows, undocumented = compare_verdicts(ours_out, theirs_out)
        count = len(read_jsonl(ours_out))
        report.append(
            f"| {name} | {count:,} | {theirs_time:.3f} s | {theirs_loop:.3f} s | {ours_time * 1000:.1f} ms"
            f" | {theirs_time / ours_time:,.0f} | {theirs_loop / ours_time:,.0f} |"
        )
        print(f"{name}: {count} skills, verdicts agree on {agree}, differ on {len(rows)}", flush=True)
        for path, ok, ours_errors, their_errors, reason in rows:
            disagreements.append(
                f"| {name} | `{Path(path).relative_to(corpus)}` | {'valid' if ok else 'invalid'}"
                f" | {cell('; '.join(ours_errors)) or '—'} | {'invalid' if their_errors else 'valid'}"
                f" | {cell('; '.join(their_errors)) or '—'} | {reason or '**not documented**'} |"
            )
        failures.extend(f"{name}: {path}: {why}" for path, why in undocumented)

        catalog = compare_catalogs(args, name, corpus, args.work, theirs_out)
        ours_c, theirs_c, theirs_c_loop = catalog["times"]
        catalog_report.append(
            f"| {name} | {catalog['skills'][0]:,} / {catalog['skills'][1]:,} | {theirs_c:.3f} s | {theirs_c_loop:.3f} s"
            f" | {ours_c * 1000:.1f} ms | {theirs_c / ours_c:,.0f} |"
        )
        for side, skill, description, reason in catalog["differences"]:
            catalog_differences.append(
                f"| {name} | only in {side} | `{skill}` | {cell(description[:80])}{'…' if len(description) > 80 else ''}"
                f" | {cell(reason) if reason else '**not documented**'} |"
            )
            if reason is None:
                failures.append(f"{name}: catalog entry `{skill}` only in {side}")

    lines = ["## Strict validation", "", *report, "", "## Verdicts that differ", ""]
    if disagreements:
        lines += ["| corpus | skill | skillworld | its errors | skills-ref | its errors | documented difference |", "|---|---|---|---|---|---|---|", *disagreements]
    else:
        lines.append("None.")
    lines += ["", "## Catalog rendering (`to_prompt` against `catalog --format xml`)", "", *catalog_report, "", "## Catalog entries that differ (name and description, unescaped)", ""]
    if catalog_differences:
        lines += ["| corpus | side | skill | description | documented rule |", "|---|---|---|---|---|", *catalog_differences]
    else:
        lines.append("None.")
    if failures:
        lines += ["", "## Not documented", "", *(f"- {f}" for f in failures)]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    if failures:
        print(f"\n{len(failures)} disagreement(s) are not documented differences", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
