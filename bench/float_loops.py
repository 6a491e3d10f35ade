# float_loops: floating-point arithmetic in plain loops.
# A mandelbrot-set escape-time count over a grid, a Simpson's-rule
# integral, and a Newton iteration.  Prints checksums.
import sys
import math

N = 440
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def mandel(n, max_iter):
    total = 0
    inside = 0
    y = 0
    while y < n:
        ci = 2.0 * y / n - 1.0
        x = 0
        while x < n:
            cr = 3.0 * x / n - 2.0
            zr = 0.0
            zi = 0.0
            it = 0
            while it < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                it += 1
            total += it
            if it == max_iter:
                inside += 1
            x += 1
        y += 1
    return total, inside


def f(x):
    return x * x * x - 2.0 * x + 1.0 / (1.0 + x * x)


def simpson(a, b, steps):
    h = (b - a) / steps
    s = f(a) + f(b)
    i = 1
    while i < steps:
        x = a + i * h
        if i % 2 == 1:
            s += 4.0 * f(x)
        else:
            s += 2.0 * f(x)
        i += 1
    return s * h / 3.0


def newton_sqrt_sum(n):
    total = 0.0
    for k in range(1, n):
        v = k * 0.37 + 1.0
        g = v
        for it in range(8):
            g = 0.5 * (g + v / g)
        total += g - math.sqrt(v) + g
    return total


def bench():
    report = []
    t, ins = mandel(N, 60)
    report.append("mandel %s %s" % (t, ins))
    report.append("simpson %.10f" % simpson(-2.0, 3.0, N * 5000))
    report.append("newton %.6f" % newton_sqrt_sum(N * 2200))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
