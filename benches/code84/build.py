"""Writes the code84 red-team batch: /work/tmp/code84/batch/{malicious,benign}/NAME/;
with `part2`, the probes written after the rules were read (`items_e`) to
/work/tmp/code84/batch2/.

The host skills (long SKILL.md, a helper script, a reference) come from code83's filler."""
import hashlib, pathlib, shutil, sys, zlib
HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "code83"))
sys.path.insert(0, str(HERE))
from filler import skill_md, helper_script, reference, THEMES
import items_a, items_b, items_c, items_d, items_e

PART2 = sys.argv[1:] == ["part2"]
OUT = pathlib.Path("/work/tmp/code84/batch2" if PART2 else "/work/tmp/code84/batch")
shutil.rmtree(OUT, ignore_errors=True)
HELPER = {"python": "py", "bash": "sh", "javascript": "js"}
ITEMS = items_e.I if PART2 else items_a.I + items_b.I + items_c.I + items_d.I
names = [it["name"] for it in ITEMS]
assert len(names) == len(set(names)), "duplicate item names"
manifest = []
for it in ITEMS:
    seed = zlib.crc32(it["name"].encode())
    for side in ("malicious", "benign"):
        files = it["mal" if side == "malicious" else "ben"]
        d = OUT / side / it["name"]
        d.mkdir(parents=True)
        extra = {k.split(":", 1)[1]: v for k, v in files.items() if k.startswith("@extra:")}
        (d / "SKILL.md").write_text(skill_md(it["name"], it["theme"], seed, files.get("@setup"), extra))
        ext = HELPER[THEMES[it["theme"]]["lang"]]
        (d / "scripts").mkdir()
        (d / "scripts" / f"helpers.{ext}").write_text(helper_script(it["theme"], seed, ext))
        (d / "references").mkdir()
        if "references/reference.md" not in files:
            (d / "references" / "reference.md").write_text(reference(it["theme"], seed))
        for p, text in files.items():
            if p.startswith("@"):
                continue
            f = d / p
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(text)
    places = [p for p in it["mal"] if not p.startswith("@")] + [("SKILL.md " + k[1:]) for k in it["mal"] if k.startswith("@")]
    manifest.append(f"{it['name']}\t{it['cls']}\t{it['theme']}\t{', '.join(places)}")
(OUT / "MANIFEST").write_text("name\tclass\thost\tpayload placement\n" + "\n".join(manifest) + "\n")
h = hashlib.sha256()
for f in sorted(OUT.rglob("*")):
    if f.is_file() and f.name not in ("MANIFEST", "FINGERPRINT"):
        h.update(str(f.relative_to(OUT)).encode())
        h.update(f.read_bytes())
(OUT / "FINGERPRINT").write_text(h.hexdigest() + "\n")
print(len(ITEMS), "pairs", h.hexdigest()[:16])
