# tpy-test: no-regen modes=default
# `t is not None` on a float the trace holds unboxed (a method that
# returns a float or None, inlined) is answered by the optimizer
# (opt_virtualize.c box_differs_from): the loop body boxes nothing and
# compares nothing with None. Before, it was box_float + ptr_ne(None) +
# guard_true. Read through the compile hook; tests/jit/oo_is_none_unboxed.py
# checks the values when None and other objects come back.
from helper_loop_bodies import collect_loop_bodies


def describe(op):
    r = repr(op)
    if op.name in ('ptr_eq', 'ptr_ne') and 'ConstPtr' in r:
        return 'ptr_eq(const)'
    if 'ConstClass(box_float)' in r:
        return 'box_float'
    return op.name


bodies = collect_loop_bodies(describe)


class Sphere:
    def __init__(self, r):
        self.r = r

    def hit(self, x):
        d = self.r * self.r - x * x
        if d < 0.0:
            return None
        return d


def scan(s, n):
    total = 0.0
    for i in range(n):
        t = s.hit(0.5)
        if t is not None and t > 0.1:
            total += t
    return total


print(scan(Sphere(2.0), 3000))
bodies.report('scan', {'box_float', 'ptr_eq(const)'})
