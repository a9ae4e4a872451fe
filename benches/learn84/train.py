"""Trains learn84's logistic regression over hashed prose-unit features
(pure Python, no network) and prints the validation tables.

  python3 train.py validate [folds]  # held out by source (and by intent, family)
  python3 train.py ship              # trains on every source, prints its threshold

Held out by source: the model that scores a held-out set never saw it;
its threshold is the least score above every training negative's (real
skills, twins, benign fixtures), so no training negative blocks."""
import math, os, pickle, random, sys, time

PACK = "/work/tmp/learn84/pack.pkl"
TRAIN_SWEEPS = ["sweep%s" % n for n in ("05", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22")]
TEST_SWEEPS = ["sweep28", "sweep29", "sweep30", "sweep31"]
TWINNED = ["inject82", "inject83dev", "style83", "own"]
PER_ITEM = 150        # real skills: at most this many units of one skill in training
EPOCHS, RATE, L2 = 6, 0.2, 1e-6
SOURCE_WEIGHT = {"style83": 0.25}
FOLD_PER_ITEM, FOLD_EPOCHS = 20, 3  # the leave-one-out folds train on a smaller pool


def load():
    data = pickle.load(open(PACK, "rb"))
    drop_spelled(data)
    for s in TWINNED + ["fixtures", "corpus", "reg83dev"] + TRAIN_SWEEPS + TEST_SWEEPS:
        data.setdefault(s, {"f": [], "y": [], "item": [], "meta": [], "text": []})
    return data


def spelled():
    """style83's spelling items: their words are hidden (respell.rs undoes
    them before any prose reader); the model reads plain prose only."""
    rows = [l.rstrip("\n").split("\t") for l in open("/work/tmp/style83/batch/MANIFEST.tsv", encoding="utf-8")]
    return {r[0] for r in rows[1:] if r[3].startswith("spelling")}


def drop_spelled(data):
    d, gone = data["style83"], spelled()
    keep = [i for i in range(len(d["y"])) if d["item"][i] not in gone]
    data["style83"] = {k: [v[i] for i in keep] for k, v in d.items()}


def pool(data, sources, keep=lambda s, i: True):
    """(features, label, weight) for training: every unit of twinned sources
    and fixtures, real skills' units de-duplicated and capped per skill."""
    out, seen = [], set()
    for s in sources:
        d = data.get(s)
        if not d:
            continue
        real = s.startswith("sweep") or s in ("corpus", "reg83dev")
        per = {}
        for i, f in enumerate(d["f"]):
            if not keep(s, i):
                continue
            if real:
                if f in seen:
                    continue
                seen.add(f)
                n = per.get(d["item"][i], 0)
                if n >= PER_ITEM:
                    continue
                per[d["item"][i]] = n + 1
            out.append((f, d["y"][i], SOURCE_WEIGHT.get(s, 1.0)))
    return out


def train(examples, seed=84):
    rng = random.Random(seed)
    pos = sum(w for _, y, w in examples if y)
    neg = sum(w for _, y, w in examples if not y)
    up = neg / pos * 0.2 if pos else 1.0
    w, g = {}, {}
    order = list(range(len(examples)))
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        for k in order:
            f, y, sw = examples[k]
            z = sum(w.get(i, 0.0) for i in f)
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            e = (p - y) * sw * (up if y else 1.0)
            if abs(e) < 1e-4:
                continue
            for i in f:
                gi = g.get(i, 1e-2) + e * e
                g[i] = gi
                w[i] = w.get(i, 0.0) - RATE * (e + L2 * w.get(i, 0.0)) / math.sqrt(gi)
    return w


def score(w, f):
    return sum(w.get(i, 0.0) for i in f)


def item_max(w, d, rows=None):
    """Per item: the highest score of its units (all, or the rows given)."""
    best = {}
    for i in (rows if rows is not None else range(len(d["f"]))):
        s = score(w, d["f"][i])
        it = d["item"][i]
        if s > best.get(it, (-1e9,))[0]:
            best[it] = (s, i)
    return best


def threshold(w, data, sources):
    top, where = -1e9, None
    for s in sources:
        d = data.get(s)
        if not d:
            continue
        for i, f in enumerate(d["f"]):
            if d["y"][i] == 0:
                v = score(w, f)
                if v > top:
                    top, where = v, (s, d["item"][i], d["text"][i][:120])
    return top + 1e-6, where


def blocked(w, d, thr, label, rows=None):
    it = item_max(w, d, [i for i in (rows if rows is not None else range(len(d["y"]))) if d["y"][i] == label])
    return sum(v[0] >= thr for v in it.values()), len(it)


def twin_rows(d, label):
    return [i for i in range(len(d["y"])) if d["y"][i] == label]


def validate():
    data = load()
    t0 = time.time()
    negatives = TRAIN_SWEEPS + ["reg83dev", "fixtures"] + TWINNED
    train_sources = [s for s in negatives if s != "inject83dev"]
    ex = pool(data, train_sources)
    print("train pool: %d units (%d positive)" % (len(ex), sum(y for _, y, _ in ex)))
    cache = os.environ.get("WEIGHTS")
    if cache and os.path.exists(cache):
        w = pickle.load(open(cache, "rb"))
    else:
        w = train(ex)
        if cache:
            pickle.dump(w, open(cache, "wb"))
    thr, where = threshold(w, data, train_sources)
    print("threshold %.3f (highest training negative: %s)  [%.0fs]" % (thr, where, time.time() - t0))
    d = data["inject83dev"]
    print("| held out | blocked |")
    print("| inject83dev malicious | %d/%d |" % blocked(w, d, thr, 1))
    print("| inject83dev twins | %d/%d |" % blocked(w, d, thr, 0))
    for s in TEST_SWEEPS + ["corpus"]:
        dd = data[s]
        it = item_max(w, dd)
        hits = [(v[0], k, dd["text"][v[1]][:100]) for k, v in it.items() if v[0] >= thr]
        print("| %s real skills | %d/%d |" % (s, len(hits), len(it)))
        for h in sorted(hits, reverse=True)[:5]:
            print("    %.2f %s :: %s" % h)
    # the margin: inject83dev recall at the held-out real skills' own highest score
    hard = max(score(w, f) for s in TEST_SWEEPS + ["corpus"] for f in data[s]["f"])
    print("held-out real skills' highest unit score %.3f; inject83dev at it: %d/%d" % ((hard,) + blocked(w, d, hard + 1e-6, 1)))
    return data, w, thr


def hard_pool(data, w, sources, n=20000):
    scored = []
    for s in sources:
        d = data.get(s)
        for i, f in enumerate(d["f"]):
            if d["y"][i] == 0:
                scored.append((score(w, f), s, i))
    scored.sort(reverse=True)
    return [(s, i) for _, s, i in scored[:n]]


def leave_out(data, w_all, what):
    """Leave one intent (or family) out of every positive source; score its
    positives; threshold over the hard negatives (the main model's top
    20,000 training negatives, where a fold's highest negative lies)."""
    sources = TRAIN_SWEEPS + ["reg83dev", "fixtures"] + TWINNED
    hard = hard_pool(data, w_all, sources)
    global PER_ITEM, EPOCHS
    PER_ITEM, EPOCHS = FOLD_PER_ITEM, FOLD_EPOCHS
    key = 0 if what == "intent" else 1
    values = sorted({d["meta"][i][key] for s in TWINNED if s in data for d in [data[s]]
                     for i in range(len(d["y"])) if d["y"][i] == 1} - {None, "?"})
    print("| %s left out | positives blocked (items) | fold threshold |" % what, flush=True)
    for v in values:
        keep = lambda s, i, v=v: not (s in TWINNED and data[s]["y"][i] == 1 and data[s]["meta"][i][key] == v)
        w = train(pool(data, sources, keep))
        thr = max(score(w, data[s]["f"][i]) for s, i in hard) + 1e-6
        got = tot = 0
        for s in TWINNED:
            if s not in data:
                continue
            d = data[s]
            rows = [i for i in range(len(d["y"])) if d["y"][i] == 1 and d["meta"][i][key] == v]
            if rows:
                b, t = blocked(w, d, thr, 1, rows)
                got, tot = got + b, tot + t
        print("| %s | %d/%d | %.2f |" % (v, got, tot, thr), flush=True)


def ship():
    data = load()
    sources = TRAIN_SWEEPS + TEST_SWEEPS + ["corpus", "reg83dev", "fixtures"] + TWINNED
    w = train(pool(data, sources))
    thr, where = threshold(w, data, sources)
    print("threshold on every source %.3f (highest negative: %s)" % (thr, where))
    return data, w, thr


if __name__ == "__main__":
    if sys.argv[1] == "validate":
        data, w, thr = validate()
        if len(sys.argv) > 2:
            leave_out(data, w, "intent")
            leave_out(data, w, "family")
            sys.stdout.flush()
    else:
        ship()
