# _datetime: timedelta's normalisation, float rounding (half to even),
# arithmetic with ints/floats/timedeltas, comparisons, reprs and errors.
import _datetime
from datetime import timedelta as td


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print("  ->", type(r).__name__, repr(r))
    except Exception as e:
        print("  !!", type(e).__name__, e)


# (datetime_CAPI, the capsule for C extensions, is left out)
print(sorted(n for n in dir(_datetime) if not n.startswith("__") and n != "datetime_CAPI"))
print(td.__module__, td.min, td.max, td.resolution, repr(td.max))
for args, kw in [((), {}), ((1, 2, 3), {}), ((-1,), {}), ((0, -1), {}), ((0, 0, -1), {}),
                 ((), {"weeks": 1.5, "hours": -0.25}), ((1.5, 0.5), {"microseconds": 0.5}),
                 ((), {"microseconds": 1.5}), ((), {"microseconds": 2.5}), ((), {"microseconds": -0.5}),
                 ((), {"milliseconds": 0.0005}), ((), {"seconds": 1e-7}), ((), {"days": 2**40 // 2**20}),
                 ((), {"microseconds": 10**18}), ((), {"days": 999999999, "hours": 23.99999999}),
                 ((10**9,), {}), ((-10**9,), {}), ((), {"minutes": 2**70}), (("1",), {}), ((1j,), {}),
                 ((True, False), {}), ((0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7), {})]:
    print(args, kw)
    show(td, *args, **kw)

a, b = td(1, 7200, 5), td(0, 59, 999999)
for name, f in [("a+b", lambda: a + b), ("a-b", lambda: a - b), ("b-a", lambda: b - a), ("-a", lambda: -a),
                ("+a", lambda: +a), ("abs(-a)", lambda: abs(-a)), ("a*3", lambda: a * 3), ("3*a", lambda: 3 * a),
                ("a*-1", lambda: a * -1), ("a*0.5", lambda: a * 0.5), ("0.1*b", lambda: 0.1 * b),
                ("a/b", lambda: a / b), ("a//b", lambda: a // b), ("a%b", lambda: a % b), ("divmod", lambda: divmod(a, b)),
                ("divmod-", lambda: divmod(-a, b)), ("a/3", lambda: a / 3), ("a/7.5", lambda: a / 7.5),
                ("a//7", lambda: a // 7), ("-a//7", lambda: -a // 7), ("a/0", lambda: a / 0), ("a//0", lambda: a // 0),
                ("a/td()", lambda: a / td()), ("a%td()", lambda: a % td()), ("a*2**100", lambda: a * 2**100),
                ("td(1)*2**40", lambda: td(microseconds=1) * 2**40), ("a+1", lambda: a + 1), ("a*a", lambda: a * a),
                ("a/'x'", lambda: a / "x"), ("max*2", lambda: td.max * 2), ("min-res", lambda: td.min - td.resolution),
                ("total", lambda: a.total_seconds()), ("total max", lambda: td.max.total_seconds()),
                ("td(us=5)/2", lambda: td(microseconds=5) / 2), ("td(us=7)/2", lambda: td(microseconds=7) / 2),
                ("td(us=5)*0.5", lambda: td(microseconds=5) * 0.5), ("nan", lambda: a * float("nan")),
                ("inf", lambda: a / float("inf"))]:
    print(name)
    show(f)

print(a == td(1, 7200, 5), a != b, a < b, a > b, a <= a, a == 1, a != "x")
show(lambda: a < 1)
print(bool(td()), bool(td(microseconds=1)), hash(td(1)) == hash(td(hours=24)))
print(str(td(-1, 1)), str(td(2, 3661, 10)), str(td(1)), str(td(-2)), str(td(microseconds=-1)))
print(repr(td(seconds=1)), repr(td(microseconds=-1)), repr(td(days=-1, seconds=5)))
print(a.days, a.seconds, a.microseconds, td(hours=-1).seconds)
show(setattr, a, "days", 3)
print(a.__reduce__())


class Sub(td):
    def extra(self):
        return "extra"


s = Sub(1, 2)
print(type(s).__name__, repr(s), s.extra(), type(s + a).__name__, type(-s).__name__, type(s * 2).__name__)
print(td(days=1) == Sub(1), isinstance(s, td))
