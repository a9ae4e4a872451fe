#!/usr/bin/env python3
"""tabulate.py SWEEP OUTPREFIX [BATCH]: scans the batch with SWEEP, writes OUTPREFIX-{malicious,benign}.txt
and prints blocked counts per style (malicious m/N, benign b/N)."""
import subprocess, sys, os, collections
sweep, out = sys.argv[1], sys.argv[2]
batch = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'batch')
here = os.path.dirname(os.path.abspath(__file__))
rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(batch, 'MANIFEST.tsv'))][1:]
blocked = {}
for kind in ('malicious', 'benign'):
    text = subprocess.run([sweep, os.path.join(batch, kind)], capture_output=True, text=True).stdout
    open(f'{out}-{kind}.txt', 'w').write(text)
    blocked[kind] = {l.split()[1] for l in text.splitlines() if l.startswith('BLOCKED')}
tally = collections.OrderedDict()
for name, label, order, style in rows:
    kind = 'malicious' if label == 'm' else 'benign'
    t = tally.setdefault(style, {'m': [0, 0], 'b': [0, 0]})
    t[label][1] += 1
    t[label][0] += name in blocked[kind]
tot = {'m': [0, 0], 'b': [0, 0]}
for style, t in tally.items():
    print(f"{style:28s} malicious {t['m'][0]:2d}/{t['m'][1]:2d}   benign {t['b'][0]}/{t['b'][1]}")
    for k in 'mb':
        tot[k][0] += t[k][0]; tot[k][1] += t[k][1]
print(f"{'TOTAL':28s} malicious {tot['m'][0]}/{tot['m'][1]}   benign {tot['b'][0]}/{tot['b'][1]}")
