# math.sqrt/log/exp/sin/cos/tan of a value outside the JIT's fast path (a nan,
# a negative square root, an infinite sine, a large exp) in hot loops: the
# recorder emitted the fast path's guard even when the value being recorded
# failed it, so every bridge from that guard failed at once and recorded
# another (thousands of bridges; minutes in the eager mode). Such a value
# is recorded as a plain call. Found by tools/fuzz.py (eager mode timeouts).
import math
def f(n):
    v = 3.0
    out = []
    for i in range(n):
        v *= (-7.75 - v)
        for j in range(22):
            v = v - ((v + v) - math.sqrt(abs(v)))
    out.append(v)
    w = 0.0
    errs = 0
    for i in range(n):
        x = 2.0 - i % 4          # 2, 1, 0, -1: sqrt of a negative raises
        try:
            w += math.sqrt(x) + math.log(x + 1.5)
        except ValueError:
            errs += 1
        w += math.sin(float('inf') if i % 7 == 3 else i) if i % 7 != 3 else 0.0
        w += math.exp(min(i, 800) * 1.0) if i < 700 else 0.0
    out.append((round(w, 3), errs))
    s = 0.0
    for i in range(n):
        try:
            s += math.sin(float('inf') if i % 50 == 49 else i * 0.5)
        except ValueError:
            s -= 1
        try:
            s += math.exp(700.0 + i % 20)
        except OverflowError:
            s += 2
    out.append(round(s, 6))
    return out
print(f(3000))
