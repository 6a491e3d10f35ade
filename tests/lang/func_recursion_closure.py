def make_fact():
    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)
    return fact
print(make_fact()(20))

def walker():
    out = []
    def walk(node, depth):
        if isinstance(node, list):
            for c in node:
                walk(c, depth + 1)
        else:
            out.append((node, depth))
    walk([1, [2, [3, 4]], 5], 0)
    return out
print(walker())

def even_odd():
    def is_even(n):
        return True if n == 0 else is_odd(n - 1)
    def is_odd(n):
        return False if n == 0 else is_even(n - 1)
    return is_even, is_odd
e, o = even_odd()
print(e(10), o(7), e(7))

def ackermann():
    memo = {}
    def A(m, n):
        key = (m, n)
        if key in memo:
            return memo[key]
        if m == 0:
            r = n + 1
        elif n == 0:
            r = A(m - 1, 1)
        else:
            r = A(m - 1, A(m, n - 1))
        memo[key] = r
        return r
    return A
print(ackermann()(2, 3))
