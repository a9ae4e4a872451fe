"""Two variants of the model, featurised again from the packed texts (real
skills' units cut at 200 characters): `uni` (logistic regression without
bigrams and the off-task feature, stronger L2, 3 epochs) and `nb` (Bernoulli
naive Bayes over the same features), `char3` (logistic regression over
character 3-grams of every script, real skills cut to 60 units a skill).
`python3 variants.py uni|nb|char3`; prints
the held-out-by-source figures as `train.py validate` does."""
import collections, math, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train as T, units as U
variant = sys.argv[1]
data = T.load()
def char3(text):
    """Character 3-grams of the words (a space at each word's edges), for
    every script alike, and the structural marks."""
    joined = " " + " ".join(U.tokens(text.lower())) + " "
    fs = {"t:" + joined[k:k + 3] for k in range(len(joined) - 2)}
    return fs | {f for f in U.features(text, set()) if f.startswith("s:") and not f.startswith("s:off")} | {"bias"}
def feats(text):
    if variant == "char3":
        return tuple(U.hashed(char3(text)))
    fs = U.features(text, set())
    if variant in ("uni", "nb"):
        fs = {f for f in fs if not f.startswith("b:") and not f.startswith("s:off")}
    return tuple(U.hashed(fs))
t0=time.time()
CAP = 60  # char3: real skills read at most 60 units a skill (featurising is slow)
for s, d in data.items():
    if variant == "char3" and (s.startswith("sweep") or s in ("corpus", "reg83dev")):
        per, keep = {}, []
        for i, it in enumerate(d["item"]):
            per[it] = per.get(it, 0) + 1
            if per[it] <= CAP:
                keep.append(i)
        data[s] = d = {k: [v[i] for i in keep] for k, v in d.items()}
    d["f"] = [feats(t) for t in d["text"]]
print("featurized %.0fs"%(time.time()-t0), flush=True)
srcs = [s for s in T.TRAIN_SWEEPS + ["reg83dev", "fixtures"] + T.TWINNED if s != "inject83dev" and s in data]
ex = T.pool(data, srcs)
if variant == "nb":
    pc, nc = collections.Counter(), collections.Counter()
    npos = sum(1 for _, y, _ in ex if y); nneg = len(ex) - npos
    for f, y, w in ex:
        (pc if y else nc).update(f)
    w = {}
    for i in set(pc) | set(nc):
        a = (pc[i] + 0.5) / (npos + 1); b = (nc[i] + 0.5) / (nneg + 1)
        w[i] = math.log(a / b)  # presence-only Bernoulli NB log-odds
    # count only informative features
    w = {i: v for i, v in w.items() if pc[i] >= 2}
else:
    T.L2 = 1e-4; T.EPOCHS = 3
    w = T.train(ex)
print("trained %.0fs"%(time.time()-t0), flush=True)
thr, where = T.threshold(w, data, srcs)
print(variant, "threshold %.2f"%thr, where)
d = data["inject83dev"]
best = T.item_max(w, d, T.twin_rows(d, 1))
vals = sorted((v[0] for v in best.values()), reverse=True)
print("inject83dev item maxima", [round(x,1) for x in vals[:12]])
print("held-out inject83dev blocked %d/%d, twins %d/%d" % (T.blocked(w, d, thr, 1) + T.blocked(w, d, thr, 0)))
hard = max(T.score(w, f) for s in T.TEST_SWEEPS + ["corpus"] for f in data[s]["f"])
print("held-out real max %.2f" % hard)
for s in T.TEST_SWEEPS + ["corpus"]:
    print(s, "%d/%d" % T.blocked(w, data[s], thr, 0))
negs = sorted((T.score(w, f) for s in srcs for i, f in enumerate(data[s]["f"]) if data[s]["y"][i] == 0), reverse=True)
for r in (10, 100, 1000): 
    print("neg rank %d %.2f -> inject83dev %d/%d" % ((r, negs[r]) + T.blocked(w, d, negs[r], 1)))
