#!/usr/bin/env python3
"""Extract labelled prose sentences from the fixtures and the sweeps.

Prose = text of Markdown/text files (SKILL.md, references/, any .md/.txt)
outside fenced code blocks, front-matter values included, HTML comments'
text included. Scripts are left out (the scanner reads them as code).

Output: /work/tmp/model66/data.jsonl with one record per skill folder:
  {"src": "fixture"|"sweepNN"|"b64", "kind": "mal"|"twin"|"benign"|"sweep",
   "batch": int|None, "name": ..., "pos": [...], "neg": [...]}
For a malicious skill with a twin, pos = its sentences absent from the twin,
and the twin's record has neg = all its sentences (its differing ones are
the hard negatives). Without a twin the malicious skill's record has pos=[]
and all = its sentences (used only for scoring, never as training positives).
"""
import json, os, re, sys

FIX = "crates/skillworld-scan/tests/fixtures"
SWEEPS = ["05"] + [str(n) for n in range(12, 27)]
B64 = "/work/tmp/redteam63/batch64"
PROSE_EXT = (".md", ".markdown", ".txt", ".mdx", ".rst")

FENCE = re.compile(r"^\s*(```|~~~)")
SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'`(\[])|(?<=[。！？])")
MARKUP = re.compile(r"^\s*(?:[-*+>#|]+|\d+[.)])\s*")


def prose_lines(text):
    lines = text.splitlines()
    out = []
    i = 0
    if lines and lines[0].strip() == "---":
        # front matter: keep values
        for j in range(1, min(len(lines), 200)):
            if lines[j].strip() == "---":
                for l in lines[1:j]:
                    m = re.match(r"^\s*[\w-]+\s*:\s*(.*)$", l)
                    out.append(m.group(1) if m else l)
                i = j + 1
                break
    fenced = False
    for l in lines[i:]:
        if FENCE.match(l):
            fenced = not fenced
            continue
        if fenced:
            continue
        if l.startswith("    ") and not l.strip().startswith(("-", "*", "+")) and not re.match(r"\s*\d+[.)]", l):
            continue  # indented code
        out.append(l)
    return out


def sentences(text):
    sents = []
    para = []
    def flush():
        if para:
            joined = " ".join(para)
            for s in SPLIT.split(joined):
                s = s.strip()
                s = re.sub(r"<!--|-->", " ", s).strip()
                if len(s) >= 12:
                    sents.append(s[:600])
        para.clear()
    for l in prose_lines(text):
        st = l.strip()
        if not st:
            flush(); continue
        # list items, headings, table rows, quotes start a new unit
        if MARKUP.match(l) and MARKUP.match(l).group(0).strip():
            flush()
            st = MARKUP.sub("", l).strip()
            if "|" in st:
                for cell in st.split("|"):
                    para.append(cell.strip()); flush()
                continue
        para.append(st)
    flush()
    return sents


def skill_sentences(folder):
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in ("scripts", "node_modules", ".git")]
        for f in sorted(files):
            if not f.lower().endswith(PROSE_EXT):
                continue
            p = os.path.join(root, f)
            try:
                if os.path.getsize(p) > 400_000:
                    continue
                t = open(p, encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            out.extend(sentences(t))
    # dedupe keeping order
    seen = set(); res = []
    for s in out:
        if s not in seen:
            seen.add(s); res.append(s)
    return res


def batch_of(name):
    m = re.search(r"-b(\d+)$", name)
    return int(m.group(1)) if m else None


def main():
    recs = []
    benign = {}
    for cls in sorted(os.listdir(f"{FIX}/benign")):
        for n in sorted(os.listdir(f"{FIX}/benign/{cls}")):
            benign[n] = f"{FIX}/benign/{cls}/{n}"
    twins_used = set()
    for cls in sorted(os.listdir(f"{FIX}/malicious")):
        for n in sorted(os.listdir(f"{FIX}/malicious/{cls}")):
            b = batch_of(n)
            stem = re.sub(r"-b\d+$", "", n)
            cands = [n, f"{stem}-ok-b{b}"] if b else [n, f"{n}-ok"]
            twin = next((benign[c] for c in cands if c in benign), None)
            ms = skill_sentences(f"{FIX}/malicious/{cls}/{n}")
            rec = {"src": "fixture", "kind": "mal", "batch": b, "name": f"{cls}/{n}", "all": ms}
            if twin:
                ts = skill_sentences(twin)
                tset = set(ts)
                rec["pos"] = [s for s in ms if s not in tset]
                mset = set(ms)
                twins_used.add(os.path.basename(twin))
                recs.append({"src": "fixture", "kind": "twin", "batch": b, "name": twin.split("fixtures/")[1],
                             "all": ts, "hard": [s for s in ts if s not in mset]})
            else:
                rec["pos"] = []
            recs.append(rec)
    for n, p in benign.items():
        if n in twins_used:
            continue
        recs.append({"src": "fixture", "kind": "benign", "batch": batch_of(n), "name": p.split("fixtures/")[1],
                     "all": skill_sentences(p)})
    # batch 64 (not yet fixtures): twins share the folder name
    for n in sorted(os.listdir(f"{B64}/malicious")):
        ms = skill_sentences(f"{B64}/malicious/{n}")
        tp = f"{B64}/benign/{n}"
        ts = skill_sentences(tp) if os.path.isdir(tp) else []
        tset, mset = set(ts), set(ms)
        recs.append({"src": "b64", "kind": "mal", "batch": 64, "name": n, "all": ms,
                     "pos": [s for s in ms if s not in tset] if ts else []})
        if ts:
            recs.append({"src": "b64", "kind": "twin", "batch": 64, "name": n, "all": ts,
                         "hard": [s for s in ts if s not in mset]})
    # sweeps: one record per folder holding SKILL.md
    for s in SWEEPS:
        base = f"/work/tmp/sweeps/sweep{s}"
        for root, dirs, files in os.walk(base):
            if "SKILL.md" in files:
                recs.append({"src": f"sweep{s}", "kind": "sweep", "batch": None,
                             "name": os.path.relpath(root, base), "all": skill_sentences(root)})
    with open("/work/tmp/model66/data.jsonl", "w") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    from collections import Counter
    c = Counter((r["src"] if not r["src"].startswith("sweep") else "sweep", r["kind"]) for r in recs)
    print(c)
    print("positives", sum(len(r.get("pos", [])) for r in recs if r["kind"] == "mal"))
    print("mal with twin", sum(1 for r in recs if r["kind"] == "mal" and r.get("pos")))
    print("hard negatives", sum(len(r.get("hard", [])) for r in recs))
    print("benign fixture sentences", sum(len(r["all"]) for r in recs if r["kind"] in ("benign", "twin")))
    print("sweep sentences", sum(len(r["all"]) for r in recs if r["kind"] == "sweep"))


if __name__ == "__main__":
    main()
