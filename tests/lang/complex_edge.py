# Edge cases of complex: %-formatting, conversions refused, power rules (0j ** x,
# small integer exponents, overflow), Unicode in strings, subclasses, hashing.
import math
tests = [lambda: '%s %r' % (1j, 2j), lambda: '%f' % 1j, lambda: round(1j), lambda: math.sqrt(1j), lambda: sum([1j, 2j, 3]),
         lambda: (1j).__eq__(1), lambda: complex.__add__(1j, 'a'), lambda: 1j == '1j', lambda: 2 ** 1j,
         lambda: (1+1j) ** (2**200), lambda: (1+1j) ** 100, lambda: (1+1j) ** 101, lambda: (1.1+1j) ** -100, lambda: (1+1j) ** 2.0,
         lambda: str(complex), lambda: f'{1j!r:>10}|{2+3j:<12}|{-1j:^9.1f}',
         lambda: divmod(1j, 1j), lambda: 1j // 1j, lambda: 5 % 1j, lambda: complex('-0'), lambda: complex('\u2003 1+1j \u3000'),
         lambda: complex('１+２j'), lambda: complex('1e500j'), lambda: complex('-1e500-1e500j'), lambda: complex('infinityj'),
         lambda: complex('+inFj'), lambda: complex('1.j'), lambda: complex('.5j'), lambda: complex('.j'), lambda: complex('1e'),
         lambda: complex('1e+j'), lambda: complex('(1)'), lambda: complex('(j)'), lambda: complex(')1('), lambda: complex('1\x00'),
         lambda: complex(b'1'), lambda: complex(None), lambda: complex(1, None), lambda: complex(1, 2, 3), lambda: complex(real=1, foo=2),
         lambda: complex(imag=2), lambda: complex(), lambda: complex(2**2000), lambda: complex(1, 2**2000),
         lambda: [x for x in (1j, 2)], lambda: 1j.__class__.__name__, lambda: (3+4j).__abs__(), lambda: abs(1e308+1e308j),
         lambda: hash(-1+0j), lambda: hash(complex(2**61, 2**61)), lambda: hash(complex(-1e-300, 1e300)), lambda: {1: 'a', 1+0j: 'b', 1.0: 'c'},
         lambda: 1j.conjugate.__name__, lambda: (1.5).conjugate(), lambda: (2).conjugate(), lambda: True.imag,
         lambda: complex.__complex__(1j), lambda: 0j ** 0j, lambda: 0j ** 1j, lambda: 0j ** -0.5, lambda: 0 ** -1j, lambda: 1j ** -1,
         lambda: (1+1j) ** (1 + 2**-60j), lambda: pow(1j, 2), lambda: pow(2, 3, 1j), lambda: pow(1j, 'a', 3),
         lambda: (1e300+1e300j) * (1e300+1e300j), lambda: (1e-320+0j) / (1e-320+1e-320j), lambda: 1j / complex(0, float('nan')),
         lambda: complex(float('nan'), 0) / 0, lambda: 3 / (1+0j), lambda: -(1j), lambda: --1j, lambda: +(-0j)]
for t in tests:
    try: print(repr(t()))
    except Exception as e: print(type(e).__name__, e)
class C(complex):
    def __repr__(self): return 'C!'
c = C('1+1j')
print(c, str(c), format(c, ''), format(c, '.1f'), c.real, c == 1+1j, hash(c) == hash(1+1j), type(-c).__name__, type(c.conjugate()).__name__, type(complex(c)).__name__)
class D(complex):
    def __new__(cls, x): return super().__new__(cls, x, 1)
d = D(3); print(d, type(d).__name__, d.__getnewargs__())
class E:
    def __complex__(self): return 1
try: complex(E())
except TypeError as e: print(e)
try: (1j).imag = 3
except AttributeError as e: print(e)
