# Functions with short loops called from hot loops: the JIT unrolls their
# loops into the caller's trace. Loop lengths that change between calls,
# long loops, *args/**kwargs loops, early exits and nested calls must all
# give the interpreter's results.
def total(*args):
    s = 0
    for a in args:
        s += a
    return s

def count(**kw):
    s = 0
    for k in kw:
        s += kw[k]
    return s + len(kw)

def first_neg(xs):
    for i, x in enumerate(xs):
        if x < 0:
            return i
    return -1

def tri(n):
    s = 0
    for i in range(n):
        s += i
    return s

def nested(n):
    s = 0
    for i in range(n):
        for j in range(2):
            s += total(i, j)
    return s

acc = 0
for i in range(6000):
    acc += total(i, 1, 2, 3)
    acc += count(a=i, b=2)
    acc += first_neg([1, 2, -1, 3] if i % 3 else [5, -5])
    acc += tri(i % 5)            # loop length varies between calls
    if i % 1000 == 0:
        acc += tri(300)          # a long loop now and then
    acc &= 0xFFFFFFF
print(acc)
print(nested(3000))
print(sum(total(*range(k % 12)) for k in range(4000)))
