class A:
    n = 3
    items = [i for i in range(n)]
    try:
        bad = [n for i in range(2)]
    except NameError as e:
        err = str(e)
    doubled = [i * 2 for i in items]
print(A.items, A.err, A.doubled)

class B:
    vals = [1, 2, 3]
    total = sum(v for v in vals)
    try:
        scaled = [v * factor for v in vals for factor in [vals[0]]]
    except NameError as e:
        scaled = str(e)
    factor = 10
    try:
        lam = [(lambda: factor)() for _ in range(1)]
    except NameError as e:
        lam = str(e)
print(B.total, B.scaled, B.lam)

class C:
    x = 5
    def method(self):
        return [x for _ in range(2)]
x = 'global x'
print(C().method())
