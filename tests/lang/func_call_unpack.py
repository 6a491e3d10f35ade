def f(a, b, c=0, *args, **kw):
    return (a, b, c, args, sorted(kw.items()))
t = (1, 2)
d = {'c': 3, 'x': 4}
print(f(*t))
print(f(*t, **d))
print(f(*[1, 2, 3, 4, 5]))
print(f(0, *t, *t, **{'y': 1}, z=2))
print(f(**{'a': 1, 'b': 2}))
print(f(*'ab'))
print(f(*range(3), **dict(q=9)))
try:
    f(*t, **{'a': 5})
except TypeError as e:
    print(e)
try:
    f(1, 2, **{'x': 1}, **{'x': 2})
except TypeError as e:
    print(e)
try:
    f(*5)
except TypeError as e:
    print(e)
try:
    f(1, 2, **[1])
except TypeError as e:
    print(e)
def g(**kw): return sorted(kw)
print(g(**{'b': 1}, a=2))
print(print(*[1, 2, 3], sep=', '))
