# _zoneinfo.ZoneInfo, zoneinfo's C half, used directly: offsets across DST
# transitions (positive, negative and half-hour DST), fold and gaps both
# ways (utcoffset and fromutc), the rule after the last transition from the
# TZif footer's TZ string (good and malformed ones), datetime.time, the
# caches, pickling, from_file, subclasses and argument errors.
import io
import pickle
from datetime import datetime, time, timedelta, timezone

import _zoneinfo

ZoneInfo = _zoneinfo.ZoneInfo
UTC = timezone.utc


def show(dt):
    print(dt.isoformat(), dt.fold, dt.utcoffset(), dt.dst(), dt.tzname())


def err(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
    except Exception as e:
        print("  ", type(e).__name__, e)
    else:
        print("  ", "no error:", r)


# Argument errors of the functions CPython parses with an unnamed
# PyArg_ParseTupleAndKeywords format: their messages name no function
# ("function missing required argument ..."), tpy's name it.
def arg_err(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
    except TypeError as e:
        print("  ", "TypeError", e.args[0].startswith(("function", f.__name__ + "()")))
    else:
        print("  ", "no error:", r)


print(ZoneInfo.__module__, ZoneInfo.__name__, [c.__name__ for c in ZoneInfo.__mro__])
print(hasattr(ZoneInfo, "_weak_cache"))
# CPython's parse their arguments with PyArg_ParseTupleAndKeywords: no
# text signatures
import inspect
for name in ["no_cache", "from_file", "clear_cache", "utcoffset", "_unpickle"]:
    try:
        print(name, inspect.signature(getattr(ZoneInfo, name)))
    except ValueError:
        print(name, "no signature")
print(ZoneInfo.utcoffset.__doc__)

# wall times around transitions, both folds
cases = {
    "America/New_York": [(2020, 3, 8, 1, 59), (2020, 3, 8, 2, 30), (2020, 3, 8, 3, 0), (2020, 11, 1, 0, 59),
                         (2020, 11, 1, 1, 30), (2020, 11, 1, 2, 0), (1883, 11, 18, 12, 0), (1600, 1, 1, 0, 0),
                         (2087, 7, 4, 12, 0), (2087, 11, 2, 1, 30), (9999, 12, 31, 23, 59)],
    "Europe/London": [(2021, 3, 28, 1, 30), (2021, 10, 31, 1, 30), (1941, 6, 1, 12, 0), (1968, 12, 1, 0, 0)],
    "Europe/Dublin": [(2021, 1, 1, 12, 0), (2021, 7, 1, 12, 0), (2021, 10, 31, 1, 30), (2040, 3, 25, 1, 30)],
    "Australia/Lord_Howe": [(2021, 4, 4, 1, 45), (2021, 10, 3, 2, 15), (2050, 4, 3, 1, 45)],
    "Asia/Kolkata": [(1941, 10, 1, 0, 0), (2000, 1, 1, 0, 0)],
    "America/Santiago": [(2022, 4, 2, 23, 30), (2022, 9, 11, 0, 30), (2060, 4, 3, 23, 30)],
    "Pacific/Apia": [(2011, 12, 30, 12, 0), (2011, 12, 29, 23, 59)],
    "UTC": [(2000, 1, 1, 0, 0)],
}
for key, times in cases.items():
    zi = ZoneInfo(key)
    print(key, repr(zi), str(zi), zi.key)
    for t in times:
        for fold in (0, 1):
            show(datetime(*t, fold=fold, tzinfo=zi))
    # UTC instants across each hour around the transitions: fromutc and back
    for t in times[:4]:
        base = datetime(*t, tzinfo=UTC) - timedelta(hours=3)
        for h in range(0, 7):
            u = base + timedelta(hours=h, minutes=15)
            local = u.astimezone(zi)
            back = local.astimezone(UTC)
            print("  ", u.isoformat(), "->", local.isoformat(), local.fold, back == u)

# datetime.time: fixed-offset zones answer, others give None
for key in ["UTC", "Asia/Kolkata", "Etc/GMT-14", "America/New_York"]:
    t = time(12, 0, tzinfo=ZoneInfo(key))
    print(key, t.utcoffset(), t.dst(), t.tzname())

# the caches
a = ZoneInfo("Europe/Paris")
print(a is ZoneInfo("Europe/Paris"), a is ZoneInfo(key="Europe/Paris"))
b = ZoneInfo.no_cache("Europe/Paris")
print(b is a, b == a, b.key)
ZoneInfo.clear_cache(only_keys=["Europe/Paris", "Not/Cached"])
c = ZoneInfo("Europe/Paris")
print(c is a)
ZoneInfo.clear_cache()
print(ZoneInfo("Europe/Paris") is c)
keys = ["Europe/Berlin", "Asia/Tokyo", "America/Chicago", "Africa/Cairo", "Asia/Dubai", "Europe/Rome",
        "America/Denver", "Asia/Seoul", "Europe/Madrid", "Europe/Oslo"]
held = ZoneInfo(keys[0])
strong = [id(ZoneInfo(k)) for k in keys]
print(ZoneInfo(keys[0]) is held)

# pickling: by key, through the cache or not
z = ZoneInfo("America/New_York")
print(pickle.loads(pickle.dumps(z)) is z)
red = z.__reduce__()
print(red[0].__name__, red[1])
nc = ZoneInfo.no_cache("America/New_York")
print(nc.__reduce__()[1])
nc2 = pickle.loads(pickle.dumps(nc))
print(nc2 is nc, nc2 is z, nc2.key)
print(ZoneInfo._unpickle("Asia/Tokyo", 1) is ZoneInfo("Asia/Tokyo"), ZoneInfo._unpickle("Asia/Tokyo", 0).key)

# from_file, with the TZif footer's TZ string replaced
with open("/usr/share/zoneinfo/America/New_York", "rb") as f:
    ny = f.read()
footer_at = ny.rindex(b"\n", 0, len(ny) - 1)
print(ny[footer_at:])
ff = ZoneInfo.from_file(io.BytesIO(ny), key="NY from file")
print(repr(ff), str(ff), ff.key)
show(datetime(2020, 11, 1, 1, 30, fold=1, tzinfo=ff))
anon = ZoneInfo.from_file(io.BytesIO(ny))
print(repr(anon).startswith("zoneinfo.ZoneInfo.from_file(<_io.BytesIO object"), anon.key, str(anon) == repr(anon))
err(pickle.dumps, ff)

def with_footer(tz):
    return ZoneInfo.from_file(io.BytesIO(ny[:footer_at] + b"\n" + tz + b"\n"), key=tz.decode())

for tz in [b"EST5EDT,M3.2.0,M11.1.0", b"AAA3BBB,J60/12,J300/25", b"<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
           b"IST-1GMT0,M10.5.0,M3.5.0/1", b"AAA4BBB3,0/0,J365/25", b"<+0330>-3:30", b"XXX-5:45:30",
           b"AAA-1BBB-2:30,M1.1.0/0,M12.5.6/23:59:59", b"EST5"]:
    zi = with_footer(tz)
    print(tz)
    for t in [(2040, 1, 15, 12), (2040, 3, 1, 12), (2040, 7, 1, 12), (2040, 11, 15, 12), (2040, 12, 31, 23)]:
        show(datetime(*t, tzinfo=zi))
    for t in [(2040, 3, 11, 6), (2040, 3, 11, 7), (2040, 11, 4, 5), (2040, 11, 4, 6)]:
        local = datetime(*t, tzinfo=UTC).astimezone(zi)
        print("  ", local.isoformat(), local.fold)

print("malformed TZ strings")
for tz in [b"AAA", b"AAA+25", b"AAA5BBB", b"AAA5BBB,M3.2.0", b"AAA5BBB,M13.2.0,M11.1.0", b"AAA5BBB,M3.6.0,M11.1.0",
           b"AAA5BBB,M3.2.7,M11.1.0", b"AAA5BBB,J0,J365", b"AAA5BBB,366,J365", b"AAA5BBB,M3.2.0,M11.1.0x",
           b"<AA!>5", b"AAA5:3", b"AAA5BBB,M3.2.0/A,M11.1.0"]:
    print(tz)
    err(with_footer, tz)

print("errors")
err(ZoneInfo, "Not/AZone")
err(ZoneInfo, "../../etc/passwd")
err(ZoneInfo, "/usr/share/zoneinfo/UTC")
err(ZoneInfo, 5)
arg_err(ZoneInfo)
arg_err(ZoneInfo, "UTC", "UTC")
arg_err(ZoneInfo, key="UTC", other=1)
arg_err(ZoneInfo.no_cache)
arg_err(ZoneInfo.from_file)
err(ZoneInfo.from_file, io.BytesIO(b"not a zone file"))
err(ZoneInfo.from_file, io.BytesIO(b""))
arg_err(ZoneInfo.clear_cache, ["UTC"])
err(ZoneInfo.clear_cache, only_keys=5)
err(ZoneInfo("UTC").utcoffset)
err(ZoneInfo("UTC").utcoffset, "2020-01-01")
err(ZoneInfo("UTC").fromutc, "2020-01-01")
err(ZoneInfo("UTC").fromutc, datetime(2020, 1, 1))
err(ZoneInfo("UTC").fromutc, datetime(2020, 1, 1, tzinfo=ZoneInfo("Asia/Tokyo")))
err(setattr, ZoneInfo("UTC"), "key", "x")
err(ZoneInfo._unpickle, "UTC")
err(ZoneInfo._unpickle, "UTC", "yes")

# subclasses: their own weak cache, no strong one
class Zone(ZoneInfo):
    pass

class Zone2(Zone):
    def __init_subclass__(cls):
        super().__init_subclass__()

zs = Zone("Asia/Tokyo")
print(type(zs).__name__, repr(zs), zs is Zone("Asia/Tokyo"), zs is ZoneInfo("Asia/Tokyo"))
print("_weak_cache" in Zone.__dict__, "_weak_cache" in Zone2.__dict__, Zone._weak_cache is not Zone2._weak_cache)
zs.extra = 1
print(zs.extra, Zone.no_cache("Asia/Tokyo") is zs, type(Zone.from_file(io.BytesIO(ny))).__name__)
print(type(pickle.loads(pickle.dumps(Zone2("UTC")))).__name__)
Zone.clear_cache()
print(Zone("Asia/Tokyo") is zs)

# datetime subclasses: their own toordinal() and attributes give the wall
# time; fromutc keeps the subclass (through + and replace())
class MyDatetime(datetime):
    pass

ny_zone = ZoneInfo("America/New_York")
for t in [(2020, 11, 1, 1, 30), (2020, 3, 8, 2, 30)]:
    for fold in (0, 1):
        show(MyDatetime(*t, fold=fold, tzinfo=ny_zone))
for h in range(4, 8):
    local = MyDatetime(2020, 11, 1, h, 30, tzinfo=UTC).astimezone(ny_zone)
    print(type(local).__name__, local.isoformat(), local.fold)
err(ny_zone.fromutc, datetime.max.replace(tzinfo=ny_zone))
err(ZoneInfo("Asia/Tokyo").fromutc, datetime.max.replace(tzinfo=ZoneInfo("Asia/Tokyo")))
