# _datetime: date and datetime construction, calendar arithmetic, ordinals,
# ISO calendar, replace, combine, comparisons and subclasses.
from datetime import date, datetime, time, timedelta, timezone, MINYEAR, MAXYEAR


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print("  ->", type(r).__name__, repr(r))
    except Exception as e:
        print("  !!", type(e).__name__, e)


print(MINYEAR, MAXYEAR, date.min, date.max, date.resolution, datetime.min, datetime.max, datetime.resolution)
for args in [(2000, 2, 29), (1900, 2, 29), (2001, 2, 29), (0, 1, 1), (10000, 1, 1), (1, 0, 1), (1, 13, 1), (1, 1, 0),
             (1, 1, 32), (2000.0, 1, 1), ("2000", 1, 1), (2**40, 1, 1), (-2**40, 1, 1)]:
    show(date, *args)
show(date, year=2000, month=1, day=5)
for args, kw in [((2000, 1, 1, 24), {}), ((2000, 1, 1, 0, 60), {}), ((2000, 1, 1, 0, 0, 60), {}),
                 ((2000, 1, 1, 0, 0, 0, 10**6), {}), ((2000, 1, 1), {"fold": 2}), ((2000, 1, 1), {"tzinfo": 1}),
                 ((2000, 1, 1, 1, 2, 3, 4, None), {"fold": 1})]:
    show(datetime, *args, **kw)

for o in [1, 2, 365, 366, 730119, 3652059, 0, 3652060]:
    show(date.fromordinal, o)
d = date(2024, 2, 29)
print(d.toordinal(), d.weekday(), d.isoweekday(), d.isocalendar(), d.isocalendar().week, d.timetuple(), d.ctime())
for y in (2004, 2005, 2008, 2009, 2010, 2020, 2021, 1, 9999):
    for m, dd in ((1, 1), (1, 4), (12, 28), (12, 31)):
        print(y, m, dd, tuple(date(y, m, dd).isocalendar()), end=" | ")
    print()
for args in [(2020, 53, 7), (2021, 53, 1), (2004, 1, 1), (10000, 1, 1), (2020, 0, 1), (2020, 1, 8), (2**40, 1, 1)]:
    show(date.fromisocalendar, *args)
    show(datetime.fromisocalendar, *args)
print(d + timedelta(1), d - timedelta(366), timedelta(-1) + d, d - date(2000, 1, 1), date(2000, 1, 1) - d)
show(lambda: date.max + timedelta(1))
show(lambda: date.min - timedelta(1))
show(lambda: d + timedelta(hours=47))
show(lambda: d + 1)
show(lambda: d - 1)
show(d.replace, year=2023)
show(d.replace, 2025, 3)
show(d.replace, day=40)
dt = datetime(2024, 2, 29, 23, 59, 59, 999999)
print(dt + timedelta(microseconds=1), dt - timedelta(days=60, microseconds=-1), dt - datetime(2000, 1, 1))
print(dt.date(), dt.time(), dt.timetz(), dt.timetuple(), dt.utctimetuple(), dt.ctime(), dt.toordinal())
show(lambda: datetime.max + timedelta(microseconds=1))
show(dt.replace, hour=0, fold=1)
show(dt.replace, tzinfo=timezone.utc)
show(dt.replace, tzinfo=1)
show(datetime.combine, d, time(1, 2, 3, 4, timezone.utc, fold=1))
show(datetime.combine, d, time(1, 2), tzinfo=timezone(timedelta(hours=3)))
show(datetime.combine, dt, time(1))
show(datetime.combine, 1, time(1))
show(datetime.combine, d, 1)

# comparisons between date and datetime
print(d == dt, dt == d, d != dt, d.__eq__(datetime(2024, 2, 29)), date(2024, 2, 29) == d)
show(lambda: d < dt)
show(lambda: dt >= d)
print(d < date(2024, 3, 1), dt > datetime(2024, 2, 29), sorted([date(2020, 1, 2), date(2019, 5, 5), d]))
print(hash(d) == hash(date(2024, 2, 29)), hash(dt) == hash(dt.replace(fold=1)), len({d, date(2024, 2, 29)}))


class D(date):
    def __new__(cls, y, m, d, extra="x"):
        self = super().__new__(cls, y, m, d)
        self.extra = extra
        return self


class DT(datetime):
    pass


sd = D(2020, 1, 1, "hello")
print(repr(sd), sd.extra, type(sd + timedelta(1)).__name__, type(sd.replace(day=2)).__name__)
print(type(D.today()).__name__, type(D.fromordinal(5)).__name__, type(D.fromisoformat("2020-01-01")).__name__)
print(type(D.fromisocalendar(2020, 1, 1)).__name__, type(D.fromtimestamp(0)).__name__)
sdt = DT(2020, 1, 1, 12)
print(repr(sdt), type(sdt + timedelta(1)).__name__, type(sdt - timedelta(1)).__name__, type(sdt - sdt).__name__)
print(type(DT.now()).__name__, type(DT.utcnow()).__name__, type(DT.fromtimestamp(0)).__name__,
      type(DT.utcfromtimestamp(0)).__name__, type(DT.combine(d, time())).__name__,
      type(DT.fromisoformat("2020-01-01")).__name__, type(DT.strptime("2020", "%Y")).__name__,
      type(sdt.replace(hour=1)).__name__, type(sdt.astimezone(timezone.utc)).__name__)
print(issubclass(datetime, date), datetime.__mro__, date.__module__, datetime.__name__)
