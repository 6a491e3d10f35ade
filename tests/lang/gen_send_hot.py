def averager():
    total = 0.0
    count = 0
    avg = None
    while True:
        term = yield avg
        total += term
        count += 1
        avg = total / count
a = averager()
next(a)
for i in range(1, 50001):
    r = a.send(i)
print(r)
def relay():
    while True:
        x = yield
        yield x * 2
r = relay()
tot = 0
for i in range(30000):
    next(r)
    tot += r.send(i)
print(tot)
def counting():
    n = 0
    while True:
        try:
            yield n
        except ValueError:
            n += 100
        n += 1
c = counting()
next(c)
for i in range(5000):
    if i % 1000 == 0:
        c.throw(ValueError)
    v = next(c)
print(v)
