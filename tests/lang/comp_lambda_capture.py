fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
gs = [(lambda: i) for i in range(3)]
print([g() for g in gs])
hs = {k: (lambda k=k: k * 2) for k in 'ab'}
print({k: f() for k, f in hs.items()})
def outer():
    base = 100
    return [lambda v=v: v + base for v in range(3)]
print([f() for f in outer()])
mats = [[(lambda r=r, c=c: r * 10 + c) for c in range(2)] for r in range(2)]
print([[f() for f in row] for row in mats])
nested = [[y for y in range(x)] for x in range(4) if x % 2]
print(nested)
