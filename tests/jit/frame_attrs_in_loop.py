# A frame object's attributes read from a hot loop running in that frame:
# the line and the locals are the current ones (compiled code keeps them
# in registers and its frames' ip and slots stale; reading one stops the
# recording, so the interpreter answers).
import sys


def lines(n):
    f = sys._getframe()
    seen = set()
    for i in range(n):
        a = f.f_lineno
        b = f.f_lineno
        seen.add((a, b))
    return sorted(seen)


def local_values(n):
    f = sys._getframe()
    total = 0
    snaps = []
    for i in range(n):
        total += i
        if i % 700 == 0:
            loc = f.f_locals
            snaps.append((loc['i'], loc['total']))
    return snaps


def gen(n):
    for i in range(n):
        f = sys._getframe()
        yield f.f_lineno
        yield f.f_lineno


def generator_lines(n):
    return sorted(set(tuple(gen(3)) for _ in range(n)))


def outer_line(n):
    # the caller's line, read by a callee through f_back
    seen = set()
    for i in range(n):
        seen.add(callee_reads_caller())
    return sorted(seen)


def callee_reads_caller():
    return sys._getframe(1).f_lineno


print(lines(3000))
print(local_values(3000))
print(generator_lines(400))
print(outer_line(3000))
