def make_funcs():
    result = []
    for i in range(5):
        def bind(v):
            return lambda: v * v
        result.append(bind(i))
    return result
print([f() for f in make_funcs()])

def accumulate():
    total = []
    def add(x):
        total.append(x)
        return sum(total)
    return add
a = accumulate()
for n in range(1, 6):
    print(a(n), end=' ')
print()

cells = {}
for name in ['a', 'b', 'c']:
    cells[name] = (lambda n: lambda: n.upper())(name)
print(sorted((k, f()) for k, f in cells.items()))
