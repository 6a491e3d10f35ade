# _datetime: local time through the C library (fromtimestamp, timestamp,
# astimezone() and fold detection), run in a child with TZ set, and
# CPython's half-even rounding of float timestamps.
import os
import subprocess
import sys

CODE = r"""
from datetime import datetime, date, timedelta, timezone
def show(f, *a):
    try:
        r = f(*a)
        print("  ->", repr(r))
    except Exception as e:
        print("  !!", type(e).__name__, e)
for ts in [0, 1, -1, 1e9, 1.5, -1.5, 0.0000005, 0.0000015, 0.0000025, -0.0000005, 1234567890.1234565,
           1678604400, 1678606200, 1699163999, 1699164000, 1699165800, 1699167600, -62135596800, 253402300800]:
    print(ts)
    show(datetime.fromtimestamp, ts)
    show(datetime.utcfromtimestamp, ts)
    show(datetime.fromtimestamp, ts, timezone.utc)
    show(date.fromtimestamp, ts)
for args in [(2023, 11, 5, 1, 30), (2023, 11, 5, 1, 30, 0, 0, None, 1), (2023, 3, 12, 2, 30),
             (2023, 3, 12, 2, 30, 0, 0, None, 1), (2023, 7, 1, 12), (1970, 1, 1), (2023, 1, 1, 0, 0, 0, 500000)]:
    kw = {}
    if len(args) == 9:
        kw = {"fold": args[8]}
        args = args[:8]
    d = datetime(*args, **kw)
    print(d, d.fold, d.timestamp(), d.astimezone(), d.astimezone(timezone.utc), d.astimezone().tzname())
print(datetime(2023, 6, 1, tzinfo=timezone.utc).astimezone())
show(datetime.fromtimestamp, float("nan"))
show(datetime.fromtimestamp, 1e20)
show(datetime.fromtimestamp, "1")
show(datetime.fromtimestamp, 0, 5)
"""

for zone in ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]:
    print("TZ", zone)
    env = dict(os.environ, TZ=zone)
    r = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True)
    print(r.stdout, r.stderr)
