def f(a, b, c=1, *, d, e=2): pass
tests = [
    lambda: f(),
    lambda: f(1),
    lambda: f(1, 2),
    lambda: f(1, 2, 3, 4, d=1),
    lambda: f(1, 2, d=1, z=3),
    lambda: f(1, 2, a=1, d=1),
    lambda: f(1, 2, d=1, **{'e': 1, 'q': 2}),
]
for t in tests:
    try:
        t()
    except TypeError as e:
        print(e)
def g(): pass
try:
    g(1)
except TypeError as e:
    print(e)
def h(x): pass
try:
    h(1, 2)
except TypeError as e:
    print(e)
try:
    h(y=1)
except TypeError as e:
    print(e)
class C:
    def m(self, x): pass
try:
    C().m()
except TypeError as e:
    print(e)
try:
    C().m(1, 2)
except TypeError as e:
    print(e)
def k(*, a, b): pass
try:
    k()
except TypeError as e:
    print(e)
try:
    k(1)
except TypeError as e:
    print(e)
def many(a, b, c): pass
try:
    many()
except TypeError as e:
    print(e)
