# tpy-test: no-regen modes=default
# Operations of bench/chaos.py that compiled loops compute themselves, read
# through the compile hook: in the body of each peeled loop (after its
# second label) there is no residual call and no allocation for a
# `for j in range(a, b, -1)` (or another constant step) run inside an
# inlined function (the iterator is a virtual, its loop unrolled), nor for
# math.floor, math.ceil and math.trunc of a float, nor for a linear
# congruential step `(s * K + C) & M` whose product overflows 64 bits (big
# ints in Python, wrapping machine operations in the trace).
# tests/jit/range_step_floor and masked_int_chain check their results in
# the three modes.
import math
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies()

def down(k):
    s = 0
    for j in range(k, k - 4, -1):
        s += j
    return s

def down_by_two(k):
    s = 0
    for j in range(k + 6, k, -2):
        s += j
    return s

def up_by_three(k):
    s = 0
    for j in range(k, k + 7, 3):
        s += j
    return s

def ranges(n):
    s = 0
    for i in range(n):
        s += down(i) + down_by_two(i) + up_by_three(i)
    return s

def roundings(n):
    s = 0
    for i in range(n):
        x = i * 0.37 - 50.0
        s += math.floor(x) + math.ceil(x) + math.trunc(x)
    return s

class Rng:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 0x5DEECE66D + 11) & 0xFFFFFFFFFFFF
        return self.state >> 16

def lcg(n):
    r = Rng(42)
    s = 0
    for i in range(n):
        s ^= r.next()
    return s

print(ranges(3000), roundings(3000), lcg(3000))

bodies.report('ranges', CALLS | ALLOC)
bodies.report('roundings', CALLS | ALLOC)
# the state stored back into the instance is boxed: box_int, logged as
# call_pure_r, tags a small int inline (no allocation for 48 bits)
bodies.report('lcg', (CALLS - {'call_pure_r'}) | ALLOC)
