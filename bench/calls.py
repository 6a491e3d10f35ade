# calls: many small function calls with positional, keyword and default
# arguments, *args / **kwargs, and recursion (fib, ackermann-lite).
import sys

N = 28
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def add3(a, b, c):
    return a + b + c


def scaled(x, factor=3, offset=1):
    return x * factor + offset


def clamp(v, lo=0, hi=1000):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


def total_args(*args):
    s = 0
    for a in args:
        s += a
    return s


def count_kwargs(**kwargs):
    s = 0
    for k in kwargs:
        s += kwargs[k]
    return s + len(kwargs)


def mixed(a, b=2, *rest, **opts):
    return a + b + len(rest) + len(opts)


def tak(x, y, z):
    if y >= x:
        return z
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))


def ident(x):
    return x


def call_loop(n):
    acc = 0
    i = 0
    while i < n:
        acc += add3(i, 1, 2)
        acc += scaled(i)
        acc += scaled(i, 2)
        acc += scaled(i, offset=5)
        acc += scaled(x=i, factor=1, offset=0)
        acc += clamp(acc % 2000 - 500)
        acc += clamp(i, hi=50)
        acc += ident(ident(i))
        acc &= 0xFFFFFFF
        i += 1
    return acc


def varargs_loop(n):
    acc = 0
    for i in range(n):
        acc += total_args(i, 1, 2, 3)
        acc += count_kwargs(a=i, b=2)
        acc += mixed(i)
        acc += mixed(i, 3, 4, 5, flag=1)
        acc &= 0xFFFFFFF
    return acc


def bench():
    report = []
    report.append("fib %s" % (fib(N),))
    report.append("tak %s" % (tak(22, 14, 7),))
    report.append("calls %s" % (call_loop(N * 38000),))
    report.append("varargs %s" % (varargs_loop(N * 25000),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
