# tpy-test: no-regen modes=default,eager
# The text of a descr may name several descrs: <ArrayP 8> is every array of
# Values, whatever its base offset (a frame's locals, a tuple's items). An
# optimize hook that returns a trace's operations unchanged, as text, used
# to get whichever descr of that text the parser saw last: a function trace
# read its argument at a tuple's item offset in the frame (garbage values,
# SIGSEGV). Unchanged lines keep their own descr; a changed line using such
# a text is rejected and the original trace compiled. Found by
# tools/fuzz.py --target hooks.
import pypyjit, sys

errors = []
sys.unraisablehook = lambda u: errors.append(str(u.exc_value))

def as_text(jd, kind, key, ops):
    return [repr(op) for op in ops]
pypyjit.set_optimize_hook(as_text)

def pair(x):
    t = (x, x * 2, -x)          # escapes into max(): a real tuple
    return max(t) + x

def f(n):
    # pair is called from C, so it gets its own function trace, which reads
    # its argument from the frame's locals and builds a tuple
    s = 0
    for i in range(n):
        s += pypyjit.residual_call(pair, i)
    return s
print(f(5000), f(3000), pair(7))

def no_dmp(jd, kind, key, ops):
    return [repr(op) for op in ops if op.name != 'debug_merge_point']
pypyjit.set_optimize_hook(no_dmp)
def g(n):
    s = 0
    for i in range(n):
        t = (i, i + 1)
        s += t[1] - t[0] + pypyjit.residual_call(pair, i % 5)
    return s
print(g(4000))

# a changed line with an ambiguous descr is rejected (the trace is kept)
def renamed(jd, kind, key, ops):
    out = []
    for op in ops:
        line = repr(op)
        if 'descr=<ArrayP 8>' in line:
            line = line.replace(', ', ',  ', 1)    # the same operation, as other text
        out.append(line)
    return out
pypyjit.set_optimize_hook(renamed)
def h1(i):
    return max((i, 3)) * i
def h(n):
    s = 0
    for i in range(n):
        s += pypyjit.residual_call(h1, i)
    return s
print(h(4000))
pypyjit.set_optimize_hook(None)
print(any('names several descrs of this trace' in e for e in errors), len(errors) > 0)
