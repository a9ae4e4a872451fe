"""Compares `skillworld validate --strict --json CORPUS` with CORPUS/expected.tsv.

Every skill listed must be present with the expected verdict; a mismatch or a
missing skill fails. Our messages are printed beside the expected reasons.
"""

import json
import os
import sys


def main(corpus: str, results_path: str) -> int:
    expected = {}
    with open(os.path.join(corpus, "expected.tsv"), encoding="utf-8") as tsv:
        header = tsv.readline().rstrip("\n").split("\t")
        assert header[:2] == ["skill", "valid"], header
        for line in tsv:
            fields = line.rstrip("\n").split("\t")
            if fields and fields[0]:
                expected[fields[0]] = (fields[1] == "yes", fields[2] if len(fields) > 2 else "")

    actual = {}
    with open(results_path, encoding="utf-8") as results:
        for line in results:
            result = json.loads(line)
            skill = os.path.relpath(result["path"], corpus)
            actual[skill] = result

    failures = 0
    for skill, (valid, reason) in sorted(expected.items()):
        result = actual.get(skill)
        if result is None:
            print(f"MISSING  {skill}: no result")
            failures += 1
            continue
        if result["ok"] != valid:
            print(f"MISMATCH {skill}: expected {'valid' if valid else 'invalid'} ({reason}), got {result['errors']}")
            failures += 1
        elif not valid:
            print(f"ok       {skill}: invalid as expected; {reason!r} -> {result['errors']}")
    extra = sorted(set(actual) - set(expected))
    for skill in extra:
        print(f"EXTRA    {skill}: not in expected.tsv")
    print(f"{len(expected)} expected, {len(actual)} checked, {failures} failing")
    return 1 if failures or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
