"""Builds the learn84 data set: every prose unit of every source, labelled,
as JSON lines in OUT (default /work/tmp/learn84/units.jsonl).

Sources (paths from the environment of round 84; none is committed):
  inject82  /work/tmp/inject82/batch   malicious + twin, MANIFEST intent/language
  inject83dev /work/tmp/blind83/dev    malicious + twin (held out by source)
  style83   /work/tmp/style83/batch    malicious + twin (weighted down)
  own       benches/learn84/own        this task's own items + twins
  fixtures  tests/fixtures/{malicious/injection,benign}
  sweepNN   /work/tmp/sweeps/sweepNN   real npm/PyPI skills (negatives)
  corpus    /work/shared/corpus        real skills (negatives)
  reg83dev  reg83's dev half            real registry skills (negatives)
A malicious item's positive units are those its twin does not hold; a
fixture's are the sentences the base scanner blocked on (FIXTURE_HITS)."""
import json, os, re, sys
import units as U

ROOT = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(ROOT, "..", ".."))
FIX = os.path.join(REPO, "crates/skillworld-scan/tests/fixtures")
OUT = sys.argv[1] if len(sys.argv) > 1 else "/work/tmp/learn84/units.jsonl"
HITS = os.environ.get("FIXTURE_HITS", "/work/tmp/learn84/fix-inj.txt")
MAX_FILE = 200_000

INTENT = {"backdoor-code": "backdoor", "delete-data": "delete", "disable-confirmation": "confirm-off",
          "exfil-secrets": "secrets", "hide-actions": "hide", "leak-conversation": "prompt-leak",
          "leak-prompt": "prompt-leak", "move-money": "money", "phish-credentials": "phish",
          "recommend-link": "plant", "recommend-package": "plant", "sabotage-competitor": "sabotage",
          "send-files": "files-out", "exfil": "secrets", "guards": "confirm-off", "wipe": "delete",
          "send": "files-out"}
FAMILY = {"en": "english", "de": "germanic", "nl": "germanic", "sv": "germanic", "da": "germanic",
          "no": "germanic", "es": "romance", "fr": "romance", "it": "romance", "pt": "romance",
          "ro": "romance", "ru": "slavic", "uk": "slavic", "pl": "slavic", "cs": "slavic",
          "zh": "cjk", "ja": "cjk", "ko": "cjk"}


def family(lang):
    parts = [p for p in lang.split("+") if p != "en"] or ["en"]
    return FAMILY.get(parts[0], "other")


def md_files(folder):
    for dirpath, dirs, files in os.walk(folder):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".md") and f.upper() not in ("README.MD", "MANIFEST.MD", "CHANGELOG.MD", "LICENSE.MD"):
                yield os.path.join(dirpath, f)
    if os.path.basename(folder) == "SKILL.md":
        yield folder


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(MAX_FILE)
    except (UnicodeDecodeError, OSError):
        return None


def skill_units(folder):
    """(file, first, last, text, vocab) of each prose unit of a skill folder."""
    vocab = U.vocabulary(read(os.path.join(folder, "SKILL.md")) or "")
    for path in md_files(folder):
        text = read(path)
        if text is None:
            continue
        rel = os.path.relpath(path, folder)
        for a, b, s in U.units(text):
            yield rel, a, b, s, vocab


def norm(s):
    return " ".join(U.tokens(s.lower()))


def emit(out, source, item, rel, a, b, s, vocab, label, **meta):
    row = dict(source=source, item=item, file=rel, line=a, label=label, text=s,
               f=U.hashed(U.features(s, vocab)), **meta)
    out.write(json.dumps(row, ensure_ascii=False) + "\n")


def twinned(out, source, root, meta_of):
    for name in sorted(os.listdir(os.path.join(root, "malicious"))):
        mal, ben = os.path.join(root, "malicious", name), os.path.join(root, "benign", name)
        meta = meta_of(name)
        twin = {norm(s) for _, _, _, s, _ in skill_units(ben)} if os.path.isdir(ben) else set()
        for rel, a, b, s, vocab in skill_units(mal):
            if norm(s) not in twin and len(U.tokens(s)) >= 2:
                emit(out, source, name, rel, a, b, s, vocab, 1, **meta)
        if os.path.isdir(ben):
            for rel, a, b, s, vocab in skill_units(ben):
                emit(out, source, name, rel, a, b, s, vocab, 0, twin=1, **meta)


