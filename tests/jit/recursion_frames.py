# Recursion through compiled code (call_assembler: a compiled function
# calling a function with an entry trace, often itself) must look like the
# interpreter's: RecursionError at the same depth, full tracebacks through
# every compiled frame, sys._getframe(n) seeing the compiled callers, and
# a guard failing deep inside the recursion resuming in the right frame.
# Each function is made hot first so that its entry trace exists.
import sys
import traceback


def depth_of(n):
    return 0 if n == 0 else 1 + depth_of(n - 1)


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def tak(x, y, z):
    if y >= x:
        return z
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))


for i in range(400):
    depth_of(20)
    fib(8)
print("fib", fib(20), "tak", tak(18, 12, 6), "depth", depth_of(500))


# RecursionError at the same depth as the interpreter's: the deepest level
# reached before it is raised, counted in a global
reached = 0


def probe(n):
    global reached
    reached = n
    return probe(n + 1) + 1


for limit in (300, 1000):
    sys.setrecursionlimit(limit)
    for i in range(3):
        try:
            probe(0)
        except RecursionError as e:
            print("limit", limit, "reached", reached, type(e).__name__, e)
sys.setrecursionlimit(1000)


# an exception raised at the bottom of a compiled recursion: the traceback
# lists every level (function names and line numbers, as CPython's)
def fail_at(n, k, stop):
    if n == k:
        raise ValueError("bottom %d" % n)
    if n == stop:
        return 0
    return fail_at(n + 1, k, stop) + 1


for i in range(300):
    fail_at(0, -1, 30)   # hot, never raising
    try:
        fail_at(0, 5, 30)
    except ValueError:
        pass
try:
    fail_at(0, 40, 100)
except ValueError as e:
    tb = traceback.extract_tb(e.__traceback__)
    print("traceback entries", len(tb), "message", e)
    print([(f.name, f.lineno) for f in tb[:3]], [(f.name, f.lineno) for f in tb[-2:]])
    print("all fail_at below the first:", all(f.name == "fail_at" for f in tb[1:]))


# an exception caught half-way up a compiled recursion
def catch_at(n, k):
    if n == 0:
        raise KeyError(k)
    if n == k:
        try:
            return catch_at(n - 1, k)
        except KeyError as e:
            return 1000 * k + e.args[0]
    return catch_at(n - 1, k) + 1


print("caught", [catch_at(30, k) for k in (1, 10, 29, 30)])
for i in range(300):
    catch_at(20, 7)
print("caught hot", [catch_at(30, k) for k in (1, 10, 29, 30)])


# sys._getframe(n) from a deep compiled callee sees the compiled callers
def frames_at(n):
    if n == 0:
        names = []
        k = 0
        while True:
            try:
                fr = sys._getframe(k)
            except ValueError:
                break
            names.append((fr.f_code.co_name, fr.f_locals.get("n")))
            k += 1
        return names
    return frames_at(n - 1)


for i in range(300):
    frames_at(3)
fr = frames_at(12)
print("frames", len(fr), fr[:14])


def back_locals(n):
    if n == 0:
        f = sys._getframe(5)
        return f.f_code.co_name, f.f_locals["n"], f.f_lineno
    return back_locals(n - 1) + ()


for i in range(300):
    back_locals(6)
print("back", back_locals(9))


# a guard failing deep in the recursion (the type of the value changes at
# the bottom): the interpreter finishes every level from its own frame
def total(xs, i):
    if i == len(xs):
        return 0
    return xs[i] + total(xs, i + 1)


ints = list(range(60))
for i in range(300):
    total(ints, 0)
mixed = ints[:50] + [0.5] + ints[51:]
print("total", total(ints, 0), total(mixed, 0))
try:
    total(ints[:30] + ["x"] + ints[31:], 0)
except TypeError as e:
    print("TypeError", e, len(traceback.extract_tb(e.__traceback__)))


# mutual recursion between two compiled functions, and a generator made at
# the bottom of a compiled recursion
def ping(n):
    return n if n <= 0 else pong(n - 1) + 1


def pong(n):
    return n if n <= 0 else ping(n - 2) + 2


def gen_at(n):
    if n == 0:
        return sum(x * x for x in range(10))
    return gen_at(n - 1) + 1


for i in range(300):
    ping(30)
    gen_at(10)
print("mutual", ping(101), pong(100), "gen", gen_at(40))
