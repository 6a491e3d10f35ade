import math
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.gcd(0, 0), math.gcd(2 ** 100, 6 ** 50))
print(math.gcd(), math.gcd(7), math.gcd(12, 18, 27))
print(math.lcm(4, 6), math.lcm(3, 5, 7))
print(math.factorial(20), math.factorial(0))
print(math.isqrt(10 ** 20 + 1), math.comb(10, 3), math.perm(5, 2))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.floor(3), type(math.floor(2.5)).__name__)
print(math.sqrt(16), math.pow(2, 10), math.fabs(-3), math.copysign(3, -0.0))
print(math.isclose(0.1 + 0.2, 0.3), math.isinf(float('inf')), math.isnan(float('nan')), math.isfinite(1.0))
print(math.pi, math.e, math.tau, math.inf)
print(math.log(math.e), math.log(8, 2), math.log10(1000), math.log2(1024))
print(math.fsum([0.1] * 10), sum([0.1] * 10))
try:
    math.sqrt(-1)
except ValueError as e:
    print(e)
try:
    math.factorial(-1)
except ValueError as e:
    print(e)
try:
    math.gcd(1.5, 2)
except TypeError as e:
    print(e)
print(math.prod([1, 2, 3, 4]), math.prod([]))
print(math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
