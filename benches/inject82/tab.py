# Tabulates a sweep of the inject82 batch: blocked/warned/silent per intent,
# per style, English vs not, and twins blocked/warned.
import sys, collections
batch, mal, ben = sys.argv[1:4]
def verdicts(path):
    v = {}
    for line in open(path):
        if line.startswith("BLOCKED "): v[line.split()[1]] = "blocked"
        elif line.startswith("warned "): v[line.split()[1]] = "warned"
    return v
vm, vb = verdicts(mal), verdicts(ben)
rows = [l.rstrip("\n").split("\t") for l in open(batch + "/MANIFEST.tsv")][1:]
groups = collections.OrderedDict()
def add(key, r):
    g = groups.setdefault(key, [0, 0, 0, 0, 0])
    v = vm.get(r[0], "silent")
    g[0] += 1; g[{"blocked": 1, "warned": 2, "silent": 3}[v]] += 1
    if vb.get(r[0]) == "blocked": g[4] += 1
add_keys = []
for r in rows:
    add("all", r)
for r in sorted(rows, key=lambda r: r[1]): add("intent " + r[1], r)
for r in sorted(rows, key=lambda r: r[2]): add("style " + r[2], r)
for r in rows: add("English" if r[3] == "en" else "not English", r)
print("| group | items | blocked | warned | silent | twins blocked |")
print("| --- | --- | --- | --- | --- | --- |")
for k, g in groups.items():
    print(f"| {k} | {g[0]} | {g[1]} | {g[2]} | {g[3]} | {g[4]} |")
print()
print("missed (not blocked):", " ".join(f"{r[0]}({vm.get(r[0],'silent')[0]})" for r in rows if vm.get(r[0]) != "blocked"))
print("twins blocked:", " ".join(n for n, v in vb.items() if v == "blocked"))
print("twins warned:", " ".join(n for n, v in vb.items() if v == "warned"))
