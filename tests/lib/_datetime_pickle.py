# _datetime: pickles with CPython's byte-string states (identical bytes for
# every protocol), __reduce__/__reduce_ex__, copy, old latin-1 pickles.
import copy
import pickle
from datetime import date, datetime, time, timedelta, timezone, tzinfo, UTC


class Named(tzinfo):
    def __init__(self, name="n"):
        self.name = name

    def utcoffset(self, dt):
        return timedelta(hours=2)

    def __eq__(self, other):
        return type(other) is Named and other.name == self.name

    __hash__ = None

    def __repr__(self):
        return "Named(%r)" % self.name


class SubDT(datetime):
    pass


values = [timedelta(1, 2, 3), timedelta(-5), date(2020, 5, 6), date(1, 1, 1), time(1, 2, 3, 400000),
          time(23, 59, fold=1), time(1, tzinfo=UTC), datetime(2020, 1, 2, 3, 4, 5, 60000),
          datetime(9999, 12, 31, 23, 59, 59, 999999, fold=1), datetime(2020, 1, 1, tzinfo=timezone(timedelta(hours=-3))),
          datetime(2020, 1, 1, tzinfo=timezone(timedelta(hours=1), "X")), UTC, timezone.min,
          datetime(2020, 1, 1, tzinfo=Named("zz")), SubDT(2001, 2, 3)]
for v in values:
    print(repr(v))
    print("  ", v.__reduce__())
    if not isinstance(v, (timedelta, tzinfo)) and not type(v) is date:
        print("  ", v.__reduce_ex__(2), v.__reduce_ex__(4))
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(v, proto)
        if type(v).__module__ == "datetime":
            print("  ", proto, data)
        w = pickle.loads(data)
        assert w == v and type(w) is type(v), (v, w)
        if hasattr(v, "fold"):
            assert w.fold == (v.fold if proto >= 4 else 0), (proto, v)
    print("  ", copy.copy(v) == v, copy.deepcopy(v) == v)
print(pickle.loads(pickle.dumps(Named("a"))).name, Named("b").__reduce__()[1:])
print(date(2020, 1, 1).isocalendar().__reduce__(), pickle.loads(pickle.dumps(date(2020, 1, 1).isocalendar())))

old = [b"cdatetime\ndate\n(S'\\x07\\xdf\\x0b\\x1b'\ntR.",
       b"cdatetime\ndatetime\n(S'\\x07\\xdf\\x0b\\x1b\\x14;\\x01\\x01\\xe2@'\ntR.",
       b"cdatetime\ntime\n(S'\\x14;\\x10\\x00\\x10\\x00'\ntR."]
for data in old:
    print(repr(pickle.loads(data, encoding="latin1")))
print(repr(date(b"\x07\xdf\x0b\x1b")), repr(datetime(b"\x07\xdf\x8b\x1b\x14;\x01\x01\xe2@")))
print(repr(time(b"\x94;\x10\x00\x10\x00", UTC)))
for bad in [(b"\x07\xdf\x0d\x1b",), (b"\x07\xdf\x0b",), ("\u0100\x00\x01\x01",)]:
    try:
        print(repr(date(*bad)))
    except Exception as e:
        print(type(e).__name__, e)
