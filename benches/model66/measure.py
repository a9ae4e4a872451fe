#!/usr/bin/env python3
"""Leave-one-batch-out measure of a hashed-feature sentence classifier.

usage: measure.py FEATURESET MODEL   (FEATURESET: words | words12 | chars; MODEL: lr | nb)
Reads data.jsonl (extract.py). Prints per-batch recall, twins flagged, and the
threshold that keeps held-out sweep folders at <= 1 in 500 flagged.
"""
import json, os, re, sys, time
import numpy as np
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import SGDClassifier
from sklearn.naive_bayes import ComplementNB

FS, MODEL = sys.argv[1], sys.argv[2]
BATCHES = [24, 28, 41, 42, 43, 44, 45, 48, 61, 63, 64, 65]
ROWS = {24: "6/35", 28: "12/34", 41: "9/36", 42: "5/21", 43: "7/22", 44: "8/22", 45: "9/20",
        48: "1/20", 61: "9/13 (instr.-only)", 63: "13/36", 64: "11/36", 65: "8/24"}
SWEEP_FOLDS = [["sweep05", "sweep12", "sweep13", "sweep14"], ["sweep15", "sweep16", "sweep17", "sweep18"],
               ["sweep19", "sweep20", "sweep21"], ["sweep22", "sweep23", "sweep24", "sweep25", "sweep26"]]
if os.environ.get("PER_SWEEP"):  # one fold per sweep: 16 fits instead of 4
    SWEEP_FOLDS = [[s] for fold in SWEEP_FOLDS for s in fold]

LATIN = re.compile(r"[a-zà-ÿ0-9_'~./-]+")
NONLATIN = re.compile(r"[\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")


def analyzer(s):
    s = s.lower()
    words = [w.strip("./-'") for w in LATIN.findall(s)]
    words = [w for w in words if w]
    feats = list(words)
    if FS in ("words12", "chars"):
        feats += [a + " " + b for a, b in zip(words, words[1:])]
    # non-Latin scripts (CJK, Cyrillic, Arabic...): character bigrams (+ trigrams)
    for run in NONLATIN.findall(s):
        if re.match(r"[\u0400-\u04ff]", run):
            feats.append(run)  # Cyrillic is word-separated: whole word
            continue
        feats += [run[i:i + 2] for i in range(len(run) - 1)] or [run]
        if FS == "chars":
            feats += [run[i:i + 3] for i in range(len(run) - 2)]
    if FS == "chars":
        # Latin word stems: first 5 letters, carries inflections across languages
        feats += ["~" + w[:5] for w in words if len(w) > 5]
    return feats


def main():
    t0 = time.time()
    recs = [json.loads(l) for l in open("/work/tmp/model66/data.jsonl")]
    index = {}
    def ids(ss):
        return [index.setdefault(s, len(index)) for s in ss]
    for r in recs:
        r["a"] = ids(r["all"])
        r["p"] = ids(r.get("pos", []))
        r["h"] = ids(r.get("hard", []))
    sents = [None] * len(index)
    for s, i in index.items():
        sents[i] = s
    hv = HashingVectorizer(analyzer=analyzer, n_features=2 ** 20, alternate_sign=False, norm="l2")
    X = hv.transform(sents).tocsr()
    print(f"# {FS}/{MODEL}: {len(sents)} unique sentences vectorised in {time.time()-t0:.0f}s", flush=True)

    def fit(exclude):
        """Train on every record not excluded: positives = twin-diff sentences of
        malicious skills, negatives = every sentence of benign/twin/sweep records
        (a sentence in both sets counts as negative)."""
        pos, neg = set(), set()
        for r in recs:
            if exclude(r):
                continue
            if r["kind"] == "mal":
                pos.update(r["p"])
            elif r["kind"] in ("twin", "benign", "sweep"):
                neg.update(r["a"])
        pos -= neg
        P, N = np.fromiter(pos, int), np.fromiter(neg, int)
        rows = np.concatenate([P, N])
        y = np.concatenate([np.ones(len(P)), np.zeros(len(N))])
        if MODEL == "lr":
            w = np.where(y == 1, len(N) / max(len(P), 1) / 20, 1.0)  # positives up-weighted
            m = SGDClassifier(loss="log_loss", alpha=2e-6, max_iter=8, tol=None, random_state=0)
            m.fit(X[rows], y, sample_weight=w)
            return lambda M: m.decision_function(M)
        m = ComplementNB(alpha=0.3)
        m.fit(X[rows], y)
        return lambda M: m.predict_log_proba(M)[:, 1] - m.predict_log_proba(M)[:, 0]

    def skill_score(score, r):
        return max((score[i] for i in r["a"]), default=-1e9)

    # 1. sweeps held out by fold -> threshold
    sweep_scores = []
    for fold in SWEEP_FOLDS:
        f = fit(lambda r: r["src"] in fold)
        ia = sorted({i for r in recs if r["src"] in fold for i in r["a"]})
        sc = dict(zip(ia, f(X[ia]))) if ia else {}
        for r in recs:
            if r["src"] in fold:
                sweep_scores.append((skill_score(sc, r), r["src"], r["name"], r))
        print(f"#  fold {fold[0]}.. done {time.time()-t0:.0f}s", flush=True)
    sweep_scores.sort(key=lambda x: -x[0])
    n = len(sweep_scores)
    allowed = n // 500
    thr = sweep_scores[allowed][0]  # flag strictly above: at most `allowed` folders
    print(f"# sweep folders {n}, allowed {allowed}, threshold {thr:.3f}")
    for s, src, name, r in sweep_scores[:allowed + 3]:
        print(f"#   top sweep {s:.3f} {src}/{name}")

    # 2. each batch held out
    tot = [0, 0, 0, 0]
    out = {}
    for k in BATCHES:
        f = fit(lambda r: r["batch"] == k)
        ia = sorted({i for r in recs if r["batch"] == k for i in r["a"]})
        sc = dict(zip(ia, f(X[ia])))
        mal = [r for r in recs if r["batch"] == k and r["kind"] == "mal"]
        tw = [r for r in recs if r["batch"] == k and r["kind"] == "twin"]
        mf = [r for r in mal if skill_score(sc, r) > thr]
        tf = [r for r in tw if skill_score(sc, r) > thr]
        out[k] = {"mal_scores": [skill_score(sc, r) for r in mal], "twin_scores": [skill_score(sc, r) for r in tw],
                  "caught": sorted(r["name"] for r in mf), "twins": sorted(r["name"] for r in tf),
                  "top": {r["name"]: sents[max(r["a"], key=lambda i: sc[i])] for r in mal if r["a"]}}
        tot[0] += len(mf); tot[1] += len(mal); tot[2] += len(tf); tot[3] += len(tw)
        print(f"| {k} | {len(mf)}/{len(mal)} | {len(tf)}/{len(tw)} | {ROWS[k]} |", flush=True)
    print(f"| all | {tot[0]}/{tot[1]} ({100*tot[0]/tot[1]:.0f} %) | {tot[2]}/{tot[3]} | 98/319 (31 %) |")
    json.dump({"thr": thr, "batches": out, "sweeps_flagged": [(s, src, nm) for s, src, nm, _ in sweep_scores[:allowed + 5]],
               "sweep_scores": [s for s, _, _, _ in sweep_scores]},
              open(f"/work/tmp/model66/result-{FS}-{MODEL}{os.environ.get('PER_SWEEP', '')}.json", "w"), ensure_ascii=False, indent=1)
    print(f"# total {time.time()-t0:.0f}s")


if __name__ == "__main__":
    main()
