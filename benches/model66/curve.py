#!/usr/bin/env python3
"""Recall and twins flagged at several held-out sweep flag rates, from measure.py's result JSON."""
import json, sys
r = json.load(open(sys.argv[1]))
sw = sorted(r["sweep_scores"], reverse=True)
for rate in (500, 100, 20):
    thr = sw[len(sw) // rate]
    m = sum(sum(s > thr for s in b["mal_scores"]) for b in r["batches"].values())
    M = sum(len(b["mal_scores"]) for b in r["batches"].values())
    t = sum(sum(s > thr for s in b["twin_scores"]) for b in r["batches"].values())
    T = sum(len(b["twin_scores"]) for b in r["batches"].values())
    f = sum(s > thr for s in sw)
    print(f"sweeps <= 1/{rate} ({f}/{len(sw)} flagged): malicious {m}/{M} ({100*m/M:.0f} %), twins {t}/{T}")
