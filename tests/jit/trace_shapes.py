# tpy-test: no-regen modes=default
# The shapes of compiled loops, read through the compile hook: the body of
# a peeled loop (after its second label) of a float loop holds no
# allocation and no type guard; a loop over range allocates nothing; a
# tuple built and unpacked in each iteration is never allocated; a loop
# calling a small function inlines it (no call left); an instance created
# and read in each iteration is never allocated, its __init__ inlined; a
# generator consumed by a for loop runs inline (no call to resume it).
import re

from helper_loop_bodies import collect_loop_bodies

# tpy's boxing is written in PyPy's vocabulary, as a pure call of a helper
# named after it (docs/pypyjit.md): p5 = call_pure_r(ConstClass(box_int), i3, ...)
# (its type guards are guard_class with ConstClass(small_int) or any_float)
ALLOC = {'new', 'new_with_vtable', 'new_array', 'new_array_clear', 'box_int', 'box_float'}
TYPE_GUARDS = {'guard_class', 'guard_nonnull_class'}

def kind(op):
    m = re.match(r'p\d+ = call_pure_r\(ConstClass\((box_int|box_float)\)', repr(op))
    return m.group(1) if m else op.name

bodies = collect_loop_bodies(kind)

def ints(n):
    s = 0
    for i in range(n):
        s += i * 3
    return s

def floats(n):
    x = 0.0
    y = 1.0
    for i in range(n):
        x = x * 0.5 + y
        y = y * 0.999 + 0.001
    return x, y

def tuples(n):
    s = 0
    for i in range(n):
        t = (i, i + 1)
        a, b = t
        s += a * b
    return s

def helper(a, b):
    return a * 2 + b

def calls(n):
    s = 0
    for i in range(n):
        s += helper(i, 1)
    return s

class Pt:
    def __init__(self, x, y):
        self.x = x
        self.y = y

def objects(n):
    s = 0
    for i in range(n):
        p = Pt(i, 2)
        s += p.x * p.y
    return s

def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1

def consume(n):
    s = 0
    for x in numbers(n):
        s += x
    return s

print(ints(10000), floats(10000), tuples(10000), calls(10000), objects(10000), consume(10000))

bodies.report('ints', ALLOC | TYPE_GUARDS)
bodies.report('floats', ALLOC | TYPE_GUARDS)
bodies.report('tuples', ALLOC | TYPE_GUARDS)
bodies.report('calls', ALLOC | TYPE_GUARDS | {'call_r', 'call_i', 'call_n', 'call_assembler_r'})
bodies.report('objects', ALLOC | TYPE_GUARDS | {'call_r', 'call_i', 'call_n', 'call_assembler_r'})
bodies.report('consume', {'call_r', 'call_assembler_r'})
