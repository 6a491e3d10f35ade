# _datetime: tzinfo and timezone, utcoffset/dst/tzname checks, naive/aware
# comparisons and subtraction, PEP 495 fold, hashing, astimezone, fromutc.
from datetime import date, datetime, time, timedelta, timezone, tzinfo, UTC


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print("  ->", type(r).__name__, repr(r))
    except Exception as e:
        print("  !!", type(e).__name__, e)


print(UTC is timezone.utc, repr(timezone.utc), str(timezone.utc), timezone.min, timezone.max, repr(timezone.max))
for args in [(timedelta(0),), (timedelta(0), "Z"), (timedelta(hours=5),), (timedelta(hours=-5), "EST"),
             (timedelta(seconds=1),), (timedelta(microseconds=-1),), (timedelta(hours=24),), (-timedelta(hours=24),),
             (timedelta(hours=23, minutes=59, seconds=59, microseconds=999999),), (5,), (timedelta(0), 5)]:
    show(timezone, *args)
tz = timezone(timedelta(hours=-5), "EST")
print(tz.utcoffset(None), tz.dst(None), tz.tzname(None), tz.utcoffset(datetime(2000, 1, 1)), tz.__getinitargs__())
show(tz.utcoffset, 1)
show(tz.tzname, date(2000, 1, 1))
show(tz.fromutc, datetime(2000, 1, 1, 12, tzinfo=tz))
show(tz.fromutc, datetime(2000, 1, 1, 12))
show(tz.fromutc, datetime(2000, 1, 1, 12, tzinfo=UTC))
show(tz.fromutc, date(2000, 1, 1))
print(tz == timezone(timedelta(hours=-5)), tz != UTC, hash(tz) == hash(timezone(timedelta(hours=-5))), tz == 1)
print(timezone(timedelta(0)) is UTC, timezone(timedelta(0), "UTC") is UTC)
show(lambda: tz < UTC)
show(timezone, offset=timedelta(0), name="x")
show(type, "X", (timezone,), {})
base = tzinfo()
for m in ("tzname", "utcoffset", "dst"):
    show(getattr(base, m), None)
show(base.fromutc, datetime(2000, 1, 1))
show(base.fromutc, datetime(2000, 1, 1, tzinfo=base))


class Fixed(tzinfo):
    def __init__(self, minutes, name, dst=0):
        self.off = timedelta(minutes=minutes)
        self.name = name
        self.d = timedelta(minutes=dst)

    def utcoffset(self, dt):
        return self.off

    def tzname(self, dt):
        return self.name

    def dst(self, dt):
        return self.d

    def __repr__(self):
        return "Fixed(%s)" % self.name


class Bad(tzinfo):
    def __init__(self, v):
        self.v = v

    def utcoffset(self, dt):
        return self.v

    dst = utcoffset

    def tzname(self, dt):
        return self.v


for v in [None, timedelta(hours=23, minutes=59), timedelta(hours=24), timedelta(hours=-24), timedelta(seconds=-1),
          timedelta(microseconds=1), 5, "x"]:
    t = time(1, tzinfo=Bad(v))
    d = datetime(2000, 1, 1, tzinfo=Bad(v))
    print(repr(v))
    show(t.utcoffset)
    show(d.utcoffset)
    show(d.dst)
    show(d.tzname)
    show(d.isoformat)
    show(d.timetuple)

est, cet = Fixed(-300, "EST"), Fixed(60, "CET", 60)
a = datetime(2000, 1, 1, 12, tzinfo=est)
b = datetime(2000, 1, 1, 18, tzinfo=cet)
n = datetime(2000, 1, 1, 12)
print(a, b, a.utcoffset(), b.dst(), b.tzname(), repr(a), a.timetuple().tm_isdst, b.timetuple().tm_isdst)
print(a == b, a - b, b - a, a > b, hash(a) == hash(datetime(2000, 1, 1, 17, tzinfo=UTC)), a == n, a != n)
show(lambda: a < n)
show(lambda: a - n)
print(a.utctimetuple(), b.utctimetuple(), a.timestamp(), b.timestamp())
print(a.astimezone(cet), a.astimezone(UTC), b.astimezone(est), a.astimezone(est) is a)
show(a.astimezone, 5)
t1, t2 = time(12, tzinfo=est), time(18, tzinfo=cet)
print(t1 == t2, t1 < t2, t1 == time(12), hash(t1) == hash(time(17, tzinfo=UTC)), t1.utcoffset(), t2.tzname())
show(lambda: t1 < time(12))
print(time(1, tzinfo=Fixed(0, "a")) == time(1, tzinfo=Fixed(0, "b")), time(1) < time(2), time(1, fold=1) == time(1))
print(hash(time(1, fold=1)) == hash(time(1)), hash(datetime(2000, 1, 1, fold=1)) == hash(datetime(2000, 1, 1)))


# a zone with a DST fold, as in the docs: one hour repeats on the last
# Sunday of October at 01:00
class Fold(tzinfo):
    def utcoffset(self, dt):
        return timedelta(hours=1) + self.dst(dt)

    def dst(self, dt):
        if dt is None:
            return timedelta(0)
        start = datetime(dt.year, 3, 26, 2)
        end = datetime(dt.year, 10, 29, 1)
        naive = dt.replace(tzinfo=None)
        if start <= naive < end:
            return timedelta(hours=1)
        if end <= naive < end + timedelta(hours=1):
            return timedelta(hours=0) if dt.fold else timedelta(hours=1)
        return timedelta(0)

    def tzname(self, dt):
        return "S" if self.dst(dt) else "W"


f = Fold()
x0 = datetime(2000, 10, 29, 1, 30, tzinfo=f)
x1 = x0.replace(fold=1)
print(x0.utcoffset(), x1.utcoffset(), x0 == x1, x0 == x1.astimezone(UTC), x1 == x1.astimezone(UTC))
print(x0.astimezone(UTC), x1.astimezone(UTC), x0.timestamp(), x1.timestamp(), hash(x0) == hash(x1))
u = datetime(2000, 10, 28, 23, 30, tzinfo=UTC)
for i in range(4):
    y = (u + timedelta(minutes=30 * i)).astimezone(f)
    print(y, y.fold, y.tzname())
print(time(1, tzinfo=f).utcoffset(), time(1, tzinfo=f).tzname())
