#!/usr/bin/python3
"""Generate build/cjk_tables.c: the mapping tables of the CJK codecs
(src/mod/_multibytecodec.c and src/mod/_codecs_*.c, layout in
src/mod/cjkcodecs.h).

The tables are not copied from anywhere: they are read back from the running
CPython (Debian's /usr/bin/python3, a build dependency) by asking its codecs
what every byte sequence decodes to and what every code point encodes to, so
that tpy's codecs answer exactly as CPython's do, error lengths included.

    /usr/bin/python3 tools/gen_cjk.py build/cjk_tables.c

Decoding is a trie walked one byte at a time from a codec's root node: each
entry is a character, two characters (a pair), an error of N bytes, a child
node (more bytes needed: running out of input there is "incomplete"), or one
of two algorithmic sequences (GB18030's four-byte codes, EUC-KR's eight-byte
KS X 1001:1998 make-up sequences). A node stores 16-bit entries for bytes
lo..hi and one default for the rest; what does not fit 16 bits is in the
node's list of special entries. Identical nodes and entry runs are stored
once across all codecs. The encoder is the decoder inverted at run time
(the first or the last of duplicate codes winning, whichever needs fewer
fixes) plus the generated fixes where CPython's encoder differs, its pairs
of characters, and the algorithmic parts, all checked here against CPython
for every code point. ISO-2022's character sets are read through the EUC
tables; the few places where CPython's ISO-2022 codecs differ from that
reading are generated too.
"""
import codecs
import sys

# (codec, module, deepest sequence probed through the trie)
CODECS = [
    ("shift_jis", "jp", 2), ("cp932", "jp", 2), ("euc_jp", "jp", 3),
    ("shift_jis_2004", "jp", 2), ("shift_jisx0213", "jp", 2),
    ("euc_jis_2004", "jp", 3), ("euc_jisx0213", "jp", 3),
    ("gb2312", "cn", 2), ("gbk", "cn", 2), ("gb18030", "cn", 2),
    ("euc_kr", "kr", 2), ("cp949", "kr", 2), ("johab", "kr", 2),
    ("big5", "tw", 2), ("cp950", "tw", 2),
    ("big5hkscs", "hk", 2),
]

K_CHAR, K_ERR, K_NODE, K_PAIR, K_GB4, K_MAKEUP = range(6)
ILLEGAL = "illegal multibyte sequence"
INCOMPLETE = "incomplete multibyte sequence"


def probe(codec, seq):
    """What decoding seq at its start does: ('ok', str), ('more',),
    ('err', length)."""
    try:
        return ("ok", seq.decode(codec))
    except UnicodeDecodeError as e:
        assert e.start == 0, (codec, seq, e)
        if e.reason == INCOMPLETE:
            assert e.end == len(seq), (codec, seq, e)
            return ("more",)
        assert e.reason == ILLEGAL, (codec, seq, e)
        return ("err", e.end - e.start)


class Tables:
    def __init__(self):
        self.nodes = []         # (lo, hi, dflt, off)
        self.node_ids = {}
        self.dpool = []
        self.dslices = {}
        self.special = []
        self.sslices = {}
        self.pairs = []         # decoded pairs (cp1, cp2)
        self.pair_ids = {}

    def pool_slice(self, pool, index, vals):
        key = tuple(vals)
        if key not in index:
            index[key] = len(pool)
            pool.extend(vals)
        return index[key]

    def add_node(self, entries):
        """entries: 256 full (kind << 24 | value) entries"""
        dflt = max(set(entries), key=entries.count)
        used = [b for b in range(256) if entries[b] != dflt]
        lo, hi = (used[0], used[-1]) if used else (1, 0)
        specials = []

        def short(e):
            if e >> 24 == K_CHAR and e < 0x10000:
                assert not 0xD800 <= e < 0xE000 and e != 0xFFFF, hex(e)
                return e
            if e == ent(K_ERR, 1):
                return 0xFFFF
            if e not in specials:
                specials.append(e)
            return 0xD800 + specials.index(e)
        vals = [short(e) for e in entries[lo:hi + 1]]
        sdflt = short(dflt)
        off = self.pool_slice(self.dpool, self.dslices, vals)
        spec = self.pool_slice(self.special, self.sslices, specials)
        key = (lo, hi, sdflt, off, spec)
        if key not in self.node_ids:
            self.node_ids[key] = len(self.nodes)
            self.nodes.append(key)
        return self.node_ids[key]

    def pair(self, a, b):
        if (a, b) not in self.pair_ids:
            self.pair_ids[(a, b)] = len(self.pairs)
            self.pairs.append((a, b))
        return self.pair_ids[(a, b)]


def ent(kind, val):
    return (kind << 24) | val


