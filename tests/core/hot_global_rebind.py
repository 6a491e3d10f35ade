# A global function and a global constant rebound inside a hot loop.
def f(x):
    return x + 1

def g(x):
    return x * 2

SCALE = 1
result = 0
for i in range(30000):
    if i == 10000:
        f = g
    if i == 20000:
        SCALE = 3
    result = (result + f(i) * SCALE) % 1000000007
print(result)

def use_global():
    return LIMIT * 2

LIMIT = 5
s = 0
for i in range(20000):
    if i == 12345:
        LIMIT = 'x'
    v = use_global()
    if isinstance(v, int):
        s += v
    else:
        s += len(v)
print(s, LIMIT)
