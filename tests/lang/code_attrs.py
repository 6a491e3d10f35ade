# code object attributes: co_code, co_lines(), co_positions(), tables
def f(a, b=2, *args, k=1, **kw):
    x = a + b
    try:
        y = x * 2
    except ZeroDivisionError:
        y = 0
    for i in range(3):
        y += i
    return y

def outer():
    c = 1
    def inner():
        return c
    return inner

def check(co, name):
    code = co.co_code
    print(name, type(code).__name__, len(code) % 2 == 0, len(code) > 0)
    print(" stacksize", type(co.co_stacksize).__name__, co.co_stacksize > 0)
    lines = list(co.co_lines())
    # the ranges cover [0, len(co_code)) in order, without gaps
    pos = 0
    ok = True
    for start, end, line in lines:
        if start != pos or end <= start:
            ok = False
        if line is not None and not isinstance(line, int):
            ok = False
        pos = end
    print(" co_lines covers", ok and pos == len(code))
    known = sorted({l for s, e, l in lines if l is not None})
    print(" lines within function", all(co.co_firstlineno <= l <= co.co_firstlineno + 20 for l in known))
    print(" some line is a body line", known[-1] > co.co_firstlineno)
    positions = list(co.co_positions())
    print(" positions", len(positions) == len(code) // 2,
          all(len(p) == 4 for p in positions),
          all(p[0] is None or isinstance(p[0], int) for p in positions))
    # co_positions' lines agree with co_lines
    byoff = {}
    for s, e, l in lines:
        for off in range(s, e, 2):
            byoff[off] = l
    print(" positions agree", all(byoff[2 * i] == p[0] for i, p in enumerate(positions)))
    for attr in ("co_linetable", "co_exceptiontable", "co_lnotab"):
        print(" ", attr, type(getattr(co, attr)).__name__)
    print(" lnotab even", len(co.co_lnotab) % 2 == 0)

check(f.__code__, "f")
check(outer.__code__, "outer")
check(outer().__code__, "inner")
co = f.__code__
print(co.co_varnames)
print(co._varname_from_oparg(0), co._varname_from_oparg(1))
oc = outer.__code__
print(oc.co_cellvars, oc._varname_from_oparg(oc.co_nlocals))
ic = outer().__code__
print(ic.co_freevars, ic._varname_from_oparg(ic.co_nlocals + len(ic.co_cellvars)))
print(f.__code__.co_exceptiontable != b"", (lambda: 1).__code__.co_exceptiontable)
print(sorted(a for a in dir(co) if a.startswith("co_")))

# hot: reading code attributes in a loop
total = 0
for i in range(3000):
    c = f.__code__
    total += len(c.co_code) // 2 - len(list(c.co_positions()))
    total += c.co_stacksize - f.__code__.co_stacksize
print("hot", total)