def build_trie(T, codec, depth, prefix, info):
    entries = []
    for b in range(256):
        seq = prefix + bytes([b])
        r = probe(codec, seq)
        if r[0] == "ok":
            s = r[1]
            if len(s) == 1:
                info["decoded"].append((seq, ord(s)))
                entries.append(ent(K_CHAR, ord(s)))
            else:
                assert len(s) == 2, (codec, seq, s)
                info["decpairs"][seq] = s
                entries.append(ent(K_PAIR, T.pair(ord(s[0]), ord(s[1]))))
        elif r[0] == "err":
            entries.append(ent(K_ERR, r[1]))
        elif codec == "gb18030" and len(seq) == 2 and 0x30 <= b <= 0x39:
            entries.append(ent(K_GB4, 0))
        elif codec == "euc_kr" and seq == b"\xa4\xd4":
            entries.append(ent(K_MAKEUP, 0))
        else:
            assert len(seq) < depth, (codec, seq)
            entries.append(ent(K_NODE, build_trie(T, codec, depth, seq, info)))
    return T.add_node(entries)


def gb4(lseq):
    """GB18030's four-byte sequence number lseq as bytes."""
    b4 = lseq % 10; lseq //= 10
    b3 = lseq % 126; lseq //= 126
    b2 = lseq % 10; b1 = lseq // 10
    return bytes([0x81 + b1, 0x30 + b2, 0x81 + b3, 0x30 + b4])


def gb18030_runs():
    """The BMP part of GB18030's four-byte codes as runs (first sequence
    number, first code point), consecutive in both."""
    runs = []
    prev = None
    for lseq in range(39420):
        try:
            cp = ord(gb4(lseq).decode("gb18030"))
        except UnicodeDecodeError:
            cp = None
        if cp is not None and prev is not None and cp == prev + 1 and runs:
            pass
        elif cp is not None:
            runs.append((lseq, cp))
        else:
            runs.append((lseq, 0xFFFFFFFF))
        prev = cp
    # merge consecutive invalid runs
    out = []
    for r in runs:
        if out and r[1] == 0xFFFFFFFF and out[-1][1] == 0xFFFFFFFF:
            continue
        out.append(r)
    return out


def makeup_tables():
    """EUC-KR's make-up sequences A4D4 A4xx A4yy A4zz: the choseong index of
    xx and the jongseong index of zz (0xFF: none)."""
    cho, jong = [0xFF] * 256, [0xFF] * 256
    for c in range(256):
        try:
            s = ord(bytes([0xA4, 0xD4, 0xA4, c, 0xA4, 0xBF, 0xA4, 0xD4]).decode("euc_kr"))
            cho[c] = (s - 0xAC00) // 588
        except UnicodeDecodeError:
            pass
        try:
            s = ord(bytes([0xA4, 0xD4, 0xA4, 0xA1, 0xA4, 0xBF, 0xA4, c]).decode("euc_kr"))
            jong[c] = (s - 0xAC00) % 28
        except UnicodeDecodeError:
            pass
    return cho, jong


def enc_value(b):
    assert 1 <= len(b) <= 3, b
    return (len(b) << 28) | int.from_bytes(b, "big")




