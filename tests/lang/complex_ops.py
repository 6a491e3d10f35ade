# Arithmetic mixing int/float/bool, constructor forms and strings, hashing,
# equality, and the errors with their CPython messages.
z = 1 + 2j
print(z, z.real, z.imag, abs(3 + 4j), 1j, 2.5J, 1e3j, -1j, -(0j), complex(-0.0, -1))
print(complex(1, 2) * complex(1, 2), (1+2j)/(3-4j), (1+2j)**2, (1+2j)**0.5, 2**(1j), (-1)**0.5)
print(complex('1+2j'), complex(' ( -1.5e3-j ) '), complex('j'), complex('nanj'), complex('-inf+infj'), complex('1_0+2_0j'))
for s in ['1 + 2j', '1+-2j', '', '()', 'jj', '1j+2', '1__0', '(1+2j', ' 1e5 ']:
    try: print(repr(s), complex(s))
    except ValueError as e: print(repr(s), e)
print(hash(1+0j) == hash(1), hash(2.5+0j) == hash(2.5), hash(1+2j), hash(-1j), hash(complex(1e300, -3.5)))
print(1+0j == 1, 1j == 1, 2**70+0j == 2**70, 2**53+1 == complex(2**53+1), 1.5+0j == 1.5)
print(complex(1, float('nan')), complex(float('inf'), float('-inf')), complex(-0.0, 0.0), complex(0.0, -0.0))
print(format(1+2j, '.2f'), '{:>20}'.format(1+2j), '{:*^20.3e}'.format(-1.5-2j), format(1j, ''), format(3j, '.3'), format(1+1j, '.3'), format(1.5+2j, 'g'), f'{1e20+1j}')
for spec in ['=10', '010', 'd', '%']:
    try: print(format(1+2j, spec))
    except ValueError as e: print(e)
try: 1j < 2
except TypeError as e: print(e)
for f in [lambda: 1j // 2, lambda: 1j % 2, lambda: divmod(1j, 2), lambda: int(1j), lambda: float(1j), lambda: 1j/0, lambda: 0j**-1, lambda: pow(1j, 2, 3), lambda: (1e200+1e200j)**2, lambda: abs(complex(1e308, 1e308)), lambda: 2**10000 + 1j, lambda: complex('x', 2), lambda: complex(1, 'x'), lambda: complex([]), lambda: complex(1, [])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print((1+2j).conjugate(), (1+2j).__getnewargs__(), bool(0j), bool(1e-300j), complex(1j, 1j), complex(1+2j, 3+4j), complex(real=3, imag=4))
class C(complex): pass
c = C(1, 2); print(type(c).__name__, c, c + 1, type(c + 1).__name__, isinstance(c, complex))
class F:
    def __float__(self): return 2.5
class X:
    def __complex__(self): return 3j
class I:
    def __index__(self): return 7
print(complex(F()), complex(X()), complex(I()), complex(F(), F()))
print((1+2j)**3, (1+2j)**-2, (2+0j)**100, 1j**1j, 0j**0, 0j**2)
print(True + 1j, 1j * False, (1+2j) - True, True / (1+1j), 1j ** True, 2**1000 == complex(2**1000), 2**1000 + 1 == complex(2**1000))
print(1j == 2**10000, 1j != 'a', (1+2j) == (1+2j), -(1+2j), +(1-0j), abs(-0j), abs(complex(float('inf'), float('nan'))))
for f in [lambda: (1j).real.__class__.__name__, lambda: 1j >= 1j, lambda: complex(1j, 'a'), lambda: sorted([1j, 2j])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
