# RecursionError comes at the recursion limit only, hot or not: the largest
# depth that works is the same before and after the code is compiled, for
# plain, mutual, method, generator and inlined-helper recursion, with the
# default limit and a lower one; the program catches the error, many
# times, and goes on with hot code.
import sys

def plain(n):
    return 0 if n == 0 else 1 + plain(n - 1)

def even(n):
    return 0 if n == 0 else 1 + odd(n - 1)

def odd(n):
    return 0 if n == 0 else 1 + even(n - 1)

class Node:
    def down(self, n):
        return 0 if n == 0 else 1 + self.down(n - 1)

def helper(n):
    return via_helper(n - 1)

def via_helper(n):
    return 0 if n == 0 else 1 + helper(n)

def looping(n, step=1):
    t = 0
    for i in range(3):
        t += i
    return 0 if n == 0 else 1 + looping(n - step, step=step)

def gen_rec(n):
    if n == 0:
        yield 0
        return
    for x in gen_rec(n - 1):
        yield x + 1

def works(f, n):
    try:
        return f(n) == n
    except RecursionError:
        return False

def max_depth(f):
    lo, hi = 0, 5000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if works(f, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo

def over_and_on(f, hot):
    # called at max_depth's depth: hot works, hot + 1 does not
    fails = 0
    for i in range(200):
        if not works(f, hot + 1):
            fails += 1
    return works(f, hot), fails, works(f, hot // 2)

shapes = [("plain", plain), ("mutual", even), ("method", Node().down), ("inlined helper", via_helper),
          ("residual", looping), ("generator", lambda n: next(gen_rec(n)))]
for limit in (1000, 400):
    sys.setrecursionlimit(limit)
    for name, f in shapes:
        cold = max_depth(f)
        for i in range(300):
            f(20)
        hot = max_depth(f)
        print(limit, name, cold == hot, over_and_on(f, hot))
