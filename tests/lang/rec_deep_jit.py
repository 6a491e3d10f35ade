# Deep recursion with the limit raised: 10**5 and 10**6 levels through
# plain, mutual, method, residual (a callee with a loop and a keyword),
# inlined-helper, five-argument and loop-wrapped recursive calls, each hot
# first. Compiled code calling itself (call_assembler, residual calls) must
# not run out of C stack where the interpreter, whose Python calls take
# none, does not: it leaves the deeper calls to the interpreter.
import sys
sys.setrecursionlimit(2100000)

def plain(n):
    return 0 if n == 0 else 1 + plain(n - 1)

def even(n):
    return 0 if n == 0 else 1 + odd(n - 1)

def odd(n):
    return 0 if n == 0 else 1 + even(n - 1)

class Node:
    def down(self, n):
        return 0 if n == 0 else 1 + self.down(n - 1)

def looping(n, step=1):
    t = 0
    for i in range(3):
        t += i
    return 0 if n == 0 else 1 + looping(n - step, step=step)

def helper(n):
    return via_helper(n - 1)

def via_helper(n):
    return 0 if n == 0 else 1 + helper(n)

def many(a, b, c, d, e, n):
    return 0 if n == 0 else 1 + many(a, b, c, d, e, n - 1)

def acc(n, total):
    for i in range(2):
        total += 1
    if n == 0:
        return total
    return acc(n - 1, total)

shapes = [("plain", plain), ("mutual", even), ("method", Node().down), ("residual", looping),
          ("inlined helper", via_helper), ("five args", lambda n: many(1, 2, 3, 4, 5, n)),
          ("loop around", lambda n: acc(n, 0))]
for name, f in shapes:
    for i in range(300):
        f(30)
    print(name, f(100000), f(1000000))
