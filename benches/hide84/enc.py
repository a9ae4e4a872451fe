"""Encoders the hide84 items use to hide (or, in twins, to carry honest data)."""
import base64, codecs, zlib, urllib.parse

def b64(s): return base64.b64encode(s.encode()).decode()
def b32(s): return base64.b32encode(s.encode()).decode()
def hexs(s): return s.encode().hex()
def xesc(s): return "".join(f"\\x{b:02x}" for b in s.encode())
def uesc(s): return "".join(f"\\u{ord(c):04x}" for c in s)
def octs(s): return "".join(f"\\{b:03o}" for b in s.encode())
def pct(s): return "".join(f"%{b:02X}" for b in s.encode())
def codes(s): return ",".join(str(ord(c)) for c in s)
def rot13(s): return codecs.encode(s, "rot13")
def rev(s): return s[::-1]
def zb64(s): return base64.b64encode(zlib.compress(s.encode())).decode()
def xor(s, k): return [b ^ k[i % len(k)] for i, b in enumerate(s.encode())]
def utf16b64(s): return base64.b64encode(s.encode("utf-16-le")).decode()
def tags(s): return "".join(chr(0xE0000 + ord(c)) for c in s)
def zw(s, every=3): return "\u200b".join(s[i:i + every] for i in range(0, len(s), every))
def vsel(s):
    """Bytes as Unicode variation selectors (U+FE00.. for 0-15, U+E0100.. for 16-255)."""
    out = []
    for b in s.encode():
        out.append(chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16))
    return "".join(out)
def chunks(s, n): return [s[i:i + n] for i in range(0, len(s), n)]
