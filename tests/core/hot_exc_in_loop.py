# Exceptions raised and caught inside a hot loop, rarely and then often.
def risky(i):
    if i % 1000 == 999 or i > 15000:
        raise ValueError(i)
    return i

ok = 0
errors = 0
last = None
for i in range(20000):
    try:
        ok += risky(i)
    except ValueError as e:
        errors += 1
        last = e.args[0]
print(ok, errors, last)

d = {}
misses = 0
for i in range(30000):
    try:
        d[i % 500] += 1
    except KeyError:
        misses += 1
        d[i % 500] = 1
print(misses, d[0], d[499], len(d))

total = 0
for i in range(10000):
    try:
        total += 100 // (i % 50)
    except ZeroDivisionError:
        total -= 1
    finally:
        total += 1
print(total)
