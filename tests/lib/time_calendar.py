import os, time
os.environ['TZ'] = 'UTC'
time.tzset()
import time
t = time.gmtime(1234567890)
print(t, t.tm_year, t[0], t.tm_zone, len(t))
print(time.mktime(time.localtime(1234567890)), time.asctime(t), time.ctime(0 + time.timezone))
print(time.strftime("%Y-%m-%d %H:%M:%S %j %a %b", t))
print(time.strptime("2009-02-13 23:31:30", "%Y-%m-%d %H:%M:%S"))
print(type(time.timezone), type(time.tzname), time.daylight in (0, 1))
print(time.get_clock_info("monotonic").monotonic, time.CLOCK_MONOTONIC)
for bad in [("x",), ((1,2,3),), ((2000, 13, 1, 0, 0, 0, 0, 1, 0),)]:
    try:
        time.strftime("%Y", *bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    time.gmtime(float('nan'))
except ValueError as e: print(e)
print(time.struct_time((2000, 1, 1, 0, 0, 0, 5, 1, 0)))
