# _datetime: isoformat/fromisoformat (3.11's extended formats), str, repr,
# strftime (%z %Z %f), __format__, ctime, strptime.
from datetime import date, datetime, time, timedelta, timezone, tzinfo


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print("  ->", type(r).__name__, repr(r))
    except Exception as e:
        print("  !!", type(e).__name__, e)


tz1 = timezone(timedelta(hours=5, minutes=30), "IST")
tz2 = timezone(timedelta(hours=-3, seconds=7, microseconds=8))
dt = datetime(2002, 3, 4, 5, 6, 7, 8900, tzinfo=tz1)
t = time(23, 5, 0, 120000, tz2)
for x in (dt, dt.replace(tzinfo=None), dt.replace(microsecond=0), t, time(), time(1, 2, 3, fold=1), dt.date()):
    print(repr(x), str(x), x.isoformat())
for spec in ("auto", "hours", "minutes", "seconds", "milliseconds", "microseconds", "bogus"):
    show(dt.isoformat, timespec=spec)
    show(t.isoformat, spec)
show(dt.isoformat, " ")
show(dt.isoformat, sep="\u00e9")
show(dt.isoformat, "ab")
show(dt.isoformat, 1)
for s in ["2020-01-02", "20200102", "2020-W01", "2020W01", "2020-W01-3", "2020W013", "2020-W53-7", "2021-W53-1",
          "2020-1-02", "2020-01-2", "2020-0102", "202001-02", "2020-13-01", "2020-02-30", "0000-01-01", "2020-01-02 ",
          "2020-01-02T", "2020-01-02T10", "2020-01-02T1030", "2020-01-02T10:30", "2020-01-02T10:30:40",
          "2020-01-02T10:30:40.5", "2020-01-02T10:30:40,123456789", "2020-01-02T103040.123", "2020-01-02 10:30Z",
          "2020-01-02T10:30+05", "2020-01-02T10:30-0530", "2020-01-02T10:30+05:30:15.5", "2020-01-02T10:30+00:00",
          "2020-01-02T10:30:40.", "2020-01-02T10:30:40.12a", "2020-01-02T10:3", "2020-01-02T24:00",
          "2020-01-02\u00e910:30", "2020-01-02T10:30+5", "2020-01-02T10:30+24:00", "2020-01-02T10:30+05:75", "2020-01-02T10:75", "2020W01T10", "2020-W01T10:00",
          "2020W0110", "2020-W01-110:00", "\u00e92020-01-02", "2020-01-02T10:30:40.123456+05:30:00.000001"]:
    print(repr(s))
    show(datetime.fromisoformat, s)
    show(date.fromisoformat, s)
for s in ["10:30", "T10:30", "1030", "10", "10:30:40.123+01:00", "10:30Z", "25:00", "10:30:40.1234567", "1", "", "Tx"]:
    show(time.fromisoformat, s)
show(datetime.fromisoformat, 20200101)
show(date.fromisoformat, None)
show(time.fromisoformat, b"10:30")

print(dt.strftime("%Y-%m-%d %H:%M:%S.%f %z %Z %a %b %j %%f %%z %"))
print(t.strftime("%H %M %S %f %z %Z|%Y|%d"), date(5, 1, 1).strftime("%Y %d %f %z %Z"))
print(datetime(1, 2, 3).strftime("%Y|%y|%G"), dt.replace(tzinfo=None).strftime("[%z][%Z]"))
show(dt.strftime, 1)
show(dt.strftime, format="%Y")
print(format(dt), format(dt, "%d/%m/%Y"), format(t, "%H"), format(date(2020, 5, 6), ""), f"{dt:%H:%M}")
show(format, dt, 1)


class TZ(tzinfo):
    def __init__(self, name):
        self.name = name

    def utcoffset(self, dt):
        return timedelta(minutes=-90)

    def tzname(self, dt):
        return self.name

    def dst(self, dt):
        return timedelta(0)


for name in ["a%b", "%Y", None, 5]:
    show(datetime(2020, 1, 1, tzinfo=TZ(name)).strftime, "%Z|%z")
    show(time(1, tzinfo=TZ(name)).strftime, "%Z|%z")
print(datetime(2020, 1, 1, tzinfo=TZ("x")).timetuple())
print(datetime.strptime("2020-03-04 05:06:07.000123 +0130", "%Y-%m-%d %H:%M:%S.%f %z"))
show(datetime.strptime, "2020", "%Y", 1)
show(datetime.strptime, "x", "%Y")
print(date(2020, 1, 5).ctime(), datetime(2020, 11, 25, 1, 2, 3).ctime())
