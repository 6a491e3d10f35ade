# co_linetable is CPython 3.11's location table: decoding it gives
# co_positions(); code.replace(co_linetable=...) takes such a table, and an
# instruction without a location has no line (f_lineno None, tb_lineno -1).
import sys
import traceback


def entries(code):
    """(units, line, end_line, col, end_col) per entry of the table."""
    data, k, line = code.co_linetable, 0, code.co_firstlineno

    def varint():
        nonlocal k
        val = shift = 0
        while True:
            b = data[k]
            k += 1
            val |= (b & 0x3F) << shift
            shift += 6
            if not b & 0x40:
                return val

    def svarint():
        u = varint()
        return -(u >> 1) if u & 1 else u >> 1

    while k < len(data):
        first = data[k]
        k += 1
        kind, units = (first >> 3) & 15, (first & 7) + 1
        assert first & 0x80
        if kind == 15:
            yield units, None, None, None, None
        elif kind == 14:
            line += svarint()
            end = line + varint()
            col, ecol = varint() - 1, varint() - 1
            yield units, line, end, None if col < 0 else col, None if ecol < 0 else ecol
        elif kind == 13:
            line += svarint()
            yield units, line, line, None, None
        elif kind >= 10:
            line += kind - 10
            yield units, line, line, data[k], data[k + 1]
            k += 2
        else:
            b = data[k]
            k += 1
            col = kind * 8 + ((b >> 4) & 7)
            yield units, line, line, col, col + (b & 15)


def positions(code):
    out = []
    for units, *pos in entries(code):
        out += [tuple(pos)] * units
    return out


def sample(a, b):
    x = (a +
         b)
    if x > 10:
        return [i * 2 for i in range(x)]
    y = {k: v for k, v in zip("abc", range(3))}
    return x, y


def far():
    s = 0
    s += 1; s += 2
    return s


codes = [sample.__code__, far.__code__, entries.__code__, positions.__code__]
codes += [c for c in sample.__code__.co_consts if hasattr(c, "co_linetable")]
for co in codes:
    print(co.co_name, positions(co) == list(co.co_positions()), len(positions(co)) == len(list(co.co_positions())))
    # the table given back unchanged, and relative to co_firstlineno
    c2 = co.replace(co_linetable=co.co_linetable)
    print(" same", list(c2.co_positions()) == list(co.co_positions()), c2.co_linetable == co.co_linetable)
    c3 = co.replace(co_firstlineno=co.co_firstlineno + 100)
    print(" shifted", all(p[0] is None or p[0] == q[0] + 100 for p, q in zip(c3.co_positions(), co.co_positions())))


def lineno_after_raise(f):
    try:
        f()
    except Exception as ex:
        t = ex.__traceback__.tb_next
    lines = []
    while t:
        fr = t.tb_frame
        lines.append((None if fr.f_lineno is None else fr.f_lineno - fr.f_code.co_firstlineno, t.tb_lineno))
        t = t.tb_next
    return lines


def f():
    1/0


print(lineno_after_raise(f)[0][0])
f.__code__ = f.__code__.replace(co_linetable=b'\xf8\xf8\xf8\xf9\xf8\xf8\xf8')
print(lineno_after_raise(f), f.__code__.co_linetable)
print(set(f.__code__.co_positions()), all(l is None for _, _, l in f.__code__.co_lines()))


# a table of one entry per line: lines only (kind 13), two units each
def g(a):
    b = a + 1
    return b


n = len(list(g.__code__.co_positions()))
tab = bytes([0x80 | 13 << 3 | 7, 2] + [0x80 | 13 << 3 | 0, 2] * 0)
g.__code__ = g.__code__.replace(co_linetable=tab)
print(g(1), set(p[0] - g.__code__.co_firstlineno for p in list(g.__code__.co_positions())[:8]))
