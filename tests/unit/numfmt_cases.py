#!/usr/bin/python3
"""Test vectors for src/util/numfmt.c, computed by CPython 3.11 itself.

Usage:
    /usr/bin/python3 tests/unit/numfmt_cases.py [--seed N] [--scale F] > /tmp/numfmt_vectors.txt
    ./test_numfmt /tmp/numfmt_vectors.txt

    /usr/bin/python3 tests/unit/numfmt_cases.py check-fixed tests/unit/test_numfmt.c
        recomputes the expected results of the cases built into the C test
        (its fixed_cases table) and reports any that CPython disagrees with.

    /usr/bin/python3 tests/unit/numfmt_cases.py tables
        prints the 10^-k table used by the shortest-digits code (g_table in
        numfmt.c) after proving, per binary exponent, the bound that makes
        its 128-bit arithmetic exact (see the comment above g_table).

One vector per line, fields separated by TAB. Text fields are UTF-8 with
bytes < 0x20, 0x7f and backslash written as \\xHH. Expected results are
"OK:<text>" or "ERR:<V|O|T|M>:<message>" (ValueError, OverflowError,
TypeError, MemoryError). Doubles travel as 16 hex digits of their bits.

    R  bits                      repr(x)
    P  text                      float(text): OK:bits or ERR
    D  bits  ndigits             round(x, ndigits): OK:bits or ERR
    F  kind value spec           format(value, spec); kind i (value in
                                 decimal), f (bits) or s (text)
    %  kind value flags width prec conv     ('%' + flags + width + '.' +
                                 prec + conv) % value; width/prec -1: absent
"""
import math
import random
import struct
import sys
from fractions import Fraction

if sys.version_info[:2] != (3, 11):
    sys.exit("numfmt_cases.py must run under CPython 3.11 (/usr/bin/python3)")

ERRTYPES = {ValueError: "V", OverflowError: "O", TypeError: "T", MemoryError: "M"}


def esc(s):
    if isinstance(s, str):
        s = s.encode("utf-8", "surrogatepass")
    out = bytearray()
    for b in s:
        if b < 0x20 or b == 0x7F or b == 0x5C:
            out += b"\\x%02x" % b
        else:
            out.append(b)
    return bytes(out)


def bits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def result(fn):
    try:
        r = fn()
    except tuple(ERRTYPES) as e:
        return b"ERR:" + ERRTYPES[type(e)].encode() + b":" + esc(str(e))
    if isinstance(r, float):
        return b"OK:" + bits(r).encode()
    return b"OK:" + esc(r)


OUT = sys.stdout.buffer
COUNTS = {}


def emit(*fields):
    COUNTS[fields[0]] = COUNTS.get(fields[0], 0) + 1
    OUT.write(b"\t".join(f if isinstance(f, bytes) else str(f).encode() for f in fields) + b"\n")


# ---------------------------------------------------------------- doubles

def random_double(rng):
    """Uniform over bit patterns (so over exponents), finite."""
    while True:
        x = from_bits(rng.getrandbits(64))
        if math.isfinite(x):
            return x


def short_double(rng):
    """A double read from a short decimal: the interesting repr cases."""
    nd = rng.randint(1, 17)
    digits = str(rng.randrange(10 ** (nd - 1), 10 ** nd))
    e = rng.randint(-330, 310)
    x = float(digits + "e" + str(e))
    return -x if rng.random() < 0.5 else x


def special_doubles():
    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 1e-323,
          2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308,
          0.1, 0.2, 0.3, 1 / 3, 2 / 3, 0.5, 1.5, 2.5, 100.0, 1e15, 1e16, 1e17,
          9999999999999998.0, 1e16 - 2, 1e16 + 2, 123456789012345.0,
          1234567890123456.0, 12345678901234567.0, 0.0001, 0.00011, 9.999999999999999e-05,
          1e-05, 1.5e-07, 2e16 + 8, 4.35, 0.07, 1.1, 2.675, 1e22, 1e23, 5e-310,
          9007199254740993.0, 9007199254740992.0, 4503599627370497.5, 0.30000000000000004]
    for e in range(-1074, 1024):
        xs.append(math.ldexp(1.0, e))
    for e in range(-325, 309):
        x = float("1e%d" % e)
        xs += [x, math.nextafter(x, math.inf), math.nextafter(x, 0.0)]
    for i in range(0, 1001):
        xs.append(float(i))
        xs.append(i / 10)
        xs.append(i / 100)
    for b in (1 << 52) - 1, 1 << 52, (1 << 52) + 1, 1, 2, 3:
        xs.append(from_bits(b))
    return xs


