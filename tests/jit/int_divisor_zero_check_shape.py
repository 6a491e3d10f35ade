# tpy-test: no-regen modes=default
# x / float(i), or 1.0 / i with i an int: the division checks its divisor
# against zero, and for a divisor converted from an int that check is an
# integer compare with 0 (opt_rewrite.c: float(i) == 0.0 exactly when
# i == 0), not a float compare (xorpd, ucomisd, a parity jump). The
# division still raises ZeroDivisionError when the int is 0, from the
# compiled loop's guard.
from helper_loop_bodies import collect_loop_bodies

bodies = collect_loop_bodies()


def harmonic(n, shift):
    s = 0.0
    for i in range(n):
        s += 1.0 / (i + shift)
    return s


def elems(n):
    s = 0.0
    for j in range(n):
        ij = 3 + j
        s += 1.0 / (ij * (ij + 1) // 2 + 1)
    return s


print('%.9f' % harmonic(100000, 1))
print('%.9f' % elems(100000))
for name in ('harmonic', 'elems'):
    loops = bodies.get(name, [])
    print(name, 'compiled:', bool(loops))
    if loops:
        nlabels, body = loops[0]
        print('  float_eq/float_ne in body:', body.count('float_eq') + body.count('float_ne'),
              'int_eq:', body.count('int_eq') >= 1, 'float_truediv:', body.count('float_truediv'))
try:
    harmonic(100000, -50000)
except ZeroDivisionError as e:
    print('ZeroDivisionError:', e)
