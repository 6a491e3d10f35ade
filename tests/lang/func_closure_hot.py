def make_acc():
    total = 0
    def add(v):
        nonlocal total
        total += v
        return total
    return add
acc = make_acc()
for i in range(100000):
    acc(i)
print(acc(0))
adders = [(lambda k: lambda x: x + k)(k) for k in range(10)]
s = 0
for i in range(50000):
    s = adders[i % 10](s) % 1000003
print(s)
def outer():
    a = 0
    def mid():
        def inner():
            nonlocal a
            a += 1
        for _ in range(1000):
            inner()
    for _ in range(30):
        mid()
    return a
print(outer())
counter = 0
for i in range(30000):
    f = lambda: i * 2
    counter += f()
print(counter)
