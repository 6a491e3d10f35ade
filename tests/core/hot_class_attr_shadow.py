# A class attribute changes mid-loop, and later an instance attribute shadows it.
class Cfg:
    factor = 2

c = Cfg()
total = 0
for i in range(30000):
    if i == 10000:
        Cfg.factor = 3
    if i == 20000:
        c.factor = 5
    total += c.factor
print(total, Cfg.factor, c.factor)

class Counter:
    count = 0
    def inc(self):
        self.count += 1
a = Counter()
b = Counter()
for i in range(20000):
    if i == 10000:
        Counter.count = 1000
    if i % 2:
        a.inc()
    else:
        if i < 15000:
            Counter.count += 1
        else:
            b.inc()
print(a.count, b.count, Counter.count)