def gen_repr(rng, n):
    for x in special_doubles():
        emit("R", bits(x), esc(repr(x)))
    for _ in range(n):
        x = random_double(rng) if rng.random() < 0.6 else short_double(rng)
        emit("R", bits(x), esc(repr(x)))


# ---------------------------------------------------------------- float()

PARSE_FIXED = [
    "1", "-1", "+1", "1.", ".5", "-.5", "+.5", "1.5e3", "1.5E+3", "1.5e-3", "1e", "1e+", "e1", ".e1",
    ".", "", " ", "-", "+", "--1", "+-1", "1..2", "1.2.3", "0x10", "0X1p3", "1_0", "1__0", "_1",
    "1_", "1_.5", "1._5", "1.5_", "1e1_0", "1e_10", "1_e10", "1.0_0", "0_0", "00", "007",
    " 1 ", "\t1\n", "\x0b1\x0c", "\r1\r", "\x1c1", "1\x1c", "\x851", "1\xa0", "\u30001\u3000",
    "\u20001", "1\u2028", "inf", "-inf", "+inf", "INF", "iNf", "infinity", "-Infinity",
    "INFINITY", "infinit", "infinityy", "nan", "-nan", "+NaN", "NAN", "nan(1)", "nana", "in f",
    "i", "n", "1e500", "-1e500", "1e-500", "-1e-500", "4.9e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "0.1", "1e23", "8.98846567431158e307", "\u0661\u0662", "\u0661.\u0665",
    "\uff11\uff12", "1\u00b2", "\u00bd", "1\x00", "\x001", "1\x7f", "١_٢", "0e0", "-0", "-0.0",
    "0e999999999999999999999", "1e999999999999999999999", "1e-999999999999999999999",
    "0." + "0" * 400 + "1e400", "1" + "0" * 400 + "e-400", "1" * 800, "0." + "1" * 800,
    "1e0000000000000000000000000001", "+-inf", "-+nan", "in", "na", "infinity\x00",
    "1 1", "1\t\t", "١٢٣٤٥٦٧٨٩٠", "𝟏𝟐", "1e1.5", "1e+-5", "1.e5", ".1e5", "1_1_1", "1_1__1",
    "1e5_", "_", "__", "1.5j", "0b101", "1.0f", "1.0d", "１.５",
]


def gen_parse(rng, n):
    for s in PARSE_FIXED:
        emit("P", esc(s), result(lambda: float(s)))
    alphabet = "0123456789_.eE+- \tinfatyINF\u00a0\u0660x"
    for _ in range(n):
        r = rng.random()
        if r < 0.3:
            x = random_double(rng) if rng.random() < 0.5 else short_double(rng)
            s = rng.choice([repr(x), "%.20e" % x, "%.25g" % x, "%f" % x])
        elif r < 0.5:
            # long digit strings near halfway points
            s = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 40)))
            if rng.random() < 0.5:
                p = rng.randint(0, len(s))
                s = s[:p] + "." + s[p:]
            if rng.random() < 0.5:
                s += "e" + str(rng.randint(-340, 320))
        else:
            x = short_double(rng)
            s = repr(x)
        # mutations: underscores, case, whitespace, random characters
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            p = rng.randint(0, len(s))
            m = rng.random()
            if m < 0.4:
                s = s[:p] + "_" + s[p:]
            elif m < 0.6:
                s = s[:p] + rng.choice(alphabet) + s[p:]
            elif m < 0.8 and s:
                s = s[:p] + s[p + 1:]
            else:
                s = rng.choice([" ", "\t", "\u3000", "\n"]) + s + rng.choice(["", " ", "\x0b"])
        if rng.random() < 0.1:
            s = s.upper()
        emit("P", esc(s), result(lambda: float(s)))


# ---------------------------------------------------------------- round()

