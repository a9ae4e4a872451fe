"""Packs units.jsonl into /work/tmp/learn84/pack.pkl: per source, the
feature lists, labels, items and metadata (texts kept for positives,
twins and fixtures only), so the trainer loads it in seconds."""
import json, pickle, sys
src = sys.argv[1] if len(sys.argv) > 1 else "/work/tmp/learn84/units.jsonl"
dst = sys.argv[2] if len(sys.argv) > 2 else "/work/tmp/learn84/pack.pkl"
data = {}
for line in open(src, encoding="utf-8"):
    r = json.loads(line)
    d = data.setdefault(r["source"], {"f": [], "y": [], "item": [], "meta": [], "text": []})
    d["f"].append(tuple(r["f"]))
    d["y"].append(r["label"])
    d["item"].append(r["item"])
    d["meta"].append((r.get("intent"), r.get("family"), r.get("twin", 0)))
    d["text"].append(r["text"] if not r.get("real") else r["text"][:200])
pickle.dump(data, open(dst, "wb"), protocol=4)
