"""learn84's prose units and their features. A unit is a sentence of a
Markdown text's prose: frontmatter values, headings, paragraphs and list
items (soft-wrapped lines joined), table cells, HTML comments' text, and
the text of prose-like fences (`markdown`, `text`, `output`, …); code
fences, unlabelled ones included, are not read. Features are hashed
(FNV-1a, 2^18 buckets): word unigrams and bigrams, a word's first five
letters, character bigrams for scripts without spaces, and structural
marks (a URL, an e-mail, a secret's path, inline code, the length, the
share of words outside the skill's own name and description). Pure
Python, no network; no scanner module reads them (none was shipped)."""
import re

PROSE_FENCES = {"markdown", "md", "text", "txt", "plaintext", "output", "response",
                "reply", "prompt", "message", "example", "sample"}
# Unicode punctuation that ends a word (ASCII non-alphanumerics always do).
BREAKS = set("。、，！？：；「」『』（）【】《》“”‘’…—–·•«»¿¡・〜～")
SENTENCE_ENDS = ("。", "！", "？")
LIST = re.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+")
BUCKETS = 1 << 18


def is_break(c):
    return c.isspace() or (c < "\x80" and not c.isalnum()) or c in BREAKS


def unspaced(c):
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF or 0x0E00 <= o <= 0x0E7F


def sentences(paragraph):
    out, start, i, n = [], 0, 0, len(paragraph)
    while i < n:
        c = paragraph[i]
        if c in SENTENCE_ENDS or (c in ".!?" and i + 1 < n and paragraph[i + 1] == " "):
            out.append(paragraph[start:i + 1])
            start = i + 1
        i += 1
    out.append(paragraph[start:])
    return [s.strip() for s in out if s.strip()]


def paragraphs(text):
    """(first line, last line, text) of each paragraph of a Markdown text's prose."""
    lines = text.split("\n")
    out, para, first = [], [], 0

    def flush():
        nonlocal para
        if para:
            joined = " ".join(para).replace("<!--", " ").replace("-->", " ")
            out.append((first, first + len(para) - 1, joined))
        para = []

    i = 0
    if lines and lines[0].strip() == "---":
        i = 1
        while i < len(lines) and lines[i].strip() != "---":
            key, sep, value = lines[i].partition(":")
            value = value.strip().strip("\"'")
            if sep and value:
                out.append((i + 1, i + 1, value))
            i += 1
        i += 1
    fence = None
    while i < len(lines):
        s = lines[i].strip()
        number = i + 1
        i += 1
        if fence is not None:
            marker, prose = fence
            if s.startswith(marker):
                flush()
                fence = None
            elif prose:
                if not para:
                    first = number
                para.append(s)
            continue
        if s.startswith("```") or s.startswith("~~~"):
            flush()
            fence = (s[:3], s[3:].strip().lower() in PROSE_FENCES)
            continue
        if not s:
            flush()
            continue
        if s.startswith("|"):
            flush()
            for cell in s.split("|"):
                if cell.strip():
                    out.append((number, number, cell.strip()))
            continue
        heading = s.startswith("#")
        item = LIST.match(s)
        if heading or item or s.startswith(">"):
            flush()
            s = s.lstrip("#> ") if not item else s[item.end():]
        if not para:
            first = number
        para.append(s)
        if heading:
            flush()
    flush()
    return out


def units(text):
    """(first line, last line, sentence) of every prose unit of a Markdown text."""
    return [(a, b, s) for a, b, p in paragraphs(text) for s in sentences(p)]


def tokens(lower):
    out, cur = [], []
    for c in lower:
        if is_break(c):
            if cur:
                out.append("".join(cur))
                cur = []
        else:
            cur.append(c)
    if cur:
        out.append("".join(cur))
    return out


def vocabulary(text):
    """The words of a skill's own name and description (frontmatter)."""
    words = set()
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for line in lines[1:]:
            if line.strip() == "---":
                break
            key, sep, value = line.partition(":")
            if key.strip() in ("name", "description"):
                words.update(t for t in tokens(value.lower()) if len(t) >= 4)
    return words


def features(unit, vocab):
    lower = unit.lower()
    feats = {"bias"}
    prev = None
    words = toks = off = 0
    for t in tokens(lower):
        toks += 1
        if any(unspaced(c) for c in t):
            prev = None
            for a, b in zip(t, t[1:]):
                feats.add("c:" + a + b)
            if len(t) == 1:
                feats.add("c:" + t)
            continue
        if t.isdigit():
            t = "#"
        feats.add("w:" + t)
        if len(t) >= 6:
            feats.add("p:" + t[:5])
        if prev is not None:
            feats.add("b:" + prev + " " + t)
        prev = t
        if len(t) >= 4:
            words += 1
            off += t not in vocab
    if "://" in lower:
        feats.add("s:url")
    if re.search(r"[\w.]@[\w-]+\.\w", lower):
        feats.add("s:mail")
    if any(p in lower for p in ("~/", "/etc/", ".env", ".ssh", ".aws")):
        feats.add("s:path")
    if "`" in lower:
        feats.add("s:code")
    feats.add("s:len%d" % min(toks // 8, 5))
    if words:
        feats.add("s:off%d" % min(off * 4 // words, 3))
    return feats


def fnv(s):
    h = 0x811C9DC5
    for b in s.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def hashed(feats):
    return sorted({fnv(f) & (BUCKETS - 1) for f in feats})
