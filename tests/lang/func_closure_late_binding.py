fs = []
for i in range(4):
    fs.append(lambda: i)
print([f() for f in fs])

fs = [lambda: j for j in range(4)]
print([f() for f in fs])

fs = [lambda j=j: j for j in range(4)]
print([f() for f in fs])

def make():
    out = []
    for k in range(3):
        def g():
            return k * 10
        out.append(g)
    k = 99
    return out
print([g() for g in make()])

def outer():
    x = 1
    def inner():
        return x
    x = 2
    return inner
print(outer()())
