"""Where the held-out positives stand against each kind of training
negative: for the model of `train.py validate` (WEIGHTS=its cache), the
highest score of each negative kind, and inject83dev's malicious items
and twins blocked at each of those thresholds, and at the 10th, 100th
and 1000th highest training negative unit."""
import os, pickle, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train as T

data = T.load()
w = pickle.load(open(os.environ["WEIGHTS"], "rb"))
d = data["inject83dev"]
kinds = {"real skills (sweeps 05-22, reg83 dev)": T.TRAIN_SWEEPS + ["reg83dev"],
         "benign fixtures": ["fixtures"], "twins (inject82, style83)": ["inject82", "style83"],
         "held-out real (sweeps 28-31, corpus)": T.TEST_SWEEPS + ["corpus"]}
print("| threshold at | score | inject83dev blocked | twins blocked |")
allneg = []
for name, sources in kinds.items():
    top = -1e9
    for s in sources:
        for i, f in enumerate(data[s]["f"]):
            if data[s]["y"][i] == 0:
                v = T.score(w, f)
                top = max(top, v)
                if not name.startswith("held-out"):
                    allneg.append(v)
    print("| highest %s | %.2f | %d/%d | %d/%d |" % ((name, top) + T.blocked(w, d, top + 1e-6, 1) + T.blocked(w, d, top + 1e-6, 0)))
allneg.sort(reverse=True)
for r in (10, 100, 1000):
    print("| %dth training negative | %.2f | %d/%d | %d/%d |" % ((r, allneg[r]) + T.blocked(w, d, allneg[r], 1) + T.blocked(w, d, allneg[r], 0)))
