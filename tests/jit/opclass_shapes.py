# tpy-test: no-regen modes=default
# Operators on instances of user classes whose dunders are Python
# functions, read through the compile hook: the dunder is inlined
# (record.c, record_binop_dunder / record_unop_dunder), so in the body of
# each peeled loop (after its second label) there is no residual call
# (jh_binop or jh_unop would be call_r) and no allocation: the objects the
# dunders build and the loop consumes stay virtual. Covered: a + b and
# a * k on one class, k + a through the int's refusal to b.__radd__, a
# subclass's overriding __rsub__ called first, -a, and a += b falling back
# to __add__. tests/jit/opclass_dispatch checks the results against CPython.
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies()


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __radd__(self, k):
        return Vec(self.x + k, self.y + k)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __neg__(self):
        return Vec(-self.x, -self.y)


class Vec2(Vec):
    def __rsub__(self, o):
        return Vec(o.x - self.x * 2.0, o.y - self.y * 2.0)


def add_mul(n):
    acc = Vec(0.0, 0.0)
    step = Vec(0.5, 0.25)
    for i in range(n):
        acc = acc + step * 2.0
    return acc.x, acc.y


def reflected(n):
    s = 0.0
    v = Vec(1.0, 2.0)
    for i in range(n):
        s += (3 + v).y
    return s


def subclass_first(n):
    s = 0.0
    a = Vec(1.0, 1.0)
    b = Vec2(0.5, 0.25)
    for i in range(n):
        s += (a - b).x
    return s


def negate(n):
    s = 0.0
    v = Vec(1.5, 2.5)
    for i in range(n):
        s += (-v).y
    return s


def inplace(n):
    acc = Vec(0.0, 0.0)
    step = Vec(1.0, -1.0)
    for i in range(n):
        acc += step
    return acc.x, acc.y


print(add_mul(2000), reflected(2000), subclass_first(2000), negate(2000), inplace(2000))


bodies.report('add_mul', CALLS | ALLOC)
bodies.report('reflected', CALLS | ALLOC)
bodies.report('subclass_first', CALLS | ALLOC)
bodies.report('negate', CALLS | ALLOC)
# the accumulator escapes into the loop's next iteration as a real object
# only if the loop carries it boxed: here it stays virtual as well
bodies.report('inplace', CALLS | ALLOC)
