# Operations on constants are computed by the compiler, as CPython's AST
# optimizer does: the results are constants of the code object (distinct
# by type and sign), within CPython's size limits; what would raise is left
# to run time. Long displays and calls build their containers item by item.
import math

def consts(f):
    return [c for c in f.__code__.co_consts if c is not None]

f1, f2 = lambda: +0.0, lambda: -0.0
print(consts(f1), consts(f2), repr(f1()), repr(f2()), f1.__code__ == f2.__code__)
g1, g2 = lambda: 0, lambda: 0.0
print(consts(g1), consts(g2), g1.__code__ == g2.__code__)
h1, h2 = lambda: +0.0j, lambda: -0.0j
print(consts(h1), consts(h2), repr(h2()))
print(consts(lambda: (1, -2, 3.5)), consts(lambda: 2 ** 8), consts(lambda: "ab" * 3))
print(consts(lambda: "abc"[1]), consts(lambda: not 1), consts(lambda: ~5), consts(lambda: (1, (2, -3))))
m1, m2 = lambda x: x in {0}, lambda x: x in {0.0}
print(consts(m1), consts(m2), m1(0), m2(0.0), m1(1))
print(consts(lambda x: x not in [1, 2]), (lambda x: x not in [1, 2])(3))
# too big to fold: left to run time (the code object stays small)
print(len(consts(lambda: 2 ** 1000)), (lambda: 2 ** 1000)() == 2 ** 1000)
print(len(consts(lambda: "x" * 5000)), len((lambda: "x" * 5000)()))
print(len(consts(lambda: (1,) * 300)), len((lambda: (1,) * 300)()))
print(consts(lambda: 1 << 200) != [1 << 200], (lambda: 1 << 200)() == 2 ** 200)
print(consts(lambda: "%s" % 3), (lambda: "%s" % 3)())
# errors happen when the code runs, with the usual traceback
def divide():
    return 1 / 0
try:
    divide()
except ZeroDivisionError as e:
    print("ZeroDivisionError", e, e.__traceback__.tb_next.tb_lineno - divide.__code__.co_firstlineno)
try:
    (lambda: (1, 2)[5])()
except IndexError as e:
    print("IndexError", e)
try:
    (lambda: "a" + 1)()
except TypeError as e:
    print("TypeError", e)
print(math.copysign(1.0, (lambda: -0.0)()), (lambda: -(2 ** 63))(), (lambda: 7 // -2 % 3)())

# long displays and calls: same values, a small stack
N = 100
src_list = "[" + ", ".join("x%d" % (i % 5) for i in range(N)) + "]"
ns = {"x%d" % i: i for i in range(5)}
for src in (src_list, "(" + src_list[1:-1] + ",)", "{" + src_list[1:-1] + "}",
            "{" + ", ".join("'k%d': x%d" % (i, i % 5) for i in range(N)) + "}",
            "{**{'a': 1}, " + ", ".join("'k%d': x%d" % (i, i % 5) for i in range(40)) + ", **{'b': 2}}"):
    code = compile(src, "<display>", "eval")
    v = eval(code, ns)
    # CPython builds a dict 17 items at a time: bounded, not log-small
    print(type(v).__name__, len(v), code.co_stacksize <= (40 if isinstance(v, dict) else 6))
def collect(*args, **kwargs):
    return len(args), sum(args), len(kwargs), sum(kwargs.values())
class O:
    m = staticmethod(collect)
ns.update(f=collect, o=O())
for call in ("f(%s)" % ", ".join("x%d" % (i % 5) for i in range(N)),
             "o.m(%s)" % ", ".join("x%d" % (i % 5) for i in range(N)),
             "f(%s)" % ", ".join("a%d=x%d" % (i, i % 5) for i in range(N)),
             "o.m(1, 2, %s)" % ", ".join("a%d=x%d" % (i, i % 5) for i in range(N)),
             "f(*[1, 2], %s, **{'z': 9})" % ", ".join("a%d=%d" % (i, i) for i in range(N))):
    code = compile(call, "<call>", "eval")
    print(eval(code, ns), code.co_stacksize <= 6)
try:
    eval("f(%s, a0=1, **{'a0': 2})" % ", ".join("a%d=%d" % (i, i) for i in range(1, 40)), ns)
except TypeError as e:
    print("TypeError", e)
# in a chain, a middle operand is also the next comparison's left: kept a list
print(5 in [5] in [[5]], 5 in [5] not in [[5]], (lambda x: x in [5] in [[5], 1])(5))
# `and`/`or` with constant operands: the same values as evaluating them
def boolops(x):
    return (True and x, False and x, True or x, False or x, x and True and 0 and x, 0 or "" or x,
            x or 1 or undefined_name, None and undefined_name.attr, False and (lambda: x)())
print(boolops(5), boolops(0), boolops(""))
try:
    (lambda: True and undefined_name)()
except NameError as e:
    print("NameError", e)