def gen_round(rng, n):
    fixed = [(2.675, 2), (0.125, 2), (0.375, 2), (12345.0, -2), (1.5, 0), (2.5, 0), (-2.5, 0),
             (0.5, 0), (-0.5, 0), (-0.4, 0), (1e300, -300), (1.7976931348623157e308, -308),
             (1.7976931348623157e308, -307), (1.7976931348623157e308, -309), (5e-324, 323),
             (5e-324, 324), (5e-324, 322), (1e-320, 320), (123.456, 10 ** 18), (123.456, -10 ** 18),
             (-123.456, -10 ** 18), (150.0, -2), (250.0, -2), (50.0, -2), (-50.0, -2), (60.0, -2),
             (-0.0, 2), (0.0, -5), (math.inf, 2), (-math.inf, -2), (math.nan, 3), (1e16, 2),
             (0.285, 2), (1.005, 2), (1.0049999999999999, 2), (4.5e15 + 0.5, 0), (9.5, 0),
             (0.1 + 0.2, 15), (0.1 + 0.2, 16), (0.1 + 0.2, 17), (1e22, -22), (5e22, -23),
             (1.5e308, -308), (9.5e307, -308), (-9.5e307, -308), (0.0001, 2), (-0.0001, 2)]
    for x, d in fixed:
        emit("D", bits(x), d, result(lambda: round(x, d)))
    for _ in range(n):
        r = rng.random()
        if r < 0.3:
            x = random_double(rng)
            e = math.frexp(x)[1] if x else 0
            d = rng.randint(-int(e * 0.30103) - 3, -int(e * 0.30103) + 20)
        elif r < 0.7:
            # exact halfway cases: (2m+1) / 2 * 10^-d (often not representable,
            # so the binary value decides), and dyadic values
            d = rng.randint(-10, 12)
            m = rng.randint(0, 10 ** rng.randint(1, 12))
            x = float(Fraction(2 * m + 1, 2) / Fraction(10) ** d)
            if rng.random() < 0.3:
                x = math.ldexp(rng.randint(1, 1 << 20) * 2 + 1, -rng.randint(1, 12))
            if rng.random() < 0.5:
                x = -x
        else:
            x = short_double(rng)
            d = rng.randint(-5, 20)
        emit("D", bits(x), d, result(lambda: round(x, d)))


# ---------------------------------------------------------------- format()

INT_VALUES = [0, 1, -1, 7, 42, -42, 255, -255, 1234, -1234567, 65, 0x10FFFF, 0x110000, 0xD800,
              10 ** 20, -(2 ** 100), 2 ** 63, 2 ** 64 - 1, 2 ** 53 + 1, 2 ** 1024, -(2 ** 1024),
              2 ** 1024 - 2 ** 970, 2 ** 1024 - 2 ** 971, 10 ** 308, 123456789, 99999, 2 ** 31]
FLOAT_VALUES = [0.0, -0.0, 1.0, -1.5, 0.1, 1234.5678, 1e16, 1e-5, 123456789.123, 1e300,
                5e-324, math.inf, -math.inf, math.nan, 2.5, 0.125, 9.995, 1e22, 12345678.9,
                -0.0001, 123.456, 1234.5, 12.0, 0.5, 1e-7, 99.99, 1e15, 123456789012345678.0,
                -1e-300, 0.000123456, 3.141592653589793, -2.675, 1e100, 0.95, 9.5, 0.05,
                1.7976931348623157e308, 2.2250738585072014e-308, 0.001, 1e-4, 9.999e-5, 0.0009995,
                999999.5, 9999999.0, 1e-10, -123456.789e10]
STR_VALUES = ["", "a", "hello", "h\u00e9llo", "\u65e5\u672c\u8a9e", "abc\x00d", "x" * 20,
              "\U0001f600ok"]

FILLS = ["", "<", ">", "^", "=", "*<", "*>", "*^", "*=", "0=", "0<", "\u00e9>", "\u65e5^", "x=",
         " <", "\U0001f600>", "<<", "==", "0>", "9<"]
SIGNS = ["", "", "+", "-", " "]
WIDTHS = ["", "", "1", "8", "15", "30", "0", "07", "100"]
PRECS = ["", "", ".0", ".1", ".2", ".3", ".6", ".12", ".15", ".16", ".17", ".20", ".30"]
BIG_PRECS = [".60", ".330", ".800", ".1080", ".1200"]
TYPES = {"i": ["", "b", "c", "d", "o", "x", "X", "n", "e", "E", "f", "F", "g", "G", "%"],
         "f": ["", "e", "E", "f", "F", "g", "G", "n", "%"],
         "s": ["", "s"]}
