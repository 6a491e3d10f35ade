# fmt % (a, b, ...) in hot loops (the JIT calls str_mod directly, and with
# the tuple's items when the loop builds the tuple: record.c,
# record_str_mod): 0 to 5 items, a tuple made elsewhere, tuple
# subclasses, dicts, errors raised and caught mid-loop, items whose
# __str__ runs Python code (and raises), non-ASCII formats and items.
WORDS = ["alpha", "béta", "γάμμα", "", "x" * 30]


class T(tuple):
    def __rmod__(self, other):
        return "T.__rmod__"


class Loud:
    def __init__(self, k):
        self.k = k

    def __str__(self):
        if self.k % 7 == 3:
            raise RuntimeError("loud %d" % self.k)
        return "Loud(%d)" % self.k


def widths(n):
    out = []
    for i in range(n):
        w = WORDS[i % 5]
        out.append("%05d|%-6s|%x" % (i, w, i * 7))
        out.append("%s" % (w,))
        out.append("[%r %a %c]" % (w, w, 65 + i % 26))
        out.append("%d%%" % (i,))
        out.append("no fields" % ())
        out.append("%*d|%-*s|%.*f" % (i % 9, i, i % 5, w, i % 4, i / 7))
        out.append("é%s·%s·%s·%s" % (i, -i, w, i * 10**20))
    return out


def errors(n):
    out = []
    for i in range(n):
        args = (i, "x") if i % 3 else (i,)
        try:
            out.append("%d-%s" % args)
        except TypeError as e:
            out.append("TypeError: %s" % (e,))
        try:
            out.append("%d" % (WORDS[i % 5] if i % 4 == 0 else i,))
        except TypeError as e:
            out.append("TypeError: %s" % (e,))
        try:
            out.append("%s and %s" % (Loud(i), i))
        except RuntimeError as e:
            out.append("RuntimeError: %s" % (e,))
        try:
            out.append("%d %d" % (i, i, i))
        except TypeError as e:
            out.append("TypeError: %s" % (e,))
    return out


def others(n):
    out = []
    pair = (1, "two")
    for i in range(n):
        out.append("%s/%s" % pair)
        out.append("%s" % T((i,)))
        out.append("%(a)s=%(b)d" % {"a": WORDS[i % 5], "b": i})
        out.append("%s" % [i])
        out.append("%s|%s" % T((i, i + 1)))
    return out


r = widths(2000)
print(len(r), r[:8], r[-7:], sum(len(x) for x in r))
r = errors(600)
print(len(r), r[:12], r[-8:])
r = others(1500)
print(len(r), r[:6], r[-5:])
