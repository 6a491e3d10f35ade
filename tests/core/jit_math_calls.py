# math functions called from hot loops: results bit-for-bit as the
# interpreter's, and the inputs where they raise (sqrt of a negative, exp
# overflow, log of zero, sin of infinity) or return NaN still behave, as
# does rebinding math.sqrt while a loop runs.
import math

def f(xs):
    s = 0.0
    for x in xs:
        s += math.sqrt(x) + math.sin(x) + math.cos(x) + math.atan(x) + math.fabs(-x)
        s += math.exp(x / 1000.0) + math.log(x + 1.0) + math.tan(x / 7.0)
    return s

xs = [i * 0.37 for i in range(3000)]
print(repr(f(xs)))
print(repr(f([3, 4, 5] * 700)))      # ints

def careful(vals):
    out = []
    for v in vals:
        for fn in (math.sqrt, math.exp, math.log, math.sin):
            try:
                out.append(repr(fn(v)))
            except (ValueError, OverflowError) as e:
                out.append(type(e).__name__ + ": " + str(e))
    return out

vals = [float(i) for i in range(2000)] + [-1.0, 0.0, 800.0, float('inf'), float('-inf'), float('nan'), -0.0]
res = careful(vals)
print(len(res), res[-28:])

def hyp(n):
    t = 0.0
    for i in range(n):
        t += math.sqrt(i * i + 1.0)
        if i == n // 2:
            math.sqrt = lambda x: -1.0
    return t
saved = math.sqrt
print(repr(hyp(4000)))
math.sqrt = saved
print(math.sqrt(16.0))