BAD_TYPES = {"i": ["s", "r", "\u00e9"], "f": ["d", "x", "s", "c"], "s": ["d", "r", "f"]}


def random_spec(rng, kind):
    """A spec made of random parts; parts that are errors for the kind of
    value are rarer, so most specs format and some fail."""
    t = rng.choice(TYPES[kind] if rng.random() < 0.95 else BAD_TYPES[kind])
    int_type = kind == "i" and t in ("", "b", "c", "d", "o", "x", "X", "n")
    fill = rng.choice(FILLS)
    if kind == "s" and "=" in fill and rng.random() < 0.8:
        fill = fill.replace("=", "<")
    spec = fill
    if kind != "s" or rng.random() < 0.05:
        spec += rng.choice(SIGNS)
    if rng.random() < (0.03 if kind != "f" else 0.2):
        spec += "z"
    if rng.random() < (0.25 if kind != "s" else 0.03):
        spec += "#"
    if rng.random() < 0.3:
        spec += "0"
    spec += rng.choice(WIDTHS)
    g = rng.random()
    if kind == "s" and rng.random() < 0.9:
        g = 1
    if g < 0.15:
        spec += ","
    elif g < 0.3:
        spec += "_"
    if not int_type or rng.random() < 0.05:
        spec += rng.choice(PRECS) if rng.random() < 0.97 else rng.choice(BIG_PRECS)
    return spec + t


SPEC_FIXED = ["", "z", ".2", "xx", "é", ",é", "99999999999999999999", ".99999999999999999999",
              ".", ",_", "_,", ",,", "c,", "_c", "_n", "_b", ",b", "+c", "#c", "d", "\x01", "\x00",
              ".0", "<", "+", "=+10", "010,", "09,", "010", "z.2f", ".2147483648f", "\u0661\u0660",
              ".\u0661", "9999999999999999", ".2147483647", "z#0=+30_.10e", "^^^", "1.2.3",
              "ab", "0", "00", "010_", "010_x", "012,.2f", "-^20,.3%", " 08.3E", "#.0e", "#.0f",
              "#.0g", "#g", "#.3g", "#x", "#X", "#o", "#b", "_x", "_X", "_o", "010_b", "#010_x",
              "=10", "<10", "^10", ">10", "*^11", ",d", ",f", ",.2f", "_.2f", ",g", ",e", ",%",
              ",.0%", "n", "05n", ".3n", ".0n", "+n", "\u0660>5", "0\u0660", ".0\u0663"]


def gen_format(rng, n):
    values = [("i", v) for v in INT_VALUES] + [("f", v) for v in FLOAT_VALUES] + \
             [("s", v) for v in STR_VALUES]

    def one(kind, v, spec):
        vf = str(v) if kind == "i" else bits(v) if kind == "f" else esc(v)
        emit("F", kind, vf, esc(spec), result(lambda: format(v, spec)))

    for kind, v in values:
        for spec in SPEC_FIXED:
            one(kind, v, spec)
    for _ in range(n):
        r = rng.random()
        if r < 0.6:
            kind, v = rng.choice(values)
        elif r < 0.8:
            kind, v = "f", random_double(rng) if rng.random() < 0.5 else short_double(rng)
        else:
            kind, v = "i", rng.choice([rng.randint(-10 ** 6, 10 ** 6),
                                       rng.randint(-(2 ** 200), 2 ** 200),
                                       rng.randint(-(10 ** 17), 10 ** 17)])
        one(kind, v, random_spec(rng, kind))


# ---------------------------------------------------------------- % operator

def gen_percent(rng, n):
    int_convs = "diuoxXeEfFgG"
    float_convs = "eEfFgG"
    values = [("i", v) for v in INT_VALUES + [rng.randint(-(2 ** 90), 2 ** 90) for _ in range(5)]] + \
             [("f", v) for v in FLOAT_VALUES]
    widths = [-1, -1, 0, 1, 5, 12, 30]
    precs = [-1, -1, 0, 1, 3, 10, 25, 60, 400]

    def one(kind, v, flags, w, p, conv):
        fmt = "%" + flags + (str(w) if w >= 0 else "") + ("." + str(p) if p >= 0 else "") + conv
        vf = str(v) if kind == "i" else bits(v)
        emit("%", kind, vf, flags, w, p, conv, result(lambda: fmt % v))

    for kind, v in values:
        for conv in (int_convs if kind == "i" else float_convs):
            for flags in ["", "-", "+", " ", "#", "0", "-0", "+0", " 0", "#0", "-#", "+#0", "- "]:
                for w, p in [(-1, -1), (8, -1), (-1, 3), (12, 5), (1, 0), (30, 20)]:
                    one(kind, v, flags, w, p, conv)
    for _ in range(n):
        kind, v = rng.choice(values)
        if rng.random() < 0.3:
            kind, v = "f", random_double(rng) if rng.random() < 0.5 else short_double(rng)
        conv = rng.choice(int_convs if kind == "i" else float_convs)
        flags = "".join(f for f in "-+ #0" if rng.random() < 0.3)
        one(kind, v, flags, rng.choice(widths), rng.choice(precs), conv)


