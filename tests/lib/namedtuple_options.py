from collections import namedtuple

P3 = namedtuple('P3', ['a', 'b', 'c'], defaults=[10, 20])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3(c=5, a=0), P3._field_defaults, P3.__new__.__defaults__)
D = namedtuple('D', 'x y', defaults=(None, None))
print(D(), D(1))
R = namedtuple('R', ['a', 'def', 'a', '_x', '2y', 'ok'], rename=True)
print(R._fields, R(1, 2, 3, 4, 5, 6))
S = namedtuple('S', 'a b', module='shapes')
print(S, S.__module__, S(1, 2))
T = namedtuple('T', 'x')
print(T.__module__, repr(T))
bad = [
    lambda: namedtuple('P', 'a a'),
    lambda: namedtuple('P', 'a _b'),
    lambda: namedtuple('P', 'a def'),
    lambda: namedtuple('class', 'a'),
    lambda: namedtuple('1P', 'a'),
    lambda: namedtuple('P', 'a-b'),
    lambda: namedtuple('P', ['a', 3.5]),
    lambda: namedtuple('P', 'a b', defaults=(1, 2, 3)),
    lambda: P3(),
    lambda: P3(1, 2, 3, 4),
    lambda: P3(1, d=4),
    lambda: P3._make([1]),
    lambda: P3._make([1, 2, 3, 4]),
    lambda: P3(1)._replace(z=1, w=2),
]
for b in bad:
    try:
        print(b())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
