# codecs_big: str.encode and bytes.decode of large strings with the
# utf-8, latin-1, ascii, utf-16 and utf-32 codecs: pure ASCII, Latin-1,
# BMP and astral text, the error handlers replace/ignore/surrogateescape/
# backslashreplace, and codecs' incremental decoder fed in chunks.
import codecs
import sys

N = 80
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def make_texts():
    ascii_part = "The quick brown fox jumps over the lazy dog 0123456789.\n"
    latin = "Fran\u00e7oise m\u00e4kt \u00fcber na\u00efve caf\u00e9s \u00bd\u00a7\n"
    bmp = "\u0393\u03b5\u03b9\u03ac \u03c3\u03bf\u03c5 \u043c\u0438\u0440 \u4e16\u754c \u2603\u20ac\n"
    astral = "emoji \U0001f600\U0001f680 math \U0001d49c\U0001d4b7 ok\n"
    t_ascii = ascii_part * 20000               # 1.1 M characters
    t_latin = (ascii_part + latin) * 10000
    t_bmp = (ascii_part * 3 + bmp) * 5000
    t_astral = (ascii_part * 3 + astral) * 5000
    return t_ascii, t_latin, t_bmp, t_astral


def digest(b):
    # order-dependent sample of a bytes object
    step = max(1, len(b) // 50)
    acc = len(b)
    for i in range(0, len(b), step):
        acc = (acc * 257 + b[i]) % 1000000007
    return acc


def run(texts, n):
    t_ascii, t_latin, t_bmp, t_astral = texts
    res = []
    for rep in range(n):
        res = []
        for t in texts:
            b = t.encode("utf-8")
            res.append((len(b), digest(b), b.decode("utf-8") == t))
            b16 = t.encode("utf-16")
            res.append((len(b16), b16.decode("utf-16") == t))
            b32 = t.encode("utf-32-le")
            res.append((len(b32), b32.decode("utf-32-le") == t))
        b = t_ascii.encode("ascii")
        res.append((len(b), b.decode("ascii") == t_ascii))
        b = t_latin.encode("latin-1")
        res.append((len(b), digest(b), b.decode("latin-1") == t_latin))
        u = t_latin.encode("utf-8")
        res.append(len(u.decode("latin-1")))
        res.append(len(u.decode("ascii", "replace")))
        res.append(len(u.decode("ascii", "ignore")))
        res.append(len(t_astral.encode("utf-16-le").decode("utf-16-le")))
    return res


def error_handlers(texts, n):
    # short slices: PyPy 3.9's encode error handlers take time quadratic
    # in the number of errors
    t_ascii, t_latin, t_bmp, t_astral = texts
    u = t_latin[:20000].encode("utf-8")
    res = []
    for rep in range(n):
        res = []
        s = u.decode("ascii", "surrogateescape")
        res.append((len(s), s.encode("ascii", "surrogateescape") == u))
        res.append(len(t_bmp[:20000].encode("latin-1", "replace")))
        res.append(len(t_bmp[:20000].encode("ascii", "backslashreplace")))
        res.append(len(t_astral[:20000].encode("ascii", "xmlcharrefreplace")))
        res.append(len(t_bmp[:20000].encode("utf-8").decode("ascii",
                                                             "replace")))
    return res


def incremental(t):
    b = t.encode("utf-8")
    dec = codecs.getincrementaldecoder("utf-8")()
    parts = []
    # 1000-byte chunks split multi-byte sequences
    for i in range(0, len(b), 1000):
        parts.append(dec.decode(b[i:i + 1000]))
    parts.append(dec.decode(b"", True))
    s = "".join(parts)
    return len(parts), len(s), s == t


def bench():
    report = []
    texts = make_texts()
    for t in texts:
        report.append("text %s" % (len(t),))
    for r in run(texts, N):
        report.append("r %s" % (r,))
    for r in error_handlers(texts, N // 4):
        report.append("errors %s" % (r,))
    report.append("incremental %s" % (incremental(texts[2]),))
    report.append("incremental %s" % (incremental(texts[3]),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