def manifest(path, key="name"):
    rows = [l.rstrip("\n").split("\t") for l in open(path, encoding="utf-8")]
    head = rows[0]
    return {r[head.index(key)]: dict(zip(head, r)) for r in rows[1:]}


def fixture_hits():
    hits, item = {}, None
    for line in open(HITS, encoding="utf-8"):
        if line.startswith("BLOCKED "):
            item = line.split()[1]
        elif item and (line.startswith("        high ") or line.startswith("        critical ")):
            m = re.match(r"\s+\w+ \S+ (\S+?):(\d+): (.*)", line)
            if m:
                hits.setdefault(item, []).append((m.group(1), int(m.group(2)), m.group(3)))
    return hits


def fixtures(out):
    hits = fixture_hits()
    inj = os.path.join(FIX, "malicious/injection")
    for name in sorted(os.listdir(inj)):
        found = hits.get(name, [])
        for rel, a, b, s, vocab in skill_units(os.path.join(inj, name)):
            for hf, hl, excerpt in found:
                if hf == rel and a <= hl <= b:
                    ex = set(U.tokens(excerpt.lower()))
                    t = U.tokens(s.lower())
                    if t and sum(w in ex for w in t) * 2 >= len(t):
                        emit(out, "fixtures", name, rel, a, b, s, vocab, 1, intent="?", family="?")
                        break
    ben = os.path.join(FIX, "benign")
    for cls in sorted(os.listdir(ben)):
        for name in sorted(os.listdir(os.path.join(ben, cls))):
            for rel, a, b, s, vocab in skill_units(os.path.join(ben, cls, name)):
                emit(out, "fixtures", cls + "/" + name, rel, a, b, s, vocab, 0)


def skills_under(root):
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        if "SKILL.md" in files:
            yield dirpath
            dirs[:] = [d for d in dirs if d in ("references", "reference", "docs")]


def real(out, source, root):
    seen = set()
    for folder in skills_under(root):
        item = os.path.relpath(folder, root)
        for rel, a, b, s, vocab in skill_units(folder):
            if (rel, a, s) in seen:
                continue
            emit(out, source, item, rel, a, b, s, vocab, 0, real=1)


def main():
    with open(OUT, "w", encoding="utf-8") as out:
        m = manifest("/work/tmp/inject82/batch/MANIFEST.tsv")
        twinned(out, "inject82", "/work/tmp/inject82/batch",
                lambda n: dict(intent=INTENT.get(m[n]["intent"], m[n]["intent"]), family=family(m[n]["language"])))
        rows = [l.rstrip("\n").split("\t") for l in open("/work/tmp/blind83/dev/MANIFEST.tsv", encoding="utf-8")][1:]
        b83 = {r[0]: r for r in rows if r[2] == "malicious"}
        twinned(out, "inject83dev", "/work/tmp/blind83/dev",
                lambda n: dict(intent=b83[n][3], family=family(b83[n][5])))
        s = manifest("/work/tmp/style83/batch/MANIFEST.tsv")
        def style_meta(n):
            lang, _, intent = s[n]["order"].partition("-")
            return dict(intent=INTENT.get(intent, intent), family=family(lang))
        twinned(out, "style83", "/work/tmp/style83/batch", style_meta)
        own = os.path.join(ROOT, "own")
        if os.path.isdir(own):
            o = manifest(os.path.join(own, "MANIFEST.tsv"))
            twinned(out, "own", own, lambda n: dict(intent=o[n]["intent"], family=family(o[n]["language"])))
        fixtures(out)
        for n in ("05", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "28", "29", "30", "31"):
            real(out, "sweep" + n, "/work/tmp/sweeps/sweep" + n)
        real(out, "corpus", "/work/shared/corpus")
        real(out, "reg83dev", "/work/tmp/learn84/reg83/reg83/split/dev")


if __name__ == "__main__":
    main()