def build_encoder(T, codec, info, cho, jong, runs):
    """The fixes of codec's inverted decoder and its pairs, checked against
    CPython for every code point."""
    sep = "\n"     # no mapped character's code holds byte 0x0A
    firsts = {ord(p[0]) for p in info["decpairs"].values()}
    pairenc = {}
    for seq, s in info["decpairs"].items():
        # the encoder's pair map: CPython's encoding of the two characters
        pairenc[(ord(s[0]), ord(s[1]))] = s.encode(codec)
    for f in firsts:
        # CPython's JIS X 0213 encoders find a first character followed by
        # U+0000 in their pair map as the character alone: both are consumed
        if (chr(f) + "\x00").encode(codec) == chr(f).encode(codec):
            pairenc[(f, 0)] = chr(f).encode(codec)
        # and only the first characters of pairs wait for the next one
        assert codecs.getincrementalencoder(codec)().encode(chr(f)) == b""
    vals = {}
    step = 0x4000
    for base in range(0, 0x110000, step):
        chars = [chr(c) for c in range(base, base + step)]
        out = sep.join(chars).encode(codec, "ignore").split(b"\n")
        if base == 0:
            out[10:12] = [b"\n"]           # chr(10) and its separator
        assert len(out) == step, codec
        for i, b in enumerate(out):
            if b:
                vals[base + i] = b
    runs_cp = sorted((cp, l) for l, cp in runs if cp != 0xFFFFFFFF)
    import bisect
    enc = {}
    for cp, b in vals.items():
        if codec == "gb18030" and len(b) == 4:
            i = bisect.bisect_right(runs_cp, (cp, 1 << 30)) - 1
            if cp < 0x10000:
                lcp, l = runs_cp[i]
                assert gb4(l + cp - lcp) == b, hex(cp)
            else:
                assert gb4(cp - 0x10000 + 189000) == b, hex(cp)
            continue
        if codec == "euc_kr" and len(b) == 8:
            s = cp - 0xAC00
            exp = bytes([0xA4, 0xD4, 0xA4, cho.index(s // 588), 0xA4,
                         0xBF + (s // 28) % 21, 0xA4,
                         0xD4 if s % 28 == 0 else jong.index(s % 28)])
            assert b == exp, (hex(cp), b, exp)
            continue
        enc[cp] = enc_value(b)
        if firsts and cp not in firsts:
            # only the first characters of pairs wait for the next one
            assert codecs.getincrementalencoder(codec)().encode(chr(cp)) == b, hex(cp)
    # the decoder inverted, the first or the last of duplicates winning,
    # and the differences from CPython's encoder
    best = None
    for last in (0, 1):
        inv = {}
        for seq, cp in info["decoded"]:
            if last or cp not in inv:
                inv[cp] = enc_value(seq)
        fixes = sorted((cp, enc.get(cp, 0)) for cp in set(enc) | set(inv)
                       if enc.get(cp) != inv.get(cp))
        if best is None or len(fixes) < len(best[1]):
            best = (last, fixes)
    if codec == "euc_kr":
        # make-up sequences exactly for the syllables without a code
        for cp in range(0xAC00, 0xD7A4):
            assert (cp in enc) != (cp in vals and len(vals[cp]) == 8)
    return best, pairenc, firsts


def iso2022_jisx0213(iso, euc, mark):
    """ISO-2022-JP-2004 (-3)'s JIS X 0213 sets against the EUC codec they
    are read through: the rows of plane 2 (the EUC codec also decodes
    JIS X 0212 behind 0x8F), and the codes and characters where CPython's
    ISO-2022 codec differs from that reading."""
    def dec(b, codec):
        try:
            return b.decode(codec)
        except UnicodeDecodeError:
            return None
    rows = 0
    decfix = []
    for plane, esc in ((1, b"\x1b$(" + mark), (2, b"\x1b$(P")):
        for a in range(0x21, 0x7F):
            for b in range(0x21, 0x7F):
                actual = dec(esc + bytes((a, b)), iso)
                if plane == 2 and actual is not None:
                    rows |= 1 << (a - 0x20)
        for a in range(0x21, 0x7F):
            for b in range(0x21, 0x7F):
                actual = dec(esc + bytes((a, b)), iso)
                if plane == 1:
                    pred = "\uff3c" if (a, b) == (0x21, 0x40) else dec(bytes((a | 0x80, b | 0x80)), euc)
                else:
                    pred = dec(bytes((0x8F, a | 0x80, b | 0x80)), euc) if rows >> (a - 0x20) & 1 else None
                if actual != pred:
                    assert actual is None or len(actual) == 1
                    decfix.append((plane << 16 | a << 8 | b, ord(actual) if actual else 0xFFFFFFFF))
    encfix = []
    for cp in list(range(0x80, 0xD800)) + list(range(0xE000, 0x10000)) + list(range(0x20000, 0x30000)):
        c = chr(cp)
        try:
            v = c.encode(euc)
        except UnicodeEncodeError:
            v = None
        pred = None
        if v and len(v) == 2 and v[0] >= 0xA1 and v[1] >= 0xA1:
            pred = (1, (v[0] & 0x7F) << 8 | (v[1] & 0x7F))
        elif v and len(v) == 3 and v[0] == 0x8F and rows >> ((v[1] & 0x7F) - 0x20) & 1:
            pred = (2, (v[1] & 0x7F) << 8 | (v[2] & 0x7F))
        try:
            r = c.encode(iso)
        except UnicodeEncodeError:
            r = None
        actual = None
        if r and r.startswith(b"\x1b$(" + mark):
            actual = (1, r[4] << 8 | r[5])
        elif r and r.startswith(b"\x1b$(P"):
            actual = (2, r[4] << 8 | r[5])
        elif r and r.startswith(b"\x1b$B"):
            continue        # JIS X 0208 takes it first
        if actual != pred:
            encfix.append((cp, actual[0] << 16 | actual[1] if actual else 0))
    return rows, decfix, encfix


def main():
    out_path = sys.argv[1]
    T = Tables()
    cho, jong = makeup_tables()
    runs = gb18030_runs()
    codecs_out = []
    for codec, mod, depth in CODECS:
        info = {"decpairs": {}, "decoded": []}
        root = build_trie(T, codec, depth, b"", info)
        (last, fixes), pairenc, firsts = build_encoder(T, codec, info, cho, jong, runs)
        codecs_out.append((codec, mod, root, last, fixes, pairenc, firsts))

    w = []
    w.append("/* Generated by tools/gen_cjk.py from CPython's codecs: do not edit. */")
    w.append('#include "../src/mod/cjkcodecs.h"\n')
    w.append("const CjkNode cjk_nodes[] = {")
    w.extend("    {%d, %d, 0x%x, %du, %du}," % n for n in T.nodes)
    w.append("};")
    w.append("const uint16_t cjk_dec_pool[] = {")
    for i in range(0, len(T.dpool), 16):
        w.append("    " + ",".join("0x%x" % v for v in T.dpool[i:i + 16]) + ",")
    w.append("};")
    w.append("const uint32_t cjk_dec_special[] = {")
    for i in range(0, len(T.special), 12):
        w.append("    " + ",".join("0x%x" % v for v in T.special[i:i + 12]) + ",")
    w.append("};")
    w.append("const uint32_t cjk_dec_pairs[][2] = {")
    w.extend("    {0x%x, 0x%x}," % p for p in T.pairs)
    w.append("};")
    w.append("const uint8_t cjk_makeup_cho[256] = {%s};" % ",".join(map(str, cho)))
    w.append("const uint8_t cjk_makeup_jong[256] = {%s};" % ",".join(map(str, jong)))
    w.append("const uint32_t cjk_gb18030_runs[][2] = {")
    w.extend("    {%d, 0x%x}," % r for r in runs)
    w.append("};")
    w.append("const size_t cjk_gb18030_nruns = %d;" % len(runs))
    # ISO-2022-JP-2's single shift ESC N x with G2 ASCII, ISO 8859-1 and
    # ISO 8859-7 (0xFFFF: illegal)
    for name, iso, euc, mark in (("2004", "iso2022_jp_2004", "euc_jis_2004", b"Q"),
                                 ("2000", "iso2022_jp_3", "euc_jisx0213", b"O")):
        rows, decfix, encfix = iso2022_jisx0213(iso, euc, mark)
        w.append("const uint32_t cjk_jisx0213_%s_rows2[3] = {0x%x, 0x%x, 0x%x};"
                 % (name, rows & 0xFFFFFFFF, rows >> 32 & 0xFFFFFFFF, rows >> 64))
        w.append("const uint32_t cjk_jisx0213_%s_decfix[][2] = {" % name)
        w.extend("    {0x%x, 0x%x}," % f for f in decfix)
        w.append("    {0, 0},")
        w.append("};")
        w.append("const uint32_t cjk_jisx0213_%s_ndecfix = %d;" % (name, len(decfix)))
        w.append("const uint32_t cjk_jisx0213_%s_encfix[][2] = {" % name)
        w.extend("    {0x%x, 0x%x}," % f for f in encfix)
        w.append("    {0, 0},")
        w.append("};")
        w.append("const uint32_t cjk_jisx0213_%s_nencfix = %d;" % (name, len(encfix)))
        sys.stderr.write("gen_cjk: iso2022 jisx0213 %s: %d decoding and %d encoding fixes\n"
                         % (name, len(decfix), len(encfix)))
    w.append("const uint16_t cjk_iso2022_g2[3][256] = {")
    for prefix in (b"", b"\x1b.A", b"\x1b.F"):
        row = []
        for x in range(256):
            seq = prefix + b"\x1bN" + bytes([x])
            try:
                r = seq.decode("iso2022_jp_2")
                assert len(r) == 1
                row.append(ord(r))
            except UnicodeDecodeError as e:
                assert (e.start, e.end) == (len(prefix), len(seq)), (seq, e)
                row.append(0xFFFF)
        w.append("    {%s}," % ",".join("0x%x" % v for v in row))
    w.append("};")
    nfix = 0
    for codec, mod, root, last, fixes, pairenc, firsts in codecs_out:
        w.append("static const uint32_t fixes_%s[][2] = {" % codec)
        w.extend("    {0x%x, 0x%x}," % f for f in fixes)
        w.append("    {0, 0},")
        w.append("};")
        w.append("static const uint32_t encpairs_%s[][3] = {" % codec)
        for (a, b), code in sorted(pairenc.items()):
            w.append("    {0x%x, 0x%x, 0x%x}," % (a, b, enc_value(code)))
        w.append("    {0, 0, 0},")
        w.append("};")
        w.append('const CjkTable cjk_table_%s = {"%s", %d, %d, fixes_%s, %d, encpairs_%s, %d, %d, %d};'
                 % (codec, codec, root, last, codec, len(fixes), codec, len(pairenc),
                    codec == "gb18030", codec == "euc_kr"))
        nfix += len(fixes)
    with open(out_path, "w") as f:
        f.write("\n".join(w) + "\n")
    sys.stderr.write("gen_cjk: %d nodes, %d decode entries, %d specials, %d encoder fixes\n"
                     % (len(T.nodes), len(T.dpool), len(T.special), nfix))


main()
