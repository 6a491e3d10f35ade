def squares(n):
    for i in range(n):
        yield i * i

total = 0
for v in squares(100000):
    total += v
print(total)

def evens():
    i = 0
    while True:
        yield i
        i += 2

g = evens()
s = 0
for _ in range(100000):
    s += next(g)
print(s)

print(sum(x & 7 for x in range(100000)))

count = 0
for i in range(20000):
    def one():
        yield i
    for v in one():
        count += v
print(count)

def sender():
    acc = 0
    while True:
        acc += yield acc
g = sender()
next(g)
for i in range(100000):
    r = g.send(i)
print(r)
