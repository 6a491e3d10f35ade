# array: hot loops (the JIT records indexing, stores and methods on arrays)
import array

def fill(n):
    a = array.array('d', [0.0]) * n
    for i in range(n):
        a[i] = i * 0.5
    return a

def total(a):
    s = 0
    for x in a:
        s += x
    return s

def idx_sum(a):
    s = 0
    for i in range(len(a)):
        s += a[i]
    return s

def build(n):
    a = array.array('i')
    for i in range(n):
        a.append(i * 3 - n)
    return a

def bump(a):
    for i in range(len(a)):
        a[i] += 1
    return a

def bytes_loop(n):
    a = array.array('B', bytes(n))
    for i in range(n):
        a[i] = i & 255
    return a

for rep in range(3):
    a = fill(3000)
    print(total(a), idx_sum(a))
    b = build(5000)
    print(total(b), idx_sum(b), len(b), b[0], b[-1])
    print(idx_sum(bump(b)))
    c = bytes_loop(4000)
    print(sum(c), c.tobytes()[:8])

def overflow_in_loop():
    a = array.array('b', [0])
    try:
        for i in range(1000):
            a[0] = i
    except OverflowError as e:
        return a[0], str(e)
print(overflow_in_loop())
