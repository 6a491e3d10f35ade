# The cmath module beyond its test data (tests/lib/cmath_testcases.py):
# constants, argument conversion, log with a base, polar/rect, isclose,
# special values, and the errors with CPython's messages.
import cmath
import math

print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
print(type(cmath.infj).__name__, cmath.pi == math.pi)
for fn in ['sqrt', 'exp', 'log', 'log10', 'acos', 'asin', 'atan', 'cos', 'sin', 'tan',
           'acosh', 'asinh', 'atanh', 'cosh', 'sinh', 'tanh']:
    f = getattr(cmath, fn)
    row = []
    for z in [0.5, -2, 1j, 1 + 1j, -0.5 - 3j, complex(-0.0, 0.0), 2.5 + 0j, True]:
        try:
            row.append(repr(f(z)))
        except (ValueError, OverflowError) as e:
            row.append(type(e).__name__ + ': ' + str(e))
    print(fn, ', '.join(row))
print(cmath.log(8, 2), cmath.log(1j, 1j), cmath.log(100, 10), cmath.log(-1, 2 + 1j))
print(cmath.phase(-1), cmath.phase(complex(-1.0, -0.0)), cmath.phase(1j), cmath.phase(-0.0))
print(cmath.polar(1j), cmath.polar(-3 - 4j), cmath.rect(2, math.pi / 2), cmath.rect(1, 0), cmath.rect(-1, -0.0))
print(cmath.isfinite(1 + 1j), cmath.isfinite(complex(math.inf, 0)), cmath.isinf(complex(0, -math.inf)),
      cmath.isnan(complex(1, math.nan)), cmath.isnan(1j))
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 1.1j), cmath.isclose(1j, 1.1j, rel_tol=0.2),
      cmath.isclose(0j, 1e-10j, abs_tol=1e-9), cmath.isclose(complex(math.inf, 0), complex(math.inf, 0)),
      cmath.isclose(1e308 + 1e308j, -1e308 - 1e308j))


class C:
    def __complex__(self):
        return 3 + 4j


class F:
    def __float__(self):
        return 0.25


class I:
    def __index__(self):
        return 4


print(cmath.sqrt(C()), cmath.sqrt(F()), cmath.sqrt(I()), cmath.exp(C()))
for call in [lambda: cmath.log(0), lambda: cmath.log(0j, 2), lambda: cmath.log(2, 1), lambda: cmath.atanh(1),
             lambda: cmath.atanh(-1), lambda: cmath.exp(1000), lambda: cmath.cosh(1000 + 1j), lambda: cmath.sinh(complex(-1000, 1)),
             lambda: cmath.exp(complex(1, math.inf)), lambda: cmath.cos(complex(math.inf, 1)), lambda: cmath.polar(complex(1e308, 1e308)),
             lambda: cmath.rect(1, math.inf), lambda: cmath.sqrt('a'), lambda: cmath.sqrt(), lambda: cmath.sqrt(1, 2),
             lambda: cmath.log(1, 2, 3), lambda: cmath.isclose(1, 2, rel_tol=-1), lambda: cmath.isclose(1),
             lambda: cmath.isclose(1, 2, tol=3), lambda: cmath.phase([]), lambda: cmath.rect(1j, 1)]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
print(cmath.exp(complex(-math.inf, math.inf)), cmath.sqrt(complex(-math.inf, math.nan)), cmath.log(complex(math.nan, math.inf)),
      cmath.tanh(complex(math.inf, 5)), cmath.atan(complex(0, math.inf)), cmath.rect(math.inf, 1), cmath.rect(math.nan, 0))
# a hot loop through cmath, the argument type changing half-way
acc = 0j
for i in range(3000):
    x = i / 100 if i < 1500 else complex(i / 100, -1)
    acc += cmath.sqrt(x) * cmath.exp(-x / 10) + cmath.phase(x + 1j)
print(acc)
for c in ['cmath.log()', 'cmath.log(1,2,3)', 'cmath.rect(1)', 'cmath.rect(1,2,3)', 'cmath.phase()', 'cmath.isclose()',
          'cmath.isclose(1,2,3)', 'cmath.isnan()', 'cmath.polar(1, 2)']:
    try:
        eval(c)
    except TypeError as e:
        print(c, e)
print(cmath.isclose(a=1, b=1 + 1e-12j), cmath.isclose(1, b=2))