# ---------------------------------------------------------------- tables

def tables():
    """Print g_table for numfmt.c after checking the exactness argument."""
    def flog10pow2(q): return (q * 661971961083) >> 41
    def flog10tq(q): return (q * 661971961083 - 274743187321) >> 41
    def flog2pow10(e): return (e * 913124641741) >> 38

    def floor_log(num, base):
        k = 0
        while Fraction(base) ** k <= num: k += 1
        while Fraction(base) ** k > num: k -= 1
        return k

    # the integer formulas are exact floors over the range used
    for q in range(-1100, 1100):
        assert flog10pow2(q) == floor_log(Fraction(2) ** q, 10)
        assert flog10tq(q) == floor_log(Fraction(3, 4) * Fraction(2) ** q, 10)
    for e in range(-400, 400):
        assert flog2pow10(e) == floor_log(Fraction(10) ** e, 2)

    def gval(k):
        r = flog2pow10(-k) - 125
        v = Fraction(10) ** -k / Fraction(2) ** r
        g = v.numerator // v.denominator + 1
        assert 2 ** 125 <= g <= 2 ** 126
        return g

    def floor_sum(n, m, a, b):
        """sum(floor((a*i + b) / m) for i in range(n)), any integers a, b."""
        ans = n * (n - 1) // 2 * (a // m) + n * (b // m)
        a %= m
        b %= m
        while True:
            if a >= m:
                ans += n * (n - 1) // 2 * (a // m)
                a %= m
            if b >= m:
                ans += n * (b // m)
                b %= m
            y = a * n + b
            if y < m:
                return ans
            n, b = divmod(y, m)
            m, a = a, m

    def count_below(n, m, a, b, t):
        """#{0 <= i < n : (a*i + b) mod m < t} for 0 < t <= m."""
        return floor_sum(n, m, a, b) - floor_sum(n, m, a, b - t)

    T = 66  # fractional parts must be 0 or in [2^-T, 1 - 2^-T]
    bad = 0
    for q in range(-1074, 972):
        k = flog10pow2(q)
        h = q + flog2pow10(-k) + 2
        c0, c1 = (1, 2 ** 53 - 1) if q == -1074 else (2 ** 52 + 1, 2 ** 53 - 1)
        assert (4 * c1 + 2) << h < 2 ** 60  # error of g below 2^-67
        f = Fraction(2) ** q / Fraction(10) ** k
        A, B = f.numerator, f.denominator
        for delta in (-2, 0, 2):  # the interval ends and the value itself: 4c+delta
            a = 4 * A
            b = delta * A + a * c0
            n = c1 - c0 + 1
            lo = -(-B // 2 ** T)
            hi = B - B // 2 ** T
            small = count_below(n, B, a, b, lo) - count_below(n, B, a, b, 1)
            big = n - count_below(n, B, a, b, hi)
            if small or big:
                bad += 1
                print("bound fails: q=%d delta=%d" % (q, delta), file=sys.stderr)
        if q > -1074:  # c = 2^52: simulate the computation exactly
            kk = flog10tq(q)
            hh = q + flog2pow10(-kk) + 2
            g = gval(kk)
            c = 2 ** 52
            for x in (4 * c - 1, 4 * c, 4 * c + 2):
                assert x << hh < 2 ** 64
                P = g * (x << hh)
                vb = (P >> 127) | (1 if P % 2 ** 127 >= 2 ** (127 - T) else 0)
                X = x * Fraction(2) ** q / Fraction(10) ** kk
                want = (X.numerator // X.denominator) | (0 if X.denominator == 1 else 1)
                if vb != want:
                    bad += 1
                    print("asymmetric case fails: q=%d" % q, file=sys.stderr)
    if bad:
        sys.exit("the table's exactness argument does not hold")
    print("/* proven: 128-bit scaling exact for every double (T = 2^-%d) */" % T, file=sys.stderr)
    ks = set()
    for q in range(-1074, 972):
        ks.add(flog10pow2(q))
        if q > -1074:
            ks.add(flog10tq(q))
    assert (min(ks), max(ks)) == (-324, 292)
    for k in range(min(ks), max(ks) + 1):
        g = gval(k)
        print("    {0x%016xu, 0x%016xu}, /* %d */" % (g >> 64, g & (2 ** 64 - 1), k))


def c_string_literals(text):
    """The byte strings of the C string literals in text (adjacent ones joined)."""
    out, i, cur, joined = [], 0, None, False
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i += 1
            lit = bytearray()
            while text[i] != '"':
                if text[i] == "\\":
                    e = text[i + 1]
                    if e == "x":
                        j = i + 2
                        while j < len(text) and text[j] in "0123456789abcdefABCDEF":
                            j += 1
                        lit.append(int(text[i + 2:j], 16) & 0xFF)
                        i = j
                        continue
                    lit += {"t": b"\t", "n": b"\n", "\\": b"\\", '"': b'"', "0": b"\0"}[e]
                    i += 2
                    continue
                lit += text[i].encode()
                i += 1
            i += 1
            if joined and cur is not None:
                cur += lit
            else:
                cur = lit
            joined = True
            continue
        if ch == ",":
            if cur is not None:
                out.append(bytes(cur))
            cur, joined = None, False
        elif ch == "/" and text[i + 1] == "*":
            i = text.index("*/", i) + 2
            continue
        elif not ch.isspace():
            joined = False
        i += 1
    return out


def unesc(b):
    out, i = bytearray(), 0
    while i < len(b):
        if b[i:i + 2] == b"\\x" and i + 4 <= len(b):
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
        else:
            out.append(b[i])
            i += 1
    return bytes(out)


def check_fixed(path):
    src = open(path, encoding="utf-8").read()
    body = src[src.index("fixed_cases[] = {") + 17:]
    body = body[:body.index("\n};")]
    bad = total = 0
    for lit in c_string_literals(body):
        f = [unesc(x) for x in lit.split(b"\t")]
        kind, want = f[0], f[-1]
        txt = lambda b: b.decode("utf-8", "surrogatepass")
        if kind == b"R":
            got = repr(from_bits(int(f[1], 16))).encode()
        elif kind == b"P":
            got = result(lambda: float(txt(f[1])))
            if got.startswith(b"ERR"):
                got = b"ERR"
        elif kind == b"D":
            got = result(lambda: round(from_bits(int(f[1], 16)), int(f[2])))
        elif kind == b"F":
            v = int(f[2]) if f[1] == b"i" else from_bits(int(f[2], 16)) if f[1] == b"f" else txt(f[2])
            got = result(lambda: format(v, txt(f[3])))
        else:
            v = int(f[2]) if f[1] == b"i" else from_bits(int(f[2], 16))
            w, p = int(f[4]), int(f[5])
            fmt = "%" + txt(f[3]) + (str(w) if w >= 0 else "") + ("." + str(p) if p >= 0 else "") + txt(f[6])
            got = result(lambda: fmt % v)
        got = unesc(got)
        total += 1
        if got != want:
            bad += 1
            print("fixed case disagrees with CPython:", lit, "CPython:", got)
    print("%d fixed cases, %d disagree" % (total, bad))
    sys.exit(1 if bad else 0)


def main():
    args = sys.argv[1:]
    if args and args[0] == "tables":
        tables()
        return
    if args and args[0] == "check-fixed":
        check_fixed(args[1])
        return
    seed, scale = 20240611, 1.0
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a == "--scale":
            scale = float(args.pop(0))
        else:
            sys.exit(__doc__)
    rng = random.Random(seed)
    gen_repr(rng, int(300000 * scale))
    gen_parse(rng, int(100000 * scale))
    gen_round(rng, int(100000 * scale))
    gen_format(rng, int(200000 * scale))
    gen_percent(rng, int(50000 * scale))
    print("vectors:", COUNTS, file=sys.stderr)


if __name__ == "__main__":
    main()
