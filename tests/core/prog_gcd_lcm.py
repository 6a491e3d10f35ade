# GCD and LCM, iterative and recursive, with fractions.
import math

def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)

def gcd_rec(a, b):
    if b == 0:
        return abs(a)
    return gcd_rec(b, a % b)

def lcm(a, b):
    return abs(a * b) // gcd(a, b)

def ext_gcd(a, b):
    if b == 0:
        return a, 1, 0
    g, x, y = ext_gcd(b, a % b)
    return g, y, x - (a // b) * y

pairs = [(12, 18), (17, 5), (0, 9), (100, 75), (-24, 36), (2 ** 40, 6 ** 20), (1071, 462)]
for a, b in pairs:
    print(a, b, gcd(a, b), gcd_rec(a, b), math.gcd(a, b), lcm(a, b) if a and b else 0)
print(ext_gcd(240, 46), ext_gcd(99, 78))
total = 1
for i in range(1, 21):
    total = lcm(total, i)
print('lcm(1..20) =', total)

class Frac:
    def __init__(self, n, d):
        g = gcd(n, d)
        if d < 0:
            g = -g
        self.n = n // g
        self.d = d // g
    def __add__(self, o):
        return Frac(self.n * o.d + o.n * self.d, self.d * o.d)
    def __mul__(self, o):
        return Frac(self.n * o.n, self.d * o.d)
    def __repr__(self):
        return str(self.n) + '/' + str(self.d)

h = Frac(0, 1)
for k in range(1, 11):
    h = h + Frac(1, k)
print('H10 =', h)
print(Frac(6, -8), Frac(3, 4) * Frac(2, 3), Frac(1, 3) + Frac(1, 6))
