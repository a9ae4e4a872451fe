"""Writes the hide84 red-team batch: /work/tmp/hide84/batch/{malicious,benign}/NAME/.

Host skills come from code83's filler (long, useful-looking SKILL.md, a helper script, a reference);
each item adds one hidden payload (malicious) or the honest version with a legitimate encoding (benign).
"""
import hashlib, pathlib, shutil, sys, zlib
HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE)); sys.path.append(str(HERE.parent / "code83"))
from filler import skill_md, helper_script, reference, THEMES
from items1 import I
import items2, items3  # noqa: F401  (they append to I)

OUT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/work/tmp/hide84/batch")
shutil.rmtree(OUT, ignore_errors=True)
HELPER = {"python": "py", "bash": "sh", "javascript": "js"}
manifest = []
for it in I:
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
    manifest.append(f"{it['name']}\t{it['cls']}\t{it['tech']}\t{', '.join(places)}")
(OUT / "MANIFEST").write_text("name\tharm\thiding\tpayload placement\n" + "\n".join(manifest) + "\n")
h = hashlib.sha256()
for f in sorted(OUT.rglob("*")):
    if f.is_file() and f.name not in ("MANIFEST", "FINGERPRINT"):
        h.update(str(f.relative_to(OUT)).encode()); h.update(f.read_bytes())
(OUT / "FINGERPRINT").write_text(h.hexdigest() + "\n")
print(len(I), "pairs", h.hexdigest()[:16])
