def f(**kw):
    kw['added'] = 1
    return kw
d = {'a': 1}
r = f(**d)
print(r, d, r is d)
def g(*args):
    return args
t = (1, 2)
print(g(*t) is t, type(g()).__name__, g())
def order(**kw):
    return list(kw)
print(order(z=1, a=2, m=3), order(**{'b': 1, 'a': 2}, c=3))
def defaults(a, b=[], *, c={}):
    return id(b) == id(defaults.__defaults__[0]), c is defaults.__kwdefaults__['c']
print(defaults(1))
def pos_kw_same(a, **kw):
    return a, kw
print(pos_kw_same(1, b=2), pos_kw_same(a=1, b=2))
try:
    f(**{1: 2})
except TypeError as e:
    print(e)
def self_arg(self, **kw):
    return self, kw
print(self_arg(1, self_=2))
print(dict(a=1, **{'b': 2}), dict({'x': 1}, y=2))
