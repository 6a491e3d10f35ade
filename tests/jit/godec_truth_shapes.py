# tpy-test: no-regen modes=default
# `if x:` and `if not x:` on an instance whose class has a Python __bool__:
# the compiled loop inlines __bool__ and branches on the bool it returns,
# read through the compile hook: the body of the peeled loop has no
# residual call (jh_truth through call_i, which the generic path uses, nor
# any other) and no allocation. tests/jit/godec_truth_dunder checks the
# results when guards in the inlined __bool__ fail.
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies()


class Coeff:
    __slots__ = ('digits', 'special')

    def __init__(self, digits, special):
        self.digits = digits
        self.special = special

    def __bool__(self):
        return self.special or self.digits != 0


def truths(n):
    a = Coeff(5, False)
    z = Coeff(0, False)
    s = 0
    for i in range(n):
        if a:
            s += 1
        if not z:
            s += 2
    return s


print(truths(5000))
bodies.report('truths', CALLS | ALLOC)
