# Functions whose hot loops end by returning from inside the loop (the
# JIT compiles those exits as bridges that return): results of every type,
# returns at varying iterations, from while and for loops, from loops in
# __init__ (the instance is the result) and from nested calls.
def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1

def first_big(n, limit):
    i = 0
    while True:
        i += 1
        if i * i > limit:
            return i, float(i), str(i)
        if i > n:
            return None

class Acc:
    def __init__(self, n):
        self.total = 0
        for i in range(n):
            self.total += i
            if self.total > 1000:
                return

def outer(k):
    return find(list(range(k % 50)), k % 37) + 1

xs = list(range(100))
t = 0
res = []
for k in range(3000):
    t += find(xs, k % 120)
    r = first_big(k % 40, (k % 500) + 1)
    if k % 500 == 0:
        res.append(r)
    t += Acc(k % 60).total
    t += outer(k)
print(t)
print(res)
