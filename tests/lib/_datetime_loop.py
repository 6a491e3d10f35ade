# _datetime: hot loops of datetime arithmetic, comparisons and attribute
# reads (what the JIT traces through), checked against plain-int sums.
from datetime import date, datetime, time, timedelta, timezone

step = timedelta(hours=7, minutes=3, seconds=11, microseconds=13)
d = datetime(2000, 1, 1)
total = timedelta()
acc = 0
for i in range(3000):
    d = d + step
    total += step
    acc += d.hour * 3600 + d.minute * 60 + d.second + d.microsecond
    if d.weekday() == 6:
        acc -= d.day
print(d, total, acc, total == step * 3000, d - datetime(2000, 1, 1) == total)

tz = timezone(timedelta(hours=2))
a = datetime(2020, 1, 1, tzinfo=tz)
n = 0
for i in range(2000):
    b = a + timedelta(minutes=i)
    if b > a and b.utcoffset() == timedelta(hours=2):
        n += 1
    n += b.toordinal() - a.toordinal()
print(n, b, b.isoformat(), str(b.astimezone(timezone.utc)))

days = [date(2001, 1, 1) + timedelta(days=k * 37) for k in range(500)]
print(sum(x.isocalendar()[1] for x in days), max(days), min(days), len(set(days)))
s = 0
for k in range(1000):
    t = time(k % 24, k % 60, (k * 7) % 60, k)
    s += t.hour + t.minute + t.second + (t.microsecond % 7)
    s += (timedelta(microseconds=k) // timedelta(microseconds=3))
print(s, sorted(days)[:3], hash(step) == hash(timedelta(0, 25391, 13)))
