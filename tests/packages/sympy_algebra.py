# SymPy with mpmath (Debian's python3-sympy) simplifies, factors,
# expands, integrates, differentiates, solves, takes limits and series.
from sympy import symbols, simplify, factor, integrate, sin, cos, exp, expand, diff, Rational, sqrt, solve, limit, oo, series, pi
x, y = symbols('x y')
print(simplify(sin(x)**2 + cos(x)**2))
print(factor(x**3 - x**2 + x - 1))
print(expand((x + y)**3))
print(integrate(x**2 * exp(x), x))
print(integrate(sin(x), (x, 0, pi)))
print(diff(sin(x) * exp(x), x))
print(solve(x**2 - 2, x))
print(limit(sin(x) / x, x, 0))
print(series(exp(x), x, 0, 5))
print(Rational(3, 4) + Rational(1, 6), sqrt(8))
